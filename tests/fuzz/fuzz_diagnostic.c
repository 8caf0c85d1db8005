/* SPDX-License-Identifier: Apache-2.0
 *
 * libFuzzer target for a failed build's first error
 * (build_find_first_error, runtime/program/build/build_diagnostic.c): the input
 * is a compiler's log, which quotes the user's source. Whatever it holds,
 * the answer is one line that fits error_text, a file name that fits
 * error_file, a line only with a file, and the same answer twice.
 */
#include "program/build/build.h"
#include "fuzz_input.h"

#include <string.h>

static void find(const struct build_env *env, char *log, struct build_result *r)
{
	memset(r, 0, sizeof(*r));
	r->log = log;
	build_find_first_error(env, "writer.cpp", r);
	r->log = NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct build_env env;
	struct build_result a, b;
	char *log = malloc(size + 1);

	if (!log)
		return 0;
	memcpy(log, data, size);
	log[size] = '\0';
	if (!env.sdk_dir[0]) {
		strcpy(env.sdk_dir, "/home/builder/ttfs/runtime/kernel");
		strcpy(env.include_dir, "/home/builder/ttfs/runtime/include");
		strcpy(env.cache_dir, "/home/builder/.cache/ttfs");
		strcpy(env.tt_metal_home, "/opt/tt-metal");
		strcpy(env.sfpi_path, "/opt/sfpi");
		env.card = true;
	}
	find(&env, log, &a);
	find(&env, log, &b);
	FUZZ_CHECK(memchr(a.error_text, '\0', sizeof(a.error_text)) != NULL);
	FUZZ_CHECK(memchr(a.error_file, '\0', sizeof(a.error_file)) != NULL);
	FUZZ_CHECK(!strchr(a.error_text, '\n'));
	FUZZ_CHECK(a.error_line >= 0);
	FUZZ_CHECK(!a.error_line || a.error_file[0]);
	FUZZ_CHECK(a.error_text[0] || !a.error_file[0]);
	FUZZ_CHECK(!strcmp(a.error_text, b.error_text) && !strcmp(a.error_file, b.error_file) &&
		   a.error_line == b.error_line);
	free(log);
	return 0;
}
