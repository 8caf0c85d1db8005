/* SPDX-License-Identifier: Apache-2.0
 *
 * Command line: fuse's conventions (-f, -d, -s, -o opt, --help, --version)
 * plus ttfs's own -o keys, which override the INI config file, which
 * overrides the defaults.
 */
#include "options.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_PENDING 32

struct pending {
	char *config_path;
	char *kv[MAX_PENDING];     /* "key=value" in command-line order */
	int count;
	int overflow;
};

static const struct fuse_opt ttfs_opt_specs[] = {
	FUSE_OPT_KEY("config=", 0),
	FUSE_OPT_KEY("backend=", 1),
	FUSE_OPT_KEY("device=", 1),
	FUSE_OPT_KEY("dram_size=", 1),
	FUSE_OPT_KEY("cache_dir=", 1),
	FUSE_OPT_KEY("timeout_ms=", 1),
	FUSE_OPT_KEY("firmware_dir=", 1),
	FUSE_OPT_KEY("tt_metal_home=", 1),
	FUSE_OPT_KEY("abi=", 1),
	FUSE_OPT_KEY("sfpi_path=", 1),
	FUSE_OPT_KEY("build_timeout_ms=", 1),
	FUSE_OPT_END
};

static int on_opt(void *data, const char *arg, int key, struct fuse_args *outargs)
{
	struct pending *p = data;

	(void)outargs;
	if (key == 0) {
		free(p->config_path);
		p->config_path = strdup(arg + strlen("config="));
		return 0;
	}
	if (key == 1) {
		if (p->count == MAX_PENDING) {
			p->overflow = 1;
			return 0;
		}
		p->kv[p->count++] = strdup(arg);
		return 0;
	}
	return 1;   /* not ours: leave it for fuse */
}

static void usage(const char *prog, const struct ttrt_config *defaults)
{
	printf("usage: %s [options] MOUNTPOINT\n\n"
	       "Mount a Tenstorrent Blackhole P100A (or the built-in simulator) as a file tree.\n\n"
	       "ttfs options:\n"
	       "    -o config=FILE         INI config file (default %s if present)\n"
	       "    -o backend=sim|kmd     simulated chip (default) or a card through tt-kmd\n"
	       "    -o device=PATH         tt-kmd device, e.g. /dev/tenstorrent/0 (implies kmd)\n"
	       "    -o dram_size=SIZE      simulated DRAM per bank, 1M..4G (default 4G)\n"
	       "    -o cache_dir=DIR       kernel build cache\n"
	       "    -o timeout_ms=N        bound of boot, reset and launch waits (default 5000)\n"
	       "    -o build_timeout_ms=N  bound of each kernel compiler process (default 120000)\n"
	       "    -o firmware_dir=DIR    simulator firmware ELFs (default %s)\n"
	       "    -o abi=builtin|derived|NAME|FILE  ABI profile: L1 map and mailbox layout\n"
	       "                           (NAME: a checked tt-metal version, e.g. tt-metal-2f3626c4)\n"
	       "    -o tt_metal_home=DIR   tt-metal tree (card firmware and kernels, abi=derived)\n"
	       "    -o sfpi_path=DIR       SFPI toolchain root (card kernel builds)\n\n",
	       prog, TTFS_DEFAULT_CONFIG, defaults->firmware_dir);
}

static int apply_pending(struct ttfs_settings *s, struct pending *p)
{
	char err[512];

	if (p->overflow) {
		fprintf(stderr, "ttfs: too many -o options\n");
		return -EINVAL;
	}
	if (p->config_path || access(TTFS_DEFAULT_CONFIG, F_OK) == 0) {
		const char *path = p->config_path ? p->config_path : TTFS_DEFAULT_CONFIG;
		if (ttrt_config_load(&s->cfg, path, err, sizeof(err))) {
			fprintf(stderr, "ttfs: %s\n", err);
			return -EINVAL;
		}
	}
	for (int i = 0; i < p->count; i++) {
		char *eq = strchr(p->kv[i], '=');
		*eq = '\0';
		if (ttrt_config_set(&s->cfg, p->kv[i], eq + 1, err, sizeof(err))) {
			fprintf(stderr, "ttfs: -o %s=%s: %s\n", p->kv[i], eq + 1, err);
			return -EINVAL;
		}
	}
	return 0;
}

/* libfuse 3.14 takes any max_threads and would try to start that many
 * threads under load; refuse what no machine needs, as later libfuse does. */
#define MAX_LOOP_THREADS 100000u

static int check_thread_options(const struct fuse_cmdline_opts *cmd)
{
	/* libfuse marks options that were not given with UINT_MAX. */
	if (cmd->max_threads != UINT_MAX && cmd->max_threads > MAX_LOOP_THREADS) {
		fprintf(stderr, "ttfs: -o max_threads=%u: at most %u threads\n", cmd->max_threads,
			MAX_LOOP_THREADS);
		return -EINVAL;
	}
	return 0;
}

static void pending_free(struct pending *p)
{
	free(p->config_path);
	for (int i = 0; i < p->count; i++)
		free(p->kv[i]);
}

int ttfs_parse_options(struct fuse_args *args, struct ttfs_settings *s, int *exit_code)
{
	struct pending p = { 0 };
	int rc = 1;

	memset(s, 0, sizeof(*s));
	ttrt_config_defaults(&s->cfg);
	*exit_code = 1;
	if (fuse_opt_parse(args, &p, ttfs_opt_specs, on_opt) != 0)
		goto out;
	if (fuse_parse_cmdline(args, &s->cmd) != 0)
		goto out;
	if (s->cmd.show_help) {
		usage(args->argv[0], &s->cfg);
		fuse_cmdline_help();
		fuse_lowlevel_help();
		*exit_code = 0;
		goto out;
	}
	if (s->cmd.show_version) {
		printf("ttfs %s (libfuse %s)\n", TTRT_VERSION, fuse_pkgversion());
		*exit_code = 0;
		goto out;
	}
	if (!s->cmd.mountpoint) {
		fprintf(stderr, "usage: %s [options] MOUNTPOINT (see --help)\n", args->argv[0]);
		*exit_code = 2;
		goto out;
	}
	if (check_thread_options(&s->cmd))
		goto out;
	if (apply_pending(s, &p))
		goto out;
	/* The kernel checks every access against the modes ttfs reports (all
	 * owned by the mounting user, see file_policy.h): with -o allow_other,
	 * other users read and never write. */
	if (fuse_opt_add_arg(args, "-odefault_permissions") != 0) {
		fprintf(stderr, "ttfs: out of memory\n");
		goto out;
	}
	rc = 0;
out:
	pending_free(&p);
	return rc;
}

void ttfs_settings_free(struct ttfs_settings *s)
{
	free(s->cmd.mountpoint);
}
