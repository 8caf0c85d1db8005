/* SPDX-License-Identifier: Apache-2.0
 *
 * The kernel-config layout and launch message, against the numbers seed
 * 000 observed for add1_sfpu on a Blackhole, and the bytes of every part.
 */
#include "program/pack/pack.h"
#include "program/pack/pack_args.h"
#include "../check.h"

#include <stdlib.h>
#include <string.h>

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Seed 000: kernel_config_base 0x82b0, local_cb_offset 0x20, remote_cb_offset
 * 0x130, kernel_text_offset {0x130, 0x3b0, 0x610, 0xa10, 0xcb0}; CBs c_0 and
 * c_16 (mask bits 0 and 16); runtime args: writer {dst_addr, 64}, reader
 * {src_addr, 64}, compute {n_tiles, bits of 1.0f}: 2 words each, no common
 * args. The images' sizes are the gaps between the text offsets (any size
 * up to the next 16 bytes gives the same layout); trisc2's is not in the
 * seed. */
static const uint32_t seed_text[PACK_NUM_RISCS] = { 0x130, 0x3b0, 0x610, 0xa10, 0xcb0 };

static void fake_image(struct pack_xip *x, uint32_t size, uint8_t fill)
{
	memset(x, 0, sizeof(*x));
	x->image = malloc(size);
	REQUIRE(x->image != NULL, "malloc");
	memset(x->image, fill, size);
	x->size = size;
}

static void seed_input(struct pack_input *in, struct pack_xip x[PACK_NUM_RISCS], uint32_t shrink)
{
	memset(in, 0, sizeof(*in));
	for (int s = 0; s < PACK_NUM_SLOTS; s++)
		in->rta_words[s] = 2;
	in->local_cb_mask = (1u << 0) | (1u << 16);
	in->local_cb[0] = (struct tt_local_cb_config){ 0x37000, 4096, 2, 2048 };
	in->local_cb[16] = (struct tt_local_cb_config){ 0x38000, 4096, 2, 2048 };
	in->min_remote_cb_start_index = 32;
	in->brisc_noc_id = 0;
	in->host_assigned_id = 77;
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		uint32_t size = r + 1 < PACK_NUM_RISCS ? seed_text[r + 1] - seed_text[r] : 0x2a0;
		fake_image(&x[r], size - shrink, (uint8_t)(0xA0 + r));
		in->kernel[r] = &x[r];
	}
}

static void test_seed_layout(uint32_t shrink)
{
	struct pack_xip x[PACK_NUM_RISCS];
	struct pack_input in;
	struct pack_output out;
	char err[256] = "";
	int rc;

	seed_input(&in, x, shrink);
	rc = pack_kernel_config(&in, &out, err, sizeof(err));
	REQUIRE(rc == 0, "%s", err);
	CHECK_EQ(out.launch.kernel_config_base[0], 0x82b0);
	CHECK_EQ(out.launch.local_cb_offset, 0x20);
	CHECK_EQ(out.launch.remote_cb_offset, 0x130);
	for (int r = 0; r < PACK_NUM_RISCS; r++)
		CHECK(out.launch.kernel_text_offset[r] == seed_text[r],
		      "shrink %u: kernel_text_offset[%d] = 0x%x, seed 0x%x", shrink, r,
		      out.launch.kernel_text_offset[r], seed_text[r]);
	CHECK_EQ(out.launch.enables, 0x1f);
	CHECK_EQ(out.launch.local_cb_mask, 0x10001);
	CHECK_EQ(out.launch.min_remote_cb_start_index, 32);
	CHECK_EQ(out.launch.mode, TT_DISPATCH_MODE_HOST);
	CHECK_EQ(out.launch.host_assigned_id, 77);
	/* RTAs: writer at 0, reader at 8, compute at 16 for all three TRISCs;
	 * CRTAs (none) at 0x20 = align16(24). */
	CHECK_EQ(out.launch.rta_offset[PACK_BRISC].rta_offset, 0);
	CHECK_EQ(out.launch.rta_offset[PACK_NCRISC].rta_offset, 8);
	for (int r = PACK_TRISC0; r <= PACK_TRISC2; r++)
		CHECK_EQ(out.launch.rta_offset[r].rta_offset, 16);
	for (int r = 0; r < PACK_NUM_RISCS; r++)
		CHECK_EQ(out.launch.rta_offset[r].crta_offset, 0x20);
	CHECK_EQ(out.launch.sem_offset[0], 0x20);
	CHECK_EQ(out.size, (0xcb0 + 0x2a0 - shrink + 15) & ~15u);
	/* The CB table: 17 entries of 16 bytes, 0 and 16 filled, the rest zero. */
	for (int cb = 0; cb < 17; cb++) {
		const uint8_t *p = out.config + 0x20 + 16 * cb;
		uint32_t want = cb == 0 ? 0x37000 : cb == 16 ? 0x38000 : 0;
		CHECK(get32(p) == want, "cb %d addr 0x%x", cb, get32(p));
		CHECK_EQ(get32(p + 4), want ? 4096 : 0);
		CHECK_EQ(get32(p + 8), want ? 2 : 0);
		CHECK_EQ(get32(p + 12), want ? 2048 : 0);
	}
	/* Each image in place, and padding between them zero. */
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		int same = 1;
		for (uint32_t i = 0; i < x[r].size; i++)
			same &= out.config[seed_text[r] + i] == 0xA0 + r;
		CHECK(same, "image %d at 0x%x", r, seed_text[r]);
		for (uint32_t i = seed_text[r] + x[r].size; r + 1 < PACK_NUM_RISCS && i < seed_text[r + 1]; i++)
			CHECK(out.config[i] == 0, "padding byte 0x%x", i);
	}

	/* One core's args. */
	{
		static const uint32_t w[] = { 0x1000, 64 }, rd[] = { 0x2000, 64 }, c[] = { 64, 0x3f800000 };
		const uint32_t *args[PACK_NUM_SLOTS] = { w, rd, c };
		const uint32_t n[PACK_NUM_SLOTS] = { 2, 2, 2 };
		const uint32_t n_big[PACK_NUM_SLOTS] = { 3, 0, 0 };
		uint8_t *buf = malloc(out.size);
		memcpy(buf, out.config, out.size);
		CHECK_EQ(pack_write_rta(&out, buf, args, n), 0);
		CHECK_EQ(get32(buf + 0), 0x1000);
		CHECK_EQ(get32(buf + 4), 64);
		CHECK_EQ(get32(buf + 8), 0x2000);
		CHECK_EQ(get32(buf + 20), 0x3f800000);
		CHECK(memcmp(buf + 24, out.config + 24, out.size - 24) == 0, "args change only args");
		CHECK_EQ(pack_write_rta(&out, buf, args, n_big), -EINVAL);
		free(buf);
	}
	pack_output_free(&out);
	for (int r = 0; r < PACK_NUM_RISCS; r++)
		pack_xip_free(&x[r]);
}

