/* SPDX-License-Identifier: Apache-2.0
 *
 * The example programs (examples/loopback, add2-riscv, multicore-copy,
 * semaphore-pingpong, multicast, noc-tile-transfer) through the runtime's
 * program stages, without a mount, twice: first stage by stage (each
 * example's own `args` file parsed and resolved against DRAM buffers made
 * here, its kernel sources built for their RISCs by build.c, packed by
 * xip.c and pack.c, launched on every listed core with each core's own
 * runtime args), then through the program API (ttrt_program_*), as the
 * mount runs them. Each time the output is checked against what this
 * test computes. The run scripts do the same through programs/<name>/ on
 * a mount (tests/fs/examples.bats).
 *
 * test_examples SDK_DIR INCLUDE_DIR EXAMPLES_DIR
 */
#include "temp_dir.h"
#include "program/args/args.h"
#include "program/build/build.h"
#include "program/build/cache.h"
#include "program/pack/pack.h"
#include "program/pack/pack_args.h"
#include "../launch/launch_util.h"

#include <dirent.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char *examples_dir;
static char cache_dir[] = "/tmp/ttfs-test-examples-XXXXXX";
static struct build_env env;

#define MAX_BUFS 4

struct buf_spec {
	const char *name;
	uint32_t page_size;
	uint32_t size;
	bool random;          /* else zeros, as a new buffer starts */
};

struct example {
	const char *name;
	struct buf_spec bufs[MAX_BUFS];
	struct ttrt_buffer *buf[MAX_BUFS];
	uint8_t *data[MAX_BUFS];   /* what was written */
};

static char *slurp(const char *dir, const char *file, size_t *len)
{
	char path[PATH_MAX];
	uint8_t *buf;

	snprintf(path, sizeof(path), "%s/%s/%s", examples_dir, dir, file);
	if (access(path, F_OK))
		return NULL;
	REQUIRE(cache_read_file(path, &buf, len) == 0, "%s", path);
	return (char *)buf;
}

static int lookup(void *ctx, const char *name, struct prog_buffer_info *out)
{
	struct example *ex = ctx;

	for (int i = 0; i < MAX_BUFS && ex->bufs[i].name; i++) {
		uint64_t addr;

		if (strcmp(ex->bufs[i].name, name))
			continue;
		if (ttrt_buffer_address(ex->buf[i], &addr))
			return -ENOENT;
		*out = (struct prog_buffer_info){
			.addr = addr, .page_size = ex->bufs[i].page_size, .is_dram = true,
		};
		return 0;
	}
	return -ENOENT;
}

static void make_buffers(struct ttrt_device *dev, struct example *ex)
{
	static uint32_t seed = 12345;

	for (int i = 0; i < MAX_BUFS && ex->bufs[i].name; i++) {
		const struct buf_spec *s = &ex->bufs[i];

		REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, s->name, &ex->buf[i]) == 0, "buffer %s", s->name);
		REQUIRE(ttrt_buffer_set_page_size(ex->buf[i], s->page_size) == 0, "%s", s->name);
		REQUIRE(ttrt_buffer_set_size(ex->buf[i], s->size) == 0, "%s", s->name);
		ex->data[i] = calloc(1, s->size);
		REQUIRE(ex->data[i], "calloc");
		if (s->random) {
			for (uint32_t j = 0; j < s->size; j++) {
				seed = seed * 1103515245u + 12345u;
				ex->data[i][j] = (uint8_t)(seed >> 16);
			}
			REQUIRE(ttrt_buffer_write(ex->buf[i], 0, ex->data[i], s->size) == 0, "%s",
				s->name);
		}
	}
}

static void free_buffers(struct example *ex)
{
	for (int i = 0; i < MAX_BUFS && ex->bufs[i].name; i++) {
		CHECK_EQ(ttrt_buffer_delete(ex->buf[i]), 0);
		ttrt_buffer_put(ex->buf[i]);
		free(ex->data[i]);
	}
}

/* The output of buffer i, read back (malloc'd). */
static uint8_t *read_buffer(struct example *ex, int i)
{
	uint8_t *out = malloc(ex->bufs[i].size);

	REQUIRE(out, "malloc");
	CHECK_EQ(ttrt_buffer_read(ex->buf[i], 0, out, ex->bufs[i].size), 0);
	return out;
}

/* ---- build and pack ----------------------------------------------------------- */

#define MAX_JOBS (3 * PROG_MAX_KERNELS)

