/* SPDX-License-Identifier: Apache-2.0
 *
 * A test's temporary directory (a build cache) removed at the end, with
 * everything below it.
 */
#ifndef TTFS_TEST_TEMP_DIR_H
#define TTFS_TEST_TEMP_DIR_H

#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>

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

#endif /* TTFS_TEST_TEMP_DIR_H */
