/* SPDX-License-Identifier: Apache-2.0
 *
 * The args file's [kernel.NAME], [cb.N,M] and [semaphore.N] sections:
 * parsed, resolved and refused (test_args.c runs these).
 */
#include "test_args.h"
#include "program/args/cb_place.h"
#include "../check.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- [kernel.NAME], [cb.N,M], [semaphore.N] ------------------------------------ */

static void test_kernel_sections(void)
{
	char err[512];
	int rc, calls = 0;
	struct prog_resolved *r = NULL;
	struct prog_args *a = parse(
		"[program]\ncores = 0-3,0\n"
		"[kernel.sender]\nsource = sender.cpp\nprocessor = NCRISC\ncores = 0,0\n"
		"args = 1 2\nnamed_compile_args = num_tiles=64 cb_in=0x10\n  scale=1.0f\n"
		"defines = \"SFPU_OP_CHAIN_0=exp_tile_init(); exp_tile(0);\" SFPU_OP_EXP_INCLUDE=1 B=\"x y\"\n"
		"[kernel.receiver]\nsource = receiver.cpp\nprocessor = riscv_1\nnoc = 1\ncores = 1-3,0\n"
		"args = 4\nargs.2,0 = 5\n"
		"[kernel.math]\nsource = c.cpp\nprocessor = compute\ndst_full_sync_en = true\n"
		"unpack_to_dest_mode = 0=UnpackToDestFp32 16=default\nmath_fidelity = LoFi\n"
		"[writer]\ncores = 1,0\n",
		err, sizeof(err), &rc);
	const struct prog_kernel_args *k;

	REQUIRE(rc == 0 && a, "%s", err);
	REQUIRE(a->n_kernels == 6, "%u kernels", a->n_kernels);
	k = &a->kernel[3];
	CHECK(!strcmp(k->name, "sender") && !strcmp(k->source, "sender.cpp") && !k->short_name,
	      "sender: %s %s", k->name, k->source);
	CHECK_EQ(k->processor, PROG_PROC_NCRISC);
	CHECK_EQ(k->noc, 0);   /* tt-metal's default on either processor: RISCV_0_default */
	CHECK(k->cores.n == 1 && k->cores.v[0].x == 0 && k->cores.v[0].y == 0, "sender's cores");
	CHECK_EQ(k->n_named_args, 3);
	CHECK(!strcmp(k->named_args[0].name, "num_tiles") && k->named_args[0].value == 64,
	      "named 0: %s=%u", k->named_args[0].name, k->named_args[0].value);
	CHECK(!strcmp(k->named_args[1].name, "cb_in") && k->named_args[1].value == 16, "named 1");
	CHECK(!strcmp(k->named_args[2].name, "scale") && k->named_args[2].value == 0x3f800000,
	      "named 2");
	CHECK_EQ(k->n_defines, 3);
	CHECK(!strcmp(k->defines[0], "SFPU_OP_CHAIN_0=exp_tile_init(); exp_tile(0);"), "define 0: %s",
	      k->defines[0]);
	CHECK(!strcmp(k->defines[1], "SFPU_OP_EXP_INCLUDE=1"), "define 1: %s", k->defines[1]);
	CHECK(!strcmp(k->defines[2], "B=x y"), "define 2: %s", k->defines[2]);
	k = &a->kernel[4];
	CHECK(k->processor == PROG_PROC_NCRISC && k->noc == 1 && k->cores.n == 3, "receiver");
	k = &a->kernel[5];
	CHECK(k->processor == PROG_PROC_COMPUTE && k->dst_full_sync_en &&
	      k->math_fidelity == PROG_LOFI, "math");
	CHECK_EQ(k->unpack_to_dest_mode[0], PROG_UNPACK_TO_DEST_FP32);
	CHECK_EQ(k->unpack_to_dest_mode[16], PROG_UNPACK_DEFAULT);
	CHECK_EQ(k->unpack_to_dest_mode[1], PROG_UNPACK_DEFAULT);
	CHECK_EQ(k->cores.n, 4);   /* every core of [program] */
	/* The short names: [writer] on 1,0 only; the others on every core. */
	CHECK(a->kernel[PROG_WRITER].present && a->kernel[PROG_WRITER].cores.n == 1, "writer");
	CHECK(!a->kernel[PROG_READER].present && a->kernel[PROG_READER].cores.n == 4, "reader");
	CHECK(!strcmp(a->kernel[PROG_COMPUTE].source, "compute.cpp"), "compute.cpp");

	/* Each core gets the args of the kernels that run on it, none elsewhere. */
	rc = prog_args_resolve(a, "args", lookup, &calls, &r, err, sizeof(err));
	REQUIRE(rc == 0, "%s", err);
	CHECK_EQ(r->n_kernels, 6);
	CHECK(r->kernel[3].core_args[0].n == 2 && r->kernel[3].core_args[0].v[1] == 2, "sender 0,0");
	for (int c = 1; c < 4; c++)
		CHECK_EQ(r->kernel[3].core_args[c].n, 0);
	CHECK_EQ(r->kernel[4].core_args[0].n, 0);
	CHECK(r->kernel[4].core_args[1].n == 1 && r->kernel[4].core_args[1].v[0] == 4, "recv 1,0");
	CHECK(r->kernel[4].core_args[2].n == 1 && r->kernel[4].core_args[2].v[0] == 5, "recv 2,0");
	prog_resolved_free(r);
	prog_args_free(a);

	/* A data-movement kernel and a compute kernel share a core. */
	a = parse("[kernel.a]\nsource = a.cpp\nprocessor = brisc\n"
		  "[kernel.b]\nsource = b.cpp\nprocessor = compute\n"
		  "[kernel.c]\nsource = c.cpp\nprocessor = ncrisc\nnoc = 0\ncores = 0,0\n",
		  err, sizeof(err), &rc);
	CHECK(rc == 0, "%s", err);
	/* BRISC's default NOC is 0; a noc key is kept. */
	CHECK(a && a->kernel[3].noc == 0 && a->kernel[5].noc == 0, "NOCs");
	prog_args_free(a);
}

