/* SPDX-License-Identifier: Apache-2.0
 *
 * Operations on names: mkdir/rmdir of buffers and programs, the files
 * made, removed and renamed in a program's directory, and the refusals
 * of everything else that would add, remove or rename an entry.
 */
#include "ops.h"

#include <errno.h>
#include <fcntl.h>

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

/* The tree is the device's: only buffers and programs are made (mkdir)
 * and removed (rmdir), and files in a program's directory (its subtree's
 * mknod, unlink and rename). Everything else that would add, remove or
 * rename an entry is refused as not permitted; a name that is not there
 * is ENOENT. */
static int exists(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct node dir = node_of_ino(parent), child;
	const struct subtree_ops *ops = subtree_of(dir.kind);

	return ops && ops->lookup && ops->lookup(fs_of(req), dir, name, &child) == 0;
}

/* The subtree of a directory where files are made, or NULL. */
static const struct subtree_ops *names_ops(fuse_ino_t parent, struct node *dir)
{
	const struct subtree_ops *ops;

	*dir = node_of_ino(parent);
	ops = subtree_of(dir->kind);
	return ops && ops->mknod ? ops : NULL;
}

void op_unlink(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct node dir;
	const struct subtree_ops *ops = names_ops(parent, &dir);

	if (ops)
		fuse_reply_err(req, -ops->unlink(fs_of(req), dir, name));
	else
		fuse_reply_err(req, exists(req, parent, name) ? EPERM : ENOENT);
}

void op_mknod(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode, dev_t rdev)
{
	struct fs *fs = fs_of(req);
	struct node dir, child;
	const struct subtree_ops *ops = names_ops(parent, &dir);
	int rc;

	(void)rdev;
	if (!ops) {
		fuse_reply_err(req, exists(req, parent, name) ? EEXIST : EPERM);
		return;
	}
	rc = ops->mknod(fs, dir, name, mode, &child);
	if (rc)
		fuse_reply_err(req, -rc);
	else
		reply_entry(req, fs, child);
}

/* mknod, then open. A file made whose open fails stays, empty, as after
 * an open(2) that fails once the file exists. */
void op_create(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode,
	       struct fuse_file_info *fi)
{
	struct fs *fs = fs_of(req);
	struct node dir, child;
	const struct subtree_ops *ops = names_ops(parent, &dir);
	struct fuse_entry_param e;
	struct handle *h = NULL;
	int rc;

	if (!ops) {
		fuse_reply_err(req, exists(req, parent, name) ? EEXIST : EPERM);
		return;
	}
	rc = ops->mknod(fs, dir, name, S_IFREG | (mode & 07777), &child);
	/* The file is new and empty: nothing to truncate. */
	if (rc == 0)
		rc = ops->open(fs, child, fi->flags & ~O_TRUNC, &h);
	if (rc == 0) {
		rc = entry_of(fs, child, &e);
		if (rc)
			handle_put(h);
	}
	if (rc)
		fuse_reply_err(req, -rc);
	else if (reply_open(req, h, fi, &e) != 0)
		entry_forget(fs, &e);
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
	struct node dir;
	const struct subtree_ops *ops = names_ops(parent, &dir);

	if (ops)
		fuse_reply_err(req, -ops->rename(fs_of(req), dir, name, node_of_ino(newparent),
						 newname, flags));
	else
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
