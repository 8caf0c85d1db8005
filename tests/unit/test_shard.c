/* SPDX-License-Identifier: Apache-2.0
 *
 * L1 and sharded buffers. The shard mapping is checked against a model
 * written from tt-metal's documented ShardSpecBuffer rules
 * (reference/program-model.md §5.4), from the shards' side: each shard in
 * turn lists the host pages it holds. The runtime computes the other way
 * (host page -> shard), so the two are independent. Then, on a simulated
 * device: the cores in both orientations and over several ranges, the
 * bytes in each core's L1, the checks of a spec that does not hold
 * together, the TensorAccessorArgs words, and where L1 buffers are placed.
 */
#include "check.h"
#include "buffer/buffer_internal.h"
#include "runtime_internal.h"

#include <string.h>

#define MAX_PAGES 4096

struct model {
	int32_t shard[MAX_PAGES];
	int64_t device_page[MAX_PAGES];
};

/* tt-metal's rules: height sharding gives shard k the run of host pages
 * [k*h*W, (k+1)*h*W); width and block sharding cut the page grid into
 * h x w blocks numbered row by row, block (r, c) holding host page
 * (r*h + i)*W + (c*w + j) at device page i*w + j. */
static void model_pages(enum ttrt_buffer_layout layout, uint32_t H, uint32_t W, uint32_t h,
			uint32_t w, struct model *m)
{
	uint32_t pages = H * W;

	for (uint32_t p = 0; p < pages; p++)
		m->shard[p] = -1;
	if (layout == TTRT_LAYOUT_HEIGHT_SHARDED) {
		uint32_t run = h * W;

		for (uint32_t k = 0; k * run < pages; k++)
			for (uint32_t i = 0; i < run && k * run + i < pages; i++) {
				m->shard[k * run + i] = (int32_t)k;
				m->device_page[k * run + i] = i;
			}
		return;
	}
	uint32_t block_rows = (H + h - 1) / h, block_cols = (W + w - 1) / w;

	for (uint32_t r = 0; r < block_rows; r++)
		for (uint32_t c = 0; c < block_cols; c++)
			for (uint32_t i = 0; i < h; i++)
				for (uint32_t j = 0; j < w; j++) {
					uint32_t row = r * h + i, col = c * w + j;

					if (row >= H || col >= W)
						continue;   /* padding of an edge block */
					m->shard[row * W + col] = (int32_t)(r * block_cols + c);
					m->device_page[row * W + col] = i * w + j;
				}
}

static void check_mapping(enum ttrt_buffer_layout layout, uint32_t H, uint32_t W, uint32_t h,
			  uint32_t w)
{
	static struct model m;
	int bad = 0;

	model_pages(layout, H, W, h, w, &m);
	for (uint32_t p = 0; p < H * W && bad < 3; p++) {
		uint32_t shard;
		uint64_t dpage;

		shard_locate(W, h, w, p, &shard, &dpage);
		if (m.shard[p] < 0 || (int32_t)shard != m.shard[p] ||
		    (int64_t)dpage != m.device_page[p]) {
			bad++;
			CHECK(0, "%s %ux%u shards %ux%u page %u: shard %u page %llu, model %d page %lld",
			      ttrt_buffer_layout_name(layout), H, W, h, w, p, shard,
			      (unsigned long long)dpage, m.shard[p], (long long)m.device_page[p]);
		}
	}
	CHECK(bad == 0, "%s %ux%u shards %ux%u", ttrt_buffer_layout_name(layout), H, W, h, w);
}

static void test_mapping_model(void)
{
	/* Exact, and short edge shards on either side. */
	check_mapping(TTRT_LAYOUT_HEIGHT_SHARDED, 8, 3, 2, 3);
	check_mapping(TTRT_LAYOUT_HEIGHT_SHARDED, 7, 5, 3, 5);
	check_mapping(TTRT_LAYOUT_HEIGHT_SHARDED, 1, 64, 1, 64);
	check_mapping(TTRT_LAYOUT_WIDTH_SHARDED, 2, 8, 2, 2);
	check_mapping(TTRT_LAYOUT_WIDTH_SHARDED, 3, 10, 3, 4);
	check_mapping(TTRT_LAYOUT_BLOCK_SHARDED, 4, 4, 2, 2);
	check_mapping(TTRT_LAYOUT_BLOCK_SHARDED, 3, 3, 2, 2);
	check_mapping(TTRT_LAYOUT_BLOCK_SHARDED, 9, 7, 4, 3);
	check_mapping(TTRT_LAYOUT_BLOCK_SHARDED, 32, 32, 5, 7);
}

