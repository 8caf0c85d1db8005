/* SPDX-License-Identifier: Apache-2.0
 *
 * programs/: mkdir makes a program, rmdir deletes it (DESIGN §1.4). Each
 * program directory has the files ttfs makes (run, status, and build/,
 * which lists what the last build made) and those the user makes
 * (tree_program_files.c).
 *
 * As for buffers, the names live in the inode table, one entry per
 * program under the programs inode, and the entry owns a reference to the
 * runtime program. Open files hold references of their own, so a file
 * opened before rmdir sees the runtime's ENOENT, never freed memory.
 */
#include "inode_table.h"
#include "log.h"
#include "programs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static fuse_ino_t programs_dir_ino(void)
{
	return node_ino(node_make(K_PROGRAMS_DIR, 0, 0));
}

fuse_ino_t program_dir_ino(uint64_t id)
{
	return node_ino(node_make(K_PROGRAM_DIR, id, 0));
}

bool program_fixed_name(const char *name)
{
	for (int i = 0; i < PF_COUNT; i++)
		if (!strcmp(name, program_file_names[i]))
			return true;
	return !strcmp(name, "build");
}

struct ttrt_program *programs_get_as(struct fs *fs, uint64_t id, enum node_kind kind)
{
	struct inode_entry *e = inode_table_get(fs->inodes, id);
	struct ttrt_program *p = NULL;

	if (!e)
		return NULL;
	if (inode_entry_kind(e) == (int)kind) {
		p = inode_entry_payload(e);
		ttrt_program_get(p);
	}
	inode_table_put(fs->inodes, e);
	return p;
}

struct ttrt_program *programs_get(struct fs *fs, uint64_t id)
{
	return programs_get_as(fs, id, K_PROGRAM_DIR);
}

void programs_release(void *payload)
{
	ttrt_program_put(payload);
}

static int program_stat(struct fs *fs, struct node n, struct ttrt_program *p, struct stat *st)
{
	off_t size = 0;
	int rc;

	switch (n.kind) {
	case K_PROGRAM_DIR:
		stat_dir(fs, st, n, 3);   /* ., its entry in programs/, build/.. */
		return 0;
	case K_PROGRAM_BUILD:
		stat_dir(fs, st, n, 2);
		return 0;
	case K_PROGRAM_FILE:
		if (n.file >= PF_COUNT)
			return -ENOENT;
		rc = program_file_size(p, n.file, &size);
		if (rc)
			return rc;
		stat_fill(fs, st, n, S_IFREG | program_file_modes[n.file], size);
		return 0;
	case K_PROGRAM_ARTIFACT:
		rc = program_artifact_size(p, n.file, &size);
		if (rc)
			return rc;
		stat_fill(fs, st, n, S_IFREG | FILE_MODE_RO, size);
		return 0;
	default:
		return -ENOENT;
	}
}

static int programs_stat(struct fs *fs, struct node n, struct stat *st)
{
	struct ttrt_program *p;
	int rc;

	if (n.kind == K_PROGRAMS_DIR) {
		stat_dir(fs, st, n, 2 + inode_table_subdirs(fs->inodes, programs_dir_ino()));
		return 0;
	}
	if (n.kind == K_PROGRAM_USER_FILE)
		return user_file_stat(fs, n, st);
	p = programs_get(fs, n.idx);
	if (!p)
		return -ENOENT;
	rc = program_stat(fs, n, p, st);
	ttrt_program_put(p);
	return rc;
}

/* build/<name> exists while the last build has it. */
static int artifact_lookup(struct fs *fs, struct node dir, const char *name, struct node *child)
{
	struct ttrt_program *p;
	int i = artifact_index(name);
	off_t size;
	int rc;

	if (i < 0)
		return -ENOENT;
	p = programs_get(fs, dir.idx);
	if (!p)
		return -ENOENT;
	rc = program_artifact_size(p, (uint32_t)i, &size);
	ttrt_program_put(p);
	if (rc == 0)
		*child = node_make(K_PROGRAM_ARTIFACT, dir.idx, (uint32_t)i);
	return rc;
}

