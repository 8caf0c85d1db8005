/* SPDX-License-Identifier: Apache-2.0
 *
 * dram/buffers/<name>/ and l1/buffers/<name>/: buffers made with mkdir,
 * in DRAM or in the worker cores' L1. size, page_size and the shard spec
 * (layout, shard_cores, shard_shape, tensor_shape, shard_orientation)
 * take one value per write(2), as sysfs attributes do; data is the
 * buffer's bytes in host order; status says why a buffer is not
 * allocated and names the programs that pin it (a running program's args
 * name it).
 *
 * The names of buffers live in the inode table (fs->inodes), one entry per
 * buffer under its buffers/ inode (node idx = enum ttrt_buffer_kind); the
 * entry owns a reference to the runtime buffer, which carries its name
 * only for messages and info.json. A name is unique across both
 * directories, so @NAME in a program's args means one buffer.
 */
#include "fs.h"
#include "inode_table.h"
#include "log.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The shard spec's files come first, in enum ttrt_shard_field's order. */
enum buffer_file {
	BUF_LAYOUT = TTRT_SHARD_LAYOUT,
	BUF_SHARD_CORES = TTRT_SHARD_CORES,
	BUF_SHARD_SHAPE = TTRT_SHARD_SHAPE,
	BUF_TENSOR_SHAPE = TTRT_SHARD_TENSOR_SHAPE,
	BUF_SHARD_ORIENTATION = TTRT_SHARD_ORIENTATION,
	BUF_SIZE = TTRT_SHARD_NUM_FIELDS,
	BUF_PAGE_SIZE,
	BUF_ADDRESS,
	BUF_DATA,
	BUF_STATUS,
	BUF_COUNT
};

static const struct {
	const char *name;
	mode_t mode;
} buffer_files[BUF_COUNT] = {
	[BUF_LAYOUT] = { "layout", FILE_MODE_RW },
	[BUF_SHARD_CORES] = { "shard_cores", FILE_MODE_RW },
	[BUF_SHARD_SHAPE] = { "shard_shape", FILE_MODE_RW },
	[BUF_TENSOR_SHAPE] = { "tensor_shape", FILE_MODE_RW },
	[BUF_SHARD_ORIENTATION] = { "shard_orientation", FILE_MODE_RW },
	[BUF_SIZE] = { "size", FILE_MODE_RW },
	[BUF_PAGE_SIZE] = { "page_size", FILE_MODE_RW },
	[BUF_ADDRESS] = { "address", FILE_MODE_RO },
	[BUF_DATA] = { "data", FILE_MODE_RW },
	[BUF_STATUS] = { "status", FILE_MODE_RO },
};

/* shard_cores may list many ranges; the other attributes are short. */
#define SHARD_CORES_TEXT_MAX 1023

static const char *const kind_dirs[] = {
	[TTRT_BUFFER_DRAM] = "dram/buffers",
	[TTRT_BUFFER_L1] = "l1/buffers",
};

/* mkdir checks the other directory and adds the name as one step. */
static pthread_mutex_t names_lock = PTHREAD_MUTEX_INITIALIZER;

static const char *dir_of(const struct ttrt_buffer *b)
{
	return kind_dirs[ttrt_buffer_kind(b)];
}

struct holders {
	FILE *f;
	int n;
};

static int print_holder(const char *holder, void *arg)
{
	struct holders *h = arg;

	fprintf(h->f, "pinned by program %s\n", holder);
	h->n++;
	return 0;
}

/* Why the buffer is not allocated, if it has a size and is not; then one
 * line per program that pins the buffer, or "not pinned". */
static int render_status(struct ttrt_buffer *b, char **out, size_t *len)
{
	struct holders h = { open_memstream(out, len), 0 };
	char why[256];

	if (!h.f)
		return -ENOMEM;
	if (ttrt_buffer_problem(b, why, sizeof(why)))
		fprintf(h.f, "not allocated: %s\n", why);
	ttrt_buffer_foreach_holder(b, print_holder, &h);
	if (h.n == 0)
		fputs("not pinned\n", h.f);
	if (fclose(h.f) != 0) {
		free(*out);
		return -ENOMEM;
	}
	return 0;
}

static int first_holder(const char *holder, void *arg)
{
	snprintf(arg, TTRT_BUFFER_NAME_MAX + 1, "%s", holder);
	return 1;
}

/* A refused rmdir (file NULL) or new shape (the file written): the log
 * says which program holds the buffer. */
static void log_pinned(struct ttrt_buffer *b, const char *file)
{
	char holder[TTRT_BUFFER_NAME_MAX + 1] = "";

	ttrt_buffer_foreach_holder(b, first_holder, holder);
	if (holder[0])
		ttfs_log("%s/%s%s%s: pinned by program %s", dir_of(b), ttrt_buffer_name(b),
			 file ? "/" : "", file ? file : "", holder);
}