/* ---- on a simulated device ---- */

static struct ttrt_device *open_sim(void)
{
	struct ttrt_config cfg;
	struct ttrt_device *dev = NULL;
	char err[256] = "";

	ttrt_config_defaults(&cfg);
	REQUIRE(ttrt_config_set(&cfg, "dram_size", "16M", err, sizeof(err)) == 0, "%s", err);
	REQUIRE(ttrt_device_open(&cfg, &dev, err, sizeof(err)) == 0, "open: %s", err);
	return dev;
}

static int set_field(struct ttrt_buffer *b, enum ttrt_shard_field f, const char *text)
{
	char err[256] = "";
	int rc = ttrt_buffer_set_shard_field(b, f, text, err, sizeof(err));

	CHECK(rc == 0, "%s = '%s': %s", ttrt_shard_field_name(f), text, err);
	return rc;
}

/* A buffer with the spec given as its files' texts; NULL leaves a field. */
static struct ttrt_buffer *sharded(struct ttrt_device *dev, enum ttrt_buffer_kind kind,
				   const char *layout, const char *cores, const char *shard,
				   const char *tensor, const char *orientation, uint32_t page_size,
				   uint64_t size)
{
	struct ttrt_buffer *b = NULL;

	REQUIRE(ttrt_buffer_new(dev, kind, "s", &b) == 0, "new");
	CHECK_EQ(ttrt_buffer_set_page_size(b, page_size), 0);
	if (layout)
		set_field(b, TTRT_SHARD_LAYOUT, layout);
	if (cores)
		set_field(b, TTRT_SHARD_CORES, cores);
	if (shard)
		set_field(b, TTRT_SHARD_SHAPE, shard);
	if (tensor)
		set_field(b, TTRT_SHARD_TENSOR_SHAPE, tensor);
	if (orientation)
		set_field(b, TTRT_SHARD_ORIENTATION, orientation);
	if (size)
		CHECK_EQ(ttrt_buffer_set_size(b, size), 0);
	return b;
}

static void drop(struct ttrt_buffer *b)
{
	CHECK_EQ(ttrt_buffer_delete(b), 0);
	ttrt_buffer_put(b);
}

/* The pages each core holds, as "x,y:p p p;..." in core order of first
 * appearance, device pages in order. */
static void pages_by_core(struct ttrt_buffer *b, uint32_t pages, char *out, size_t len)
{
	struct ttrt_xy cores[16];
	uint32_t n = 0;
	uint64_t addr0;
	size_t at = 0;

	REQUIRE(ttrt_buffer_address(b, &addr0) == 0, "allocated");
	for (uint32_t p = 0; p < pages; p++) {
		struct ttrt_xy c;
		uint64_t a;
		uint32_t i;

		CHECK_EQ(ttrt_buffer_page_location(b, p, &c, &a), 0);
		for (i = 0; i < n && (cores[i].x != c.x || cores[i].y != c.y); i++)
			;
		if (i == n && n < 16)
			cores[n++] = c;
	}
	out[0] = '\0';
	for (uint32_t i = 0; i < n; i++) {
		at += (size_t)snprintf(out + at, len - at, "%s%u,%u:", i ? ";" : "", cores[i].x,
				       cores[i].y);
		/* device pages in order: walk addresses */
		for (uint64_t d = 0; d < 16; d++)
			for (uint32_t p = 0; p < pages; p++) {
				struct ttrt_xy c;
				uint64_t a;

				ttrt_buffer_page_location(b, p, &c, &a);
				if (c.x == cores[i].x && c.y == cores[i].y && a == addr0 + d * 16)
					at += (size_t)snprintf(out + at, len - at, " %u", p);
			}
	}
}