/* Common args, semaphores, remote CBs and idle RISCs move what follows. */
static void test_other_parts(void)
{
	static const uint32_t crta_w[] = { 5, 6, 7 }, crta_c[] = { 9 }, sems[] = { 0, 3 };
	struct pack_xip k;
	struct pack_input in = { 0 };
	struct pack_output out;
	char err[256] = "";
	int rc;

	fake_image(&k, 0x44, 0x5A);
	k.entry_offset = 8;
	in.rta_words[PACK_SLOT_BRISC] = 1;
	in.rta_words[PACK_SLOT_COMPUTE] = 4;
	in.crta[PACK_SLOT_BRISC] = crta_w;
	in.crta_words[PACK_SLOT_BRISC] = 3;
	in.crta[PACK_SLOT_COMPUTE] = crta_c;
	in.crta_words[PACK_SLOT_COMPUTE] = 1;
	in.semaphores = sems;
	in.n_semaphores = 2;
	in.local_cb_mask = 1u << 2;
	in.local_cb[2] = (struct tt_local_cb_config){ 0x40000, 64, 4, 16 };
	in.min_remote_cb_start_index = 30;
	in.remote_cb[30] = (struct pack_remote_cb){ 0xabc0, 32 };
	in.remote_cb[31] = (struct pack_remote_cb){ 0xdef0, 64 };
	in.kernel[PACK_TRISC1] = &k;
	in.brisc_noc_id = 1;
	rc = pack_kernel_config(&in, &out, err, sizeof(err));
	REQUIRE(rc == 0, "%s", err);
	/* rta: brisc 0 (4 B), ncrisc 4 (0 B), compute 4 (16 B) -> 20; crta at
	 * 0x20, each kernel's 16-aligned as tt-metal's
	 * configure_crta_offsets_for_kernel_groups: brisc 0x20 (12 B),
	 * ncrisc 0x30 (0 B), compute 0x30 (4 B) -> 0x40. */
	CHECK_EQ(out.launch.rta_offset[PACK_BRISC].rta_offset, 0);
	CHECK_EQ(out.launch.rta_offset[PACK_TRISC2].rta_offset, 4);
	CHECK_EQ(out.launch.rta_offset[PACK_BRISC].crta_offset, 0x20);
	CHECK_EQ(out.launch.rta_offset[PACK_NCRISC].crta_offset, 0x30);
	CHECK_EQ(out.launch.rta_offset[PACK_TRISC0].crta_offset, 0x30);
	CHECK_EQ(get32(out.config + 0x28), 7);
	CHECK_EQ(get32(out.config + 0x30), 9);
	CHECK_EQ(out.launch.sem_offset[0], 0x40);
	CHECK_EQ(get32(out.config + 0x40 + 16), 3);
	CHECK_EQ(out.launch.local_cb_offset, 0x60);
	CHECK_EQ(out.launch.remote_cb_offset, 0x60 + 3 * 16);
	CHECK_EQ(get32(out.config + 0x90), 0xabc0);
	CHECK_EQ(get32(out.config + 0x9c), 64);
	CHECK_EQ(out.launch.min_remote_cb_start_index, 30);
	/* The only image: after 2 remote entries (0xa0), entered at +8. */
	CHECK_EQ(out.image_offset[PACK_TRISC1], 0xa0);
	CHECK_EQ(out.launch.kernel_text_offset[PACK_TRISC1], 0xa8);
	CHECK_EQ(out.launch.kernel_text_offset[PACK_BRISC], 0);
	CHECK_EQ(out.launch.enables, 1u << PACK_TRISC1);
	CHECK_EQ(out.launch.brisc_noc_id, 1);
	CHECK_EQ(out.config[0xa0], 0x5A);
	pack_output_free(&out);

	/* Too big for the buffer: 0x82b0..0x112b0 holds 0x9000 bytes. */
	pack_xip_free(&k);
	fake_image(&k, 0x8ff0, 1);
	memset(&in, 0, sizeof(in));
	in.kernel[PACK_BRISC] = &k;
	rc = pack_kernel_config(&in, &out, err, sizeof(err));
	CHECK(rc == 0 && out.size == 0x8ff0, "%d %s", rc, err);
	pack_output_free(&out);
	in.rta_words[PACK_SLOT_BRISC] = 5;
	rc = pack_kernel_config(&in, &out, err, sizeof(err));
	CHECK(rc == -ENOSPC && strstr(err, "needs 36880 bytes") && strstr(err, "36864 fit from 0x82b0"),
	      "%d %s", rc, err);
	in.rta_words[PACK_SLOT_BRISC] = PACK_MAX_RTA_WORDS + 1;
	rc = pack_kernel_config(&in, &out, err, sizeof(err));
	CHECK(rc == -EINVAL && strstr(err, "more than 341"), "%d %s", rc, err);
	pack_xip_free(&k);
}

