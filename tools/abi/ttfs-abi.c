/* SPDX-License-Identifier: Apache-2.0
 *
 * ttfs-abi: print an ABI profile as device/abi shows it (docs/abi.md):
 * the built-in one, one derived from a tt-metal tree, or a saved one
 * checked. A derived profile saved with it is what `abi = FILE` loads, so
 * a profile can be derived once (at build time: -DTTFS_TT_METAL_HOME) and
 * used on a machine without the tt-metal tree.
 */
#include "ttrt_abi.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PROG "ttfs-abi"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: " PROG " --builtin [--out FILE]\n"
		"       " PROG " --derive TT_METAL_HOME [--sfpi SFPI_PATH] [--work DIR] [--out FILE]\n"
		"       " PROG " --check PROFILE|NAME\n"
		"\n"
		"Print an ABI profile as key = value lines (the format of a mount's\n"
		"device/abi and of abi = FILE): the built-in one, one derived from the\n"
		"headers of a tt-metal tree (the probe is compiled in a temporary\n"
		"directory under DIR, default /tmp, with the SFPI toolchain's compiler\n"
		"when --sfpi names one), or a saved one after checking it (a file, or\n"
		"the name of a profile ttfs ships, such as tt-metal-2f3626c4).\n"
		"--out writes FILE instead of standard output.\n"
		"\n"
		"exit status: 0 a usable profile, 1 a profile that cannot launch (the\n"
		"reason on stderr) or could not be had, 2 bad usage\n");
}

enum mode { M_NONE, M_BUILTIN, M_DERIVE, M_CHECK };

static int get_profile(enum mode mode, const char *arg, const char *sfpi, const char *work,
		       struct ttrt_abi *abi, char *err, size_t errlen)
{
	char path[4096];
	int rc;

	if (mode == M_BUILTIN) {
		ttrt_abi_builtin(abi);
		return 0;
	}
	if (mode == M_DERIVE)
		return ttrt_abi_derive(arg, sfpi, work, abi, err, errlen);
	if (ttrt_abi_is_saved_name(arg) && access(arg, F_OK) != 0) {
		rc = ttrt_abi_saved_path(arg, path, sizeof(path), err, errlen);
		return rc ? rc : ttrt_abi_load_file(path, abi, err, errlen);
	}
	return ttrt_abi_load_file(arg, abi, err, errlen);
}

static int write_out(const char *path, const char *text, size_t len)
{
	FILE *f = path ? fopen(path, "w") : stdout;

	if (!f) {
		fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
		return 1;
	}
	fwrite(text, 1, len, f);
	if (fflush(f) || ferror(f) || (path && fclose(f))) {
		fprintf(stderr, PROG ": writing %s: %s\n", path ? path : "standard output",
			strerror(errno));
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "builtin", no_argument, NULL, 'b' }, { "derive", required_argument, NULL, 'd' },
		{ "check", required_argument, NULL, 'c' }, { "work", required_argument, NULL, 'w' },
		{ "out", required_argument, NULL, 'o' }, { "sfpi", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	enum mode mode = M_NONE;
	const char *arg = NULL, *work = "/tmp", *out = NULL, *sfpi = NULL;
	struct ttrt_abi abi;
	char err[1024] = "", *text;
	size_t len;
	int opt, rc;

	while ((opt = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		enum mode m = M_NONE;
		switch (opt) {
		case 'b': m = M_BUILTIN; break;
		case 'd': m = M_DERIVE; break;
		case 'c': m = M_CHECK; break;
		case 'w': work = optarg; continue;
		case 'o': out = optarg; continue;
		case 's': sfpi = optarg; continue;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
		if (mode != M_NONE) {
			fprintf(stderr, PROG ": give one of --builtin, --derive, --check\n");
			return 2;
		}
		mode = m;
		arg = optarg;
	}
	if (mode == M_NONE || optind != argc) {
		usage(stderr);
		return 2;
	}
	rc = get_profile(mode, arg, sfpi, work, &abi, err, sizeof(err));
	if (rc) {
		fprintf(stderr, PROG ": %s\n", err);
		return 1;
	}
	if (ttrt_abi_render(&abi, &text, &len)) {
		fprintf(stderr, PROG ": out of memory\n");
		return 1;
	}
	rc = write_out(out, text, len);
	free(text);
	if (rc)
		return rc;
	if (ttrt_abi_check(&abi, err, sizeof(err))) {
		fprintf(stderr, PROG ": %s\n", err);
		return 1;
	}
	return 0;
}