/* The worked examples of reference/program-model.md §5.4. */
static void test_examples(struct ttrt_device *dev)
{
	struct ttrt_buffer *b;
	char got[512];

	b = sharded(dev, TTRT_BUFFER_L1, "block_sharded", "0-1,0-1", "2 2", "4 4", NULL, 16, 256);
	pages_by_core(b, 16, got, sizeof(got));
	CHECK(strcmp(got, "0,0: 0 1 4 5;1,0: 2 3 6 7;0,1: 8 9 12 13;1,1: 10 11 14 15") == 0,
	      "block row_major: %s", got);
	drop(b);
	b = sharded(dev, TTRT_BUFFER_L1, "block_sharded", "0-1,0-1", "2 2", "4 4", "col_major", 16,
		    256);
	pages_by_core(b, 16, got, sizeof(got));
	CHECK(strcmp(got, "0,0: 0 1 4 5;0,1: 2 3 6 7;1,0: 8 9 12 13;1,1: 10 11 14 15") == 0,
	      "block col_major: %s", got);
	drop(b);
	b = sharded(dev, TTRT_BUFFER_L1, "width_sharded", "0-3,0", "2 2", "2 8", NULL, 16, 256);
	pages_by_core(b, 16, got, sizeof(got));
	CHECK(strcmp(got, "0,0: 0 1 8 9;1,0: 2 3 10 11;2,0: 4 5 12 13;3,0: 6 7 14 15") == 0,
	      "width: %s", got);
	drop(b);
	/* Core 1 gets host pages 2 and 5 at device pages 0 and 2. */
	b = sharded(dev, TTRT_BUFFER_L1, "block_sharded", "0-3,0", "2 2", "3 3", NULL, 16, 9 * 16);
	{
		struct ttrt_xy c;
		uint64_t a2, a5, base;

		ttrt_buffer_address(b, &base);
		CHECK_EQ(ttrt_buffer_page_location(b, 2, &c, &a2), 0);
		CHECK(c.x == 1 && c.y == 0 && a2 == base, "page 2 on %u,%u", c.x, c.y);
		CHECK_EQ(ttrt_buffer_page_location(b, 5, &c, &a5), 0);
		CHECK(c.x == 1 && c.y == 0 && a5 == base + 2 * 16, "page 5 on %u,%u", c.x, c.y);
	}
	drop(b);
	/* Height: runs of whole rows; ranges in the order given, col_major
	 * walking each range y fastest. */
	b = sharded(dev, TTRT_BUFFER_L1, "height_sharded", "5,5 2-3,0-1", "1 2", "5 2",
		    "col_major", 16, 160);
	pages_by_core(b, 10, got, sizeof(got));
	CHECK(strcmp(got, "5,5: 0 1;2,0: 2 3;2,1: 4 5;3,0: 6 7;3,1: 8 9") == 0, "height: %s", got);
	drop(b);
}

/* Host order in, each core's L1 out, and back. */
static void test_bytes_on_cores(struct ttrt_device *dev)
{
	enum { PAGE = 48, H = 6, W = 4 };
	struct ttrt_buffer *b = sharded(dev, TTRT_BUFFER_L1, "block_sharded", "0-2,0-1", "2 2",
					"6 4", "col_major", PAGE, H * W * PAGE);
	static uint8_t in[H * W * PAGE], back[H * W * PAGE];
	uint64_t base;

	for (size_t i = 0; i < sizeof(in); i++)
		in[i] = (uint8_t)(i * 7 + i / PAGE);
	REQUIRE(ttrt_buffer_address(b, &base) == 0, "allocated");
	CHECK_EQ(ttrt_buffer_bytes_per_bank(b), 4 * 48);
	CHECK_EQ(ttrt_buffer_write(b, 0, in, sizeof(in)), 0);
	for (uint32_t p = 0; p < H * W; p++) {
		uint32_t row = p / W, col = p % W, shard = row / 2 * 2 + col / 2;
		/* col_major over 0-2,0-1: 0,0 0,1 1,0 1,1 2,0 2,1 */
		struct ttrt_xy core = { (uint8_t)(shard / 2), (uint8_t)(shard % 2) };
		uint8_t page[PAGE];

		CHECK_EQ(ttrt_l1_read(dev, core, (uint32_t)(base + ((row % 2) * 2 + col % 2) * PAGE),
				      page, PAGE), 0);
		CHECK(memcmp(page, in + p * PAGE, PAGE) == 0, "page %u on core %u,%u", p, core.x,
		      core.y);
	}
	CHECK_EQ(ttrt_buffer_read(b, 0, back, sizeof(back)), 0);
	CHECK(memcmp(in, back, sizeof(in)) == 0, "host order round trip");
	/* An odd range: from the middle of page 3 to the middle of page 17. */
	memset(back, 0, sizeof(back));
	CHECK_EQ(ttrt_buffer_read(b, 3 * PAGE + 5, back, 14 * PAGE), 0);
	CHECK(memcmp(in + 3 * PAGE + 5, back, 14 * PAGE) == 0, "partial read");
	drop(b);
}

