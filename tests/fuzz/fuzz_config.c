/* SPDX-License-Identifier: Apache-2.0
 *
 * libFuzzer target for the configuration parsers. One input feeds three:
 *  - the whole input is an INI file for ttrt_config_load();
 *  - its first line (with its '\n', if any) goes to ttrt_parse_size();
 *  - every line holding '=' is split there into key and value for
 *    ttrt_config_set(), as fs/ does with -o key=value.
 * Whatever is accepted, the configuration must stay within its documented
 * bounds, and every refusal must come with an error message.
 */
#include "ttrt.h"
#include "fuzz_input.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static struct fuzz_file input;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* The default cache_dir comes from the environment: pin it. */
	unsetenv("XDG_CACHE_HOME");
	setenv("HOME", "/nonexistent", 1);
	return 0;
}

static int path_ok(const char *p, size_t cap)
{
	size_t n = strnlen(p, cap);

	return n < cap && n > 0 && p[0] == '/';
}

static void check_config(const struct ttrt_config *cfg)
{
	FUZZ_CHECK(cfg->backend == TTRT_BACKEND_SIM || cfg->backend == TTRT_BACKEND_KMD);
	FUZZ_CHECK(cfg->backend_explicit == 0 || cfg->backend_explicit == 1);
	FUZZ_CHECK(path_ok(cfg->device_path, sizeof(cfg->device_path)));
	FUZZ_CHECK(path_ok(cfg->cache_dir, sizeof(cfg->cache_dir)));
	FUZZ_CHECK(path_ok(cfg->firmware_dir, sizeof(cfg->firmware_dir)));
	FUZZ_CHECK(cfg->dram_bank_size >= (1ull << 20) && cfg->dram_bank_size <= (4ull << 30));
	FUZZ_CHECK(cfg->dram_bank_size % TTRT_DRAM_ALIGNMENT == 0);
	FUZZ_CHECK(cfg->timeout_ms >= 1 && cfg->timeout_ms <= 3600u * 1000u);
}

static void check_err(int rc, const char *err, size_t errlen)
{
	FUZZ_CHECK(memchr(err, '\0', errlen) != NULL);
	if (rc != 0) {
		FUZZ_CHECK(rc < 0);
		FUZZ_CHECK(err[0] != '\0');
	}
}

static void fuzz_parse_size(const uint8_t *data, size_t size)
{
	const uint8_t *nl = memchr(data, '\n', size);
	size_t len = nl ? (size_t)(nl - data) + 1 : size;
	char *text = malloc(len + 1);
	uint64_t v = 0xdeadbeef;
	int rc;

	if (!text)
		abort();
	memcpy(text, data, len);
	text[len] = '\0';
	rc = ttrt_parse_size(text, &v);
	FUZZ_CHECK(rc == 0 || rc == -EINVAL || rc == -ERANGE);
	if (rc != 0)
		FUZZ_CHECK(v == 0xdeadbeef);   /* untouched on failure */
	else
		FUZZ_CHECK(text[0] >= '0' && text[0] <= '9');
	free(text);
}

static void fuzz_config_set(const uint8_t *data, size_t size)
{
	struct ttrt_config cfg;
	char err[512];

	ttrt_config_defaults(&cfg);
	check_config(&cfg);
	while (size > 0) {
		const uint8_t *nl = memchr(data, '\n', size);
		size_t len = nl ? (size_t)(nl - data) : size;
		char *line = malloc(len + 1);
		char *eq;

		if (!line)
			abort();
		memcpy(line, data, len);
		line[len] = '\0';
		eq = strchr(line, '=');
		if (eq) {
			*eq = '\0';
			memset(err, 0, sizeof(err));
			int rc = ttrt_config_set(&cfg, line, eq + 1, err, sizeof(err));
			check_err(rc, err, sizeof(err));
			check_config(&cfg);
		}
		free(line);
		data += nl ? len + 1 : len;
		size -= nl ? len + 1 : len;
	}
}

static void fuzz_config_load(const uint8_t *data, size_t size)
{
	struct ttrt_config cfg;
	char err[512];
	int rc;

	fuzz_file_put(&input, "fuzz_config.ini", data, size);
	ttrt_config_defaults(&cfg);
	memset(err, 0, sizeof(err));
	rc = ttrt_config_load(&cfg, input.path, err, sizeof(err));
	check_err(rc, err, sizeof(err));
	FUZZ_CHECK(rc == 0 || rc == -EINVAL);   /* the file is always there */
	check_config(&cfg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_config_load(data, size);
	fuzz_parse_size(data, size);
	fuzz_config_set(data, size);
	return 0;
}
