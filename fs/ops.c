/* SPDX-License-Identifier: Apache-2.0
 *
 * libfuse low-level operations: decode the inode into a node, hand it to
 * its subtree, reply. Names and directories' attributes may be cached for
 * a second (they change only through this mount); files' attributes are
 * never cached and every file is direct_io, so no size or state the
 * kernel shows is ever stale.
 */
#include "inode_table.h"
#include "ops.h"

#include <errno.h>
#include <string.h>

const struct subtree_ops *subtree_of(enum node_kind kind)
{
	switch (kind) {
	case K_ROOT: case K_README: return &root_subtree;
	case K_DEVICE_DIR: case K_DEVICE_FILE: return &device_subtree;
	case K_CORES_DIR: case K_CORE_DIR: case K_CORE_FILE: return &cores_subtree;
	case K_NOC0_DIR: case K_NOC0_LINK: return &noc0_subtree;
	case K_DRAM_DIR: case K_DRAM_BANK: return &dram_subtree;
	case K_L1_DIR: return &l1_subtree;
	case K_BUFFERS_DIR: case K_BUFFER_DIR: case K_BUFFER_FILE: return &buffers_subtree;
	case K_PROGRAMS_DIR: case K_PROGRAM_DIR: case K_PROGRAM_FILE: case K_PROGRAM_BUILD:
	case K_PROGRAM_ARTIFACT: case K_PROGRAM_USER_FILE:
		return &programs_subtree;
	default: return NULL;
	}
}

int node_stat(struct fs *fs, struct node n, struct stat *st)
{
	const struct subtree_ops *ops = subtree_of(n.kind);

	return ops ? ops->stat(fs, n, st) : -ENOENT;
}

#define ENTRY_TIMEOUT_S 1.0

/* How long the kernel may keep a node's attributes. Under
 * default_permissions every path walk checks each directory's mode and
 * every open the file's: uncached, that was one GETATTR round trip per
 * component, four of the seven round trips of `echo 1 > programs/P/run`.
 * A directory's attributes change only through this mount (its nlink at
 * mkdir and rmdir, after which the kernel drops the parent's cached
 * attributes itself); a write-only file's (run, reset) never change: size
 * 0, and a write's new size is dropped by the kernel at once. Every other
 * file stays uncached so that sizes and states are always current. */
static double attr_timeout_of(const struct stat *st)
{
	int write_only = S_ISREG(st->st_mode) && !(st->st_mode & (S_IRUSR | S_IRGRP | S_IROTH));

	return S_ISDIR(st->st_mode) || write_only ? ENTRY_TIMEOUT_S : 0.0;
}

int entry_of(struct fs *fs, struct node child, struct fuse_entry_param *e)
{
	uint64_t id = node_table_id(child);
	int rc;

	if (id && inode_table_ref(fs->inodes, id, 1) != 0)
		return -ENOENT;   /* removed and forgotten meanwhile */
	memset(e, 0, sizeof(*e));
	rc = node_stat(fs, child, &e->attr);
	if (rc) {
		if (id)
			inode_table_forget(fs->inodes, id, 1);
		return rc;
	}
	e->ino = node_ino(child);
	e->generation = 1;
	/* A name changes only through this mount (mkdir and rmdir pass the
	 * kernel, which updates its cache itself), so the kernel may keep
	 * names; attributes stay uncached (attr_timeout 0) so sizes and
	 * states are always current. Without it every path walk asked for
	 * each component: a stat of programs/P/run took four round trips. */
	e->entry_timeout = ENTRY_TIMEOUT_S;
	e->attr_timeout = attr_timeout_of(&e->attr);
	return 0;
}

void entry_forget(struct fs *fs, const struct fuse_entry_param *e)
{
	uint64_t id = node_table_id(node_of_ino(e->ino));

	if (id)
		inode_table_forget(fs->inodes, id, 1);
}

void reply_entry(fuse_req_t req, struct fs *fs, struct node child)
{
	struct fuse_entry_param e;
	int rc = entry_of(fs, child, &e);

	if (rc)
		fuse_reply_err(req, -rc);
	else if (fuse_reply_entry(req, &e) != 0)
		entry_forget(fs, &e);
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

static void forget_one(struct fs *fs, fuse_ino_t ino, uint64_t nlookup)
{
	uint64_t id = node_table_id(node_of_ino(ino));

	if (id)
		inode_table_forget(fs->inodes, id, nlookup);
}

static void op_forget(fuse_req_t req, fuse_ino_t ino, uint64_t nlookup)
{
	forget_one(fs_of(req), ino, nlookup);
	fuse_reply_none(req);
}

static void op_forget_multi(fuse_req_t req, size_t count, struct fuse_forget_data *forgets)
{
	for (size_t i = 0; i < count; i++)
		forget_one(fs_of(req), forgets[i].ino, forgets[i].nlookup);
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
		fuse_reply_attr(req, &st, attr_timeout_of(&st));
}

/* Modes and owners are the daemon's: setting them to what they are is
 * accepted, as sed -i, vim and cp -p do on the files they write, any
 * other value is EPERM. Sizes are fixed (file_policy) but where the
 * subtree can truncate (a program's own files). Times are accepted and
 * not kept: every file shows the mount time. */
static int attrs_kept(const struct stat *st, const struct stat *attr, int to_set)
{
	if ((to_set & FUSE_SET_ATTR_MODE) && (attr->st_mode & 07777) != (st->st_mode & 07777))
		return -EPERM;
	if ((to_set & FUSE_SET_ATTR_UID) && attr->st_uid != st->st_uid)
		return -EPERM;
	if ((to_set & FUSE_SET_ATTR_GID) && attr->st_gid != st->st_gid)
		return -EPERM;
	return 0;
}

static void op_setattr(fuse_req_t req, fuse_ino_t ino, struct stat *attr, int to_set,
		       struct fuse_file_info *fi)
{
	struct fs *fs = fs_of(req);
	struct node n = node_of_ino(ino);
	const struct subtree_ops *ops = subtree_of(n.kind);
	struct stat st;
	int rc;

	rc = node_stat(fs, n, &st);
	if (rc == 0)
		rc = attrs_kept(&st, attr, to_set);
	if (rc == 0 && (to_set & FUSE_SET_ATTR_SIZE)) {
		if (!S_ISREG(st.st_mode))
			rc = -EISDIR;
		else if (ops && ops->truncate)
			rc = ops->truncate(fs, n, attr->st_size, fi ? handle_of(fi) : NULL);
		else
			rc = -ENOTSUP;
		if (rc == -ENOTSUP)
			rc = file_policy_truncate(st.st_mode, attr->st_size, st.st_size);
		if (rc == 0)
			rc = node_stat(fs, n, &st);
	}
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
	/* O_TRUNC arrives as an open flag, which file_policy accepts as a
	 * no-op, rather than as a truncate to 0, which it refuses: `echo 1 >
	 * file` works and `truncate -s 0 file` says EINVAL. */
	if (conn->capable & FUSE_CAP_ATOMIC_O_TRUNC)
		conn->want |= FUSE_CAP_ATOMIC_O_TRUNC;
	/* No splice for requests: measured here, moving WRITE data through a
	 * pipe was no faster than libfuse's buffer plus one copy into device
	 * memory, and it costs every request a second system call. */
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
	.flush = op_flush,
	.poll = op_poll,
	.release = op_release,
	.opendir = op_opendir,
	.readdir = op_readdir,
	.releasedir = op_releasedir,
	.statfs = op_statfs,
};