/* A spec whose fields do not hold together stays unallocated: its data
 * is EINVAL and the problem names what to change. */
static void expect_problem(struct ttrt_buffer *b, const char *needle)
{
	char why[256] = "";
	uint64_t addr;
	uint8_t byte = 0;

	CHECK_EQ(ttrt_buffer_problem(b, why, sizeof(why)), -EINVAL);
	CHECK(strstr(why, needle) != NULL, "problem '%s', want '%s'", why, needle);
	CHECK_EQ(ttrt_buffer_address(b, &addr), -ENODATA);
	CHECK_EQ(ttrt_buffer_write(b, 0, &byte, 1), -EINVAL);
	CHECK_EQ(ttrt_buffer_read(b, 0, &byte, 1), -EINVAL);
	CHECK_EQ(ttrt_buffer_accessor_args(b, NULL, 0, NULL), -EINVAL);
	drop(b);
}

static void test_bad_specs(struct ttrt_device *dev)
{
	struct ttrt_buffer *b;
	char err[256];

	expect_problem(sharded(dev, TTRT_BUFFER_L1, "height_sharded", "0-3,0", "2 2", "8 4", NULL,
			       32, 32 * 32), "shard_shape's columns (2) must be tensor_shape's (4)");
	expect_problem(sharded(dev, TTRT_BUFFER_L1, "width_sharded", "0-3,0", "1 2", "2 8", NULL,
			       32, 16 * 32), "shard_shape's rows (1) must be tensor_shape's (2)");
	expect_problem(sharded(dev, TTRT_BUFFER_L1, "block_sharded", "0-1,0-1", "2 2", "6 6", NULL,
			       32, 36 * 32), "takes 9 shards of 2 2 pages, but shard_cores has 4 cores");
	expect_problem(sharded(dev, TTRT_BUFFER_L1, "block_sharded", "0-1,0-1", "2 2", "4 4", NULL,
			       32, 15 * 32), "is 16 pages of 32 bytes (512 bytes), but size is 480");
	expect_problem(sharded(dev, TTRT_BUFFER_L1, "block_sharded", "0-1,0-1", "8 8", "4 4", NULL,
			       32, 16 * 32), "shard_shape 8 8 is larger than tensor_shape 4 4");
	expect_problem(sharded(dev, TTRT_BUFFER_DRAM, "block_sharded", "0-1,0", NULL, "4 4", NULL,
			       32, 16 * 32), "block_sharded: shard_shape is not set");

	/* Fields refused on their own, with the reason. */
	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_L1, "f", &b) == 0, "new");
	static const struct {
		enum ttrt_shard_field f;
		const char *text, *reason;
	} bad[] = {
		{ TTRT_SHARD_CORES, "0-12,0", "core range '0-12,0' leaves the 12x10 grid" },
		{ TTRT_SHARD_CORES, "0,10", "leaves the 12x10 grid" },
		{ TTRT_SHARD_CORES, "0-1,0 1,0", "core 1,0 is listed twice" },
		{ TTRT_SHARD_CORES, "1-0,0", "bad core range '1-0,0'" },
		{ TTRT_SHARD_CORES, "x", "bad core range 'x'" },
		{ TTRT_SHARD_SHAPE, "0 2", "rows and columns are 1 to" },
		{ TTRT_SHARD_SHAPE, "2", "want rows and columns in pages" },
		{ TTRT_SHARD_TENSOR_SHAPE, "2 2 2", "want rows and columns in pages" },
		{ TTRT_SHARD_LAYOUT, "sharded", "is not interleaved, height_sharded" },
		{ TTRT_SHARD_ORIENTATION, "diagonal", "is not row_major or col_major" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		CHECK_EQ(ttrt_buffer_set_shard_field(b, bad[i].f, bad[i].text, err, sizeof(err)),
			 -EINVAL);
		CHECK(strstr(err, bad[i].reason) != NULL, "'%s': '%s'", bad[i].text, err);
	}
	drop(b);
	/* DRAM buffers shard over the banks, as logical DRAM cores x,0. */
	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, "d", &b) == 0, "new");
	CHECK_EQ(ttrt_buffer_set_shard_field(b, TTRT_SHARD_CORES, "0-7,0", err, sizeof(err)),
		 -EINVAL);
	CHECK(strstr(err, "leaves the DRAM banks (x 0..6, y 0)") != NULL, "%s", err);
	CHECK_EQ(ttrt_buffer_set_shard_field(b, TTRT_SHARD_CORES, "0,1", err, sizeof(err)), -EINVAL);
	CHECK_EQ(ttrt_buffer_set_shard_field(b, TTRT_SHARD_CORES, "2-4,0 6,0", err, sizeof(err)), 0);
	drop(b);
}

