/* SPDX-License-Identifier: Apache-2.0
 *
 * The saved profiles ttfs ships: one per tt-metal version it was checked
 * against (runtime/abi/profiles/<name>.abi, written from the upstream
 * headers and held against derivation from the fixtures by
 * tests/unit/abi). A card user names one (abi = tt-metal-2f3626c4) and
 * needs no tt-metal tree to derive from. They are looked for in
 * share/ttfs/abi of the install, or of the build tree, where it links to
 * runtime/abi/profiles (data_dirs.h).
 */
#include "ttrt_abi.h"
#include "runtime_internal.h"
#include "data_dirs.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int ttrt_abi_is_saved_name(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n >= TTRT_ABI_NAME_MAX || s[0] == '.' || s[0] == '-' ||
	    strcmp(s, "builtin") == 0 || strcmp(s, "derived") == 0)
		return 0;
	return strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == n;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "a, b, c": the names of the *.abi in dir, sorted. */
static void list_dir(const char *dir, char *buf, size_t len)
{
	char *names[64];
	size_t n = 0, used = 0;
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d)) && n < 64) {
		size_t l = strlen(e->d_name);
		if (l > 4 && strcmp(e->d_name + l - 4, ".abi") == 0 &&
		    (names[n] = strndup(e->d_name, l - 4)))
			n++;
	}
	closedir(d);
	qsort(names, n, sizeof(names[0]), by_name);
	for (size_t i = 0; i < n; i++) {
		if (used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
						 names[i]);
		free(names[i]);
	}
}

int ttrt_abi_saved_path(const char *name, char *path, size_t len, char *err, size_t errlen)
{
	const char *dir = ttrt_data_dirs()->abi;
	char names[512] = "";
	struct stat st;

	if (!ttrt_abi_is_saved_name(name)) {
		ttrt_set_err(err, errlen, "'%s' is not the name of a saved ABI profile", name);
		return -EINVAL;
	}
	if (snprintf(path, len, "%s/%s.abi", dir, name) >= (int)len)
		return -ENAMETOOLONG;
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
		return 0;
	list_dir(dir, names, sizeof(names));
	ttrt_set_err(err, errlen, "no saved ABI profile '%s' (looked in %s/; saved: %s)", name, dir,
		     names[0] ? names : "none");
	return -ENOENT;
}
