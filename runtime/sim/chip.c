/* SPDX-License-Identifier: Apache-2.0 */
#include "chip.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

static uint8_t *reserve_sparse(size_t bytes)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

static uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

int sim_chip_create(uint64_t dram_bank_size, struct sim_chip **out)
{
	struct sim_chip *chip = calloc(1, sizeof(*chip));
	int rc = -ENOMEM;

	if (!chip)
		return -ENOMEM;
	chip->dram_bank_size = dram_bank_size;
	chip->l1 = reserve_sparse((size_t)TTRT_NUM_TENSIX * TTRT_L1_SIZE);
	if (!chip->l1)
		goto fail;
	chip->dram = reserve_sparse((size_t)TTRT_NUM_DRAM_BANKS * dram_bank_size);
	if (!chip->dram)
		goto fail_l1;
	chip->created_ns = monotonic_ns();
	*out = chip;
	return 0;

fail_l1:
	munmap(chip->l1, (size_t)TTRT_NUM_TENSIX * TTRT_L1_SIZE);
fail:
	free(chip);
	return rc;
}

void sim_chip_destroy(struct sim_chip *chip)
{
	if (!chip)
		return;
	munmap(chip->dram, (size_t)TTRT_NUM_DRAM_BANKS * chip->dram_bank_size);
	munmap(chip->l1, (size_t)TTRT_NUM_TENSIX * TTRT_L1_SIZE);
	free(chip);
}

uint64_t sim_chip_uptime_ms(const struct sim_chip *chip)
{
	return (monotonic_ns() - chip->created_ns) / 1000000ull;
}
