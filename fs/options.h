/* SPDX-License-Identifier: Apache-2.0 */
#ifndef TTFS_OPTIONS_H
#define TTFS_OPTIONS_H

#include "ttrt.h"

#include <fuse_lowlevel.h>

#define TTFS_DEFAULT_CONFIG "/etc/ttfs/ttfs.conf"

struct ttfs_settings {
	struct ttrt_config cfg;
	struct fuse_cmdline_opts cmd;
};

/* Consumes ttfs's own -o options from args, then fuse's command line.
 * Returns 0, or 1 when the process should exit with *exit_code (help,
 * version, or an error already printed). */
int ttfs_parse_options(struct fuse_args *args, struct ttfs_settings *s, int *exit_code);
void ttfs_settings_free(struct ttfs_settings *s);

#endif
