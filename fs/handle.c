/* SPDX-License-Identifier: Apache-2.0
 *
 * Open-file handles and the helpers every subtree uses for stat and bounds.
 */
#include "fs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const struct handle_ops text_ops = {
	.read = handle_read_text,
};

int handle_new(struct node n, const struct handle_ops *ops, struct handle **out)
{
	struct handle *h = calloc(1, sizeof(*h));

	if (!h)
		return -ENOMEM;
	atomic_init(&h->refs, 1);
	h->ops = ops;
	h->node = n;
	*out = h;
	return 0;
}

int handle_new_text(struct node n, char *text, size_t len, struct handle **out)
{
	int rc = handle_new(n, &text_ops, out);

	if (rc) {
		free(text);
		return rc;
	}
	(*out)->text = text;
	(*out)->len = len;
	return 0;
}

void handle_get(struct handle *h)
{
	atomic_fetch_add(&h->refs, 1);
}

void handle_put(struct handle *h)
{
	if (!h || atomic_fetch_sub(&h->refs, 1) != 1)
		return;
	if (h->ops && h->ops->release)
		h->ops->release(h);
	free(h->text);
	free(h);
}

ssize_t handle_read_text(struct fs *fs, struct handle *h, char *buf, size_t size, off_t off)
{
	(void)fs;
	if (off < 0)
		return -EINVAL;
	if ((size_t)off > h->len)
		return -ENXIO;   /* as for memory files: only the end itself is EOF */
	if ((size_t)off == h->len)
		return 0;
	if (size > h->len - (size_t)off)
		size = h->len - (size_t)off;
	memcpy(buf, h->text + off, size);
	return (ssize_t)size;
}

void stat_fill(struct fs *fs, struct stat *st, struct node n, mode_t mode, off_t size)
{
	memset(st, 0, sizeof(*st));
	st->st_ino = node_ino(n);
	st->st_mode = mode;
	st->st_nlink = 1;
	st->st_uid = fs->uid;
	st->st_gid = fs->gid;
	st->st_size = size;
	st->st_blksize = 4096;
	st->st_blocks = (size + 511) / 512;
	st->st_atim = st->st_mtim = st->st_ctim = fs->mounted_at;
}

void stat_dir(struct fs *fs, struct stat *st, struct node n, nlink_t links)
{
	stat_fill(fs, st, n, S_IFDIR | DIR_MODE, 0);
	st->st_nlink = links;
}

int rendered_size(int (*render)(struct ttrt_device *, char **, size_t *),
		  struct ttrt_device *dev, off_t *size)
{
	char *text;
	size_t len;
	int rc = render(dev, &text, &len);

	if (rc)
		return rc;
	free(text);
	*size = (off_t)len;
	return 0;
}