static int lookup(void *ctx, const char *name, struct prog_buffer_info *out)
{
	(void)ctx;
	if (strcmp(name, "in") && strcmp(name, "out"))
		return -ENOENT;
	*out = (struct prog_buffer_info){ .addr = name[0] == 'i' ? 0x1000 : 0x9000, .page_size = 2048,
					  .is_dram = true };
	return 0;
}

static bool all_files(void *ctx, const char *name)
{
	(void)ctx;
	(void)name;
	return true;
}

/* Seed 000's images for the short names: reader on NCRISC, writer on
 * BRISC, compute on the TRISCs. */
static void short_name_images(const struct pack_xip x[PACK_NUM_RISCS], uint32_t n_kernels,
			      const struct pack_xip **images)
{
	memset(images, 0, (size_t)n_kernels * PACK_NUM_RISCS * sizeof(*images));
	images[PROG_READER * PACK_NUM_RISCS + PACK_NCRISC] = &x[PACK_NCRISC];
	images[PROG_WRITER * PACK_NUM_RISCS + PACK_BRISC] = &x[PACK_BRISC];
	for (int r = PACK_TRISC0; r <= PACK_TRISC2; r++)
		images[PROG_COMPUTE * PACK_NUM_RISCS + r] = &x[r];
}

/* DESIGN §1.4's args are add1's shape: packed with seed 000's kernel sizes
 * they give seed 000's layout, and each core its own args. */
