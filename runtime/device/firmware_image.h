/* SPDX-License-Identifier: Apache-2.0
 *
 * A firmware ELF read into memory: its PT_LOAD segments, ready to be
 * written to a core the way the host does on silicon.
 */
#ifndef TTRT_FIRMWARE_IMAGE_H
#define TTRT_FIRMWARE_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#define FW_MAX_SEGMENTS 8

struct fw_segment {
	uint32_t paddr;
	uint32_t memsz;      /* data is zero-padded to memsz */
	uint8_t *data;
};

struct fw_image {
	struct fw_segment seg[FW_MAX_SEGMENTS];
	int nseg;
	uint32_t text_base;  /* first PT_LOAD address: where the RISC starts */
	uint8_t *elf;        /* the file as read, for its debug info (debug/pc_source.c) */
	size_t elf_len;
};

int fw_image_load(const char *path, struct fw_image *img, char *err, size_t errlen);
void fw_image_free(struct fw_image *img);

#endif
