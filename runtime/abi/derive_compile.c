/* SPDX-License-Identifier: Apache-2.0
 *
 * The ABI probe's compile: as tt-metal's build compiles BRISC firmware,
 * because that is the only way its headers compile. dev_msgs.h takes its
 * host branch without FW_BUILD (where dprint_common.h pulls in host
 * headers that need fmt), tensix_types.h needs TENSIX_FIRMWARE,
 * stream_io_map.h needs noc_overlay_parameters.h before it, and the
 * headers include <atomic>. So the probe gets the firmware's defines and
 * include paths from the card recipe (card_firmware_flags_argv), the
 * tree's headers as -include options in the firmware's order, and a C++
 * library: the compiler's own (the SFPI toolchain's, the host g++'s) or,
 * for Debian's bare-metal riscv64-unknown-elf-g++, which has none, ttfs's
 * freestanding headers (runtime/kernel/std, searched after the compiler's
 * own with -idirafter).
 */
#include "abi_internal.h"
#include "program/build/build.h"
#include "program/build/card_build.h"
#include "runtime_internal.h"
#include "data_dirs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


#define RISCV_CXX  "riscv64-unknown-elf-g++"
#define HOST_CXX   "g++"

enum probe_cc { CC_SFPI, CC_RISCV, CC_HOST, CC_NONE };

/* Is prog an executable in PATH? Its path into buf. */
static int on_path(const char *prog, char *buf, size_t len)
{
	const char *path = getenv("PATH");

	while (path && *path) {
		const char *colon = strchr(path, ':');
		size_t n = colon ? (size_t)(colon - path) : strlen(path);
		snprintf(buf, len, "%.*s/%s", (int)n, path, prog);
		if (n && access(buf, X_OK) == 0)
			return 1;
		path = colon ? colon + 1 : NULL;
	}
	return 0;
}

/* The SFPI toolchain when sfpi_path has one (a card's compiler, with its
 * C++ library), else the bare-metal RISC-V g++ (the target's ABI), else
 * the host's (tt-metal's HAL compiles the same headers on the host: their
 * layouts use fixed-width types only). A missing SFPI compiler is the
 * card build's to report (card_build_check); any compiler can build the
 * probe. */
static enum probe_cc choose_compiler(const char *sfpi_path, char *path, size_t len)
{
	if (sfpi_path && sfpi_path[0]) {
		snprintf(path, len, "%s/compiler/bin/riscv-tt-elf-g++", sfpi_path);
		if (access(path, X_OK) == 0)
			return CC_SFPI;
	}
	if (on_path(RISCV_CXX, path, len)) {
		snprintf(path, len, "%s", RISCV_CXX);
		return CC_RISCV;
	}
	if (on_path(HOST_CXX, path, len)) {
		snprintf(path, len, "%s", HOST_CXX);
		return CC_HOST;
	}
	return CC_NONE;
}

static void add_target_flags(struct card_argv *a, enum probe_cc cc)
{
	if (cc == CC_SFPI) {
		card_argv_add(a, "-mcpu=tt-bh");
	} else if (cc == CC_RISCV) {
		card_argv_add(a, "-march=rv32im");
		card_argv_add(a, "-mabi=ilp32");
		card_argv_add(a, "-ffreestanding");
	}
	card_argv_add(a, "-std=c++17");
	card_argv_add(a, "-fno-exceptions");
	/* tt_l1_ptr is an SFPI attribute; offsetof of a struct with atomics */
	card_argv_add(a, "-Wno-attributes");
	card_argv_add(a, "-Wno-invalid-offsetof");
}

static int probe_argv(const char *compiler, enum probe_cc cc, const char *home,
		      const char *sfpi_path, const struct abi_tree *t, const char *dir,
		      struct card_argv *a)
{
	const struct card_paths paths = { home, sfpi_path };

