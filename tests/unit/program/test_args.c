/* SPDX-License-Identifier: Apache-2.0
 *
 * The args file parser and resolver: DESIGN §1.4's example as written,
 * each kind of bad line with the line and key in its message, per-core
 * overrides, buffer references, numbers, and random text under ASan.
 */
#include "test_args.h"
#include "program/args/args.h"
#include "program/args/cb_place.h"
#include "../check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char design_example[] =
	"[program]\n"
	"cores = 0,0                ; logical cores: 0,0  or ranges 0-3,0-1\n"
	"timeout_ms = 5000\n"
	"[cb.0]\n"
	"format = bfloat16          ; float32, bfloat16, ...\n"
	"pages = 2                  ; page size defaults to one tile of the format\n"
	"[cb.16]\n"
	"format = bfloat16\n"
	"pages = 2\n"
	"[reader]\n"
	"args = @in 64              ; @name = address of dram/buffers/name\n"
	"compile_args = accessor(in)   ; the words a TensorAccessor for that buffer needs\n"
	"[writer]\n"
	"args = @out 64\n"
	"compile_args = accessor(out)\n"
	"[compute]\n"
	"args = 64 1.0f             ; 1.0f = IEEE bits of a float\n"
	"math_fidelity = HiFi4\n";

struct prog_args *parse(const char *text, char *err, size_t errlen, int *rc)
{
	struct prog_args *a = NULL;

	err[0] = '\0';
	*rc = prog_args_parse(text, strlen(text), "args", GX, GY, &a, err, errlen);
	return a;
}

/* Buffers the tests know: in at 0x1000 (page 2048), out at 0x20000 (page 100). */
int lookup(void *ctx, const char *name, struct prog_buffer_info *out)
{
	int *calls = ctx;

	(*calls)++;
	if (strcmp(name, "in") == 0) {
		*out = (struct prog_buffer_info){ .addr = 0x1000, .page_size = 2048, .is_dram = true };
		return 0;
	}
	if (strcmp(name, "out") == 0) {
		*out = (struct prog_buffer_info){ .addr = 0x20000, .page_size = 100, .is_dram = true };
		return 0;
	}
	if (strcmp(name, "huge") == 0) {
		*out = (struct prog_buffer_info){ .addr = 0x100000000ull, .page_size = 64, .is_dram = true };
		return 0;
	}
	if (strcmp(name, "l1") == 0) {   /* an L1 buffer of 8 KiB on each of 2,3 and 3,3 */
		*out = (struct prog_buffer_info){ .addr = 0x170000, .page_size = 2048,
						  .bytes_per_bank = 8192 };
		out->on_core[(3 * GX + 2) / 8] |= 1u << ((3 * GX + 2) % 8);
		out->on_core[(3 * GX + 3) / 8] |= 1u << ((3 * GX + 3) % 8);
		return 0;
	}
	if (strcmp(name, "sharded") == 0) {   /* accessor words of its own */
		*out = (struct prog_buffer_info){ .addr = 0x170000, .page_size = 2048,
						  .accessor = { 1, 2048, 1, 2, 8, 4, 0x03020302 },
						  .n_accessor = 7 };
		return 0;
	}
	if (strcmp(name, "bad") == 0) {
		snprintf(out->problem, sizeof(out->problem), "block_sharded: shard_cores is not set");
		return -EINVAL;
	}
	return -ENOENT;
}

static void test_design_example(void)
{
	char err[512];
	int rc, calls = 0;
	struct prog_args *a = parse(design_example, err, sizeof(err), &rc);
	struct prog_resolved *r = NULL;

	REQUIRE(rc == 0 && a, "design example: %s", err);
	CHECK_EQ(a->n_cores, 1);
	CHECK_EQ(a->cores[0].x, 0);
	CHECK_EQ(a->cores[0].y, 0);
	CHECK_EQ(a->timeout_ms, 5000);
	REQUIRE(a->n_cbs == 2, "%u CB sections", a->n_cbs);
	CHECK(a->cb[0].n_idx == 1 && a->cb[0].idx[0].index == 0, "cb.0");
	CHECK(a->cb[1].n_idx == 1 && a->cb[1].idx[0].index == 16, "cb.16");
	CHECK_EQ(a->cb[0].idx[0].format, PROG_FMT_FLOAT16_B);
	CHECK_EQ(a->cb[0].idx[0].format, 5);   /* tt-metal's DataFormat::Float16_b */
	CHECK_EQ(a->cb[0].idx[0].pages, 2);
	CHECK_EQ(a->cb[0].idx[0].page_size, 2048);
	CHECK_EQ(a->cb[0].size, 4096);
	CHECK_EQ(a->cb[1].idx[0].page_size, 2048);
	CHECK_EQ(a->cb[1].cores.n, 1);
	CHECK_EQ(a->kernel[PROG_READER].noc, 1);
	CHECK_EQ(a->kernel[PROG_WRITER].noc, 0);
	CHECK_EQ(a->kernel[PROG_COMPUTE].math_fidelity, PROG_HIFI4);
	CHECK_EQ(a->kernel[PROG_READER].args.n, 2);
	CHECK_EQ(a->kernel[PROG_READER].args.w[0].kind, PROG_WORD_BUFFER);
	CHECK(strcmp(a->kernel[PROG_READER].args.w[0].buffer, "in") == 0, "buffer %s",
	      a->kernel[PROG_READER].args.w[0].buffer);
	CHECK_EQ(a->kernel[PROG_READER].compile_args.w[0].kind, PROG_WORD_ACCESSOR);

	rc = prog_args_resolve(a, "args", lookup, &calls, &r, err, sizeof(err));
	REQUIRE(rc == 0 && r, "resolve: %s", err);
	CHECK_EQ(r->n_cores, 1);
	CHECK_EQ(r->kernel[PROG_READER].core_args[0].n, 2);
	CHECK_EQ(r->kernel[PROG_READER].core_args[0].v[0], 0x1000);
	CHECK_EQ(r->kernel[PROG_READER].core_args[0].v[1], 64);
	CHECK_EQ(r->kernel[PROG_READER].compile_args.n, 2);
	CHECK_EQ(r->kernel[PROG_READER].compile_args.v[0], 2);      /* IsDram */
	CHECK_EQ(r->kernel[PROG_READER].compile_args.v[1], 2048);
	CHECK_EQ(r->kernel[PROG_WRITER].core_args[0].v[0], 0x20000);
	CHECK_EQ(r->kernel[PROG_WRITER].compile_args.v[1], 128);    /* 100 rounded up to 64 */
	CHECK_EQ(r->kernel[PROG_COMPUTE].core_args[0].n, 2);
	CHECK_EQ(r->kernel[PROG_COMPUTE].core_args[0].v[0], 64);
	CHECK_EQ(r->kernel[PROG_COMPUTE].core_args[0].v[1], 0x3f800000);
	CHECK_EQ(calls, 2);   /* once per buffer name, however many words name it */
	CHECK_EQ(r->n_buffers, 2);
	prog_resolved_free(r);
	prog_args_free(a);
}

