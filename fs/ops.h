/* SPDX-License-Identifier: Apache-2.0
 *
 * The libfuse low-level operations, one file per group: ops.c (lookup,
 * attributes, the table), ops_names.c, ops_io.c, ops_dir.c.
 */
#ifndef TTFS_OPS_H
#define TTFS_OPS_H

#include "fs.h"

#include <fuse_lowlevel.h>

extern const struct fuse_lowlevel_ops ttfs_ops;

static inline struct fs *fs_of(fuse_req_t req)
{
	return fuse_req_userdata(req);
}

/* The handle an open of ours put in fi. */
static inline struct handle *handle_of(const struct fuse_file_info *fi)
{
	return (struct handle *)(uintptr_t)fi->fh;
}

int node_stat(struct fs *fs, struct node n, struct stat *st);
/* An entry for a reply: a dynamic node's lookup is counted first (a
 * forget may follow the reply at once); entry_forget gives it back when
 * the reply fails. 0 or -errno. */
int entry_of(struct fs *fs, struct node child, struct fuse_entry_param *e);
void entry_forget(struct fs *fs, const struct fuse_entry_param *e);
/* Reply with an entry, or the error of entry_of. */
void reply_entry(fuse_req_t req, struct fs *fs, struct node child);
/* Hands h to the kernel as the open file fi, replying to an open, or
 * with e to a create; a reply that fails releases h: its error. */
int reply_open(fuse_req_t req, struct handle *h, struct fuse_file_info *fi,
	       const struct fuse_entry_param *e);

void op_mkdir(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode);
void op_rmdir(fuse_req_t req, fuse_ino_t parent, const char *name);
void op_unlink(fuse_req_t req, fuse_ino_t parent, const char *name);
void op_mknod(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode, dev_t rdev);
void op_create(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode,
	       struct fuse_file_info *fi);
void op_symlink(fuse_req_t req, const char *link, fuse_ino_t parent, const char *name);
void op_link(fuse_req_t req, fuse_ino_t ino, fuse_ino_t newparent, const char *newname);
void op_rename(fuse_req_t req, fuse_ino_t parent, const char *name, fuse_ino_t newparent,
	       const char *newname, unsigned int flags);

void op_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void op_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi);
void op_write_buf(fuse_req_t req, fuse_ino_t ino, struct fuse_bufvec *in, off_t off,
		  struct fuse_file_info *fi);
void op_flush(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void op_poll(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi,
	     struct fuse_pollhandle *ph);
void op_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);

void op_opendir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void op_readdir(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi);
void op_releasedir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);

#endif
