/* SPDX-License-Identifier: Apache-2.0 */
#ifndef TTFS_PROGRAM_BUILD_METAL2_H
#define TTFS_PROGRAM_BUILD_METAL2_H

#include "program/args/args.h"

#include <stddef.h>

/* tt-metal's Metal 2.0 kernels, as far as its public headers define them:
 * named args read with get_arg(args::NAME) from a generated
 * kernel_args_generated.h, the bindings of kernel_bindings_generated.h
 * (dfb::, sem::, tensor::, scratch::) and a TT_KERNEL entry whose kernel_main the
 * JIT writes. For one kernel:
 *  - header: the text of kernel_args_generated.h (the args section's
 *    dfb_names, semaphore_names, tensor_names and scratch_names as
 *    binding tokens, its
 *    arg_names, common_arg_names and named_compile_args, and
 *    get_vararg/get_common_vararg for the words after the names), when
 *    the kernel is a Metal 2.0 one: it names runtime args or bindings,
 *    or its source has TT_KERNEL. NULL otherwise (a legacy kernel's own
 *    `args` stays free). rk, the kernel's resolved args (NULL when it
 *    binds no tensor or scratchpad), says where tensor binding i's
 *    accessor words start among the compile-time args (tensor_cta) and
 *    each scratchpad's size; tensor i's address is common arg
 *    n_common_arg_names + i, scratchpad j's the one after the tensors'.
 *  - source: the source with kernel_main appended, calling the TT_KERNEL
 *    function with get_arg(args::...) of its template and function
 *    parameters; NULL when there is no TT_KERNEL.
 * A TT_KERNEL the build cannot call is -EIO with err "NAME.cpp:LINE: ..."
 * (several entries, not void, a parameter not uint32_t or unnamed, names
 * that are not the section's, scratch:: without scratch_names). 0, -EIO
 * or -ENOMEM (-EINVAL: bindings of buffers and no rk). */
#define METAL2_ARGS_FILE "kernel_args_generated.h"

struct metal2_kernel {
	char *header;
	size_t header_len;
	char *source;
	size_t source_len;
};

int metal2_prepare(const struct prog_kernel_args *k, const struct prog_resolved_kernel *rk,
		   const char *src, size_t len, struct metal2_kernel *out, char *err, size_t errlen);
void metal2_free(struct metal2_kernel *m);

#endif
