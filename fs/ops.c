/* SPDX-License-Identifier: Apache-2.0
 *
 * libfuse low-level operations: decode the inode into a node, hand it to
 * its subtree, reply. Every entry and attribute has a zero timeout and
 * every file is direct_io, so nothing the kernel shows is ever stale.
 */
#include "buffer_nodes.h"
#include "fs.h"
#include "ops.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

const struct subtree_ops *subtree_of(enum node_kind kind)
{
	switch (kind) {
	case K_ROOT: case K_README: return &root_subtree;
	case K_DEVICE_DIR: case K_DEVICE_FILE: return &device_subtree;
	case K_CORES_DIR: case K_CORE_DIR: case K_CORE_FILE: return &cores_subtree;
	case K_NOC0_DIR: case K_NOC0_LINK: return &noc0_subtree;
	case K_DRAM_DIR: case K_DRAM_BANK: return &dram_subtree;
	case K_BUFFERS_DIR: case K_BUFFER_DIR: case K_BUFFER_FILE: return &buffers_subtree;
	default: return NULL;
	}
}

static struct fs *fs_of(fuse_req_t req)
{
	return fuse_req_userdata(req);
}

static int node_stat(struct fs *fs, struct node n, struct stat *st)
{
	const struct subtree_ops *ops = subtree_of(n.kind);

	return ops ? ops->stat(fs, n, st) : -ENOENT;
}

static int is_buffer_node(struct node n)
{
	return n.kind == K_BUFFER_DIR || n.kind == K_BUFFER_FILE;
}

/* Reply with an entry; buffer nodes count the lookup for forget. */
static void reply_entry(fuse_req_t req, struct fs *fs, struct node child)
{
	struct fuse_entry_param e;
	int rc;

	memset(&e, 0, sizeof(e));
	rc = node_stat(fs, child, &e.attr);
	if (rc) {
		fuse_reply_err(req, -rc);
		return;
	}
	e.ino = node_ino(child);
	e.generation = 1;
	if (is_buffer_node(child))
		buffer_nodes_lookup(fs->buffers, child.idx, 1);
	if (fuse_reply_entry(req, &e) != 0 && is_buffer_node(child))
		buffer_nodes_forget(fs->buffers, child.idx, 1);
}

static void op_lookup(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct fs *fs = fs_of(req);
	struct node dir = node_of_ino(parent), child;
	const struct subtree_ops *ops = subtree_of(dir.kind);
	int rc = ops && ops->lookup ? ops->lookup(fs, dir, name, &child) : -ENOTDIR;

	if (rc)
		fuse_reply_err(req, -rc);
	else
		reply_entry(req, fs, child);
}

static void op_forget(fuse_req_t req, fuse_ino_t ino, uint64_t nlookup)
{
	struct node n = node_of_ino(ino);

	if (is_buffer_node(n))
		buffer_nodes_forget(fs_of(req)->buffers, n.idx, nlookup);
	fuse_reply_none(req);
}

static void op_forget_multi(fuse_req_t req, size_t count, struct fuse_forget_data *forgets)
{
	for (size_t i = 0; i < count; i++) {
		struct node n = node_of_ino(forgets[i].ino);
		if (is_buffer_node(n))
			buffer_nodes_forget(fs_of(req)->buffers, n.idx, forgets[i].nlookup);
	}
	fuse_reply_none(req);
}

static void op_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct stat st;
	int rc = node_stat(fs_of(req), node_of_ino(ino), &st);

	(void)fi;
	if (rc)
		fuse_reply_err(req, -rc);
	else
		fuse_reply_attr(req, &st, 0.0);
}

/* Only size changes (truncation) are meaningful; the subtree decides. */
static void op_setattr(fuse_req_t req, fuse_ino_t ino, struct stat *attr, int to_set,
		       struct fuse_file_info *fi)
{
	struct fs *fs = fs_of(req);
	struct node n = node_of_ino(ino);
	const struct subtree_ops *ops = subtree_of(n.kind);
	struct stat st;
	int rc = 0;

