/* SPDX-License-Identifier: Apache-2.0
 *
 * The data directories (data_dirs.h): /proc/self/exe, then up the tree.
 */
#include "data_dirs.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef TTRT_INSTALL_PREFIX
#error "TTRT_INSTALL_PREFIX must name the install prefix"
#endif
#ifndef TTRT_DATA_SUBDIR
#define TTRT_DATA_SUBDIR "share/ttfs"
#endif
#ifndef TTRT_PKGLIB_SUBDIR
#define TTRT_PKGLIB_SUBDIR "lib/ttfs"
#endif

/* bin/ttfs is one level below the prefix; a build tree's tests are up to
 * three (tests/unit/program/test_build). */
#define MAX_LEVELS_UP 3

static struct ttrt_data_dirs dirs;
static pthread_once_t dirs_once = PTHREAD_ONCE_INIT;

static bool holds_sdk(const char *prefix)
{
	char path[TTRT_PATH_MAX + 64];
	struct stat st;

	if (snprintf(path, sizeof(path), "%s/" TTRT_DATA_SUBDIR "/sdk/prelude.h", prefix) >=
	    (int)sizeof(path))
		return false;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Drops the last component of path: false when none is left. */
static bool cut_last(char *path)
{
	char *slash = strrchr(path, '/');

	if (!slash || slash == path)
		return false;
	*slash = '\0';
	return true;
}

/* The prefix holding the data, from the executable's path; false when
 * there is none (no /proc, or a binary copied away from its data). */
static bool prefix_of_executable(char *prefix, size_t len)
{
	char exe[TTRT_PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n <= 0)
		return false;
	exe[n] = '\0';
	/* A binary replaced while it runs reads "/usr/bin/ttfs (deleted)":
	 * its directory is still the right one. */
	if (!cut_last(exe))
		return false;
	for (int up = 0; up < MAX_LEVELS_UP; up++) {
		if (!cut_last(exe))
			return false;
		if (holds_sdk(exe))
			return snprintf(prefix, len, "%s", exe) < (int)len;
	}
	return false;
}

static void find_dirs(void)
{
	char prefix[TTRT_PATH_MAX];

	if (!prefix_of_executable(prefix, sizeof(prefix)))
		snprintf(prefix, sizeof(prefix), "%s", TTRT_INSTALL_PREFIX);
	/* TTRT_PATH_MAX - 64 leaves room for the subdirectories. */
	snprintf(dirs.sdk, sizeof(dirs.sdk), "%.*s/" TTRT_DATA_SUBDIR "/sdk", TTRT_PATH_MAX - 64,
		 prefix);
	snprintf(dirs.include, sizeof(dirs.include), "%.*s/" TTRT_DATA_SUBDIR "/include",
		 TTRT_PATH_MAX - 64, prefix);
	snprintf(dirs.firmware, sizeof(dirs.firmware), "%.*s/" TTRT_PKGLIB_SUBDIR "/firmware",
		 TTRT_PATH_MAX - 64, prefix);
	snprintf(dirs.abi, sizeof(dirs.abi), "%.*s/" TTRT_DATA_SUBDIR "/abi", TTRT_PATH_MAX - 64,
		 prefix);
}

const struct ttrt_data_dirs *ttrt_data_dirs(void)
{
	pthread_once(&dirs_once, find_dirs);
	return &dirs;
}
