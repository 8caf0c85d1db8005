/* SPDX-License-Identifier: Apache-2.0
 *
 * The kmd backend's window arithmetic, against the simulated tt-kmd:
 * pieces cut at 2 MiB, transfers across window boundaries and with
 * unaligned starts and ends landing at the right bytes of the simulated
 * chip's memory (checked there, not through the backend), neighbours
 * untouched, the number of CONFIGURE_TLB calls, the ordering chosen, and
 * registers reaching the simulated core.
 */
#include "../check.h"
#include "backend/kmd_internal.h"
#include "fake_kmd_internal.h"
#include "kmd_test.h"
#include "sim/dram.h"
#include "tt/l1_map.h"

#include <stdlib.h>

#define MiB (1024u * 1024u)

static uint32_t rng = 12345;
static uint8_t rnd8(void)
{
	rng = rng * 1103515245u + 12345u;
	return (uint8_t)(rng >> 16);
}

static void pieces(void)
{
	uint64_t base;
	size_t off, n;

	kmd_window_piece(0x1FFFFE, 8, &base, &off, &n);
	CHECK_EQ(base, 0);
	CHECK_EQ(off, 0x1FFFFE);
	CHECK_EQ(n, 2);
	kmd_window_piece(0x200000, 8, &base, &off, &n);
	CHECK_EQ(base, 0x200000);
	CHECK_EQ(off, 0);
	CHECK_EQ(n, 8);
	kmd_window_piece(0xFFFFFFFFull - 3, 100, &base, &off, &n);
	CHECK_EQ(base, 0xFFE00000ull);
	CHECK_EQ(off, 0x1FFFFC);
	CHECK_EQ(n, 4);
	kmd_window_piece(0x3FF000, 5 * MiB, &base, &off, &n);
	CHECK_EQ(base, 0x200000);
	CHECK_EQ(n, 0x1000);
}

static uint64_t configures(void)
{
	struct fake_kmd_stats s;

	fake_kmd_stats(&s);
	return s.configures;
}

/* Bank 0's bytes as the simulator holds them. */
static void sim_bank(uint64_t addr, void *buf, size_t len)
{
	sim_dram_read(&fake.chip->dram, 0, addr, buf, len);
}

/* Every start offset 0..7 and length 1..12 around the 2 MiB mark, and
 * around a 4-byte word inside a window: the bytes land exactly, and the
 * ones around them stay as they were. */
static void unaligned(struct ttrt_backend *be)
{
	struct ttrt_xy bank0 = ttrt_dram_bank_noc0(0);
	const uint64_t marks[] = { 2 * MiB, 6 * MiB + 0x101 };
	uint8_t model[64], got[64], data[16];

	for (size_t m = 0; m < 2; m++) {
		uint64_t lo = marks[m] - 32;
		for (int i = 0; i < 64; i++)
			model[i] = rnd8();
		CHECK_EQ(be->ops->write(be, bank0, lo, model, 64), 0);
		for (int start = 24; start < 32 + 8; start++)
			for (size_t len = 1; len <= 12; len++) {
				for (size_t i = 0; i < len; i++)
					data[i] = rnd8();
				CHECK_EQ(be->ops->write(be, bank0, lo + start, data, len), 0);
				memcpy(model + start, data, len);
				sim_bank(lo, got, 64);
				CHECK(memcmp(got, model, 64) == 0, "write at +%d len %zu", start, len);
				memset(got, 0, sizeof(got));
				CHECK_EQ(be->ops->read(be, bank0, lo + start, got, len), 0);
				CHECK(memcmp(got, model + start, len) == 0, "read at +%d len %zu",
				      start, len);
			}
	}
}

/* A bulk transfer from an unaligned start over several windows: the
 * bytes, and one CONFIGURE_TLB per piece on fresh windows; the same
 * transfer again reconfigures nothing unless two pieces share a window. */
