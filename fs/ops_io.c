/* SPDX-License-Identifier: Apache-2.0
 *
 * Operations on open files: open, read, write and release, with the
 * zero-copy path for memory files.
 */
#include "ops.h"
#include "racy_copy.h"
#include "staging.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

static void close_handle(struct open_file *of)
{
	handle_put((struct handle *)((char *)of - offsetof(struct handle, of)));
}

int reply_open(fuse_req_t req, struct handle *h, struct fuse_file_info *fi,
	       const struct fuse_entry_param *e)
{
	struct fs *fs = fs_of(req);   /* the reply frees req */
	int rc;

	fi->fh = (uint64_t)(uintptr_t)h;
	fi->direct_io = 1;
	fi->keep_cache = 0;
	fi->nonseekable = 0;
	/* close(2) of a file with nothing to hand over at close costs no
	 * FLUSH round trip (kernels since 5.16 honour it): a relaunch is
	 * open, write, close, and the flush was a third of its FUSE cost. */
	fi->noflush = !h->ops->flush;
	open_files_add(&fs->open, &h->of, close_handle);
	rc = e ? fuse_reply_create(req, e, fi) : fuse_reply_open(req, fi);
	if (rc != 0) {
		open_files_remove(&fs->open, &h->of);
		handle_put(h);
	}
	return rc;
}

void op_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct node n = node_of_ino(ino);
	const struct subtree_ops *ops = subtree_of(n.kind);
	struct handle *h = NULL;
	int rc = ops && ops->open ? ops->open(fs_of(req), n, fi->flags, &h) : -EISDIR;

	if (rc)
		fuse_reply_err(req, -rc);
	else
		reply_open(req, h, fi, NULL);
}

/* Pieces a zero-copy reply or write may use: one per page of a buffer.
 * A reply is written with one writev(2) of the header and the pieces, and
 * the kernel refuses more than IOV_MAX with EINVAL; fuse_reply_iov then
 * frees the request unanswered and the reader sleeps forever. A transfer
 * that needs more pieces takes the copying path. */
#define MAX_DIRECT_IOV (IOV_MAX - 1)
_Static_assert(MAX_DIRECT_IOV >= 1, "IOV_MAX leaves no room for data");

/* Starts a zero-copy transfer of [off, off + *size): returns the number
 * of pieces, put in *iov (this thread's array, valid until the request
 * ends), -ENOTSUP when the handle cannot, or -errno. */
static int direct_start(struct fs *fs, struct handle *h, off_t off, size_t *size, int writing,
			struct iovec **iov)
{
	/* One array per FUSE thread: no allocation on the hot path. */
	static _Thread_local struct iovec pieces[MAX_DIRECT_IOV];

	if (!h->ops->direct_begin)
		return -ENOTSUP;
	*iov = pieces;
	return h->ops->direct_begin(fs, h, off, size, writing, pieces, MAX_DIRECT_IOV);
}

/* A reply of more pieces than this is copied into one buffer first. The
 * kernel pins and copies each piece of a reply on its own; for 512 pieces
 * of 2 KiB (a 1 MiB read of a buffer with tile-sized pages, interleaved
 * over the banks) that cost more than one copy in user space: 0.78x the
 * floor's throughput as pieces against 0.88x gathered, reads alternating
 * with the floor's so that neither stays in the cache. */
#define GATHER_ABOVE_PIECES 8

/* Replies with the pieces copied into a staging buffer, or with the
 * pieces themselves when none can be had. */