static int programs_lookup(struct fs *fs, struct node dir, const char *name, struct node *child)
{
	struct inode_entry *e;

	switch (dir.kind) {
	case K_PROGRAMS_DIR:
		e = inode_table_lookup(fs->inodes, programs_dir_ino(), name);
		if (!e)
			return -ENOENT;
		*child = node_make(K_PROGRAM_DIR, inode_entry_id(e), 0);
		inode_table_put(fs->inodes, e);
		return 0;
	case K_PROGRAM_DIR:
		if (strcmp(name, "build") == 0) {
			*child = node_make(K_PROGRAM_BUILD, dir.idx, 0);
			return 0;
		}
		for (int i = 0; i < PF_COUNT; i++) {
			if (strcmp(name, program_file_names[i]) == 0) {
				*child = node_make(K_PROGRAM_FILE, dir.idx, (uint32_t)i);
				return 0;
			}
		}
		return user_file_lookup(fs, dir, name, child);
	case K_PROGRAM_BUILD:
		return artifact_lookup(fs, dir, name, child);
	default:
		return -ENOTDIR;
	}
}

struct readdir_ctx {
	dir_fill_fn fill;
	void *ctx;
};

static int fill_program_dir(void *arg, uint64_t id, const char *name, int kind)
{
	struct readdir_ctx *rc = arg;

	return rc->fill(rc->ctx, name, node_make((enum node_kind)kind, id, 0), S_IFDIR);
}

static int build_readdir(struct fs *fs, struct node dir, dir_fill_fn fill, void *ctx)
{
	const char *names[NUM_ARTIFACT_NAMES * 2];
	struct ttrt_program *p = programs_get(fs, dir.idx);
	int n, i;

	if (!p)
		return -ENOENT;
	n = ttrt_program_artifacts(p, names, NUM_ARTIFACT_NAMES * 2);
	ttrt_program_put(p);
	if (n < 0)
		return n;
	for (int k = 0; k < n; k++) {
		i = artifact_index(names[k]);
		if (i < 0)
			continue;   /* a name this daemon does not know how to show */
		if (fill(ctx, names[k], node_make(K_PROGRAM_ARTIFACT, dir.idx, (uint32_t)i), S_IFREG))
			break;
	}
	return 0;
}

static int programs_readdir(struct fs *fs, struct node dir, dir_fill_fn fill, void *ctx)
{
	struct readdir_ctx rctx = { fill, ctx };

	switch (dir.kind) {
	case K_PROGRAMS_DIR:
		inode_table_foreach_child(fs->inodes, programs_dir_ino(), fill_program_dir, &rctx);
		return 0;
	case K_PROGRAM_DIR:
		if (user_files_readdir(fs, dir, fill, ctx))
			return 0;
		for (int i = 0; i < PF_COUNT; i++)
			if (fill(ctx, program_file_names[i],
				 node_make(K_PROGRAM_FILE, dir.idx, (uint32_t)i), S_IFREG))
				return 0;
		fill(ctx, "build", node_make(K_PROGRAM_BUILD, dir.idx, 0), S_IFDIR);
		return 0;
	case K_PROGRAM_BUILD:
		return build_readdir(fs, dir, fill, ctx);
	default:
		return -ENOTDIR;
	}
}

static int programs_open(struct fs *fs, struct node n, int flags, struct handle **out)
{
	struct ttrt_program *p;
	int rc;

	if (n.kind == K_PROGRAM_USER_FILE) {
		rc = file_policy_open(FILE_MODE_RW, flags);
		p = rc ? NULL : user_file_program(fs, n);
		return rc ? rc : p ? program_file_open(fs, n, p, flags, out) : -ENOENT;
	}
	if (n.kind != K_PROGRAM_FILE && n.kind != K_PROGRAM_ARTIFACT)
		return -EISDIR;
	if (n.file >= (n.kind == K_PROGRAM_FILE ? PF_COUNT : NUM_ARTIFACT_NAMES))
		return -ENOENT;
	rc = file_policy_open(n.kind == K_PROGRAM_FILE ? program_file_modes[n.file] : FILE_MODE_RO,
			      flags);
	if (rc)
		return rc;
	p = programs_get(fs, n.idx);
	if (!p)
		return -ENOENT;
	if (n.kind == K_PROGRAM_ARTIFACT)
		return program_artifact_open(n, p, out);
	return program_file_open(fs, n, p, flags, out);
}

/* The buffer lookup the runtime calls at launch for @name and
 * accessor(name): the buffers of this mount's dram/buffers/. */
static int lookup_buffer(void *ctx, const char *name, struct ttrt_buffer **out)
{
	return buffers_find(ctx, name, out);
}

/* As for buffers: the program is made first and handed to the table,
 * which refuses a name already taken. The name is checked before anything
 * is made, so a refused name leaves no program behind. */