static int render_shard_field(struct ttrt_buffer *b, uint32_t file, char **out, size_t *len)
{
	char text[2048];
	int rc = ttrt_buffer_shard_field(b, (enum ttrt_shard_field)file, text, sizeof(text));

	if (rc)
		return rc;
	*out = strdup(text);
	if (!*out)
		return -ENOMEM;
	*len = strlen(text);
	return 0;
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
		return render_shard_field(b, file, out, len);
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

static fuse_ino_t buffers_dir_ino(enum ttrt_buffer_kind kind)
{
	return node_ino(node_make(K_BUFFERS_DIR, kind, 0));
}

static bool valid_kind(uint64_t idx)
{
	return idx == TTRT_BUFFER_DRAM || idx == TTRT_BUFFER_L1;
}

/* The entry of a buffer name in either directory, or NULL. */
static struct inode_entry *lookup_any(struct fs *fs, const char *name)
{
	struct inode_entry *e = inode_table_lookup(fs->inodes, buffers_dir_ino(TTRT_BUFFER_DRAM), name);

	return e ? e : inode_table_lookup(fs->inodes, buffers_dir_ino(TTRT_BUFFER_L1), name);
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
	struct inode_entry *e = lookup_any(fs, name);

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
		if (!valid_kind(n.idx))
			return -ENOENT;
		stat_dir(fs, st, n, 2 + inode_table_subdirs(fs->inodes, buffers_dir_ino(n.idx)));
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
		e = inode_table_lookup(fs->inodes, buffers_dir_ino(dir.idx), name);
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
		inode_table_foreach_child(fs->inodes, buffers_dir_ino(dir.idx), fill_buffer_dir, &rctx);
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

/* data of a buffer whose shape cannot be placed: the log says why. */
static int log_problem(struct handle *h, int rc)
{
	char why[256];

	if (rc == -EINVAL && ttrt_buffer_problem(h->buf, why, sizeof(why)))
		ttfs_log("%s/%s/data: not allocated: %s", dir_of(h->buf), ttrt_buffer_name(h->buf),
			 why);
	return rc;
}

static ssize_t data_read(struct fs *fs, struct handle *h, char *buf, size_t size, off_t off)
{
	int rc = data_bounds(h, off, &size, 0);

	(void)fs;
	if (rc == 0 && size > 0)
		rc = log_problem(h, ttrt_buffer_read(h->buf, (uint64_t)off, buf, size));
	return rc ? rc : (ssize_t)size;
}

static ssize_t data_write(struct fs *fs, struct handle *h, const char *buf, size_t size, off_t off)
{
	int rc = data_bounds(h, off, &size, 1);

	(void)fs;
	if (rc == 0)
		rc = log_problem(h, ttrt_buffer_write(h->buf, (uint64_t)off, buf, size));
	return rc ? rc : (ssize_t)size;
}

/* A shard spec field: its word, shape or core list. A value refused on
 * its own is EINVAL with the reason in the log. */
static ssize_t shard_field_write(struct handle *h, const char *buf, size_t size)
{
	char text[SHARD_CORES_TEXT_MAX + 1], err[256] = "";
	int rc;

	if (file_policy_attr_text(buf, size, text, SHARD_CORES_TEXT_MAX))
		return -EINVAL;
	rc = ttrt_buffer_set_shard_field(h->buf, (enum ttrt_shard_field)h->node.file, text, err,
					 sizeof(err));
	if (rc == -EINVAL && err[0])
		ttfs_log("%s/%s/%s", dir_of(h->buf), ttrt_buffer_name(h->buf), err);
	if (rc == -EBUSY)
		log_pinned(h->buf, buffer_files[h->node.file].name);
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
	if (h->node.file < TTRT_SHARD_NUM_FIELDS)
		return shard_field_write(h, buf, size);
	if (file_policy_attr_value(buf, size, text))
		return -EINVAL;
	rc = ttrt_parse_size(text, &value);
	if (rc == -ERANGE && h->node.file == BUF_SIZE)
		return -ENOSPC;   /* a number, just more than any memory */
	if (rc)
		return -EINVAL;
	if (h->node.file == BUF_SIZE)
		rc = ttrt_buffer_set_size(h->buf, value);
	else
		rc = value > UINT32_MAX ? -EINVAL : ttrt_buffer_set_page_size(h->buf, (uint32_t)value);
	if (rc == -EBUSY)
		log_pinned(h->buf, buffer_files[h->node.file].name);
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

/* A name taken in either directory is EEXIST; names_lock makes the
 * check and the add one step against a mkdir of the same name in the
 * other directory. The runtime buffer is made first and handed to the
 * table; if that fails it is deleted again. */
static int buffers_mkdir(struct fs *fs, struct node dir, const char *name, struct node *child)
{
	struct inode_entry *e;
	struct ttrt_buffer *b;
	uint64_t id;
	int rc;

	if (dir.kind != K_BUFFERS_DIR || !valid_kind(dir.idx))
		return -EPERM;
	pthread_mutex_lock(&names_lock);
	e = lookup_any(fs, name);
	if (e) {
		inode_table_put(fs->inodes, e);
		rc = -EEXIST;
		goto out;
	}
	rc = ttrt_buffer_new(fs->dev, (enum ttrt_buffer_kind)dir.idx, name, &b);
	if (rc)
		goto out;
	rc = inode_table_add(fs->inodes, buffers_dir_ino(dir.idx), name, K_BUFFER_DIR, INODE_DIR, b,
			     buffer_release, &id);
	if (rc) {
		ttrt_buffer_delete(b);
		ttrt_buffer_put(b);
		goto out;
	}
	*child = node_make(K_BUFFER_DIR, id, 0);
out:
	pthread_mutex_unlock(&names_lock);
	return rc;
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
	e = inode_table_lookup(fs->inodes, buffers_dir_ino(dir.idx), name);
	if (!e)
		return -ENOENT;
	b = inode_entry_payload(e);
	rc = ttrt_buffer_delete(b);
	if (rc == -EBUSY)
		log_pinned(b, NULL);
	inode_table_put(fs->inodes, e);
	if (rc && rc != -ENOENT)
		return rc;
	/* A racing rmdir of the same name may have removed it: ENOENT. */
	return inode_table_remove(fs->inodes, buffers_dir_ino(dir.idx), name, NULL);
}

const struct subtree_ops buffers_subtree = {
	.stat = buffers_stat,
	.lookup = buffers_lookup,
	.readdir = buffers_readdir,
	.open = buffers_open,
	.mkdir = buffers_mkdir,
	.rmdir = buffers_rmdir,
};
