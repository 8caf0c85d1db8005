/* SPDX-License-Identifier: Apache-2.0
 *
 * ttfs: mount a Tenstorrent Blackhole P100A as a file tree.
 */
#include "daemonize.h"
#include "fs.h"
#include "inode_table.h"
#include "ops.h"
#include "options.h"
#include "staging.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int run_loop(struct fuse_session *se, const struct fuse_cmdline_opts *cmd)
{
	struct fuse_loop_config *lc;
	int rc;

	if (cmd->singlethread)
		return fuse_session_loop(se);
	lc = fuse_loop_cfg_create();
	if (!lc)
		return -ENOMEM;
	fuse_loop_cfg_set_clone_fd(lc, (unsigned)cmd->clone_fd);
	/* libfuse marks options that were not given with UINT_MAX. */
	if (cmd->max_idle_threads != UINT_MAX)
		fuse_loop_cfg_set_idle_threads(lc, cmd->max_idle_threads);
	if (cmd->max_threads != UINT_MAX && cmd->max_threads > 0)
		fuse_loop_cfg_set_max_threads(lc, cmd->max_threads);
	rc = fuse_session_loop_mt(se, lc);
	fuse_loop_cfg_destroy(lc);
	return rc;
}

/* The loop reports the signal that stopped it; SIGTERM, SIGINT and SIGHUP
 * are orderly stops and exit 0, like an unmount. */
static int exit_code_of(int loop_rc)
{
	if (loop_rc == 0 || loop_rc == SIGTERM || loop_rc == SIGINT || loop_rc == SIGHUP)
		return 0;
	return 1;
}

/* A daemon started in the background by a script inherits SIGINT and
 * SIGQUIT ignored, and libfuse installs its handlers only over the default
 * disposition: give the stop signals their default back, so SIGINT, SIGTERM
 * and SIGHUP are clean stops however ttfs was started. */
static int default_stop_signals(void)
{
	static const int stops[] = { SIGINT, SIGTERM, SIGHUP };

	for (size_t i = 0; i < sizeof(stops) / sizeof(stops[0]); i++) {
		if (signal(stops[i], SIG_DFL) == SIG_ERR) {
			fprintf(stderr, "ttfs: cannot reset signal %d: %s\n", stops[i], strerror(errno));
			return -1;
		}
	}
	return 0;
}

/* mount(8) starts mount.fuse3, and so ttfs, with no PATH in the
 * environment; gcc run by its bare name then cannot find its own cc1plus.
 * The compilers ttfs runs get the search path a shell would use. */
static int default_path(void)
{
	static const char shell_path[] = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

	if (getenv("PATH") || setenv("PATH", shell_path, 0) == 0)
		return 0;
	fprintf(stderr, "ttfs: cannot set PATH: %s\n", strerror(errno));
	return -1;
}

int main(int argc, char *argv[])
{
	struct fuse_args args = FUSE_ARGS_INIT(argc, argv);
	struct ttfs_settings settings;
	struct fs fs = { .program_names = PTHREAD_RWLOCK_INITIALIZER };
	struct fuse_session *se;
	char err[512] = "";
	int code, rc, notifier_ok = 0;

	if (default_path() != 0)
		return 1;
	if (ttfs_parse_options(&args, &settings, &code)) {
		fuse_opt_free_args(&args);
		ttfs_settings_free(&settings);
		return code;
	}
	code = 1;
	if (daemon_start(settings.cmd.foreground) != 0)
		goto out_args;
	fs.uid = getuid();
	fs.gid = getgid();
	clock_gettime(CLOCK_REALTIME, &fs.mounted_at);
	rc = ttrt_device_open(&settings.cfg, &fs.dev, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "ttfs: cannot open device: %s\n", err[0] ? err : strerror(-rc));
		goto out_args;
	}
	if (open_files_init(&fs.open))
		goto out_dev;
	if (poll_notifier_init(&fs.notifier))
		goto out_open;
	notifier_ok = 1;
	if (inode_table_create(&fs.inodes))
		goto out_open;
	se = fuse_session_new(&args, &ttfs_ops, sizeof(ttfs_ops), &fs);
	if (!se)
		goto out_nodes;
	fs.se = se;
	if (default_stop_signals() != 0 || fuse_set_signal_handlers(se) != 0)
		goto out_session;
	if (fuse_session_mount(se, settings.cmd.mountpoint) != 0)
		goto out_signals;
	if (poll_notifier_start(&fs.notifier) != 0) {
		fprintf(stderr, "ttfs: cannot start the poll notifier thread\n");
		goto out_unmount;
	}
	daemon_ready();
	code = exit_code_of(run_loop(se, &settings.cmd));
	/* Programs launched with `start` run on without a writer: stop them. */
	programs_stop_all(&fs);
out_unmount:
	poll_notifier_stop(&fs.notifier);
	fuse_session_unmount(se);
out_signals:
	fuse_remove_signal_handlers(se);
out_session:
	fuse_session_destroy(se);
	staging_drain();   /* no request runs any more */
out_nodes:
	inode_table_destroy(fs.inodes);
out_open:
	/* Stopped by a signal, the kernel sends no release for open files. */
	open_files_close_all(&fs.open);
out_dev:
	ttrt_device_close(fs.dev);
	/* Last: a program's notify callback kicks it until the device is gone. */
	if (notifier_ok)
		poll_notifier_destroy(&fs.notifier);
out_args:
	fuse_opt_free_args(&args);
	ttfs_settings_free(&settings);
	return code;
}
