/* SPDX-License-Identifier: Apache-2.0
 *
 * Kernels written in tt-metal style against the kernel SDK (runtime/kernel)
 * run on the simulator, placed and launched by hand the way
 * tests/unit/launch does (the packer is not there yet), and their results
 * are checked bit-exact against data the host computes itself:
 *
 *   loopback   DRAM -> CB -> DRAM: a TensorAccessor reader on NCRISC and an
 *              InterleavedAddrGenFast writer on BRISC, ten 2 KiB tiles
 *              through a two-page CB, counted in the stream registers
 *   pingpong   two cores trade values with NOC writes and semaphore
 *              increments
 *   multicast  one core multicasts a 20000-byte block (two NOC packets)
 *              and a flag to a rectangle
 *   accessor   interleaved pages through two TensorAccessors (compile-time
 *              args chained), an InterleavedAddrGen with padded rows, and
 *              one over the L1 banks
 *   dprint     DPRINT text in the L1 rings, a kernel's .data/.bss
 *
 * usage: test_sdk TEST KERNEL_DIR
 */
#include "../check.h"
#include "../launch/launch_util.h"
#include "ttrt.h"
#include "tt/dprint_abi.h"
#include "tt/fw_abi.h"
#include "tt/l1_map.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The kernel-config layout this test uses. The kernels are linked at 0 and
 * run from KCB + TEXT_*: they must be position independent, as the packer
 * needs them. */
#define KCB          TT_KERNEL_CONFIG_BASE
#define RTA_BRISC    0x000u
#define RTA_NCRISC   0x040u
#define CRTA         0x080u
#define SEM_OFF      0x0A0u
#define NUM_SEMS     4
#define CB_OFF       0x0E0u
#define TEXT_BRISC   0x200u
#define TEXT_NCRISC  0x4200u
#define TEXT_MAX     0x4000u

static const char *kdir;

struct kernel {
	uint8_t *bin;
	size_t len;
};

struct launch {
	struct kernel brisc, ncrisc;
	uint32_t rta[2][16];
	uint32_t crta[4];
	uint32_t cb_mask;
	struct tt_local_cb_config cb[2];
};

static struct kernel load_kernel(const char *name)
{
	char path[4096];
	struct kernel k;

	snprintf(path, sizeof(path), "%s/%s.bin", kdir, name);
	k.bin = read_file(path, &k.len);
	REQUIRE(k.bin != NULL, "read %s", path);
	REQUIRE(k.len <= TEXT_MAX, "%s is %zu bytes, more than its 0x%x slot", path, k.len, TEXT_MAX);
	return k;
}

static int start(struct ttrt_device *dev, struct ttrt_xy core, const struct launch *l)
{
	static const uint32_t zero_sems[NUM_SEMS * 4];
	struct ttrt_launch msg;
	int rc;

	memset(&msg, 0, sizeof(msg));
	for (int i = 0; i < TT_NUM_CORE_TYPES; i++) {
		msg.kernel_config_base[i] = KCB;
		msg.sem_offset[i] = SEM_OFF;
	}
	msg.local_cb_offset = CB_OFF;
	msg.remote_cb_offset = CB_OFF + sizeof(l->cb);
	msg.local_cb_mask = l->cb_mask;
	msg.rta_offset[0].rta_offset = RTA_BRISC;
	msg.rta_offset[1].rta_offset = RTA_NCRISC;
	msg.rta_offset[0].crta_offset = msg.rta_offset[1].crta_offset = CRTA;
	msg.kernel_text_offset[0] = TEXT_BRISC;
	msg.kernel_text_offset[1] = TEXT_NCRISC;
	msg.mode = TT_DISPATCH_MODE_HOST;
	msg.enables = (l->brisc.bin ? 1u : 0u) | (l->ncrisc.bin ? 2u : 0u);
	msg.min_remote_cb_start_index = TT_NUM_CIRCULAR_BUFFERS;
	rc = ttrt_launch_prepare(dev, core, &msg);
	if (!rc)
		rc = ttrt_l1_write(dev, core, KCB + RTA_BRISC, l->rta[0], sizeof(l->rta[0]));
	if (!rc)
		rc = ttrt_l1_write(dev, core, KCB + RTA_NCRISC, l->rta[1], sizeof(l->rta[1]));
	if (!rc)
		rc = ttrt_l1_write(dev, core, KCB + CRTA, l->crta, sizeof(l->crta));
	if (!rc)
		rc = ttrt_l1_write(dev, core, KCB + SEM_OFF, zero_sems, sizeof(zero_sems));
	if (!rc)
		rc = ttrt_l1_write(dev, core, KCB + CB_OFF, l->cb, sizeof(l->cb));
	if (!rc && l->brisc.bin)
		rc = ttrt_l1_write(dev, core, KCB + TEXT_BRISC, l->brisc.bin, l->brisc.len);
	if (!rc && l->ncrisc.bin)
		rc = ttrt_l1_write(dev, core, KCB + TEXT_NCRISC, l->ncrisc.bin, l->ncrisc.len);
	if (!rc)
		rc = ttrt_launch_go(dev, core);
	return rc;
}

