/* SPDX-License-Identifier: Apache-2.0
 *
 * The compute side of the kernel SDK and its build inputs:
 * - every compute header (found by walking api/compute and
 *   compute_kernel_api, so a new one is covered) compiles for the three
 *   TRISCs, in both spellings and both entry styles;
 * - a kernel split with #if defined(TRISC_UNPACK) / TRISC_MATH /
 *   TRISC_PACK builds into three different images, each from its branch;
 * - sfpi.h: the add1 kernel of tt-metal's add1_sfpu and a v_if / v_elseif
 *   / v_else nest with the intrinsics compile for all three;
 * - DPRINT << TSLICE(...) prints a slice of a bf16 and of a float32 CB
 *   tile, element (h, w) read through the face layout, on BRISC;
 * - chlkc_descriptors.h: a program's kernels see its args' CB formats,
 *   tile sizes and [compute] config (static_asserts in the kernels), a
 *   change of a CB format or of math_fidelity rebuilds, a change of page
 *   counts or runtime args does not.
 *
 * test_compute SDK_DIR INCLUDE_DIR
 */
#include "temp_dir.h"
#include "program/build/build.h"
#include "program/build/cache.h"
#include "program/pack/pack.h"
#include "../check.h"

#include "ttrt.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char cache_dir[] = "/tmp/ttfs-test-compute-XXXXXX";
static char prog_cache[] = "/tmp/ttfs-test-compute-prog-XXXXXX";

/* ---- building for the three TRISCs --------------------------------------------- */

static int build_three(const struct build_env *env, const char *src, size_t len,
		       struct build_result r[3])
{
	struct build_request req[3];
	struct build_job *job[3];
	int ret = 0;

	for (int i = 0; i < 3; i++) {
		req[i] = (struct build_request){
			.risc = PACK_TRISC0 + i,
			.name = "compute.cpp",
			.source = src,
			.source_len = len,
		};
		REQUIRE(build_start(env, &req[i], &job[i]) == 0, "build_start");
	}
	for (int i = 0; i < 3; i++) {
		int rc = build_wait(job[i], &r[i]);

		if (rc) {
			fprintf(stderr, "trisc%d:\n%s\n", i, r[i].log ? r[i].log : "(no log)");
			if (!ret)
				ret = rc;
		}
	}
	return ret;
}

static void free_three(struct build_result r[3])
{
	for (int i = 0; i < 3; i++)
		build_result_free(&r[i]);
}

static bool builds_for_three(const struct build_env *env, const char *src, const char *what)
{
	struct build_result r[3];
	int rc = build_three(env, src, strlen(src), r);

	CHECK(rc == 0, "%s builds for TRISC0, 1 and 2", what);
	free_three(r);
	return rc == 0;
}

/* ---- every header ------------------------------------------------------------------- */

struct text {
	char *p;
	size_t len;
	FILE *f;
};

static void text_open(struct text *t)
{
	memset(t, 0, sizeof(*t));
	t->f = open_memstream(&t->p, &t->len);
	REQUIRE(t->f, "open_memstream");
}

static char *text_close(struct text *t)
{
	REQUIRE(fclose(t->f) == 0, "fclose");
	return t->p;
}

/* #include lines for every .h below sdk/dir (prefix: the spelling). */
static int include_tree(FILE *f, const char *sdk, const char *dir)
{
	char path[PATH_MAX];
	struct dirent *e;
	DIR *d;
	int n = 0;

	snprintf(path, sizeof(path), "%s/%s", sdk, dir);
	d = opendir(path);
	REQUIRE(d, "%s", path);
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		char sub[PATH_MAX];

		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", dir, e->d_name);
		if (e->d_type == DT_DIR)
			n += include_tree(f, sdk, sub);
		else if (l > 2 && !strcmp(e->d_name + l - 2, ".h"))
			fprintf(f, "#include \"%s\"\n", sub), n++;
	}
	closedir(d);
	return n;
}

