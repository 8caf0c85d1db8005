/* SPDX-License-Identifier: Apache-2.0
 *
 * The simulated chip behind the simulated tt-kmd: one memfd holds all L1s,
 * the ARC regions and the DRAM banks (fake_kmd_internal.h), and the
 * simulator maps the same file, so what a TLB window stores the simulated
 * RISCs and NOC see. Made at the device's first open, gone at its last
 * close, as a card's state would not be, but tests want a fresh chip.
 */
#include "fake_kmd_internal.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void *map_region(uint64_t off, size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fake.memfd, (off_t)off);

	return p == MAP_FAILED ? NULL : p;
}

static int fill_ones(void)
{
	uint8_t *p = map_region(FAKE_OFF_ONES, FAKE_REGION);

	if (!p)
		return -errno;
	memset(p, 0xFF, FAKE_REGION);
	munmap(p, FAKE_REGION);
	return 0;
}

int fake_chip_up(void)
{
	struct sim_chip_mem mem;
	int rc;

	fake.memfd = memfd_create("fake-tt-kmd", MFD_CLOEXEC);
	if (fake.memfd < 0)
		return -errno;
	fake.file_bytes = FAKE_OFF_DRAM + sim_dram_shared_bytes(TTRT_NUM_DRAM_BANKS,
								  fake.dram_bank_size);
	if (ftruncate(fake.memfd, (off_t)fake.file_bytes) != 0) {
		rc = -errno;
		goto fail_fd;
	}
	rc = fill_ones();
	if (rc)
		goto fail_fd;
	fake.arc = map_region(FAKE_OFF_ARC, FAKE_REGION);
	fake.csm = map_region(FAKE_OFF_CSM, FAKE_REGION);
	if (!fake.arc || !fake.csm) {
		rc = -ENOMEM;
		goto fail_maps;
	}
	fake_arc_init();
	mem.fd = fake.memfd;
	mem.l1_offset = FAKE_OFF_L1;
	mem.dram_offset = FAKE_OFF_DRAM;
	rc = sim_chip_create_in(fake.dram_bank_size, &mem, &fake.chip);
	if (rc)
		goto fail_maps;
	return 0;

fail_maps:
	if (fake.arc)
		munmap(fake.arc, FAKE_REGION);
	if (fake.csm)
		munmap(fake.csm, FAKE_REGION);
	fake.arc = fake.csm = NULL;
fail_fd:
	close(fake.memfd);
	fake.memfd = -1;
	return rc;
}

void fake_chip_down(void)
{
	sim_chip_destroy(fake.chip);
	fake.chip = NULL;
	munmap(fake.arc, FAKE_REGION);
	munmap(fake.csm, FAKE_REGION);
	fake.arc = fake.csm = NULL;
	close(fake.memfd);
	fake.memfd = -1;
}
