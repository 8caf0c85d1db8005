/* SPDX-License-Identifier: Apache-2.0
 *
 * A profile derived from a tt-metal tree: find the tree's headers
 * (derive_tree.c), compile the probe (probe_source.c) against them as the
 * firmware build does (derive_compile.c) and read its constants back from
 * the object with libelf. Only the compiler runs; nothing runs on the
 * target, so a host without a card (or without the RISC-V toolchain) can
 * derive the profile of any tt-metal version.
 */
#include "abi_internal.h"
#include "program/build/build.h"
#include "program/build/cache.h"
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

static int write_probe(const char *dir, int has_stream_map, char *err, size_t errlen)
{
	char path[TTRT_PATH_MAX + 16], *src = NULL;
	size_t len;
	int rc = abi_probe_source(has_stream_map, &src, &len);

	if (rc)
		return rc;
	snprintf(path, sizeof(path), "%s/probe.cc", dir);
	rc = build_write_file(path, src, len);
	free(src);
	if (rc)
		ttrt_set_err(err, errlen, "%s: %s", path, strerror(-rc));
	return rc;
}

/* The tree's path without trailing slashes: the compiler's file names
 * start with it, and the profile lists them relative to it. */
static void tree_root(const char *home, char *buf, size_t len)
{
	size_t n = strlen(home);

	while (n > 1 && home[n - 1] == '/')
		n--;
	snprintf(buf, len, "%.*s", (int)n, home);
}

int ttrt_abi_derive(const char *tt_metal_home, const char *sfpi_path, const char *work_dir,
		    struct ttrt_abi *out, char *err, size_t errlen)
{
	char home[TTRT_PATH_MAX], dir[TTRT_PATH_MAX], source[TTRT_ABI_SOURCE_MAX];
	char obj[TTRT_PATH_MAX + 16], log[TTRT_PATH_MAX + 32];
	struct abi_tree *tree = malloc(sizeof(*tree));
	int rc;

	tree_root(tt_metal_home, home, sizeof(home));
	snprintf(source, sizeof(source), "derived from %s", tt_metal_home);
	ttrt_abi_clear(out, "derived", source);
	ttrt_abi_tt_metal_commit(home, out->commit, sizeof(out->commit));
	if (!tree)
		return -ENOMEM;
	rc = abi_tree_find(home, tree, err, errlen);
	if (rc)
		goto out;
	rc = cache_make_dir(work_dir);
	if (rc) {
		ttrt_set_err(err, errlen, "%s: %s", work_dir, strerror(-rc));
		goto out;
	}
	snprintf(dir, sizeof(dir), "%s/abi-probe-XXXXXX", work_dir);
	if (!mkdtemp(dir)) {
		rc = -errno;
		ttrt_set_err(err, errlen, "%s: %s", dir, strerror(-rc));
		goto out;
	}
	snprintf(log, sizeof(log), "%s/abi-probe.log", work_dir);
	rc = write_probe(dir, tree->path[ABI_F_STREAM][0] != '\0', err, errlen);
	if (rc == 0)
		rc = abi_probe_compile(home, sfpi_path, tree, dir, log, out, err, errlen);
	if (rc == 0) {
		snprintf(obj, sizeof(obj), "%s/probe.o", dir);
		rc = ttrt_abi_read_probe(obj, out, err, errlen);
	}
	build_remove_dir(dir);
	/* The fields not in any header are the host's own choice. */
	for (int i = 0; rc == 0 && i < TTRT_ABI_NUM_FIELDS; i++)
		if (ttrt_abi_fields[i].derive == TTRT_ABI_D_FIXED)
			ttrt_abi_set(out, i, ttrt_abi_fields[i].builtin);
out:
	free(tree);
	return rc;
}
