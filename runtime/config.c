/* SPDX-License-Identifier: Apache-2.0
 *
 * Configuration: defaults, then an INI file (inih), then -o options. Every
 * source goes through ttrt_config_set so the rules live in one place.
 */
#include "ttrt.h"
#include "runtime_internal.h"
#include "ttrt_abi.h"
#include "data_dirs.h"

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
#define DEFAULT_BUILD_TIMEOUT_MS 120000u   /* build_proc.h's BUILD_TIMEOUT_MS_DEFAULT */
#define MAX_TIMEOUT_MS         3600000ul

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
	cfg->build_timeout_ms = DEFAULT_BUILD_TIMEOUT_MS;
	snprintf(cfg->firmware_dir, sizeof(cfg->firmware_dir), "%s", ttrt_data_dirs()->firmware);
	snprintf(cfg->abi, sizeof(cfg->abi), "builtin");
	cfg->sanitize = 1;
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

int ttrt_noc_mode_parse(const char *text)
{
	if (strcmp(text, "instant") == 0)
		return TTRT_NOC_INSTANT;
	if (strcmp(text, "strict") == 0)
		return TTRT_NOC_STRICT;
	return -EINVAL;
}

static int set_noc(struct ttrt_config *cfg, const char *value, char *err, size_t errlen)
{
	int mode = ttrt_noc_mode_parse(value);

	if (mode < 0) {
		ttrt_set_err(err, errlen, "noc must be 'instant' or 'strict', not '%s'", value);
		return -EINVAL;
	}
	cfg->noc_mode = (enum ttrt_noc_mode)mode;
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

/* Plain decimal milliseconds, 1..MAX_TIMEOUT_MS. */
static int parse_ms(const char *key, const char *value, uint32_t *out, char *err, size_t errlen)
{
	unsigned long ms = 0;
	char *end = NULL;

	if (*value >= '0' && *value <= '9') {
		errno = 0;
		ms = strtoul(value, &end, 10);
	}
	if (!end || *end != '\0' || errno || ms == 0 || ms > MAX_TIMEOUT_MS) {
		ttrt_set_err(err, errlen, "%s must be 1..%lu, not '%s'", key, MAX_TIMEOUT_MS, value);
		return -EINVAL;
	}
	*out = (uint32_t)ms;
	return 0;
}

static int set_timeout(struct ttrt_config *cfg, const char *value, char *err, size_t errlen)
{
	return parse_ms("timeout_ms", value, &cfg->timeout_ms, err, errlen);
}

static int set_build_timeout(struct ttrt_config *cfg, const char *value, char *err,
			     size_t errlen)
{
	return parse_ms("build_timeout_ms", value, &cfg->build_timeout_ms, err, errlen);
}

static int set_sanitize(struct ttrt_config *cfg, const char *value, char *err, size_t errlen)
{
	if (strcmp(value, "on") && strcmp(value, "off")) {
		ttrt_set_err(err, errlen, "sanitize must be 'on' or 'off', not '%s'", value);
		return -EINVAL;
	}
	cfg->sanitize = !strcmp(value, "on");
	return 0;
}

static int set_device(struct ttrt_config *cfg, const char *value, char *err, size_t errlen)
{
	int rc = set_path(cfg->device_path, sizeof(cfg->device_path), "device", value, err, errlen);

	/* Naming a device means "use the card" unless backend= says otherwise. */
	if (rc == 0 && !cfg->backend_explicit)
		cfg->backend = TTRT_BACKEND_KMD;
	return rc;
}

static int set_cache_dir(struct ttrt_config *cfg, const char *value, char *err, size_t errlen)
{
	return set_path(cfg->cache_dir, sizeof(cfg->cache_dir), "cache_dir", value, err, errlen);
}

static int set_firmware_dir(struct ttrt_config *cfg, const char *value, char *err, size_t errlen)
{
	return set_path(cfg->firmware_dir, sizeof(cfg->firmware_dir), "firmware_dir", value, err,
			errlen);
}

static int set_tt_metal_home(struct ttrt_config *cfg, const char *value, char *err,
			     size_t errlen)
{
	return set_path(cfg->tt_metal_home, sizeof(cfg->tt_metal_home), "tt_metal_home", value,
			err, errlen);
}

static int set_sfpi_path(struct ttrt_config *cfg, const char *value, char *err, size_t errlen)
{
	return set_path(cfg->sfpi_path, sizeof(cfg->sfpi_path), "sfpi_path", value, err, errlen);
}

/* builtin, derived (from tt_metal_home), the name of a profile ttfs ships
 * (kept as its file's path), or a saved profile's path. */
static int set_abi(struct ttrt_config *cfg, const char *value, char *err, size_t errlen)
{
	char path[TTRT_PATH_MAX];
	int rc;

	if (strcmp(value, "builtin") == 0 || strcmp(value, "derived") == 0) {
		snprintf(cfg->abi, sizeof(cfg->abi), "%s", value);
		return 0;
	}
	if (ttrt_abi_is_saved_name(value)) {
		rc = ttrt_abi_saved_path(value, path, sizeof(path), err, errlen);
		return rc ? rc : set_path(cfg->abi, sizeof(cfg->abi), "abi", path, err, errlen);
	}
	if (*value != '/') {
		ttrt_set_err(err, errlen,
			     "abi must be 'builtin', 'derived', the name of a saved profile or the absolute path of one, not '%s'",
			     value);
		return -EINVAL;
	}
	return set_path(cfg->abi, sizeof(cfg->abi), "abi", value, err, errlen);
}

static const struct {
	const char *name;
	int (*set)(struct ttrt_config *cfg, const char *value, char *err, size_t errlen);
} config_keys[TTRT_CFG_NUM_KEYS] = {
	[TTRT_CFG_BACKEND] = { "backend", set_backend },
	[TTRT_CFG_DEVICE] = { "device", set_device },
	[TTRT_CFG_DRAM_SIZE] = { "dram_size", set_dram_size },
	[TTRT_CFG_CACHE_DIR] = { "cache_dir", set_cache_dir },
	[TTRT_CFG_TIMEOUT_MS] = { "timeout_ms", set_timeout },
	[TTRT_CFG_FIRMWARE_DIR] = { "firmware_dir", set_firmware_dir },
	[TTRT_CFG_TT_METAL_HOME] = { "tt_metal_home", set_tt_metal_home },
	[TTRT_CFG_ABI] = { "abi", set_abi },
	[TTRT_CFG_SFPI_PATH] = { "sfpi_path", set_sfpi_path },
	[TTRT_CFG_BUILD_TIMEOUT_MS] = { "build_timeout_ms", set_build_timeout },
	[TTRT_CFG_NOC] = { "noc", set_noc },
	[TTRT_CFG_SANITIZE] = { "sanitize", set_sanitize },
};

/* Sets key and remembers where the value came from. */
static int config_set_from(struct ttrt_config *cfg, const char *key, const char *value, int origin,
			   char *err, size_t errlen)
{
	for (int k = 0; k < TTRT_CFG_NUM_KEYS; k++) {
		int rc;
		if (strcmp(key, config_keys[k].name) != 0)
			continue;
		rc = config_keys[k].set(cfg, value, err, errlen);
		if (rc == 0)
			cfg->origin_line[k] = origin;
		return rc;
	}
	ttrt_set_err(err, errlen, "unknown option '%s'", key);
	return -EINVAL;
}

int ttrt_config_set(struct ttrt_config *cfg, const char *key, const char *value,
		    char *err, size_t errlen)
{
	return config_set_from(cfg, key, value, TTRT_CFG_FROM_CALLER, err, errlen);
}

void ttrt_config_origin(const struct ttrt_config *cfg, enum ttrt_config_key key, char *buf,
			size_t len)
{
	const char *name = (unsigned)key < TTRT_CFG_NUM_KEYS ? config_keys[key].name : "?";
	int line = (unsigned)key < TTRT_CFG_NUM_KEYS ? cfg->origin_line[key] : 0;

	if (line == TTRT_CFG_FROM_CALLER)
		snprintf(buf, len, "-o %s", name);
	else if (line > 0)
		snprintf(buf, len, "%s at %s:%d", name, cfg->config_file, line);
	else
		snprintf(buf, len, "the default %s", name);
}

/* inih reports the line of the first failing key; sections it does not
 * report at all (it calls back only for keys). Reading the file through
 * our own line reader lets us see each [section] header as inih reads it,
 * so an unknown section is an error at its own line, keys or not. */
struct ini_ctx {
	struct ttrt_config *cfg;
	FILE *file;
	int line;                  /* lines handed to inih so far */
	int error_line;            /* first error, 0 if none */
	char reason[256];
};

static void ini_error(struct ini_ctx *ctx, const char *reason)
{
	if (ctx->error_line)
		return;   /* the first error is the one to fix first */
	ctx->error_line = ctx->line;
	snprintf(ctx->reason, sizeof(ctx->reason), "%s", reason);
}

/* A "[name]" line other than [ttfs] is an error. */
static void check_section_line(struct ini_ctx *ctx, const char *text)
{
	char reason[sizeof(ctx->reason)];
	const char *end;

	while (*text == ' ' || *text == '\t')
		text++;
	if (*text != '[')
		return;
	end = strchr(text, ']');
	if (!end)
		return;   /* inih reports the syntax error itself */
	if (end - text - 1 == 4 && strncmp(text + 1, "ttfs", 4) == 0)
		return;
	snprintf(reason, sizeof(reason), "unknown section [%.*s]", (int)(end - text - 1), text + 1);
	ini_error(ctx, reason);
}

static char *ini_read_line(char *str, int num, void *stream)
{
	struct ini_ctx *ctx = stream;
	char *line = fgets(str, num, ctx->file);

	if (line) {
		ctx->line++;
		check_section_line(ctx, line);
	}
	return line;
}

static int on_ini_pair(void *user, const char *section, const char *key, const char *value)
{
	struct ini_ctx *ctx = user;
	char reason[sizeof(ctx->reason)] = "";

	if (*section && strcmp(section, "ttfs") != 0)
		return 1;   /* reported at the section's line */
	if (config_set_from(ctx->cfg, key, value, ctx->line, reason, sizeof(reason)) == 0)
		return 1;
	ini_error(ctx, reason);
	return 0;
}

int ttrt_config_load(struct ttrt_config *cfg, const char *path, char *err, size_t errlen)
{
	struct ini_ctx ctx = { .cfg = cfg };
	int line;

	if (strlen(path) >= sizeof(cfg->config_file)) {
		ttrt_set_err(err, errlen, "config file path is too long");
		return -ENAMETOOLONG;
	}
	ctx.file = fopen(path, "re");
	if (!ctx.file) {
		ttrt_set_err(err, errlen, "%s: cannot read config file: %s", path, strerror(errno));
		return -ENOENT;
	}
	snprintf(cfg->config_file, sizeof(cfg->config_file), "%s", path);
	/* The handler and the reader share ctx: inih passes one pointer to each. */
	line = ini_parse_stream(ini_read_line, &ctx, on_ini_pair, &ctx);
	fclose(ctx.file);
	if (line > 0 && (!ctx.error_line || line < ctx.error_line)) {
		/* A line inih could not parse, before any error of ours. */
		ctx.error_line = line;
		snprintf(ctx.reason, sizeof(ctx.reason), "syntax error");
	}
	if (!ctx.error_line)
		return 0;
	ttrt_set_err(err, errlen, "%s:%d: %s", path, ctx.error_line, ctx.reason);
	return -EINVAL;
}