static void test_kernel_errors(void)
{
	bad("[kernel.a]\nsource = a.cpp\nprocessor = ncrsic\n", 3,
	    "[kernel.a] processor: want brisc, ncrisc or compute (riscv_0 is brisc, riscv_1 ncrisc), not 'ncrsic'");
	bad("[program]\ncores = 0-1,0\n[kernel.a]\nsource = a.cpp\nprocessor = brisc\ncores = 2,0\n", 6,
	    "[kernel.a] cores: core 2,0 is not in [program] cores");
	bad("[program]\ncores = 0-3,0\n"
	    "[kernel.a]\nsource = a.cpp\nprocessor = brisc\ncores = 0-1,0\n"
	    "[kernel.b]\nsource = b.cpp\nprocessor = riscv_0\ncores = 1-2,0\n", 7,
	    "two kernels on brisc of core 1,0: [kernel.a] (line 3) and [kernel.b]");
	bad("[writer]\nargs = 1\n[kernel.b]\nsource = b.cpp\nprocessor = brisc\n", 3,
	    "two kernels on brisc of core 0,0: [writer] (line 1) and [kernel.b]");
	bad("[kernel.a]\nsource = a.cpp\nprocessor = compute\n[kernel.b]\nsource = b.cpp\n"
	    "processor = compute\n", 4, "two kernels on compute of core 0,0: [kernel.a] (line 1) and [kernel.b]");
	bad("[kernel.a]\nprocessor = brisc\n", 1, "[kernel.a] needs a source (e.g. source = a.cpp)");
	bad("[kernel.a]\nsource = a.cpp\n", 1, "[kernel.a] needs a processor (brisc, ncrisc or compute)");
	bad("[kernel.a]\nsource = ../a.cpp\n", 2, "source: '../a.cpp' is not a file name of the program");
	bad("[kernel.a]\nsource = a.cpp\nprocessor = brisc\nmath_fidelity = LoFi\n", 4,
	    "[kernel.a] key 'math_fidelity' is only for compute kernels (processor = compute)");
	bad("[kernel.a]\nunpack_to_dest_mode = 0=Default\nsource = a.cpp\nprocessor = ncrisc\n", 2,
	    "key 'unpack_to_dest_mode' is only for compute kernels");
	bad("[kernel.a]\nnoc = 1\nsource = a.cpp\nprocessor = compute\n", 2,
	    "[kernel.a] key 'noc' is only for data-movement kernels");
	bad("[reader]\nsource = x.cpp\n", 2,
	    "[reader] key 'source' is only for [kernel.NAME] sections ([reader] runs reader.cpp on ncrisc)");
	bad("[compute]\nprocessor = brisc\n", 2, "key 'processor' is only for [kernel.NAME] sections");
	bad("[writer]\ndst_full_sync_en = 1\n", 2, "[writer] key 'dst_full_sync_en' is only for [compute]");
	bad("[kernel.reader]\n", 1, "[kernel.reader]: 'reader' is the short section [reader]");
	bad("[kernel.]\n", 1, "[kernel.]: no kernel name");
	bad("[kernel.a/b]\n", 1, "[kernel.a/b]: bad kernel name");
	bad("[kernel.a]\nsource = a.cpp\nprocessor = brisc\n[kernel.a]\n", 4,
	    "section [kernel.a] appears twice (first at line 1)");
	bad("[kernel.a]\nsorce = a.cpp\n", 2, "[kernel.a] unknown key 'sorce' (source, processor, noc,");
	bad("[kernel.a]\nnamed_compile_args = 1x=3\n", 2, "named_compile_args: bad '1x=3' (want name=value");
	bad("[kernel.a]\nnamed_compile_args = n=1 n=2\n", 2, "named_compile_args: n is given twice");
	bad("[kernel.a]\nnamed_compile_args = n=zz\n", 2, "named_compile_args: bad number 'zz'");
	bad("[kernel.a]\nnamed_compile_args = n\n", 2, "named_compile_args: bad 'n'");
	bad("[kernel.a]\nupstream_path = /t/a.cpp\n", 2, "upstream_path: '/t/a.cpp' is absolute");
	bad("[kernel.a]\nupstream_path = t/../a.cpp\n", 2, "has an empty, '.' or '..' component");
	bad("[kernel.a]\nupstream_path = t/\n", 2, "upstream_path: 't/' ends with '/'");
	bad("[kernel.a]\nupstream_path = t/a$.cpp\n", 2, "bad character '$' in 't/a$.cpp'");
	bad("[kernel.a]\narg_names = 1x\n", 2, "arg_names: bad name '1x'");
	bad("[kernel.a]\ncommon_arg_names = n n\n", 2, "common_arg_names: n is given twice");
	bad("[kernel.a]\nsource = a.cpp\nprocessor = brisc\nargs = 1\narg_names = a b\n", 5,
	    "[kernel.a] arg_names: 2 names, but args (line 4) has 1 words");
	bad("[kernel.a]\nsource = a.cpp\nprocessor = brisc\narg_names = a\n", 4,
	    "[kernel.a] arg_names: 1 names, but no args give them values");
	bad("[kernel.a]\nsource = a.cpp\nprocessor = brisc\ncommon_args = 1\ncommon_arg_names = a\n"
	    "args = 1\narg_names = a\n", 7,
	    "[kernel.a] arg_names: 'a' is also in common_arg_names (line 5)");
	bad("[kernel.a]\nsource = a.cpp\nprocessor = brisc\narg_names = a\nargs = a=1 z=2\n", 5,
	    "[kernel.a] args: z= names no arg of arg_names");
	bad("[kernel.a]\nsource = a.cpp\nprocessor = brisc\narg_names = a b\nargs = 5 b=1\n", 5,
	    "[kernel.a] args: no value for a (give a=VALUE");
	bad("[kernel.a]\nsource = a.cpp\nprocessor = brisc\ncommon_arg_names = a\n"
	    "common_args = a=1 a=2\n", 5, "[kernel.a] common_args: a is given twice");
	bad("[kernel.a]\ncompile_args = n=1\n", 2, "compile_args: 'n=1': compile-time args are not named here");
	bad("[kernel.a]\nargs = =1\n", 2, "args: bad '=1' (want NAME=VALUE");
	bad("[kernel.a]\ndfb_names = in=32\n", 2, "dfb_names: in=32: a CB index is 0..31");
	bad("[kernel.a]\nsemaphore_names = s=16\n", 2, "semaphore_names: s=16: a semaphore id is 0..15");
	bad("[kernel.a]\ntensor_names = t=a b=c t=d\n", 2, "tensor_names: t is given twice");
	bad("[kernel.a]\ntensor_names = t=a/b\n", 2, "tensor_names: 'a/b' is not a buffer name");
	bad("[kernel.a]\ndefines = \"A=1\n", 2, "defines: bad define 'A=1...'");
	bad("[kernel.a]\nunpack_to_dest_mode = 40=Default\n", 2,
	    "unpack_to_dest_mode: bad '40=Default' (want CB=UnpackToDestFp32 or CB=Default, CB 0..31)");
	bad("[kernel.a]\nunpack_to_dest_mode = 0=Fp16\n", 2, "bad '0=Fp16'");
	bad("[program]\ncores = 0-1,0\n[kernel.a]\nsource = a.cpp\nprocessor = brisc\ncores = 0,0\n"
	    "args.1,0 = 5\n", 7, "[kernel.a] args override for core 1,0, which is not in its cores (line 6)");
	bad("[program]\ncores = 0-1,0\n[writer]\ncores = 0,0\nargs.1,0 = 5\n", 5,
	    "[writer] args override for core 1,0, which is not in its cores (line 4)");
}

