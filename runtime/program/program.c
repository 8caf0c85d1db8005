/* SPDX-License-Identifier: Apache-2.0
 *
 * Programs (ttrt.h): placeholder entry points while the pipeline is wired
 * up; every call that would act answers -ENOSYS.
 */
#include "ttrt.h"

#include <errno.h>
#include <stdlib.h>

const char *const ttrt_kernel_file_names[TTRT_NUM_KERNELS] = {
	"reader.cpp", "writer.cpp", "compute.cpp",
};

const char *ttrt_program_state_name(enum ttrt_program_state state)
{
	static const char *const names[] = { "empty", "compiling", "ready", "running",
					     "done", "failed", "timeout" };
	return (unsigned)state < sizeof(names) / sizeof(names[0]) ? names[state] : "unknown";
}

int ttrt_program_new(struct ttrt_device *dev, const char *name, ttrt_buffer_lookup_fn lookup,
		     void *lookup_ctx, struct ttrt_program **out)
{
	(void)dev, (void)name, (void)lookup, (void)lookup_ctx, (void)out;
	return -ENOSYS;
}
