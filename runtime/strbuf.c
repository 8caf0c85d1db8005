/* SPDX-License-Identifier: Apache-2.0 */
#include "strbuf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int reserve(struct strbuf *sb, size_t extra)
{
	size_t want = sb->len + extra + 1, cap = sb->cap ? sb->cap : 256;
	char *p;

	if (want <= sb->cap)
		return 0;
	while (cap < want)
		cap *= 2;
	p = realloc(sb->data, cap);
	if (!p)
		return -ENOMEM;
	sb->data = p;
	sb->cap = cap;
	return 0;
}

void strbuf_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (sb->failed)
		return;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || reserve(sb, (size_t)n)) {
		sb->failed = 1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

int strbuf_finish(struct strbuf *sb, char **out, size_t *len)
{
	if (!sb->failed && reserve(sb, 0) == 0) {
		sb->data[sb->len] = '\0';
		*out = sb->data;
		*len = sb->len;
		return 0;
	}
	free(sb->data);
	sb->data = NULL;
	return -ENOMEM;
}
