/* SPDX-License-Identifier: Apache-2.0
 *
 * A growable string for rendering text views. Allocation failure is sticky:
 * the first failed append marks the buffer and strbuf_finish reports it.
 */
#ifndef TTRT_STRBUF_H
#define TTRT_STRBUF_H

#include <stddef.h>

struct strbuf {
	char *data;
	size_t len, cap;
	int failed;
};

void strbuf_printf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Hands the text to the caller (NUL-terminated) or returns -ENOMEM. */
int strbuf_finish(struct strbuf *sb, char **out, size_t *len);

#endif
