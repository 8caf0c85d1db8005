/* SPDX-License-Identifier: Apache-2.0
 *
 * All five RISCs of one core run a kernel (noc_kernel.c) through the
 * runtime API: each reports the CB view and state our firmware gave it,
 * and BRISC/NCRISC drive the NOC model: DRAM read through the bank table,
 * multicast, atomic increments on both NOCs, an inline register write, a
 * DRAM write across a 4 KiB page edge and an atomic on a DRAM word, which
 * the host must then see, and a multicast atomic increment (sim DRAM keeps a bitmap of written pages and
 * serves unmarked ones as zeros).
 */
#include "launch_util.h"
#include "ttrt.h"
#include "tt/fw_abi.h"
#include "tt/l1_map.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#define RESULTS   0x40100u
#define STAGING   0x40000u
#define MCAST_DST 0x50000u
#define SEM_ADDR  0x60000u
#define DRAM_BANK 3
#define DRAM_ADDR 0x1000u
#define DRAM_WRITE_ADDR  0x2FE0u   /* 64 bytes across the page edge at 0x3000 */
#define DRAM_ATOMIC_ADDR 0x5008u   /* a word in a page nothing else touches */
#define TEXT_OFF  0x100u
#define CB_OFF    0x40u

static const struct ttrt_xy launcher = { 1, 1 };   /* NOC0 2-3 */
static const struct ttrt_xy sem_core = { 9, 9 };
static const struct ttrt_xy reg_core = { 8, 8 };

#define NUM_ARGS 15

static void build_args(uint32_t args[NUM_ARGS])
{
	struct ttrt_xy s, r;

	ttrt_logical_to_noc0(sem_core, &s);
	ttrt_logical_to_noc0(reg_core, &r);
	args[0] = RESULTS;
	args[1] = DRAM_BANK;
	args[2] = DRAM_ADDR;
	args[3] = STAGING;
	args[4] = 4u | (4u << 6) | (2u << 12) | (3u << 18);   /* x 2..4, y 3..4 */
	args[5] = MCAST_DST;
	args[6] = s.x;
	args[7] = s.y;
	args[8] = SEM_ADDR;
	args[9] = r.x;
	args[10] = r.y;
	args[11] = TT_STREAM_REG_ADDR(3, TT_STREAM_TILES_RECEIVED_REG);
	args[12] = 7;
	args[13] = DRAM_WRITE_ADDR;
	args[14] = DRAM_ATOMIC_ADDR;
}

static int launch_all(struct ttrt_device *dev, const uint8_t *kernel, size_t klen)
{
	struct tt_local_cb_config cb0 = { 0x37000, 4096, 2, 2048 };
	struct ttrt_launch msg;
	uint32_t args[NUM_ARGS];
	int rc;

	memset(&msg, 0, sizeof(msg));
	for (int i = 0; i < TT_NUM_CORE_TYPES; i++)
		msg.kernel_config_base[i] = TT_KERNEL_CONFIG_BASE;
	msg.local_cb_offset = CB_OFF;
	msg.remote_cb_offset = CB_OFF + 16;
	msg.local_cb_mask = 1;
	for (int p = 0; p < TT_NUM_PROCESSORS; p++)
		msg.kernel_text_offset[p] = TEXT_OFF;
	msg.mode = TT_DISPATCH_MODE_HOST;
	msg.enables = 0x1F;
	msg.min_remote_cb_start_index = TT_NUM_CIRCULAR_BUFFERS;
	build_args(args);
	rc = ttrt_launch_prepare(dev, launcher, &msg);
	if (rc == 0)
		rc = ttrt_l1_write(dev, launcher, TT_KERNEL_CONFIG_BASE, args, sizeof(args));
	if (rc == 0)
		rc = ttrt_l1_write(dev, launcher, TT_KERNEL_CONFIG_BASE + CB_OFF, &cb0, sizeof(cb0));
	if (rc == 0)
		rc = ttrt_l1_write(dev, launcher, TT_KERNEL_CONFIG_BASE + TEXT_OFF, kernel, klen);
	if (rc == 0)
		rc = ttrt_launch_go(dev, launcher);
	if (rc == 0)
		rc = ttrt_launch_wait(dev, launcher, 3000, NULL);
	return rc;
}

/* What each RISC's firmware must have set up for CB 0 = {0x37000, 4096, 2, 2048}. */
static void check_cb_views(struct ttrt_device *dev)
{
	static const uint32_t want[5][5] = {
		/* rd_ptr   wr_ptr   size   pages page */
		{ 0x37000, 0x37000, 4096, 2, 2048 },   /* brisc: bytes, both ends */
		{ 0x37000, 0x37000, 4096, 2, 2048 },   /* ncrisc */
		{ 0x3700, 0, 0x100, 0, 0x80 },         /* trisc0 unpack: 16 B units, reads */
		{ 0, 0, 0, 0, 0 },                     /* trisc1 math: no CB state */
		{ 0, 0x3700, 0x100, 2, 0x80 },         /* trisc2 pack: 16 B units, writes */
	};
	uint32_t out[5][16];

	ttrt_l1_read(dev, launcher, RESULTS, out, sizeof(out));
	for (int h = 0; h < 5; h++) {
		CHECK(out[h][0] == (uint32_t)h, "%s ran with hart id %u", ttrt_risc_names[h], out[h][0]);
		for (int f = 0; f < 5; f++)
			CHECK(out[h][1 + f] == want[h][f], "%s cb0 field %d: 0x%x, want 0x%x",
			      ttrt_risc_names[h], f, out[h][1 + f], want[h][f]);
		CHECK(out[h][6] == TT_FW_MAGIC, "%s globals magic 0x%x", ttrt_risc_names[h], out[h][6]);
		CHECK(out[h][7] == TT_KERNEL_CONFIG_BASE, "%s sem base 0x%x", ttrt_risc_names[h], out[h][7]);
	}
}

