/* SPDX-License-Identifier: Apache-2.0
 *
 * End to end through the runtime API, no mount: boot the simulated chip,
 * place a compiled kernel in the kernel-config buffer of one core, fill in
 * launch_msg_t, write go, poll until done, and check that the runtime args
 * reached the kernel and that what it wrote to its own L1 and, over the
 * NOC, to another core is there. Then the fault paths: a bad load and a
 * NOC write to a tile that does not exist each stop BRISC with a recorded
 * cause, PC and address.
 */
#include "launch_util.h"
#include "ttrt.h"
#include "tt/l1_map.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RESULT_ADDR 0x40000u
#define TEXT_OFFSET 0x100u

static int launch(struct ttrt_device *dev, struct ttrt_xy core, const uint8_t *kernel, size_t klen,
		  const uint32_t *args, size_t nargs)
{
	struct ttrt_launch msg;
	int rc;

	memset(&msg, 0, sizeof(msg));
	for (int i = 0; i < TT_NUM_CORE_TYPES; i++)
		msg.kernel_config_base[i] = TT_KERNEL_CONFIG_BASE;
	msg.rta_offset[0].rta_offset = 0;
	msg.rta_offset[0].crta_offset = 0x40;
	msg.kernel_text_offset[0] = TEXT_OFFSET;
	msg.mode = TT_DISPATCH_MODE_HOST;
	msg.enables = 1;   /* BRISC only */
	msg.min_remote_cb_start_index = TT_NUM_CIRCULAR_BUFFERS;
	rc = ttrt_launch_prepare(dev, core, &msg);
	if (rc == 0)
		rc = ttrt_l1_write(dev, core, TT_KERNEL_CONFIG_BASE, args, nargs * 4);
	if (rc == 0)
		rc = ttrt_l1_write(dev, core, TT_KERNEL_CONFIG_BASE + TEXT_OFFSET, kernel, klen);
	if (rc == 0)
		rc = ttrt_launch_go(dev, core);
	return rc;
}

static void test_good_launch(struct ttrt_device *dev, const uint8_t *kernel, size_t klen)
{
	struct ttrt_xy core = { 1, 1 }, dst = { 5, 7 }, dst_noc0, noc0;
	uint32_t mine[4], theirs[4], args[6];
	int rc;

	ttrt_logical_to_noc0(core, &noc0);
	ttrt_logical_to_noc0(dst, &dst_noc0);
	args[0] = 42;
	args[1] = 7;
	args[2] = dst_noc0.x;
	args[3] = dst_noc0.y;
	args[4] = RESULT_ADDR;
	args[5] = 0;
	rc = launch(dev, core, kernel, klen, args, 6);
	CHECK(rc == 0, "launch: %s", strerror(-rc));
	rc = ttrt_launch_wait(dev, core, 2000, NULL);
	CHECK(rc == 0, "wait: %s", strerror(-rc));
	ttrt_l1_read(dev, core, RESULT_ADDR, mine, sizeof(mine));
	ttrt_l1_read(dev, dst, RESULT_ADDR, theirs, sizeof(theirs));
	CHECK(mine[0] == 42007, "args: got %u", mine[0]);
	CHECK(mine[1] == noc0.x && mine[2] == noc0.y, "my_x/my_y: got %u,%u", mine[1], mine[2]);
	CHECK(mine[3] == 1, "launch count: got %u", mine[3]);
	CHECK(memcmp(mine, theirs, sizeof(mine)) == 0, "NOC copy differs on core 5,7");

	/* The same core runs a second launch with other args. */
	args[0] = 1;
	args[1] = 2;
	CHECK(launch(dev, core, kernel, klen, args, 6) == 0, "second launch");
	CHECK(ttrt_launch_wait(dev, core, 2000, NULL) == 0, "second wait");
	ttrt_l1_read(dev, dst, RESULT_ADDR, theirs, sizeof(theirs));
	CHECK(theirs[0] == 1002 && theirs[3] == 2, "second run: %u launches %u", theirs[0], theirs[3]);
}

static enum ttrt_risc_state state_of(struct ttrt_device *dev, struct ttrt_xy core, int risc,
				     uint32_t *pc)
{
	struct ttrt_risc_detail d;

	if (ttrt_core_risc_detail(dev, core, risc, &d))
		return TTRT_RISC_UNKNOWN;
	if (pc)
		*pc = d.pc;
	return d.state;
}

