/* SPDX-License-Identifier: Apache-2.0
 *
 * What the compute tests (test_compute_run, test_compute_ops) share: the
 * host reference's number formats and tile layout, written here from
 * docs/tensix.md's rules and not with the simulator's code, and running
 * a compute kernel with the reader and writer of tests/unit/program/compute.
 */
#include "compute_harness.h"
#include "temp_dir.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

const char *kernels_dir;

/* ---- host reference: formats and layout ----------------------------------------------- */

uint32_t f2u(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

float u2f(uint32_t u)
{
	float f;

	memcpy(&f, &u, 4);
	return f;
}

float bf16(uint16_t h)
{
	return u2f((uint32_t)h << 16);
}

bool is_denormal(uint32_t u)
{
	return (u & 0x7f800000u) == 0 && (u & 0x007fffffu);
}

/* A 16-bit DST's rounding of a math result: nearest, ties to even. */
float round_even_bf16(float f)
{
	uint32_t u = f2u(f);

	if (isnan(f))
		return f;
	u += 0x7fffu + ((u >> 16) & 1u);
	return u2f(u & 0xffff0000u);
}

/* The packer's bf16: nearest, ties away from zero, NaN to infinity,
 * denormals to zero (docs/tensix.md, "Data formats"). */
uint16_t pack_bf16(float f)
{
	uint32_t u = f2u(f), sign = u & 0x80000000u;

	if (isnan(f))
		return (uint16_t)((sign | 0x7f800000u) >> 16);
	if (is_denormal(u))
		return (uint16_t)(sign >> 16);
	u += 0x8000u;   /* magnitude + half an ulp: ties go up, away from zero */
	return (uint16_t)(u >> 16);
}

/* An SFPU store into a 16-bit DST: truncation, denormals to zero. */
float trunc_bf16(float f)
{
	uint32_t u = f2u(f);

	if (is_denormal(u))
		return u2f(u & 0x80000000u);
	return u2f(u & 0xffff0000u);
}

/* Where element (r, c) of a 32x32 tile is in L1: four 16x16 faces. */
unsigned tile_pos(unsigned r, unsigned c)
{
	return ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16;
}

static uint32_t seed = 2024;

uint32_t rnd(void)
{
	seed = seed * 1664525u + 1013904223u;
	return seed >> 8;
}

/* A bf16 in [-span, span) on a grid that keeps it exact. */
uint16_t rnd_bf16(float span)
{
	float f = ((float)(rnd() % 65536u) / 32768.0f - 1.0f) * span;

	return (uint16_t)(f2u(round_even_bf16(f)) >> 16);
}

/* ---- running a program --------------------------------------------------------------- */


static int no_lookup(void *ctx, const char *name, struct ttrt_buffer **out);

struct bufs {
	struct ttrt_buffer *b[5];
};

static int lookup(void *ctx, const char *name, struct ttrt_buffer **out)
{
	struct bufs *bs = ctx;
	int i;

	if (strncmp(name, "cr", 2) || name[2] < '0' || name[2] > '4' || name[3])
		return no_lookup(ctx, name, out);
	i = name[2] - '0';
	if (!bs->b[i])
		return -ENOENT;
	*out = bs->b[i];
	ttrt_buffer_get(*out);
	return 0;
}

static int no_lookup(void *ctx, const char *name, struct ttrt_buffer **out)
{
	(void)ctx, (void)name, (void)out;
	return -ENOENT;
}

static char *kernel_file(const char *file, size_t *len)
{
	char path[512];
	char *src;

	snprintf(path, sizeof(path), "%s/%s", kernels_dir, file);
	src = (char *)read_file(path, len);
	REQUIRE(src, "cannot read %s", path);
	/* read_file gives the bytes only; kernel() searches them as a string. */
	src = realloc(src, *len + 1);
	REQUIRE(src, "realloc");
	src[*len] = '\0';
	return src;
}

/* A program's kernel is one source: the SFPI tests' shared frame
 * (sfpi_common.h) is pasted in where they include it. */
static char *kernel(const char *file, size_t *len)
{
	static const char inc[] = "#include \"sfpi_common.h\"\n";
	char *src = kernel_file(file, len), *at = strstr(src, inc), *common, *out;
	size_t clen, head;

	if (!at)
		return src;
	common = kernel_file("sfpi_common.h", &clen);
	head = (size_t)(at - src);
	out = malloc(*len - (sizeof(inc) - 1) + clen + 1);
	REQUIRE(out, "malloc");
	memcpy(out, src, head);
	memcpy(out + head, common, clen);
	memcpy(out + head + clen, at + sizeof(inc) - 1, *len - head - (sizeof(inc) - 1));
	*len = *len - (sizeof(inc) - 1) + clen;
	out[*len] = '\0';
	free(src);
	free(common);
	return out;
}

/*
 * Runs compute kernel `file` with the reader filling c_0..c_2 from in[]
 * and the writer draining c_16, c_17 into out[] (tiles 0: unused).
 * `sections` gives the [cb.N] and [compute] sections; the [program],
 * [reader] and [writer] ones are added here. Returns the run's result.
 */
int run(struct ttrt_device *dev, const char *what, const char *sections, const char *file,
	       struct io in[3], struct io out[2])
{
	size_t len;
	char *src = kernel(file, &len);
	int rc = run_source(dev, what, sections, src, len, in, out);

	free(src);
	return rc;
}

int run_source(struct ttrt_device *dev, const char *what, const char *sections, const char *compute,
	       size_t compute_len, struct io in[3], struct io out[2])
{
	struct bufs bs = { { 0 } };
	struct ttrt_program *p;
	char args[4096], err[512] = "", name[8];
	size_t off, len;
	char *src;
	int rc;

	off = (size_t)snprintf(args, sizeof(args), "[program]\ncores = 1,1\ntimeout_ms = 60000\n%s"
			       "[reader]\nargs =", sections);
	for (int i = 0; i < 5; i++) {
		struct io *io = i < 3 ? &in[i] : &out[i - 3];

		if (i == 3)
			off += (size_t)snprintf(args + off, sizeof(args) - off, "\n[writer]\nargs =");
		if (!io->tiles) {
			off += (size_t)snprintf(args + off, sizeof(args) - off, " 0 0");
			continue;
		}
		snprintf(name, sizeof(name), "cr%d", i);
		REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, name, &bs.b[i]) == 0, "buffer %s", name);
		REQUIRE(ttrt_buffer_set_page_size(bs.b[i], io->tile_bytes) == 0, "page size");
		REQUIRE(ttrt_buffer_set_size(bs.b[i], (uint64_t)io->tile_bytes * io->tiles) == 0, "size");
		if (i < 3)
			REQUIRE(ttrt_buffer_write(bs.b[i], 0, io->data, io->tile_bytes * io->tiles) == 0,
				"write %s", name);
		off += (size_t)snprintf(args + off, sizeof(args) - off, " @%s %u", name, io->tiles);
	}
	snprintf(args + off, sizeof(args) - off, "\n");

	REQUIRE(ttrt_program_new(dev, "compute", lookup, &bs, &p) == 0, "program %s", what);
	rc = ttrt_program_set_args(p, args, strlen(args), err, sizeof(err));
	REQUIRE(rc == 0, "%s: args: %s\n%s", what, err, args);
	src = kernel("reader.cpp", &len);
	CHECK_EQ(ttrt_program_set_source(p, TTRT_KERNEL_READER, src, len), 0);
	free(src);
	src = kernel("writer.cpp", &len);
	CHECK_EQ(ttrt_program_set_source(p, TTRT_KERNEL_WRITER, src, len), 0);
	free(src);
	CHECK_EQ(ttrt_program_set_source(p, TTRT_KERNEL_COMPUTE, compute, compute_len), 0);
	rc = ttrt_program_run(p, NULL);
	if (rc) {
		char *text = NULL;

		if (ttrt_program_render_status(p, &text, &len) == 0)
			fprintf(stderr, "%s: run: %s\n%s", what, strerror(-rc), text);
		free(text);
	}
	for (int i = 0; i < 5; i++) {
		if (!bs.b[i])
			continue;
		if (i >= 3 && !rc)
			CHECK_EQ(ttrt_buffer_read(bs.b[i], 0, out[i - 3].data,
						  out[i - 3].tile_bytes * out[i - 3].tiles), 0);
		CHECK_EQ(ttrt_buffer_delete(bs.b[i]), 0);
		ttrt_buffer_put(bs.b[i]);
	}
	CHECK(rc == 0, "%s runs: %s", what, strerror(-rc));
	ttrt_program_put(p);
	return rc;
}