static void test_cb_sections(void)
{
	char err[512];
	int rc;
	struct prog_args *a = parse("[cb.16,24]\nformat = bfloat16\nformat.24 = Float32\n"
				    "page_size.24 = 4096\nsize = 8192\n"
				    "[cb.0,1,2]\nformat = uint32\npage_size = 64\npage_size.2 = 4\n"
				    "size = 256\n",
				    err, sizeof(err), &rc);

	REQUIRE(rc == 0, "%s", err);
	REQUIRE(a->n_cbs == 2 && a->cb[0].n_idx == 2 && a->cb[1].n_idx == 3, "sections");
	CHECK(a->cb[0].idx[0].index == 16 && a->cb[0].idx[0].format == PROG_FMT_FLOAT16_B &&
	      a->cb[0].idx[0].page_size == 2048 && a->cb[0].idx[0].pages == 4, "cb 16");
	CHECK(a->cb[0].idx[1].index == 24 && a->cb[0].idx[1].format == PROG_FMT_FLOAT32 &&
	      a->cb[0].idx[1].page_size == 4096 && a->cb[0].idx[1].pages == 2, "cb 24");
	CHECK_EQ(a->cb[0].size, 8192);
	/* 4-byte pages, as tt-metal's pad example has them. */
	CHECK(a->cb[1].idx[2].page_size == 4 && a->cb[1].idx[2].pages == 64, "cb 2: %u pages of %u",
	      a->cb[1].idx[2].pages, a->cb[1].idx[2].page_size);
	CHECK(a->cb[1].idx[0].page_size == 64 && a->cb[1].idx[0].pages == 4, "cb 0");
	{
		char name[80];
		CHECK(!strcmp(prog_cb_name(&a->cb[1], name, sizeof(name)), "[cb.0,1,2]"), "%s", name);
	}
	prog_args_free(a);

	/* One index on disjoint cores, twice; and pages on a multi-index section. */
	a = parse("[program]\ncores = 0-1,0\n"
		  "[cb.0]\ncores = 0,0\nformat = uint8\nsize = 1024\n"
		  "[cb.0,1]\ncores = 1,0\nformat = uint8\npages = 2\npage_size = 64\n",
		  err, sizeof(err), &rc);
	REQUIRE(rc == 0, "%s", err);
	CHECK(a->cb[1].size == 128 && a->cb[1].idx[1].pages == 2, "pages x page_size");
	CHECK(a->cb[0].cores.n == 1 && a->cb[1].cores.n == 1, "their cores");
	prog_args_free(a);
}

