/* SPDX-License-Identifier: Apache-2.0
 *
 * The FUSE layer: a thin map from nodes to runtime calls. Each subtree
 * (root, device, cores, noc0, dram, l1, buffers, programs) implements the same small set
 * of operations; ops.c dispatches on the node kind.
 */
#ifndef TTFS_FS_H
#define TTFS_FS_H

#include "file_policy.h"
#include "node.h"
#include "open_files.h"
#include "poll_notify.h"
#include "ttrt.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <sys/types.h>

struct inode_table;

struct fs {
	struct ttrt_device *dev;
	struct inode_table *inodes;   /* dynamic nodes: buffers, programs */
	uid_t uid;
	gid_t gid;
	struct timespec mounted_at;
	struct open_files open;
	struct fuse_session *se;      /* set before the loop runs */
	struct poll_notifier notifier;   /* wakes poll() on programs' status */
	/* The files made in program directories have their names in the
	 * inode table and their text in the runtime: taken for writing by
	 * what changes a name (create, unlink, rename, rmdir), for reading
	 * by what goes from a name to the text, so both always agree. */
	pthread_rwlock_t program_names;
};

/* An open file. Text files are rendered once at open (a snapshot, as
 * lxcfs does); memory files go to the runtime on every read and write. */
struct handle;
struct iovec;
struct handle_ops {
	ssize_t (*read)(struct fs *fs, struct handle *h, char *buf, size_t size, off_t off);
	ssize_t (*write)(struct fs *fs, struct handle *h, const char *buf, size_t size, off_t off);
	/* Memory files, optional: [off, off + *size) as pieces of host memory
	 * so that replies and writes skip a copy (the simulator keeps device
	 * memory in host memory). *size is clamped at the end of the file for
	 * reads. Returns the number of pieces (0: nothing to move), -ENOTSUP to
	 * use read/write instead, or -errno. A begin that returned pieces is
	 * paired with an end. */
	int (*direct_begin)(struct fs *fs, struct handle *h, off_t off, size_t *size, int writing,
			    struct iovec *iov, int max_iov);
	void (*direct_end)(struct fs *fs, struct handle *h, int writing);
	/* Optional: at each close(2) of a descriptor of the file (FUSE
	 * flush); its error is what close(2) returns. */
	int (*flush)(struct fs *fs, struct handle *h);
	/* Optional: poll(2). Returns the ready events; ph (may be NULL) is the
	 * kernel's wait, which the op owns. Without it a file is always ready. */
	unsigned (*poll)(struct fs *fs, struct handle *h, struct fuse_pollhandle *ph);
	void (*release)(struct handle *h);
};

struct handle {
	struct open_file of;       /* in fs->open while the kernel has it open */
	_Atomic int refs;          /* the open file, plus requests using it */
	const struct handle_ops *ops;
	struct node node;
	char *text;
	size_t len;
	struct ttrt_buffer *buf;   /* buffer files hold a reference */
	struct ttrt_program *prog; /* program files hold a reference */
	void *priv;                /* the subtree's own state; its release frees it */
};

/* readdir callback: return non-zero to stop (the reply buffer is full). */
typedef int (*dir_fill_fn)(void *ctx, const char *name, struct node child, mode_t type);

struct subtree_ops {
	int (*stat)(struct fs *fs, struct node n, struct stat *st);
	int (*lookup)(struct fs *fs, struct node dir, const char *name, struct node *child);
	int (*readdir)(struct fs *fs, struct node dir, dir_fill_fn fill, void *ctx);
	int (*open)(struct fs *fs, struct node n, int flags, struct handle **out);
	int (*readlink)(struct fs *fs, struct node n, char *buf, size_t size);
	int (*mkdir)(struct fs *fs, struct node dir, const char *name, struct node *child);
	int (*rmdir)(struct fs *fs, struct node dir, const char *name);
	/* Optional, for a directory that holds files of the user's (a
	 * program's): make one (mode: its type and permissions, as mknod(2)
	 * has them), remove one, rename one (flags as renameat2(2)). */
	int (*mknod)(struct fs *fs, struct node dir, const char *name, mode_t mode,
		     struct node *child);
	int (*unlink)(struct fs *fs, struct node dir, const char *name);
	int (*rename)(struct fs *fs, struct node dir, const char *name, struct node new_dir,
		      const char *new_name, unsigned flags);
	/* Optional: truncate(2) (h NULL) or ftruncate(2) (h the open file)
	 * of a file that may change size. */
	int (*truncate)(struct fs *fs, struct node n, off_t size, struct handle *h);
};

extern const struct subtree_ops root_subtree, device_subtree, cores_subtree, noc0_subtree,
	dram_subtree, l1_subtree, buffers_subtree, programs_subtree;
const struct subtree_ops *subtree_of(enum node_kind kind);

/* Helpers shared by the subtrees (handle.c). */
void stat_fill(struct fs *fs, struct stat *st, struct node n, mode_t mode, off_t size);
void stat_dir(struct fs *fs, struct stat *st, struct node n, nlink_t links);
/* A handle that serves a rendered text; takes ownership of text. */
int handle_new_text(struct node n, char *text, size_t len, struct handle **out);
int handle_new(struct node n, const struct handle_ops *ops, struct handle **out);
/* A request that uses h after replying (the reply lets the kernel release
 * the file at once) holds a reference; release drops the file's own. */
void handle_get(struct handle *h);
void handle_put(struct handle *h);
ssize_t handle_read_text(struct fs *fs, struct handle *h, char *buf, size_t size, off_t off);
/* Renders a text view only to learn its size (for stat). */
int rendered_size(int (*render)(struct ttrt_device *, char **, size_t *),
		  struct ttrt_device *dev, off_t *size);
/* A wait in a handle's write op that the writer can interrupt (Ctrl-C of
 * `echo 1 > device/reset`): begin registers with the FUSE request the
 * thread serves, and in->wait then reports the kernel's interrupt; end
 * before returning. Outside a write request the wait never fires. The
 * wait fires too once the session exits (SIGTERM), so that the loop, which
 * joins its workers, is not held up by a long wait. */
struct fs_interrupt {
	atomic_int fired;
	fuse_req_t req;
	struct fuse_session *se;   /* a session that exits fires the wait too */
	struct ttrt_wait wait;
};
void fs_interrupt_begin(struct fs_interrupt *in);
void fs_interrupt_end(struct fs_interrupt *in);

/* A new reference to the live buffer dram/buffers/<name> or
 * l1/buffers/<name>, or -ENOENT (tree_buffers.c): how programs find the
 * buffers their args name. */
int buffers_find(struct fs *fs, const char *name, struct ttrt_buffer **out);
/* Stops every running program (tree_programs.c): at unmount and SIGTERM. */
void programs_stop_all(struct fs *fs);


#endif
