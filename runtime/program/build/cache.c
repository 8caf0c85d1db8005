/* SPDX-License-Identifier: Apache-2.0
 *
 * The kernel cache (cache.h): the FNV-1a key and the entry files.
 */
#include "program/build/cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME  0x100000001b3ull

void cache_hash_init(struct cache_hash *c)
{
	c->h = FNV_OFFSET;
}

void cache_hash_bytes(struct cache_hash *c, const void *p, size_t n)
{
	const uint8_t *b = p;
	uint64_t h = c->h;

	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= FNV_PRIME;
	}
	c->h = h;
}

void cache_hash_u64(struct cache_hash *c, uint64_t v)
{
	uint8_t b[8];

	for (int i = 0; i < 8; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	cache_hash_bytes(c, b, sizeof(b));
}

void cache_hash_field(struct cache_hash *c, const void *p, size_t n)
{
	cache_hash_u64(c, n);
	cache_hash_bytes(c, p, n);
}

void cache_hash_str(struct cache_hash *c, const char *s)
{
	cache_hash_field(c, s, strlen(s));
}

int cache_read_file(const char *path, uint8_t **buf, size_t *len)
{
	struct stat st;
	uint8_t *b = NULL;
	size_t got = 0;
	int fd, ret;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		ret = -errno;
		goto out;
	}
	b = malloc(st.st_size ? (size_t)st.st_size : 1);
	if (!b) {
		ret = -ENOMEM;
		goto out;
	}
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, b + got, (size_t)st.st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ret = n < 0 ? -errno : -EIO;   /* shrank under us */
			goto out;
		}
		got += (size_t)n;
	}
	*buf = b;
	*len = got;
	b = NULL;
	ret = 0;
out:
	free(b);
	close(fd);
	return ret;
}

/* nftw has no user pointer: the tree walk runs at build_env_init (under
 * the device's programs lock, before any build thread exists) and at a
 * card's open (card_firmware.c, before the file system serves anything),
 * never two at once, so a static list is enough. */
static char **tree_paths;
static size_t tree_n, tree_cap;
static int tree_err;

static int tree_add(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)ftw;
	/* Regular files only: opening a FIFO would wait for a writer. */
	if (type != FTW_F || !S_ISREG(st->st_mode))
		return 0;
	if (tree_n == tree_cap) {
		size_t cap = tree_cap ? 2 * tree_cap : 64;
		char **p = realloc(tree_paths, cap * sizeof(*p));

		if (!p)
			goto nomem;
		tree_paths = p;
		tree_cap = cap;
	}
	tree_paths[tree_n] = strdup(path);
	if (!tree_paths[tree_n])
		goto nomem;
	tree_n++;
	return 0;
nomem:
	tree_err = -ENOMEM;
	return 1;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int cache_hash_tree(struct cache_hash *c, const char *const *dirs, unsigned n_dirs)
{
	int ret = 0;

	for (unsigned d = 0; d < n_dirs && !ret; d++) {
		size_t root = strlen(dirs[d]);

		tree_paths = NULL;
		tree_n = tree_cap = 0;
		tree_err = 0;
		if (nftw(dirs[d], tree_add, 16, FTW_PHYS) != 0)
			ret = tree_err ? tree_err : -errno;
		if (!ret)
			qsort(tree_paths, tree_n, sizeof(*tree_paths), cmp_str);
		for (size_t i = 0; i < tree_n && !ret; i++) {
			uint8_t *buf;
			size_t len;

			ret = cache_read_file(tree_paths[i], &buf, &len);
			if (ret)
				break;
			cache_hash_str(c, tree_paths[i] + root);
			cache_hash_field(c, buf, len);
			free(buf);
		}
		for (size_t i = 0; i < tree_n; i++)
			free(tree_paths[i]);
		free(tree_paths);
		tree_paths = NULL;
	}
	return ret;
}

struct stamp_walk {
	struct cache_hash *h;
	struct timespec now;
	const struct cache_stamp_watch *watch;   /* may be NULL */
	bool racy;
};

static bool racy(const struct timespec *t, const struct timespec *now)
{
	int64_t age = (int64_t)(now->tv_sec - t->tv_sec) * 1000000000 + (now->tv_nsec - t->tv_nsec);

	return age < (int64_t)CACHE_RACY_NS;   /* in the future too */
}

static void hash_time(struct cache_hash *h, const struct timespec *t)
{
	cache_hash_u64(h, (uint64_t)t->tv_sec);
	cache_hash_u64(h, (uint64_t)t->tv_nsec);
}

