/* SPDX-License-Identifier: Apache-2.0
 *
 * A kernel ELF to its execute-in-place image: the bytes of every PT_LOAD
 * segment at its load address minus the lowest one, zeros between and up
 * to each segment's memory size. The image is copied into the
 * kernel-config buffer and entered there with a plain call, so what runs
 * is exactly these bytes.
 */
#include "program/pack/pack.h"
#include "runtime_internal.h"

#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct segment {
	uint64_t paddr, vaddr, offset, filesz, memsz;
};

static int cmp_segment(const void *a, const void *b)
{
	const struct segment *x = a, *y = b;

	return x->paddr < y->paddr ? -1 : x->paddr > y->paddr;
}

#define FAIL(rc_, ...)                                          \
	do {                                                    \
		ttrt_set_err(err, errlen, __VA_ARGS__);         \
		rc = (rc_);                                     \
		goto out;                                       \
	} while (0)

/* The PT_LOAD segments with bytes in memory, sorted by load address. */
static int read_segments(Elf *e, size_t len, const char *name, struct segment **segs, size_t *nsegs,
			 char *err, size_t errlen)
{
	size_t nph = 0;
	int rc = 0;

	*segs = NULL;
	*nsegs = 0;
	if (elf_getphdrnum(e, &nph) != 0 || nph == 0)
		FAIL(-ENOEXEC, "%s: no program headers: %s", name, elf_errmsg(-1));
	*segs = calloc(nph, sizeof(**segs));
	if (!*segs)
		FAIL(-ENOMEM, "%s: out of memory", name);
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(e, (int)i, &ph))
			FAIL(-ENOEXEC, "%s: program header %zu: %s", name, i, elf_errmsg(-1));
		if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
			continue;
		if (ph.p_filesz > ph.p_memsz)
			FAIL(-ENOEXEC, "%s: segment %zu has more file bytes than memory", name, i);
		if (ph.p_offset > len || ph.p_filesz > len - ph.p_offset)
			FAIL(-ENOEXEC, "%s: segment %zu lies outside the file", name, i);
		(*segs)[(*nsegs)++] = (struct segment){ ph.p_paddr, ph.p_vaddr, ph.p_offset,
							ph.p_filesz, ph.p_memsz };
	}
	if (!*nsegs)
		FAIL(-ENOEXEC, "%s: no loadable segment", name);
	qsort(*segs, *nsegs, sizeof(**segs), cmp_segment);
out:
	return rc;
}

static int check_header(Elf *e, const char *name, char *err, size_t errlen)
{
	GElf_Ehdr eh;
	int rc = 0;

	if (elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh))
		FAIL(-ENOEXEC, "%s: not an ELF file", name);
	if (eh.e_ident[EI_CLASS] != ELFCLASS32 || eh.e_ident[EI_DATA] != ELFDATA2LSB)
		FAIL(-ENOEXEC, "%s: not a 32-bit little-endian ELF", name);
	if (eh.e_machine != EM_RISCV)
		FAIL(-ENOEXEC, "%s: not a RISC-V ELF (machine %u)", name, eh.e_machine);
	if (eh.e_type != ET_EXEC)
		FAIL(-ENOEXEC, "%s: not a linked executable (type %u)", name, eh.e_type);
out:
	return rc;
}

static const char *abs_reloc_name(unsigned type)
{
	switch (type) {
	case R_RISCV_32: return "R_RISCV_32";
	case R_RISCV_HI20: return "R_RISCV_HI20";
	case R_RISCV_LO12_I: return "R_RISCV_LO12_I";
	case R_RISCV_LO12_S: return "R_RISCV_LO12_S";
	default: return NULL;
	}
}

/*
 * The image runs wherever the packer puts it, not at its link address, so
 * an absolute reference into it (lui/addi of a global, a jump table of
 * addresses) would reach the wrong bytes. With --emit-relocs the linker
 * leaves the relocations in: refuse any absolute one whose target lies in
 * the image. References to fixed addresses outside it (MMIO, local
 * memory) are fine. Without relocation sections nothing can be checked.
 */
