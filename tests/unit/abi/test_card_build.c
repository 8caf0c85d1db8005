/* SPDX-License-Identifier: Apache-2.0
 *
 * The card build recipe: each argv against tt-metal's JIT recipe for
 * Blackhole as reference/kernel-api.md §3 describes it (flags per
 * processor, include paths, --just-symbols of the weakened firmware,
 * --emit-relocs) and the firmware build of reference/blackhole-abi.md
 * §5.3. No compiler runs here: a card build cannot be run without a
 * tt-metal tree and an SFPI toolchain, which this machine does not have.
 */
#include "../check.h"
#include "program/build/card_build.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TT "/opt/tt-metal"
#define SFPI "/opt/sfpi"

static const struct card_paths paths = { TT, SFPI };
static const struct card_device p100a = { 7, 110, 19, 24 };

/* Where s is in a, or -1. */
static int find(const struct card_argv *a, const char *s)
{
	for (int i = 0; i < a->argc; i++)
		if (strcmp(a->argv[i], s) == 0)
			return i;
	return -1;
}

static void check_vector(const struct card_argv *a, const char *const *want, int n,
			 const char *what)
{
	CHECK(a->argc == n, "%s: %d args, want %d", what, a->argc, n);
	for (int i = 0; i < n && i < a->argc; i++)
		CHECK(strcmp(a->argv[i], want[i]) == 0, "%s: argv[%d] = '%s', want '%s'", what, i,
		      a->argv[i], want[i]);
	CHECK(a->argv[a->argc] == NULL, "%s: not NULL-terminated", what);
}

static void test_brisc_compile(void)
{
	static const uint32_t ct[] = { 4, 2048 };
	static const char *const defs[] = { "BLOCK=8" };
	const struct card_kernel k = {
		.target = CARD_BRISC, .src_dir = "/k", .out_dir = "/b/brisc", .noc_index = 1,
		.compile_args = ct, .n_compile_args = 2, .defines = defs, .n_defines = 1,
	};
	static const char *const want[] = {
		SFPI "/compiler/bin/riscv-tt-elf-g++",
		"-std=c++17", "-flto=auto", "-ffast-math", "-fno-exceptions",
		"-mcpu=tt-bh", "-fno-tree-loop-distribute-patterns",
		"-MMD", "-fno-use-cxa-atexit", "-Wall", "-Werror", "-Wno-unknown-pragmas",
		"-Wno-deprecated-declarations", "-Wno-error=multistatement-macros",
		"-Wno-error=parentheses", "-Wno-error=unused-but-set-variable",
		"-Wno-unused-variable", "-Wno-unused-function",
		"-O2",
		"-DNUM_DRAM_BANKS=7", "-DNUM_L1_BANKS=110", "-DIS_NOT_POW2_NUM_DRAM_BANKS=1",
		"-DIS_NOT_POW2_NUM_L1_BANKS=1", "-DPCIE_NOC_X=19", "-DPCIE_NOC_Y=24",
		"-DTENSIX_FIRMWARE", "-DLOCAL_MEM_EN=0", "-DPROCESSOR_INDEX=0", "-DCOMPILE_FOR_BRISC",
		"-DARCH_BLACKHOLE", "-DDISPATCH_MESSAGE_ADDR=0xffb70438", "-DKERNEL_BUILD",
		"-DNOC_INDEX=1", "-DNOC_MODE=0", "-DKERNEL_COMPILE_TIME_ARGS=4,2048", "-DBLOCK=8",
		"-I/b/brisc", "-I/b/brisc/..",
		"-I" TT, "-I" TT "/ttnn", "-I" TT "/ttnn/cpp", "-I" TT "/tt_metal",
		"-I" TT "/tt_metal/hw/inc", "-I" TT "/tt_metal/third_party/tt_llk/common",
		"-I" TT "/tt_metal/hostdevcommon/api", "-I" TT "/tt_metal/api/",
		"-I" TT "/tt_metal/hw/ckernels/blackhole/metal/common",
		"-I" TT "/tt_metal/hw/ckernels/blackhole/metal/llk_io",
		"-I" TT "/tt_metal/hw/inc/internal/tt-1xx",
		"-I" TT "/tt_metal/hw/inc/internal/tt-1xx/blackhole",
		"-I" TT "/tt_metal/hw/inc/internal/tt-1xx/blackhole/blackhole_defines",
		"-I" TT "/tt_metal/hw/inc/internal/tt-1xx/blackhole/noc",
		"-I" TT "/tt_metal/third_party/tt_llk/tt_llk_blackhole/common/inc",
		"-I" TT "/tt_metal/third_party/tt_llk/tt_llk_blackhole/llk_lib",
		"-I" TT "/tt_metal/hw/firmware/src/tt-1xx",
		"-I/k",
		"-c", TT "/tt_metal/hw/firmware/src/tt-1xx/brisck.cc", "-o", "/b/brisc/brisc.o",
	};
	struct card_argv a;

	REQUIRE(card_kernel_compile_argv(&paths, &p100a, &k, &a) == 0, "brisc compile");
	check_vector(&a, want, (int)(sizeof(want) / sizeof(want[0])), "brisc compile");
	card_argv_free(&a);
}