static void test_cb_errors(void)
{
	bad("[cb.1,1]\n", 1, "[cb.1,1]: CB index 1 is named twice");
	bad("[cb.1,]\n", 1, "[cb.1,]: bad CB index (want [cb.N] or [cb.N,M,...], N 0..31)");
	bad("[cb.1,32]\n", 1, "[cb.1,32]: CB index 32 is out of range (0..31)");
	bad("[cb.0]\nformat = uint8\nsize = 1024\n[cb.0,1]\nformat = uint8\nsize = 1024\n", 4,
	    "[cb.0,1]: CB 0 is also in [cb.0] (line 1), on core 0,0");
	bad("[program]\ncores = 0-2,0\n[cb.0]\ncores = 0-1,0\nformat = uint8\nsize = 1024\n"
	    "[cb.0]\ncores = 2,0\n", 7, "section [cb.0] appears twice (first at line 3)");
	bad("[program]\ncores = 0-2,0\n[cb.5]\ncores = 0-1,0\nformat = uint8\nsize = 1024\n"
	    "[cb.4,5]\ncores = 1-2,0\nformat = uint8\nsize = 1024\n", 7,
	    "[cb.4,5]: CB 5 is also in [cb.5] (line 3), on core 1,0");
	bad("[cb.16]\nformat.24 = float32\n", 2,
	    "[cb.16] format.24: CB 24 is not one of this section's indices ([cb.16] names them)");
	bad("[cb.16]\npage_size.2 = 64\n", 2, "page_size.2: CB 2 is not one of this section's indices");
	bad("[cb.16]\nformat.x = float32\n", 2, "bad key 'format.x' (want format.N, N a CB index)");
	bad("[cb.16,24]\nformat.16 = float32\nsize = 8192\n", 1,
	    "[cb.16,24] needs a format for CB 24 (format or format.24)");
	bad("[cb.16,24]\nformat = float32\nformat.24 = uint8\npages = 2\n", 4,
	    "[cb.16,24] pages: CB 16 and CB 24 have different page sizes (4096, 1024); give size (bytes) instead");
	bad("[cb.0]\nformat = float32\npages = 2\nsize = 8192\n", 4, "[cb.0] give pages or size, not both");
	bad("[cb.0]\nformat = float32\npage_size = 4\npage_size = 8\n", 4, "duplicate key 'page_size'");
	bad("[cb.0]\nformat = float32\ncores = 1,0\nsize = 4096\n", 3,
	    "[cb.0] cores: core 1,0 is not in [program] cores");
	bad("[cb.0]\nformat = float32\nbuffr = x\n", 3,
	    "[cb.0] unknown key 'buffr' (format, format.N, pages, size, page_size, page_size.N, tile, tile.N, cores, buffer)");
	bad("[cb.0]\nformat = float32\ntile = 12x32\n", 3,
	    "[cb.0] tile: '12x32' is not a tile shape tt-metal has (32x32, 16x32, 32x16, 16x16, "
	    "8x32, 4x32, 2x32, 1x32, 8x16, 4x16, 2x16, 1x16)");
	bad("[cb.0]\nformat = float32\ntile = 16x32x\n", 3, "tile: '16x32x' is not a tile shape");
	bad("[cb.0]\nformat = float32\ntile = 32\n", 3, "tile: '32' is not a tile shape");
	bad("[cb.0]\nformat = float32\ntile.1 = 16x32\n", 3,
	    "tile.1: CB 1 is not one of this section's indices");
	bad("[cb.0]\nformat = float32\ntile.0 = 16x32\ntile.0 = 8x32\n", 4, "duplicate key 'tile.0'");
}