/* A body that uses the API on every thread. */
static const char api_body[] =
	"\tuint32_t n = get_arg_val<uint32_t>(0);\n"
	"\tbinary_op_init_common(tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16);\n"
	"\tinit_sfpu(tt::CBIndex::c_0, tt::CBIndex::c_16);\n"
	"\texp_tile_init<false, true>();\n"
	"\tfor (uint32_t i = 0; i < n; i++) {\n"
	"\t\ttile_regs_acquire();\n"
	"\t\tcb_wait_front(tt::CBIndex::c_0, 1);\n"
	"\t\tcopy_tile_to_dst_init_short(tt::CBIndex::c_0);\n"
	"\t\tcopy_tile(tt::CBIndex::c_0, 0, 0);\n"
	"\t\texp_tile<false>(0); exp2_tile(0); log_tile(0); log2_tile(0); recip_tile(0);\n"
	"\t\tsqrt_tile(0); sin_tile(0); cos_tile(0); floor_tile(0); trunc_tile(0); abs_tile(0);\n"
	"\t\tnegative_tile(0); relu_tile(0); gelu_tile<true>(0); sigmoid_tile(0);\n"
	"\t\tbinop_with_scalar_tile_init(); add_unary_tile(0, 0x3f800000u);\n"
	"\t\tsub_unary_tile(0, 1u); mul_unary_tile(0, 2u); div_unary_tile(0, 0x40000000u);\n"
	"\t\tadd_tiles_init(tt::CBIndex::c_0, tt::CBIndex::c_1, true);\n"
	"\t\tadd_tiles(tt::CBIndex::c_0, tt::CBIndex::c_1, 0, 0, 1);\n"
	"\t\tsub_tiles_init(); sub_tiles(0, 1, 0, 0, 1); mul_tiles_init(0, 1); mul_tiles(0, 1, 0, 0, 1);\n"
	"\t\tmm_init(0, 1, 16); matmul_tiles(0, 1, 0, 0, 2, false);\n"
	"\t\treduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>(0, 2, 16);\n"
	"\t\treduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>(0, 2, 0, 0, 3);\n"
	"\t\treduce_uninit();\n"
	"\t\ttile_regs_commit();\n"
	"\t\ttile_regs_wait();\n"
	"\t\tcb_reserve_back(tt::CBIndex::c_16, 2);\n"
	"\t\tpack_tile(0, tt::CBIndex::c_16);\n"
	"\t\tpack_tile<true>(1, tt::CBIndex::c_16, 1);\n"
	"\t\tcb_pop_front(tt::CBIndex::c_0, 1);\n"
	"\t\ttile_regs_release();\n"
	"\t\tcb_push_back(tt::CBIndex::c_16, 2);\n"
	"\t}\n"
	"\tacquire_dst(); release_dst();\n";

static void test_every_header(const struct build_env *env, const char *sdk)
{
	for (int legacy = 0; legacy < 2; legacy++) {
		struct text t;
		int n;
		char *src;

		text_open(&t);
		if (legacy) {
			fprintf(t.f, "#include \"compute_kernel_api.h\"\n");
			n = include_tree(t.f, sdk, "compute_kernel_api");
			fprintf(t.f, "namespace NAMESPACE {\nvoid MAIN\n{\n%s}\n}\n", api_body);
		} else {
			n = include_tree(t.f, sdk, "api/compute");
			fprintf(t.f, "void kernel_main()\n{\n%s}\n", api_body);
		}
		src = text_close(&t);
		CHECK(n >= 25, "%d headers in the %s spelling", n, legacy ? "legacy" : "current");
		builds_for_three(env, src, legacy ? "every compute_kernel_api/ header, NAMESPACE::MAIN" :
						    "every api/compute/ header, kernel_main");
		free(src);
	}
}

/* ---- one source, three threads --------------------------------------------------------- */

static const char split_src[] =
	"#include \"api/compute/common.h\"\n"
	"void kernel_main()\n"
	"{\n"
	"\tvolatile uint32_t *out = (volatile uint32_t *)0x40000;\n"
	"#if defined(TRISC_UNPACK)\n"
	"\tstatic_assert(COMPILE_FOR_TRISC == 0, \"unpack branch on TRISC0\");\n"
	"\tout[0] = 0x1234567u;\n"
	"#elif defined(TRISC_MATH)\n"
	"\tstatic_assert(COMPILE_FOR_TRISC == 1, \"math branch on TRISC1\");\n"
	"\tout[1] = 0x2345678u; out[5] = 9;\n"
	"#elif defined(TRISC_PACK)\n"
	"\tstatic_assert(COMPILE_FOR_TRISC == 2, \"pack branch on TRISC2\");\n"
	"\tout[2] = 0x3456789u; out[6] = 10; out[7] = 11;\n"
	"#else\n"
	"#error no TRISC_ define\n"
	"#endif\n"
	"}\n";

