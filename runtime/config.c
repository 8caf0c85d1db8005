/* SPDX-License-Identifier: Apache-2.0
 *
 * Configuration: defaults, then an INI file (inih), then -o options. Every
 * source goes through ttrt_config_set so the rules live in one place.
 */
#include "ttrt.h"
#include "runtime_internal.h"

#include <errno.h>
#include <ini.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_DRAM_BANK_SIZE (4ull << 30)
#define MIN_DRAM_BANK_SIZE     (1ull << 20)
#define MAX_DRAM_BANK_SIZE     (4ull << 30)
#define DEFAULT_TIMEOUT_MS     5000u

static void default_cache_dir(char *out, size_t len)
{
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");

	if (xdg && *xdg)
		snprintf(out, len, "%s/ttfs", xdg);
	else if (home && *home)
		snprintf(out, len, "%s/.cache/ttfs", home);
	else
		snprintf(out, len, "/tmp/ttfs-cache-%u", (unsigned)getuid());
}

void ttrt_config_defaults(struct ttrt_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->backend = TTRT_BACKEND_SIM;
	snprintf(cfg->device_path, sizeof(cfg->device_path), "/dev/tenstorrent/0");
	cfg->dram_bank_size = DEFAULT_DRAM_BANK_SIZE;
	default_cache_dir(cfg->cache_dir, sizeof(cfg->cache_dir));
	cfg->timeout_ms = DEFAULT_TIMEOUT_MS;
	snprintf(cfg->firmware_dir, sizeof(cfg->firmware_dir), "%s", TTRT_DEFAULT_FIRMWARE_DIR);
}

int ttrt_parse_size(const char *text, uint64_t *out)
{
	char *end;
	uint64_t mult = 1;

	if (!text || *text < '0' || *text > '9')
		return -EINVAL;
	/* Decimal, or hex with 0x: a leading zero is not octal here. */
	int base = (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) ? 16 : 10;
	errno = 0;
	unsigned long long v = strtoull(text, &end, base);
	if (errno == ERANGE)
		return -ERANGE;
	if (errno)
		return -EINVAL;
	switch (*end) {
	case 'k': case 'K': mult = 1ull << 10; end++; break;
	case 'm': case 'M': mult = 1ull << 20; end++; break;
	case 'g': case 'G': mult = 1ull << 30; end++; break;
	default: break;
	}
	if (*end == '\n')
		end++;
	if (*end != '\0')
		return -EINVAL;
	if (v > UINT64_MAX / mult)
		return -ERANGE;
	*out = v * mult;
	return 0;
}

static int set_backend(struct ttrt_config *cfg, const char *value, char *err, size_t errlen)
{
	if (strcmp(value, "sim") == 0)
		cfg->backend = TTRT_BACKEND_SIM;
	else if (strcmp(value, "kmd") == 0)
		cfg->backend = TTRT_BACKEND_KMD;
	else {
		ttrt_set_err(err, errlen, "backend must be 'sim' or 'kmd', not '%s'", value);
		return -EINVAL;
	}
	cfg->backend_explicit = 1;
	return 0;
}

static int set_path(char *dst, size_t dstlen, const char *key, const char *value,
		    char *err, size_t errlen)
{
	if (*value != '/') {
		ttrt_set_err(err, errlen, "%s must be an absolute path, not '%s'", key, value);
		return -EINVAL;
	}
	if (strlen(value) >= dstlen) {
		ttrt_set_err(err, errlen, "%s is too long", key);
		return -ENAMETOOLONG;
	}
	snprintf(dst, dstlen, "%s", value);
	return 0;
}

static int set_dram_size(struct ttrt_config *cfg, const char *value, char *err, size_t errlen)
{
	uint64_t size;

	if (ttrt_parse_size(value, &size) != 0 || size < MIN_DRAM_BANK_SIZE ||
	    size > MAX_DRAM_BANK_SIZE || size % TTRT_DRAM_ALIGNMENT) {
		ttrt_set_err(err, errlen,
			     "dram_size must be a size per bank from 1M to 4G, a multiple of 64 (got '%s')",
			     value);
		return -EINVAL;
	}
	cfg->dram_bank_size = size;
	return 0;
}

static int set_timeout(struct ttrt_config *cfg, const char *value, char *err, size_t errlen)
{
	unsigned long ms = 0;
	char *end = NULL;

	if (*value >= '0' && *value <= '9') {
		errno = 0;
		ms = strtoul(value, &end, 10);
	}
	if (!end || *end != '\0' || errno || ms == 0 || ms > 3600ul * 1000ul) {
		ttrt_set_err(err, errlen, "timeout_ms must be 1..3600000, not '%s'", value);
		return -EINVAL;
	}
	cfg->timeout_ms = (uint32_t)ms;
	return 0;
}

int ttrt_config_set(struct ttrt_config *cfg, const char *key, const char *value,
		    char *err, size_t errlen)
{
	if (strcmp(key, "backend") == 0)
		return set_backend(cfg, value, err, errlen);
	if (strcmp(key, "device") == 0) {
		int rc = set_path(cfg->device_path, sizeof(cfg->device_path), key, value, err, errlen);
		/* Naming a device means "use the card" unless backend= says otherwise. */
		if (rc == 0 && !cfg->backend_explicit)
			cfg->backend = TTRT_BACKEND_KMD;
		return rc;
	}
	if (strcmp(key, "dram_size") == 0)
		return set_dram_size(cfg, value, err, errlen);
	if (strcmp(key, "cache_dir") == 0)
		return set_path(cfg->cache_dir, sizeof(cfg->cache_dir), key, value, err, errlen);
	if (strcmp(key, "timeout_ms") == 0)
		return set_timeout(cfg, value, err, errlen);
	if (strcmp(key, "firmware_dir") == 0)
		return set_path(cfg->firmware_dir, sizeof(cfg->firmware_dir), key, value, err, errlen);
	ttrt_set_err(err, errlen, "unknown option '%s'", key);
	return -EINVAL;
}

struct ini_ctx {
	struct ttrt_config *cfg;
	char reason[256];
};

static int on_ini_pair(void *user, const char *section, const char *key, const char *value)
{
	struct ini_ctx *ctx = user;
	char reason[sizeof(ctx->reason)] = "";
	int ok;

	if (*section && strcmp(section, "ttfs") != 0) {
		snprintf(reason, sizeof(reason), "unknown section [%s]", section);
		ok = 0;
	} else {
		ok = ttrt_config_set(ctx->cfg, key, value, reason, sizeof(reason)) == 0;
	}
	/* inih goes on after an error and reports the first line: keep its reason. */
	if (!ok && !ctx->reason[0])
		memcpy(ctx->reason, reason, sizeof(reason));
	return ok;
}

int ttrt_config_load(struct ttrt_config *cfg, const char *path, char *err, size_t errlen)
{
	struct ini_ctx ctx = { .cfg = cfg };
	int line = ini_parse(path, on_ini_pair, &ctx);

	if (line == 0)
		return 0;
	if (line < 0) {
		ttrt_set_err(err, errlen, "%s: cannot read config file", path);
		return -ENOENT;
	}
	ttrt_set_err(err, errlen, "%s:%d: %s", path, line,
		     ctx.reason[0] ? ctx.reason : "syntax error");
	return -EINVAL;
}