/* RISC risc's state once it is want, or the last one read after 30 s: a
 * RISC runs for a moment after any store wakes it and after it writes
 * done, and a sanitizer build on a loaded host takes a while to fault or
 * restart, so one read at a fixed time can catch it before it got there.
 * pc (may be NULL) gets the PC of the last read. */
static enum ttrt_risc_state wait_state(struct ttrt_device *dev, struct ttrt_xy core, int risc,
				       enum ttrt_risc_state want, uint32_t *pc)
{
	struct timespec nap = { 0, 5 * 1000 * 1000 };
	enum ttrt_risc_state st = TTRT_RISC_UNKNOWN;

	for (int i = 0; i < 6000; i++) {
		st = state_of(dev, core, risc, pc);
		if (st == want)
			break;
		nanosleep(&nap, NULL);
	}
	return st;
}

static void expect_fault(struct ttrt_device *dev, const uint8_t *kernel, size_t klen, uint32_t mode,
			 const char *want)
{
	struct ttrt_xy core = { 3, 2 }, other = { 4, 2 };
	struct ttrt_risc_detail d, od;
	uint32_t args[6] = { 1, 2, 5, 3, RESULT_ADDR, mode };

	CHECK(launch(dev, core, kernel, klen, args, 6) == 0, "launch (mode %u)", mode);
	CHECK(ttrt_launch_wait(dev, core, 300, NULL) == -ETIMEDOUT, "a faulted kernel never reports done");
	wait_state(dev, core, 0, TTRT_RISC_FAULT, NULL);
	CHECK(ttrt_core_risc_detail(dev, core, 0, &d) == 0, "detail");
	CHECK(d.state == TTRT_RISC_FAULT, "brisc state %s", ttrt_risc_state_name(d.state));
	CHECK(strstr(d.fault, want) != NULL, "fault text '%s' lacks '%s'", d.fault, want);
	CHECK(d.pc >= TT_KERNEL_CONFIG_BASE + TEXT_OFFSET &&
	      d.pc < TT_KERNEL_CONFIG_BASE + TEXT_OFFSET + klen, "fault pc 0x%x is in the kernel", d.pc);
	/* Other RISCs and other cores carry on. */
	od.state = wait_state(dev, core, 1, TTRT_RISC_IDLE, NULL);
	CHECK(od.state == TTRT_RISC_IDLE, "ncrisc of the faulted core: %s",
	      ttrt_risc_state_name(od.state));
	od.state = wait_state(dev, other, 0, TTRT_RISC_IDLE, NULL);
	CHECK(od.state == TTRT_RISC_IDLE, "brisc of a neighbour: %s", ttrt_risc_state_name(od.state));
}

/* A kernel that never returns keeps its RISC running; reset takes the
 * chip back from it. */
static void test_reset_stops_a_hung_kernel(struct ttrt_device *dev, const uint8_t *kernel,
					   size_t klen, char *err, size_t errlen)
{
	struct ttrt_xy core = { 6, 6 };
	struct ttrt_risc_detail d;
	uint32_t args[6] = { 0, 0, 2, 2, RESULT_ADDR, 3 }, a, b;
	struct timespec pause = { 0, 20 * 1000 * 1000 };

	CHECK(launch(dev, core, kernel, klen, args, 6) == 0, "launch the hang");
	CHECK(ttrt_launch_wait(dev, core, 200, NULL) == -ETIMEDOUT, "a hung kernel never reports done");
	CHECK(ttrt_core_risc_detail(dev, core, 0, &d) == 0 && d.state == TTRT_RISC_RUNNING,
	      "brisc of a hung kernel is running, not %s", ttrt_risc_state_name(d.state));
	ttrt_l1_read(dev, core, RESULT_ADDR, &a, 4);
	nanosleep(&pause, NULL);
	ttrt_l1_read(dev, core, RESULT_ADDR, &b, 4);
	CHECK(a != b, "the hung kernel keeps counting (%u, %u)", a, b);
	CHECK(ttrt_device_reset(dev, NULL, err, errlen) == 0, "reset under a hung kernel: %s", err);
	ttrt_l1_read(dev, core, RESULT_ADDR, &a, 4);
	nanosleep(&pause, NULL);
	ttrt_l1_read(dev, core, RESULT_ADDR, &b, 4);
	CHECK(a == b, "the counter stopped after reset (%u, %u)", a, b);
	d.state = wait_state(dev, core, 0, TTRT_RISC_IDLE, NULL);
	CHECK(d.state == TTRT_RISC_IDLE, "brisc after reset: %s", ttrt_risc_state_name(d.state));
}

