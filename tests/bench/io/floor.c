/* SPDX-License-Identifier: Apache-2.0
 *
 * bench_floor: the cheapest FUSE server that serves reads, the floor that
 * bench_io measures ttfs against. A flat directory of read-only files, all
 * read from one static buffer with fuse_reply_buf; no lookup table, no
 * locks, no device. The session is set up as ttfs sets up its own (see
 * fs/main.c, fs/options.c, fs/ops_io.c): the low-level API, the
 * multithreaded loop with libfuse's default thread settings,
 * default_permissions, direct_io on every open file, no writeback cache,
 * libfuse's default max_read/max_write, and ttfs's caching: names, the
 * root's attributes and a write-only file's for a second, a read-only
 * file's never; noflush on write-only files. Any difference left between
 * the two is the cost of ttfs itself.
 *
 * usage: bench_floor MOUNTPOINT NAME=SIZE|NAME=w...
 *   NAME=SIZE  a read-only file of SIZE bytes (SIZE <= 4 MiB)
 *   NAME=w     a write-only file of size 0 that takes any write whole, as
 *              a program's run file does (bench_launch)
 *   at most 8 files
 * Runs in the foreground until unmounted or signalled.
 */
#define FUSE_USE_VERSION 314
#include <fuse_lowlevel.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FILES 8
#define MAX_SIZE  (4u << 20)

struct floor_file {
	char name[64];
	size_t size;
	int write_only;
};

/* As ttfs (fs/ops.c): names, directories and write-only files are cached. */
#define CACHE_S 1.0

static struct floor_file files[MAX_FILES];
static int nfiles;
static unsigned char data[MAX_SIZE];

/* Inode 1 is the root, file i is inode i + 2. */
static struct floor_file *file_of(fuse_ino_t ino)
{
	return ino >= 2 && ino < (fuse_ino_t)nfiles + 2 ? &files[ino - 2] : NULL;
}

static void fill_stat(fuse_ino_t ino, struct stat *st)
{
	struct floor_file *f = file_of(ino);

	memset(st, 0, sizeof(*st));
	st->st_ino = ino;
	st->st_uid = getuid();
	st->st_gid = getgid();
	if (f) {
		st->st_mode = S_IFREG | (f->write_only ? 0200 : 0444);
		st->st_nlink = 1;
		st->st_size = (off_t)f->size;
	} else {
		st->st_mode = S_IFDIR | 0555;
		st->st_nlink = 2;
	}
}

static void floor_lookup(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct fuse_entry_param e;

	if (parent != FUSE_ROOT_ID) {
		fuse_reply_err(req, ENOTDIR);
		return;
	}
	for (int i = 0; i < nfiles; i++) {
		if (strcmp(name, files[i].name) == 0) {
			memset(&e, 0, sizeof(e));
			e.ino = (fuse_ino_t)i + 2;
			e.generation = 1;
			fill_stat(e.ino, &e.attr);
			e.entry_timeout = CACHE_S;
			e.attr_timeout = files[i].write_only ? CACHE_S : 0.0;
			fuse_reply_entry(req, &e);
			return;
		}
	}
	fuse_reply_err(req, ENOENT);
}

static void floor_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct stat st;

	(void)fi;
	if (ino != FUSE_ROOT_ID && !file_of(ino)) {
		fuse_reply_err(req, ENOENT);
		return;
	}
	fill_stat(ino, &st);
	fuse_reply_attr(req, &st, !file_of(ino) || file_of(ino)->write_only ? CACHE_S : 0.0);
}

static void floor_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct floor_file *f = file_of(ino);

	if (!f) {
		fuse_reply_err(req, EISDIR);
		return;
	}
	if ((fi->flags & O_ACCMODE) != (f->write_only ? O_WRONLY : O_RDONLY)) {
		fuse_reply_err(req, EACCES);
		return;
	}
	fi->direct_io = 1;
	fi->keep_cache = 0;
	fi->noflush = f->write_only;
	fuse_reply_open(req, fi);
}