static void test_trisc_compile(void)
{
	static const char *const defs[] = { "BLOCK=8" };
	const struct card_kernel k = {
		.target = CARD_TRISC1, .src_dir = "/k", .out_dir = "/b/trisc1", .noc_mode = 1,
		.defines = defs, .n_defines = 1,
	};
	struct card_argv a;

	REQUIRE(card_kernel_compile_argv(&paths, &p100a, &k, &a) == 0, "trisc1 compile");
	CHECK(find(&a, "-mcpu=tt-bh-tensix") > 0, "compute -mcpu");
	CHECK(find(&a, "-mcpu=tt-bh") < 0 && find(&a, "-fno-tree-loop-distribute-patterns") < 0,
	      "no data-movement flags on a TRISC");
	CHECK(find(&a, "-O3") > 0, "compute defaults to O3");
	CHECK(find(&a, "-DUCK_CHLKC_MATH") > 0 && find(&a, "-DNAMESPACE=chlkc_math") > 0 &&
		      find(&a, "-DCOMPILE_FOR_TRISC=1") > 0 && find(&a, "-DPROCESSOR_INDEX=3") > 0,
	      "TRISC1 is the math thread, processor 3");
	CHECK(find(&a, "-DCOMPILE_FOR_BRISC") < 0 && find(&a, "-DCOMPILE_FOR_NCRISC") < 0,
	      "no data-movement processor define");
	CHECK(find(&a, "-DNOC_MODE=1") > 0, "NOC_MODE for compute");
	CHECK(find(&a, "-DBLOCK=8") < 0, "compute defines go to defines_generated.h");
	for (int i = 0; i < a.argc; i++)
		CHECK(strncmp(a.argv[i], "-DNOC_INDEX", 11) != 0, "no NOC_INDEX for compute");
	CHECK(find(&a, "-I" TT "/tt_metal/hw/ckernels/blackhole/metal/llk_api") > 0 &&
		      find(&a, "-I" TT "/tt_metal/hw/ckernels/blackhole/metal/llk_api/llk_sfpu") > 0 &&
		      find(&a, "-I" SFPI "/include") > 0,
	      "compute includes");
	CHECK(find(&a, TT "/tt_metal/hw/firmware/src/tt-1xx/trisck.cc") > 0, "trisck.cc");
	CHECK(strcmp(a.argv[a.argc - 1], "/b/trisc1/trisc1.o") == 0, "%s", a.argv[a.argc - 1]);
	card_argv_free(&a);
}

/* upstream_path: the source's place in tt-metal's tree, on -iquote after
 * the kernel's own directory, so its "../x.hpp" resolve from there. */
static void test_upstream_quote(void)
{
	const struct card_kernel k = {
		.target = CARD_NCRISC, .src_dir = "/k", .out_dir = "/b/ncrisc",
		.quote_dir = "../up/ttnn/cpp/ttnn/operations/x",
	};
	struct card_argv a;
	int src, quote;

	REQUIRE(card_kernel_compile_argv(&paths, &p100a, &k, &a) == 0, "ncrisc compile");
	src = find(&a, "-I/k");
	quote = find(&a, "-iquote../up/ttnn/cpp/ttnn/operations/x");
	CHECK(src > 0 && quote == src + 1 && strcmp(a.argv[quote + 1], "-c") == 0,
	      "-iquote after the kernel's directory: -I/k at %d, -iquote at %d", src, quote);
	card_argv_free(&a);
}

/* A kernel of the 2.0 API (cxx20, as build_uses_cxx20_api says of its
 * source) compiles and links as C++20 without -Wvolatile, in the place of
 * -std=c++17; firmware stays C++17. */
