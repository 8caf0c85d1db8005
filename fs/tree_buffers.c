/* SPDX-License-Identifier: Apache-2.0
 *
 * dram/buffers/<name>/: interleaved DRAM buffers made with mkdir.
 * size and page_size take one value per write(2), as sysfs attributes do;
 * data is the buffer's bytes in logical order; status names the programs
 * that pin the buffer (a running program's args name it).
 *
 * The names of buffers live in the inode table (fs->inodes), one entry per
 * buffer under the dram/buffers inode; the entry owns a reference to the
 * runtime buffer, which carries its name only for messages and info.json.
 */
#include "fs.h"
#include "inode_table.h"
#include "log.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum buffer_file { BUF_SIZE, BUF_PAGE_SIZE, BUF_ADDRESS, BUF_DATA, BUF_STATUS, BUF_COUNT };

static const struct {
	const char *name;
	mode_t mode;
} buffer_files[BUF_COUNT] = {
	[BUF_SIZE] = { "size", FILE_MODE_RW },
	[BUF_PAGE_SIZE] = { "page_size", FILE_MODE_RW },
	[BUF_ADDRESS] = { "address", FILE_MODE_RO },
	[BUF_DATA] = { "data", FILE_MODE_RW },
	[BUF_STATUS] = { "status", FILE_MODE_RO },
};

static int print_holder(const char *holder, void *arg)
{
	fprintf(arg, "pinned by program %s\n", holder);
	return 0;
}

/* One line per program that pins the buffer, or "not pinned". */
static int render_status(struct ttrt_buffer *b, char **out, size_t *len)
{
	FILE *f = open_memstream(out, len);

	if (!f)
		return -ENOMEM;
	ttrt_buffer_foreach_holder(b, print_holder, f);
	if (ftell(f) == 0)
		fputs("not pinned\n", f);
	if (fclose(f) != 0) {
		free(*out);
		return -ENOMEM;
	}
	return 0;
}

/* A refused rmdir or resize: the log says which programs hold it. */
static void log_pinned(struct ttrt_buffer *b, const char *what)
{
	char *text;
	size_t len;

	if (render_status(b, &text, &len))
		return;
	if (len > 0 && strncmp(text, "pinned", 6) == 0)
		ttfs_log("dram/buffers/%s%s: %.*s", ttrt_buffer_name(b), what, (int)strcspn(text, "\n"),
			 text);
	free(text);
}

/* The text of an attribute file. address before allocation: -ENODATA. */
static int render_attr(struct ttrt_buffer *b, uint32_t file, char **out, size_t *len)
{
	uint64_t addr;
	int n, rc;

	switch (file) {
	case BUF_SIZE:
		n = asprintf(out, "%" PRIu64 "\n", ttrt_buffer_size(b));
		break;
	case BUF_PAGE_SIZE:
		n = asprintf(out, "%" PRIu32 "\n", ttrt_buffer_page_size(b));
		break;
	case BUF_ADDRESS:
		rc = ttrt_buffer_address(b, &addr);
		if (rc)
			return rc;
		n = asprintf(out, "0x%08" PRIx64 "\n", addr);
		break;
	case BUF_STATUS:
		return render_status(b, out, len);
	default:
		return -EINVAL;
	}
	if (n < 0)
		return -ENOMEM;
	*len = (size_t)n;
	return 0;
}

static int file_size(struct ttrt_buffer *b, uint32_t file, off_t *size)
{
	char *text;
	size_t len;
	int rc;

	if (file == BUF_DATA) {
		*size = (off_t)ttrt_buffer_size(b);
		return 0;
	}
	rc = render_attr(b, file, &text, &len);
	if (rc == -ENODATA) {
		*size = 0;
		return 0;
	}
	if (rc)
		return rc;
	free(text);
	*size = (off_t)len;
	return 0;
}

static fuse_ino_t buffers_dir_ino(void)
{
	return node_ino(node_make(K_BUFFERS_DIR, 0, 0));
}

/* A new reference to the live buffer of entry id, or NULL. The entry is
 * held while the reference is taken, so a concurrent rmdir cannot free it. */
static struct ttrt_buffer *buffer_get(struct fs *fs, uint64_t id)
{
	struct inode_entry *e = inode_table_get(fs->inodes, id);
	struct ttrt_buffer *b = NULL;

	if (!e)
		return NULL;
	if (inode_entry_kind(e) == K_BUFFER_DIR) {
		b = inode_entry_payload(e);
		ttrt_buffer_get(b);
	}
	inode_table_put(fs->inodes, e);
	return b;
}

int buffers_find(struct fs *fs, const char *name, struct ttrt_buffer **out)
{
	struct inode_entry *e = inode_table_lookup(fs->inodes, buffers_dir_ino(), name);

	if (!e)
		return -ENOENT;
	*out = inode_entry_payload(e);
	ttrt_buffer_get(*out);
	inode_table_put(fs->inodes, e);
	return 0;
}

