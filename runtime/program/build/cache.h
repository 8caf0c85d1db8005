/* SPDX-License-Identifier: Apache-2.0
 *
 * The content-addressed kernel cache: a 64-bit key hashed over everything
 * that decides a build's output, and one ELF per key in the cache
 * directory (<dir>/<16 hex digits>.elf), written atomically.
 */
#ifndef TTRT_PROGRAM_CACHE_H
#define TTRT_PROGRAM_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* FNV-1a, 64 bits. Not cryptographic: there is no Debian crypto library we
 * want to link for this, and the inputs are the user's own sources, not an
 * adversary's, so only accidental collisions matter. */
struct cache_hash {
	uint64_t h;
};

void cache_hash_init(struct cache_hash *c);
void cache_hash_bytes(struct cache_hash *c, const void *p, size_t n);
/* A length-prefixed field, so "ab","c" and "a","bc" hash differently. */
void cache_hash_field(struct cache_hash *c, const void *p, size_t n);
void cache_hash_str(struct cache_hash *c, const char *s);
void cache_hash_u64(struct cache_hash *c, uint64_t v);

/* Hashes every regular file under each of dirs (relative path and bytes,
 * in sorted order) into c. 0 or -errno. */
int cache_hash_tree(struct cache_hash *c, const char *const *dirs, unsigned n_dirs);

/* A file whose last change is younger than this is hashed by its bytes
 * too: a change within the same tick of the file system's clock leaves
 * its times as they were. */
#define CACHE_RACY_NS (2ull * 1000000000ull)

/* Hashes the state of path, a file or a directory walked whole, as
 * cheaply as it can be told apart from any other: for each entry, in
 * sorted order, its path, type, mode, size, inode, and modification and
 * change times in ns; a symlink's target; and the bytes of a regular file
 * changed within CACHE_RACY_NS (FIFOs and devices are never opened). A
 * change of any byte changes the change time, which a user cannot set
 * back, so a changed tree never hashes as before. A missing path hashes
 * as missing. Safe on several threads at once. 0 or -errno. */
int cache_stamp_path(struct cache_hash *c, const char *path);

/* What a watcher of the stamped trees (build_watch.c) is told: each
 * directory walked, and the path itself when it is not one. */
struct cache_stamp_watch {
	int (*on_entry)(const char *path, void *arg);   /* 0 or -errno */
	void *arg;
};
/* cache_stamp_path, telling watch (may be NULL) what it walks, and
 * setting *racy (may be NULL) when a file was hashed by its bytes for
 * being younger than CACHE_RACY_NS: such a stamp changes as the file ages. */
int cache_stamp_path_watched(struct cache_hash *c, const char *path,
			     const struct cache_stamp_watch *watch, bool *racy);

/* <dir>/<key>.elf into a malloc'd buffer: 0, -ENOENT (a miss), -ENOMEM or
 * -errno. */
int cache_load(const char *dir, uint64_t key, uint8_t **buf, size_t *len);
/* Writes the entry to a temporary file in dir and renames it into place,
 * so readers see the whole file or none. 0 or -errno. */
int cache_store(const char *dir, uint64_t key, const void *buf, size_t len);
/* Creates dir and its missing parents (mode 0755): 0 or -errno. */
int cache_make_dir(const char *dir);
/* Reads a whole file: 0 or -errno. */
int cache_read_file(const char *path, uint8_t **buf, size_t *len);

#endif /* TTRT_PROGRAM_CACHE_H */
