/* SPDX-License-Identifier: Apache-2.0
 *
 * What the program API tests share: a program's status text, and
 * whether it has a line (or any text).
 */
#ifndef TTFS_PROGRAM_STATUS_UTIL_H
#define TTFS_PROGRAM_STATUS_UTIL_H

#include "../check.h"
#include "ttrt.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The status text (caller frees); exits the test if it cannot be had. */
static inline char *status(struct ttrt_program *p)
{
	char *text = NULL;
	size_t len = 0;

	REQUIRE(ttrt_program_render_status(p, &text, &len) == 0, "status");
	return text;
}

/* The status holds want; if not, says so with the status. */
static inline bool status_has(struct ttrt_program *p, const char *want)
{
	char *s = status(p);
	bool ok = strstr(s, want) != NULL;

	if (!ok)
		fprintf(stderr, "status lacks '%s':\n%s", want, s);
	free(s);
	return ok;
}

#endif
