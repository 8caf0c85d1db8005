/* SPDX-License-Identifier: Apache-2.0
 *
 * Configuration: defaults, ttrt_config_set, ttrt_parse_size and INI files
 * (written to temporary files here).
 */
#include "check.h"
#include "ttrt.h"

#include <stdarg.h>
#include <string.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/ttfs-unit-config-XXXXXX";

/* Writes text to a fresh file in tmpdir and returns its path (static). */
static const char *write_ini(const char *name, const char *text)
{
	static char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	f = fopen(path, "w");
	REQUIRE(f != NULL, "cannot create %s", path);
	fputs(text, f);
	fclose(f);
	return path;
}

static void test_defaults(void)
{
	struct ttrt_config cfg;

	memset(&cfg, 0x5A, sizeof(cfg));
	setenv("XDG_CACHE_HOME", "/xdg/cache", 1);
	ttrt_config_defaults(&cfg);
	CHECK_EQ(cfg.backend, TTRT_BACKEND_SIM);
	CHECK_EQ(cfg.backend_explicit, 0);
	CHECK(strcmp(cfg.device_path, "/dev/tenstorrent/0") == 0, "device %s", cfg.device_path);
	CHECK_EQ(cfg.dram_bank_size, 4ull << 30);
	CHECK_EQ(cfg.timeout_ms, 5000);
	CHECK_EQ(cfg.build_timeout_ms, 120000);
	CHECK_EQ(cfg.noc_mode, TTRT_NOC_INSTANT);
	CHECK_EQ(cfg.sanitize, 1);
	CHECK(strcmp(cfg.cache_dir, "/xdg/cache/ttfs") == 0, "cache_dir %s", cfg.cache_dir);
	unsetenv("XDG_CACHE_HOME");
	setenv("HOME", "/home/someone", 1);
	ttrt_config_defaults(&cfg);
	CHECK(strcmp(cfg.cache_dir, "/home/someone/.cache/ttfs") == 0, "cache_dir %s",
	      cfg.cache_dir);
}

