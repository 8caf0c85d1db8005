/* SPDX-License-Identifier: Apache-2.0
 *
 * A process started without an environment of its own (build_run: a
 * card's firmware build, the ABI probe's compile) gets the daemon's in
 * the C locale: LC_ALL=C, and none of the daemon's LANG, LANGUAGE or
 * LC_*, so that the compiler's messages are the English words
 * build_diagnostic.c and derive_explain.c look for, however the daemon
 * was started. The rest of the environment (PATH, the user's own
 * variables) is passed on.
 */
#include "program/build/build.h"

#include "../check.h"

#include <stdlib.h>
#include <string.h>

/* The line "NAME=..." of env's output, or NULL. */
static const char *var_line(const char *out, const char *name)
{
	size_t n = strlen(name);

	for (const char *l = out; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
		if (!strncmp(l, name, n) && l[n] == '=')
			return l;
	return NULL;
}

static bool var_is(const char *out, const char *name, const char *value)
{
	const char *l = var_line(out, name);
	size_t n = strlen(name), v = strlen(value);

	return l && !strncmp(l + n + 1, value, v) && (l[n + 1 + v] == '\n' || !l[n + 1 + v]);
}

int main(void)
{
	char *argv[] = { "env", NULL };
	char *log = NULL;
	size_t len = 0;

	setenv("LANG", "de_DE.UTF-8", 1);
	setenv("LANGUAGE", "de:en", 1);
	setenv("LC_MESSAGES", "de_DE.UTF-8", 1);
	setenv("LC_ALL", "de_DE.UTF-8", 1);
	setenv("TTFS_TEST_KEPT", "yes", 1);
	CHECK_EQ(build_run(argv, NULL, &log, &len), 0);
	REQUIRE(log, "env printed nothing");
	CHECK(var_is(log, "LC_ALL", "C"), "LC_ALL=C; env: %s", log);
	CHECK(!var_line(log, "LANG"), "no LANG; env: %s", log);
	CHECK(!var_line(log, "LANGUAGE"), "no LANGUAGE; env: %s", log);
	CHECK(!var_line(log, "LC_MESSAGES"), "no LC_MESSAGES; env: %s", log);
	CHECK(var_is(log, "TTFS_TEST_KEPT", "yes"), "the rest is kept; env: %s", log);
	CHECK(var_line(log, "PATH"), "PATH is kept; env: %s", log);
	free(log);
	return check_exit("test_build_locale");
}
