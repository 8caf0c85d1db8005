/* SPDX-License-Identifier: Apache-2.0
 *
 * Whether a core still holds the firmware the loader wrote
 * (ttrt_core_firmware_intact): its text, every firmware segment that
 * lies in the RISC's firmware region of L1 (the profile's
 * MEM_*_FIRMWARE_BASE/SIZE), and the boot jump at L1 0, read back and
 * compared with the bytes written. Segments staged elsewhere (local-memory
 * data in the init scratch, which kernels reuse) are not the firmware's
 * any more once it started, and are not compared. Only L1 reads, so it
 * works through every backend.
 */
#include "runtime_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 4096u

static void fw_region(const struct ttrt_abi *abi, int risc, uint32_t *base, uint32_t *size)
{
	const uint32_t b[TTRT_NUM_RISCS] = { abi->brisc_fw_base, abi->ncrisc_fw_base,
					     abi->trisc0_fw_base, abi->trisc1_fw_base,
					     abi->trisc2_fw_base };
	const uint32_t s[TTRT_NUM_RISCS] = { abi->brisc_fw_size, abi->ncrisc_fw_size,
					     abi->trisc0_fw_size, abi->trisc1_fw_size,
					     abi->trisc2_fw_size };

	*base = b[risc];
	*size = s[risc];
}

/* 1 when L1 at addr holds len bytes other than want, else 0 or -errno. */
static int differs(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr,
		   const uint8_t *want, uint32_t len, uint8_t *buf)
{
	for (uint32_t off = 0; off < len; off += CHUNK) {
		uint32_t n = len - off < CHUNK ? len - off : CHUNK;
		int rc = ttrt_l1_read(dev, core, addr + off, buf, n);

		if (rc)
			return rc;
		if (memcmp(buf, want + off, n))
			return 1;
	}
	return 0;
}

int ttrt_core_firmware_intact(struct ttrt_device *dev, struct ttrt_xy core)
{
	const struct ttrt_abi *abi = &dev->abi;
	uint8_t *buf;
	uint32_t jump;
	int rc = 0;

	if (!dev->firmware[0].nseg)
		return 1;   /* no firmware of ours: nothing to compare */
	buf = malloc(CHUNK);
	if (!buf)
		return -ENOMEM;
	for (int r = 0; rc == 0 && r < TTRT_NUM_RISCS; r++) {
		uint32_t base, size;

		fw_region(abi, r, &base, &size);
		for (int s = 0; rc == 0 && s < dev->firmware[r].nseg; s++) {
			const struct fw_segment *seg = &dev->firmware[r].seg[s];

			if (seg->paddr >= base && seg->paddr - base < size &&
			    seg->memsz <= size - (seg->paddr - base))
				rc = differs(dev, core, seg->paddr, seg->data, seg->memsz, buf);
		}
	}
	if (rc == 0) {
		jump = ttrt_boot_jump(dev->firmware[0].text_base);
		rc = differs(dev, core, abi->boot_code_base, (const uint8_t *)&jump, 4, buf);
	}
	free(buf);
	return rc < 0 ? rc : !rc;
}