/* tile, tile.N: tt-metal's Tile shape of each index, and the default page
 * size it gives (Tile::get_tile_size). */
static void test_cb_tiles(void)
{
	char err[512];
	int rc;
	struct prog_args *a = parse("[cb.0,1,2,3]\nformat = bfloat16\nformat.2 = bfp8_b\n"
				    "format.3 = float32\ntile = 16x32\ntile.1 = 1X32\ntile.3 = 32x16\n"
				    "size = 34816\n"
				    "[cb.16]\nformat = bfp8_b\npages = 1\n",
				    err, sizeof(err), &rc);

	REQUIRE(rc == 0, "%s", err);
	CHECK(a->cb[0].idx[0].tile_rows == 16 && a->cb[0].idx[0].tile_cols == 32 &&
	      a->cb[0].idx[0].page_size == 1024, "cb 0: 16x32 bfloat16, %u bytes",
	      a->cb[0].idx[0].page_size);
	CHECK(a->cb[0].idx[1].tile_rows == 1 && a->cb[0].idx[1].page_size == 64, "cb 1: 1x32, %u",
	      a->cb[0].idx[1].page_size);
	/* 512 mantissas and 32 exponents, padded to 16 bytes */
	CHECK_EQ(a->cb[0].idx[2].page_size, 544);
	CHECK(a->cb[0].idx[3].tile_rows == 32 && a->cb[0].idx[3].tile_cols == 16 &&
	      a->cb[0].idx[3].page_size == 2048, "cb 3: 32x16 float32, %u", a->cb[0].idx[3].page_size);
	CHECK(a->cb[1].idx[0].tile_rows == 32 && a->cb[1].idx[0].tile_cols == 32 &&
	      a->cb[1].idx[0].page_size == 1088, "cb 16: 32x32 by default");
	CHECK_EQ(prog_format_shape_size(PROG_FMT_BFP8_B, 1, 32), 48);
	CHECK_EQ(prog_format_shape_size(PROG_FMT_BFP4_B, 32, 32), 576);
	CHECK_EQ(prog_format_shape_size(PROG_FMT_UINT8, 8, 16), 128);
	prog_args_free(a);
}