/* Wait for a core; on failure show what its RISCs are doing. */
static int finish(struct ttrt_device *dev, struct ttrt_xy core)
{
	int rc = ttrt_launch_wait(dev, core, 10000, NULL);
	char *text = NULL;
	size_t len;

	if (rc && ttrt_render_status(dev, core, &text, &len) == 0)
		fprintf(stderr, "core %u,%u:\n%.*s", core.x, core.y, (int)len, text);
	free(text);
	return rc;
}

static int run(struct ttrt_device *dev, struct ttrt_xy core, const struct launch *l)
{
	int rc = start(dev, core, l);
	return rc ? rc : finish(dev, core);
}

/* Interleaved DRAM placement, computed here independently of the SDK. */
static void page_location(uint32_t base, uint32_t page_size, uint32_t i, int *bank, uint32_t *addr)
{
	uint32_t stride = (page_size + 63u) & ~63u;

	*bank = (int)(i % TT_NUM_DRAM_BANKS);
	*addr = base + (i / TT_NUM_DRAM_BANKS) * stride;
}

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		p[i] = (uint8_t)(seed >> 16);
	}
}

static void test_loopback(struct ttrt_device *dev)
{
	enum { TILES = 10, TILE = 2048 };
	const uint32_t src = 0x100000, dst = 0x180000;
	static uint8_t data[TILES][TILE], got[TILE];
	struct ttrt_xy core = { 3, 2 };
	struct launch l = { 0 };
	uint32_t reg;
	int bank;
	uint32_t addr;

	fill(&data[0][0], sizeof(data), 11);
	for (uint32_t i = 0; i < TILES; i++) {
		page_location(src, TILE, i, &bank, &addr);
		REQUIRE(ttrt_dram_write(dev, bank, addr, data[i], TILE) == 0, "write page %u", i);
	}
	l.brisc = load_kernel("loopback_writer");
	l.ncrisc = load_kernel("loopback_reader");
	l.rta[0][0] = dst;
	l.rta[0][1] = TILES;
	l.rta[1][0] = src;
	l.rta[1][1] = TILES;
	l.cb_mask = 1;
	l.cb[0] = (struct tt_local_cb_config){ 0x37000, 2 * TILE, 2, TILE };
	CHECK_EQ(run(dev, core, &l), 0);
	for (uint32_t i = 0; i < TILES; i++) {
		page_location(dst, TILE, i, &bank, &addr);
		CHECK(ttrt_dram_read(dev, bank, addr, got, TILE) == 0 && memcmp(got, data[i], TILE) == 0,
		      "tile %u at bank %d 0x%x differs from the source", i, bank, addr);
	}
	/* Every page was counted in CB 0's stream registers. */
	CHECK(ttrt_reg_read(dev, core, TT_STREAM_REG_ADDR(0, TT_STREAM_TILES_RECEIVED_REG), &reg) == 0 &&
	      reg == TILES, "cb 0 tiles_received %u, want %u", reg, TILES);
	CHECK(ttrt_reg_read(dev, core, TT_STREAM_REG_ADDR(0, TT_STREAM_TILES_ACKED_REG), &reg) == 0 &&
	      reg == TILES, "cb 0 tiles_acked %u, want %u", reg, TILES);
	free(l.brisc.bin);
	free(l.ncrisc.bin);
}