/* text must fail with a message naming "args:LINE:" and containing want. */
void bad(const char *text, int line, const char *want)
{
	char err[512], prefix[32];
	int rc;
	struct prog_args *a = parse(text, err, sizeof(err), &rc);

	snprintf(prefix, sizeof(prefix), "args:%d: ", line);
	CHECK(rc == -EINVAL && !a, "accepted: %s", text);
	CHECK(strncmp(err, prefix, strlen(prefix)) == 0, "want line %d, got '%s' for %s", line, err,
	      text);
	CHECK(strstr(err, want) != NULL, "want '%s' in '%s'", want, err);
	prog_args_free(a);
}

static void test_malformed(void)
{
	bad("[program]\ncores = 0,0\ncorez = 1\n", 3,
	    "[program] unknown key 'corez' (cores, timeout_ms, build_timeout_ms, noc, semaphores)");
	bad("[program]\ncores = 0,0\nnoc = fast\n", 3, "noc: 'fast' is not instant or strict");
	bad("[program]\nnoc = Strict\n", 2, "noc: 'Strict' is not instant or strict");
	bad("[program]\nnoc =\n", 2, "empty value for key 'noc'");
	bad("[program]\nnoc = strict\nnoc = instant\n", 3,
	    "duplicate key 'noc' (first set at line 2)");
	bad("[program]\nsemaphores = 0 @x\n", 2, "semaphores: bad number '@x'");
	bad("[program]\nsemaphores = 0 1.0f\n", 2, "semaphores: bad number '1.0f'");
	bad("[program]\nsemaphores = 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 2,
	    "semaphores: more than 16 semaphores");
	bad("[program]\n[readr]\nargs = 1\n", 2, "unknown section [readr]");
	bad("[program]\n\n[bogus]\n", 3, "unknown section [bogus]");
	bad("[reader]\nargs = 1 2 x3\n", 2, "[reader] args: bad number 'x3'");
	bad("[reader]\nargs = 0x\n", 2, "bad number '0x'");
	bad("[reader]\nargs = 12abc\n", 2, "bad number '12abc'");
	bad("[reader]\nargs = 0x100000000\n", 2, "args: number '0x100000000' does not fit");
	bad("[reader]\nargs = 4294967296\n", 2, "does not fit in 32 bits");
	bad("[reader]\nargs = -2147483649\n", 2, "does not fit in 32 bits");
	bad("[program]\ncores = 0,0 1-,2\n", 2, "[program] cores: bad core range '1-,2'");
	bad("[program]\ncores = 3-1,0\n", 2, "bad core range '3-1,0'");
	bad("[program]\ncores = 0 0\n", 2, "bad core range '0'");
	bad("[program]\ncores = 12,0\n", 2, "cores: core range '12,0' leaves the 12x10 grid");
	bad("[program]\ncores = 0-3,9-10\n", 2, "leaves the 12x10 grid");
	bad("[program]\ncores = 0-1,0 1,0\n", 2, "core 1,0 is listed twice");
	bad("[cb.32]\nformat = bfloat16\n", 1, "[cb.32]: CB index 32 is out of range (0..31)");
	bad("[cb.x]\n", 1, "[cb.x]: bad CB index");
	bad("[cb.]\n", 1, "bad CB index");
	bad("[cb.0]\nformat = bfloat17\npages = 2\n", 2, "[cb.0] format: unknown data format 'bfloat17'");
	bad("[cb.0]\nformat = bfloat16\npages = 2\npages = 3\n", 4,
	    "[cb.0] duplicate key 'pages' (first set at line 3)");
	bad("[program]\ntimeout_ms = 1\n[reader]\nargs = 1\nargs = 2\n", 5,
	    "[reader] duplicate key 'args' (first set at line 4)");
	bad("[program]\ncores =\n", 2, "[program] empty value for key 'cores'");
	bad("[reader]\nargs = @\n", 2, "args: '@' names no buffer");
	bad("[reader]\nargs = @in/x\n", 2, "args: 'in/x' is not a buffer name");
	bad("[reader]\nargs = @..\n", 2, "'..' is not a buffer name");
	bad("[reader]\ncompile_args = accessor()\n", 2, "compile_args: 'accessor()' names no buffer");
	bad("[reader]\ncompile_args = accessor(in\n", 2, "bad 'accessor(in' (want accessor(NAME))");
	bad("[reader]\nargs = accessor(in)\n", 2, "put it in compile_args");
	bad("[reader]\ncompile_args = @in\n", 2, "'@in' is an address known at launch");
	bad("[compute]\nargs = 1.0.0f\n", 2, "[compute] args: bad float '1.0.0f'");
	bad("[compute]\nargs = 1e+f\n", 2, "bad float '1e+f'");
	bad("[compute]\nargs = 1f\n", 2, "bad float '1f'");
	bad("[compute]\nargs = 1e39f\n", 2, "float '1e39f' is out of range");
	bad("[program]\ntimeout_ms = 1.5f\n", 2, "timeout_ms: bad number '1.5f'");
	bad("[program]\ntimeout_ms = 0\n", 2, "timeout_ms: 0 is out of range (1..3600000)");
	bad("[program]\ntimeout_ms = 5 6\n", 2, "timeout_ms: want one number");
	bad("[program]\nbuild_timeout_ms = 0\n", 2,
	    "build_timeout_ms: 0 is out of range (1..3600000)");
	bad("[program]\nbuild_timeout_ms = 3600001\n", 2, "out of range (1..3600000)");
	bad("[program]\nbuild_timeout_ms = 5\nbuild_timeout_ms = 6\n", 3,
	    "duplicate key 'build_timeout_ms' (first set at line 2)");
	bad("[program]\ncores 0,0\n", 2, "syntax error");
	bad("[program\ncores = 0,0\n", 1, "syntax error");
	bad("cores = 0,0\n", 1, "key 'cores' is outside a section");
	bad("[program]\n[reader]\n[program]\n", 3, "section [program] appears twice (first at line 1)");
	bad("[cb.0]\npages = 2\n", 1, "[cb.0] needs a format");
	bad("[cb.0]\nformat = float32\n", 1, "[cb.0] needs pages");
	bad("[cb.0]\nformat = float32\nsize = 1000\npage_size = 48\n", 3,
	    "[cb.0] size: 1000 bytes is not a multiple of CB 0's page size (48)");
	bad("[cb.0]\nformat = float32\npages = 400\n", 1, "circular buffers need 1638400 bytes");
	bad("[reader]\nmath_fidelity = HiFi4\n", 2, "[reader] key 'math_fidelity' is only for [compute]");
	bad("[compute]\nnoc = 0\n", 2, "[compute] key 'noc' is only for [reader] and [writer]");
	bad("[compute]\nmath_fidelity = HiFi5\n", 2, "math_fidelity: want LoFi, HiFi2, HiFi3 or HiFi4");
	bad("[compute]\nfp32_dest_acc_en = maybe\n", 2, "fp32_dest_acc_en: want true or false");
	bad("[writer]\nnoc = 2\n", 2, "noc: 2 is out of range (0..1)");
	bad("[writer]\ndefines = 1X=2\n", 2, "[writer] defines: bad define '1X=2'");
	bad("[writer]\ndefines = A=1 B A=3\n", 2, "defines: A is defined twice");
	bad("[program]\ntimeout_ms = 5\n  6\n", 3, "indented line continues 'timeout_ms'");
	bad("[program]\ncores = 0,0\n[reader]\nargs.1,1 = 5\n", 4,
	    "[reader] args override for core 1,1, which is not in [program] cores");
	bad("[program]\ncores = 0-3,0\n[reader]\nargs.0-1,0 = 5\nargs.1-2,0 = 6\n", 5,
	    "[reader] args.1-2,0: core 1,0 already has its args at line 4");
	bad("[reader]\nargs.x = 1\n", 2, "args.x: bad core range 'x'");
	bad("[reader]\nargs. = 1\n", 2, "[reader] args.: no core after 'args.'");
	bad("[reader]\nargs = 1\n\x01\n", 3, "syntax error");
	/* A NUL in the text: parse sees the whole length. */
	{
		static const char t[] = "[program]\ncores = 0,0\n\0[bogus]\n";
		char err[256];
		struct prog_args *a = NULL;
		int rc = prog_args_parse(t, sizeof(t) - 1, "args", GX, GY, &a, err, sizeof(err));
		CHECK(rc == -EINVAL && strstr(err, "args:3: a NUL byte"), "%s", err);
		prog_args_free(a);
	}
	{
		char text[400];
		snprintf(text, sizeof(text), "[reader]\nargs = %0250d\n", 1);
		bad(text, 2, "line is longer than 198 characters");
	}
	bad("[reader]\nargs.0,0 1,0 2,0 3,0 4,0 5,0 6,0 7,0 8,0 9,0 10,0 = 1\n", 2, "is too long");
}