	(void)fi;
	if (to_set & (FUSE_SET_ATTR_MODE | FUSE_SET_ATTR_UID | FUSE_SET_ATTR_GID))
		rc = -EPERM;
	else if (to_set & FUSE_SET_ATTR_SIZE)
		rc = ops && ops->truncate ? ops->truncate(fs, n, attr->st_size) : -EACCES;
	if (rc == 0)
		rc = node_stat(fs, n, &st);
	if (rc)
		fuse_reply_err(req, -rc);
	else
		fuse_reply_attr(req, &st, 0.0);
}

static void op_readlink(fuse_req_t req, fuse_ino_t ino)
{
	struct node n = node_of_ino(ino);
	const struct subtree_ops *ops = subtree_of(n.kind);
	char target[256];
	int rc = ops && ops->readlink ? ops->readlink(fs_of(req), n, target, sizeof(target))
				      : -EINVAL;

	if (rc)
		fuse_reply_err(req, -rc);
	else
		fuse_reply_readlink(req, target);
}

static void op_mkdir(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode)
{
	struct fs *fs = fs_of(req);
	struct node dir = node_of_ino(parent), child;
	const struct subtree_ops *ops = subtree_of(dir.kind);
	int rc = ops && ops->mkdir ? ops->mkdir(fs, dir, name, &child) : -EPERM;

	(void)mode;
	if (rc)
		fuse_reply_err(req, -rc);
	else
		reply_entry(req, fs, child);
}

/* The tree is the device's: only buffers are made (mkdir) and removed
 * (rmdir). Everything else that would add, remove or rename an entry is
 * refused as not permitted; a name that is not there is ENOENT. */
static int exists(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct node dir = node_of_ino(parent), child;
	const struct subtree_ops *ops = subtree_of(dir.kind);

	return ops && ops->lookup && ops->lookup(fs_of(req), dir, name, &child) == 0;
}

static void op_unlink(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	fuse_reply_err(req, exists(req, parent, name) ? EPERM : ENOENT);
}

static void op_mknod(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode, dev_t rdev)
{
	(void)mode;
	(void)rdev;
	fuse_reply_err(req, exists(req, parent, name) ? EEXIST : EPERM);
}

static void op_create(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode,
		      struct fuse_file_info *fi)
{
	(void)mode;
	(void)fi;
	fuse_reply_err(req, exists(req, parent, name) ? EEXIST : EPERM);
}

static void op_symlink(fuse_req_t req, const char *link, fuse_ino_t parent, const char *name)
{
	(void)link;
	fuse_reply_err(req, exists(req, parent, name) ? EEXIST : EPERM);
}

static void op_link(fuse_req_t req, fuse_ino_t ino, fuse_ino_t newparent, const char *newname)
{
	(void)ino;
	fuse_reply_err(req, exists(req, newparent, newname) ? EEXIST : EPERM);
}

static void op_rename(fuse_req_t req, fuse_ino_t parent, const char *name, fuse_ino_t newparent,
		      const char *newname, unsigned int flags)
{
	(void)newparent;
	(void)newname;
	(void)flags;
	fuse_reply_err(req, exists(req, parent, name) ? EPERM : ENOENT);
}

static void op_rmdir(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct node dir = node_of_ino(parent), child;
	const struct subtree_ops *ops = subtree_of(dir.kind);
	int rc;

	if (ops && ops->rmdir)
		rc = ops->rmdir(fs_of(req), dir, name);
	else if (ops && ops->lookup && ops->lookup(fs_of(req), dir, name, &child) == 0)
		rc = -EPERM;
	else
		rc = -ENOENT;
	fuse_reply_err(req, -rc);
}

static void close_handle(struct open_file *of)
{
	handle_put((struct handle *)((char *)of - offsetof(struct handle, of)));
}