static void test_pingpong(struct ttrt_device *dev)
{
	enum { ROUNDS = 25 };
	const uint32_t inbox = 0x40000, result = 0x40100;
	struct ttrt_xy a = { 0, 0 }, b = { 11, 9 }, na, nb;
	struct launch la = { 0 }, lb = { 0 };
	uint32_t ra[3], rb[3];

	ttrt_logical_to_noc0(a, &na);
	ttrt_logical_to_noc0(b, &nb);
	la.brisc = lb.brisc = load_kernel("pingpong");
	uint32_t args_a[] = { nb.x, nb.y, ROUNDS, 1, inbox, result };
	uint32_t args_b[] = { na.x, na.y, ROUNDS, 0, inbox, result };
	memcpy(la.rta[0], args_a, sizeof(args_a));
	memcpy(lb.rta[0], args_b, sizeof(args_b));
	/* The pong core starts first and waits on its semaphore. */
	CHECK_EQ(start(dev, b, &lb), 0);
	CHECK_EQ(start(dev, a, &la), 0);
	CHECK_EQ(finish(dev, a), 0);
	CHECK_EQ(finish(dev, b), 0);
	ttrt_l1_read(dev, a, result, ra, sizeof(ra));
	ttrt_l1_read(dev, b, result, rb, sizeof(rb));
	CHECK_EQ(rb[0], ROUNDS * (ROUNDS + 1) / 2);        /* pong saw 1..N */
	CHECK_EQ(ra[0], 3 * ROUNDS * (ROUNDS + 1) / 2);    /* ping got 3 * each */
	CHECK_EQ(ra[1], ROUNDS);
	CHECK_EQ(rb[1], ROUNDS);
	CHECK_EQ(ra[2], 0);                                /* noc_semaphore_set */
	free(la.brisc.bin);
}

static void test_multicast(struct ttrt_device *dev)
{
	enum { SIZE = 20000 };   /* past 16 KiB: two NOC packets each way */
	const uint32_t dram = 0x20000, l1 = 0x50000, flag = 0x60000, flag_value = 0xC0FFEE;
	struct ttrt_xy sender = { 1, 1 }, me;
	static uint8_t data[SIZE], got[SIZE];
	struct launch l = { 0 };
	int receivers = 0;

	fill(data, sizeof(data), 5);
	REQUIRE(ttrt_dram_write(dev, 0, dram, data, SIZE) == 0, "dram write");
	ttrt_logical_to_noc0(sender, &me);   /* 2,3: outside the rectangle */
	uint32_t args[] = { 3, 3, 5, 4, 6, dram, SIZE, l1, flag, flag_value };
	memcpy(l.rta[0], args, sizeof(args));
	l.brisc = load_kernel("multicast");
	CHECK_EQ(run(dev, sender, &l), 0);
	for (int i = 0; i < TTRT_NUM_TENSIX; i++) {
		struct ttrt_xy c = ttrt_core_logical(i), n;
		uint32_t f;
		int in;

		ttrt_logical_to_noc0(c, &n);
		if (n.x == me.x && n.y == me.y)
			continue;
		in = n.x >= 3 && n.x <= 5 && n.y >= 3 && n.y <= 4;
		receivers += in;
		ttrt_l1_read(dev, c, l1, got, SIZE);
		ttrt_l1_read(dev, c, flag, &f, 4);
		CHECK((memcmp(got, data, SIZE) == 0) == in, "block at NOC0 %u,%u: %s", n.x, n.y,
		      in ? "missing" : "unexpected");
		CHECK((f == flag_value) == in, "flag at NOC0 %u,%u: 0x%x", n.x, n.y, f);
	}
	CHECK_EQ(receivers, 6);
	free(l.brisc.bin);
}