	card_argv_add(a, "%s", compiler);
	add_target_flags(a, cc);
	card_add_firmware_flags(a, &paths, &card_p100a, CARD_BRISC);
	/* Older layouts: where the files were found is searched too. */
	for (int f = 0; f < ABI_F_NUM; f++) {
		const char *slash = strrchr(t->path[f], '/');
		if (t->path[f][0] && slash)
			card_argv_add(a, "-I%.*s", (int)(slash - t->path[f]), t->path[f]);
	}
	card_argv_add(a, "-idirafter");
	card_argv_add(a, "%s/std", ttrt_data_dirs()->sdk);   /* the SDK's freestanding headers */
	card_argv_add(a, "-MD");
	card_argv_add(a, "-MF");
	card_argv_add(a, "%s/probe.d", dir);
	for (int f = 0; f < ABI_F_NUM; f++) {
		if (!t->path[f][0])
			continue;
		card_argv_add(a, "-include");
		card_argv_add(a, "%s", t->path[f]);
	}
	card_argv_add(a, "-c");
	card_argv_add(a, "%s/probe.cc", dir);
	card_argv_add(a, "-o");
	card_argv_add(a, "%s/probe.o", dir);
	return card_argv_finish(a);
}

/* The next path of a dependency file ("a.o: b.h \ c.h"; "\ " is a space
 * in a name), or NULL at the end. */
static char *next_dep(char **cur)
{
	char *p = *cur, *out;
	size_t n = 0;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || (*p == '\\' && p[1] == '\n'))
			p += *p == '\\' ? 2 : 1;
		if (!*p)
			return NULL;
		out = p;
		n = 0;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n') {
			if (*p == '\\' && (p[1] == ' ' || p[1] == '#'))
				p++;
			else if (*p == '\\' && p[1] == '\n')
				break;
			out[n++] = *p++;
		}
		if (*p)
			p++;
		*cur = p;
		out[n] = '\0';
		if (n && out[n - 1] != ':')
			return out;   /* not the target */
	}
}

static void append(char *buf, size_t len, const char *sep, const char *s)
{
	size_t used = strlen(buf);

	if (used + strlen(sep) + strlen(s) + 1 < len)
		snprintf(buf + used, len - used, "%s%s", used ? sep : "", s);
}

/* A whole small file, NUL-terminated (caller frees), or NULL. */
static char *read_text(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	long size;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (text = calloc(1, (size_t)size + 1)) &&
	    fread(text, 1, (size_t)size, f) != (size_t)size) {
		free(text);
		text = NULL;
	}
	fclose(f);
	return text;
}

/* From the dependency file: every header of the tree the compiler read
 * (into out->files, relative to home) and the freestanding headers of
 * ttfs it took (into std_used). */
static void record_files(const char *home, const char *dir, struct ttrt_abi *out,
			 char *std_used, size_t std_len)
{
	char path[TTRT_PATH_MAX + 16], header[64], std_dir[TTRT_PATH_MAX + 16], *text, *cur, *dep;
	size_t home_len = strlen(home), std_dir_len;

	/* gcc names the headers of an include directory by its real path
	 * (the build tree's sdk is a symbolic link). */
	snprintf(path, sizeof(path), "%s/std", ttrt_data_dirs()->sdk);
	if (!realpath(path, std_dir))
		snprintf(std_dir, sizeof(std_dir), "%s", path);
	std_dir_len = strlen(std_dir);
	std_used[0] = '\0';
	snprintf(path, sizeof(path), "%s/probe.d", dir);
	text = read_text(path);
	for (cur = text; cur && (dep = next_dep(&cur));) {
		if (strncmp(dep, home, home_len) == 0 && dep[home_len] == '/') {
			append(out->files, sizeof(out->files), "\n", dep + home_len + 1);
		} else if (strncmp(dep, std_dir, std_dir_len) == 0 && dep[std_dir_len] == '/') {
			snprintf(header, sizeof(header), "<%s>", dep + std_dir_len + 1);
			append(std_used, std_len, " ", header);
		}
	}
	if (out->files[0])
		append(out->files, sizeof(out->files), "", "\n");
	free(text);
}

