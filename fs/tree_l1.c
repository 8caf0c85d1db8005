/* SPDX-License-Identifier: Apache-2.0
 *
 * l1/: the worker cores' L1 as buffers (l1/buffers/, tree_buffers.c),
 * beside dram/. Each core's whole L1 is cores/<x>,<y>/l1.
 */
#include "fs.h"

#include <errno.h>
#include <string.h>

static struct node l1_buffers_dir(void)
{
	return node_make(K_BUFFERS_DIR, TTRT_BUFFER_L1, 0);
}

static int l1_stat(struct fs *fs, struct node n, struct stat *st)
{
	stat_dir(fs, st, n, 3);
	return 0;
}

static int l1_lookup(struct fs *fs, struct node dir, const char *name, struct node *child)
{
	(void)fs;
	(void)dir;
	if (strcmp(name, "buffers") != 0)
		return -ENOENT;
	*child = l1_buffers_dir();
	return 0;
}

static int l1_readdir(struct fs *fs, struct node dir, dir_fill_fn fill, void *ctx)
{
	(void)fs;
	(void)dir;
	fill(ctx, "buffers", l1_buffers_dir(), S_IFDIR);
	return 0;
}

static int l1_open(struct fs *fs, struct node n, int flags, struct handle **out)
{
	(void)fs;
	(void)n;
	(void)flags;
	(void)out;
	return -EISDIR;
}

const struct subtree_ops l1_subtree = {
	.stat = l1_stat,
	.lookup = l1_lookup,
	.readdir = l1_readdir,
	.open = l1_open,
};