static void floor_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
		       struct fuse_file_info *fi)
{
	struct floor_file *f = file_of(ino);

	(void)fi;
	if (!f || off < 0) {
		fuse_reply_err(req, EINVAL);
		return;
	}
	if ((size_t)off >= f->size)
		size = 0;
	else if (size > f->size - (size_t)off)
		size = f->size - (size_t)off;
	fuse_reply_buf(req, size ? (const char *)data + off : NULL, size);
}

static void floor_write(fuse_req_t req, fuse_ino_t ino, const char *buf, size_t size, off_t off,
			struct fuse_file_info *fi)
{
	struct floor_file *f = file_of(ino);

	(void)buf;
	(void)off;
	(void)fi;
	if (!f || !f->write_only)
		fuse_reply_err(req, EBADF);
	else
		fuse_reply_write(req, size);
}

static void floor_init(void *userdata, struct fuse_conn_info *conn)
{
	(void)userdata;
	conn->want &= ~FUSE_CAP_WRITEBACK_CACHE;   /* as ttfs */
}

static const struct fuse_lowlevel_ops floor_ops = {
	.init = floor_init,
	.lookup = floor_lookup,
	.getattr = floor_getattr,
	.open = floor_open,
	.read = floor_read,
	.write = floor_write,
};

static int parse_files(int argc, char **argv)
{
	for (int i = 2; i < argc; i++) {
		char *eq = strchr(argv[i], '='), *end;
		unsigned long long size;

		if (!eq || eq == argv[i] || (size_t)(eq - argv[i]) >= sizeof(files[0].name) ||
		    nfiles == MAX_FILES) {
			fprintf(stderr, "bench_floor: bad file spec '%s'\n", argv[i]);
			return -1;
		}
		if (strcmp(eq + 1, "w") == 0) {
			memcpy(files[nfiles].name, argv[i], (size_t)(eq - argv[i]));
			files[nfiles++].write_only = 1;
			continue;
		}
		errno = 0;
		size = strtoull(eq + 1, &end, 0);
		if (errno || *end || size > MAX_SIZE) {
			fprintf(stderr, "bench_floor: %s: size must be at most %u\n", argv[i], MAX_SIZE);
			return -1;
		}
		memcpy(files[nfiles].name, argv[i], (size_t)(eq - argv[i]));
		files[nfiles++].size = (size_t)size;
	}
	return 0;
}

int main(int argc, char **argv)
{
	char *fargv[] = { argv[0], "-odefault_permissions", NULL };
	struct fuse_args args = FUSE_ARGS_INIT(2, fargv);
	struct fuse_loop_config *lc;
	struct fuse_session *se;
	int rc = 1;

	if (argc < 3 || parse_files(argc, argv) != 0) {
		fprintf(stderr, "usage: %s MOUNTPOINT NAME=SIZE|NAME=w...\n", argv[0]);
		return 2;
	}
	/* Real pages, as ttfs reads from touched device memory. */
	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = (unsigned char)(i * 131u + 7u);
	se = fuse_session_new(&args, &floor_ops, sizeof(floor_ops), NULL);
	if (!se)
		return 1;
	if (fuse_set_signal_handlers(se) != 0)
		goto out_session;
	if (fuse_session_mount(se, argv[1]) != 0)
		goto out_signals;
	lc = fuse_loop_cfg_create();
	if (lc) {
		fuse_loop_cfg_set_clone_fd(lc, 0);
		/* A signal that stops the loop is an orderly stop. */
		rc = fuse_session_loop_mt(se, lc) < 0;
		fuse_loop_cfg_destroy(lc);
	}
	fuse_session_unmount(se);
out_signals:
	fuse_remove_signal_handlers(se);
out_session:
	fuse_session_destroy(se);
	return rc;
}
