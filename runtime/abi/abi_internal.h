/* SPDX-License-Identifier: Apache-2.0
 *
 * Between the files of runtime/abi that derive a profile: where the tree
 * keeps the headers (derive_tree.c), the probe's source (probe_source.c),
 * its compile (derive_compile.c) and the reading of its object (derive.c).
 */
#ifndef TTRT_ABI_INTERNAL_H
#define TTRT_ABI_INTERNAL_H

#include "ttrt.h"
#include "ttrt_abi.h"

#include <stddef.h>

/* The tree's headers the probe includes itself, in the order tt-metal's
 * BRISC firmware includes them (brisc.cc): stream_io_map.h does not
 * compile without noc_overlay_parameters.h before it. dev_msgs.h pulls in
 * the rest (core_config.h, dev_mem_map.h, the hostdevcommon headers ...)
 * through tt-metal's include paths. */
enum abi_tree_file {
	ABI_F_OVERLAY,    /* noc_overlay_parameters.h: stream register macros */
	ABI_F_STREAM,     /* stream_io_map.h: OPERAND_START_STREAM (optional) */
	ABI_F_MSGS,       /* dev_msgs.h: mailboxes_t, launch_msg_t, go_msg_t */
	ABI_F_MEM_MAP,    /* dev_mem_map.h: MEM_* */
	ABI_F_CB,         /* circular_buffer_constants.h: NUM_CIRCULAR_BUFFERS */
	ABI_F_NUM
};

struct abi_tree {
	char path[ABI_F_NUM][TTRT_PATH_MAX];   /* home/relative path, "" when absent */
};

/* Finds each header where the tree keeps it (the newest layout first):
 * 0, or -ENOENT with err naming the missing file, where it was looked
 * for, what it holds and what to do. */
int abi_tree_find(const char *home, struct abi_tree *t, char *err, size_t errlen);

/* What to do when a tree cannot give a profile: the end of such errors. */
#define ABI_WHAT_TO_DO                                                                    \
	"point tt_metal_home at a whole tt-metal checkout, or use the saved profile of a " \
	"checked version (-o abi=tt-metal-2f3626c4, docs/abi.md)"

/* The probe's C++ source. has_stream_map: the tree has stream_io_map.h,
 * so its OPERAND_START_STREAM must be found (otherwise CB streams are
 * numbered from 0, as in the oldest trees). Caller frees. */
int abi_probe_source(int has_stream_map, char **out, size_t *len);

/* Compiles dir/probe.cc into dir/probe.o against the tree (see
 * ttrt_abi_derive for the compiler's choice), filling out->compiler and
 * out->files. A compiler's output that is an error is kept in log_path
 * and explained in err. 0, -ENOEXEC or -errno. */
int abi_probe_compile(const char *home, const char *sfpi_path, const struct abi_tree *t,
		      const char *dir, const char *log_path, struct ttrt_abi *out, char *err,
		      size_t errlen);

/* The compiler's first error as a sentence naming the file (relative to
 * home), what it lacks and what to do. */
void abi_explain_compile_error(const char *home, const char *compiler, const char *log,
			       char *why, size_t len);

#endif