/* The names in dir, sorted (malloc'd; free each and the array). */
static int sorted_names(const char *dir, char ***names, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t cap = 0;
	int ret = 0;

	*names = NULL;
	*n = 0;
	if (!d)
		return -errno;
	while (!ret && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (*n == cap) {
			char **v = realloc(*names, (cap ? 2 * cap : 32) * sizeof(*v));

			if (!v) {
				ret = -ENOMEM;
				break;
			}
			*names = v;
			cap = cap ? 2 * cap : 32;
		}
		(*names)[*n] = strdup(e->d_name);
		if (!(*names)[*n])
			ret = -ENOMEM;
		else
			(*n)++;
	}
	closedir(d);
	if (!ret)
		qsort(*names, *n, sizeof(**names), cmp_str);
	return ret;
}

static int stamp_entry(struct stamp_walk *w, const char *path, int depth)
{
	struct stat st;
	char **names;
	size_t n;
	int ret;

	cache_hash_str(w->h, path);
	if (lstat(path, &st) < 0) {
		if (errno != ENOENT)
			return -errno;
		cache_hash_str(w->h, "missing");
		/* Nothing to watch for its coming back: a stamp not to keep. */
		if (depth == 0)
			w->racy = true;
		return 0;
	}
	cache_hash_u64(w->h, st.st_mode);
	cache_hash_u64(w->h, (uint64_t)st.st_size);
	cache_hash_u64(w->h, st.st_ino);
	hash_time(w->h, &st.st_mtim);
	hash_time(w->h, &st.st_ctim);
	/* A directory's watch sees its entries' changes; the root is
	 * watched itself when it is not a directory. */
	if (w->watch && (depth == 0 || S_ISDIR(st.st_mode)) &&
	    (ret = w->watch->on_entry(path, w->watch->arg)) != 0)
		return ret;
	if (S_ISLNK(st.st_mode)) {
		char target[PATH_MAX];
		ssize_t len = readlink(path, target, sizeof(target));

		if (len < 0)
			return -errno;
		cache_hash_field(w->h, target, (size_t)len);
		return 0;
	}
	if (S_ISREG(st.st_mode) && (racy(&st.st_mtim, &w->now) || racy(&st.st_ctim, &w->now))) {
		uint8_t *buf;
		size_t len;

		w->racy = true;
		ret = cache_read_file(path, &buf, &len);
		if (ret)
			return ret;
		cache_hash_field(w->h, buf, len);
		free(buf);
		return 0;
	}
	if (!S_ISDIR(st.st_mode))
		return 0;
	if (depth > 64)
		return -ELOOP;
	ret = sorted_names(path, &names, &n);
	for (size_t i = 0; i < n; i++) {
		char child[PATH_MAX];

		if (!ret && snprintf(child, sizeof(child), "%s/%s", path, names[i]) >= (int)sizeof(child))
			ret = -ENAMETOOLONG;
		if (!ret)
			ret = stamp_entry(w, child, depth + 1);
		free(names[i]);
	}
	free(names);
	return ret;
}

int cache_stamp_path_watched(struct cache_hash *c, const char *path,
			     const struct cache_stamp_watch *watch, bool *racy)
{
	struct stamp_walk w = { .h = c, .watch = watch };
	int ret;

	/* The file times' clock. */
	clock_gettime(CLOCK_REALTIME, &w.now);
	ret = stamp_entry(&w, path, 0);
	if (racy && w.racy)
		*racy = true;
	return ret;
}

int cache_stamp_path(struct cache_hash *c, const char *path)
{
	return cache_stamp_path_watched(c, path, NULL, NULL);
}

static void entry_path(char *out, size_t n, const char *dir, uint64_t key)
{
	snprintf(out, n, "%s/%016" PRIx64 ".elf", dir, key);
}

int cache_load(const char *dir, uint64_t key, uint8_t **buf, size_t *len)
{
	char path[PATH_MAX];

	entry_path(path, sizeof(path), dir, key);
	return cache_read_file(path, buf, len);
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -errno;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int cache_store(const char *dir, uint64_t key, const void *buf, size_t len)
{
	char path[PATH_MAX], tmp[PATH_MAX];
	int fd, ret;

	entry_path(path, sizeof(path), dir, key);
	if (snprintf(tmp, sizeof(tmp), "%s/.%016" PRIx64 ".XXXXXX", dir, key) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = write_all(fd, buf, len);
	if (!ret && fchmod(fd, 0644) < 0)
		ret = -errno;
	if (close(fd) < 0 && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path) < 0)
		ret = -errno;
	if (ret)
		unlink(tmp);
	return ret;
}

int cache_make_dir(const char *dir)
{
	char path[PATH_MAX];
	size_t len = strlen(dir);

	if (len == 0 || len >= sizeof(path))
		return -ENAMETOOLONG;
	memcpy(path, dir, len + 1);
	/* Each parent first, as mkdir -p: ~/.cache may not exist yet. */
	for (char *slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(path, 0755) < 0 && errno != EEXIST)
			return -errno;
		*slash = '/';
	}
	if (mkdir(path, 0755) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}