static int check_position_independent(Elf *e, uint64_t base, uint64_t end, const char *name,
				      struct pack_xip *out, char *err, size_t errlen)
{
	Elf_Scn *scn = NULL;
	int rc = 0;

	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh, target, symsh;
		Elf_Data *data, *syms;
		Elf_Scn *symscn;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA)
			continue;
		if (!gelf_getshdr(elf_getscn(e, sh.sh_info), &target) || !(target.sh_flags & SHF_ALLOC))
			continue;
		symscn = elf_getscn(e, sh.sh_link);
		data = elf_getdata(scn, NULL);
		syms = symscn ? elf_getdata(symscn, NULL) : NULL;
		if (!data || !syms || !gelf_getshdr(symscn, &symsh) || !sh.sh_entsize)
			FAIL(-ENOEXEC, "%s: unreadable relocation section", name);
		out->relocs_checked = 1;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Rela r;
			GElf_Sym sym;
			const char *what;
			uint64_t target_addr;

			if (!gelf_getrela(data, (int)i, &r))
				FAIL(-ENOEXEC, "%s: relocation %zu: %s", name, i, elf_errmsg(-1));
			unsigned type = (unsigned)GELF_R_TYPE(r.r_info);
			bool inside;

			what = abs_reloc_name(type);
			if ((!what && type != R_RISCV_PCREL_HI20) || GELF_R_SYM(r.r_info) == 0)
				continue;
			if (!gelf_getsym(syms, (int)GELF_R_SYM(r.r_info), &sym))
				FAIL(-ENOEXEC, "%s: relocation %zu: bad symbol", name, i);
			target_addr = sym.st_value + (uint64_t)r.r_addend;
			inside = target_addr >= base && target_addr < end;
			if (type == R_RISCV_PCREL_HI20 && !inside)
				FAIL(-ENOEXEC,
				     "%s: not position independent: a pc-relative reference at 0x%llx to 0x%llx, outside the image, breaks when the image moves",
				     name, (unsigned long long)r.r_offset, (unsigned long long)target_addr);
			if (!what || !inside)
				continue;
			FAIL(-ENOEXEC,
			     "%s: not position independent: %s at 0x%llx refers to 0x%llx in the image (build with -mcmodel=medany -fno-jump-tables)",
			     name, what, (unsigned long long)r.r_offset, (unsigned long long)target_addr);
		}
	}
out:
	return rc;
}

int pack_xip_from_elf(const void *elf, size_t len, const char *name, struct pack_xip *out,
		      char *err, size_t errlen)
{
	struct segment *segs = NULL;
	size_t nsegs = 0;
	char *copy = NULL;
	Elf *e = NULL;
	uint64_t base, end = 0, size, entry;
	GElf_Ehdr eh;
	int rc;

	memset(out, 0, sizeof(*out));
	/* libelf reads the memory it is given in place: give it our own copy. */
	copy = malloc(len ? len : 1);
	if (!copy) {
		ttrt_set_err(err, errlen, "%s: out of memory", name);
		return -ENOMEM;
	}
	memcpy(copy, elf, len);
	elf_version(EV_CURRENT);
	e = elf_memory(copy, len);
	if (!e)
		FAIL(-ENOEXEC, "%s: not an ELF file: %s", name, elf_errmsg(-1));
	rc = check_header(e, name, err, errlen);
	if (!rc)
		rc = read_segments(e, len, name, &segs, &nsegs, err, errlen);
	if (rc)
		goto out;
	gelf_getehdr(e, &eh);
	base = segs[0].paddr;
	for (size_t i = 0; i < nsegs; i++) {
		if (i && segs[i].paddr < segs[i - 1].paddr + segs[i - 1].memsz)
			FAIL(-ENOEXEC, "%s: segments at 0x%llx and 0x%llx overlap", name,
			     (unsigned long long)segs[i - 1].paddr, (unsigned long long)segs[i].paddr);
		if (segs[i].paddr + segs[i].memsz > end)
			end = segs[i].paddr + segs[i].memsz;
	}
	size = (end - base + 3) & ~3ull;
	if (end - base > PACK_XIP_MAX_SIZE || end > UINT32_MAX)
		FAIL(-ENOEXEC, "%s: image of %llu bytes from 0x%llx is too large", name,
		     (unsigned long long)(end - base), (unsigned long long)base);
	/* The entry is a run-time address; it must be inside the image as loaded. */
	entry = eh.e_entry;
	if (entry < base || entry >= end)
		FAIL(-ENOEXEC, "%s: entry point 0x%llx is outside the image 0x%llx..0x%llx", name,
		     (unsigned long long)entry, (unsigned long long)base, (unsigned long long)end);
	rc = check_position_independent(e, base, end, name, out, err, errlen);
	if (rc)
		goto out;
	out->image = calloc(1, size);
	if (!out->image)
		FAIL(-ENOMEM, "%s: out of memory", name);
	for (size_t i = 0; i < nsegs; i++) {
		const struct segment *s = &segs[i];
		memcpy(out->image + (s->paddr - base), copy + s->offset, s->filesz);
		if (s->vaddr == s->paddr)
			continue;
		if (out->n_copies == PACK_XIP_MAX_COPIES)
			FAIL(-ENOEXEC, "%s: more than %d segments to copy at run time", name,
			     PACK_XIP_MAX_COPIES);
		out->copies[out->n_copies++] = (struct pack_xip_copy){
			(uint32_t)(s->paddr - base), (uint32_t)s->vaddr, (uint32_t)s->filesz,
			(uint32_t)s->memsz,
		};
	}
	out->size = (uint32_t)size;
	out->link_base = (uint32_t)base;
	out->entry_offset = (uint32_t)(entry - base);
	out->n_segments = (uint32_t)nsegs;
	rc = 0;
out:
	if (rc)
		pack_xip_free(out);
	if (e)
		elf_end(e);
	free(segs);
	free(copy);
	return rc;
}

void pack_xip_free(struct pack_xip *xip)
{
	free(xip->image);
	memset(xip, 0, sizeof(*xip));
}