static void op_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct node n = node_of_ino(ino);
	const struct subtree_ops *ops = subtree_of(n.kind);
	struct handle *h = NULL;
	int rc = ops && ops->open ? ops->open(fs_of(req), n, fi->flags, &h) : -EISDIR;

	if (rc) {
		fuse_reply_err(req, -rc);
		return;
	}
	fi->fh = (uint64_t)(uintptr_t)h;
	fi->direct_io = 1;
	fi->keep_cache = 0;
	fi->nonseekable = 0;
	open_files_add(&fs_of(req)->open, &h->of, close_handle);
	if (fuse_reply_open(req, fi) != 0) {
		open_files_remove(&fs_of(req)->open, &h->of);
		handle_put(h);
	}
}

static struct handle *handle_of(struct fuse_file_info *fi)
{
	return (struct handle *)(uintptr_t)fi->fh;
}

/* Pieces a zero-copy reply or write may use: one per page of a buffer. */
#define MAX_DIRECT_IOV 1024

/* Starts a zero-copy transfer of [off, off + *size): returns the number
 * of pieces, put in *iov (free it; NULL when there are none), -ENOTSUP
 * when the handle cannot, or -errno. */
static int direct_start(struct fs *fs, struct handle *h, off_t off, size_t *size, int writing,
			struct iovec **iov)
{
	int n;

	if (!h->ops->direct_begin)
		return -ENOTSUP;
	*iov = malloc(MAX_DIRECT_IOV * sizeof(**iov));
	if (!*iov)
		return -ENOTSUP;   /* the copying path may still manage */
	n = h->ops->direct_begin(fs, h, off, size, writing, *iov, MAX_DIRECT_IOV);
	if (n <= 0) {
		free(*iov);
		*iov = NULL;
	}
	return n;
}

/* Tries the zero-copy path: 1 if it replied, 0 if the handle cannot. */
static int read_direct(fuse_req_t req, struct handle *h, size_t size, off_t off)
{
	struct fs *fs = fs_of(req);   /* the reply frees req */
	struct iovec *iov = NULL;
	int n = direct_start(fs, h, off, &size, 0, &iov);

	if (n == -ENOTSUP)
		return 0;
	if (n < 0) {
		fuse_reply_err(req, -n);
		return 1;
	}
	if (n == 0)
		fuse_reply_buf(req, NULL, 0);
	else
		fuse_reply_iov(req, iov, n);
	if (n > 0 && h->ops->direct_end)
		h->ops->direct_end(fs, h, 0);
	free(iov);
	return 1;
}

static void op_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
		    struct fuse_file_info *fi)
{
	struct handle *h = handle_of(fi);
	char *buf;
	ssize_t n;

	(void)ino;
	handle_get(h);
	if (read_direct(req, h, size, off)) {
		handle_put(h);
		return;
	}
	if (!h->ops->read) {
		fuse_reply_err(req, EBADF);
		handle_put(h);
		return;
	}
	buf = malloc(size ? size : 1);
	if (!buf) {
		fuse_reply_err(req, ENOMEM);
		handle_put(h);
		return;
	}
	n = h->ops->read(fs_of(req), h, buf, size, off);
	if (n < 0)
		fuse_reply_err(req, (int)-n);
	else
		fuse_reply_buf(req, buf, (size_t)n);
	free(buf);
	handle_put(h);
}

/* The device memory pieces as a destination for fuse_buf_copy. */
static struct fuse_bufvec *bufvec_of(const struct iovec *iov, int n)
{
	struct fuse_bufvec *v = calloc(1, sizeof(*v) + (size_t)n * sizeof(v->buf[0]));

	if (!v)
		return NULL;
	v->count = (size_t)n;
	for (int i = 0; i < n; i++) {
		v->buf[i].mem = iov[i].iov_base;
		v->buf[i].size = iov[i].iov_len;
	}
	return v;
}

/* Zero-copy write: the data goes from the request (a pipe when splice is
 * on) straight into device memory. 1 if it replied, 0 if it cannot. */
