/* SPDX-License-Identifier: Apache-2.0 */
#include "runtime_internal.h"

#include <stdio.h>

void ttrt_set_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || errlen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}