static void buffer_release(void *payload)
{
	ttrt_buffer_put(payload);
}

static int buffers_stat(struct fs *fs, struct node n, struct stat *st)
{
	struct ttrt_buffer *b;
	off_t size = 0;
	int rc = 0;

	if (n.kind == K_BUFFERS_DIR) {
		stat_dir(fs, st, n, 2 + inode_table_subdirs(fs->inodes, buffers_dir_ino()));
		return 0;
	}
	b = buffer_get(fs, n.idx);
	if (!b)
		return -ENOENT;
	if (n.kind == K_BUFFER_DIR)
		stat_dir(fs, st, n, 2);
	else if (n.file >= BUF_COUNT)
		rc = -ENOENT;
	else if ((rc = file_size(b, n.file, &size)) == 0)
		stat_fill(fs, st, n, S_IFREG | buffer_files[n.file].mode, size);
	ttrt_buffer_put(b);
	return rc;
}

static int buffers_lookup(struct fs *fs, struct node dir, const char *name, struct node *child)
{
	struct inode_entry *e;

	if (dir.kind == K_BUFFERS_DIR) {
		e = inode_table_lookup(fs->inodes, buffers_dir_ino(), name);
		if (!e)
			return -ENOENT;
		*child = node_make(K_BUFFER_DIR, inode_entry_id(e), 0);
		inode_table_put(fs->inodes, e);
		return 0;
	}
	for (int i = 0; i < BUF_COUNT; i++) {
		if (strcmp(name, buffer_files[i].name) == 0) {
			*child = node_make(K_BUFFER_FILE, dir.idx, (uint32_t)i);
			return 0;
		}
	}
	return -ENOENT;
}

struct readdir_ctx {
	dir_fill_fn fill;
	void *ctx;
};

static int fill_buffer_dir(void *arg, uint64_t id, const char *name, int kind)
{
	struct readdir_ctx *rc = arg;

	return rc->fill(rc->ctx, name, node_make((enum node_kind)kind, id, 0), S_IFDIR);
}

static int buffers_readdir(struct fs *fs, struct node dir, dir_fill_fn fill, void *ctx)
{
	struct readdir_ctx rctx = { fill, ctx };

	if (dir.kind == K_BUFFERS_DIR) {
		inode_table_foreach_child(fs->inodes, buffers_dir_ino(), fill_buffer_dir, &rctx);
		return 0;
	}
	for (int i = 0; i < BUF_COUNT; i++)
		if (fill(ctx, buffer_files[i].name, node_make(K_BUFFER_FILE, dir.idx, (uint32_t)i),
			 S_IFREG))
			break;
	return 0;
}

/* A file opened before rmdir sees ENOENT, not a buffer of size 0. */
static int data_bounds(struct handle *h, off_t off, size_t *size, int writing)
{
	uint64_t buf_size = ttrt_buffer_size(h->buf);
	int rc = ttrt_buffer_check(h->buf);

	if (rc)
		return rc;
	return writing ? file_policy_write(off, size, buf_size) : file_policy_read(off, size, buf_size);
}

static ssize_t data_read(struct fs *fs, struct handle *h, char *buf, size_t size, off_t off)
{
	int rc = data_bounds(h, off, &size, 0);

	(void)fs;
	if (rc == 0 && size > 0)
		rc = ttrt_buffer_read(h->buf, (uint64_t)off, buf, size);
	return rc ? rc : (ssize_t)size;
}

static ssize_t data_write(struct fs *fs, struct handle *h, const char *buf, size_t size, off_t off)
{
	int rc = data_bounds(h, off, &size, 1);

	(void)fs;
	if (rc == 0)
		rc = ttrt_buffer_write(h->buf, (uint64_t)off, buf, size);
	return rc ? rc : (ssize_t)size;
}

/* One whole value per write: "4096", "4096\n", "0x1000", "64K". */
static ssize_t attr_write(struct fs *fs, struct handle *h, const char *buf, size_t size, off_t off)
{
	char text[ATTR_VALUE_MAX + 1];
	uint64_t value;
	int rc;

	(void)fs;
	(void)off;
	if (file_policy_attr_value(buf, size, text))
		return -EINVAL;
	rc = ttrt_parse_size(text, &value);
	if (rc == -ERANGE && h->node.file == BUF_SIZE)
		return -ENOSPC;   /* a number, just more than any DRAM */
	if (rc)
		return -EINVAL;
	if (h->node.file == BUF_SIZE)
		rc = ttrt_buffer_set_size(h->buf, value);
	else
		rc = value > UINT32_MAX ? -EINVAL : ttrt_buffer_set_page_size(h->buf, (uint32_t)value);
	if (rc == -EBUSY)
		log_pinned(h->buf, h->node.file == BUF_SIZE ? "/size" : "/page_size");
	return rc ? rc : (ssize_t)size;
}

