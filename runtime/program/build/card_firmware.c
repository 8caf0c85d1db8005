/* SPDX-License-Identifier: Apache-2.0
 *
 * Building tt-metal's firmware (card_firmware.h). The build runs in a
 * directory of its own and is renamed into place only when all fifteen
 * steps worked, so the cache never holds half a firmware set.
 */
#include "program/build/card_firmware.h"
#include "program/build/build.h"
#include "program/build/cache.h"
#include "runtime_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The three argvs of RISC t (compile, link, weaken) for out_dir. */
static int step_argv(const struct card_paths *p, enum card_target t, int step, const char *out_dir,
		     struct card_argv *a)
{
	char fw[PATH_MAX], weak[PATH_MAX];

	if (step == 0)
		return card_firmware_compile_argv(p, &card_p100a, t, out_dir, a);
	if (step == 1)
		return card_firmware_link_argv(p, t, out_dir, a);
	snprintf(fw, sizeof(fw), "%s/%s.elf", out_dir, card_target_name(t));
	snprintf(weak, sizeof(weak), "%s/%s_weakened.elf", out_dir, card_target_name(t));
	return card_firmware_weaken_argv(p, fw, weak, a);
}

/* The toolchain's first --version line: a new compiler, new firmware. */
static int toolchain_version(const struct card_paths *p, char *buf, size_t n, char *err,
			     size_t errlen)
{
	char gxx[PATH_MAX], *log = NULL;
	char *argv[] = { gxx, "--version", NULL };
	size_t len = 0;
	int ret;

	snprintf(gxx, sizeof(gxx), "%s/compiler/bin/riscv-tt-elf-g++", p->sfpi_path);
	ret = build_run(argv, NULL, &log, &len);
	if (ret != 0 || !log) {
		ttrt_set_err(err, errlen, "%s --version: %s", gxx,
			     ret < 0 ? strerror(-ret) : "failed");
		free(log);
		return ret < 0 ? ret : -ENOEXEC;
	}
	log[strcspn(log, "\n")] = '\0';
	snprintf(buf, n, "%.*s", (int)n - 1, log);
	free(log);
	return 0;
}

static int firmware_key(const struct card_paths *p, const char *commit, uint64_t *key, char *err,
			size_t errlen)
{
	char version[BUILD_VERSION_MAX], d0[PATH_MAX], d1[PATH_MAX];
	const char *dirs[2] = { d0, d1 };
	struct cache_hash h;
	int ret = toolchain_version(p, version, sizeof(version), err, errlen);

	if (ret)
		return ret;
	cache_hash_init(&h);
	cache_hash_str(&h, "ttfs-card-firmware-1");
	cache_hash_str(&h, version);
	cache_hash_str(&h, commit ? commit : "");
	/* The firmware's sources and libraries, in case the tree was
	 * edited since its commit. */
	snprintf(d0, sizeof(d0), "%s/tt_metal/hw/firmware", p->tt_metal_home);
	snprintf(d1, sizeof(d1), "%s/runtime/hw", p->tt_metal_home);
	ret = cache_hash_tree(&h, dirs, 2);
	if (ret) {
		ttrt_set_err(err, errlen, "hashing %s and %s: %s", d0, d1, strerror(-ret));
		return ret;
	}
	for (int t = 0; t < CARD_NUM_TARGETS; t++) {
		for (int s = 0; s < 3; s++) {
			struct card_argv a = { 0 };

			ret = step_argv(p, (enum card_target)t, s, "@OUT@", &a);
			if (ret)
				return ret;
			for (int i = 0; i < a.argc; i++)
				cache_hash_str(&h, a.argv[i]);
			card_argv_free(&a);
		}
	}
	*key = h.h;
	return 0;
}

static int save_log(const char *path, const char *log, size_t len)
{
	FILE *f = fopen(path, "we");
	int ret = 0;

	if (!f)
		return -errno;
	if (len && fwrite(log, 1, len, f) != len)
		ret = -EIO;
	if (fclose(f) != 0 && !ret)
		ret = -errno;
	return ret;
}

/* Logs "$ argv" and runs it; its output follows in the log. */
static int run_logged(struct card_argv *a, char **log, size_t *len)
{
	build_log_argv(log, len, a->argv);
	build_count_run();
	return build_run(a->argv, NULL, log, len);
}

static int run_all(const struct card_paths *p, const char *dir, char **log, size_t *len,
		   char *what, size_t what_len)
{
	for (int t = 0; t < CARD_NUM_TARGETS; t++) {
		for (int s = 0; s < 3; s++) {
			struct card_argv a = { 0 };
			int ret = step_argv(p, (enum card_target)t, s, dir, &a);

			if (!ret)
				ret = run_logged(&a, log, len);
			card_argv_free(&a);
			if (ret) {
				snprintf(what, what_len, "%s %s: %s", card_target_name(t),
					 s == 0 ? "compile" : s == 1 ? "link" : "weaken",
					 ret < 0 ? strerror(-ret) : "exit status");
				return ret;
			}
		}
	}
	return 0;
}

int card_firmware_build(const struct card_paths *p, const char *commit, const char *cache_dir,
			struct card_fw_build *out, char *err, size_t errlen)
{
	char tmp[PATH_MAX], path[PATH_MAX + 32], what[128], first[512];
	char *log = NULL;
	size_t len = 0;
	struct stat st;
	int ret;

	memset(out, 0, sizeof(*out));
	ret = cache_make_dir(cache_dir);
	if (ret) {
		ttrt_set_err(err, errlen, "cache directory %s: %s", cache_dir, strerror(-ret));
		return ret;
	}
	ret = firmware_key(p, commit, &out->key, err, errlen);
	if (ret)
		return ret;
	if (snprintf(out->dir, sizeof(out->dir), "%s/card-fw-%016llx", cache_dir,
		     (unsigned long long)out->key) >= (int)sizeof(out->dir) - 32)
		return -ENAMETOOLONG;
	snprintf(path, sizeof(path), "%s/trisc2_weakened.elf", out->dir);
	if (stat(path, &st) == 0) {
		out->cache_hit = true;
		return 0;
	}
	snprintf(tmp, sizeof(tmp), "%s/tmp-fw-XXXXXX", cache_dir);
	if (!mkdtemp(tmp)) {
		ret = -errno;
		ttrt_set_err(err, errlen, "%s: %s", tmp, strerror(errno));
		return ret;
	}
	ret = run_all(p, tmp, &log, &len, what, sizeof(what));
	if (ret) {
		snprintf(path, sizeof(path), "%s.log", out->dir);
		(void)save_log(path, log, len);
		if (build_log_line(log, ": error:", first, sizeof(first)))
			snprintf(first, sizeof(first), "see the log");
		ttrt_set_err(err, errlen, "tt-metal's firmware did not build (%s): %s (log: %s)", what,
			     first, path);
		ret = ret < 0 ? ret : -ENOEXEC;
		goto out;
	}
	snprintf(path, sizeof(path), "%s/build.log", tmp);
	(void)save_log(path, log, len);
	/* Another daemon on the same cache may have won the race: its
	 * firmware is the same, keep it. */
	if (rename(tmp, out->dir) < 0 && errno != EEXIST && errno != ENOTEMPTY) {
		ret = -errno;
		ttrt_set_err(err, errlen, "%s: %s", out->dir, strerror(errno));
	}
out:
	build_remove_dir(tmp);
	free(log);
	return ret;
}