static void test_from_args(void)
{
	static const char text[] =
		"[program]\ncores = 0-1,0\n"
		"[cb.0]\nformat = bfloat16\npages = 2\n"
		"[cb.16]\nformat = bfloat16\npages = 2\n"
		"[reader]\nargs = @in 64\ncompile_args = accessor(in)\nargs.1,0 = @in 32\n"
		"[writer]\nargs = @out 64\ncompile_args = accessor(out)\n"
		"[compute]\nargs = 64 1.0f\nmath_fidelity = HiFi4\n";
	struct prog_args *a;
	struct prog_resolved *r;
	struct prog_plan plan;
	struct pack_xip x[PACK_NUM_RISCS];
	const struct pack_xip *images[PROG_NUM_KERNELS * PACK_NUM_RISCS];
	struct prog_pack_input pin = { .images = images, .host_assigned_id = 77 };
	struct prog_packed pk;
	struct pack_input in;
	struct tt_local_cb_config cbs[PROG_NUM_CBS];
	char err[256] = "";
	int rc;

	rc = prog_args_parse(text, sizeof(text) - 1, "args", 12, 10, &a, err, sizeof(err));
	REQUIRE(rc == 0, "%s", err);
	rc = prog_args_resolve(a, "args", lookup, NULL, &r, err, sizeof(err));
	REQUIRE(rc == 0, "%s", err);
	REQUIRE(prog_plan_make(a, all_files, NULL, "args", &plan, err, sizeof(err)) == 0, "%s", err);
	CHECK_EQ(plan.n_groups, 1);
	CHECK_EQ(plan.n_cores, 2);
	seed_input(&in, x, 0);
	short_name_images(x, a->n_kernels, images);
	REQUIRE(prog_pack(a, r, &plan, &pin, &pk, err, sizeof(err)) == 0, "%s", err);
	CHECK_EQ(prog_packed_cbs(&pk, 0, cbs), 0x10001);
	CHECK_EQ(cbs[0].addr_bytes, 0x37000);
	CHECK_EQ(cbs[0].size_bytes, 4096);
	CHECK_EQ(cbs[16].addr_bytes, 0x38000);
	CHECK_EQ(cbs[16].page_size_bytes, 2048);
	CHECK_EQ(cbs[1].addr_bytes, 0);
	CHECK_EQ(pk.out.groups[0].rta_words[PACK_SLOT_BRISC], 2);
	CHECK_EQ(pk.out.groups[0].launch.local_cb_offset, 0x20);
	CHECK_EQ(pk.out.groups[0].launch.remote_cb_offset, 0x130);
	CHECK_EQ(pk.out.groups[0].launch.local_cb_mask, 0x10001);
	CHECK_EQ(pk.out.groups[0].launch.host_assigned_id, 77);
	for (int i = 0; i < PACK_NUM_RISCS; i++)
		CHECK_EQ(pk.out.groups[0].launch.kernel_text_offset[i], seed_text[i]);
	for (uint32_t c = 0; c < 2; c++) {
		const struct ttrt_launch *launch;
		uint8_t *buf = malloc(pk.out.size);
		uint32_t size = 0;

		REQUIRE(prog_packed_core(&pk, c, buf, &size, &launch) == 0, "core %u", c);
		CHECK_EQ(size, pk.out.size);
		CHECK(launch == &pk.out.groups[0].launch, "core %u's launch", c);
		CHECK_EQ(get32(buf + 0), 0x9000);               /* writer: @out */
		CHECK_EQ(get32(buf + 8), 0x1000);               /* reader: @in */
		CHECK_EQ(get32(buf + 12), c ? 32 : 64);         /* reader's override on 1,0 */
		CHECK_EQ(get32(buf + 20), 0x3f800000);          /* compute: 1.0f */
		CHECK_EQ(get32(buf + 0x20), 0x37000);           /* CB 0's config */
		CHECK_EQ(get32(buf + 0x20 + 16 * 16), 0x38000); /* CB 16's */
		CHECK_EQ(get32(buf + 0x20 + 16 * 16 + 8), 2);
		free(buf);
	}
	prog_packed_free(&pk);

	/* A profile whose CB space starts higher: the same CBs run past L1. */
	{
		struct ttrt_abi abi;

		ttrt_abi_builtin(&abi);
		abi.data_buffer_base = abi.l1_size - 0x1800;
		pin.abi = &abi;
		rc = prog_pack(a, r, &plan, &pin, &pk, err, sizeof(err));
		CHECK(rc == -ENOSPC && strstr(err, "[cb.16] (4096 bytes at 0x17f800 on core 0,0) does not fit below the end of L1 (0x180000)"),
		      "%d %s", rc, err);
	}
	for (int i = 0; i < PACK_NUM_RISCS; i++)
		pack_xip_free(&x[i]);
	prog_plan_free(&plan);
	prog_resolved_free(r);
	prog_args_free(a);

	/* CBs that fit L1 byte for byte, but not once each starts 64-aligned. */
	{
		static const char full[] = "[cb.0]\nformat = uint8\npages = 1\npage_size = 16\n"
					   "[cb.1]\nformat = uint8\nsize = 1347568\npage_size = 1347568\n";
		rc = prog_args_parse(full, sizeof(full) - 1, "args", 12, 10, &a, err, sizeof(err));
		CHECK(rc == -EINVAL && strstr(err, "args:5: [cb.1]: circular buffers need 1347632 bytes"),
		      "%d %s", rc, err);
	}
}

/* A profile of newer tt-metal (64 CBs, a u64 local_cb_mask, the area at
 * 0x9DE0): CB 40 is packed, the CB array reaches it, the remote array is
 * empty at 64, and the launch message carries the high mask bits. */