static void test_numbers(void)
{
	char err[512];
	int rc;
	struct prog_args *a = parse("[compute]\nargs = 0 1 0x10 0XfF 4294967295 0xffffffff -1 "
				    "-2147483648 +7 007 1.0f -2.5f 1e-3f .5f 2.F 0x1f\n",
				    err, sizeof(err), &rc);
	static const uint32_t want[] = {
		0, 1, 16, 255, 0xffffffff, 0xffffffff, 0xffffffff, 0x80000000, 7, 7,
		0x3f800000, 0xc0200000, 0x3a83126f, 0x3f000000, 0x40000000, 0x1f,
	};

	REQUIRE(rc == 0, "%s", err);
	CHECK_EQ(a->kernel[PROG_COMPUTE].args.n, sizeof(want) / sizeof(want[0]));
	for (uint32_t i = 0; i < a->kernel[PROG_COMPUTE].args.n && i < sizeof(want) / 4; i++)
		CHECK(a->kernel[PROG_COMPUTE].args.w[i].value == want[i], "word %u: 0x%x, want 0x%x", i,
		      a->kernel[PROG_COMPUTE].args.w[i].value, want[i]);
	prog_args_free(a);

	/* Commas separate words too; limits: 341 args fit, 342 do not. */
	{
		char *text = malloc(8192);
		size_t n = (size_t)sprintf(text, "[reader]\nargs = 1,2, 3\n");
		a = parse(text, err, sizeof(err), &rc);
		CHECK(rc == 0 && a->kernel[PROG_READER].args.n == 3 &&
		      a->kernel[PROG_READER].args.w[2].value == 3, "%s", err);
		prog_args_free(a);

		n = (size_t)sprintf(text, "[reader]\nargs = 0");
		for (int i = 1; i < PROG_MAX_ARGS; i++)
			n += (size_t)sprintf(text + n, "%s%d", i % 40 ? " " : "\n  ", i % 10);
		sprintf(text + n, "\n");
		a = parse(text, err, sizeof(err), &rc);
		CHECK(rc == 0, "341 args: %s", err);
		CHECK_EQ(a ? a->kernel[PROG_READER].args.n : 0, PROG_MAX_ARGS);
		CHECK_EQ(a ? a->kernel[PROG_READER].args.w[340].value : 0, 0);
		prog_args_free(a);
		sprintf(text + n, " 9\n");
		a = parse(text, err, sizeof(err), &rc);
		CHECK(rc == -EINVAL && strstr(err, "args: more than 341 words"), "%s", err);
		prog_args_free(a);
		free(text);
	}
}

