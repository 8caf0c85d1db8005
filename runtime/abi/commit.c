/* SPDX-License-Identifier: Apache-2.0
 *
 * Which tt-metal a derived profile came from: the commit of its git
 * checkout, read from the files (no git needed), else a VERSION file.
 */
#include "ttrt_abi.h"
#include "runtime_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* The first line of path, trimmed, into buf: 0, or -1 if unreadable/empty. */
static int first_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	char *end;

	if (!f)
		return -1;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	fclose(f);
	end = buf + strlen(buf);
	while (end > buf && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return buf[0] ? 0 : -1;
}

static int is_hash(const char *s)
{
	size_t n = strlen(s);

	if (n < 7 || n > 64)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* A ref ("refs/heads/main") in the loose refs, then packed-refs. */
static int resolve_ref(const char *git_dir, const char *ref, char *buf, size_t len)
{
	char path[TTRT_PATH_MAX + 256], line[512];
	FILE *f;

	if (snprintf(path, sizeof(path), "%s/%s", git_dir, ref) >= (int)sizeof(path))
		return -1;
	if (first_line(path, buf, len) == 0 && is_hash(buf))
		return 0;
	snprintf(path, sizeof(path), "%s/packed-refs", git_dir);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *sp = strchr(line, ' ');
		if (!sp || line[0] == '#' || line[0] == '^')
			continue;
		*sp = '\0';
		sp[1 + strcspn(sp + 1, "\r\n")] = '\0';
		if (strcmp(sp + 1, ref) == 0 && is_hash(line)) {
			snprintf(buf, len, "%s", line);
			fclose(f);
			return 0;
		}
	}
	fclose(f);
	return -1;
}

/* .git is a directory, or (worktrees, submodules) a file "gitdir: PATH". */
static int git_dir_of(const char *home, char *dir, size_t len)
{
	char path[TTRT_PATH_MAX + 8], line[TTRT_PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/.git", home);
	if (stat(path, &st) < 0)
		return -1;
	if (S_ISDIR(st.st_mode))
		return snprintf(dir, len, "%s", path) < (int)len ? 0 : -1;
	if (first_line(path, line, sizeof(line)) || strncmp(line, "gitdir: ", 8) != 0)
		return -1;
	if (line[8] == '/')
		return snprintf(dir, len, "%s", line + 8) < (int)len ? 0 : -1;
	return snprintf(dir, len, "%s/%s", home, line + 8) < (int)len ? 0 : -1;
}

void ttrt_abi_tt_metal_commit(const char *home, char *buf, size_t len)
{
	char git_dir[TTRT_PATH_MAX], head[512], path[TTRT_PATH_MAX + 16];

	if (git_dir_of(home, git_dir, sizeof(git_dir)) == 0) {
		snprintf(path, sizeof(path), "%s/HEAD", git_dir);
		if (first_line(path, head, sizeof(head)) == 0) {
			if (is_hash(head)) {
				snprintf(buf, len, "%s", head);
				return;
			}
			if (strncmp(head, "ref: ", 5) == 0 &&
			    resolve_ref(git_dir, head + 5, buf, len) == 0)
				return;
		}
	}
	snprintf(path, sizeof(path), "%s/VERSION", home);
	if (first_line(path, buf, len) == 0)
		return;
	snprintf(buf, len, "unknown");
}