static void test_64_cbs(void)
{
	struct ttrt_abi abi;
	struct pack_xip x;
	struct pack_input in;
	struct pack_output out;
	uint8_t bytes[TTRT_ABI_MAX_LAUNCH_MSG];
	char err[256] = "";

	ttrt_abi_builtin(&abi);
	abi.num_circular_buffers = 64;
	abi.launch_local_cb_mask_size = 8;
	abi.launch_msg_size = 112;
	abi.launch_brisc_noc_id = 0x48;
	abi.launch_brisc_noc_mode = 0x49;
	abi.launch_min_remote_cb_start_index = 0x4A;
	abi.launch_exit_erisc_kernel = 0x4B;
	abi.launch_host_assigned_id = 0x4C;
	abi.launch_enables = 0x50;
	abi.launch_watcher_kernel_ids = 0x54;
	abi.launch_ncrisc_kernel_size16 = 0x5E;
	abi.launch_sub_device_origin_x = 0x60;
	abi.launch_sub_device_origin_y = 0x61;
	abi.launch_preload = 0x6F;
	abi.kernel_config_base = 0x9DE0;
	REQUIRE(ttrt_abi_check(&abi, err, sizeof(err)) == 0, "%s", err);

	memset(&in, 0, sizeof(in));
	in.abi = &abi;
	in.local_cb_mask = (1ull << 0) | (1ull << 40);
	in.local_cb[40] = (struct tt_local_cb_config){ 0x40000, 2048, 1, 2048 };
	fake_image(&x, 64, 0xB0);
	in.kernel[PACK_BRISC] = &x;
	REQUIRE(pack_kernel_config(&in, &out, err, sizeof(err)) == 0, "%s", err);
	CHECK_EQ(out.launch.kernel_config_base[0], 0x9DE0);
	CHECK_EQ(out.local_cb_offset, 0);
	CHECK_EQ(out.remote_cb_offset, 41 * 16);   /* CBs 0..40 */
	CHECK_EQ(out.launch.min_remote_cb_start_index, 64);
	CHECK_EQ(out.image_offset[PACK_BRISC], 41 * 16);
	CHECK_EQ(get32(out.config + 40 * 16), 0x40000);
	CHECK_EQ(get32(out.config + 40 * 16 + 12), 2048);
	CHECK(out.launch.local_cb_mask == ((1ull << 0) | (1ull << 40)), "mask");
	REQUIRE(ttrt_abi_encode_launch(&abi, &out.launch, bytes, sizeof(bytes)) == 0, "encode");
	CHECK_EQ(get32(bytes + 0x40), 1);
	CHECK_EQ(get32(bytes + 0x44), 1u << 8);    /* bit 40 */
	CHECK_EQ(bytes[0x4A], 64);
	CHECK_EQ(get32(bytes + 0x50), 1);          /* enables: BRISC */
	pack_output_free(&out);

	/* The same mask with the built-in profile: CB 40 does not exist. */
	in.abi = NULL;
	CHECK_EQ(pack_kernel_config(&in, &out, err, sizeof(err)), -EINVAL);
	CHECK(strcmp(err, "CB mask 0x10000000001 names CBs beyond the 32 of ABI profile 'builtin'") == 0,
	      "%s", err);
	free(x.image);
}

/* program-model.md §2.2's worked example: group A = BRISC (3 RTAs, 1
 * CRTA) + NCRISC (2 RTAs) + compute (1 RTA), group B = NCRISC only (5
 * RTAs), semaphores 0 and 1, CBs 0, 16 and 24. */