static void test_cxx20(void)
{
	const struct card_kernel k = {
		.target = CARD_TRISC0, .src_dir = "/k", .out_dir = "/b/trisc0", .cxx20 = true,
	};
	struct card_argv c, l;

	REQUIRE(card_kernel_compile_argv(&paths, &p100a, &k, &c) == 0, "trisc0 compile");
	REQUIRE(card_kernel_link_argv(&paths, &k, "/fw/trisc0_weakened.elf", &l) == 0, "link");
	CHECK(find(&c, "-std=c++20") == 1 && find(&c, "-Wno-volatile") == 2 &&
		      find(&c, "-std=c++17") < 0,
	      "compile: C++20 first, no C++17");
	CHECK(find(&l, "-std=c++20") > 0 && find(&l, "-Wno-volatile") > 0 &&
		      find(&l, "-std=c++17") < 0,
	      "link: C++20, no C++17");
	card_argv_free(&c);
	card_argv_free(&l);
}

static void test_link(void)
{
	const struct card_kernel brisc = { .target = CARD_BRISC, .src_dir = "/k", .out_dir = "/b" };
	const struct card_kernel ncrisc = { .target = CARD_NCRISC, .src_dir = "/k", .out_dir = "/b" };
	static const char *const want[] = {
		SFPI "/compiler/bin/riscv-tt-elf-g++", "-O2",
		"-Wl,--just-symbols=/fw/brisc_weakened.elf",
		"-std=c++17", "-flto=auto", "-ffast-math", "-fno-exceptions",
		"-mcpu=tt-bh", "-fno-tree-loop-distribute-patterns",
		"-Wl,-z,max-page-size=16", "-Wl,-z,common-page-size=16", "-nostartfiles",
		"-T" TT "/runtime/hw/toolchain/blackhole/kernel_brisc.ld", "-Wl,--emit-relocs",
		"/b/brisc.o", TT "/runtime/hw/lib/blackhole/noc.o",
		TT "/runtime/hw/lib/blackhole/substitutes.o", "-o", "/b/brisc.elf",
	};
	struct card_argv a;

	REQUIRE(card_kernel_link_argv(&paths, &brisc, "/fw/brisc_weakened.elf", &a) == 0, "link");
	check_vector(&a, want, (int)(sizeof(want) / sizeof(want[0])), "brisc link");
	card_argv_free(&a);
	REQUIRE(card_kernel_link_argv(&paths, &ncrisc, "/fw/ncrisc_weakened.elf", &a) == 0, "link");
	CHECK(find(&a, TT "/runtime/hw/lib/blackhole/noc.o") < 0, "noc.o only for BRISC");
	CHECK(find(&a, "-T" TT "/runtime/hw/toolchain/blackhole/kernel_ncrisc.ld") > 0, "script");
	CHECK(find(&a, "-Wl,--emit-relocs") > 0 &&
		      find(&a, "-Wl,--just-symbols=/fw/ncrisc_weakened.elf") > 0,
	      "relocs and firmware symbols");
	card_argv_free(&a);
	CHECK_EQ(card_kernel_link_argv(&paths, &ncrisc, NULL, &a), -EINVAL);
}

static void test_firmware(void)
{
	struct card_argv a;
	static const char *const weaken[] = {
		SFPI "/compiler/bin/riscv-tt-elf-objcopy", "--localize-symbol=_start",
		"--localize-symbol=main", "--localize-symbol=exit", "--weaken", "/fw/brisc.elf",
		"/fw/brisc_weakened.elf",
	};

	REQUIRE(card_firmware_compile_argv(&paths, &p100a, CARD_NCRISC, "/fw", &a) == 0, "fw cc");
	CHECK(find(&a, "-Os") > 0 && find(&a, "-DFW_BUILD") > 0 && find(&a, "-DKERNEL_BUILD") < 0,
	      "firmware: -Os, FW_BUILD");
	CHECK(find(&a, "-DCOMPILE_FOR_NCRISC") > 0 && find(&a, "-DNOC_INDEX=0") > 0, "ncrisc");
	CHECK(find(&a, TT "/tt_metal/hw/firmware/src/tt-1xx/ncrisc.cc") > 0, "ncrisc.cc");
	card_argv_free(&a);
	REQUIRE(card_firmware_link_argv(&paths, CARD_BRISC, "/fw", &a) == 0, "fw link");
	CHECK(find(&a, "-T" TT "/runtime/hw/toolchain/blackhole/firmware_brisc.ld") > 0, "script");
	CHECK(find(&a, TT "/runtime/hw/lib/blackhole/tmu-crt0.o") <
		      find(&a, "/fw/brisc_fw.o"), "crt0 first");
	CHECK(find(&a, TT "/runtime/hw/lib/blackhole/noc.o") > 0, "brisc firmware links noc.o");
	CHECK(find(&a, "-Wl,--emit-relocs") < 0, "firmware is not relocated");
	CHECK(strcmp(a.argv[a.argc - 1], "/fw/brisc.elf") == 0, "%s", a.argv[a.argc - 1]);
	card_argv_free(&a);
	REQUIRE(card_firmware_weaken_argv(&paths, "/fw/brisc.elf", "/fw/brisc_weakened.elf", &a) == 0,
		"weaken");
	check_vector(&a, weaken, 7, "weaken");
	card_argv_free(&a);
}