static int in_rect(struct ttrt_xy n)
{
	return n.x >= 2 && n.x <= 4 && n.y >= 3 && n.y <= 4;
}

static void check_noc_effects(struct ttrt_device *dev, const uint8_t *pattern)
{
	struct ttrt_xy me;
	uint8_t got[64];
	uint32_t sem, reg, word, responses;
	int in = 0;

	ttrt_logical_to_noc0(launcher, &me);
	ttrt_l1_read(dev, launcher, STAGING, got, 64);
	CHECK(memcmp(got, pattern, 64) == 0, "DRAM bank %d read into L1", DRAM_BANK);
	for (int i = 0; i < TTRT_NUM_TENSIX; i++) {
		struct ttrt_xy c = ttrt_core_logical(i), n;
		int want;
		ttrt_logical_to_noc0(c, &n);
		want = in_rect(n) && !(n.x == me.x && n.y == me.y);
		in += want;
		ttrt_l1_read(dev, c, MCAST_DST, got, 64);
		CHECK((memcmp(got, pattern, 64) == 0) == want, "multicast at NOC0 %u-%u: %s", n.x, n.y,
		      want ? "missing" : "unexpected");
		ttrt_l1_read(dev, c, MCAST_DST + 64, &word, 4);
		CHECK(word == (want ? 6u : 0u), "multicast atomic +6 at NOC0 %u-%u: %u", n.x, n.y,
		      word);
	}
	CHECK(in == 5, "rectangle x 2..4, y 3..4 without the sender is 5 cores, not %d", in);
	ttrt_l1_read(dev, launcher, RESULTS + 8 * 4, &responses, 4);
	CHECK(responses == 5, "multicast atomic: %u responses counted, want one per core (5)",
	      responses);
	ttrt_l1_read(dev, sem_core, SEM_ADDR, &sem, 4);
	CHECK(sem == 13, "semaphore after 5 + 5 (NOC0) + 3 (NOC1): %u", sem);
	CHECK(ttrt_reg_read(dev, reg_core, TT_STREAM_REG_ADDR(3, TT_STREAM_TILES_RECEIVED_REG), &reg) == 0 &&
	      reg == 7, "inline write to cb 3 tiles_received: %u", reg);
}

/* What the kernel wrote into DRAM, through the copying and zero-copy reads. */
static void check_dram_effects(struct ttrt_device *dev, const uint8_t *pattern)
{
	static uint8_t want[0x4000], got[0x4000];
	struct iovec iov[16];
	uint32_t word = 0;
	size_t at = 0;
	int n;

	memset(want, 0, sizeof(want));
	memcpy(want + DRAM_WRITE_ADDR, pattern, 64);
	memcpy(want + DRAM_ADDR, pattern, 64);   /* the host wrote it before the launch */
	CHECK(ttrt_dram_read(dev, DRAM_BANK, 0, got, sizeof(got)) == 0, "dram read");
	CHECK(memcmp(got, want, sizeof(got)) == 0, "NOC write into DRAM: copying read differs");
	n = ttrt_dram_direct(dev, DRAM_BANK, 0, sizeof(got), 0, iov, 16);
	CHECK(n > 0, "direct read: %d", n);
	for (int i = 0; i < n; i++) {
		CHECK(at + iov[i].iov_len <= sizeof(want) &&
		      memcmp(iov[i].iov_base, want + at, iov[i].iov_len) == 0,
		      "NOC write into DRAM: zero-copy piece %d at 0x%zx differs", i, at);
		at += iov[i].iov_len;
	}
	CHECK(at == sizeof(want), "pieces cover 0x%zx bytes", at);
	CHECK(ttrt_dram_read(dev, DRAM_BANK, DRAM_ATOMIC_ADDR, &word, 4) == 0 && word == 9,
	      "NOC atomic on a DRAM word: %u, want 9", word);
}

int main(int argc, char **argv)
{
	struct ttrt_device *dev;
	uint8_t pattern[64], *kernel;
	uint32_t zero = 0;
	size_t klen = 0;
	int rc;

	if (argc != 2 || !(kernel = read_file(argv[1], &klen))) {
		fprintf(stderr, "usage: %s NOC_KERNEL.bin\n", argv[0]);
		return 2;
	}
	dev = open_small_sim();
	for (int i = 0; i < 64; i++)
		pattern[i] = (uint8_t)(i * 7 + 3);
	CHECK(ttrt_dram_write(dev, DRAM_BANK, DRAM_ADDR, pattern, 64) == 0, "dram write");
	CHECK(ttrt_l1_write(dev, sem_core, SEM_ADDR, &zero, 4) == 0, "semaphore = 0");
	rc = launch_all(dev, kernel, klen);
	CHECK(rc == 0, "launch on all five RISCs: %s", strerror(-rc));
	check_cb_views(dev);
	check_noc_effects(dev, pattern);
	check_dram_effects(dev, pattern);
	ttrt_device_close(dev);
	free(kernel);
	return check_exit(argv[0]);
}
