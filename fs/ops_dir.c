/* SPDX-License-Identifier: Apache-2.0
 *
 * Directory listings: taken whole at opendir, served by index.
 */
#include "ops.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

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

void op_opendir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
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
void op_readdir(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
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

void op_releasedir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct dir_listing *dl = (struct dir_listing *)(uintptr_t)fi->fh;

	(void)ino;
	open_files_remove(&fs_of(req)->open, &dl->of);
	listing_free(dl);
	fuse_reply_err(req, 0);
}
