/* SPDX-License-Identifier: Apache-2.0
 *
 * The files the user makes in a program's directory (args, sources,
 * headers): their names are entries of the inode table under the
 * directory's inode, each with an id (its inode) of its own that a
 * rename keeps, and a reference to the program; their text is the
 * runtime's, by name (ttrt.h, "A program's files"). fs->program_names
 * keeps the two in step: what changes a name holds it for writing, what
 * goes from a name to the text for reading.
 */
#include "inode_table.h"
#include "log.h"
#include "programs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for a file's name: the runtime allows TTRT_BUFFER_NAME_MAX. */
#define NAME_ROOM (TTRT_BUFFER_NAME_MAX + 1)

struct ttrt_program *user_file_program(struct fs *fs, struct node n)
{
	return programs_get_as(fs, n.idx, K_PROGRAM_USER_FILE);
}

int user_file_lookup(struct fs *fs, struct node dir, const char *name, struct node *child)
{
	struct inode_entry *e = inode_table_lookup(fs->inodes, program_dir_ino(dir.idx), name);

	if (!e)
		return -ENOENT;
	*child = node_make(K_PROGRAM_USER_FILE, inode_entry_id(e), 0);
	inode_table_put(fs->inodes, e);
	return 0;
}

int user_file_stat(struct fs *fs, struct node n, struct stat *st)
{
	struct ttrt_program *p = user_file_program(fs, n);
	char name[NAME_ROOM];
	size_t len = 0;
	int rc;

	if (!p)
		return -ENOENT;
	pthread_rwlock_rdlock(&fs->program_names);
	rc = inode_table_name(fs->inodes, n.idx, name, sizeof(name));
	if (rc == 0)
		rc = ttrt_program_file_size(p, name, &len);
	pthread_rwlock_unlock(&fs->program_names);
	ttrt_program_put(p);
	if (rc == 0)
		stat_fill(fs, st, n, S_IFREG | FILE_MODE_RW, (off_t)len);
	return rc;
}

struct fill_ctx {
	dir_fill_fn fill;
	void *ctx;
	int stopped;
};

static int fill_user_file(void *arg, uint64_t id, const char *name, int kind)
{
	struct fill_ctx *c = arg;

	c->stopped = c->fill(c->ctx, name, node_make((enum node_kind)kind, id, 0), S_IFREG);
	return c->stopped;
}

int user_files_readdir(struct fs *fs, struct node dir, dir_fill_fn fill, void *ctx)
{
	struct fill_ctx c = { fill, ctx, 0 };

	inode_table_foreach_child(fs->inodes, program_dir_ino(dir.idx), fill_user_file, &c);
	return c.stopped;
}

int user_file_get(struct fs *fs, struct node n, struct ttrt_program *p, char **text,
		  size_t *len)
{
	char name[NAME_ROOM];
	int rc;

	pthread_rwlock_rdlock(&fs->program_names);
	rc = inode_table_name(fs->inodes, n.idx, name, sizeof(name));
	if (rc == 0)
		rc = ttrt_program_get_file(p, name, text, len);
	pthread_rwlock_unlock(&fs->program_names);
	return rc;
}

static int no_file(void *ctx, const char *name, size_t len)
{
	(void)ctx;
	(void)name;
	(void)len;
	return 0;
}

int user_file_set(struct fs *fs, struct node n, struct ttrt_program *p, const char *text,
		  size_t len)
{
	char name[NAME_ROOM], err[512] = "";
	int rc;

	pthread_rwlock_rdlock(&fs->program_names);
	rc = inode_table_name(fs->inodes, n.idx, name, sizeof(name));
	if (rc == -ENOENT) {
		/* Unlinked or replaced: what is written goes nowhere, as for a
		 * regular file; a removed program says so. */
		rc = ttrt_program_list_files(p, no_file, NULL);
		snprintf(name, sizeof(name), "(removed)");
	} else if (rc == 0 && !strcmp(name, TTRT_PROGRAM_ARGS_FILE)) {
		rc = ttrt_program_set_args(p, text ? text : "", len, err, sizeof(err));
	} else if (rc == 0) {
		rc = ttrt_program_set_file(p, name, text, len);
	}
	pthread_rwlock_unlock(&fs->program_names);
	if (rc)
		ttfs_log("programs/%s/%s: %s", ttrt_program_name(p), name,
			 err[0] ? err : strerror(-rc));
	return rc;
}