/* The soft-reset register's bits hold exactly their RISC; releasing a
 * RISC starts it at its reset PC: the override register's value when the
 * override bit is set, else the fixed address (NCRISC 0x12000). */
static void test_soft_reset_register(struct ttrt_device *dev, char *err, size_t errlen)
{
	static const uint32_t bits[5] = { TT_SOFT_RESET_BRISC, TT_SOFT_RESET_NCRISC,
					   TT_SOFT_RESET_TRISC0, TT_SOFT_RESET_TRISC1,
					   TT_SOFT_RESET_TRISC2 };
	struct ttrt_xy core = { 10, 3 };
	uint32_t reg = 0xFFFFFFFF, pc = 0;

	CHECK(ttrt_reg_read(dev, core, TT_RISCV_SOFT_RESET_0, &reg) == 0 && reg == 0,
	      "after boot the firmware has released every RISC: 0x%x", reg);
	for (int r = 1; r < 5; r++) {
		CHECK(ttrt_reg_write(dev, core, TT_RISCV_SOFT_RESET_0, bits[r]) == 0, "hold %d", r);
		for (int o = 0; o < 5; o++)
			CHECK((state_of(dev, core, o, NULL) == TTRT_RISC_RESET) == (o == r),
			      "bit 0x%x holds %s: %s is %s", bits[r], ttrt_risc_names[r],
			      ttrt_risc_names[o], ttrt_risc_state_name(state_of(dev, core, o, NULL)));
		CHECK(ttrt_reg_write(dev, core, TT_RISCV_SOFT_RESET_0, 0) == 0, "release %d", r);
		CHECK(wait_state(dev, core, r, TTRT_RISC_IDLE, &pc) == TTRT_RISC_IDLE,
		      "%s back in its firmware", ttrt_risc_names[r]);
		CHECK(pc >= TT_MEM_NCRISC_FW_BASE + 0x600u * (uint32_t)(r - 1) &&
		      pc < TT_MEM_NCRISC_FW_BASE + 0x600u * (uint32_t)r,
		      "%s restarted from the reset PC its firmware set: pc 0x%x", ttrt_risc_names[r], pc);
	}
	/* Without the override NCRISC starts at 0x12000, where nothing is loaded. */
	CHECK(ttrt_reg_write(dev, core, TT_NCRISC_RESET_PC_OVERRIDE, 0) == 0, "clear override");
	CHECK(ttrt_reg_write(dev, core, TT_RISCV_SOFT_RESET_0, TT_SOFT_RESET_NCRISC) == 0, "hold");
	CHECK(ttrt_reg_write(dev, core, TT_RISCV_SOFT_RESET_0, 0) == 0, "release");
	CHECK(wait_state(dev, core, 1, TTRT_RISC_FAULT, &pc) == TTRT_RISC_FAULT && pc == 0x12000,
	      "ncrisc from the fixed reset PC: %s at 0x%x", ttrt_risc_state_name(state_of(dev, core, 1, NULL)), pc);
	CHECK(ttrt_device_reset(dev, NULL, err, errlen) == 0, "reset after the reset-PC test: %s", err);
}

int main(int argc, char **argv)
{
	struct ttrt_device *dev;
	char err[512] = "";
	size_t klen = 0;
	uint8_t *kernel;

	if (argc != 2) {
		fprintf(stderr, "usage: %s KERNEL.bin\n", argv[0]);
		return 2;
	}
	kernel = read_file(argv[1], &klen);
	if (!kernel) {
		fprintf(stderr, "%s: cannot read\n", argv[1]);
		return 1;
	}
	dev = open_small_sim();
	test_good_launch(dev, kernel, klen);
	expect_fault(dev, kernel, klen, 1, "load access fault at address 0x00400000");
	CHECK(ttrt_device_reset(dev, NULL, err, sizeof(err)) == 0, "reset clears the fault");
	expect_fault(dev, kernel, klen, 2, "no reachable tile at (20,3)");
	CHECK(ttrt_device_reset(dev, NULL, err, sizeof(err)) == 0, "reset again");
	test_reset_stops_a_hung_kernel(dev, kernel, klen, err, sizeof(err));
	test_soft_reset_register(dev, err, sizeof(err));
	test_good_launch(dev, kernel, klen);
	ttrt_device_close(dev);
	free(kernel);
	return check_exit(argv[0]);
}
