/* SPDX-License-Identifier: Apache-2.0
 *
 * Read a firmware ELF with libelf: a 32-bit RISC-V executable whose
 * PT_LOAD segments are either in L1 or in the RISC's local memory. The
 * file is read once; its bytes stay with the image, so the lines shown for
 * a PC in the firmware are those of the build that was loaded.
 */
#include "device/firmware_image.h"
#include "program/build/cache.h"   /* reading a whole file */
#include "runtime_internal.h"

#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#ifndef EM_RISCV
#define EM_RISCV 243
#endif

static int copy_segment(Elf *elf, const GElf_Phdr *ph, struct fw_segment *seg,
			const char *path, char *err, size_t errlen)
{
	size_t file_size;
	char *raw = elf_rawfile(elf, &file_size);

	if (!raw || ph->p_offset > file_size || ph->p_filesz > file_size - ph->p_offset ||
	    ph->p_filesz > ph->p_memsz || ph->p_memsz > (1u << 21)) {
		ttrt_set_err(err, errlen, "%s: PT_LOAD at 0x%llx is malformed", path,
			     (unsigned long long)ph->p_paddr);
		return -EINVAL;
	}
	seg->paddr = (uint32_t)ph->p_paddr;
	seg->memsz = (uint32_t)ph->p_memsz;
	seg->data = calloc(1, ph->p_memsz ? ph->p_memsz : 1);
	if (!seg->data)
		return -ENOMEM;
	memcpy(seg->data, raw + ph->p_offset, ph->p_filesz);
	return 0;
}

static int read_segments(Elf *elf, struct fw_image *img, const char *path, char *err,
			 size_t errlen)
{
	GElf_Ehdr eh;
	size_t nph;
	int rc;

	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh) ||
	    gelf_getclass(elf) != ELFCLASS32 || eh.e_machine != EM_RISCV) {
		ttrt_set_err(err, errlen, "%s: not a 32-bit RISC-V ELF", path);
		return -ENOEXEC;
	}
	if (elf_getphdrnum(elf, &nph) != 0) {
		ttrt_set_err(err, errlen, "%s: %s", path, elf_errmsg(-1));
		return -ENOEXEC;
	}
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD || ph.p_memsz == 0)
			continue;
		if (img->nseg == FW_MAX_SEGMENTS) {
			ttrt_set_err(err, errlen, "%s: too many PT_LOAD segments", path);
			return -E2BIG;
		}
		rc = copy_segment(elf, &ph, &img->seg[img->nseg], path, err, errlen);
		if (rc)
			return rc;
		if (img->nseg == 0)
			img->text_base = img->seg[0].paddr;
		img->nseg++;
	}
	if (img->nseg == 0) {
		ttrt_set_err(err, errlen, "%s: no loadable segments", path);
		return -ENOEXEC;
	}
	return 0;
}

int fw_image_load(const char *path, struct fw_image *img, char *err, size_t errlen)
{
	Elf *elf = NULL;
	int rc;

	memset(img, 0, sizeof(*img));
	if (elf_version(EV_CURRENT) == EV_NONE) {
		ttrt_set_err(err, errlen, "libelf: %s", elf_errmsg(-1));
		return -EINVAL;
	}
	rc = cache_read_file(path, &img->elf, &img->elf_len);
	if (rc) {
		ttrt_set_err(err, errlen, "%s: %s", path, strerror(-rc));
		return rc;
	}
	elf = elf_memory((char *)img->elf, img->elf_len);
	if (!elf) {
		ttrt_set_err(err, errlen, "%s: %s", path, elf_errmsg(-1));
		rc = -ENOEXEC;
		goto out;
	}
	rc = read_segments(elf, img, path, err, errlen);
out:
	if (elf)
		elf_end(elf);
	if (rc)
		fw_image_free(img);
	return rc;
}

void fw_image_free(struct fw_image *img)
{
	for (int i = 0; i < img->nseg; i++)
		free(img->seg[i].data);
	free(img->elf);
	memset(img, 0, sizeof(*img));
}