static void test_worked_example(void)
{
	static const uint32_t crta[] = { 0xC0 };
	struct pack_xip k[PACK_NUM_RISCS], kb;
	struct pack_group g[2] = { 0 };
	struct pack_program prog = { .groups = g, .n_groups = 2, .n_semaphores = 2 };
	struct pack_program_out out;
	struct tt_local_cb_config cbs[PROG_NUM_CBS] = { 0 };
	const uint32_t sems[2] = { 5, 6 }, a_args[3] = { 1, 2, 3 }, b_args[5] = { 9, 8, 7, 6, 5 };
	char err[256] = "";
	uint8_t *buf;

	for (int r = 0; r < PACK_NUM_RISCS; r++)
		fake_image(&k[r], 0x20 + 4 * (uint32_t)r, (uint8_t)(0xA0 + r));
	fake_image(&kb, 0x44, 0xB1);
	g[0].rta_words[PACK_SLOT_BRISC] = 3;
	g[0].rta_words[PACK_SLOT_NCRISC] = 2;
	g[0].rta_words[PACK_SLOT_COMPUTE] = 1;
	g[0].crta[PACK_SLOT_BRISC] = crta;
	g[0].crta_words[PACK_SLOT_BRISC] = 1;
	for (int r = 0; r < PACK_NUM_RISCS; r++)
		g[0].kernel[r] = &k[r];
	g[0].local_cb_mask = (1u << 0) | (1u << 16) | (1u << 24);
	g[1].rta_words[PACK_SLOT_NCRISC] = 5;
	g[1].kernel[PACK_NCRISC] = &kb;
	g[1].brisc_noc_id = 0;
	g[1].local_cb_mask = 1u << 16;
	REQUIRE(pack_program(&prog, &out, err, sizeof(err)) == 0, "%s", err);
	/* Group A's RTAs: BRISC 0, NCRISC 12, TRISCs 20 (24 B -> 32); B's
	 * NCRISC 0 (20 B -> 32). CRTAs from 32: A's BRISC at 32 (-> 48). */
	CHECK_EQ(out.groups[0].launch.rta_offset[PACK_BRISC].rta_offset, 0);
	CHECK_EQ(out.groups[0].launch.rta_offset[PACK_NCRISC].rta_offset, 12);
	for (int r = PACK_TRISC0; r <= PACK_TRISC2; r++)
		CHECK_EQ(out.groups[0].launch.rta_offset[r].rta_offset, 20);
	CHECK_EQ(out.groups[1].launch.rta_offset[PACK_NCRISC].rta_offset, 0);
	CHECK_EQ(out.groups[0].launch.rta_offset[PACK_BRISC].crta_offset, 32);
	CHECK_EQ(out.groups[1].launch.rta_offset[PACK_NCRISC].crta_offset, 32);
	/* Semaphores at 48 (32 B), CB configs at 80 (25 x 16 B), text at 480,
	 * the same in both groups. */
	for (int i = 0; i < 2; i++) {
		CHECK_EQ(out.groups[i].launch.sem_offset[0], 48);
		CHECK_EQ(out.groups[i].launch.local_cb_offset, 80);
		CHECK_EQ(out.groups[i].launch.remote_cb_offset, 480);
	}
	CHECK_EQ(out.text_offset, 480);
	CHECK_EQ(out.groups[0].image_offset[PACK_BRISC], 480);
	CHECK_EQ(out.groups[0].image_offset[PACK_NCRISC], 480 + 0x20);
	CHECK_EQ(out.groups[1].image_offset[PACK_NCRISC], 480);
	CHECK_EQ(out.groups[1].launch.kernel_text_offset[PACK_NCRISC], 480);
	CHECK_EQ(out.groups[0].launch.enables, 0x1f);
	CHECK_EQ(out.groups[1].launch.enables, 1u << PACK_NCRISC);
	CHECK_EQ(out.groups[1].launch.local_cb_mask, 1u << 16);
	CHECK_EQ(out.groups[1].size, 480 + 0x50);
	CHECK_EQ(out.size, out.groups[0].size);
	CHECK(out.groups[0].size > out.groups[1].size, "group A is the larger");

	/* A core of each group: its args, CBs and semaphores on its group's image. */
	buf = malloc(out.size);
	REQUIRE(buf, "malloc");
	cbs[16] = (struct tt_local_cb_config){ 0x40000, 4096, 2, 2048 };
	{
		struct pack_core core = { .args = { NULL, b_args }, .n = { 0, 5 }, .local_cb = cbs,
					  .semaphores = sems };

		CHECK_EQ(pack_write_core(&out, 1, &core, buf), 0);
		CHECK_EQ(get32(buf + 0), 9);
		CHECK_EQ(get32(buf + 16), 5);
		CHECK_EQ(get32(buf + 48), 5);
		CHECK_EQ(get32(buf + 64), 6);
		CHECK_EQ(get32(buf + 80 + 16 * 16), 0x40000);
		CHECK_EQ(get32(buf + 80 + 16 * 16 + 12), 2048);
		CHECK_EQ(get32(buf + 80), 0);
		CHECK_EQ(buf[480], 0xB1);
		core.n[PACK_SLOT_NCRISC] = 6;
		CHECK_EQ(pack_write_core(&out, 1, &core, buf), -EINVAL);
		CHECK_EQ(pack_write_core(&out, 2, &core, buf), -EINVAL);
	}
	{
		struct pack_core core = { .args = { a_args }, .n = { 3 } };

		CHECK_EQ(pack_write_core(&out, 0, &core, buf), 0);
		CHECK_EQ(get32(buf + 8), 3);
		CHECK_EQ(get32(buf + 32), 0xC0);           /* BRISC's common arg */
		CHECK_EQ(get32(buf + 48), 0);              /* no semaphores given: 0 */
		CHECK_EQ(get32(buf + 80 + 16 * 16), 0);    /* no CBs given: 0 */
		CHECK_EQ(buf[480], 0xA0);
	}
	free(buf);
	pack_program_free(&out);
	for (int r = 0; r < PACK_NUM_RISCS; r++)
		pack_xip_free(&k[r]);
	pack_xip_free(&kb);
}