static void buffer_handle_release(struct handle *h)
{
	ttrt_buffer_put(h->buf);
}

static int data_direct_begin(struct fs *fs, struct handle *h, off_t off, size_t *size,
			     int writing, struct iovec *iov, int max_iov)
{
	int rc = data_bounds(h, off, size, writing);

	(void)fs;
	if (rc || *size == 0)
		return rc;
	rc = ttrt_buffer_direct_begin(h->buf, (uint64_t)off, *size, writing, iov, max_iov);
	/* Too many pages for one reply: the copying path handles it. */
	return rc == -E2BIG ? -ENOTSUP : rc;
}

static void data_direct_end(struct fs *fs, struct handle *h, int writing)
{
	(void)fs;
	(void)writing;
	ttrt_buffer_direct_end(h->buf);
}

static const struct handle_ops data_ops = {
	.read = data_read,
	.write = data_write,
	.direct_begin = data_direct_begin,
	.direct_end = data_direct_end,
	.release = buffer_handle_release,
};

static const struct handle_ops attr_write_ops = {
	.read = handle_read_text,
	.write = attr_write,
	.release = buffer_handle_release,
};

static int buffers_open(struct fs *fs, struct node n, int flags, struct handle **out)
{
	struct ttrt_buffer *b;
	char *text = NULL;
	size_t len = 0;
	int rc;

	if (n.kind != K_BUFFER_FILE)
		return -EISDIR;
	rc = file_policy_open(buffer_files[n.file].mode, flags);
	if (rc)
		return rc;
	b = buffer_get(fs, n.idx);
	if (!b)
		return -ENOENT;
	if (n.file != BUF_DATA && (flags & O_ACCMODE) != O_WRONLY) {
		rc = render_attr(b, n.file, &text, &len);
		if (rc)
			goto fail;
	}
	rc = handle_new(n, n.file == BUF_DATA ? &data_ops : &attr_write_ops, out);
	if (rc)
		goto fail;
	(*out)->buf = b;
	(*out)->text = text;
	(*out)->len = len;
	return 0;

fail:
	free(text);
	ttrt_buffer_put(b);
	return rc;
}

/* The runtime buffer is made first and handed to the table, which refuses
 * a name already taken; the loser of two racing mkdirs deletes its own.
 * The common case of a taken name is refused before making anything. */
static int buffers_mkdir(struct fs *fs, struct node dir, const char *name, struct node *child)
{
	struct inode_entry *e;
	struct ttrt_buffer *b;
	uint64_t id;
	int rc;

	if (dir.kind != K_BUFFERS_DIR)
		return -EPERM;
	e = inode_table_lookup(fs->inodes, buffers_dir_ino(), name);
	if (e) {
		inode_table_put(fs->inodes, e);
		return -EEXIST;
	}
	rc = ttrt_buffer_new(fs->dev, name, &b);
	if (rc)
		return rc;
	rc = inode_table_add(fs->inodes, buffers_dir_ino(), name, K_BUFFER_DIR, INODE_DIR, b,
			     buffer_release, &id);
	if (rc) {
		ttrt_buffer_delete(b);
		ttrt_buffer_put(b);
		return rc;
	}
	*child = node_make(K_BUFFER_DIR, id, 0);
	return 0;
}

/* The runtime decides first (EBUSY while a program pins the buffer),
 * then the name goes. A lookup in between finds a deleted buffer, which
 * no program can pin (ENOENT, as for no buffer). */
static int buffers_rmdir(struct fs *fs, struct node dir, const char *name)
{
	struct inode_entry *e;
	struct ttrt_buffer *b;
	int rc;

	if (dir.kind != K_BUFFERS_DIR)
		return -ENOTDIR;
	e = inode_table_lookup(fs->inodes, buffers_dir_ino(), name);
	if (!e)
		return -ENOENT;
	b = inode_entry_payload(e);
	rc = ttrt_buffer_delete(b);
	if (rc == -EBUSY)
		log_pinned(b, "");
	inode_table_put(fs->inodes, e);
	if (rc && rc != -ENOENT)
		return rc;
	/* A racing rmdir of the same name may have removed it: ENOENT. */
	return inode_table_remove(fs->inodes, buffers_dir_ino(), name, NULL);
}

const struct subtree_ops buffers_subtree = {
	.stat = buffers_stat,
	.lookup = buffers_lookup,
	.readdir = buffers_readdir,
	.open = buffers_open,
	.mkdir = buffers_mkdir,
	.rmdir = buffers_rmdir,
};