/* Every kernel the plan runs, built for each RISC of its processor. */
struct built {
	const struct example *ex;
	uint32_t n;
	struct build_request req[MAX_JOBS];
	struct build_result res[MAX_JOBS];
	struct pack_xip xip[MAX_JOBS];
	uint32_t kernel[MAX_JOBS];
	int risc[MAX_JOBS];
	char *src[PROG_MAX_KERNELS];
	char *named[PROG_MAX_KERNELS];
	const char *defs[PROG_MAX_KERNELS][PROG_MAX_DEFINES];
};

/* The example has the file. */
static bool has_file(void *ctx, const char *name)
{
	const struct example *ex = ctx;
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s/%s", examples_dir, ex->name, name);
	return access(path, F_OK) == 0;
}

static void start_kernel(struct built *b, const struct prog_args *a,
			 const struct prog_resolved *r, uint32_t k, struct build_job **job)
{
	const struct prog_kernel_args *ka = &a->kernel[k];
	int first = ka->processor == PROG_PROC_BRISC ? PACK_BRISC :
		    ka->processor == PROG_PROC_NCRISC ? PACK_NCRISC : PACK_TRISC0;
	int last = ka->processor == PROG_PROC_COMPUTE ? PACK_TRISC2 : first;
	size_t len = 0;

	b->src[k] = slurp(b->ex->name, ka->source, &len);
	REQUIRE(b->src[k], "%s/%s", b->ex->name, ka->source);
	REQUIRE(prog_named_args_define(ka, &b->named[k]) == 0, "named args");
	for (uint32_t d = 0; d < ka->n_defines; d++)
		b->defs[k][d] = ka->defines[d];
	for (int risc = first; risc <= last; risc++) {
		uint32_t j = b->n++;

		b->req[j] = (struct build_request){
			.risc = risc,
			.name = ka->source,
			.source = b->src[k],
			.source_len = len,
			.noc = ka->processor == PROG_PROC_COMPUTE ? 0 : ka->noc,
			.compile_args = r->kernel[k].compile_args.v,
			.n_compile_args = r->kernel[k].compile_args.n,
			.defines = b->defs[k],
			.n_defines = ka->n_defines,
			.named_args = b->named[k],
		};
		b->kernel[j] = k;
		b->risc[j] = risc;
		REQUIRE(build_start(&env, &b->req[j], &job[j]) == 0, "build_start");
	}
}

static void build_all(const struct prog_args *a, const struct prog_resolved *r,
		      const struct prog_plan *plan, struct built *b)
{
	struct build_job *job[MAX_JOBS] = { 0 };
	char err[256] = "";

	for (uint32_t k = 0; k < a->n_kernels; k++)
		if (plan->active[k])
			start_kernel(b, a, r, k, job);
	CHECK(b->n > 0, "%s has kernel sources", b->ex->name);
	for (uint32_t j = 0; j < b->n; j++) {
		if (build_wait(job[j], &b->res[j])) {
			fprintf(stderr, "%s: %s:\n%s\n", b->ex->name, b->req[j].name,
				b->res[j].log ? b->res[j].log : "(no log)");
			REQUIRE(0, "%s builds", b->ex->name);
		}
		/* -Wall is on: an example compiles without a warning. */
		CHECK(!b->res[j].log || !strstr(b->res[j].log, "warning"),
		      "%s %s: %s", b->ex->name, b->req[j].name, b->res[j].log);
		REQUIRE(pack_xip_from_elf(b->res[j].elf, b->res[j].elf_len, b->req[j].name,
					  &b->xip[j], err, sizeof(err)) == 0, "%s", err);
	}
}

static void free_built(struct built *b)
{
	for (uint32_t j = 0; j < b->n; j++) {
		pack_xip_free(&b->xip[j]);
		build_result_free(&b->res[j]);
	}
	for (int k = 0; k < PROG_MAX_KERNELS; k++) {
		free(b->src[k]);
		free(b->named[k]);
	}
}

/* ---- launch ------------------------------------------------------------------- */

/* As tt-metal's slow dispatch does, every core's kernel-config buffer
 * (with its semaphores) is written before any core gets go: a kernel may
 * signal another core as soon as it starts. */