/* The fields read back as written, in their one format; the order of
 * writes does not matter, and the buffer is placed once they agree. */
static void test_fields(struct ttrt_device *dev)
{
	struct ttrt_buffer *b;
	char text[256], why[256];
	uint64_t addr;

	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, "t", &b) == 0, "new");
	CHECK_EQ(ttrt_buffer_set_size(b, 8 * 2048), 0);
	CHECK_EQ(ttrt_buffer_address(b, &addr), 0);   /* interleaved by default */
	set_field(b, TTRT_SHARD_LAYOUT, "HEIGHT_SHARDED");
	CHECK_EQ(ttrt_buffer_address(b, &addr), -ENODATA);
	CHECK_EQ(ttrt_buffer_problem(b, why, sizeof(why)), -EINVAL);
	CHECK(strcmp(why, "height_sharded: shard_cores is not set") == 0, "%s", why);
	set_field(b, TTRT_SHARD_TENSOR_SHAPE, " 8, 1 ");
	set_field(b, TTRT_SHARD_SHAPE, "2 1");
	set_field(b, TTRT_SHARD_CORES, "0-3,0");
	CHECK_EQ(ttrt_buffer_problem(b, why, sizeof(why)), 0);
	CHECK_EQ(ttrt_buffer_address(b, &addr), 0);
	CHECK_EQ(ttrt_buffer_bytes_per_bank(b), 2 * 2048);
	ttrt_buffer_shard_field(b, TTRT_SHARD_LAYOUT, text, sizeof(text));
	CHECK(strcmp(text, "height_sharded\n") == 0, "%s", text);
	ttrt_buffer_shard_field(b, TTRT_SHARD_TENSOR_SHAPE, text, sizeof(text));
	CHECK(strcmp(text, "8 1\n") == 0, "%s", text);
	ttrt_buffer_shard_field(b, TTRT_SHARD_CORES, text, sizeof(text));
	CHECK(strcmp(text, "0-3,0\n") == 0, "%s", text);
	ttrt_buffer_shard_field(b, TTRT_SHARD_ORIENTATION, text, sizeof(text));
	CHECK(strcmp(text, "row_major\n") == 0, "%s", text);
	/* Written data freezes the shape, as for size. */
	CHECK_EQ(ttrt_buffer_write(b, 0, "x", 1), 0);
	CHECK_EQ(ttrt_buffer_set_shard_field(b, TTRT_SHARD_ORIENTATION, "col_major", NULL, 0),
		 -EBUSY);
	CHECK_EQ(ttrt_buffer_set_shard_field(b, TTRT_SHARD_SHAPE, "2,1", NULL, 0), 0);   /* same */
	drop(b);
	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_L1, "u", &b) == 0, "new");
	ttrt_buffer_shard_field(b, TTRT_SHARD_SHAPE, text, sizeof(text));
	CHECK(strcmp(text, "") == 0, "unset: '%s'", text);
	set_field(b, TTRT_SHARD_CORES, "0,0 3-4,1-2 11,9");
	ttrt_buffer_shard_field(b, TTRT_SHARD_CORES, text, sizeof(text));
	CHECK(strcmp(text, "0,0 3-4,1-2 11,9\n") == 0, "%s", text);
	drop(b);
}

static uint32_t pair(struct ttrt_xy a, struct ttrt_xy b)
{
	return (uint32_t)b.x << 24 | (uint32_t)b.y << 16 | (uint32_t)a.x << 8 | a.y;
}

static struct ttrt_xy noc0_of(unsigned x, unsigned y)
{
	struct ttrt_xy n;

