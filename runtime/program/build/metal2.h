/* SPDX-License-Identifier: Apache-2.0 */
#ifndef TTFS_PROGRAM_BUILD_METAL2_H
#define TTFS_PROGRAM_BUILD_METAL2_H

#include "program/args/args.h"

#include <stddef.h>

/* tt-metal's Metal 2.0 kernels, as far as its public headers define them:
 * named args read with get_arg(args::NAME) from a generated
 * kernel_args_generated.h, the bindings of kernel_bindings_generated.h
 * (dfb::, sem::, tensor::) and a TT_KERNEL entry whose kernel_main the
 * JIT writes. For one kernel:
 *  - header: the text of kernel_args_generated.h (the args section's
 *    dfb_names, semaphore_names and tensor_names as binding tokens, its
 *    arg_names, common_arg_names and named_compile_args, and
 *    get_vararg/get_common_vararg for the words after the names), when
 *    the kernel is a Metal 2.0 one: it names runtime args or bindings,
 *    or its source has TT_KERNEL. NULL otherwise (a legacy kernel's own
 *    `args` stays free). tensor_cta[i] is where tensor binding i's
 *    accessor words start among the compile-time args (the resolved
 *    args' tensor_cta); its address is common arg
 *    n_common_arg_names + i.
 *  - source: the source with kernel_main appended, calling the TT_KERNEL
 *    function with get_arg(args::...) of its template and function
 *    parameters; NULL when there is no TT_KERNEL.
 * A TT_KERNEL the build cannot call is -EIO with err "NAME.cpp:LINE: ..."
 * (several entries, not void, a parameter not uint32_t or unnamed, names
 * that are not the section's, a scratch:: binding). 0, -EIO or -ENOMEM. */
#define METAL2_ARGS_FILE "kernel_args_generated.h"

struct metal2_kernel {
	char *header;
	size_t header_len;
	char *source;
	size_t source_len;
};

int metal2_prepare(const struct prog_kernel_args *k, const uint32_t *tensor_cta, const char *src,
		   size_t len, struct metal2_kernel *out, char *err, size_t errlen);
void metal2_free(struct metal2_kernel *m);

#endif