static void test_cores_and_formats(void)
{
	char err[512];
	int rc;
	struct prog_args *a = parse("[program]\ncores = 0-3,0-1 5,5\n  11,9\n"
				    "[cb.1]\nformat = FLOAT32\npages = 1\n"
				    "[cb.2]\nformat = Bfp8_b\npages = 3\n"
				    "[cb.3]\nformat = uint16\npages = 1\npage_size = 0x40\n"
				    "[cb.31]\nformat = int32\npages = 1\n"
				    "[writer]\nnoc = 1\ndefines = A=1 B  C=x,y\n"
				    "[compute]\nmath_fidelity = lofi\nfp32_dest_acc_en = true\n"
				    "math_approx_mode = 1\n",
				    err, sizeof(err), &rc);

	REQUIRE(rc == 0, "%s", err);
	CHECK_EQ(a->n_cores, 10);
	/* In listed order, x fastest within a range; 11,9 from the indented line. */
	{
		static const uint8_t want[][2] = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 }, { 0, 1 },
						   { 1, 1 }, { 2, 1 }, { 3, 1 }, { 5, 5 }, { 11, 9 } };
		for (uint32_t i = 0; i < a->n_cores && i < 10; i++)
			CHECK(a->cores[i].x == want[i][0] && a->cores[i].y == want[i][1],
			      "core %u is %u,%u", i, a->cores[i].x, a->cores[i].y);
	}
	REQUIRE(a->n_cbs == 4, "%u CB sections", a->n_cbs);
	CHECK_EQ(a->cb[0].idx[0].page_size, 4096);
	CHECK_EQ(a->cb[1].idx[0].format, 6);
	CHECK_EQ(a->cb[1].idx[0].page_size, 1088);
	CHECK_EQ(a->cb[2].idx[0].page_size, 64);
	CHECK_EQ(a->cb[3].idx[0].index, 31);
	CHECK_EQ(a->cb[3].idx[0].format, 8);
	CHECK_EQ(a->kernel[PROG_WRITER].noc, 1);
	CHECK_EQ(a->kernel[PROG_WRITER].n_defines, 3);
	CHECK(strcmp(a->kernel[PROG_WRITER].defines[1], "B") == 0, "define %s",
	      a->kernel[PROG_WRITER].defines[1]);
	CHECK(strcmp(a->kernel[PROG_WRITER].defines[2], "C=x,y") == 0, "define %s",
	      a->kernel[PROG_WRITER].defines[2]);
	CHECK_EQ(a->kernel[PROG_COMPUTE].math_fidelity, PROG_LOFI);
	CHECK(a->kernel[PROG_COMPUTE].fp32_dest_acc_en && a->kernel[PROG_COMPUTE].math_approx_mode,
	      "fp32_dest_acc_en %d math_approx_mode %d", a->kernel[PROG_COMPUTE].fp32_dest_acc_en,
	      a->kernel[PROG_COMPUTE].math_approx_mode);
	prog_args_free(a);

	a = parse("[program]\nsemaphores = 0, 5\n  0xffffffff\n", err, sizeof(err), &rc);
	REQUIRE(rc == 0, "%s", err);
	CHECK_EQ(a->n_semaphores, 3);
	CHECK_EQ(a->semaphores[1], 5);
	CHECK_EQ(a->semaphores[2], 0xffffffff);
	prog_args_free(a);

	/* No [program]: core 0,0; an empty file is a valid empty program. */
	a = parse("", err, sizeof(err), &rc);
	CHECK(rc == 0 && a && a->n_cores == 1 && a->timeout_ms == 0 && a->build_timeout_ms == 0,
	      "%s", err);
	prog_args_free(a);

	a = parse("[program]\nbuild_timeout_ms = 1500\n", err, sizeof(err), &rc);
	REQUIRE(rc == 0, "%s", err);
	CHECK_EQ(a->build_timeout_ms, 1500);
	CHECK_EQ(a->timeout_ms, 0);
	CHECK_EQ(a->noc_mode, -1);   /* the daemon's -o noc */
	prog_args_free(a);

	a = parse("[program]\nnoc = strict\n", err, sizeof(err), &rc);
	REQUIRE(rc == 0, "%s", err);
	CHECK_EQ(a->noc_mode, TTRT_NOC_STRICT);
	prog_args_free(a);
	a = parse("[program]\nnoc = instant ; the default\n", err, sizeof(err), &rc);
	REQUIRE(rc == 0, "%s", err);
	CHECK_EQ(a->noc_mode, TTRT_NOC_INSTANT);
	prog_args_free(a);
}