static const char *const group_files[] = { "sender.cpp", "recv.cpp", "reader.cpp", "compute.cpp",
					   NULL };

static bool some_files(void *ctx, const char *name)
{
	const char *const *files = ctx;

	for (; *files; files++)
		if (!strcmp(*files, name))
			return true;
	return false;
}

/* Kernels on core ranges: each distinct set of kernels on a core is a
 * group; short names run when their file exists. */
static void test_plan(void)
{
	static const char text[] =
		"[program]\ncores = 0-3,0 0,1\n"
		"[kernel.sender]\nsource = sender.cpp\nprocessor = brisc\ncores = 0,0\nargs = 1 2 3\n"
		"[kernel.recv]\nsource = recv.cpp\nprocessor = ncrisc\ncores = 1-3,0\n"
		"args = 7\nargs.3,0 = 8 9\n"
		"[cb.0]\ncores = 0,0\nformat = float32\npages = 1\n"
		"[cb.0,16]\ncores = 1-3,0\nformat = bfloat16\npages = 2\n"
		"[cb.24]\nformat = uint8\nsize = 1024\n"
		"[semaphore.1]\ncores = 1-3,0\nvalue = 4\n";
	struct prog_args *a;
	struct prog_resolved *r;
	struct prog_plan plan;
	struct pack_xip x[3];
	const struct pack_xip **images;
	struct prog_pack_input pin = { 0 };
	struct prog_packed pk;
	struct tt_local_cb_config cbs[PROG_NUM_CBS];
	char err[256] = "";
	uint8_t *buf;

	REQUIRE(prog_args_parse(text, sizeof(text) - 1, "args", 12, 10, &a, err, sizeof(err)) == 0,
		"%s", err);
	REQUIRE(prog_args_resolve(a, "args", lookup, NULL, &r, err, sizeof(err)) == 0, "%s", err);
	/* compute.cpp runs everywhere (no writer.cpp nor reader.cpp): 0,0
	 * sender + compute, 1-3,0 recv + compute, 0,1 compute alone. */
	{
		static const char *const no_reader[] = { "sender.cpp", "recv.cpp", "compute.cpp", NULL };

		REQUIRE(prog_plan_make(a, some_files, (void *)no_reader, "args", &plan, err,
				       sizeof(err)) == 0, "%s", err);
	}
	CHECK_EQ(plan.n_active, 3);
	CHECK(plan.active[3] && plan.active[4] && plan.active[PROG_COMPUTE], "active kernels");
	CHECK_EQ(plan.n_cores, 5);
	CHECK_EQ(plan.n_groups, 3);   /* 0,0 | 1-3,0 | 0,1 (compute only) */
	CHECK(plan.group_of[0] == 0 && plan.group_of[1] == 1 && plan.group_of[3] == 1 &&
	      plan.group_of[4] == 2, "groups of the cores");
	CHECK(plan.groups[0].kernel[PROG_PROC_BRISC] == 3 && plan.groups[0].kernel[PROG_PROC_NCRISC] < 0 &&
	      plan.groups[0].kernel[PROG_PROC_COMPUTE] == PROG_COMPUTE, "group 0");
	CHECK(plan.groups[1].kernel[PROG_PROC_NCRISC] == 4 && plan.groups[1].n_cores == 3, "group 1");
	CHECK_EQ(prog_plan_kernel_at(a, &plan, 2, PROG_PROC_NCRISC), 4);

	for (int i = 0; i < 3; i++)
		fake_image(&x[i], 0x40, (uint8_t)(0xC0 + i));
	images = calloc((size_t)a->n_kernels * PACK_NUM_RISCS, sizeof(*images));
	REQUIRE(images, "calloc");
	images[3 * PACK_NUM_RISCS + PACK_BRISC] = &x[0];
	images[4 * PACK_NUM_RISCS + PACK_NCRISC] = &x[1];
	for (int risc = PACK_TRISC0; risc <= PACK_TRISC2; risc++)
		images[PROG_COMPUTE * PACK_NUM_RISCS + risc] = &x[2];
	pin.images = images;
	REQUIRE(prog_pack(a, r, &plan, &pin, &pk, err, sizeof(err)) == 0, "%s", err);
	/* One address per CB section across its cores, in file order: cb.0
	 * on 0,0 and cb.0,16 on 1-3,0 both at the bottom, cb.24 above both. */
	CHECK_EQ(pk.cb_addr[0], 0x37000);
	CHECK_EQ(pk.cb_addr[1], 0x37000);
	CHECK_EQ(pk.cb_addr[2], 0x37000 + 4096);
	CHECK_EQ(prog_packed_cbs(&pk, 0, cbs), (1u << 0) | (1u << 24));
	CHECK(cbs[0].page_size_bytes == 4096 && cbs[0].num_pages == 1, "0,0's CB 0");
	CHECK_EQ(prog_packed_cbs(&pk, 2, cbs), (1u << 0) | (1u << 16) | (1u << 24));
	CHECK(cbs[16].addr_bytes == 0x37000 && cbs[16].size_bytes == 4096 && cbs[16].num_pages == 2,
	      "2,0's CB 16");
	CHECK_EQ(cbs[24].addr_bytes, 0x38000);
	CHECK_EQ(pk.out.groups[0].launch.local_cb_mask, (1u << 0) | (1u << 24));
	CHECK_EQ(pk.out.groups[1].launch.local_cb_mask, (1u << 0) | (1u << 16) | (1u << 24));
	CHECK_EQ(pk.out.groups[0].launch.enables, 0x1du);   /* BRISC + TRISCs */
	CHECK_EQ(pk.out.groups[1].launch.enables, 0x1eu);   /* NCRISC + TRISCs */
	CHECK_EQ(pk.out.groups[2].launch.enables, 0x1cu);
	/* tt-metal's brisc_noc_id: the BRISC kernel's NOC, else 1 - NCRISC's
	 * (recv's default NOC 0, tt-metal's on either processor). */
	CHECK_EQ(pk.out.groups[0].launch.brisc_noc_id, 0);
	CHECK_EQ(pk.out.groups[1].launch.brisc_noc_id, 1);
	CHECK_EQ(pk.n_semaphores, 2);
	buf = malloc(pk.out.size);
	REQUIRE(buf, "malloc");
	for (uint32_t c = 0; c < plan.n_cores; c++) {
		const struct ttrt_launch *launch;
		uint32_t size, sem = pk.out.sem_offset;

		REQUIRE(prog_packed_core(&pk, c, buf, &size, &launch) == 0, "core %u", c);
		CHECK(launch == &pk.out.groups[plan.group_of[c]].launch, "core %u's launch", c);
		/* Semaphore 1: 4 on the receivers, 0 elsewhere. */
		CHECK_EQ(get32(buf + sem + 16), c >= 1 && c <= 3 ? 4 : 0);
		if (c == 0)
			CHECK(get32(buf) == 1 && get32(buf + 8) == 3, "sender's args");
		if (c == 1)
			CHECK_EQ(get32(buf), 7);
		if (c == 3)
			CHECK(get32(buf) == 8 && get32(buf + 4) == 9, "3,0's override");
	}
	free(buf);
	prog_packed_free(&pk);
	prog_plan_free(&plan);

	/* With reader.cpp, the short name runs on every core and clashes
	 * with recv on NCRISC; with no recv.cpp, recv's source is missing. */
	CHECK_EQ(prog_plan_make(a, some_files, (void *)group_files, "args", &plan, err, sizeof(err)),
		 -EINVAL);
	CHECK(!strcmp(err, "args:8: two kernels on ncrisc of core 1,0: [reader] (reader.cpp, on every core) and [kernel.recv]"),
	      "%s", err);
	{
		static const char *const no_recv[] = { "sender.cpp", NULL };

		CHECK_EQ(prog_plan_make(a, some_files, (void *)no_recv, "args", &plan, err,
					sizeof(err)), -EINVAL);
		CHECK(!strcmp(err, "args:9: [kernel.recv] source: no file 'recv.cpp' in the program"),
		      "%s", err);
	}
	free(images);
	for (int i = 0; i < 3; i++)
		pack_xip_free(&x[i]);
	prog_resolved_free(r);
	prog_args_free(a);

	/* A file a [kernel.NAME] takes as its source is not also its short name's kernel. */
	{
		static const char t2[] = "[kernel.s]\nsource = reader.cpp\nprocessor = ncrisc\n";
		static const char *const files[] = { "reader.cpp", NULL };

		REQUIRE(prog_args_parse(t2, sizeof(t2) - 1, "args", 12, 10, &a, err, sizeof(err)) == 0,
			"%s", err);
		REQUIRE(prog_plan_make(a, some_files, (void *)files, "args", &plan, err, sizeof(err)) == 0,
			"%s", err);
		CHECK(plan.n_active == 1 && plan.active[3] && !plan.active[PROG_READER], "only s runs");
		prog_plan_free(&plan);
		prog_args_free(a);
	}
}

int main(void)
{
	test_seed_layout(0);
	test_seed_layout(12);   /* images not a multiple of 16: same offsets */
	test_other_parts();
	test_from_args();
	test_worked_example();
	test_plan();
	test_64_cbs();
	return check_exit("test_pack");
}
