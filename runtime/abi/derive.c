/* SPDX-License-Identifier: Apache-2.0
 *
 * A profile derived from a tt-metal tree: compile the probe
 * (probe_source.c) against the tree's headers and read its constants back
 * from the object with libelf. Only the compiler runs; nothing runs on the
 * target, so a host without a card (or without the RISC-V toolchain) can
 * derive the profile of any tt-metal version.
 */
#include "abi_internal.h"
#include "program/build.h"
#include "program/cache.h"
#include "runtime_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef TTRT_DEFAULT_SDK_DIR
#define TTRT_DEFAULT_SDK_DIR "/nonexistent"
#endif

#define RISCV_CXX "riscv64-unknown-elf-g++"
#define HOST_CXX  "g++"

/* Where tt-metal keeps the Blackhole dev_mem_map.h: the current layout,
 * then the older one (the "looked in" of the error names both). */
static const char *const mem_map_dirs[] = {
	"tt_metal/hw/inc/internal/tt-1xx/blackhole",
	"tt_metal/hw/inc/blackhole",
};

/* Include directories of the probe, relative to tt_metal_home
 * (reference/blackhole-abi.md §5.3; the missing ones are harmless). */
static const char *const include_dirs[] = {
	"tt_metal/hw/inc/internal/tt-1xx/blackhole",
	"tt_metal/hw/inc/blackhole",
	"tt_metal/hw/inc/internal/tt-1xx",
	"tt_metal/hw/inc",
	"tt_metal/hostdevcommon/api",
	"tt_metal/hostdevcommon/api/hostdevcommon",
	"tt_metal/api",
	"tt_metal/include",
	"tt_metal",
	"",
};

#define N_INCLUDES (sizeof(include_dirs) / sizeof(include_dirs[0]))

static int is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int find_mem_map(const char *home, char *err, size_t errlen)
{
	char path[TTRT_PATH_MAX + 128];

	for (size_t i = 0; i < sizeof(mem_map_dirs) / sizeof(mem_map_dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s/dev_mem_map.h", home, mem_map_dirs[i]);
		if (is_file(path))
			return 0;
	}
	ttrt_set_err(err, errlen,
		     "tt_metal_home %s: no Blackhole dev_mem_map.h (looked in %s/ and %s/)", home,
		     mem_map_dirs[0], mem_map_dirs[1]);
	return -ENOENT;
}

/* Is prog an executable in PATH? */
static int on_path(const char *prog)
{
	const char *path = getenv("PATH");
	char buf[TTRT_PATH_MAX];

	while (path && *path) {
		const char *colon = strchr(path, ':');
		size_t n = colon ? (size_t)(colon - path) : strlen(path);
		snprintf(buf, sizeof(buf), "%.*s/%s", (int)n, path, prog);
		if (n && access(buf, X_OK) == 0)
			return 1;
		path = colon ? colon + 1 : NULL;
	}
	return 0;
}

/* The compiler's argv; strings live in store (freed by the caller). */
static int probe_argv(const char *home, const char *dir, char **argv, int max, char *store,
		      size_t storelen)
{
	int n = 0;
	size_t used = 0;

#define ADD(...)                                                                          \
	do {                                                                              \
		int w_ = snprintf(store + used, storelen - used, __VA_ARGS__);            \
		if (w_ < 0 || (size_t)w_ >= storelen - used || n >= max - 1)             \
			return -ENAMETOOLONG;                                             \
		argv[n++] = store + used;                                                 \
		used += (size_t)w_ + 1;                                                   \
	} while (0)

	if (on_path(RISCV_CXX)) {
		/* The target's own ABI (rv32, ilp32); freestanding, with the
		 * kernel SDK's small C++ headers for <cstdint> and friends. */
		ADD(RISCV_CXX);
		ADD("-march=rv32im");
		ADD("-mabi=ilp32");
		ADD("-ffreestanding");
		ADD("-I%s/std", TTRT_DEFAULT_SDK_DIR);
	} else {
		/* tt-metal's host code includes the same headers: their
		 * layouts use fixed-width types only. */
		ADD(HOST_CXX);
	}
	ADD("-std=c++17");
	ADD("-Wno-invalid-offsetof");
	ADD("-DARCH_BLACKHOLE");
	ADD("-DNUM_DRAM_BANKS=7");
	ADD("-DNUM_L1_BANKS=110");
	for (size_t i = 0; i < N_INCLUDES; i++)
		ADD("-I%s%s%s", home, include_dirs[i][0] ? "/" : "", include_dirs[i]);
	ADD("-c");
	ADD("%s/probe.cc", dir);
	ADD("-o");
	ADD("%s/probe.o", dir);
	argv[n] = NULL;
#undef ADD
	return n;
}

static int compile_probe(const char *home, const char *dir, char *err, size_t errlen)
{
	char *argv[64], store[16384], src_path[TTRT_PATH_MAX + 16];
	char *src = NULL, *log = NULL, why[768];
	size_t srclen, loglen = 0;
	int rc;

	rc = abi_probe_source(&src, &srclen);
	if (rc)
		return rc;
	snprintf(src_path, sizeof(src_path), "%s/probe.cc", dir);
	rc = build_write_file(src_path, src, srclen);
	free(src);
	if (rc) {
		ttrt_set_err(err, errlen, "%s: %s", src_path, strerror(-rc));
		return rc;
	}
	rc = probe_argv(home, dir, argv, 64, store, sizeof(store));
	if (rc < 0) {
		ttrt_set_err(err, errlen, "tt_metal_home %s: path too long", home);
		return rc;
	}
	rc = build_run(argv, NULL, &log, &loglen);
	if (rc < 0) {
		ttrt_set_err(err, errlen, "running %s for the ABI probe: %s", argv[0], strerror(-rc));
	} else if (rc > 0) {
		if (build_log_line(log, "error", why, sizeof(why)))
			snprintf(why, sizeof(why), "no compiler output");
		ttrt_set_err(err, errlen,
			     "the ABI probe does not compile against the headers of %s (%s): %s", home,
			     argv[0], why);
		rc = -ENOEXEC;
	}
	free(log);
	return rc;
}

/* The constant of symbol ttfs_abi_<key>: its 8 bytes in its section. */
static int symbol_value(Elf *e, GElf_Sym *sym, long long *out)
{
	Elf_Scn *scn = elf_getscn(e, sym->st_shndx);
	Elf_Data *d = scn ? elf_getdata(scn, NULL) : NULL;
	unsigned char b[8];

	if (!d || !d->d_buf || sym->st_value + 8 > d->d_size)
		return -EINVAL;
	memcpy(b, (unsigned char *)d->d_buf + sym->st_value, 8);
	*out = 0;
	for (int i = 7; i >= 0; i--)
		*out = (long long)(((unsigned long long)*out << 8) | b[i]);   /* both targets are LE */
	return 0;
}

static int field_of(const char *sym)
{
	if (strncmp(sym, "ttfs_abi_", 9) != 0)
		return -1;
	for (int i = 0; i < TTRT_ABI_NUM_FIELDS; i++)
		if (strcmp(sym + 9, ttrt_abi_fields[i].key) == 0)
			return i;
	return -1;
}

static int read_symbols(Elf *e, struct ttrt_abi *out, char *err, size_t errlen, const char *path)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB)
			continue;
		d = elf_getdata(scn, NULL);
		for (size_t i = 0; d && sh.sh_entsize && i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym sym;
			const char *name;
			long long v;
			int f;

			if (!gelf_getsym(d, (int)i, &sym))
				continue;
			name = elf_strptr(e, sh.sh_link, sym.st_name);
			f = name ? field_of(name) : -1;
			if (f < 0)
				continue;
			if (symbol_value(e, &sym, &v)) {
				ttrt_set_err(err, errlen, "%s: %s has no readable value", path, name);
				return -EINVAL;
			}
			if (v >= 0 && v <= (long long)UINT32_MAX)
				ttrt_abi_set(out, f, (uint32_t)v);
		}
		return 0;
	}
	ttrt_set_err(err, errlen, "%s: no symbol table", path);
	return -EINVAL;
}