static void test_semaphore_sections(void)
{
	char err[512];
	int rc;
	struct prog_args *a = parse("[program]\ncores = 0-1,0\nsemaphores = 7\n"
				    "[semaphore.2]\ncores = 1,0\nvalue = 5\n[semaphore.3]\n",
				    err, sizeof(err), &rc);

	REQUIRE(rc == 0, "%s", err);
	REQUIRE(a->n_sems == 2, "%u semaphore sections", a->n_sems);
	CHECK(a->sems[0].id == 2 && a->sems[0].value == 5 && a->sems[0].cores.n == 1, "semaphore 2");
	CHECK(a->sems[1].id == 3 && a->sems[1].value == 0 && a->sems[1].cores.n == 2, "semaphore 3");
	prog_args_free(a);

	bad("[semaphore.16]\n", 1, "[semaphore.16]: semaphore id 16 is out of range (0..15)");
	bad("[semaphore.x]\n", 1, "[semaphore.x]: bad semaphore id (want [semaphore.N], N 0..15)");
	bad("[program]\nsemaphores = 1 2\n[semaphore.1]\n", 3,
	    "[semaphore.1]: semaphore 1 is already in [program] semaphores (line 2), on every core");
	bad("[semaphore.1]\ncores = 5,0\n", 2, "[semaphore.1] cores: core 5,0 is not in [program] cores");
	bad("[semaphore.1]\nvalu = 1\n", 2, "[semaphore.1] unknown key 'valu' (cores, value)");
	bad("[semaphore.1]\n[semaphore.01]\n", 2, "[semaphore.01]: semaphore 1 is also [semaphore.1] (line 1)");
	bad("[semaphore.1]\nvalue = 1.0f\n", 2, "value: bad number '1.0f'");
}

void test_args_sections(int *count, int *failures)
{
	test_kernel_sections();
	test_kernel_errors();
	test_cb_sections();
	test_cb_errors();
	test_cb_tiles();
	test_semaphore_sections();
	*count = check_count;
	*failures = check_failures;
}
