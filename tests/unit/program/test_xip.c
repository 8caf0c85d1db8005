/* SPDX-License-Identifier: Apache-2.0
 *
 * XIP images of real ELFs built with the RISC-V toolchain, checked against
 * the bytes objcopy -O binary extracts and against program headers read
 * here without libelf; then packed, and the bytes found where the launch
 * message says; and kernels that cannot run moved, refused.
 * Usage: test_xip TWO.elf TWO.bin COPY.elf COPY_RELOCS.elf MEDLOW.elf
 */
#include "program/pack/pack.h"
#include "../check.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long n;

	REQUIRE(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	REQUIRE(buf && fread(buf, 1, (size_t)n, f) == (size_t)n, "cannot read %s", path);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* The load span of an ELF32 file, from its program headers. */
static void load_span(const uint8_t *elf, uint32_t *lo, uint32_t *hi, int *nload)
{
	Elf32_Ehdr eh;

	memcpy(&eh, elf, sizeof(eh));
	*lo = UINT32_MAX;
	*hi = 0;
	*nload = 0;
	for (int i = 0; i < eh.e_phnum; i++) {
		Elf32_Phdr ph;
		memcpy(&ph, elf + eh.e_phoff + (size_t)i * eh.e_phentsize, sizeof(ph));
		if (ph.p_type != PT_LOAD || !ph.p_memsz)
			continue;
		(*nload)++;
		if (ph.p_paddr < *lo)
			*lo = ph.p_paddr;
		if (ph.p_paddr + ph.p_memsz > *hi)
			*hi = ph.p_paddr + ph.p_memsz;
	}
}

static void test_two_segments(const char *elf_path, const char *bin_path)
{
	size_t elf_len, bin_len;
	uint8_t *elf = slurp(elf_path, &elf_len);
	uint8_t *bin = slurp(bin_path, &bin_len);
	struct pack_xip x;
	char err[256] = "";
	uint32_t lo, hi;
	int nload, rc;

	load_span(elf, &lo, &hi, &nload);
	CHECK_EQ(nload, 2);
	rc = pack_xip_from_elf(elf, elf_len, "two.elf", &x, err, sizeof(err));
	REQUIRE(rc == 0, "%s", err);
	CHECK_EQ(x.n_segments, 2);
	CHECK_EQ(x.n_copies, 0);
	CHECK_EQ(x.relocs_checked, 1);
	CHECK_EQ(x.link_base, lo);
	CHECK_EQ(x.link_base, 0x100);
	CHECK_EQ(x.entry_offset, 0);
	CHECK_EQ(x.size, (hi - lo + 3) & ~3u);
	CHECK(x.size > bin_len, "the image (%u) holds .bss past objcopy's %zu bytes", x.size, bin_len);
	REQUIRE(bin_len <= x.size, "objcopy gave %zu bytes", bin_len);
	CHECK(memcmp(x.image, bin, bin_len) == 0, "the image differs from objcopy -O binary");
	for (uint32_t i = (uint32_t)bin_len; i < x.size; i++)
		CHECK(x.image[i] == 0, ".bss byte %u is 0x%02x", i, x.image[i]);
	/* The gap between the segments is zeros and .data's first word is there. */
	{
		static const uint8_t counter[4] = { 0x44, 0x33, 0x22, 0x11 };
		const uint8_t *hit = memmem(x.image, x.size, counter, 4);
		CHECK(hit != NULL, "the initial value of counter is in the image");
	}
	pack_xip_free(&x);

	/* Not a kernel: a truncated file, a wrong machine, random bytes. */
	rc = pack_xip_from_elf(elf, 40, "cut.elf", &x, err, sizeof(err));
	CHECK(rc == -ENOEXEC && strstr(err, "cut.elf: "), "%d %s", rc, err);
	{
		uint8_t *bad = malloc(elf_len);
		memcpy(bad, elf, elf_len);
		bad[18] = 62;   /* e_machine = x86-64 */
		rc = pack_xip_from_elf(bad, elf_len, "x86.elf", &x, err, sizeof(err));
		CHECK(rc == -ENOEXEC && strstr(err, "not a RISC-V ELF"), "%d %s", rc, err);
		memcpy(bad, elf, elf_len);
		/* A segment whose file bytes run past the end of the file. */
		Elf32_Ehdr eh;
		Elf32_Phdr ph;
		memcpy(&eh, bad, sizeof(eh));
		for (int i = 0; i < eh.e_phnum; i++) {
			uint8_t *p = bad + eh.e_phoff + (size_t)i * eh.e_phentsize;
			memcpy(&ph, p, sizeof(ph));
			if (ph.p_type == PT_LOAD) {
				ph.p_offset = (Elf32_Off)elf_len - 4;
				memcpy(p, &ph, sizeof(ph));
				break;
			}
		}
		rc = pack_xip_from_elf(bad, elf_len, "past.elf", &x, err, sizeof(err));
		CHECK(rc == -ENOEXEC && strstr(err, "outside the file"), "%d %s", rc, err);
		for (size_t i = 0; i < elf_len; i++)
			bad[i] = (uint8_t)(i * 37 + 11);
		rc = pack_xip_from_elf(bad, elf_len, "noise", &x, err, sizeof(err));
		CHECK(rc == -ENOEXEC && strstr(err, "noise: not an ELF"), "%d %s", rc, err);
		/* Every truncation of a real ELF is refused or read, never overread (ASan). */
		for (size_t n = 0; n < elf_len; n += 7) {
			uint8_t *cut = malloc(n ? n : 1);
			memcpy(cut, elf, n);
			rc = pack_xip_from_elf(cut, n, "cut", &x, err, sizeof(err));
			CHECK(rc == 0 || rc == -ENOEXEC, "truncated to %zu: %d", n, rc);
			if (rc == 0)
				pack_xip_free(&x);
			free(cut);
		}
		free(bad);
	}

	/* Packed alone on NCRISC: the bytes are where the launch message says. */
	REQUIRE(pack_xip_from_elf(elf, elf_len, "two.elf", &x, err, sizeof(err)) == 0, "%s", err);
	{
		struct pack_input in = { .min_remote_cb_start_index = 32 };
		struct pack_output out;
		in.kernel[PACK_NCRISC] = &x;
		rc = pack_kernel_config(&in, &out, err, sizeof(err));
		REQUIRE(rc == 0, "%s", err);
		CHECK_EQ(out.launch.enables, 1u << PACK_NCRISC);
		CHECK_EQ(out.launch.kernel_text_offset[PACK_NCRISC] % 16, 0);
		CHECK(memcmp(out.config + out.launch.kernel_text_offset[PACK_NCRISC], bin, bin_len) == 0,
		      "packed image bytes");
		pack_output_free(&out);
	}
	pack_xip_free(&x);
	free(elf);
	free(bin);
}

/* .data that runs elsewhere than it is stored: recorded, and refused by
 * the packer because our firmware does not copy it. */
static void test_copy_data(const char *elf_path)
{
	size_t elf_len;
	uint8_t *elf = slurp(elf_path, &elf_len);
	struct pack_xip x;
	struct pack_input in = { .min_remote_cb_start_index = 32 };
	struct pack_output out;
	char err[256] = "";
	int rc = pack_xip_from_elf(elf, elf_len, "copy.elf", &x, err, sizeof(err));

	REQUIRE(rc == 0, "%s", err);
	CHECK_EQ(x.relocs_checked, 0);
	CHECK_EQ(x.link_base, 0);
	CHECK_EQ(x.n_copies, 1);
	CHECK_EQ(x.copies[0].vaddr, 0xFFB00600u);
	CHECK_EQ(x.copies[0].image_offset % 16, 0);
	CHECK(x.copies[0].memsz >= 4 * 64, "memsz %u holds zeros[64]", x.copies[0].memsz);
	CHECK_EQ(x.size, (x.copies[0].image_offset + x.copies[0].memsz + 3) & ~3u);
	in.kernel[PACK_BRISC] = &x;
	rc = pack_kernel_config(&in, &out, err, sizeof(err));
	CHECK(rc == -EINVAL && strstr(err, "brisc: the kernel has data to copy to 0xffb00600"), "%d %s",
	      rc, err);
	pack_xip_free(&x);
	free(elf);
}

/* Relocations kept (--emit-relocs) show references that break when the
 * image moves: pc-relative ones to data outside it, absolute ones into it. */
static void test_not_movable(const char *copy_relocs, const char *medlow)
{
	size_t len;
	uint8_t *elf = slurp(copy_relocs, &len);
	struct pack_xip x;
	char err[320] = "";
	int rc = pack_xip_from_elf(elf, len, "copy_relocs.elf", &x, err, sizeof(err));

	CHECK(rc == -ENOEXEC &&
	      strstr(err, "copy_relocs.elf: not position independent: a pc-relative reference at 0x") &&
	      strstr(err, "to 0xffb006"),
	      "%d %s", rc, err);
	free(elf);
	elf = slurp(medlow, &len);
	rc = pack_xip_from_elf(elf, len, "medlow.elf", &x, err, sizeof(err));
	CHECK(rc == -ENOEXEC && strstr(err, "medlow.elf: not position independent: R_RISCV_HI20 at 0x"),
	      "%d %s", rc, err);
	free(elf);
}

int main(int argc, char **argv)
{
	REQUIRE(argc == 6, "usage: %s TWO.elf TWO.bin COPY.elf COPY_RELOCS.elf MEDLOW.elf", argv[0]);
	test_two_segments(argv[1], argv[2]);
	test_copy_data(argv[3]);
	test_not_movable(argv[4], argv[5]);
	return check_exit("test_xip");
}