int ttrt_abi_read_probe(const char *object, struct ttrt_abi *out, char *err, size_t errlen)
{
	int fd, rc;
	Elf *e;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return -EINVAL;
	fd = open(object, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		ttrt_set_err(err, errlen, "%s: %s", object, strerror(-rc));
		return rc;
	}
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e || elf_kind(e) != ELF_K_ELF) {
		ttrt_set_err(err, errlen, "%s: not an ELF object", object);
		rc = -EINVAL;
	} else {
		rc = read_symbols(e, out, err, errlen, object);
	}
	if (e)
		elf_end(e);
	close(fd);
	return rc;
}

int ttrt_abi_derive(const char *home, const char *work_dir, struct ttrt_abi *out, char *err,
		    size_t errlen)
{
	char dir[TTRT_PATH_MAX], source[TTRT_ABI_SOURCE_MAX], obj[TTRT_PATH_MAX + 16];
	int rc;

	snprintf(source, sizeof(source), "derived from %s", home);
	ttrt_abi_clear(out, "derived", source);
	ttrt_abi_tt_metal_commit(home, out->commit, sizeof(out->commit));
	rc = find_mem_map(home, err, errlen);
	if (rc)
		return rc;
	rc = cache_make_dir(work_dir);
	if (rc) {
		ttrt_set_err(err, errlen, "%s: %s", work_dir, strerror(-rc));
		return rc;
	}
	snprintf(dir, sizeof(dir), "%s/abi-probe-XXXXXX", work_dir);
	if (!mkdtemp(dir)) {
		rc = -errno;
		ttrt_set_err(err, errlen, "%s: %s", dir, strerror(-rc));
		return rc;
	}
	rc = compile_probe(home, dir, err, errlen);
	if (rc == 0) {
		snprintf(obj, sizeof(obj), "%s/probe.o", dir);
		rc = ttrt_abi_read_probe(obj, out, err, errlen);
	}
	build_remove_dir(dir);
	/* The fields not in any header are the host's own choice. */
	for (int i = 0; rc == 0 && i < TTRT_ABI_NUM_FIELDS; i++)
		if (ttrt_abi_fields[i].derive == TTRT_ABI_D_FIXED)
			ttrt_abi_set(out, i, ttrt_abi_fields[i].builtin);
	return rc;
}