static void test_split(const struct build_env *env)
{
	struct build_result r[3];
	struct pack_xip x[3];
	char err[256];
	int rc = build_three(env, split_src, sizeof(split_src) - 1, r);

	CHECK(rc == 0, "the split kernel builds for the three TRISCs");
	if (rc) {
		free_three(r);
		return;
	}
	for (int i = 0; i < 3; i++)
		REQUIRE(pack_xip_from_elf(r[i].elf, r[i].elf_len, "compute.cpp", &x[i], err,
					  sizeof(err)) == 0, "trisc%d: %s", i, err);
	for (int i = 0; i < 3; i++) {
		int j = (i + 1) % 3;
		bool same = x[i].size == x[j].size && !memcmp(x[i].image, x[j].image, x[i].size);

		CHECK(!same, "trisc%d and trisc%d images differ", i, j);
	}
	for (int i = 0; i < 3; i++)
		pack_xip_free(&x[i]);
	free_three(r);
}

/* ---- sfpi.h ------------------------------------------------------------------------------- */

/* kernel-api.md §1.2, add1_sfpu's compute kernel as its author wrote it. */
static const char add1_src[] =
	"#include <cstdint>\n"
	"#include \"compute_kernel_api/common.h\"\n"
	"#include \"compute_kernel_api/tile_move_copy.h\"\n"
	"#include \"compute_kernel_api/eltwise_unary/eltwise_unary.h\"\n"
	"#include \"sfpi.h\"\n"
	"namespace NAMESPACE {\n"
	"void MAIN {\n"
	"    uint32_t n_tiles = get_arg_val<uint32_t>(0);\n"
	"    uint32_t scalar_bits = get_arg_val<uint32_t>(1);\n"
	"    init_sfpu(tt::CBIndex::c_0, tt::CBIndex::c_16);\n"
	"    for (uint32_t i = 0; i < n_tiles; i++) {\n"
	"        tile_regs_acquire();\n"
	"        cb_wait_front(tt::CBIndex::c_0, 1);\n"
	"        copy_tile(tt::CBIndex::c_0, 0, 0);\n"
	"#ifdef TRISC_MATH\n"
	"        union { uint32_t u; float f; } conv;\n"
	"        conv.u = scalar_bits;\n"
	"        sfpi::vFloat scalar = conv.f;\n"
	"        for (int v = 0; v < 32; v++) {\n"
	"            sfpi::dst_reg[v] = sfpi::dst_reg[v] + scalar;\n"
	"        }\n"
	"#endif\n"
	"        tile_regs_commit();\n"
	"        tile_regs_wait();\n"
	"        cb_reserve_back(tt::CBIndex::c_16, 1);\n"
	"        pack_tile(0, tt::CBIndex::c_16);\n"
	"        cb_pop_front(tt::CBIndex::c_0, 1);\n"
	"        tile_regs_release();\n"
	"        cb_push_back(tt::CBIndex::c_16, 1);\n"
	"    }\n"
	"}\n"
	"}\n";

/* A custom_sfpi style per-face function: nested lane masks, && and ||,
 * the intrinsics, int vectors, dst_reg++. */