/* mknod, unlink and rename where no user file can be: as elsewhere in
 * the tree (ops_names.c), not permitted, or not there. */
static int refused(struct fs *fs, struct node dir, const char *name, int if_there,
		   int if_not)
{
	const struct subtree_ops *ops = subtree_of(dir.kind);
	struct node child;

	return ops->lookup(fs, dir, name, &child) == 0 ? if_there : if_not;
}

/* The program of dir, held, with fs->program_names taken for writing;
 * NULL when it is gone. names_end undoes it. */
static struct ttrt_program *names_begin(struct fs *fs, struct node dir)
{
	struct ttrt_program *p = programs_get(fs, dir.idx);

	if (p)
		pthread_rwlock_wrlock(&fs->program_names);
	return p;
}

static void names_end(struct fs *fs, struct ttrt_program *p)
{
	pthread_rwlock_unlock(&fs->program_names);
	ttrt_program_put(p);
}

int user_file_mknod(struct fs *fs, struct node dir, const char *name, mode_t mode,
		    struct node *child)
{
	fuse_ino_t parent = program_dir_ino(dir.idx);
	struct ttrt_program *p;
	uint64_t id;
	int rc;

	if (dir.kind != K_PROGRAM_DIR)
		return refused(fs, dir, name, -EEXIST, -EPERM);
	if (program_fixed_name(name))
		return -EEXIST;
	if (!S_ISREG(mode))
		return -EPERM;   /* regular files only: no FIFO, device or socket */
	rc = ttrt_buffer_name_check(name);
	if (rc)
		return rc;
	p = names_begin(fs, dir);
	if (!p)
		return -ENOENT;
	rc = ttrt_program_create_file(p, name);
	if (rc == 0) {
		ttrt_program_get(p);   /* the entry's */
		rc = inode_table_add(fs->inodes, parent, name, K_PROGRAM_USER_FILE, 0, p,
				     programs_release, &id);
		if (rc) {
			ttrt_program_put(p);
			ttrt_program_remove_file(p, name);
		}
	}
	if (rc && rc != -EEXIST)
		ttfs_log("programs/%s/%s: cannot make it: %s", ttrt_program_name(p), name,
			 rc == -ENOSPC ? "the program has all the files it may have" :
					 strerror(-rc));
	names_end(fs, p);
	if (rc == 0)
		*child = node_make(K_PROGRAM_USER_FILE, id, 0);
	return rc;
}

int user_file_unlink(struct fs *fs, struct node dir, const char *name)
{
	fuse_ino_t parent = program_dir_ino(dir.idx);
	struct ttrt_program *p;
	struct inode_entry *e;
	int rc;

	if (dir.kind != K_PROGRAM_DIR || program_fixed_name(name))
		return refused(fs, dir, name, -EPERM, -ENOENT);
	p = names_begin(fs, dir);
	if (!p)
		return -ENOENT;
	e = inode_table_lookup(fs->inodes, parent, name);
	rc = e ? ttrt_program_remove_file(p, name) : -ENOENT;
	inode_table_put(fs->inodes, e);
	if (rc == 0)
		inode_table_remove(fs->inodes, parent, name, NULL);
	names_end(fs, p);
	return rc;
}

static int rename_checks(struct fs *fs, struct node dir, const char *name, struct node new_dir,
			 const char *new_name, unsigned flags)
{
	if (dir.kind != K_PROGRAM_DIR || program_fixed_name(name))
		return refused(fs, dir, name, -EPERM, -ENOENT);
	if (new_dir.kind != K_PROGRAM_DIR || new_dir.idx != dir.idx)
		/* Another program, or no program: mv copies and unlinks. */
		return refused(fs, dir, name, -EXDEV, -ENOENT);
	if (program_fixed_name(new_name))
		return -EPERM;
	if (flags & ~(unsigned)RENAME_NOREPLACE)
		return -EINVAL;   /* RENAME_EXCHANGE, RENAME_WHITEOUT */
	return ttrt_buffer_name_check(new_name);
}