/* The edges of every range: the last value in, the next one out. */
static void test_limits(void)
{
	char err[512], *text = malloc(4096);
	int rc;
	size_t n;
	struct prog_args *a = parse("[program]\ncores = 0-11,0-9\ntimeout_ms = 3600000\n"
				    "[cb.31]\nformat = uint8\npages = 42112\npage_size = 32\n",
				    err, sizeof(err), &rc);

	REQUIRE(rc == 0, "%s", err);
	CHECK_EQ(a->n_cores, 120);
	CHECK(a->cores[119].x == 11 && a->cores[119].y == 9, "last core %u,%u", a->cores[119].x,
	      a->cores[119].y);
	CHECK_EQ(a->timeout_ms, 3600000);
	CHECK_EQ(a->n_semaphores, 0);
	CHECK_EQ(a->cb[0].size, 0x180000 - 0x37000);
	prog_args_free(a);
	bad("[program]\ntimeout_ms = 3600001\n", 2, "timeout_ms: 3600001 is out of range");
	/* tt-metal's 16-bit page counters: 65535 pages at most. */
	bad("[cb.0]\nformat = uint8\npages = 65536\npage_size = 16\n", 3,
	    "pages: 65536 is out of range (1..65535)");
	bad("[cb.0]\nformat = uint8\nsize = 65536\npage_size = 1\n", 3,
	    "[cb.0] CB 0 would have 65536 pages, more than 65535");
	bad("[cb.0]\nformat = uint8\npages = 0\n", 3, "pages: 0 is out of range (1..65535)");
	bad("[cb.0]\nformat = uint8\npages = 1\npage_size = 0\n", 4, "page_size: 0 is out of range");
	bad("[cb.0]\nformat = uint8\npages = 42112\npage_size = 16\n"
	    "[cb.1]\nformat = uint8\npages = 42113\npage_size = 16\n", 5,
	    "[cb.1]: circular buffers need 1347600 bytes");

	/* compile_args: accessor() counts as its 2 words against the 341. */
	n = (size_t)sprintf(text, "[reader]\ncompile_args = accessor(in)");
	for (int i = 2; i < PROG_MAX_COMPILE_ARGS; i++)
		n += (size_t)sprintf(text + n, "%s1", i % 60 ? " " : "\n ");
	sprintf(text + n, "\n");
	a = parse(text, err, sizeof(err), &rc);
	CHECK(rc == 0 && a->kernel[PROG_READER].compile_args.n == PROG_MAX_COMPILE_ARGS - 1, "%s", err);
	prog_args_free(a);
	sprintf(text + n, " 1\n");
	a = parse(text, err, sizeof(err), &rc);
	CHECK(rc == -EINVAL && strstr(err, "compile_args: more than 341 words"), "%s", err);
	prog_args_free(a);

	/* 64 defines fit, the 65th does not; a 127-byte define fits. */
	n = (size_t)sprintf(text, "[writer]\ndefines =");
	for (int i = 0; i < PROG_MAX_DEFINES; i++)
		n += (size_t)sprintf(text + n, "%sD%d=%d", i && i % 16 == 0 ? "\n " : " ", i, i);
	sprintf(text + n, "\n");
	a = parse(text, err, sizeof(err), &rc);
	CHECK(rc == 0 && a->kernel[PROG_WRITER].n_defines == PROG_MAX_DEFINES, "%s", err);
	prog_args_free(a);
	sprintf(text + n, " X\n");
	a = parse(text, err, sizeof(err), &rc);
	CHECK(rc == -EINVAL && strstr(err, "defines: more than 64 defines"), "%s", err);
	prog_args_free(a);
	memset(text, 0, 4096);
	n = (size_t)sprintf(text, "[writer]\ndefines = L=");
	memset(text + n, 'v', 125);
	strcat(text, "\n");
	a = parse(text, err, sizeof(err), &rc);
	CHECK(rc == 0 && strlen(a->kernel[PROG_WRITER].defines[0]) == 127, "%s", err);
	prog_args_free(a);
	text[strlen(text) - 1] = 'v';
	strcat(text, "\n");
	bad(text, 2, "defines: bad define 'L=vvv");
	free(text);
}

