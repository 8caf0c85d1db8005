/* SPDX-License-Identifier: Apache-2.0
 *
 * The three TRISC builds of a compute kernel: written either as
 * `void kernel_main()` or as tt-metal's legacy
 * `namespace NAMESPACE { void MAIN { } }`, it compiles and links for
 * TRISC0, 1 and 2 (build.c), its ELFs pack (xip.c, pack.c), and a launch
 * of the three on the simulated chip finishes, each TRISC having read its
 * runtime args and printed them. A kernel with neither entry, or with
 * both, is a build error.
 *
 * test_trisc SDK_DIR INCLUDE_DIR
 */
#include "temp_dir.h"
#include "program/build/build.h"
#include "program/build/cache.h"
#include "program/pack/pack.h"
#include "../launch/launch_util.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char cache_dir[] = "/tmp/ttfs-test-trisc-XXXXXX";

#define OUT_ADDR 0x40000u   /* 16 bytes per TRISC: what each one saw */

/* Each TRISC stores what it read at OUT_ADDR + 16 * (its index) and
 * prints it; `which` tells the two spellings apart in the output. */
static const char simple_src[] =
	"#include \"api/compute/common.h\"\n"
	"#include \"debug/dprint.h\"\n"
	"\n"
	"void kernel_main()\n"
	"{\n"
	"\tuint32_t a = get_arg_val<uint32_t>(0);\n"
	"\tuint32_t b = get_arg_val<uint32_t>(1);\n"
	"\tvolatile uint32_t *out = (volatile uint32_t *)(0x40000 + 16 * COMPILE_FOR_TRISC);\n"
	"\tout[0] = a + b;\n"
	"\tout[1] = 0x51u;\n"
	"\tDPRINT << \"simple \" << COMPILE_FOR_TRISC << \" \" << a + b << ENDL();\n"
	"}\n";

/* No include at all: the prelude gives NAMESPACE, MAIN and the args. */
static const char legacy_src[] =
	"namespace NAMESPACE {\n"
	"void MAIN\n"
	"{\n"
	"\tuint32_t a = get_arg_val<uint32_t>(0);\n"
	"\tuint32_t b = get_arg_val<uint32_t>(1);\n"
	"\tvolatile uint32_t *out = (volatile uint32_t *)(0x40000 + 16 * COMPILE_FOR_TRISC);\n"
	"\tout[0] = a + b;\n"
	"\tout[1] = 0x1e9u;\n"
	"\tDPRINT << \"legacy \" << COMPILE_FOR_TRISC << \" \" << a + b << ENDL();\n"
	"}\n"
	"}  // namespace NAMESPACE\n";

static const char no_entry_src[] = "void not_main()\n{\n}\n";

static const char both_src[] =
	"void kernel_main()\n{\n}\n"
	"namespace NAMESPACE {\nvoid MAIN\n{\n}\n}\n";

static struct build_request trisc_request(int i, const char *src, size_t len)
{
	return (struct build_request){
		.risc = PACK_TRISC0 + i,
		.name = "compute.cpp",
		.source = src,
		.source_len = len,
	};
}

/* Builds src for the three TRISCs in parallel, as a program does. */
static int build_three(const struct build_env *env, const char *src, size_t len,
		       struct build_result r[3])
{
	struct build_request req[3];
	struct build_job *job[3];
	int ret = 0;

	for (int i = 0; i < 3; i++) {
		req[i] = trisc_request(i, src, len);
		REQUIRE(build_start(env, &req[i], &job[i]) == 0, "build_start");
	}
	for (int i = 0; i < 3; i++) {
		int rc = build_wait(job[i], &r[i]);

		if (rc && !ret)
			ret = rc;
	}
	return ret;
}

