/* SPDX-License-Identifier: Apache-2.0
 *
 * Operations on names: mkdir/rmdir of buffers, and the refusals of
 * everything else that would add, remove or rename an entry.
 */
#include "ops.h"

#include <errno.h>

void op_mkdir(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode)
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

void op_unlink(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	fuse_reply_err(req, exists(req, parent, name) ? EPERM : ENOENT);
}

void op_mknod(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode, dev_t rdev)
{
	(void)mode;
	(void)rdev;
	fuse_reply_err(req, exists(req, parent, name) ? EEXIST : EPERM);
}

void op_create(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode,
		      struct fuse_file_info *fi)
{
	(void)mode;
	(void)fi;
	fuse_reply_err(req, exists(req, parent, name) ? EEXIST : EPERM);
}

void op_symlink(fuse_req_t req, const char *link, fuse_ino_t parent, const char *name)
{
	(void)link;
	fuse_reply_err(req, exists(req, parent, name) ? EEXIST : EPERM);
}

void op_link(fuse_req_t req, fuse_ino_t ino, fuse_ino_t newparent, const char *newname)
{
	(void)ino;
	fuse_reply_err(req, exists(req, newparent, newname) ? EEXIST : EPERM);
}

void op_rename(fuse_req_t req, fuse_ino_t parent, const char *name, fuse_ino_t newparent,
		      const char *newname, unsigned int flags)
{
	(void)newparent;
	(void)newname;
	(void)flags;
	fuse_reply_err(req, exists(req, parent, name) ? EPERM : ENOENT);
}

void op_rmdir(fuse_req_t req, fuse_ino_t parent, const char *name)
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
