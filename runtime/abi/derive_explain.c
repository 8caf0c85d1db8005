/* SPDX-License-Identifier: Apache-2.0
 *
 * A failed probe compile in one sentence: the compiler's first error with
 * the tree's paths made relative, said as the file, what it lacks and
 * what to do. The commonest failures are headers that are not there: a
 * C++ library header the compiler has none of (Debian's bare-metal g++
 * with a header ttfs has no freestanding copy of), or a header of the
 * tree itself (a partial checkout).
 */
#include "abi_internal.h"

#include <stdio.h>
#include <string.h>

#define NOT_FOUND ": No such file or directory"

/* line with every "home/" removed, into buf */
static void relative(const char *home, const char *line, size_t n, char *buf, size_t len)
{
	size_t hl = strlen(home), used = 0;

	for (size_t i = 0; i < n && used + 1 < len;) {
		if (hl && i + hl < n && strncmp(line + i, home, hl) == 0 && line[i + hl] == '/') {
			i += hl + 1;
			continue;
		}
		buf[used++] = line[i++];
	}
	buf[used] = '\0';
}

/* The first line of log holding an error, relative to home. */
static int first_error(const char *home, const char *log, char *buf, size_t len)
{
	const char *fatal = log ? strstr(log, ": fatal error: ") : NULL;
	const char *error = log ? strstr(log, ": error: ") : NULL;
	const char *at = fatal && (!error || fatal < error) ? fatal : error, *start, *end;

	if (!at)
		return -1;
	start = at;
	while (start > log && start[-1] != '\n')
		start--;
	end = strchr(at, '\n');
	relative(home, start, end ? (size_t)(end - start) : strlen(start), buf, len);
	return 0;
}

void abi_explain_compile_error(const char *home, const char *compiler, const char *log,
			       char *why, size_t len)
{
	char line[768], where[512], name[256];
	const char *fatal, *colon;

	if (first_error(home, log, line, sizeof(line))) {
		snprintf(why, len, "%s failed without an error message", compiler);
		return;
	}
	fatal = strstr(line, ": fatal error: ");
	colon = fatal ? strstr(fatal + 15, NOT_FOUND) : NULL;
	if (!colon) {
		snprintf(why, len,
			 "%s; these headers need more than tt-metal's firmware build gives them here: use the saved profile of a checked version (-o abi=tt-metal-2f3626c4, docs/abi.md)",
			 line);
		return;
	}
	/* "<file>:<line>:<col>: fatal error: <name>: No such file or directory" */
	snprintf(name, sizeof(name), "%.*s", (int)(colon - (fatal + 15)), fatal + 15);
	snprintf(where, sizeof(where), "%.*s", (int)(fatal - line), line);
	if (strrchr(where, ':'))
		*strrchr(where, ':') = '\0';   /* file:line, without the column */
	if (!strchr(name, '.') && !strchr(name, '/'))
		snprintf(why, len,
			 "%s includes <%s>, a C++ library header that %s does not have and ttfs has no freestanding copy of: set sfpi_path to the SFPI toolchain (its C++ library has one), or install g++",
			 where, name, compiler);
	else
		snprintf(why, len, "%s includes %s, which the tree does not have: %s", where, name,
			 ABI_WHAT_TO_DO);
}