static void launch(struct ttrt_device *dev, const struct prog_packed *pk)
{
	uint8_t *buf = malloc(pk->out.size);
	const struct prog_plan *plan = pk->plan;

	REQUIRE(buf, "malloc");
	for (uint32_t c = 0; c < plan->n_cores; c++) {
		struct ttrt_xy core = pk->a->cores[plan->core[c]];
		const struct ttrt_launch *msg;
		uint32_t size;
		int rc = prog_packed_core(pk, c, buf, &size, &msg);

		for (int risc = 0; rc == 0 && risc < 5; risc++)
			ttrt_dprint_consume(dev, core, risc);
		if (!rc)
			rc = ttrt_launch_prepare(dev, core, msg);
		if (!rc)
			rc = ttrt_l1_write(dev, core, msg->kernel_config_base[0], buf, size);
		REQUIRE(rc == 0, "prepare %u,%u: %s", core.x, core.y, strerror(-rc));
	}
	for (uint32_t c = 0; c < plan->n_cores; c++)
		REQUIRE(ttrt_launch_go(dev, pk->a->cores[plan->core[c]]) == 0, "go");
	for (uint32_t c = 0; c < plan->n_cores; c++) {
		struct ttrt_xy core = pk->a->cores[plan->core[c]];
		int rc = ttrt_launch_wait(dev, core, 10000, NULL);

		if (rc) {
			char *st = NULL;
			size_t len;

			ttrt_render_status(dev, core, &st, &len);
			fprintf(stderr, "core %u,%u:\n%s\n", core.x, core.y, st ? st : "");
			free(st);
		}
		CHECK(rc == 0, "wait on %u,%u: %s", core.x, core.y, strerror(-rc));
	}
	free(buf);
}

static bool use_api;   /* the second pass: through ttrt_program_run */

static int api_lookup(void *ctx, const char *name, struct ttrt_buffer **out)
{
	struct example *ex = ctx;

	for (int i = 0; i < MAX_BUFS && ex->bufs[i].name; i++) {
		if (strcmp(ex->bufs[i].name, name))
			continue;
		ttrt_buffer_get(ex->buf[i]);
		*out = ex->buf[i];
		return 0;
	}
	return -ENOENT;
}

/* Every kernel source and header of the example, as `run` copies them. */
static void set_files(struct ttrt_program *p, const struct example *ex)
{
	char path[PATH_MAX];
	struct dirent *e;
	DIR *d;

	snprintf(path, sizeof(path), "%s/%s", examples_dir, ex->name);
	d = opendir(path);
	REQUIRE(d, "%s", path);
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name), len;
		char *text;

		if (n < 4 || (strcmp(e->d_name + n - 4, ".cpp") && strcmp(e->d_name + n - 2, ".h")))
			continue;
		text = slurp(ex->name, e->d_name, &len);
		CHECK_EQ(ttrt_program_set_file(p, e->d_name, text, len), 0);
		free(text);
	}
	closedir(d);
}

static void run_via_api(struct ttrt_device *dev, struct example *ex)
{
	struct ttrt_program *p;
	char err[512] = "", *text;
	size_t len;
	int rc;

	REQUIRE(ttrt_program_new(dev, ex->name, api_lookup, ex, &p) == 0, "%s", ex->name);
	text = slurp(ex->name, "args", &len);
	REQUIRE(text, "%s/args", ex->name);
	CHECK(ttrt_program_set_args(p, text, len, err, sizeof(err)) == 0, "%s: %s", ex->name, err);
	free(text);
	set_files(p, ex);
	for (uint8_t x = 0; x < 4; x++)
		for (int risc = 0; risc < 5; risc++)
			ttrt_dprint_consume(dev, (struct ttrt_xy){ x, 0 }, risc);
	rc = ttrt_program_run(p, NULL);
	if (rc) {
		ttrt_program_render_status(p, &text, &len);
		fprintf(stderr, "%s:\n%s\n", ex->name, text ? text : "");
		free(text);
	}
	CHECK(rc == 0, "%s: run: %s", ex->name, strerror(-rc));
	CHECK_EQ(ttrt_program_delete(p), 0);
	ttrt_program_put(p);
}