static void test_overrides(void)
{
	char err[512];
	int rc, calls = 0;
	struct prog_resolved *r = NULL;
	struct prog_args *a = parse("[program]\ncores = 0-3,0\n"
				    "[reader]\nargs = @in 0\ncommon_args = @out 7\n"
				    "args.1,0 = @in 100\n"
				    "args.2-3,0 = @out\n  200 ; a comment\n\t0x5\n",
				    err, sizeof(err), &rc);

	REQUIRE(rc == 0, "%s", err);
	CHECK_EQ(a->kernel[PROG_READER].n_overrides, 2);
	rc = prog_args_resolve(a, "args", lookup, &calls, &r, err, sizeof(err));
	REQUIRE(rc == 0, "%s", err);
	CHECK_EQ(r->n_cores, 4);
	CHECK_EQ(r->kernel[PROG_READER].core_args[0].n, 2);
	CHECK_EQ(r->kernel[PROG_READER].core_args[0].v[1], 0);
	CHECK_EQ(r->kernel[PROG_READER].core_args[1].v[0], 0x1000);
	CHECK_EQ(r->kernel[PROG_READER].core_args[1].v[1], 100);
	for (int c = 2; c < 4; c++) {
		CHECK_EQ(r->kernel[PROG_READER].core_args[c].n, 3);
		CHECK_EQ(r->kernel[PROG_READER].core_args[c].v[0], 0x20000);
		CHECK_EQ(r->kernel[PROG_READER].core_args[c].v[1], 200);
		CHECK_EQ(r->kernel[PROG_READER].core_args[c].v[2], 5);
	}
	CHECK_EQ(r->kernel[PROG_READER].common_args.n, 2);
	CHECK_EQ(r->kernel[PROG_READER].common_args.v[0], 0x20000);
	CHECK_EQ(r->kernel[PROG_WRITER].core_args[3].n, 0);
	prog_resolved_free(r);
	prog_args_free(a);
}

/* Metal 2.0: named args given by name go first, in the order of their
 * names, the words without a name after them; a tensor binding's accessor
 * follows compile_args and its address the named common args. */
static void test_metal2_bindings(void)
{
	char err[512];
	int rc, calls = 0;
	struct prog_resolved *r = NULL;
	struct prog_args *a = parse("[program]\ncores = 2-3,3\n[kernel.k]\nsource = k.cpp\n"
				    "processor = brisc\narg_names = a b\nargs = 9 b=@in a=1\n"
				    "args.3,3 = b=3 8 a=4\ncommon_arg_names = c\ncommon_args = 5 c=6\n"
				    "compile_args = 7\ntensor_names = t=out u=in\ndfb_names = d=16\n"
				    "semaphore_names = s=3\nscratch_names = p=l1\n",
				    err, sizeof(err), &rc);
	const struct prog_kernel_args *k;
	const struct prog_resolved_kernel *rk;

	REQUIRE(rc == 0, "%s", err);
	k = &a->kernel[a->n_kernels - 1];
	CHECK(k->n_dfbs == 1 && !strcmp(k->dfbs[0].name, "d") && k->dfbs[0].value == 16, "dfb");
	CHECK(k->n_sems == 1 && !strcmp(k->sems[0].name, "s") && k->sems[0].value == 3, "sem");
	CHECK(k->n_tensors == 2 && !strcmp(k->tensors[0].buffer, "out") &&
		      !strcmp(k->tensors[1].name, "u"), "tensors");
	rc = prog_args_resolve(a, "args", lookup, &calls, &r, err, sizeof(err));
	REQUIRE(rc == 0, "%s", err);
	rk = &r->kernel[a->n_kernels - 1];
	CHECK(rk->core_args[0].n == 3 && rk->core_args[0].v[0] == 1 &&
		      rk->core_args[0].v[1] == 0x1000 && rk->core_args[0].v[2] == 9, "args by name");
	CHECK(rk->core_args[1].n == 3 && rk->core_args[1].v[0] == 4 && rk->core_args[1].v[1] == 3 &&
		      rk->core_args[1].v[2] == 8, "args.3,3 by name");
	CHECK(rk->common_args.n == 5 && rk->common_args.v[0] == 6 &&
		      rk->common_args.v[1] == 0x20000 && rk->common_args.v[2] == 0x1000 &&
		      rk->common_args.v[3] == 0x170000 && rk->common_args.v[4] == 5,
	      "common args: c, t's, u's and p's addresses, then 5");
	CHECK(rk->scratch_size && rk->scratch_size[0] == 8192, "the scratchpad's bytes on a core");
	CHECK_EQ(rk->compile_args.n, 1 + 2 * PROG_ACCESSOR_WORDS);
	CHECK_EQ(rk->compile_args.v[0], 7);
	CHECK(rk->tensor_cta && rk->tensor_cta[0] == 1 && rk->tensor_cta[1] == 3, "accessor offsets");
	prog_resolved_free(r);
	prog_args_free(a);
}