void cmp_one(struct cmp *c, unsigned i, float got, float want, float tol)
{
	bool ok = (isnan(got) && isnan(want)) || f2u(got) == f2u(want) ||
		  (tol > 0 && fabsf(got - want) <= tol);

	c->n++;
	if (ok)
		return;
	if (c->bad++ < 5)
		fprintf(stderr, "%s: element %u: got %.9g (0x%08x), want %.9g (0x%08x), tol %g\n",
			c->what, i, got, f2u(got), want, f2u(want), tol);
}

void cmp_done(struct cmp *c)
{
	CHECK(c->bad == 0, "%s: %u of %u elements differ", c->what, c->bad, c->n);
}


static char cache_dir[] = "/tmp/ttfs-test-compute-XXXXXX";

static void cleanup(void)
{
	temp_dir_remove(cache_dir);
}

struct ttrt_device *open_device(int argc, char **argv, const char *name)
{
	struct ttrt_config cfg;
	struct ttrt_device *dev;
	char err[512] = "";

	REQUIRE(argc == 2, "usage: %s KERNELS_DIR", name);
	kernels_dir = argv[1];
	REQUIRE(mkdtemp(cache_dir), "mkdtemp");
	atexit(cleanup);
	ttrt_config_defaults(&cfg);
	cfg.dram_bank_size = 16u << 20;
	REQUIRE(ttrt_config_set(&cfg, "cache_dir", cache_dir, err, sizeof(err)) == 0, "%s", err);
	REQUIRE(ttrt_device_open(&cfg, &dev, err, sizeof(err)) == 0, "open: %s", err);
	return dev;
}

void harness_counts(int *failures, int *count)
{
	*failures = check_failures;
	*count = check_count;
}