static void test_accessor(struct ttrt_device *dev)
{
	enum { PAGES = 9 };
	const uint32_t a = 0x200000, b = 0x300000, c = 0x400000, l1 = 0x40000;
	static uint8_t want[PAGES * (1024 + 64 + 128 + 48)], got[sizeof(want)];
	static struct tt_bank_table banks;
	const uint32_t d = 0x70000;
	static const uint32_t size[3] = { 1024, 64, 100 }, l1_step[3] = { 1024, 64, 128 };
	const uint32_t base[3] = { a, b, c };
	struct ttrt_xy core = { 6, 5 };
	struct launch l = { 0 };
	uint8_t pad[128];
	size_t at = 0;

	/* Fill every bank's rows whole, so a wrong stride reads other bytes. */
	memset(pad, 0xEE, sizeof(pad));
	memset(want, 0, sizeof(want));
	for (int buf = 0; buf < 3; buf++) {
		for (uint32_t i = 0; i < PAGES; i++) {
			uint8_t page[1024];
			uint32_t addr;
			int bank;

			fill(page, size[buf], 100 * (uint32_t)buf + i);
			page_location(base[buf], size[buf], i, &bank, &addr);
			REQUIRE(ttrt_dram_write(dev, bank, addr + size[buf], pad,
						((size[buf] + 63) & ~63u) - size[buf]) == 0, "pad");
			REQUIRE(ttrt_dram_write(dev, bank, addr, page, size[buf]) == 0, "page");
			memcpy(want + at, page, size[buf]);
			at += l1_step[buf];
		}
	}
	/* D: 48-byte pages over the L1 banks, page i in bank i at the bank's
	 * core (the table the host writes for the firmware) and offset. */
	ttrt_bank_table_build(&banks);
	for (uint32_t i = 0; i < PAGES; i++) {
		uint16_t xy = banks.l1_xy[0][i % TT_NUM_L1_BANKS];
		struct ttrt_xy noc0 = { (uint8_t)(xy & 0x3F), (uint8_t)(xy >> 6) }, c;
		uint8_t page[48];

		REQUIRE(ttrt_noc0_to_logical(noc0, &c) == 0, "L1 bank %u at NOC0 %u,%u", i, noc0.x, noc0.y);
		fill(page, sizeof(page), 1000 + i);
		REQUIRE(ttrt_l1_write(dev, c, d + (i / TT_NUM_L1_BANKS) * 48u +
				      (uint32_t)banks.l1_offset[i % TT_NUM_L1_BANKS], page, 48) == 0, "D page");
		memcpy(want + at, page, 48);
		at += 48;
	}
	memset(got, 0, sizeof(got));
	ttrt_l1_write(dev, core, l1, got, sizeof(got));
	l.brisc = load_kernel("accessor_read");
	l.rta[0][0] = a;
	l.rta[0][1] = b;
	l.rta[0][2] = l1;
	l.rta[0][3] = d;
	l.crta[0] = c;
	CHECK_EQ(run(dev, core, &l), 0);
	ttrt_l1_read(dev, core, l1, got, sizeof(got));
	at = 0;
	for (int buf = 0; buf < 3; buf++) {
		for (uint32_t i = 0; i < PAGES; i++) {
			CHECK(memcmp(got + at, want + at, size[buf]) == 0, "buffer %c page %u differs",
			      'A' + buf, i);
			at += l1_step[buf];
		}
	}
	for (uint32_t i = 0; i < PAGES; i++, at += 48)
		CHECK(memcmp(got + at, want + at, 48) == 0, "L1-interleaved page %u differs", i);
	free(l.brisc.bin);
}

/* The text a RISC's dprint kernel prints, built with the host's printf. */
static size_t expected_dprint(char *out, size_t cap, int hart, unsigned x, unsigned lines)
{
	size_t n = 0;

	n += (size_t)snprintf(out + n, cap - n, hart == 0 ? "brisc 1234 0\n" : "ncrisc\n");
	n += (size_t)snprintf(out + n, cap - n, "u 42 i -7 h ff c x w[   5]\n");
	n += (size_t)snprintf(out + n, cap - n, "f 1.5 0.25 -2 1.23457e+06 3.14 1.50\n");
	n += (size_t)snprintf(out + n, cap - n, "u64 %llu x %u\n", 0x123456789ull, x);
	n += (size_t)snprintf(out + n, cap - n, "fmt 7 0xff    -3|ab  | true  |0003.142 {c} +5 0b101\n");
	n += (size_t)snprintf(out + n, cap - n, "idx FF 10 255\n");
	n += (size_t)snprintf(out + n, cap - n, "dev 1.235e+04 0.0001 -8 010 xy\n");
	if (hart == 1)
		n += (size_t)snprintf(out + n, cap - n, "data1 only 0\n");
	for (unsigned i = 0; i < lines; i++)
		n += (size_t)snprintf(out + n, cap - n, "line %u\n", i);
	return n;
}

/* The host's reader returns what the ring holds past the read mark. */
static void check_dprint_read(struct ttrt_device *dev, struct ttrt_xy core, int hart,
			      const char *want, size_t len)
{
	size_t keep = len < TT_DPRINT_DATA_SIZE ? len : TT_DPRINT_DATA_SIZE, got_len = 0;
	uint32_t lost = 99;
	char *got = NULL;

	CHECK_EQ(ttrt_dprint_read(dev, core, hart, &got, &got_len, &lost), 0);
	CHECK(got && got_len == keep && memcmp(got, want + len - keep, keep) == 0,
	      "%s: ttrt_dprint_read gave %zu bytes:\n%s", ttrt_risc_names[hart], got_len,
	      got ? got : "");
	CHECK_EQ(lost, len - keep);
	free(got);
	/* Consumed, the text is not returned again. */
	CHECK_EQ(ttrt_dprint_consume(dev, core, hart), 0);
	CHECK(ttrt_dprint_read(dev, core, hart, &got, &got_len, &lost) == 0 && got_len == 0 &&
	      lost == 0, "%s: %zu bytes after consume", ttrt_risc_names[hart], got_len);
	free(got);
}

