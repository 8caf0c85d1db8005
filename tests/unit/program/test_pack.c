/* SPDX-License-Identifier: Apache-2.0
 *
 * The kernel-config layout and launch message, against the numbers seed
 * 000 observed for add1_sfpu on a Blackhole, and the bytes of every part.
 */
#include "program/pack.h"
#include "program/pack_args.h"
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
	/* rta: brisc 0 (4 B), ncrisc 4 (0 B), compute 4 (16 B) -> 20; crta at 0x20. */
	CHECK_EQ(out.launch.rta_offset[PACK_BRISC].rta_offset, 0);
	CHECK_EQ(out.launch.rta_offset[PACK_TRISC2].rta_offset, 4);
	CHECK_EQ(out.launch.rta_offset[PACK_BRISC].crta_offset, 0x20);
	CHECK_EQ(out.launch.rta_offset[PACK_NCRISC].crta_offset, 0x2c);
	CHECK_EQ(out.launch.rta_offset[PACK_TRISC0].crta_offset, 0x2c);
	CHECK_EQ(get32(out.config + 0x28), 7);
	CHECK_EQ(get32(out.config + 0x2c), 9);
	CHECK_EQ(out.launch.sem_offset[0], 0x30);
	CHECK_EQ(get32(out.config + 0x30 + 16), 3);
	CHECK_EQ(out.launch.local_cb_offset, 0x50);
	CHECK_EQ(out.launch.remote_cb_offset, 0x50 + 3 * 16);
	CHECK_EQ(get32(out.config + 0x80), 0xabc0);
	CHECK_EQ(get32(out.config + 0x8c), 64);
	CHECK_EQ(out.launch.min_remote_cb_start_index, 30);
	/* The only image: after 2 remote entries (0x90), entered at +8. */
	CHECK_EQ(out.image_offset[PACK_TRISC1], 0x90);
	CHECK_EQ(out.launch.kernel_text_offset[PACK_TRISC1], 0x98);
	CHECK_EQ(out.launch.kernel_text_offset[PACK_BRISC], 0);
	CHECK_EQ(out.launch.enables, 1u << PACK_TRISC1);
	CHECK_EQ(out.launch.brisc_noc_id, 1);
	CHECK_EQ(out.config[0x90], 0x5A);
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
	struct pack_xip x[PACK_NUM_RISCS];
	struct pack_input in;
	struct pack_output out;
	char err[256] = "";
	int rc;

	rc = prog_args_parse(text, sizeof(text) - 1, "args", 12, 10, &a, err, sizeof(err));
	REQUIRE(rc == 0, "%s", err);
	rc = prog_args_resolve(a, "args", lookup, NULL, &r, err, sizeof(err));
	REQUIRE(rc == 0, "%s", err);
	seed_input(&in, x, 0);
	memset(in.local_cb, 0xff, sizeof(in.local_cb));
	in.local_cb_mask = 0;
	for (int s = 0; s < PACK_NUM_SLOTS; s++)
		in.rta_words[s] = 0;
	REQUIRE(pack_place_cbs(a, &in, err, sizeof(err)) == 0, "%s", err);
	pack_args_room(a, r, &in);
	CHECK_EQ(in.local_cb_mask, 0x10001);
	CHECK_EQ(in.local_cb[0].addr_bytes, 0x37000);
	CHECK_EQ(in.local_cb[0].size_bytes, 4096);
	CHECK_EQ(in.local_cb[16].addr_bytes, 0x38000);
	CHECK_EQ(in.local_cb[16].page_size_bytes, 2048);
	CHECK_EQ(in.local_cb[1].addr_bytes, 0);
	CHECK_EQ(in.rta_words[PACK_SLOT_BRISC], 2);
	rc = pack_kernel_config(&in, &out, err, sizeof(err));
	REQUIRE(rc == 0, "%s", err);
	CHECK_EQ(out.launch.local_cb_offset, 0x20);
	CHECK_EQ(out.launch.remote_cb_offset, 0x130);
	for (int i = 0; i < PACK_NUM_RISCS; i++)
		CHECK_EQ(out.launch.kernel_text_offset[i], seed_text[i]);
	for (uint32_t c = 0; c < 2; c++) {
		const uint32_t *args[PACK_NUM_SLOTS];
		uint32_t n[PACK_NUM_SLOTS];
		uint8_t *buf = malloc(out.size);
		memcpy(buf, out.config, out.size);
		pack_core_args(r, c, args, n);
		CHECK_EQ(pack_write_rta(&out, buf, args, n), 0);
		CHECK_EQ(get32(buf + 0), 0x9000);               /* writer: @out */
		CHECK_EQ(get32(buf + 8), 0x1000);               /* reader: @in */
		CHECK_EQ(get32(buf + 12), c ? 32 : 64);         /* reader's override on 1,0 */
		CHECK_EQ(get32(buf + 20), 0x3f800000);          /* compute: 1.0f */
		free(buf);
	}
	pack_output_free(&out);
	for (int i = 0; i < PACK_NUM_RISCS; i++)
		pack_xip_free(&x[i]);
	prog_resolved_free(r);
	prog_args_free(a);

	/* CBs that fit L1 byte for byte, but not once each starts 64-aligned. */
	{
		static const char full[] = "[cb.0]\nformat = uint8\npages = 1\npage_size = 16\n"
					   "[cb.1]\nformat = uint8\npages = 84223\npage_size = 16\n";
		rc = prog_args_parse(full, sizeof(full) - 1, "args", 12, 10, &a, err, sizeof(err));
		REQUIRE(rc == 0, "%s", err);
		rc = pack_place_cbs(a, &in, err, sizeof(err));
		CHECK(rc == -ENOSPC && strstr(err, "CB 1 (1347568 bytes at 0x37040) does not fit"), "%d %s",
		      rc, err);
		prog_args_free(a);
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

int main(void)
{
	test_seed_layout(0);
	test_seed_layout(12);   /* images not a multiple of 16: same offsets */
	test_other_parts();
	test_from_args();
	test_64_cbs();
	return check_exit("test_pack");
}
