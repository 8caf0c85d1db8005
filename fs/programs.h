/* SPDX-License-Identifier: Apache-2.0
 *
 * programs/<name>/: the directory side is tree_programs.c, the files the
 * user makes in it (args, sources, headers: their names)
 * tree_program_files.c, and the open files (those, run, status, build/
 * artifacts) program_files.c.
 */
#ifndef TTFS_PROGRAMS_H
#define TTFS_PROGRAMS_H

#include "fs.h"

#include <stdbool.h>

/* The files ttfs makes in every program directory; build/ is a
 * K_PROGRAM_BUILD node, the user's files K_PROGRAM_USER_FILE nodes. */
enum program_file {
	PF_RUN,
	PF_STATUS,
	PF_PROFILE,
	PF_COUNT
};

extern const char *const program_file_names[PF_COUNT];
extern const mode_t program_file_modes[PF_COUNT];

/* Everything a build can make (ttrt_program_artifact): a K_PROGRAM_ARTIFACT
 * node's file is an index here. */
#define NUM_ARTIFACT_NAMES 11
extern const char *const artifact_names[NUM_ARTIFACT_NAMES];
int artifact_index(const char *name);

/* ---- tree_programs.c ---- */

/* A new reference to the live program of entry id, or NULL. */
struct ttrt_program *programs_get(struct fs *fs, uint64_t id);
/* The same for an entry of the given kind (a program's directory, or a
 * file in one): its program, or NULL. */
struct ttrt_program *programs_get_as(struct fs *fs, uint64_t id, enum node_kind kind);
/* Drops an inode entry's reference to its program (the entries' release). */
void programs_release(void *payload);
/* The inode number of a program's directory (the parent of its files). */
fuse_ino_t program_dir_ino(uint64_t id);
/* A name ttfs gives a file or directory of every program: run, status,
 * build. */
bool program_fixed_name(const char *name);

/* ---- tree_program_files.c: the user's files ---- */

int user_file_lookup(struct fs *fs, struct node dir, const char *name, struct node *child);
int user_file_stat(struct fs *fs, struct node n, struct stat *st);
/* Fills the user's files of a program directory, in the order made;
 * non-zero when fill asked to stop. */
int user_files_readdir(struct fs *fs, struct node dir, dir_fill_fn fill, void *ctx);
/* mknod(2) of a regular file, unlink(2), rename(2) and truncate(2) in a
 * program's directory (docs/tree.md, "programs/"). */
int user_file_mknod(struct fs *fs, struct node dir, const char *name, mode_t mode,
		    struct node *child);
int user_file_unlink(struct fs *fs, struct node dir, const char *name);
int user_file_rename(struct fs *fs, struct node dir, const char *name, struct node new_dir,
		     const char *new_name, unsigned flags);
int user_file_truncate(struct fs *fs, struct node n, off_t size, struct handle *h);
/* A new reference to the program a user file is in, or NULL. */
struct ttrt_program *user_file_program(struct fs *fs, struct node n);
/* The file's text as it is now (caller frees), and setting it: by the
 * file's name now, so a file renamed meanwhile is still the one read or
 * written. Setting a file removed meanwhile does nothing (0), unless its
 * program was removed (-ENOENT). */
int user_file_get(struct fs *fs, struct node n, struct ttrt_program *p, char **text,
		  size_t *len);
int user_file_set(struct fs *fs, struct node n, struct ttrt_program *p, const char *text,
		  size_t len);
/* Forgets the names of a removed program's files. */
void user_files_drop(struct fs *fs, uint64_t program_id);

/* ---- program_files.c: open files ---- */

/* st_size of run or status, or of an artifact: what reading it now gives. */
int program_file_size(struct ttrt_program *p, uint32_t file, off_t *size);
int program_artifact_size(struct ttrt_program *p, uint32_t index, off_t *size);

/* Open a file of program p (the handle takes the caller's reference on
 * p, also when it fails): run, status or a user file. */
int program_file_open(struct fs *fs, struct node n, struct ttrt_program *p, int flags,
		      struct handle **out);
int program_artifact_open(struct node n, struct ttrt_program *p, struct handle **out);
/* ftruncate(2) through an open user file: its copy changes, and is set
 * at close as writes are. -ENOTSUP when h is no such handle. */
int program_file_truncate(struct handle *h, off_t size);

#endif