static void test_pow2_banks(void)
{
	const struct card_device d = { 8, 128, 19, 24 };
	const struct card_kernel k = { .target = CARD_NCRISC, .src_dir = "/k", .out_dir = "/b" };
	struct card_argv a;

	REQUIRE(card_kernel_compile_argv(&paths, &d, &k, &a) == 0, "compile");
	CHECK(find(&a, "-DLOG_BASE_2_OF_NUM_DRAM_BANKS=3") > 0 &&
		      find(&a, "-DLOG_BASE_2_OF_NUM_L1_BANKS=7") > 0 &&
		      find(&a, "-DIS_NOT_POW2_NUM_DRAM_BANKS=1") < 0,
	      "power-of-two bank counts");
	card_argv_free(&a);
}

static void touch(const char *root, const char *rel)
{
	char path[512], *slash;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0700);
		*slash = '/';
	}
	f = fopen(path, "w");
	REQUIRE(f != NULL, "%s", path);
	fclose(f);
}

static void test_check(void)
{
	static const char *const files[] = {
		"tt_metal/hw/firmware/src/tt-1xx/brisck.cc", "tt_metal/hw/firmware/src/tt-1xx/ncrisck.cc",
		"tt_metal/hw/firmware/src/tt-1xx/trisck.cc", "tt_metal/hw/firmware/src/tt-1xx/brisc.cc",
		"tt_metal/hw/firmware/src/tt-1xx/ncrisc.cc", "tt_metal/hw/firmware/src/tt-1xx/trisc.cc",
		"runtime/hw/toolchain/blackhole/kernel_brisc.ld",
		"runtime/hw/toolchain/blackhole/firmware_brisc.ld",
		"runtime/hw/lib/blackhole/tmu-crt0.o", "runtime/hw/lib/blackhole/noc.o",
		"runtime/hw/lib/blackhole/substitutes.o",
	};
	char dir[] = "/tmp/test_card_build.XXXXXX", tt[64], sfpi[64], err[600], cmd[128];
	struct card_paths p;

	REQUIRE(mkdtemp(dir) != NULL, "mkdtemp");
	snprintf(tt, sizeof(tt), "%s/tt", dir);
	snprintf(sfpi, sizeof(sfpi), "%s/sfpi", dir);
	p.tt_metal_home = TTFS_FIXTURES_DIR "/tt-metal-2f3626c4";   /* headers only */
	p.sfpi_path = sfpi;
	CHECK_EQ(card_build_check(&p, err, sizeof(err)), -ENOENT);
	CHECK(strstr(err, "/sfpi/compiler/bin/riscv-tt-elf-g++: No such file or directory") != NULL,
	      "%s", err);
	touch(sfpi, "compiler/bin/riscv-tt-elf-g++");
	CHECK_EQ(card_build_check(&p, err, sizeof(err)), -ENOENT);
	CHECK(strstr(err, "tt-metal-2f3626c4/tt_metal/hw/firmware/src/tt-1xx/brisck.cc: No such file") !=
		      NULL,
	      "%s", err);
	p.tt_metal_home = tt;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		CHECK_EQ(card_build_check(&p, err, sizeof(err)), -ENOENT);
		CHECK(strstr(err, files[i]) != NULL, "want %s missing, got %s", files[i], err);
		touch(tt, files[i]);
	}
	CHECK_EQ(card_build_check(&p, err, sizeof(err)), 0);
	p.sfpi_path = "";
	CHECK_EQ(card_build_check(&p, err, sizeof(err)), -ENOENT);
	CHECK(strcmp(err, "a card build needs tt_metal_home and sfpi_path") == 0, "%s", err);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CHECK_EQ(system(cmd), 0);
}

int main(void)
{
	test_brisc_compile();
	test_trisc_compile();
	test_upstream_quote();
	test_cxx20();
	test_link();
	test_firmware();
	test_pow2_banks();
	test_check();
	return check_exit("test_card_build");
}
