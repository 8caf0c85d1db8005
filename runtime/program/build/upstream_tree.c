/* SPDX-License-Identifier: Apache-2.0
 *
 * The directory chain a kernel's upstream_path names, built in its build
 * directory over the kernel SDK's mirror of tt-metal's tree
 * (upstream_tree.h).
 */
#include "program/build/upstream_tree.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* In dir_here, a link to every entry of sdk_here but `next` (the chain's
 * next directory, made real by the caller). No such SDK directory: none. */
static int link_entries(const char *sdk_here, const char *dir_here, const char *next)
{
	char from[PATH_MAX], to[PATH_MAX];
	DIR *d = opendir(sdk_here);
	struct dirent *e;
	int ret = 0;

	if (!d)
		return errno == ENOENT || errno == ENOTDIR ? 0 : -errno;
	while (!ret && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    (next && !strcmp(e->d_name, next)))
			continue;
		if (snprintf(from, sizeof(from), "%s/%s", sdk_here, e->d_name) >= (int)sizeof(from) ||
		    snprintf(to, sizeof(to), "%s/%s", dir_here, e->d_name) >= (int)sizeof(to))
			ret = -ENAMETOOLONG;
		else if (symlink(from, to) < 0)
			ret = -errno;
	}
	closedir(d);
	return ret;
}

int upstream_tree_make(const char *sdk_dir, const char *dir, const char *upstream_path)
{
	char sdk_here[PATH_MAX], dir_here[PATH_MAX], next[NAME_MAX + 1];
	const char *c = upstream_path;
	int ret;

	if (snprintf(sdk_here, sizeof(sdk_here), "%s", sdk_dir) >= (int)sizeof(sdk_here) ||
	    snprintf(dir_here, sizeof(dir_here), "%s/up", dir) >= (int)sizeof(dir_here))
		return -ENAMETOOLONG;
	if (mkdir(dir_here, 0755) < 0)
		return -errno;
	/* Each directory component: the SDK's entries beside it, then into it.
	 * The last component is the source's own name: not a directory. */
	for (size_t n; (n = strcspn(c, "/")), c[n] == '/'; c += n + 1) {
		if (n > NAME_MAX)
			return -ENAMETOOLONG;
		memcpy(next, c, n);
		next[n] = '\0';
		ret = link_entries(sdk_here, dir_here, next);
		if (ret)
			return ret;
		if (strlen(sdk_here) + n + 2 > sizeof(sdk_here) ||
		    strlen(dir_here) + n + 2 > sizeof(dir_here))
			return -ENAMETOOLONG;
		strcat(strcat(sdk_here, "/"), next);
		strcat(strcat(dir_here, "/"), next);
		if (mkdir(dir_here, 0755) < 0)
			return -errno;
	}
	return link_entries(sdk_here, dir_here, NULL);
}

int upstream_tree_quote_dir(const char *upstream_path, char *buf, size_t len)
{
	const char *slash = strrchr(upstream_path, '/');
	int n = slash ? snprintf(buf, len, "../up/%.*s", (int)(slash - upstream_path), upstream_path)
		      : snprintf(buf, len, "../up");

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}