/* Everything up to the check; the buffers exist (make_buffers). */
static void run_example(struct ttrt_device *dev, struct example *ex)
{
	struct prog_args *a;
	struct prog_resolved *r;
	struct prog_plan plan;
	struct prog_packed pk;
	const struct pack_xip **images;
	struct prog_pack_input in = { 0 };
	struct built *b = calloc(1, sizeof(*b));
	char err[512] = "";
	size_t len;
	char *text;

	if (use_api) {
		free(b);
		run_via_api(dev, ex);
		return;
	}
	text = slurp(ex->name, "args", &len);
	REQUIRE(b && text, "%s/args", ex->name);
	b->ex = ex;
	REQUIRE(prog_args_parse(text, len, "args", TTRT_TENSIX_GRID_X, TTRT_TENSIX_GRID_Y, &a, err,
				sizeof(err)) == 0, "%s: %s", ex->name, err);
	REQUIRE(prog_args_resolve(a, "args", lookup, ex, &r, err, sizeof(err)) == 0, "%s: %s",
		ex->name, err);
	REQUIRE(prog_plan_make(a, has_file, ex, "args", &plan, err, sizeof(err)) == 0, "%s: %s",
		ex->name, err);
	build_all(a, r, &plan, b);
	images = calloc((size_t)a->n_kernels * PACK_NUM_RISCS, sizeof(*images));
	REQUIRE(images, "calloc");
	for (uint32_t j = 0; j < b->n; j++)
		images[b->kernel[j] * PACK_NUM_RISCS + b->risc[j]] = &b->xip[j];
	in.images = images;
	REQUIRE(prog_pack(a, r, &plan, &in, &pk, err, sizeof(err)) == 0, "%s: %s", ex->name, err);
	launch(dev, &pk);

	prog_packed_free(&pk);
	free(images);
	prog_plan_free(&plan);
	free_built(b);
	free(b);
	prog_resolved_free(r);
	prog_args_free(a);
	free(text);
}

static void check_dprint(struct ttrt_device *dev, struct ttrt_xy core, int risc, const char *want)
{
	char *text = NULL;
	size_t len = 0;
	uint32_t lost = 0;

	CHECK_EQ(ttrt_dprint_read(dev, core, risc, &text, &len, &lost), 0);
	CHECK(text && !strcmp(text, want), "core %u,%u risc %d printed '%s', want '%s'", core.x,
	      core.y, risc, text ? text : "(null)", want);
	free(text);
}

/* ---- the examples --------------------------------------------------------------- */

static void copy_example(struct ttrt_device *dev, const char *name, const char *in,
			 const char *out, uint32_t pages)
{
	struct example ex = { .name = name, .bufs = {
		{ in, 2048, pages * 2048, true }, { out, 2048, pages * 2048, false } } };
	uint8_t *got;

	make_buffers(dev, &ex);
	run_example(dev, &ex);
	got = read_buffer(&ex, 1);
	CHECK(!memcmp(got, ex.data[0], pages * 2048), "%s: output differs from input", name);
	for (uint32_t p = 0; p < pages; p++)
		CHECK(!memcmp(got + p * 2048, ex.data[0] + p * 2048, 2048), "%s: page %u differs",
		      name, p);
	free(got);
	free_buffers(&ex);
}

static void test_loopback(struct ttrt_device *dev)
{
	copy_example(dev, "loopback", "loopback-in", "loopback-out", 16);
	check_dprint(dev, (struct ttrt_xy){ 0, 0 }, 1, "reader: 16 pages in\n");
	check_dprint(dev, (struct ttrt_xy){ 0, 0 }, 0, "writer: 16 pages out\n");
}

static void test_multicore_copy(struct ttrt_device *dev)
{
	static const uint32_t first[4] = { 0, 6, 12, 18 }, count[4] = { 6, 6, 6, 4 };

	copy_example(dev, "multicore-copy", "mc-in", "mc-out", 22);
	for (int c = 0; c < 4; c++) {
		char want[64];

		snprintf(want, sizeof(want), "core %d,0 copied pages %u..%u\n", c, first[c],
			 first[c] + count[c] - 1);
		check_dprint(dev, (struct ttrt_xy){ (uint8_t)c, 0 }, 0, want);
	}
}

static void test_add2(struct ttrt_device *dev)
{
	struct example ex = { .name = "add2-riscv", .bufs = { { "add2-out", 16, 16, false } } };
	uint32_t got[4];

	make_buffers(dev, &ex);
	run_example(dev, &ex);
	CHECK_EQ(ttrt_buffer_read(ex.buf[0], 0, got, sizeof(got)), 0);
	/* The args file's defaults: 14 and 7. */
	CHECK(got[0] == 14 && got[1] == 7 && got[2] == 21, "add2: %u + %u = %u", got[0], got[1],
	      got[2]);
	check_dprint(dev, (struct ttrt_xy){ 0, 0 }, 0, "add2: 14 + 7 = 21\n");
	free_buffers(&ex);
}

