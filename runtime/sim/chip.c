/* SPDX-License-Identifier: Apache-2.0 */
#include "chip.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

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

static size_t l1_bytes(void)
{
	return (size_t)TTRT_NUM_TENSIX * TTRT_L1_SIZE;
}

static size_t local_bytes(void)
{
	return (size_t)TTRT_NUM_TENSIX * sim_core_local_bytes();
}

static int host_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

static void unmap_all(struct sim_chip *chip)
{
	sim_dram_destroy(&chip->dram);
	if (chip->local_mem)
		munmap(chip->local_mem, local_bytes());
	if (chip->l1)
		munmap(chip->l1, l1_bytes());
}

static uint8_t *map_shared(const struct sim_chip_mem *mem)
{
	void *p = mmap(NULL, l1_bytes(), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE,
		       mem->fd, (off_t)mem->l1_offset);
	return p == MAP_FAILED ? NULL : p;
}

int sim_chip_create(uint64_t dram_bank_size, struct sim_chip **out)
{
	return sim_chip_create_in(dram_bank_size, NULL, out);
}

int sim_chip_create_in(uint64_t dram_bank_size, const struct sim_chip_mem *mem,
		       struct sim_chip **out)
{
	struct sim_chip *chip = calloc(1, sizeof(*chip));
	int rc = -ENOMEM, i = 0;

	if (!chip)
		return -ENOMEM;
	chip->l1 = mem ? map_shared(mem) : reserve_sparse(l1_bytes());
	chip->local_mem = reserve_sparse(local_bytes());
	if (!chip->l1 || !chip->local_mem)
		goto fail_maps;
	if (mem)
		rc = sim_dram_init_shared(&chip->dram, TTRT_NUM_DRAM_BANKS, dram_bank_size,
					  mem->fd, mem->dram_offset);
	else
		rc = sim_dram_init(&chip->dram, TTRT_NUM_DRAM_BANKS, dram_bank_size);
	if (rc)
		goto fail_maps;
	for (i = 0; i < TTRT_NUM_TENSIX; i++) {
		rc = sim_core_init(&chip->cores[i], chip, i);
		if (rc)
			goto fail_cores;
	}
	rc = sim_sched_start(&chip->sched, host_cpus());
	if (rc)
		goto fail_cores;
	chip->created_ns = monotonic_ns();
	*out = chip;
	return 0;

fail_cores:
	while (i-- > 0)
		sim_core_destroy(&chip->cores[i]);
fail_maps:
	unmap_all(chip);
	free(chip);
	return rc;
}

void sim_chip_destroy(struct sim_chip *chip)
{
	if (!chip)
		return;
	sim_sched_stop(&chip->sched);
	for (int i = 0; i < TTRT_NUM_TENSIX; i++)
		sim_core_destroy(&chip->cores[i]);
	unmap_all(chip);
	free(chip);
}

uint64_t sim_chip_uptime_ms(const struct sim_chip *chip)
{
	return (monotonic_ns() - chip->created_ns) / 1000000ull;
}