static void launch_and_check(struct ttrt_device *dev, struct pack_xip xip[3], const char *word,
			     uint32_t tag)
{
	static const uint32_t args[2] = { 1000, 234 };
	const uint32_t *slot_args[PACK_NUM_SLOTS] = { NULL, NULL, args };
	const uint32_t n[PACK_NUM_SLOTS] = { 0, 0, 2 };
	struct ttrt_xy core = { 1, 1 };
	struct pack_input in = { 0 };
	struct pack_output out;
	uint32_t got[3][4];
	uint8_t zero[sizeof(got)] = { 0 };
	char err[256] = "";
	uint8_t *buf;
	int rc;

	in.rta_words[PACK_SLOT_COMPUTE] = 2;
	for (int i = 0; i < 3; i++)
		in.kernel[PACK_TRISC0 + i] = &xip[i];
	REQUIRE(pack_kernel_config(&in, &out, err, sizeof(err)) == 0, "%s", err);
	CHECK(out.image_offset[PACK_BRISC] == 0 && out.image_offset[PACK_NCRISC] == 0,
	      "no data-movement images");
	buf = malloc(out.size);
	REQUIRE(buf, "malloc");
	memcpy(buf, out.config, out.size);
	CHECK_EQ(pack_write_rta(&out, buf, slot_args, n), 0);

	CHECK_EQ(ttrt_l1_write(dev, core, OUT_ADDR, zero, sizeof(zero)), 0);
	for (int r = 2; r <= 4; r++)
		CHECK_EQ(ttrt_dprint_consume(dev, core, r), 0);
	rc = ttrt_launch_prepare(dev, core, &out.launch);
	if (!rc)
		rc = ttrt_l1_write(dev, core, out.launch.kernel_config_base[0], buf, out.size);
	if (!rc)
		rc = ttrt_launch_go(dev, core);
	CHECK(rc == 0, "launch: %s", strerror(-rc));
	rc = ttrt_launch_wait(dev, core, 5000, NULL);
	CHECK(rc == 0, "%s kernel: wait: %s", word, strerror(-rc));

	CHECK_EQ(ttrt_l1_read(dev, core, OUT_ADDR, got, sizeof(got)), 0);
	for (int i = 0; i < 3; i++) {
		char want[64], *text = NULL;
		size_t len = 0;
		uint32_t lost = 0;

		CHECK(got[i][0] == args[0] + args[1], "%s trisc%d sum %u", word, i, got[i][0]);
		CHECK(got[i][1] == tag, "%s trisc%d tag 0x%x, want 0x%x", word, i, got[i][1], tag);
		CHECK_EQ(ttrt_dprint_read(dev, core, 2 + i, &text, &len, &lost), 0);
		snprintf(want, sizeof(want), "%s %d %u\n", word, i, args[0] + args[1]);
		CHECK(text && !strcmp(text, want), "trisc%d printed '%s', want '%s'", i,
		      text ? text : "(null)", want);
		free(text);
	}
	free(buf);
	pack_output_free(&out);
}

static void build_pack_run(const struct build_env *env, struct ttrt_device *dev, const char *src,
			   size_t len, const char *word, uint32_t tag)
{
	struct build_result r[3];
	struct pack_xip xip[3];
	char err[256] = "";
	int rc = build_three(env, src, len, r);

	if (rc)
		for (int i = 0; i < 3; i++)
			if (r[i].status)
				fprintf(stderr, "trisc%d:\n%s\n", i, r[i].log ? r[i].log : "(no log)");
	REQUIRE(rc == 0, "%s kernel builds for the three TRISCs", word);
	CHECK(r[0].key != r[1].key && r[1].key != r[2].key, "three builds, three keys");
	for (int i = 0; i < 3; i++) {
		REQUIRE(pack_xip_from_elf(r[i].elf, r[i].elf_len, "compute.cpp", &xip[i], err,
					  sizeof(err)) == 0, "trisc%d: %s", i, err);
		CHECK(xip[i].relocs_checked, "trisc%d linked with --emit-relocs", i);
		CHECK_EQ(xip[i].entry_offset, 0);
	}
	launch_and_check(dev, xip, word, tag);
	for (int i = 0; i < 3; i++) {
		pack_xip_free(&xip[i]);
		build_result_free(&r[i]);
	}
}

static void expect_link_error(const struct build_env *env, const char *src, size_t len,
			      const char *what, const char *msg)
{
	struct build_result r;
	struct build_request req = trisc_request(1, src, len);

	CHECK_EQ(build_kernel(env, &req, &r), -ENOEXEC);
	CHECK(!r.elf, "%s: no ELF", what);
	CHECK(r.log && strstr(r.log, msg), "%s: log lacks '%s': %s", what, msg,
	      r.log ? r.log : "(none)");
	build_result_free(&r);
}

static void cleanup(void)
{
	temp_dir_remove(cache_dir);
}

int main(int argc, char **argv)
{
	struct build_env env;
	struct ttrt_device *dev;
	char err[512] = "";

	REQUIRE(argc == 3, "usage: test_trisc SDK_DIR INCLUDE_DIR");
	REQUIRE(mkdtemp(cache_dir), "%s", cache_dir);
	atexit(cleanup);
	REQUIRE(build_env_init(&env, NULL, argv[1], argv[2], cache_dir, err, sizeof(err)) == 0,
		"%s", err);

	dev = open_small_sim();
	build_pack_run(&env, dev, simple_src, sizeof(simple_src) - 1, "simple", 0x51);
	build_pack_run(&env, dev, legacy_src, sizeof(legacy_src) - 1, "legacy", 0x1e9);
	ttrt_device_close(dev);

	expect_link_error(&env, no_entry_src, sizeof(no_entry_src) - 1, "no entry",
			  "undefined reference to `kernel_main'");
	expect_link_error(&env, both_src, sizeof(both_src) - 1, "both entries",
			  "kernel_main' is already defined");
	return check_exit("test_trisc");
}