static void test_pingpong(struct ttrt_device *dev)
{
	struct example ex = { .name = "semaphore-pingpong",
			      .bufs = { { "pp-result", 16, 32, false } } };
	const uint32_t rounds = 10, n = rounds * (rounds + 1) / 2;
	const uint32_t want[8] = { 1, rounds, 3 * n, rounds, 0, rounds, n, rounds };
	uint32_t got[8];

	make_buffers(dev, &ex);
	run_example(dev, &ex);
	CHECK_EQ(ttrt_buffer_read(ex.buf[0], 0, got, sizeof(got)), 0);
	for (int i = 0; i < 8; i++)
		CHECK(got[i] == want[i], "pingpong word %d: %u, want %u", i, got[i], want[i]);
	check_dprint(dev, (struct ttrt_xy){ 0, 0 }, 0, "ping: 10 rounds, sum 165\n");
	check_dprint(dev, (struct ttrt_xy){ 1, 0 }, 0, "pong: 10 rounds, sum 55\n");
	free_buffers(&ex);
}

/* Two kernel groups: the sender on 0,0 multicasts, the receivers on
 * 1-3,0 scale by 3, 5 and 7. */
static void test_multicast(struct ttrt_device *dev)
{
	struct example ex = { .name = "multicast", .bufs = {
		{ "mc-in", 1024, 16 * 1024, true }, { "mc-out", 1024, 3 * 16 * 1024, false } } };
	static const uint32_t scale[3] = { 3, 5, 7 };
	const uint32_t words = 16 * 1024 / 4;
	uint32_t *in, *got;

	make_buffers(dev, &ex);
	run_example(dev, &ex);
	in = (uint32_t *)ex.data[0];
	got = (uint32_t *)read_buffer(&ex, 1);
	for (uint32_t slot = 0; slot < 3; slot++) {
		uint32_t bad = 0;

		for (uint32_t i = 0; i < words; i++)
			bad += got[slot * words + i] != in[i] * scale[slot];
		CHECK(bad == 0, "multicast: receiver %u has %u of %u words wrong", slot, bad, words);
	}
	free(got);
	check_dprint(dev, (struct ttrt_xy){ 0, 0 }, 0, "sender: 16 pages to 3 receivers\n");
	check_dprint(dev, (struct ttrt_xy){ 2, 0 }, 1, "receiver 1: 16 pages times 5\n");
	free_buffers(&ex);
}

/* tt-metal's NoC_tile_transfer: two kernel groups, one tile from DRAM
 * through core 0,0 over the NOC into a CB of core 0,1, back to DRAM. */
static void test_noc_tile_transfer(struct ttrt_device *dev)
{
	struct example ex = { .name = "noc-tile-transfer", .bufs = {
		{ "ntt-src", 2048, 2048, true }, { "ntt-dst", 2048, 2048, false } } };
	uint8_t *got;

	make_buffers(dev, &ex);
	run_example(dev, &ex);
	got = read_buffer(&ex, 1);
	CHECK(!memcmp(got, ex.data[0], 2048), "noc-tile-transfer: the tile came back changed");
	free(got);
	check_dprint(dev, (struct ttrt_xy){ 0, 0 }, 1, "reader0: 2048 bytes from DRAM into CB 0\n");
	check_dprint(dev, (struct ttrt_xy){ 0, 0 }, 0, "writer0: tile sent to core 1-3\n");
	check_dprint(dev, (struct ttrt_xy){ 0, 1 }, 1, "reader1: tile received in CB 1\n");
	check_dprint(dev, (struct ttrt_xy){ 0, 1 }, 0, "writer1: tile written to DRAM\n");
	free_buffers(&ex);
}

static void cleanup(void)
{
	temp_dir_remove(cache_dir);
}

int main(int argc, char **argv)
{
	struct ttrt_device *dev;
	char err[512] = "";

	REQUIRE(argc == 4, "usage: test_examples SDK_DIR INCLUDE_DIR EXAMPLES_DIR");
	examples_dir = argv[3];
	REQUIRE(mkdtemp(cache_dir), "%s", cache_dir);
	atexit(cleanup);
	REQUIRE(build_env_init(&env, NULL, argv[1], argv[2], cache_dir, err, sizeof(err)) == 0,
		"%s", err);

	dev = open_small_sim();
	for (int pass = 0; pass < 2; pass++) {
		use_api = pass == 1;
		test_loopback(dev);
		test_add2(dev);
		test_multicore_copy(dev);
		test_pingpong(dev);
		test_multicast(dev);
		test_noc_tile_transfer(dev);
	}
	ttrt_device_close(dev);
	return check_exit("test_examples");
}