	ttrt_logical_to_noc0((struct ttrt_xy){ (uint8_t)x, (uint8_t)y }, &n);
	return n;
}

static void check_words(struct ttrt_buffer *b, const uint32_t *want, uint32_t n_want,
			const char *what)
{
	uint32_t w[TTRT_ACCESSOR_MAX_WORDS], n = 0;

	CHECK_EQ(ttrt_buffer_accessor_args(b, w, TTRT_ACCESSOR_MAX_WORDS, &n), 0);
	CHECK(n == n_want && memcmp(w, want, n * sizeof(*w)) == 0, "%s: %u words", what, n);
	for (uint32_t i = 0; i < n && i < n_want; i++)
		CHECK(w[i] == want[i], "%s word %u: 0x%x, want 0x%x", what, i, w[i], want[i]);
	drop(b);
}

static void test_accessor_args(struct ttrt_device *dev)
{
	struct ttrt_buffer *b;

	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_L1, "i", &b) == 0, "new");
	ttrt_buffer_set_page_size(b, 100);
	ttrt_buffer_set_size(b, 1000);
	check_words(b, (const uint32_t[]){ 0, 112 }, 2, "interleaved L1");
	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, "i", &b) == 0, "new");
	ttrt_buffer_set_size(b, 4096);
	check_words(b, (const uint32_t[]){ 2, 2048 }, 2, "interleaved DRAM");
	/* §6's worked example: block sharded L1, 4x4 tiles on 0-1,0-1. */
	b = sharded(dev, TTRT_BUFFER_L1, "block_sharded", "0-1,0-1", "2 2", "4 4", NULL, 2048,
		    16 * 2048);
	check_words(b, (const uint32_t[]){ 1, 2048, 2, 4, 4, 4, 2, 2,
					   pair(noc0_of(0, 0), noc0_of(1, 0)),
					   pair(noc0_of(0, 1), noc0_of(1, 1)) }, 10, "block");
	/* Height: a shard as wide as the tensor squeezes to rank 1; five
	 * banks, the last alone in its word. */
	b = sharded(dev, TTRT_BUFFER_L1, "height_sharded", "0-4,3", "2 3", "8 3", NULL, 32,
		    24 * 32);
	check_words(b, (const uint32_t[]){ 1, 32, 1, 5, 24, 6, pair(noc0_of(0, 3), noc0_of(1, 3)),
					   pair(noc0_of(2, 3), noc0_of(3, 3)),
					   (uint32_t)noc0_of(4, 3).x << 8 | noc0_of(4, 3).y }, 9,
		    "height");
	/* Width, one page tall over whole shards: rank 1 too. */
	b = sharded(dev, TTRT_BUFFER_DRAM, "width_sharded", "0-1,0", "1 4", "1 8", NULL, 2048,
		    8 * 2048);
	check_words(b, (const uint32_t[]){ 3, 2048, 1, 2, 8, 4, 1u << 24 }, 7, "width DRAM");
	b = sharded(dev, TTRT_BUFFER_DRAM, "width_sharded", "3,0 5,0", "2 3", "2 5", NULL, 64,
		    10 * 64);
	check_words(b, (const uint32_t[]){ 3, 64, 2, 2, 2, 5, 2, 3, 5u << 24 | 3u << 8 }, 9,
		    "width DRAM rank 2");
}

/* L1 buffers go from the top of the kernels' L1 down, the same range on
 * every core; CBs ask which buffer a range would overlap on a core. */