static void test_parse_size(void)
{
	static const struct {
		const char *text;
		int rc;
		uint64_t value;
	} cases[] = {
		{ "0", 0, 0 },
		{ "4096", 0, 4096 },
		{ "4096\n", 0, 4096 },
		{ "0x1000", 0, 4096 },
		{ "010", 0, 10 },                              /* decimal, not octal */
		{ "0100K", 0, 100 << 10 },
		{ "0X1000", 0, 4096 },
		{ "64K", 0, 65536 },
		{ "64k", 0, 65536 },
		{ "512M", 0, 512ull << 20 },
		{ "512m\n", 0, 512ull << 20 },
		{ "4G", 0, 4ull << 30 },
		{ "4g", 0, 4ull << 30 },
		{ "0x10K", 0, 16 << 10 },
		{ "18446744073709551615", 0, UINT64_MAX },
		{ "17179869183G", 0, 17179869183ull << 30 },   /* 2^34 - 1 G fits */
		{ "17179869184G", -ERANGE, 0 },                /* 2^34 G = 2^64 */
		{ "18446744073709551616", -ERANGE, 0 },        /* does not fit strtoull */
		{ "99999999999999999999K", -ERANGE, 0 },
		{ "18014398509481984K", -ERANGE, 0 },            /* 2^54 K = 2^64 */
		{ "", -EINVAL, 0 },
		{ "abc", -EINVAL, 0 },
		{ "-1", -EINVAL, 0 },
		{ "+1", -EINVAL, 0 },
		{ " 1", -EINVAL, 0 },
		{ "1 ", -EINVAL, 0 },
		{ "1KB", -EINVAL, 0 },
		{ "1T", -EINVAL, 0 },
		{ "1.5K", -EINVAL, 0 },
		{ "4096\n\n", -EINVAL, 0 },
		{ "12abc", -EINVAL, 0 },
		{ "0x", -EINVAL, 0 },
		{ "K", -EINVAL, 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t v = 0xDEADBEEF;
		int rc = ttrt_parse_size(cases[i].text, &v);
		CHECK(rc == cases[i].rc, "parse_size(\"%s\") = %d, want %d", cases[i].text, rc,
		      cases[i].rc);
		if (cases[i].rc == 0)
			CHECK(v == cases[i].value, "parse_size(\"%s\") -> %llu, want %llu",
			      cases[i].text, (unsigned long long)v,
			      (unsigned long long)cases[i].value);
		else
			CHECK(v == 0xDEADBEEF, "parse_size(\"%s\") wrote the output on failure",
			      cases[i].text);
	}
	uint64_t v;
	CHECK_EQ(ttrt_parse_size(NULL, &v), -EINVAL);
}

static void test_set(void)
{
	struct ttrt_config cfg;
	char err[256];

	ttrt_config_defaults(&cfg);
	CHECK_EQ(ttrt_config_set(&cfg, "dram_size", "64M", err, sizeof(err)), 0);
	CHECK_EQ(cfg.dram_bank_size, 64ull << 20);
	CHECK_EQ(ttrt_config_set(&cfg, "dram_size", "1M", err, sizeof(err)), 0);
	CHECK_EQ(cfg.dram_bank_size, 1ull << 20);
	CHECK_EQ(ttrt_config_set(&cfg, "dram_size", "4G", err, sizeof(err)), 0);
	CHECK_EQ(cfg.dram_bank_size, 4ull << 30);
	CHECK_EQ(ttrt_config_set(&cfg, "dram_size", "0x100000", err, sizeof(err)), 0);
	CHECK_EQ(cfg.dram_bank_size, 1ull << 20);
	static const char *bad_sizes[] = { "abc", "0", "1023K", "5G", "4294967360", "1048577",
					   "", "-64M", "64MB" };
	for (size_t i = 0; i < sizeof(bad_sizes) / sizeof(bad_sizes[0]); i++) {
		err[0] = '\0';
		CHECK(ttrt_config_set(&cfg, "dram_size", bad_sizes[i], err, sizeof(err)) == -EINVAL,
		      "dram_size=%s accepted", bad_sizes[i]);
		CHECK(strstr(err, "dram_size") != NULL, "err for dram_size=%s: '%s'", bad_sizes[i],
		      err);
		CHECK_EQ(cfg.dram_bank_size, 1ull << 20);   /* unchanged */
	}

	CHECK_EQ(ttrt_config_set(&cfg, "timeout_ms", "250", err, sizeof(err)), 0);
	CHECK_EQ(cfg.timeout_ms, 250);
	CHECK_EQ(ttrt_config_set(&cfg, "timeout_ms", "3600000", err, sizeof(err)), 0);
	CHECK_EQ(cfg.timeout_ms, 3600000);
	CHECK_EQ(ttrt_config_set(&cfg, "timeout_ms", "0", err, sizeof(err)), -EINVAL);
	CHECK_EQ(ttrt_config_set(&cfg, "timeout_ms", "3600001", err, sizeof(err)), -EINVAL);
	CHECK_EQ(ttrt_config_set(&cfg, "timeout_ms", "soon", err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "timeout_ms") != NULL, "err '%s'", err);
	CHECK_EQ(cfg.timeout_ms, 3600000);

	CHECK_EQ(ttrt_config_set(&cfg, "build_timeout_ms", "1500", err, sizeof(err)), 0);
	CHECK_EQ(cfg.build_timeout_ms, 1500);
	CHECK_EQ(cfg.timeout_ms, 3600000);   /* a key of its own */
	CHECK_EQ(ttrt_config_set(&cfg, "build_timeout_ms", "0", err, sizeof(err)), -EINVAL);
	CHECK(strcmp(err, "build_timeout_ms must be 1..3600000, not '0'") == 0, "err '%s'", err);
	CHECK_EQ(ttrt_config_set(&cfg, "build_timeout_ms", "3600001", err, sizeof(err)), -EINVAL);
	CHECK_EQ(cfg.build_timeout_ms, 1500);

	CHECK_EQ(ttrt_config_set(&cfg, "noc", "strict", err, sizeof(err)), 0);
	CHECK_EQ(cfg.noc_mode, TTRT_NOC_STRICT);
	CHECK_EQ(ttrt_config_set(&cfg, "noc", "lazy", err, sizeof(err)), -EINVAL);
	CHECK(strcmp(err, "noc must be 'instant' or 'strict', not 'lazy'") == 0, "err '%s'", err);
	CHECK_EQ(cfg.noc_mode, TTRT_NOC_STRICT);
	CHECK_EQ(ttrt_config_set(&cfg, "noc", "instant", err, sizeof(err)), 0);
	CHECK_EQ(cfg.noc_mode, TTRT_NOC_INSTANT);
	CHECK_EQ(ttrt_config_set(&cfg, "sanitize", "off", err, sizeof(err)), 0);
	CHECK_EQ(cfg.sanitize, 0);
	CHECK_EQ(ttrt_config_set(&cfg, "sanitize", "no", err, sizeof(err)), -EINVAL);
	CHECK(strcmp(err, "sanitize must be 'on' or 'off', not 'no'") == 0, "err '%s'", err);
	CHECK_EQ(cfg.sanitize, 0);
	CHECK_EQ(ttrt_config_set(&cfg, "sanitize", "on", err, sizeof(err)), 0);
	CHECK_EQ(cfg.sanitize, 1);

	CHECK_EQ(ttrt_config_set(&cfg, "cache_dir", "/var/cache/tt", err, sizeof(err)), 0);
	CHECK(strcmp(cfg.cache_dir, "/var/cache/tt") == 0, "cache_dir %s", cfg.cache_dir);
	CHECK_EQ(ttrt_config_set(&cfg, "cache_dir", "relative/dir", err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "cache_dir") != NULL, "err '%s'", err);
	CHECK(strcmp(cfg.cache_dir, "/var/cache/tt") == 0, "cache_dir changed by a bad value");
	char longpath[PATH_MAX + 10];
	memset(longpath, 'a', sizeof(longpath) - 1);
	longpath[0] = '/';
	longpath[sizeof(longpath) - 1] = '\0';
	CHECK_EQ(ttrt_config_set(&cfg, "cache_dir", longpath, err, sizeof(err)), -ENAMETOOLONG);

	CHECK_EQ(ttrt_config_set(&cfg, "backend", "sim", err, sizeof(err)), 0);
	CHECK_EQ(ttrt_config_set(&cfg, "backend", "gpu", err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "gpu") != NULL, "err '%s'", err);
	CHECK_EQ(cfg.backend, TTRT_BACKEND_SIM);

	CHECK_EQ(ttrt_config_set(&cfg, "colour", "blue", err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "colour") != NULL, "err '%s'", err);

	/* A NULL err buffer is allowed. */
	CHECK_EQ(ttrt_config_set(&cfg, "colour", "blue", NULL, 0), -EINVAL);
	/* A small err buffer is not overrun. */
	char small[8];
	memset(small, 'Z', sizeof(small));
	CHECK_EQ(ttrt_config_set(&cfg, "colour", "blue", small, 4), -EINVAL);
	CHECK(small[3] == '\0' && small[4] == 'Z', "err buffer overrun");
}

static void test_device_implies_kmd(void)
{
	struct ttrt_config cfg;
	char err[256];

	ttrt_config_defaults(&cfg);
	CHECK_EQ(ttrt_config_set(&cfg, "device", "/dev/tenstorrent/3", err, sizeof(err)), 0);
	CHECK_EQ(cfg.backend, TTRT_BACKEND_KMD);
	CHECK(strcmp(cfg.device_path, "/dev/tenstorrent/3") == 0, "device %s", cfg.device_path);

	/* backend=sim before device= wins. */
	ttrt_config_defaults(&cfg);
	CHECK_EQ(ttrt_config_set(&cfg, "backend", "sim", err, sizeof(err)), 0);
	CHECK_EQ(ttrt_config_set(&cfg, "device", "/dev/tenstorrent/1", err, sizeof(err)), 0);
	CHECK_EQ(cfg.backend, TTRT_BACKEND_SIM);
	CHECK_EQ(cfg.backend_explicit, 1);

	/* backend=sim after device= wins too. */
	ttrt_config_defaults(&cfg);
	CHECK_EQ(ttrt_config_set(&cfg, "device", "/dev/tenstorrent/1", err, sizeof(err)), 0);
	CHECK_EQ(ttrt_config_set(&cfg, "backend", "sim", err, sizeof(err)), 0);
	CHECK_EQ(cfg.backend, TTRT_BACKEND_SIM);

	/* A bad device path changes nothing. */
	ttrt_config_defaults(&cfg);
	CHECK_EQ(ttrt_config_set(&cfg, "device", "tenstorrent0", err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "device") != NULL, "err '%s'", err);
	CHECK_EQ(cfg.backend, TTRT_BACKEND_SIM);
	CHECK(strcmp(cfg.device_path, "/dev/tenstorrent/0") == 0, "device %s", cfg.device_path);
}

static void test_ini(void)
{
	struct ttrt_config cfg;
	char err[512];
	const char *path;
	char want[300];

	/* A good file with a [ttfs] section, comments and blank lines. */
	ttrt_config_defaults(&cfg);
	path = write_ini("good.ini", "; ttfs config\n\n[ttfs]\nbackend = sim\n"
				     "dram_size = 128M\ncache_dir = /srv/cache\n"
				     "timeout_ms = 1234  ; inline comment\n# hash comment\n");
	err[0] = '\0';
	CHECK(ttrt_config_load(&cfg, path, err, sizeof(err)) == 0, "good.ini: %s", err);
	CHECK_EQ(cfg.dram_bank_size, 128ull << 20);
	CHECK_EQ(cfg.timeout_ms, 1234);
	CHECK(strcmp(cfg.cache_dir, "/srv/cache") == 0, "cache_dir %s", cfg.cache_dir);
	CHECK_EQ(cfg.backend, TTRT_BACKEND_SIM);
	CHECK_EQ(cfg.backend_explicit, 1);

	/* No section at all is the same as [ttfs]. */
	ttrt_config_defaults(&cfg);
	path = write_ini("nosection.ini", "dram_size=2M\ndevice=/dev/tenstorrent/2\n");
	CHECK(ttrt_config_load(&cfg, path, err, sizeof(err)) == 0, "nosection.ini: %s", err);
	CHECK_EQ(cfg.dram_bank_size, 2ull << 20);
	CHECK_EQ(cfg.backend, TTRT_BACKEND_KMD);
	CHECK(strcmp(cfg.device_path, "/dev/tenstorrent/2") == 0, "device %s", cfg.device_path);

	/* An empty file is fine. */
	ttrt_config_defaults(&cfg);
	path = write_ini("empty.ini", "");
	CHECK_EQ(ttrt_config_load(&cfg, path, err, sizeof(err)), 0);
	CHECK_EQ(cfg.dram_bank_size, 4ull << 30);

	/* An unknown key: the file and line are named, with the key. */
	ttrt_config_defaults(&cfg);
	path = write_ini("badkey.ini", "[ttfs]\ndram_size = 8M\n\ncolour = blue\n");
	err[0] = '\0';
	CHECK_EQ(ttrt_config_load(&cfg, path, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "%s:4:", path);
	CHECK(strncmp(err, want, strlen(want)) == 0, "err '%s', want prefix '%s'", err, want);
	CHECK(strstr(err, "colour") != NULL, "err '%s' does not name the key", err);

	/* A bad value: line 3. */
	ttrt_config_defaults(&cfg);
	path = write_ini("badvalue.ini", "[ttfs]\nbackend=sim\ndram_size=lots\n");
	err[0] = '\0';
	CHECK_EQ(ttrt_config_load(&cfg, path, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "%s:3:", path);
	CHECK(strncmp(err, want, strlen(want)) == 0, "err '%s', want prefix '%s'", err, want);
	CHECK(strstr(err, "dram_size") != NULL, "err '%s'", err);

	/* An unknown section: the section's own line, and the section named. */
	ttrt_config_defaults(&cfg);
	path = write_ini("badsection.ini", "[ttfs]\ndram_size=8M\n[gpu]\nbackend=sim\n");
	err[0] = '\0';
	CHECK_EQ(ttrt_config_load(&cfg, path, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "%s:3:", path);
	CHECK(strncmp(err, want, strlen(want)) == 0, "err '%s', want prefix '%s'", err, want);
	CHECK(strstr(err, "[gpu]") != NULL, "err '%s' does not name the section", err);

	/* An unknown section with no keys, last in the file, is an error too. */
	ttrt_config_defaults(&cfg);
	path = write_ini("emptysection.ini", "[ttfs]\ndram_size=8M\n\n  [extra]\n");
	err[0] = '\0';
	CHECK_EQ(ttrt_config_load(&cfg, path, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "%s:4:", path);
	CHECK(strncmp(err, want, strlen(want)) == 0, "err '%s', want prefix '%s'", err, want);
	CHECK(strstr(err, "[extra]") != NULL, "err '%s' does not name the section", err);

	/* Where each key came from: the default, a file line, a caller (-o). */
	ttrt_config_defaults(&cfg);
	path = write_ini("origin.ini", "; fw\n[ttfs]\n\nfirmware_dir = /opt/fw\n");
	CHECK(ttrt_config_load(&cfg, path, err, sizeof(err)) == 0, "origin.ini: %s", err);
	ttrt_config_origin(&cfg, TTRT_CFG_FIRMWARE_DIR, want, sizeof(want));
	snprintf(err, sizeof(err), "firmware_dir at %s:4", path);
	CHECK(strcmp(want, err) == 0, "origin '%s', want '%s'", want, err);
	ttrt_config_origin(&cfg, TTRT_CFG_DRAM_SIZE, want, sizeof(want));
	CHECK(strcmp(want, "the default dram_size") == 0, "origin '%s'", want);
	CHECK_EQ(ttrt_config_set(&cfg, "firmware_dir", "/srv/fw", err, sizeof(err)), 0);
	ttrt_config_origin(&cfg, TTRT_CFG_FIRMWARE_DIR, want, sizeof(want));
	CHECK(strcmp(want, "-o firmware_dir") == 0, "origin '%s'", want);
	/* A refused value leaves the origin as it was. */
	CHECK_EQ(ttrt_config_set(&cfg, "dram_size", "3", err, sizeof(err)), -EINVAL);
	ttrt_config_origin(&cfg, TTRT_CFG_DRAM_SIZE, want, sizeof(want));
	CHECK(strcmp(want, "the default dram_size") == 0, "origin '%s'", want);

	/* Two errors: the first line is reported. */
	ttrt_config_defaults(&cfg);
	path = write_ini("twoerrors.ini", "a=1\nb=2\n");
	err[0] = '\0';
	CHECK_EQ(ttrt_config_load(&cfg, path, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "%s:1:", path);
	CHECK(strncmp(err, want, strlen(want)) == 0, "err '%s', want prefix '%s'", err, want);
	CHECK(strstr(err, "'a'") != NULL, "err '%s' names the wrong key", err);

	/* A syntax error (no '='): line 2. */
	ttrt_config_defaults(&cfg);
	path = write_ini("syntax.ini", "[ttfs]\nthis is not ini\n");
	err[0] = '\0';
	CHECK_EQ(ttrt_config_load(&cfg, path, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "%s:2:", path);
	CHECK(strncmp(err, want, strlen(want)) == 0, "err '%s', want prefix '%s'", err, want);

	/* A missing file. */
	char missing[300];
	snprintf(missing, sizeof(missing), "%s/does-not-exist.ini", tmpdir);
	err[0] = '\0';
	CHECK_EQ(ttrt_config_load(&cfg, missing, err, sizeof(err)), -ENOENT);
	CHECK(strstr(err, missing) != NULL, "err '%s' does not name the file", err);
}

static void cleanup(void)
{
	static const char *names[] = { "good.ini", "nosection.ini", "empty.ini", "badkey.ini",
				       "badvalue.ini", "badsection.ini", "twoerrors.ini",
				       "syntax.ini", "emptysection.ini", "origin.ini" };
	char path[300];

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", tmpdir, names[i]);
		unlink(path);
	}
	rmdir(tmpdir);
}

/* The ABI profile and card-build keys (docs/abi.md). */
static void test_abi_keys(void)
{
	struct ttrt_config cfg;
	char err[256];

	ttrt_config_defaults(&cfg);
	CHECK(strcmp(cfg.abi, "builtin") == 0, "default abi '%s'", cfg.abi);
	CHECK(cfg.tt_metal_home[0] == '\0' && cfg.sfpi_path[0] == '\0', "unset by default");
	CHECK_EQ(cfg.origin_line[TTRT_CFG_ABI], TTRT_CFG_FROM_DEFAULT);
	CHECK_EQ(ttrt_config_set(&cfg, "abi", "derived", err, sizeof(err)), 0);
	CHECK(strcmp(cfg.abi, "derived") == 0, "%s", cfg.abi);
	CHECK_EQ(cfg.origin_line[TTRT_CFG_ABI], TTRT_CFG_FROM_CALLER);
	CHECK_EQ(ttrt_config_set(&cfg, "abi", "/etc/ttfs/p.abi", err, sizeof(err)), 0);
	CHECK(strcmp(cfg.abi, "/etc/ttfs/p.abi") == 0, "%s", cfg.abi);
	/* A name: one of the profiles ttfs ships, kept as its file. */
	CHECK_EQ(ttrt_config_set(&cfg, "abi", "tt-metal-2f3626c4", err, sizeof(err)), 0);
	CHECK(strstr(cfg.abi, "/tt-metal-2f3626c4.abi") && cfg.abi[0] == '/', "%s", cfg.abi);
	CHECK_EQ(ttrt_config_set(&cfg, "abi", "/etc/ttfs/p.abi", err, sizeof(err)), 0);
	CHECK_EQ(ttrt_config_set(&cfg, "abi", "latest", err, sizeof(err)), -ENOENT);
	CHECK(strstr(err, "no saved ABI profile 'latest' (looked in ") == err &&
		      strstr(err, "; saved: tt-metal-015b433f, tt-metal-2f3626c4, tt-metal-pyd-0.4.0)"),
	      "%s", err);
	CHECK_EQ(ttrt_config_set(&cfg, "abi", "rel/p.abi", err, sizeof(err)), -EINVAL);
	CHECK(strcmp(err, "abi must be 'builtin', 'derived', the name of a saved profile or the absolute path of one, not 'rel/p.abi'") == 0,
	      "%s", err);
	CHECK(strcmp(cfg.abi, "/etc/ttfs/p.abi") == 0, "a bad value keeps the old one");
	CHECK_EQ(ttrt_config_set(&cfg, "tt_metal_home", "/opt/tt-metal", err, sizeof(err)), 0);
	CHECK(strcmp(cfg.tt_metal_home, "/opt/tt-metal") == 0, "%s", cfg.tt_metal_home);
	CHECK_EQ(ttrt_config_set(&cfg, "tt_metal_home", "tt-metal", err, sizeof(err)), -EINVAL);
	CHECK(strcmp(err, "tt_metal_home must be an absolute path, not 'tt-metal'") == 0, "%s", err);
	CHECK_EQ(ttrt_config_set(&cfg, "sfpi_path", "/opt/sfpi", err, sizeof(err)), 0);
	CHECK(strcmp(cfg.sfpi_path, "/opt/sfpi") == 0, "%s", cfg.sfpi_path);
	CHECK_EQ(ttrt_config_set(&cfg, "sfpi_path", "", err, sizeof(err)), -EINVAL);
}

int main(void)
{
	REQUIRE(mkdtemp(tmpdir) != NULL, "mkdtemp");
	test_defaults();
	test_parse_size();
	test_set();
	test_device_implies_kmd();
	test_ini();
	test_abi_keys();
	cleanup();
	return check_exit("test_config");
}
