/* SPDX-License-Identifier: Apache-2.0
 *
 * The program pipeline end to end on the simulated chip, without a mount:
 * an args file parsed and resolved, a kernel ELF made an XIP image, both
 * packed, and the launch message and kernel-config buffer written to two
 * cores; every RISC reports what it found. Usage: test_pack_launch K.elf
 */
#include "program/pack/pack_args.h"
#include "../launch/launch_util.h"
#include "tt/l1_map.h"

#include <string.h>

static const char args_text[] =
	"[program]\n"
	"cores = 0,0 3,2\n"
	"semaphores = 0 0x5e4a\n"
	"[cb.0]\nformat = bfloat16\npages = 2\n"
	"[cb.16]\nformat = float32\npages = 1\n"
	"[reader]\nargs = 100 7\nargs.3,2 = 200 9\ncommon_args = 0xBB\n"
	"[writer]\nargs = @out 2\ncommon_args = 0xAA\n"
	"[compute]\nargs = 1000 3\ncommon_args = 1.0f\n";

static int lookup(void *ctx, const char *name, struct prog_buffer_info *out)
{
	(void)ctx;
	if (strcmp(name, "out"))
		return -ENOENT;
	*out = (struct prog_buffer_info){ .addr = 40, .page_size = 2048, .is_dram = true };
	return 0;
}

static void run(struct ttrt_device *dev, const struct prog_packed *pk)
{
	uint8_t *buf = malloc(pk->out.size);

	REQUIRE(buf != NULL, "malloc");
	for (uint32_t c = 0; c < pk->plan->n_cores; c++) {
		struct ttrt_xy core = pk->a->cores[pk->plan->core[c]];
		const struct ttrt_launch *launch;
		uint32_t size;
		int rc = prog_packed_core(pk, c, buf, &size, &launch);

		if (!rc)
			rc = ttrt_launch_prepare(dev, core, launch);
		if (!rc)
			rc = ttrt_l1_write(dev, core, launch->kernel_config_base[0], buf, size);
		if (!rc)
			rc = ttrt_launch_go(dev, core);
		CHECK(rc == 0, "launch on %u,%u: %s", core.x, core.y, strerror(-rc));
	}
	for (uint32_t c = 0; c < pk->plan->n_cores; c++) {
		struct ttrt_xy core = pk->a->cores[pk->plan->core[c]];
		int rc = ttrt_launch_wait(dev, core, 2000, NULL);
		CHECK(rc == 0, "wait on %u,%u: %s", core.x, core.y, strerror(-rc));
	}
	free(buf);
}

static bool all_files(void *ctx, const char *name)
{
	(void)ctx;
	(void)name;
	return true;
}

int main(int argc, char **argv)
{
	struct ttrt_device *dev;
	struct prog_args *a;
	struct prog_resolved *r;
	struct pack_xip x;
	const struct pack_xip *images[PROG_NUM_KERNELS * PACK_NUM_RISCS];
	struct prog_pack_input in = { .images = images };
	struct prog_plan plan;
	struct prog_packed pk;
	char err[512] = "";
	size_t len = 0;
	uint8_t *elf;

	REQUIRE(argc == 2, "usage: %s KERNEL.elf", argv[0]);
	elf = read_file(argv[1], &len);
	REQUIRE(elf != NULL, "cannot read %s", argv[1]);
	REQUIRE(pack_xip_from_elf(elf, len, argv[1], &x, err, sizeof(err)) == 0, "%s", err);
	REQUIRE(prog_args_parse(args_text, sizeof(args_text) - 1, "args", TTRT_TENSIX_GRID_X,
				TTRT_TENSIX_GRID_Y, &a, err, sizeof(err)) == 0, "%s", err);
	REQUIRE(prog_args_resolve(a, "args", lookup, NULL, &r, err, sizeof(err)) == 0, "%s", err);
	REQUIRE(prog_plan_make(a, all_files, NULL, "args", &plan, err, sizeof(err)) == 0, "%s", err);
	/* The one kernel image on every RISC, each seeing its own args. */
	for (int i = 0; i < PROG_NUM_KERNELS * PACK_NUM_RISCS; i++)
		images[i] = &x;
	REQUIRE(prog_pack(a, r, &plan, &in, &pk, err, sizeof(err)) == 0, "%s", err);

	dev = open_small_sim();
	for (int round = 0; round < 2; round++) {
		run(dev, &pk);
		for (uint32_t c = 0; c < a->n_cores; c++) {
			/* brisc = writer, ncrisc = reader (its override on 3,2), trisc0..2 = compute */
			const uint32_t sum[5] = { 42, c ? 209 : 107, 1003, 1003, 1003 };
			const uint32_t common[5] = { 0xAA, 0xBB, 0x3f800000, 0x3f800000, 0x3f800000 };
			uint32_t got[5][8];
			CHECK_EQ(ttrt_l1_read(dev, a->cores[c], 0x40000, got, sizeof(got)), 0);
			for (int h = 0; h < 5; h++) {
				CHECK(got[h][0] == sum[h], "core %u risc %d args sum %u, want %u", c, h,
				      got[h][0], sum[h]);
				CHECK(got[h][1] == common[h], "core %u risc %d common 0x%x, want 0x%x", c, h,
				      got[h][1], common[h]);
				CHECK(got[h][3] == 0x600d0000u + (uint32_t)h, "core %u risc %d .data 0x%x", c,
				      h, got[h][3]);
				CHECK(got[h][4] == 0, "core %u risc %d .bss %u", c, h, got[h][4]);
				CHECK(got[h][5] == 0x5e4a, "core %u risc %d semaphore 1 0x%x", c, h,
				      got[h][5]);
			}
			/* BRISC and NCRISC see CB 16's page size in bytes. */
			CHECK_EQ(got[0][2], 4096);
			CHECK_EQ(got[1][2], 4096);
		}
	}
	ttrt_device_close(dev);
	prog_packed_free(&pk);
	prog_plan_free(&plan);
	pack_xip_free(&x);
	prog_resolved_free(r);
	prog_args_free(a);
	free(elf);
	return check_exit("test_pack_launch");
}