static int programs_rmdir(struct fs *fs, struct node dir, const char *name);

static int programs_mkdir(struct fs *fs, struct node dir, const char *name, struct node *child)
{
	struct ttrt_program *p;
	struct node args;
	struct inode_entry *e;
	uint64_t id;
	int rc;

	if (dir.kind != K_PROGRAMS_DIR)
		return -EPERM;
	rc = ttrt_buffer_name_check(name);
	if (rc)
		return rc;
	e = inode_table_lookup(fs->inodes, programs_dir_ino(), name);
	if (e) {
		inode_table_put(fs->inodes, e);
		return -EEXIST;
	}
	rc = ttrt_program_new(fs->dev, name, lookup_buffer, fs, &p);
	if (rc)
		return rc;
	ttrt_program_set_notify(p, poll_notifier_kick, &fs->notifier);
	rc = inode_table_add(fs->inodes, programs_dir_ino(), name, K_PROGRAM_DIR, INODE_DIR, p,
			     programs_release, &id);
	if (rc) {
		ttrt_program_set_notify(p, NULL, NULL);
		ttrt_program_delete(p);
		ttrt_program_put(p);
		return rc;
	}
	*child = node_make(K_PROGRAM_DIR, id, 0);
	/* Every program starts with an empty args, as it always had, for
	 * what opens it without O_CREAT. */
	rc = user_file_mknod(fs, *child, TTRT_PROGRAM_ARGS_FILE, S_IFREG | FILE_MODE_RW, &args);
	if (rc)
		programs_rmdir(fs, dir, name);
	return rc;
}

/* The runtime refuses first (EBUSY while running), so a refused rmdir
 * keeps the name; once deleted, the name goes. Open files then get the
 * runtime's ENOENT. */
static int programs_rmdir(struct fs *fs, struct node dir, const char *name)
{
	struct inode_entry *e;
	struct ttrt_program *p;
	int rc;

	if (dir.kind != K_PROGRAMS_DIR) {
		struct node child;

		return programs_lookup(fs, dir, name, &child) == 0 ? -EPERM : -ENOENT;
	}
	e = inode_table_lookup(fs->inodes, programs_dir_ino(), name);
	if (!e)
		return -ENOENT;
	p = inode_entry_payload(e);
	rc = ttrt_program_delete(p);
	if (rc && rc != -ENOENT) {
		inode_table_put(fs->inodes, e);
		return rc;
	}
	ttrt_program_set_notify(p, NULL, NULL);
	user_files_drop(fs, inode_entry_id(e));
	inode_table_put(fs->inodes, e);
	/* A racing rmdir of the same name may have removed it: ENOENT. */
	return inode_table_remove(fs->inodes, programs_dir_ino(), name, NULL);
}

struct id_list {
	uint64_t *ids;
	size_t count, cap;
};

static int collect_id(void *arg, uint64_t id, const char *name, int kind)
{
	struct id_list *l = arg;
	uint64_t *ids;

	(void)name;
	(void)kind;
	if (l->count == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 16;

		ids = realloc(l->ids, cap * sizeof(*ids));
		if (!ids)
			return 1;
		l->ids = ids;
		l->cap = cap;
	}
	l->ids[l->count++] = id;
	return 0;
}

void programs_stop_all(struct fs *fs)
{
	struct id_list l = { 0 };
	struct ttrt_program *p;
	int rc;

	/* The table's lock is held while listing: stop after. */
	inode_table_foreach_child(fs->inodes, programs_dir_ino(), collect_id, &l);
	for (size_t i = 0; i < l.count; i++) {
		p = programs_get(fs, l.ids[i]);
		if (!p)
			continue;
		rc = ttrt_program_stop(p);
		if (rc && rc != -ENOENT)
			ttfs_log("programs/%s: cannot stop: %s", ttrt_program_name(p), strerror(-rc));
		ttrt_program_set_notify(p, NULL, NULL);
		ttrt_program_put(p);
	}
	free(l.ids);
}

const struct subtree_ops programs_subtree = {
	.stat = programs_stat,
	.lookup = programs_lookup,
	.readdir = programs_readdir,
	.open = programs_open,
	.mkdir = programs_mkdir,
	.rmdir = programs_rmdir,
	.mknod = user_file_mknod,
	.unlink = user_file_unlink,
	.rename = user_file_rename,
	.truncate = user_file_truncate,
};
