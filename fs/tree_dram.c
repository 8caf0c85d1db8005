/* SPDX-License-Identifier: Apache-2.0
 *
 * dram/: one file per DRAM bank (offset = bank address) and buffers/.
 */
#include "fs.h"

#include <errno.h>
#include <sys/uio.h>
#include <stdio.h>
#include <string.h>

static int dram_stat(struct fs *fs, struct node n, struct stat *st)
{
	if (n.kind == K_DRAM_DIR) {
		stat_dir(fs, st, n, 3);
		return 0;
	}
	if (n.idx >= TTRT_NUM_DRAM_BANKS)
		return -ENOENT;
	stat_fill(fs, st, n, S_IFREG | FILE_MODE_RW, (off_t)ttrt_dram_bank_size(fs->dev));
	return 0;
}

static int dram_lookup(struct fs *fs, struct node dir, const char *name, struct node *child)
{
	(void)fs;
	(void)dir;
	if (strcmp(name, "buffers") == 0) {
		*child = node_make(K_BUFFERS_DIR, 0, 0);
		return 0;
	}
	if (name[0] >= '0' && name[0] < '0' + TTRT_NUM_DRAM_BANKS && name[1] == '\0') {
		*child = node_make(K_DRAM_BANK, (uint64_t)(name[0] - '0'), 0);
		return 0;
	}
	return -ENOENT;
}

static int dram_readdir(struct fs *fs, struct node dir, dir_fill_fn fill, void *ctx)
{
	char name[4];

	(void)fs;
	(void)dir;
	for (int b = 0; b < TTRT_NUM_DRAM_BANKS; b++) {
		snprintf(name, sizeof(name), "%d", b);
		if (fill(ctx, name, node_make(K_DRAM_BANK, (uint64_t)b, 0), S_IFREG))
			return 0;
	}
	fill(ctx, "buffers", node_make(K_BUFFERS_DIR, 0, 0), S_IFDIR);
	return 0;
}

static ssize_t bank_read(struct fs *fs, struct handle *h, char *buf, size_t size, off_t off)
{
	int rc = file_policy_read(off, &size, ttrt_dram_bank_size(fs->dev));

	if (rc == 0 && size > 0)
		rc = ttrt_dram_read(fs->dev, (int)h->node.idx, (uint64_t)off, buf, size);
	return rc ? rc : (ssize_t)size;
}

static ssize_t bank_write(struct fs *fs, struct handle *h, const char *buf, size_t size, off_t off)
{
	int rc = file_policy_write(off, &size, ttrt_dram_bank_size(fs->dev));

	if (rc == 0)
		rc = ttrt_dram_write(fs->dev, (int)h->node.idx, (uint64_t)off, buf, size);
	return rc ? rc : (ssize_t)size;
}

static int bank_direct_begin(struct fs *fs, struct handle *h, off_t off, size_t *size,
			     int writing, struct iovec *iov, int max_iov)
{
	uint64_t bank_size = ttrt_dram_bank_size(fs->dev);
	int rc = writing ? file_policy_write(off, size, bank_size)
			 : file_policy_read(off, size, bank_size);

	if (rc || *size == 0)
		return rc;
	rc = ttrt_dram_direct(fs->dev, (int)h->node.idx, (uint64_t)off, *size, writing, iov,
			      max_iov);
	/* More pieces than one reply carries: the copying path handles it. */
	return rc == -E2BIG ? -ENOTSUP : rc;
}

static const struct handle_ops bank_ops = {
	.read = bank_read,
	.write = bank_write,
	.direct_begin = bank_direct_begin,
};

static int dram_open(struct fs *fs, struct node n, int flags, struct handle **out)
{
	int rc;

	(void)fs;
	if (n.kind != K_DRAM_BANK)
		return -EISDIR;
	rc = file_policy_open(FILE_MODE_RW, flags);
	return rc ? rc : handle_new(n, &bank_ops, out);
}

const struct subtree_ops dram_subtree = {
	.stat = dram_stat,
	.lookup = dram_lookup,
	.readdir = dram_readdir,
	.open = dram_open,
};