static const char vif_src[] =
	"#include \"api/compute/compute_kernel_api.h\"\n"
	"#include \"sfpi.h\"\n"
	"using namespace sfpi;\n"
	"#ifdef TRISC_MATH\n"
	"inline void face()\n"
	"{\n"
	"\tfor (int d = 0; d < 8; d++) {\n"
	"\t\tvFloat a = dst_reg[0];\n"
	"\t\tvFloat b = dst_reg[32];\n"
	"\t\tvInt i = 3;\n"
	"\t\tv_if (a < 0.0f) {\n"
	"\t\t\ta = -a;\n"
	"\t\t\tv_if (b >= 1.5f && a != b) {\n"
	"\t\t\t\tb = b * a + vConst1;\n"
	"\t\t\t} v_elseif (b < -2.0f || a == 0.0f) {\n"
	"\t\t\t\tb = mad(a, b, vConstNeg1);\n"
	"\t\t\t} v_else {\n"
	"\t\t\t\tb -= a;\n"
	"\t\t\t} v_endif;\n"
	"\t\t} v_elseif (a > b) {\n"
	"\t\t\ta = abs(b);\n"
	"\t\t} v_else {\n"
	"\t\t\ta = setexp(a, 127);\n"
	"\t\t\ti = exexp(b) + exman8(a) - exman9(a);\n"
	"\t\t\ti = shft(i, 2) | vInt(1);\n"
	"\t\t\ti &= 0xff;\n"
	"\t\t\tb = setsgn(b, a);\n"
	"\t\t} v_endif;\n"
	"\t\tv_if (!(i < 5) && dst_reg[64] > 0.0f) { a = int32_to_float(i); } v_endif;\n"
	"\t\tvUInt u = reinterpret<vUInt>(a);\n"
	"\t\tu = u >> 3;\n"
	"\t\tdst_reg[0] = a + b;\n"
	"\t\tdst_reg[32] = reinterpret<vFloat>(u);\n"
	"\t\tdst_reg[64] = float_to_fp16b(addexp(setman(b, 0x400000), 1));\n"
	"\t\tdst_reg[96] = vec_max(a, int32_to_float(lz(i)));\n"
	"\t\tdst_reg++;\n"
	"\t}\n"
	"}\n"
	"#endif\n"
	"void kernel_main()\n"
	"{\n"
	"\ttile_regs_acquire();\n"
	"\tMATH((face()));\n"
	"\ttile_regs_commit();\n"
	"}\n";

/* As in tt-metal, one SFPU op header is enough for unqualified sfpi names
 * and the params helpers on the math TRISC. */
static const char op_header_src[] =
	"#include \"api/compute/eltwise_unary/exp.h\"\n"
	"#ifdef TRISC_MATH\n"
	"inline void face()\n"
	"{\n"
	"\tfor (int i = 0; i < 8; i++) {\n"
	"\t\tvFloat x = dst_reg[i];\n"
	"\t\tv_if (x < 0.0f) { x = vConst0; } v_endif;\n"
	"\t\tdst_reg[i] = x;\n"
	"\t}\n"
	"}\n"
	"#endif\n"
	"void kernel_main()\n"
	"{\n"
	"\ttile_regs_acquire();\n"
	"\tMATH((_llk_math_eltwise_unary_sfpu_params_<false>(face, 0)));\n"
	"\texp_tile(0);\n"
	"\ttile_regs_commit();\n"
	"}\n";

static void test_sfpi(const struct build_env *env)
{
	builds_for_three(env, add1_src, "add1_sfpu's raw SFPI kernel");
	builds_for_three(env, vif_src, "a v_if/v_elseif/v_else nest with intrinsics");
	builds_for_three(env, op_header_src, "unqualified sfpi names after one SFPU op header");
}

/* ---- chlkc_descriptors.h through the program pipeline ------------------------------------ */

/* The descriptors as the args below say, asserted at compile time; a
 * reader sees unpack_tile_size through get_tile_size. */
static const char desc_compute[] =
	"#include \"api/compute/common.h\"\n"
	"static_assert(unpack_src_format[0] == 5 && pack_dst_format[0] == 5, \"cb0 bfloat16\");\n"
	"static_assert(unpack_src_format[16] == 0 && pack_dst_format[16] == 0, \"cb16 float32\");\n"
	"static_assert(unpack_src_format[1] == 255, \"cb1 unused\");\n"
	"static_assert(unpack_tile_size[0] == 2048 && pack_tile_size[16] == 4096, \"tile sizes\");\n"
	"static_assert(MATH_FIDELITY == 2, \"HiFi2\");\n"
	"static_assert(APPROX && DST_ACCUM_MODE, \"approx, fp32 DST\");\n"
	"static_assert(ttfs::dst_tiles == 4, \"fp32 SyncHalf: 4 tiles a section\");\n"
	"void kernel_main() {}\n";

static const char desc_reader[] =
	"static_assert(get_tile_size(16) == 4096 && get_dataformat(0) == DataFormat::Float16_b, \"dm\");\n"
	"static_assert(get_tile_hw(16) == 1024 && get_tile_num_faces(0) == 4, \"32x32 tiles\");\n"
	"void kernel_main() {}\n";