/* A scratchpad is an L1 buffer with bytes on each of the kernel's cores. */
static void test_scratch_errors(void)
{
	static const struct { const char *cores, *buf, *want; } cases[] = {
		{ "2-3,3", "in", "args:5: [kernel.k] scratch_names: 'in' is a DRAM buffer; a scratchpad is an L1 buffer" },
		{ "2-4,3", "l1", "args:5: [kernel.k] scratch_names: 'l1' has no bytes on one of its cores" },
		{ "2-3,3", "gone", "args:5: [kernel.k] scratch_names: no buffer 'gone'" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char err[512], text[256];
		int rc, calls = 0;
		struct prog_resolved *r = NULL;
		struct prog_args *a;

		snprintf(text, sizeof(text), "[program]\ncores = %s\n[kernel.k]\nsource = k.cpp\n"
			 "scratch_names = p=%s\nprocessor = brisc\n", cases[i].cores, cases[i].buf);
		a = parse(text, err, sizeof(err), &rc);
		REQUIRE(rc == 0, "%s", err);
		rc = prog_args_resolve(a, "args", lookup, &calls, &r, err, sizeof(err));
		CHECK(rc < 0 && !r && !strncmp(err, cases[i].want, strlen(cases[i].want)), "case %zu: %d %s",
		      i, rc, err);
		prog_args_free(a);
	}
}

static void test_resolve_errors(void)
{
	char err[512];
	int rc, calls = 0;
	struct prog_resolved *r = NULL;
	struct prog_args *a = parse("[program]\ncores = 0-1,0\n[writer]\nargs = 1\nargs.1,0 = @gone\n",
				    err, sizeof(err), &rc);

	REQUIRE(rc == 0, "%s", err);
	rc = prog_args_resolve(a, "args", lookup, &calls, &r, err, sizeof(err));
	CHECK(rc == -ENOENT && !r, "rc %d", rc);
	CHECK(strcmp(err, "args:5: [writer] args.1,0: no buffer 'gone'") == 0, "%s", err);
	prog_args_free(a);

	a = parse("[compute]\ncompile_args = 1\n  accessor(nope)\n", err, sizeof(err), &rc);
	REQUIRE(rc == 0, "%s", err);
	rc = prog_args_resolve(a, "args", lookup, &calls, &r, err, sizeof(err));
	CHECK(rc == -ENOENT && strcmp(err, "args:2: [compute] compile_args: no buffer 'nope'") == 0,
	      "%s", err);
	prog_args_free(a);

	a = parse("[reader]\nargs = @huge\n", err, sizeof(err), &rc);
	REQUIRE(rc == 0, "%s", err);
	rc = prog_args_resolve(a, "args", lookup, &calls, &r, err, sizeof(err));
	CHECK(rc == -ERANGE && strstr(err, "beyond 32 bits"), "%s", err);
	prog_args_free(a);
}

/* A sharded buffer's accessor is its own words, however many; a list with
 * them expanded still has to fit 341 words. A buffer the lookup refuses
 * says why. */
static void test_resolve_sharded(void)
{
	char err[512], text[4096];
	int rc, calls = 0, n;
	struct prog_resolved *r = NULL;
	struct prog_args *a = parse("[reader]\ncompile_args = 9 accessor(sharded) accessor(in) 7\n",
				    err, sizeof(err), &rc);
	static const uint32_t want[] = { 9, 1, 2048, 1, 2, 8, 4, 0x03020302, 2, 2048, 7 };

	REQUIRE(rc == 0, "%s", err);
	rc = prog_args_resolve(a, "args", lookup, &calls, &r, err, sizeof(err));
	REQUIRE(rc == 0 && r, "%s", err);
	CHECK_EQ(r->kernel[PROG_READER].compile_args.n, 11);
	CHECK(memcmp(r->kernel[PROG_READER].compile_args.v, want, sizeof(want)) == 0, "words");
	prog_resolved_free(r);
	prog_args_free(a);
	/* 48 accessors of 7 words: 96 as parsed, 336 + 9 = 345 expanded. */
	n = snprintf(text, sizeof(text), "[reader]\ncompile_args = 1 2 3 4 5 6 7 8 9\n");
	for (int i = 0; i < 48; i++)
		n += snprintf(text + n, sizeof(text) - (size_t)n, "  accessor(sharded)\n");
	a = parse(text, err, sizeof(err), &rc);
	REQUIRE(rc == 0, "%s", err);
	rc = prog_args_resolve(a, "args", lookup, &calls, &r, err, sizeof(err));
	CHECK(rc == -EINVAL && !r, "rc %d", rc);
	CHECK(strcmp(err, "args:2: [reader] compile_args: 345 words with the accessors expanded, "
			  "more than 341") == 0, "%s", err);
	prog_args_free(a);
	a = parse("[writer]\nargs = @bad\n", err, sizeof(err), &rc);
	REQUIRE(rc == 0, "%s", err);
	rc = prog_args_resolve(a, "args", lookup, &calls, &r, err, sizeof(err));
	CHECK(rc == -EINVAL && strcmp(err, "args:2: [writer] args: buffer 'bad': block_sharded: "
					   "shard_cores is not set") == 0, "%s", err);
	prog_args_free(a);
}

/* [cb.N] buffer = NAME: the section takes the L1 buffer's address, if
 * the buffer is in L1 and has room for the CB on each of its cores. */
static void test_cb_buffer(void)
{
	static const struct {
		const char *cb, *err;
		int rc;
	} cases[] = {
		{ "cores = 2-3,3\npages = 4\nbuffer = l1", NULL, 0 },
		{ "cores = 2-3,3\npages = 5\nbuffer = l1",
		  "args:10: [cb.16] buffer: L1 buffer 'l1' has 8192 bytes on core 2,3, the CB needs 10240",
		  -EINVAL },
		{ "cores = 2-4,3\nsize = 4096\nbuffer = l1",
		  "args:10: [cb.16] buffer: L1 buffer 'l1' has 0 bytes on core 4,3, the CB needs 4096",
		  -EINVAL },
		{ "pages = 1\nbuffer = in",
		  "args:9: [cb.16] buffer: 'in' is a DRAM buffer; a CB's memory is an L1 buffer (l1/buffers/)",
		  -EINVAL },
		{ "pages = 1\nbuffer = nope", "args:9: [cb.16] buffer: no buffer 'nope'", -ENOENT },
		{ "pages = 1\nbuffer = bad",
		  "args:9: [cb.16] buffer: buffer 'bad': block_sharded: shard_cores is not set", -EINVAL },
	};
	char err[512], text[512];
	int rc, calls = 0;
	struct prog_resolved *r;
	struct prog_args *a;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(text, sizeof(text),
			 "[program]\ncores = 2-4,3\n[cb.0]\npages = 1\nformat = float32\n"
			 "[cb.16]\nformat = bfloat16\n%s\n", cases[i].cb);
		a = parse(text, err, sizeof(err), &rc);
		REQUIRE(rc == 0 && a, "case %zu: %s", i, err);
		r = NULL;
		err[0] = '\0';
		rc = prog_args_resolve(a, "args", lookup, &calls, &r, err, sizeof(err));
		CHECK(rc == cases[i].rc, "case %zu: rc %d: %s", i, rc, err);
		if (cases[i].err)
			CHECK(strcmp(err, cases[i].err) == 0, "case %zu: %s", i, err);
		if (rc == 0 && r) {
			CHECK(!r->cb_fixed[0].fixed, "cb.0 is placed");
			CHECK(r->cb_fixed[1].fixed && r->cb_fixed[1].addr == 0x170000, "cb.16 on l1");
		}
		prog_resolved_free(r);
		prog_args_free(a);
	}
	/* At the write: a bad name, a second buffer key; the room check
	 * leaves a section on a buffer out. */
	a = parse("[cb.0]\nformat = bfloat16\npages = 1\nbuffer = a/b\n", err, sizeof(err), &rc);
	CHECK(rc == -EINVAL && strstr(err, "args:4: [cb.0] buffer: 'a/b' is not a buffer name"),
	      "%s", err);
	prog_args_free(a);
	a = parse("[cb.0]\nformat = bfloat16\npages = 1\nbuffer = x\nbuffer = y\n", err,
		  sizeof(err), &rc);
	CHECK(rc == -EINVAL && strstr(err, "duplicate key 'buffer'"), "%s", err);
	prog_args_free(a);
	a = parse("[cb.0]\nformat = float32\nsize = 1048576\nbuffer = x\n"
		  "[cb.1]\nformat = float32\nsize = 1048576\n", err, sizeof(err), &rc);
	CHECK(rc == 0, "two 1 MiB CBs, one on a buffer: %s", err);
	prog_args_free(a);
}