static int write_direct(fuse_req_t req, struct handle *h, struct fuse_bufvec *in, size_t size,
			off_t off)
{
	struct fs *fs = fs_of(req);
	struct fuse_bufvec *dst;
	struct iovec *iov = NULL;
	ssize_t copied;
	int n = direct_start(fs, h, off, &size, 1, &iov);

	if (n == -ENOTSUP)
		return 0;
	if (n <= 0) {
		if (n < 0)
			fuse_reply_err(req, -n);
		else
			fuse_reply_write(req, 0);
		return 1;
	}
	dst = bufvec_of(iov, n);
	copied = dst ? fuse_buf_copy(dst, in, 0) : -ENOMEM;
	if (h->ops->direct_end)
		h->ops->direct_end(fs, h, 1);
	if (copied < 0)
		fuse_reply_err(req, (int)-copied);
	else
		fuse_reply_write(req, (size_t)copied);
	free(dst);
	free(iov);
	return 1;
}

static void op_write_buf(fuse_req_t req, fuse_ino_t ino, struct fuse_bufvec *in, off_t off,
			 struct fuse_file_info *fi)
{
	struct handle *h = handle_of(fi);
	size_t size = fuse_buf_size(in);
	struct fuse_bufvec dst = FUSE_BUFVEC_INIT(size);
	ssize_t n;

	(void)ino;
	handle_get(h);
	if (write_direct(req, h, in, size, off)) {
		handle_put(h);
		return;
	}
	if (!h->ops->write) {
		fuse_reply_err(req, EBADF);
		handle_put(h);
		return;
	}
	dst.buf[0].mem = malloc(size ? size : 1);
	if (!dst.buf[0].mem) {
		fuse_reply_err(req, ENOMEM);
		handle_put(h);
		return;
	}
	n = fuse_buf_copy(&dst, in, 0);
	if (n >= 0)
		n = h->ops->write(fs_of(req), h, dst.buf[0].mem, (size_t)n, off);
	if (n < 0)
		fuse_reply_err(req, (int)-n);
	else
		fuse_reply_write(req, (size_t)n);
	free(dst.buf[0].mem);
	handle_put(h);
}

static void op_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct handle *h = handle_of(fi);

	(void)ino;
	open_files_remove(&fs_of(req)->open, &h->of);
	handle_put(h);
	fuse_reply_err(req, 0);
}

/* ---- directories: the listing is taken whole at opendir ---------------- */

struct dir_entry {
	char name[256];
	fuse_ino_t ino;
	mode_t type;
};

struct dir_listing {
	struct open_file of;
	struct dir_entry *entries;
	size_t count, cap;
	int failed;
};

static int listing_add(void *ctx, const char *name, struct node child, mode_t type)
{
	struct dir_listing *dl = ctx;
	struct dir_entry *e;

	if (dl->count == dl->cap) {
		size_t cap = dl->cap ? dl->cap * 2 : 32;
		struct dir_entry *p = realloc(dl->entries, cap * sizeof(*p));
		if (!p) {
			dl->failed = 1;
			return 1;
		}
		dl->entries = p;
		dl->cap = cap;
	}
	e = &dl->entries[dl->count++];
	snprintf(e->name, sizeof(e->name), "%s", name);
	e->ino = node_ino(child);
	e->type = type;
	return 0;
}

static void listing_free(struct dir_listing *dl)
{
	free(dl->entries);
	free(dl);
}

static void close_listing(struct open_file *of)
{
	listing_free((struct dir_listing *)((char *)of - offsetof(struct dir_listing, of)));
}