int user_file_rename(struct fs *fs, struct node dir, const char *name, struct node new_dir,
		     const char *new_name, unsigned flags)
{
	fuse_ino_t parent = program_dir_ino(dir.idx);
	struct inode_entry *from, *to;
	struct ttrt_program *p;
	char err[512] = "";
	int rc = rename_checks(fs, dir, name, new_dir, new_name, flags);

	if (rc)
		return rc;
	p = names_begin(fs, dir);
	if (!p)
		return -ENOENT;
	from = inode_table_lookup(fs->inodes, parent, name);
	to = inode_table_lookup(fs->inodes, parent, new_name);
	if (!from)
		rc = -ENOENT;
	else if (to && (flags & RENAME_NOREPLACE))
		rc = -EEXIST;
	else
		rc = ttrt_program_rename_file(p, name, new_name, err, sizeof(err));
	inode_table_put(fs->inodes, from);
	inode_table_put(fs->inodes, to);
	/* The names the runtime allows fit every entry. */
	if (rc == 0)
		rc = inode_table_rename(fs->inodes, parent, name, new_name);
	if (rc && err[0])
		ttfs_log("programs/%s/%s: not renamed to %s: %s", ttrt_program_name(p), name,
			 new_name, err);
	names_end(fs, p);
	return rc;
}

/* The text cut or grown (with zeros) to size. */
static int resized(char **text, size_t len, off_t size)
{
	char *t;

	if ((size_t)size <= len)
		return 0;
	t = realloc(*text, (size_t)size);
	if (!t)
		return -ENOMEM;
	memset(t + len, 0, (size_t)size - len);
	*text = t;
	return 0;
}

int user_file_truncate(struct fs *fs, struct node n, off_t size, struct handle *h)
{
	struct ttrt_program *p;
	char *text = NULL;
	size_t len = 0;
	int rc;

	if (n.kind != K_PROGRAM_USER_FILE)
		return -ENOTSUP;
	if (size < 0)
		return -EINVAL;
	if ((uint64_t)size > TTRT_PROGRAM_FILE_MAX)
		return -EFBIG;
	if (h) {
		rc = program_file_truncate(h, size);
		if (rc != -ENOTSUP)
			return rc;
	}
	p = user_file_program(fs, n);
	if (!p)
		return -ENOENT;
	rc = user_file_get(fs, n, p, &text, &len);
	if (rc == 0)
		rc = resized(&text, len, size);
	if (rc == 0)
		rc = user_file_set(fs, n, p, text, (size_t)size);
	free(text);
	ttrt_program_put(p);
	return rc;
}

struct name_list {
	char (*names)[NAME_ROOM];
	size_t n, cap;
};

static int collect_name(void *arg, uint64_t id, const char *name, int kind)
{
	struct name_list *l = arg;

	(void)id;
	(void)kind;
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 16;
		void *names = realloc(l->names, cap * sizeof(*l->names));

		if (!names)
			return 1;
		l->names = names;
		l->cap = cap;
	}
	snprintf(l->names[l->n++], NAME_ROOM, "%s", name);
	return 0;
}

void user_files_drop(struct fs *fs, uint64_t program_id)
{
	fuse_ino_t parent = program_dir_ino(program_id);
	struct name_list l = { 0 };

	pthread_rwlock_wrlock(&fs->program_names);
	/* The table's lock is held while listing: remove after. */
	inode_table_foreach_child(fs->inodes, parent, collect_name, &l);
	for (size_t i = 0; i < l.n; i++)
		inode_table_remove(fs->inodes, parent, l.names[i], NULL);
	pthread_rwlock_unlock(&fs->program_names);
	free(l.names);
}