static void reply_gathered(fuse_req_t req, const struct iovec *iov, int n)
{
	size_t total = 0, at = 0;
	struct staging *s;
	char *buf;

	for (int i = 0; i < n; i++)
		total += iov[i].iov_len;
	s = staging_get(total);
	if (!s) {
		fuse_reply_iov(req, iov, n);
		return;
	}
	buf = staging_mem(s);
	for (int i = 0; i < n; i++) {
		memcpy(buf + at, iov[i].iov_base, iov[i].iov_len);
		at += iov[i].iov_len;
	}
	fuse_reply_buf(req, buf, total);
	staging_put(s);
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
	/* Each call replies exactly once, even when sending fails (it frees
	 * req): there is nothing left to answer then. */
	racy_copy_begin();
	if (n == 0)
		fuse_reply_buf(req, NULL, 0);
	else if (n == 1)   /* L1, most reads: fuse_reply_iov mallocs a copy of iov */
		fuse_reply_buf(req, iov[0].iov_base, iov[0].iov_len);
	else if (n > GATHER_ABOVE_PIECES)
		reply_gathered(req, iov, n);
	else
		fuse_reply_iov(req, iov, n);
	racy_copy_end();
	if (n > 0 && h->ops->direct_end)
		h->ops->direct_end(fs, h, 0);
	return 1;
}

void op_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
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

/* Zero-copy write: the data goes from the request straight into device
 * memory. 1 if it replied, 0 if it cannot. */
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
	racy_copy_begin();
	copied = dst ? fuse_buf_copy(dst, in, 0) : -ENOMEM;
	racy_copy_end();
	if (h->ops->direct_end)
		h->ops->direct_end(fs, h, 1);
	if (copied < 0)
		fuse_reply_err(req, (int)-copied);
	else
		fuse_reply_write(req, (size_t)copied);
	free(dst);
	return 1;
}

/* The write request this FUSE thread serves, for fs_interrupt_begin: a
 * handle's write op does not see the request. */
static _Thread_local fuse_req_t current_write;

/* Called by libfuse under the request's lock, which fs_interrupt_end takes
 * too: in is still live here. */
static void mark_interrupted(fuse_req_t req, void *arg)
{
	struct fs_interrupt *in = arg;

	(void)req;
	atomic_store(&in->fired, 1);
}

static int interrupt_fired(void *arg)
{
	struct fs_interrupt *in = arg;

	return atomic_load(&in->fired) || (in->se && fuse_session_exited(in->se));
}

void fs_interrupt_begin(struct fs_interrupt *in)
{
	atomic_init(&in->fired, 0);
	in->req = current_write;
	in->se = in->req ? fs_of(in->req)->se : NULL;
	in->wait.interrupted = interrupt_fired;
	in->wait.arg = in;
	/* Calls mark_interrupted at once if the interrupt came first. */
	if (in->req)
		fuse_req_interrupt_func(in->req, mark_interrupted, in);
}

void fs_interrupt_end(struct fs_interrupt *in)
{
	if (in->req)
		fuse_req_interrupt_func(in->req, NULL, NULL);
}

void op_write_buf(fuse_req_t req, fuse_ino_t ino, struct fuse_bufvec *in, off_t off,
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
	if (n >= 0) {
		current_write = req;
		n = h->ops->write(fs_of(req), h, dst.buf[0].mem, (size_t)n, off);
		current_write = NULL;
	}
	if (n < 0)
		fuse_reply_err(req, (int)-n);
	else
		fuse_reply_write(req, (size_t)n);
	free(dst.buf[0].mem);
	handle_put(h);
}

void op_flush(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct handle *h = handle_of(fi);
	int rc = 0;

	(void)ino;
	handle_get(h);
	if (h->ops->flush)
		rc = h->ops->flush(fs_of(req), h);
	fuse_reply_err(req, -rc);
	handle_put(h);
}

/* A file without a poll op is always ready, as a regular file is. Never
 * ENOSYS: the kernel would then stop asking for the whole mount. */
void op_poll(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi,
	     struct fuse_pollhandle *ph)
{
	struct handle *h = handle_of(fi);
	unsigned revents;

	(void)ino;
	handle_get(h);
	if (h->ops->poll) {
		revents = h->ops->poll(fs_of(req), h, ph);
	} else {
		revents = POLLIN | POLLRDNORM | POLLOUT | POLLWRNORM;
		if (ph)
			fuse_pollhandle_destroy(ph);
	}
	fuse_reply_poll(req, revents);
	handle_put(h);
}

void op_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct handle *h = handle_of(fi);

	(void)ino;
	open_files_remove(&fs_of(req)->open, &h->of);
	handle_put(h);
	fuse_reply_err(req, 0);
}
