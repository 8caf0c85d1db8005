/* SPDX-License-Identifier: Apache-2.0
 *
 * Where a tt-metal tree keeps the headers the ABI probe includes. tt-metal
 * moves them between versions: the Blackhole headers went from
 * tt_metal/hw/inc/blackhole/ to tt_metal/hw/inc/internal/tt-1xx/blackhole/,
 * dev_msgs.h into tt_metal/hw/inc/hostdev/, circular_buffer_constants.h
 * from tt_metal/hw/inc/ to tt_metal/api/tt-metalium/. Each is looked for
 * in every place a version ttfs knows keeps it, newest first; the profile
 * then lists the files the compiler read (derive_compile.c), so it says
 * where each value came from.
 */
#include "abi_internal.h"
#include "runtime_internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#define BH_NOW "tt_metal/hw/inc/internal/tt-1xx/blackhole"
#define BH_OLD "tt_metal/hw/inc/blackhole"

static const struct tree_file {
	const char *name;        /* as errors say it */
	const char *file;
	const char *dirs[4];     /* relative to the tree, newest layout first */
	const char *holds;       /* what the probe takes from it */
} tree_files[ABI_F_NUM] = {
	[ABI_F_MEM_MAP] = { "Blackhole dev_mem_map.h", "dev_mem_map.h", { BH_NOW, BH_OLD },
			    "the L1 map (MEM_*)" },
	[ABI_F_MSGS] = { "dev_msgs.h", "dev_msgs.h",
			 { "tt_metal/hw/inc/hostdev", "tt_metal/hw/inc" },
			 "the mailbox and launch message structures" },
	[ABI_F_CB] = { "circular_buffer_constants.h", "circular_buffer_constants.h",
		       { "tt_metal/api/tt-metalium", "tt_metal/hostdevcommon/api/hostdevcommon",
			 "tt_metal/hw/inc" },
		       "NUM_CIRCULAR_BUFFERS" },
	[ABI_F_STREAM] = { "Blackhole stream_io_map.h", "stream_io_map.h", { BH_NOW, BH_OLD },
			   "OPERAND_START_STREAM" },
	[ABI_F_OVERLAY] = { "Blackhole noc_overlay_parameters.h", "noc_overlay_parameters.h",
			    { BH_NOW "/noc", BH_OLD "/noc" },
			    "the overlay stream registers that stream_io_map.h uses" },
};

/* The order the files are looked for, which is the order of the errors:
 * a tree without a Blackhole dev_mem_map.h is no tt-metal tree at all. */
static const enum abi_tree_file search_order[ABI_F_NUM] = {
	ABI_F_MEM_MAP, ABI_F_MSGS, ABI_F_CB, ABI_F_STREAM, ABI_F_OVERLAY,
};

static int is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* "a/, b/ and c/" */
static void list_dirs(const struct tree_file *f, char *buf, size_t len)
{
	size_t n = 0, used = 0;

	while (n < 4 && f->dirs[n])
		n++;
	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s/",
					 i == 0 ? "" : i + 1 == n ? " and " : ", ", f->dirs[i]);
}

static int find_one(const char *home, enum abi_tree_file which, char *path, size_t len)
{
	const struct tree_file *f = &tree_files[which];

	for (size_t i = 0; i < 4 && f->dirs[i]; i++) {
		if (snprintf(path, len, "%s/%s/%s", home, f->dirs[i], f->file) >= (int)len)
			return -ENAMETOOLONG;
		if (is_file(path))
			return 0;
	}
	path[0] = '\0';
	return -ENOENT;
}

static int missing(const char *home, enum abi_tree_file which, const char *why, char *err,
		   size_t errlen)
{
	char dirs[512];

	list_dirs(&tree_files[which], dirs, sizeof(dirs));
	ttrt_set_err(err, errlen, "tt_metal_home %s: no %s (looked in %s), %s %s: %s", home,
		     tree_files[which].name, dirs, why, tree_files[which].holds, ABI_WHAT_TO_DO);
	return -ENOENT;
}

int abi_tree_find(const char *home, struct abi_tree *t, char *err, size_t errlen)
{
	for (int i = 0; i < ABI_F_NUM; i++) {
		enum abi_tree_file f = search_order[i];
		int rc = find_one(home, f, t->path[f], sizeof(t->path[f]));

		if (rc == -ENAMETOOLONG) {
			ttrt_set_err(err, errlen, "tt_metal_home %s: path too long", home);
			return rc;
		}
		if (rc == 0 || f == ABI_F_STREAM)
			continue;   /* the oldest trees number CB streams from 0 without it */
		if (f == ABI_F_OVERLAY && !t->path[ABI_F_STREAM][0])
			continue;   /* only stream_io_map.h needs it */
		return missing(home, f, f == ABI_F_OVERLAY ? "which has" : "which defines", err,
			       errlen);
	}
	return 0;
}
