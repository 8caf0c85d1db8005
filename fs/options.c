/* SPDX-License-Identifier: Apache-2.0
 *
 * Command line: fuse's conventions (-f, -d, -s, -o opt, --help, --version)
 * plus ttfs's own -o keys, which override the INI config file, which
 * overrides the defaults. As mount.fuse3 runs it for `mount -t fuse.ttfs`
 * and fstab, "ttfs SOURCE MOUNTPOINT -o opts" works too: SOURCE is "sim"
 * or a tt-kmd device, and the options of mount(8) that mean nothing to a
 * FUSE daemon are ignored.
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
	char *first_arg;           /* the first non-option: the source if a second follows */
	int n_args;                /* non-options seen */
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
	FUSE_OPT_KEY("noc=", 1),
	FUSE_OPT_KEY("sanitize=", 1),
	FUSE_OPT_END
};

/* Options of mount(8) and fstab that are not the filesystem's. mount.fuse3
 * drops most of them, but a unit or a user may pass them by hand, and
 * libfuse 3.14 refuses those it does not know (the kernel's flags it does
 * know, rw, nosuid, nodev, noatime ..., go on to libfuse). */
static const char *const mount_only_opts[] = {
	"defaults", "auto", "noauto", "nofail", "_netdev", "user", "nouser", "users",
	"owner", "group", "relatime", "norelatime", "strictatime", "nostrictatime",
	"lazytime", "nolazytime", "diratime", "nodiratime", "iversion", "noiversion",
	"mand", "nomand", "silent", "loud",
};

static int is_mount_only(const char *opt)
{
	/* "": -o "" from a unit whose options are empty (ttfs@.service). */
	if (!*opt || !strncmp(opt, "x-", 2) || !strncmp(opt, "comment=", 8))
		return 1;
	for (size_t i = 0; i < sizeof(mount_only_opts) / sizeof(mount_only_opts[0]); i++)
		if (!strcmp(opt, mount_only_opts[i]))
			return 1;
	return 0;
}

static int on_opt(void *data, const char *arg, int key, struct fuse_args *outargs)
{
	struct pending *p = data;

	(void)outargs;
	if (key == FUSE_OPT_KEY_NONOPT) {
		/* Of two non-options the first is the source (put back in
		 * ttfs_parse_options when it was the only one). */
		if (++p->n_args > 1)
			return 1;
		p->first_arg = strdup(arg);
		return p->first_arg ? 0 : -1;
	}
	if (key == FUSE_OPT_KEY_OPT && is_mount_only(arg))
		return 0;
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
	printf("usage: %s [options] [SOURCE] MOUNTPOINT\n\n"
	       "Mount a Tenstorrent Blackhole P100A (or the built-in simulator) as a file tree.\n"
	       "SOURCE: sim (as -o backend=sim) or a tt-kmd device such as /dev/tenstorrent/0\n"
	       "(as -o device=PATH), for mount -t fuse.ttfs SOURCE MOUNTPOINT and fstab.\n\n"
	       "ttfs options:\n"
	       "    -o config=FILE         INI config file (default %s if present)\n"
	       "    -o backend=sim|kmd     simulated chip (default) or a card through tt-kmd\n"
	       "    -o device=PATH         tt-kmd device, e.g. /dev/tenstorrent/0 (implies kmd)\n"
	       "    -o dram_size=SIZE      simulated DRAM per bank, 1M..4G (default 4G)\n"
	       "    -o cache_dir=DIR       kernel build cache\n"
	       "    -o timeout_ms=N        bound of boot, reset and launch waits (default 5000)\n"
	       "    -o build_timeout_ms=N  bound of each kernel compiler process (default 120000)\n"
	       "    -o firmware_dir=DIR    simulator firmware ELFs (default %s)\n"
	       "    -o noc=instant|strict  simulator: NOC transfers land at once (default), or\n"
	       "                           only at their barrier, poison until then\n"
	       "    -o abi=builtin|derived|NAME|FILE  ABI profile: L1 map and mailbox layout\n"
	       "                           (NAME: a checked tt-metal version, e.g. tt-metal-2f3626c4)\n"
	       "    -o tt_metal_home=DIR   tt-metal tree (card firmware and kernels, abi=derived)\n"
	       "    -o sfpi_path=DIR       SFPI toolchain root (card kernel builds)\n"
	       "    -o sanitize=on|off     simulator: fault bad NOC transfers and stores, and\n"
	       "                           missing barriers (default on)\n\n",
	       prog, TTFS_DEFAULT_CONFIG, defaults->firmware_dir);
}

/* The source mount.fuse3 passes: before the -o keys, which win. */
static int apply_source(struct ttrt_config *cfg, const char *source)
{
	char err[512] = "neither 'sim' nor a tt-kmd device path such as /dev/tenstorrent/0";
	int rc = -EINVAL;

	if (!strcmp(source, "sim"))
		rc = ttrt_config_set(cfg, "backend", "sim", err, sizeof(err));
	else if (source[0] == '/')
		rc = ttrt_config_set(cfg, "device", source, err, sizeof(err));
	if (rc)
		fprintf(stderr, "ttfs: source '%s': %s\n", source, err);
	return rc;
}

/* The mount's source in the mount table is the SOURCE given, as for other
 * filesystems, so that `mount -a` sees an fstab line already mounted.
 * Put first: an -o fsname= of the user's comes later and wins. */
static int name_mount_after_source(struct fuse_args *args, const char *source)
{
	char opt[TTRT_PATH_MAX * 2 + 16] = "-ofsname=";
	size_t n = strlen(opt);

	for (const char *c = source; *c && n + 3 < sizeof(opt); c++) {
		if (*c == ',' || *c == '\\')
			opt[n++] = '\\';   /* fuse_opt's escape */
		opt[n++] = *c;
	}
	opt[n] = '\0';
	return fuse_opt_insert_arg(args, 1, opt);
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
	if (p->n_args > 1 && apply_source(&s->cfg, p->first_arg))
		return -EINVAL;
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
	free(p->first_arg);
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
	/* A lone non-option is the mountpoint, fuse's to parse. */
	if (p.n_args == 1 && fuse_opt_add_arg(args, p.first_arg) != 0)
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
		fprintf(stderr, "usage: %s [options] [SOURCE] MOUNTPOINT (see --help)\n", args->argv[0]);
		*exit_code = 2;
		goto out;
	}
	if (check_thread_options(&s->cmd))
		goto out;
	if (apply_pending(s, &p))
		goto out;
	if (p.n_args > 1 && name_mount_after_source(args, p.first_arg) != 0) {
		fprintf(stderr, "ttfs: out of memory\n");
		goto out;
	}
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
