/* SPDX-License-Identifier: Apache-2.0
 *
 * Live hang diagnosis on the simulated chip, without a mount: kernels
 * written with the SDK (kernels/), built with the real compiler through
 * runtime/program/build/build.c, packed and launched on a core each, hang in
 * one way each; ttrt_core_wait_reason must name the wait with the counts
 * the test reads itself from the registers, L1 and the RISC's local
 * memory. Also the per-core views (status, cbs, dprint) of a hung core.
 *
 * usage: test_wait_reason SDK_DIR INCLUDE_DIR KERNEL_DIR
 */
#include "../launch/launch_util.h"
#include "program/build/build.h"
#include "program/pack/pack.h"
#include "tt/fw_abi.h"
#include "tt/l1_map.h"

#include <errno.h>
#include <ftw.h>
#include <stddef.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SCRATCH 0x60000u   /* L1 the kernels may use */

static struct build_env env;
static const char *kernel_dir;

static struct pack_xip build(const char *file, enum pack_risc risc)
{
	char path[4096], err[512] = "";
	struct build_request req = { .risc = risc, .name = file,
				     .noc = risc == PACK_BRISC ? 0 : 1 };
	struct build_result r;
	struct pack_xip x;
	size_t len = 0;
	char *src;

	snprintf(path, sizeof(path), "%s/%s", kernel_dir, file);
	src = (char *)read_file(path, &len);
	REQUIRE(src != NULL, "read %s", path);
	req.source = src;
	req.source_len = len;
	if (build_kernel(&env, &req, &r) != 0)
		fprintf(stderr, "%s: %s\n", file, r.log ? r.log : "(no log)");
	REQUIRE(r.status == 0, "build %s", file);
	REQUIRE(pack_xip_from_elf(r.elf, r.elf_len, file, &x, err, sizeof(err)) == 0, "%s", err);
	build_result_free(&r);
	free(src);
	return x;
}

struct launch {
	const struct pack_xip *kernel[PACK_NUM_RISCS];
	uint32_t args[2][2];             /* brisc, ncrisc unique args */
	uint32_t sems[4];
	uint32_t n_sems;
	uint32_t cb_mask;
	struct tt_local_cb_config cb[2];
};

/* Packs and launches l on core; fills *out (the caller frees it). */
static void launch(struct ttrt_device *dev, struct ttrt_xy core, const struct launch *l,
		   struct pack_output *out)
{
	struct pack_input in = { 0 };
	const uint32_t *args[PACK_NUM_SLOTS] = { l->args[0], l->args[1], NULL };
	const uint32_t n[PACK_NUM_SLOTS] = { 2, 2, 0 };
	char err[512] = "";
	uint8_t *buf;