static const char desc_args[] = "[program]\ncores = 1,1\n"
				"[cb.0]\nformat = bfloat16\npages = %u\n"
				"[cb.16]\nformat = %s\npages = 2\n"
				"[reader]\nargs = %u\n"
				"[compute]\nmath_fidelity = %s\nfp32_dest_acc_en = true\n"
				"math_approx_mode = yes\n";

static int no_buffers(void *ctx, const char *name, struct ttrt_buffer **out)
{
	(void)ctx, (void)name, (void)out;
	return -ENOENT;
}

/* Sets the args and builds: the build's result, and how many compilers ran. */
static int build_with(struct ttrt_program *p, unsigned pages, const char *fmt, unsigned rta,
		      const char *fidelity, unsigned long *compiles)
{
	char text[512], err[256];
	unsigned long before = build_compiler_runs();
	int rc;

	snprintf(text, sizeof(text), desc_args, pages, fmt, rta, fidelity);
	REQUIRE(ttrt_program_set_args(p, text, strlen(text), err, sizeof(err)) == 0, "%s", err);
	rc = ttrt_program_build(p, NULL);
	*compiles = build_compiler_runs() - before;
	return rc;
}

static void test_descriptors(void)
{
	struct ttrt_config cfg;
	struct ttrt_device *dev;
	struct ttrt_program *p;
	char err[512] = "";
	unsigned long n;
	int rc;

	ttrt_config_defaults(&cfg);
	cfg.dram_bank_size = 16u << 20;
	REQUIRE(ttrt_config_set(&cfg, "cache_dir", prog_cache, err, sizeof(err)) == 0, "%s", err);
	REQUIRE(ttrt_device_open(&cfg, &dev, err, sizeof(err)) == 0, "open: %s", err);
	REQUIRE(ttrt_program_new(dev, "desc", no_buffers, NULL, &p) == 0, "program");
	CHECK_EQ(ttrt_program_set_source(p, TTRT_KERNEL_COMPUTE, desc_compute,
					 sizeof(desc_compute) - 1), 0);
	CHECK_EQ(ttrt_program_set_source(p, TTRT_KERNEL_READER, desc_reader,
					 sizeof(desc_reader) - 1), 0);

	rc = build_with(p, 2, "float32", 1, "HiFi2", &n);
	CHECK(rc == 0, "the kernels see the args' descriptors (build: %d)", rc);
	/* Unrelated: page counts and runtime args are not in the descriptors. */
	rc = build_with(p, 4, "float32", 7, "HiFi2", &n);
	CHECK(rc == 0 && n == 0, "pages and runtime args changed: %lu compiles, want 0", n);
	/* A CB format: every kernel rebuilds, and cb16's asserts fail. */
	rc = build_with(p, 4, "bfloat16", 7, "HiFi2", &n);
	CHECK(rc == -EIO && n == 4, "cb16 now bfloat16: %d after %lu compiles, want -EIO after 4",
	      rc, n);
	/* math_fidelity is the compute kernel's: only its three TRISC builds
	 * see it (a data-movement kernel's descriptors have tt-metal's
	 * defaults), as tt-metal's per-kernel chlkc_descriptors.h. */
	rc = build_with(p, 4, "float32", 7, "HiFi4", &n);
	CHECK(rc == -EIO && n == 3, "HiFi4: %d after %lu compiles, want -EIO after 3", rc, n);
	/* Back as it was: all from the cache. */
	rc = build_with(p, 2, "float32", 1, "HiFi2", &n);
	CHECK(rc == 0 && n == 0, "as first: %d after %lu compiles, want 0 after 0", rc, n);

	ttrt_program_put(p);
	ttrt_device_close(dev);
}

/* ---- TSLICE ------------------------------------------------------------------------------- */

/* Element i of a tile, in L1 order: k / 4 with |k| < 256, exact in bf16. */
#define TSLICE_VALUE "((float)(int)(i % 128u) - 64.0f + (float)(i / 128u) * 0.25f)"

static float tslice_value(unsigned i)
{
	return (float)(int)(i % 128u) - 64.0f + (float)(i / 128u) * 0.25f;
}