static void op_opendir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct node n = node_of_ino(ino);
	const struct subtree_ops *ops = subtree_of(n.kind);
	struct dir_listing *dl;
	struct stat st;
	int rc = node_stat(fs_of(req), n, &st);

	if (rc == 0 && !S_ISDIR(st.st_mode))
		rc = -ENOTDIR;
	if (rc) {
		fuse_reply_err(req, -rc);
		return;
	}
	dl = calloc(1, sizeof(*dl));
	if (!dl) {
		fuse_reply_err(req, ENOMEM);
		return;
	}
	listing_add(dl, ".", n, S_IFDIR);
	listing_add(dl, "..", n, S_IFDIR);
	rc = ops->readdir(fs_of(req), n, listing_add, dl);
	if (rc || dl->failed) {
		listing_free(dl);
		fuse_reply_err(req, rc ? -rc : ENOMEM);
		return;
	}
	fi->fh = (uint64_t)(uintptr_t)dl;
	open_files_add(&fs_of(req)->open, &dl->of, close_listing);
	if (fuse_reply_open(req, fi) != 0) {
		open_files_remove(&fs_of(req)->open, &dl->of);
		listing_free(dl);
	}
}

/* off is the index of the next entry to send. */
static void op_readdir(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
		       struct fuse_file_info *fi)
{
	struct dir_listing *dl = (struct dir_listing *)(uintptr_t)fi->fh;
	char *buf = malloc(size ? size : 1);
	size_t used = 0;

	(void)ino;
	if (!buf) {
		fuse_reply_err(req, ENOMEM);
		return;
	}
	for (size_t i = (size_t)off; off >= 0 && i < dl->count; i++) {
		struct stat st = { .st_ino = dl->entries[i].ino, .st_mode = dl->entries[i].type };
		size_t need = fuse_add_direntry(req, buf + used, size - used, dl->entries[i].name,
						&st, (off_t)(i + 1));
		if (need > size - used)
			break;
		used += need;
	}
	fuse_reply_buf(req, buf, used);
	free(buf);
}

static void op_releasedir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct dir_listing *dl = (struct dir_listing *)(uintptr_t)fi->fh;

	(void)ino;
	open_files_remove(&fs_of(req)->open, &dl->of);
	listing_free(dl);
	fuse_reply_err(req, 0);
}

static void op_statfs(fuse_req_t req, fuse_ino_t ino)
{
	struct statvfs sv;
	struct fs *fs = fs_of(req);

	(void)ino;
	memset(&sv, 0, sizeof(sv));
	sv.f_bsize = 4096;
	sv.f_frsize = 4096;
	sv.f_blocks = ttrt_dram_bank_size(fs->dev) * TTRT_NUM_DRAM_BANKS / 4096;
	sv.f_bfree = sv.f_bavail = ttrt_dram_free_per_bank(fs->dev) * TTRT_NUM_DRAM_BANKS / 4096;
	sv.f_namemax = 255;
	fuse_reply_statfs(req, &sv);
}

static void op_init(void *userdata, struct fuse_conn_info *conn)
{
	(void)userdata;
	/* Each write(2) must reach us as it was made, so attribute files see
	 * whole values: never let the kernel gather writes in its cache. */
	conn->want &= ~FUSE_CAP_WRITEBACK_CACHE;
	/* Large writes arrive in a pipe and go to device memory with one copy. */
	if (conn->capable & FUSE_CAP_SPLICE_READ)
		conn->want |= FUSE_CAP_SPLICE_READ;
}

const struct fuse_lowlevel_ops ttfs_ops = {
	.init = op_init,
	.lookup = op_lookup,
	.forget = op_forget,
	.forget_multi = op_forget_multi,
	.getattr = op_getattr,
	.setattr = op_setattr,
	.readlink = op_readlink,
	.mkdir = op_mkdir,
	.rmdir = op_rmdir,
	.unlink = op_unlink,
	.mknod = op_mknod,
	.create = op_create,
	.symlink = op_symlink,
	.link = op_link,
	.rename = op_rename,
	.open = op_open,
	.read = op_read,
	.write_buf = op_write_buf,
	.release = op_release,
	.opendir = op_opendir,
	.readdir = op_readdir,
	.releasedir = op_releasedir,
	.statfs = op_statfs,
};
