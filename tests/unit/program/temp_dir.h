/* SPDX-License-Identifier: Apache-2.0
 *
 * A test's temporary directory (a build cache) removed at the end, with
 * everything below it; a copy of a tree (of the SDK) in it.
 */
#ifndef TTFS_TEST_TEMP_DIR_H
#define TTFS_TEST_TEMP_DIR_H

#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static int temp_dir_remove_one(const char *path, const struct stat *st, int flag,
			       struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	if (remove(path) != 0)
		perror(path);
	return 0;
}

/* Depth first, so a directory is empty when its turn comes. */
static inline void temp_dir_remove(const char *dir)
{
	nftw(dir, temp_dir_remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* Copies the directories and regular files under src to dst (made):
 * 0, or -1 with the failure printed. */
static inline int temp_dir_copy(const char *src, const char *dst)
{
	DIR *d = opendir(src);
	struct dirent *e;
	int ret = 0;

	if (!d || (mkdir(dst, 0755) != 0 && errno != EEXIST)) {
		perror(d ? dst : src);
		if (d)
			closedir(d);
		return -1;
	}
	while (!ret && (e = readdir(d))) {
		char from[PATH_MAX], to[PATH_MAX], buf[8192];
		struct stat st;
		FILE *in, *out;
		size_t n;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(from, sizeof(from), "%s/%s", src, e->d_name);
		snprintf(to, sizeof(to), "%s/%s", dst, e->d_name);
		if (lstat(from, &st) != 0) {
			perror(from);
			ret = -1;
		} else if (S_ISDIR(st.st_mode)) {
			ret = temp_dir_copy(from, to);
		} else if (S_ISREG(st.st_mode)) {
			in = fopen(from, "rb");
			out = fopen(to, "wb");
			while (in && out && (n = fread(buf, 1, sizeof(buf), in)) > 0)
				if (fwrite(buf, 1, n, out) != n)
					break;
			if (!in || !out || ferror(in) || ferror(out)) {
				perror(to);
				ret = -1;
			}
			if (in)
				fclose(in);
			if (out && fclose(out) != 0)
				ret = -1;
		}
	}
	closedir(d);
	return ret;
}

#endif /* TTFS_TEST_TEMP_DIR_H */