static const char tslice_writer[] =
	"void kernel_main()\n"
	"{\n"
	"\tfor (uint32_t cb = 0; cb < 2; cb++) {\n"
	"\t\tcb_reserve_back(cb, 1);\n"
	"\t\tuint32_t a = get_write_ptr(cb);\n"
	"\t\tfor (uint32_t i = 0; i < 1024; i++) {\n"
	"\t\t\tfloat f = " TSLICE_VALUE ";\n"
	"\t\t\tuint32_t bits;\n"
	"\t\t\tmemcpy(&bits, &f, 4);\n"
	"\t\t\tif (cb == 0)\n"
	"\t\t\t\t((volatile uint16_t *)a)[i] = (uint16_t)(bits >> 16);\n"
	"\t\t\telse\n"
	"\t\t\t\t((volatile uint32_t *)a)[i] = bits;\n"
	"\t\t}\n"
	"\t\tcb_push_back(cb, 1);\n"
	"\t\tDPRINT << TSLICE(cb, 0, SliceRange{ .h0 = 1, .h1 = 32, .hs = 10, .w0 = 3, .w1 = 32, .ws = 9 })\n"
	"\t\t       << ENDL();\n"
	"\t}\n"
	"}\n";

static void test_tslice(void)
{
	static const char args[] = "[program]\ncores = 1,1\n"
				   "[cb.0]\nformat = bfloat16\npages = 1\n"
				   "[cb.1]\nformat = float32\npages = 1\n";
	struct ttrt_xy core = { 1, 1 };
	struct ttrt_config cfg;
	struct ttrt_device *dev;
	struct ttrt_program *p;
	char err[512] = "", want[1024];
	size_t off = 0, len = 0;
	uint32_t lost = 0;
	char *text = NULL;
	int rc;

	/* The host's reference: rows 1, 11, 21, 31, columns 3, 12, 21, 30,
	 * each element at its place in the four 16x16 faces. */
	for (int cb = 0; cb < 2; cb++) {
		for (unsigned h = 1; h < 32; h += 10) {
			for (unsigned w = 3; w < 32; w += 9) {
				unsigned i = ((h / 16) * 2 + w / 16) * 256 + (h % 16) * 16 + w % 16;

				off += (size_t)snprintf(want + off, sizeof(want) - off, "%s%g",
							w == 3 ? "" : " ", tslice_value(i));
			}
			off += (size_t)snprintf(want + off, sizeof(want) - off, "\n");
		}
		off += (size_t)snprintf(want + off, sizeof(want) - off, "\n");
	}

	ttrt_config_defaults(&cfg);
	cfg.dram_bank_size = 16u << 20;
	REQUIRE(ttrt_config_set(&cfg, "cache_dir", prog_cache, err, sizeof(err)) == 0, "%s", err);
	REQUIRE(ttrt_device_open(&cfg, &dev, err, sizeof(err)) == 0, "open: %s", err);
	REQUIRE(ttrt_program_new(dev, "tslice", no_buffers, NULL, &p) == 0, "program");
	CHECK_EQ(ttrt_program_set_args(p, args, sizeof(args) - 1, err, sizeof(err)), 0);
	CHECK_EQ(ttrt_program_set_source(p, TTRT_KERNEL_WRITER, tslice_writer,
					 sizeof(tslice_writer) - 1), 0);
	rc = ttrt_program_run(p, NULL);
	CHECK(rc == 0, "the TSLICE program runs: %s", strerror(-rc));
	CHECK_EQ(ttrt_dprint_read(dev, core, 0, &text, &len, &lost), 0);
	CHECK(text && !strcmp(text, want), "TSLICE printed:\n%s\nwant:\n%s", text ? text : "(none)",
	      want);
	free(text);
	ttrt_program_put(p);
	ttrt_device_close(dev);
}

static void cleanup(void)
{
	temp_dir_remove(cache_dir);
	temp_dir_remove(prog_cache);
}

int main(int argc, char **argv)
{
	struct build_env env;
	char err[512] = "";

	REQUIRE(argc == 3, "usage: test_compute SDK_DIR INCLUDE_DIR");
	REQUIRE(mkdtemp(cache_dir) && mkdtemp(prog_cache), "mkdtemp");
	atexit(cleanup);
	REQUIRE(build_env_init(&env, NULL, argv[1], argv[2], cache_dir, err, sizeof(err)) == 0,
		"%s", err);

	test_every_header(&env, argv[1]);
	test_split(&env);
	test_sfpi(&env);
	test_descriptors();
	test_tslice();
	return check_exit("test_compute");
}