static void check_ring(struct ttrt_device *dev, struct ttrt_xy core, int hart, unsigned lines)
{
	static struct tt_dprint_ring ring;
	static char want[8192];
	struct ttrt_xy n;
	size_t len, keep;

	ttrt_logical_to_noc0(core, &n);
	len = expected_dprint(want, sizeof(want), hart, n.x, lines);
	ttrt_l1_read(dev, core, TT_DPRINT_RING(hart), &ring, sizeof(ring));
	CHECK_EQ(ring.magic, TT_DPRINT_MAGIC);
	CHECK_EQ(ring.size, TT_DPRINT_DATA_SIZE);
	CHECK_EQ(ring.wpos, len);
	/* The ring keeps the last size bytes: byte k at data[k % size]. */
	keep = len < TT_DPRINT_DATA_SIZE ? len : TT_DPRINT_DATA_SIZE;
	for (size_t k = len - keep; k < len; k++) {
		if (ring.data[k % TT_DPRINT_DATA_SIZE] != (uint8_t)want[k]) {
			CHECK(0, "%s dprint byte %zu is '%c', want '%c'; want text:\n%.*s",
			      ttrt_risc_names[hart], k, ring.data[k % TT_DPRINT_DATA_SIZE], want[k],
			      (int)len, want);
			break;
		}
	}
	check_dprint_read(dev, core, hart, want, len);
}

static void test_dprint(struct ttrt_device *dev)
{
	static const uint8_t zeros[2 * TT_DPRINT_RING_SIZE];
	struct ttrt_xy core = { 4, 7 };
	struct launch l = { 0 };
	uint32_t lost;
	size_t len;
	char *text;

	/* Never printed into: empty; a RISC that does not exist: refused. */
	CHECK(ttrt_dprint_read(dev, core, 0, &text, &len, &lost) == 0 && len == 0, "fresh ring");
	free(text);
	CHECK_EQ(ttrt_dprint_read(dev, core, 5, &text, &len, &lost), -EINVAL);
	l.brisc = load_kernel("dprint_brisc");
	l.ncrisc = load_kernel("dprint_ncrisc");
	l.rta[0][0] = 3;
	l.rta[1][0] = 0;
	CHECK_EQ(run(dev, core, &l), 0);
	check_ring(dev, core, 0, 3);
	check_ring(dev, core, 1, 0);
	/* Again, past the end of the ring: .data is copied afresh, .bss
	 * cleared, and the oldest bytes give way. */
	ttrt_l1_write(dev, core, TT_DPRINT_RING(0), zeros, sizeof(zeros));
	l.rta[0][0] = 150;
	CHECK_EQ(run(dev, core, &l), 0);
	check_ring(dev, core, 0, 150);
	check_ring(dev, core, 1, 0);
	free(l.brisc.bin);
	free(l.ncrisc.bin);
}

/* The cycle and time CSRs count instructions exactly, not as of the start
 * of the RISC's slice on a host thread. */
static void test_clock(struct ttrt_device *dev)
{
	struct ttrt_xy core = { 2, 3 };
	struct launch l = { 0 };
	uint32_t got[3];

	l.brisc = load_kernel("clock");
	l.rta[0][0] = 0x40000;
	CHECK_EQ(run(dev, core, &l), 0);
	CHECK_EQ(ttrt_l1_read(dev, core, 0x40000, got, sizeof(got)), 0);
	CHECK(got[2] > 100 * 3, "the loop retired %u instructions", got[2]);
	CHECK(got[0] == got[2], "cycle advanced %u, instret %u", got[0], got[2]);
	/* time is the core's clock: the other RISCs' instructions count too. */
	CHECK(got[1] >= got[2], "time advanced %u, instret %u", got[1], got[2]);
	free(l.brisc.bin);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*fn)(struct ttrt_device *dev);
	} tests[] = {
		{ "loopback", test_loopback }, { "pingpong", test_pingpong },
		{ "multicast", test_multicast }, { "accessor", test_accessor },
		{ "dprint", test_dprint }, { "clock", test_clock },
	};
	struct ttrt_device *dev;
	size_t i;

	if (argc != 3) {
		fprintf(stderr, "usage: %s TEST KERNEL_DIR\n", argv[0]);
		return 2;
	}
	kdir = argv[2];
	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)
		if (strcmp(argv[1], tests[i].name) == 0)
			break;
	if (i == sizeof(tests) / sizeof(tests[0])) {
		fprintf(stderr, "%s: no test %s\n", argv[0], argv[1]);
		return 2;
	}
	dev = open_small_sim();
	tests[i].fn(dev);
	ttrt_device_close(dev);
	return check_exit(argv[1]);
}