	in.rta_words[PACK_SLOT_BRISC] = in.rta_words[PACK_SLOT_NCRISC] = 2;
	in.semaphores = l->sems;
	in.n_semaphores = l->n_sems;
	in.local_cb_mask = l->cb_mask;
	memcpy(in.local_cb, l->cb, sizeof(l->cb));
	in.min_remote_cb_start_index = TT_NUM_CIRCULAR_BUFFERS;
	memcpy(in.kernel, l->kernel, sizeof(in.kernel));
	REQUIRE(pack_kernel_config(&in, out, err, sizeof(err)) == 0, "pack: %s", err);
	buf = malloc(out->size);
	REQUIRE(buf != NULL, "malloc");
	memcpy(buf, out->config, out->size);
	REQUIRE(pack_write_rta(out, buf, args, n) == 0, "rta");
	REQUIRE(ttrt_launch_prepare(dev, core, &out->launch) == 0, "prepare");
	REQUIRE(ttrt_l1_write(dev, core, out->launch.kernel_config_base[0], buf, out->size) == 0,
		"write config");
	REQUIRE(ttrt_launch_go(dev, core) == 0, "go");
	free(buf);
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Polls until RISC risc is waiting (out of firmware) with a reason that
 * starts with prefix; the reason in why. 0, or -ETIMEDOUT after 60 s: a
 * limit only for a kernel that never gets there, since the 600 simulated
 * harts share two cores with the rest of the test suite (5 s was once
 * too short under ctest -j2). */
static int wait_for(struct ttrt_device *dev, struct ttrt_xy core, int risc, const char *prefix,
		    char *why, size_t len)
{
	struct timespec nap = { 0, 5 * 1000 * 1000 };
	double deadline = now_s() + 60;

	while (now_s() < deadline) {
		struct ttrt_risc_detail d;
		if (ttrt_core_risc_detail(dev, core, risc, &d) == 0 && d.state == TTRT_RISC_WAITING &&
		    ttrt_core_wait_reason(dev, core, risc, why, len) == 0 &&
		    strncmp(why, prefix, strlen(prefix)) == 0)
			return 0;
		nanosleep(&nap, NULL);
	}
	ttrt_core_wait_reason(dev, core, risc, why, len);
	fprintf(stderr, "%s on %u,%u: reason '%s', want it to start with '%s'\n",
		ttrt_risc_names[risc], core.x, core.y, why, prefix);
	return -ETIMEDOUT;
}

/* RISC risc's reason once it starts with prefix, for a RISC back in its
 * firmware (idle, not a waiting kernel, so not wait_for's state). A
 * parked hart runs for a moment whenever a host write or a sibling's
 * store wakes it, and shows no reason while it runs, so one read can
 * land in that moment. 0, or the last read's error / -ETIMEDOUT. */
static int idle_reason(struct ttrt_device *dev, struct ttrt_xy core, int risc, const char *prefix,
		       char *why, size_t len)
{
	struct timespec nap = { 0, 5 * 1000 * 1000 };
	double deadline = now_s() + 60;
	int rc;

	do {
		rc = ttrt_core_wait_reason(dev, core, risc, why, len);
		if (rc == 0 && strncmp(why, prefix, strlen(prefix)) == 0)
			return 0;
		nanosleep(&nap, NULL);
	} while (now_s() < deadline);
	return rc ? rc : -ETIMEDOUT;
}

static uint32_t reg(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr)
{
	uint32_t v = 0;

	CHECK_EQ(ttrt_reg_read(dev, core, addr, &v), 0);
	return v;
}

#define CHECK_STR(got, want) \
	CHECK(strcmp((got), (want)) == 0, "got '%s'\n   want '%s'", (got), (want))

static struct tt_local_cb_config cb_config(uint32_t addr, uint32_t pages)
{
	return (struct tt_local_cb_config){ addr, pages * 64, pages, 64 };
}

/* BRISC waits at the front of CB 0, NCRISC to reserve CB 1: each reason
 * on its own RISC, with the stream registers' counts. */
static void test_cbs(struct ttrt_device *dev)
{
	struct pack_xip front = build("cb_wait_front.cpp", PACK_BRISC);
	struct pack_xip back = build("cb_reserve_back.cpp", PACK_NCRISC);
	struct ttrt_xy core = { 1, 1 };
	struct launch l = { .kernel = { &front, &back }, .cb_mask = 3,
			    .cb = { cb_config(SCRATCH, 4), cb_config(SCRATCH + 0x1000, 2) } };
	struct pack_output out;
	char why[256], want[256], *text = NULL;
	size_t len;

	launch(dev, core, &l, &out);
	if (wait_for(dev, core, 0, "cb_wait_front", why, sizeof(why)) == 0) {
		uint32_t r = reg(dev, core, TT_STREAM_REG_ADDR(0, TT_STREAM_TILES_RECEIVED_REG));
		uint32_t a = reg(dev, core, TT_STREAM_REG_ADDR(0, TT_STREAM_TILES_ACKED_REG));
		CHECK(r == 3 && a == 2, "cb 0 received %u acked %u, want 3 and 2", r, a);
		snprintf(want, sizeof(want),
			 "cb_wait_front cb 0: received %u acked %u (%u of 4 pages filled)", r, a, r - a);
		CHECK_STR(why, want);
	} else {
		CHECK(0, "brisc never waited in cb_wait_front");
	}
	if (wait_for(dev, core, 1, "cb_reserve_back", why, sizeof(why)) == 0) {
		uint32_t r = reg(dev, core, TT_STREAM_REG_ADDR(1, TT_STREAM_TILES_RECEIVED_REG));
		uint32_t a = reg(dev, core, TT_STREAM_REG_ADDR(1, TT_STREAM_TILES_ACKED_REG));
		CHECK(r == 2 && a == 0, "cb 1 received %u acked %u, want 2 and 0", r, a);
		snprintf(want, sizeof(want),
			 "cb_reserve_back cb 1: received %u acked %u (0 of 2 pages free)", r, a);
		CHECK_STR(why, want);
	} else {
		CHECK(0, "ncrisc never waited in cb_reserve_back");
	}
	/* The idle TRISCs wait for their go from BRISC's firmware. */
	CHECK_EQ(idle_reason(dev, core, 2, "go signal", why, sizeof(why)), 0);
	CHECK_STR(why, "go signal (idle): subordinate sync 0x69 = done");

	/* status carries each reason on its RISC's line; cbs the live counts. */
	CHECK_EQ(ttrt_render_status(dev, core, &text, &len), 0);
	CHECK(text && strstr(text, "\nbrisc  waiting pc 0x") &&
	      strstr(text, " wait: cb_wait_front cb 0: received 3 acked 2 (1 of 4 pages filled)\n"),
	      "status:\n%s", text ? text : "");
	CHECK(text && strstr(text, " wait: cb_reserve_back cb 1: received 2 acked 0 (0 of 2 pages free)\n"),
	      "status:\n%s", text ? text : "");
	free(text);
	CHECK_EQ(ttrt_render_cbs(dev, core, &text, &len), 0);
	snprintf(want, sizeof(want), "0 0x%05x 256 4 64 3 2\n1 0x%05x 128 2 64 2 0\n", SCRATCH,
		 SCRATCH + 0x1000);
	CHECK(text && strstr(text, want), "cbs:\n%s\nwant the lines\n%s", text ? text : "", want);
	free(text);
	/* dprint: BRISC's line, read twice (reading does not consume). */
	for (int i = 0; i < 2; i++) {
		CHECK_EQ(ttrt_render_dprint(dev, core, &text, &len), 0);
		CHECK_STR(text ? text : "", "brisc: waiting for 2 pages\n");
		free(text);
	}
	pack_output_free(&out);
	pack_xip_free(&front);
	pack_xip_free(&back);
}

/* NCRISC waits on semaphore 1 (initial value 3): its id, address, value.
 * BRISC's firmware meanwhile waits for NCRISC. */
static void test_semaphore(struct ttrt_device *dev)
{
	struct pack_xip k = build("semaphore_wait.cpp", PACK_NCRISC);
	struct ttrt_xy core = { 2, 1 };
	struct launch l = { .kernel = { NULL, &k }, .sems = { 0, 3, 0 }, .n_sems = 3 };
	struct pack_output out;
	char why[256], want[256], *text = NULL;
	uint32_t addr, val = 0, sync = 0;
	size_t len;

	launch(dev, core, &l, &out);
	addr = out.launch.kernel_config_base[0] + out.sem_offset + 16;
	if (wait_for(dev, core, 1, "noc_semaphore_wait", why, sizeof(why)) == 0) {
		CHECK_EQ(ttrt_l1_read(dev, core, addr, &val, 4), 0);
		CHECK_EQ(val, 3);
		snprintf(want, sizeof(want), "noc_semaphore_wait semaphore 1 at 0x%x: value %u", addr,
			 val);
		CHECK_STR(why, want);
	} else {
		CHECK(0, "ncrisc never waited on the semaphore");
	}
	/* Another value there shows at once: read live, not remembered. */
	val = 4;
	CHECK_EQ(ttrt_l1_write(dev, core, addr, &val, 4), 0);
	if (wait_for(dev, core, 1, "noc_semaphore_wait", why, sizeof(why)) == 0) {
		snprintf(want, sizeof(want), "noc_semaphore_wait semaphore 1 at 0x%x: value 4", addr);
		CHECK_STR(why, want);
	}
	CHECK_EQ(ttrt_l1_read(dev, core, TT_MEM_SUBORDINATE_SYNC, &sync, 4), 0);
	/* The host's write woke BRISC too: it shows no wait until it parks again. */
	CHECK_EQ(idle_reason(dev, core, 0, "firmware waits", why, sizeof(why)), 0);
	snprintf(want, sizeof(want),
		 "firmware waits for ncrisc to finish (subordinate sync 0x%08x)", sync);
	CHECK_STR(why, want);
	CHECK_EQ(sync, 0x80);
	CHECK_EQ(ttrt_render_dprint(dev, core, &text, &len), 0);
	snprintf(want, sizeof(want), "ncrisc: sem %u\n", addr);
	CHECK_STR(text ? text : "", want);
	free(text);
	pack_output_free(&out);
	pack_xip_free(&k);
}

/* The barriers: outstanding = the firmware's software counter (in the
 * RISC's local memory) - the NIU's status counter, per NOC. */
static void test_barriers(struct ttrt_device *dev)
{
	struct pack_xip rd = build("read_barrier.cpp", PACK_BRISC);
	struct pack_xip wr = build("write_barrier.cpp", PACK_NCRISC);
	struct ttrt_xy core = { 3, 1 };
	struct launch l = { .kernel = { &rd, &wr }, .args = { { SCRATCH }, { SCRATCH + 0x400 } } };
	struct pack_output out;
	char why[256], want[256];

	launch(dev, core, &l, &out);
	if (wait_for(dev, core, 0, "noc_async_read_barrier", why, sizeof(why)) == 0) {
		uint32_t hw = reg(dev, core, TT_NOC_REGS_BASE(0) +
					     TT_NOC_STATUS(TT_NIU_MST_RD_RESP_RECEIVED));
		uint32_t sw = 0;
		CHECK_EQ(ttrt_risc_local_read(dev, core, 0, TT_FW_GLOBALS_ADDR +
					      offsetof(struct tt_fw_globals, noc_reads_num_issued),
					      &sw, 4), 0);
		CHECK(sw - hw == 2, "issued %u, responses %u", sw, hw);
		snprintf(want, sizeof(want),
			 "noc_async_read_barrier noc 0: 2 reads outstanding (issued %u, responses %u)",
			 sw, hw);
		CHECK_STR(why, want);
	} else {
		CHECK(0, "brisc never waited in the read barrier");
	}
	if (wait_for(dev, core, 1, "noc_async_write_barrier", why, sizeof(why)) == 0) {
		uint32_t hw = reg(dev, core, TT_NOC_REGS_BASE(1) +
					     TT_NOC_STATUS(TT_NIU_MST_WR_ACK_RECEIVED));
		uint32_t sw[2] = { 0 };
		CHECK_EQ(ttrt_risc_local_read(dev, core, 1, TT_FW_GLOBALS_ADDR +
					      offsetof(struct tt_fw_globals,
						       noc_nonposted_writes_acked), sw, 8), 0);
		CHECK(sw[1] - hw == 3, "expected %u, received %u", sw[1], hw);
		snprintf(want, sizeof(want),
			 "noc_async_write_barrier noc 1: 3 write acks outstanding (expected %u, received %u)",
			 sw[1], hw);
		CHECK_STR(why, want);
	} else {
		CHECK(0, "ncrisc never waited in the write barrier");
	}
	pack_output_free(&out);
	pack_xip_free(&rd);
	pack_xip_free(&wr);
}

/* A poll of a plain L1 word: its address, value and the PC. */
static void test_other_poll(struct ttrt_device *dev)
{
	struct pack_xip k = build("poll_l1.cpp", PACK_BRISC);
	struct ttrt_xy core = { 4, 1 };
	struct launch l = { .kernel = { &k }, .args = { { SCRATCH + 0x800 } } };
	const uint32_t flag = 0x1234;
	struct ttrt_risc_detail d;
	struct pack_output out;
	char why[256], want[256];

	CHECK_EQ(ttrt_l1_write(dev, core, SCRATCH + 0x800, &flag, 4), 0);
	launch(dev, core, &l, &out);
	if (wait_for(dev, core, 0, "polling", why, sizeof(why)) == 0) {
		CHECK_EQ(ttrt_core_risc_detail(dev, core, 0, &d), 0);
		CHECK_EQ(d.polling_addr, SCRATCH + 0x800);
		snprintf(want, sizeof(want), "polling 0x%x (value 4660) at pc 0x%08x", SCRATCH + 0x800,
			 d.pc);
		CHECK_STR(why, want);
	} else {
		CHECK(0, "brisc never polled the flag");
	}
	/* The flag it waits for ends the kernel: no more reason, go done. */
	CHECK_EQ(ttrt_l1_write(dev, core, SCRATCH + 0x800, &(uint32_t){ 7 }, 4), 0);
	CHECK_EQ(ttrt_launch_wait(dev, core, 5000, NULL), 0);
	/* done is written before BRISC's firmware loops back to park. */
	CHECK_EQ(idle_reason(dev, core, 0, "go signal", why, sizeof(why)), 0);
	CHECK_STR(why, "go signal (idle): go message 0 at 0x373 = done");
	pack_output_free(&out);
	pack_xip_free(&k);
}

/* for (;;) {} reads no memory: however long it stays at one PC it waits
 * on nothing, so it is running there, with no reason. */
static void test_runaway(struct ttrt_device *dev)
{
	struct pack_xip k = build("runaway_loop.cpp", PACK_NCRISC);
	struct ttrt_xy core = { 9, 1 };
	struct launch l = { .kernel = { NULL, &k }, .args = { { 0 }, { SCRATCH } } };
	struct timespec nap = { 0, 20 * 1000 * 1000 };
	struct ttrt_risc_detail a = { 0 }, b = { 0 };
	struct pack_output out;
	double deadline = now_s() + 60;
	char why[256] = "?", want[64], *text = NULL;
	const char *line;
	uint32_t flag = 0;
	size_t len;

	CHECK_EQ(ttrt_l1_write(dev, core, SCRATCH, &flag, 4), 0);
	launch(dev, core, &l, &out);
	/* Until it is in its loop and has settled there (the simulator parks
	 * a hart whose loop changes nothing: its count stops), or shows
	 * another state. */
	while (now_s() < deadline) {
		CHECK_EQ(ttrt_core_risc_detail(dev, core, 1, &a), 0);
		nanosleep(&nap, NULL);
		CHECK_EQ(ttrt_core_risc_detail(dev, core, 1, &b), 0);
		CHECK_EQ(ttrt_l1_read(dev, core, SCRATCH, &flag, 4), 0);
		if (flag == 1 && (b.state != TTRT_RISC_RUNNING || b.retired == a.retired))
			break;
	}
	CHECK(b.state == TTRT_RISC_RUNNING, "ncrisc in for (;;) {} is %s, not running",
	      ttrt_risc_state_name(b.state));
	CHECK(b.pc >= out.launch.kernel_config_base[0], "pc 0x%08x is not in the kernel", b.pc);
	CHECK_EQ(b.polling_addr, 0);
	CHECK_EQ(ttrt_core_wait_reason(dev, core, 1, why, sizeof(why)), 0);
	CHECK_STR(why, "");
	CHECK_EQ(ttrt_render_status(dev, core, &text, &len), 0);
	snprintf(want, sizeof(want), "\nncrisc running pc 0x%08x insns ", b.pc);
	line = text ? strstr(text, want) : NULL;
	CHECK(line && !memmem(line + 1, strcspn(line + 1, "\n"), " wait:", 6),
	      "want '%s' and no wait on that line:\n%s", want + 1, text ? text : "");
	free(text);
	pack_output_free(&out);
	pack_xip_free(&k);
}

/* The three TRISCs of a compute kernel built with the SDK, driving the
 * coprocessor by hand through tt/tensix.h (kernels/tensix_*.cpp). */
static void build_trisc(const char *file, struct pack_xip x[3])
{
	for (int i = 0; i < 3; i++)
		x[i] = build(file, (enum pack_risc)(PACK_TRISC0 + i));
}

static void free_trisc(struct pack_xip x[3])
{
	for (int i = 0; i < 3; i++)
		pack_xip_free(&x[i]);
}

/* A real RV32 program through the MMIO window: unpack, copy, SFPU +1.0
 * on every element, pack; the result checked against the host's sum
 * truncated to bf16 (the SFPU's store into a 16-bit DST). */
static void test_tensix_copy(struct ttrt_device *dev)
{
	struct pack_xip x[3];
	struct ttrt_xy core = { 5, 1 };
	struct launch l = { .kernel = { NULL, NULL, &x[0], &x[1], &x[2] } };
	struct pack_output out;
	uint16_t in[1024], got[1024];
	int bad = 0;

	for (int i = 0; i < 1024; i++)
		in[i] = (uint16_t)(((i * 2654435761u) >> 16 & 0x7F) | 0x3E00 | (i % 3 ? 0 : 0x8000));
	CHECK_EQ(ttrt_l1_write(dev, core, SCRATCH, in, sizeof(in)), 0);
	build_trisc("tensix_copy.cpp", x);
	launch(dev, core, &l, &out);
	CHECK_EQ(ttrt_launch_wait(dev, core, 20000, NULL), 0);
	CHECK_EQ(ttrt_l1_read(dev, core, SCRATCH + 0x1000, got, sizeof(got)), 0);
	for (int i = 0; i < 1024; i++) {
		float f, sum;
		uint32_t u = (uint32_t)in[i] << 16;
		memcpy(&f, &u, 4);
		sum = f + 1.0f;
		memcpy(&u, &sum, 4);
		if (got[i] != (uint16_t)(u >> 16) && bad++ < 3)
			fprintf(stderr, "element %d: 0x%04x + 1.0 -> 0x%04x, want 0x%04x\n", i, in[i],
				got[i], u >> 16);
	}
	CHECK(bad == 0, "%d elements wrong", bad);
	pack_output_free(&out);
	free_trisc(x);
}

static void test_tensix_waits(struct ttrt_device *dev)
{
	struct pack_xip full[3], empty[3], bad[3];
	struct ttrt_xy c1 = { 6, 1 }, c2 = { 7, 1 }, c3 = { 8, 1 };
	struct launch l1 = { .kernel = { NULL, NULL, &full[0], &full[1], &full[2] } };
	struct launch l2 = { .kernel = { NULL, NULL, &empty[0], &empty[1], &empty[2] } };
	struct launch l3 = { .kernel = { NULL, NULL, &bad[0], &bad[1], &bad[2] } };
	struct pack_output o1, o2, o3;
	struct ttrt_risc_detail d;
	struct timespec nap = { 0, 5 * 1000 * 1000 };
	char why[256], *text = NULL;
	const char *want;
	size_t len;

	build_trisc("tensix_hang_full.cpp", full);
	build_trisc("tensix_hang_empty.cpp", empty);
	build_trisc("tensix_bad_index.cpp", bad);
	launch(dev, c1, &l1, &o1);
	launch(dev, c2, &l2, &o2);
	launch(dev, c3, &l3, &o3);
	if (wait_for(dev, c1, 2, "unpacker", why, sizeof(why)) == 0)
		CHECK_STR(why, "unpacker: SrcA/SrcB full (2, 0), waiting for math");
	else
		CHECK(0, "trisc0 never waited for math");
	if (wait_for(dev, c1, 3, "tile_regs_acquire", why, sizeof(why)) == 0)
		CHECK_STR(why, "tile_regs_acquire: waiting for pack to release a DST section "
			       "(MATH_PACK 2 of 2)");
	else
		CHECK(0, "trisc1 never waited in tile_regs_acquire");
	if (wait_for(dev, c2, 3, "math", why, sizeof(why)) == 0)
		CHECK_STR(why, "math: waiting for the unpacker (SrcA 0, SrcB 0)");
	else
		CHECK(0, "trisc1 never waited for the unpacker");
	want = "tile_regs_wait: waiting for math to commit a DST section (MATH_PACK 0)";
	if (wait_for(dev, c2, 4, "tile_regs_wait", why, sizeof(why)) == 0)
		CHECK_STR(why, want);
	else
		CHECK(0, "trisc2 never waited in tile_regs_wait");
	CHECK_EQ(ttrt_render_status(dev, c2, &text, &len), 0);
	CHECK(text && strstr(text, want), "status:\n%s", text ? text : "");
	free(text);
	/* The fault names the unit, the index and the section's size. */
	want = "math: DST index 9 out of range (8 tiles per section: SyncHalf, 16-bit DST); pc 0x";
	for (int i = 0; i < 12000; i++) {
		if (ttrt_core_risc_detail(dev, c3, 3, &d) == 0 && d.state == TTRT_RISC_FAULT)
			break;
		nanosleep(&nap, NULL);
	}
	CHECK_EQ(d.state, TTRT_RISC_FAULT);
	CHECK(strncmp(d.fault, want, strlen(want)) == 0, "fault '%s'", d.fault);
	CHECK_EQ(ttrt_render_status(dev, c3, &text, &len), 0);
	CHECK(text && strstr(text, "math: DST index 9 out of range"), "status:\n%s", text ? text : "");
	free(text);
	pack_output_free(&o1);
	pack_output_free(&o2);
	pack_output_free(&o3);
	free_trisc(full);
	free_trisc(empty);
	free_trisc(bad);
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

int main(int argc, char **argv)
{
	char cache[] = "/tmp/ttfs-wait-reason-XXXXXX", err[512] = "", why[64];
	struct ttrt_device *dev;

	REQUIRE(argc == 4, "usage: %s SDK_DIR INCLUDE_DIR KERNEL_DIR", argv[0]);
	kernel_dir = argv[3];
	REQUIRE(mkdtemp(cache) != NULL, "mkdtemp");
	REQUIRE(build_env_init(&env, NULL, argv[1], argv[2], cache, err, sizeof(err)) == 0, "%s",
		err);
	dev = open_small_sim();
	CHECK_EQ(ttrt_core_wait_reason(dev, (struct ttrt_xy){ 0, 0 }, 5, why, sizeof(why)), -EINVAL);
	CHECK_EQ(ttrt_core_wait_reason(dev, (struct ttrt_xy){ 99, 0 }, 0, why, sizeof(why)), -EINVAL);
	test_cbs(dev);
	test_semaphore(dev);
	test_barriers(dev);
	test_other_poll(dev);
	test_runaway(dev);
	test_tensix_copy(dev);
	test_tensix_waits(dev);
	ttrt_device_close(dev);
	nftw(cache, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	return check_exit("test_wait_reason");
}