static void describe_compiler(struct ttrt_abi *out, char *const *argv, enum probe_cc cc,
			      const char *std_used, const char *note)
{
	const char *flags = cc == CC_SFPI    ? " -mcpu=tt-bh" :
			    cc == CC_RISCV ? " -march=rv32im -mabi=ilp32" :
					     "";
	char library[300];

	if (std_used[0])
		snprintf(library, sizeof(library), "ttfs's freestanding %s", std_used);
	else
		snprintf(library, sizeof(library), "the compiler's");
	snprintf(out->compiler, sizeof(out->compiler),
		 "%s%s, FW_BUILD for BRISC (C++ library: %s)%s", argv[0], flags, library, note);
}

/* The compiler's whole output, kept for the user: the message has its
 * first error only. */
static void keep_log(const char *log_path, char *const *argv, const char *log, size_t len)
{
	char *text = NULL;
	size_t tlen = 0;
	int fd;

	build_log_argv(&text, &tlen, argv);
	fd = open(log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd >= 0) {
		if ((text && write(fd, text, tlen) < 0) || (log && write(fd, log, len) < 0))
			(void)0;   /* the message still has the first error */
		close(fd);
	}
	free(text);
}

/* One compile with compiler cc: 0, -ENOEXEC (why filled, the output kept
 * in log_path when keep) or -errno (err filled). */
static int compile_once(enum probe_cc cc, const char *compiler, const char *home,
			const char *sfpi_path, const struct abi_tree *t, const char *dir,
			const char *log_path, int keep, const char *note, struct ttrt_abi *out,
			char *why, size_t whylen, char *err, size_t errlen)
{
	struct card_argv a = { 0 };
	char std_used[256];
	char *log = NULL;
	size_t loglen = 0;
	int rc = probe_argv(compiler, cc, home, sfpi_path, t, dir, &a);

	if (rc) {
		ttrt_set_err(err, errlen, "the ABI probe's command line: %s", strerror(-rc));
	} else if ((rc = build_run(a.argv, NULL, &log, &loglen)) < 0) {
		ttrt_set_err(err, errlen, "running %s for the ABI probe: %s", a.argv[0],
			     strerror(-rc));
	} else if (rc > 0) {
		if (keep)
			keep_log(log_path, a.argv, log, loglen);
		abi_explain_compile_error(home, a.argv[0], log, why, whylen);
		rc = -ENOEXEC;
	} else {
		record_files(home, dir, out, std_used, sizeof(std_used));
		describe_compiler(out, a.argv, cc, std_used, note);
	}
	free(log);
	card_argv_free(&a);
	return rc;
}

int abi_probe_compile(const char *home, const char *sfpi_path, const struct abi_tree *t,
		      const char *dir, const char *log_path, struct ttrt_abi *out, char *err,
		      size_t errlen)
{
	char compiler[TTRT_PATH_MAX], other[TTRT_PATH_MAX], why[1024], why2[1024], note[600];
	enum probe_cc cc = choose_compiler(sfpi_path, compiler, sizeof(compiler)), cc2;
	int rc;

	if (cc == CC_NONE) {
		ttrt_set_err(err, errlen,
			     "no C++ compiler for the ABI probe: set sfpi_path, or install gcc-riscv64-unknown-elf or g++ (docs/abi.md)");
		return -ENOENT;
	}
	rc = compile_once(cc, compiler, home, sfpi_path, t, dir, log_path, 1, "", out, why,
			  sizeof(why), err, errlen);
	/* A broken SFPI toolchain is the card build's to report (with its
	 * log); the profile can still come from another compiler, which
	 * says so. */
	if (rc == -ENOEXEC && cc == CC_SFPI &&
	    (cc2 = choose_compiler(NULL, other, sizeof(other))) != CC_NONE) {
		snprintf(note, sizeof(note), "; %.150s failed on the probe (%.400s)", compiler,
			 why);
		if (compile_once(cc2, other, home, sfpi_path, t, dir, log_path, 0, note, out, why2,
				 sizeof(why2), err, errlen) == 0)
			return 0;
	}
	if (rc == -ENOEXEC)
		ttrt_set_err(err, errlen,
			     "the ABI probe does not compile against the headers of %s (%s): %s (the compiler's output: %s)",
			     home, compiler, why, log_path);
	return rc;
}