/* Random and truncated text: never a crash or leak (ASan), always 0 or
 * -EINVAL with a message. */
static void test_fuzz(void)
{
	static const char *const pieces[] = {
		"[program]", "[reader]", "[writer]", "[compute]", "[cb.0]", "[cb.31]", "[cb.99]", "[",
		"]", "cores", "args", "args.0,0", "compile_args", "defines", "format", "pages", "=",
		" ", "\n", "  ", ";", "#", "@in", "@", "accessor(in)", "accessor(", "1.0f", "0x",
		"-", ",", "0-3,0-1", "bfloat16", "HiFi4", "\t", "\r", "\xEF\xBB\xBF", "999999999999",
		"e", "f", ".", "timeout_ms", "page_size", "noc", "A=1",
		"[kernel.k]", "[kernel.", "source", "processor", "brisc", "ncrisc", "compute",
		"a.cpp", "cores", "0,0", "1-2,0", "[cb.16,24]", "[cb.0,1]", "format.24", "size",
		"[semaphore.1]", "value", "named_compile_args", "n=1", "\"", "unpack_to_dest_mode",
	};
	const size_t npieces = sizeof(pieces) / sizeof(pieces[0]);
	char text[1024], err[256];
	unsigned seed = 12345;
	int ok = 0, failed = 0, bad_rc = 0;

	for (int iter = 0; iter < 20000; iter++) {
		size_t n = 0;
		int parts = (int)(rand_r(&seed) % 40);
		for (int p = 0; p < parts && n < sizeof(text) - 32; p++) {
			if (rand_r(&seed) % 8 == 0) {
				text[n++] = (char)(rand_r(&seed) & 0xff);
			} else {
				const char *s = pieces[rand_r(&seed) % npieces];
				size_t l = strlen(s);
				memcpy(text + n, s, l);
				n += l;
			}
		}
		/* Also every prefix of the design example. */
		if (iter < (int)sizeof(design_example)) {
			n = (size_t)iter;
			memcpy(text, design_example, n);
		}
		struct prog_args *a = NULL;
		char *copy = malloc(n ? n : 1);   /* exact size: ASan sees any overread */
		memcpy(copy, text, n);
		int rc = prog_args_parse(copy, n, "args", GX, GY, &a, err, sizeof(err));
		if (rc == 0) {
			struct prog_resolved *r = NULL;
			int calls = 0;
			ok++;
			if (prog_args_resolve(a, "args", lookup, &calls, &r, err, sizeof(err)) == 0)
				prog_resolved_free(r);
		} else if (rc == -EINVAL && strncmp(err, "args:", 5) == 0) {
			failed++;
		} else {
			bad_rc++;
		}
		prog_args_free(a);
		free(copy);
	}
	CHECK_EQ(bad_rc, 0);
	CHECK(ok > 100 && failed > 100, "ok %d failed %d", ok, failed);
}

int main(void)
{
	int count, failures;

	test_design_example();
	test_malformed();
	test_numbers();
	test_cores_and_formats();
	test_limits();
	test_overrides();
	test_metal2_bindings();
	test_scratch_errors();
	test_resolve_errors();
	test_resolve_sharded();
	test_cb_buffer();
	test_args_sections(&count, &failures);
	check_count += count;
	check_failures += failures;
	test_fuzz();
	return check_exit("test_args");
}