static void test_l1_placement(struct ttrt_device *dev)
{
	struct ttrt_buffer *a, *b, *s;
	uint64_t addr_a, addr_b, addr_s, lo, hi;
	uint64_t free0 = ttrt_l1_free_per_bank(dev);
	char name[64];

	CHECK_EQ(free0, TTRT_L1_SIZE - TT_DATA_BUFFER_SPACE_BASE);
	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_L1, "a", &a) == 0, "new");
	ttrt_buffer_set_page_size(a, 1024);
	CHECK_EQ(ttrt_buffer_set_size(a, 220 * 1024), 0);   /* two pages per bank */
	CHECK_EQ(ttrt_buffer_address(a, &addr_a), 0);
	CHECK_EQ(addr_a, TTRT_L1_SIZE - 2048);
	CHECK_EQ(ttrt_buffer_bytes_per_bank(a), 2048);
	{
		struct ttrt_xy c;
		uint64_t at;

		CHECK_EQ(ttrt_buffer_page_location(a, 0, &c, &at), 0);
		CHECK(c.x == 0 && c.y == 3 && at == addr_a, "page 0 on bank 0 (0,3): %u,%u", c.x, c.y);
		CHECK_EQ(ttrt_buffer_page_location(a, 110 + 81, &c, &at), 0);
		CHECK(c.x == 0 && c.y == 0 && at == addr_a + 1024, "page 191: %u,%u", c.x, c.y);
	}
	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_L1, "b", &b) == 0, "new");
	ttrt_buffer_set_page_size(b, 100);   /* 112 apart, a bank's range rounds up to 64 */
	CHECK_EQ(ttrt_buffer_set_size(b, 100), 0);
	CHECK_EQ(ttrt_buffer_address(b, &addr_b), 0);
	CHECK_EQ(addr_b, addr_a - 128);
	s = sharded(dev, TTRT_BUFFER_L1, "height_sharded", "11,9", "1 1", "1 1", NULL, 64, 64);
	CHECK_EQ(ttrt_buffer_address(s, &addr_s), 0);
	CHECK_EQ(addr_s, addr_b - 64);
	CHECK_EQ(ttrt_l1_free_per_bank(dev), free0 - 2048 - 128 - 64);

	/* Interleaved: on every bank's core, none on the last column. */
	CHECK_EQ(ttrt_l1_buffer_overlap(dev, (struct ttrt_xy){ 3, 3 }, addr_a - 16, addr_a + 1,
					 name, sizeof(name), &lo, &hi), 1);
	CHECK(strcmp(name, "a") == 0 && lo == addr_a && hi == addr_a + 2048, "%s", name);
	CHECK_EQ(ttrt_l1_buffer_overlap(dev, (struct ttrt_xy){ 3, 3 }, 0, addr_b, name,
					 sizeof(name), &lo, &hi), 0);
	CHECK_EQ(ttrt_l1_buffer_overlap(dev, (struct ttrt_xy){ 11, 0 }, 0, TTRT_L1_SIZE, name,
					 sizeof(name), &lo, &hi), 0);
	/* Sharded: only on its cores. */
	CHECK_EQ(ttrt_l1_buffer_overlap(dev, (struct ttrt_xy){ 11, 9 }, addr_s, addr_s + 1, name,
					 sizeof(name), &lo, &hi), 1);
	CHECK(strcmp(name, "s") == 0, "%s", name);
	CHECK_EQ(ttrt_l1_buffer_overlap(dev, (struct ttrt_xy){ 10, 9 }, addr_s, addr_s + 1, name,
					 sizeof(name), &lo, &hi), 0);
	/* A new range is zeros, whatever the L1 held. */
	drop(b);
	CHECK_EQ(ttrt_l1_write(dev, (struct ttrt_xy){ 0, 3 }, (uint32_t)addr_b, "junk", 4), 0);
	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_L1, "b", &b) == 0, "new");
	ttrt_buffer_set_page_size(b, 100);
	CHECK_EQ(ttrt_buffer_set_size(b, 100), 0);
	CHECK_EQ(ttrt_buffer_address(b, &lo), 0);
	CHECK_EQ(lo, addr_b);
	{
		uint8_t back[4] = { 1, 1, 1, 1 };

		CHECK_EQ(ttrt_buffer_read(b, 0, back, 4), 0);
		CHECK(back[0] == 0 && back[1] == 0 && back[2] == 0 && back[3] == 0, "not zeroed");
	}
	/* More than the kernels' L1: ENOSPC, nothing changes. */
	CHECK_EQ(ttrt_buffer_set_size(b, (uint64_t)TTRT_L1_SIZE * 110), -ENOSPC);
	CHECK_EQ(ttrt_buffer_size(b), 100);
	drop(b);
	drop(s);
	drop(a);
	CHECK_EQ(ttrt_l1_free_per_bank(dev), free0);
}

int main(void)
{
	struct ttrt_device *dev;

	test_mapping_model();
	dev = open_sim();
	test_examples(dev);
	test_bytes_on_cores(dev);
	test_bad_specs(dev);
	test_fields(dev);
	test_accessor_args(dev);
	test_l1_placement(dev);
	ttrt_device_close(dev);
	return check_exit("test_shard");
}