static void crossing(void)
{
	struct ttrt_backend *be;
	char err[256];
	size_t len = 5 * MiB;
	uint64_t addr = 2 * MiB - 0x1001;   /* pieces: 0x1001, 2M, 2M, rest */
	uint8_t *src = malloc(len), *back = malloc(len);
	struct ttrt_xy bank0 = ttrt_dram_bank_noc0(0);

	REQUIRE(src && back, "malloc");
	REQUIRE(kmd_test_open("", &be, err, sizeof(err)) == 0, "%s", err);
	for (size_t i = 0; i < len; i++)
		src[i] = rnd8();
	uint64_t before = configures(), own = ttrt_kmd_backend_configures(be);
	CHECK_EQ(be->ops->write(be, bank0, addr, src, len), 0);
	CHECK_EQ(configures() - before, 4);
	CHECK_EQ(ttrt_kmd_backend_configures(be) - own, 4);
	sim_bank(addr, back, len);
	CHECK(memcmp(src, back, len) == 0, "bytes in the simulator differ");
	memset(back, 0, len);
	CHECK_EQ(be->ops->read(be, bank0, addr, back, len), 0);
	CHECK(memcmp(src, back, len) == 0, "bytes read back differ");
	/* Reading is relaxed, writing bulk DRAM relaxed too: the same four
	 * targets, so nothing to reconfigure unless windows collide. */
	before = configures();
	CHECK_EQ(be->ops->read(be, bank0, addr + 0x1001, back, 2 * MiB), 0);
	CHECK(configures() - before <= 1, "one window, %llu configures",
	      (unsigned long long)(configures() - before));
	before = configures();
	CHECK_EQ(be->ops->read(be, bank0, addr + 0x1001, back, 2 * MiB), 0);
	CHECK_EQ(configures() - before, 0);
	unaligned(be);
	be->ops->close(be);
	free(src);
	free(back);
}

/* L1 writes are strict, bulk DRAM reads relaxed; a short write is
 * control (UC) and lands where a long one would. */
static void ordering_and_l1(void)
{
	struct ttrt_backend *be;
	struct fake_kmd_stats s;
	struct ttrt_xy core = { 3, 4 }, noc0;
	uint8_t buf[300], got[300];
	char err[256];

	REQUIRE(kmd_test_open("", &be, err, sizeof(err)) == 0, "%s", err);
	REQUIRE(ttrt_logical_to_noc0(core, &noc0) == 0, "core");
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = rnd8();
	CHECK_EQ(be->ops->write(be, noc0, 0x37003, buf, sizeof(buf)), 0);
	fake_kmd_stats(&s);
	CHECK_EQ(s.last_ordering, KMD_TLB_ORDER_STRICT);
	memcpy(got, sim_chip_l1(fake.chip, ttrt_core_index(core)) + 0x37003, sizeof(got));
	CHECK(memcmp(got, buf, sizeof(buf)) == 0, "L1 bytes in the simulator differ");
	CHECK_EQ(be->ops->write(be, noc0, 0x37001, buf, 3), 0);
	CHECK_EQ(memcmp(sim_chip_l1(fake.chip, ttrt_core_index(core)) + 0x37001, buf, 3), 0);
	uint8_t *big = malloc(MiB);
	REQUIRE(big, "malloc");
	CHECK_EQ(be->ops->read(be, ttrt_dram_bank_noc0(2), 0, big, MiB), 0);
	fake_kmd_stats(&s);
	CHECK_EQ(s.last_ordering, KMD_TLB_ORDER_RELAXED);
	free(big);

	/* The soft-reset register reaches the simulated core. */
	uint32_t v = TT_SOFT_RESET_ALL_RISCS, r = 0;
	CHECK_EQ(be->ops->write(be, noc0, TT_RISCV_SOFT_RESET_0, &v, 4), 0);
	CHECK_EQ(atomic_load(&fake.chip->cores[ttrt_core_index(core)].soft_reset), v);
	CHECK_EQ(be->ops->read(be, noc0, TT_RISCV_SOFT_RESET_0, &r, 4), 0);
	CHECK_EQ(r, v);
	/* Register space takes whole aligned words only. */
	CHECK_EQ(be->ops->read(be, noc0, TT_RISCV_SOFT_RESET_0 + 1, &r, 4), -EINVAL);
	CHECK_EQ(be->ops->write(be, noc0, TT_RISCV_SOFT_RESET_0, &v, 2), -EINVAL);
	CHECK_EQ(be->ops->read(be, noc0, 0xFEFFFFFCull, &r, 8), -EINVAL);
	/* And the last 4 bytes of a 4 GiB bank are memory, not a register. */
	uint32_t w = 0xA5A5F00Du, back = 0;
	CHECK_EQ(be->ops->write(be, ttrt_dram_bank_noc0(1), (4ull << 30) - 4, &w, 4), 0);
	CHECK_EQ(be->ops->read(be, ttrt_dram_bank_noc0(1), (4ull << 30) - 4, &back, 4), 0);
	CHECK_EQ(back, w);
	be->ops->close(be);
}

int main(void)
{
	fake_kmd_install();
	pieces();
	crossing();
	ordering_and_l1();
	return check_exit("test_kmd_windows");
}
