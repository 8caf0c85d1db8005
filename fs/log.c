/* SPDX-License-Identifier: Apache-2.0 */
#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <syslog.h>

static int use_syslog;

void ttfs_log_to_syslog(void)
{
	openlog("ttfs", LOG_PID, LOG_DAEMON);
	use_syslog = 1;
}

void ttfs_log(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (use_syslog) {
		vsyslog(LOG_ERR, fmt, ap);
	} else {
		fputs("ttfs: ", stderr);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
	}
	va_end(ap);
}
