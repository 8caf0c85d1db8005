/* SPDX-License-Identifier: Apache-2.0
 *
 * Interleaved DRAM buffers on a simulated device: page i lives in bank
 * i % 7 at address + (i / 7) * align64(page_size), computed here from the
 * rule and compared with the runtime's answer and with the raw bank bytes.
 * Also the DRAM allocator: free, reuse, merging, ENOSPC; and pins.
 */
#include "check.h"
#include "test_rng.h"
#include "buffer/buffer_internal.h"
#include "runtime_internal.h"

#include <string.h>

#define BANK_SIZE (16ull << 20)

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t rng(void)
{
	return test_rng_next(&rng_state);
}

static void fill_random(uint8_t *p, size_t n)
{
	test_rng_fill(&rng_state, p, n, 0);
}

static uint64_t align64(uint64_t v)
{
	return (v + 63) / 64 * 64;
}

static struct ttrt_device *open_sim(uint64_t bank_size)
{
	struct ttrt_config cfg;
	struct ttrt_device *dev = NULL;
	char err[256] = "", val[32];

	ttrt_config_defaults(&cfg);
	snprintf(val, sizeof(val), "%llu", (unsigned long long)bank_size);
	REQUIRE(ttrt_config_set(&cfg, "dram_size", val, err, sizeof(err)) == 0, "%s", err);
	REQUIRE(ttrt_device_open(&cfg, &dev, err, sizeof(err)) == 0, "open: %s", err);
	CHECK(strcmp(ttrt_device_backend(dev), "sim") == 0, "backend %s", ttrt_device_backend(dev));
	CHECK_EQ(ttrt_dram_bank_size(dev), bank_size);
	return dev;
}

static struct ttrt_buffer *make_buffer(struct ttrt_device *dev, const char *name, uint64_t size,
				       uint32_t page_size)
{
	struct ttrt_buffer *b = NULL;

	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, name, &b) == 0, "new %s", name);
	if (page_size)
		CHECK_EQ(ttrt_buffer_set_page_size(b, page_size), 0);
	if (size)
		CHECK_EQ(ttrt_buffer_set_size(b, size), 0);
	return b;
}

/* page_location against the rule, for several page sizes. */
static void test_page_location(struct ttrt_device *dev)
{
	static const uint32_t page_sizes[] = { 2048, 1, 64, 100, 1000, 4096, 65 };

	for (size_t k = 0; k < sizeof(page_sizes) / sizeof(page_sizes[0]); k++) {
		uint32_t ps = page_sizes[k];
		uint64_t pages = 7 * 40 + 3, addr = 0;
		struct ttrt_buffer *b = make_buffer(dev, "loc", pages * ps, ps);

		CHECK_EQ(ttrt_buffer_page_size(b), ps);
		CHECK_EQ(ttrt_buffer_size(b), pages * ps);
		CHECK_EQ(ttrt_buffer_address(b, &addr), 0);
		CHECK(addr >= TTRT_DRAM_ALLOC_BASE && addr % 64 == 0, "address 0x%llx",
		      (unsigned long long)addr);
		for (uint64_t i = 0; i < pages; i++) {
			struct ttrt_xy where = { 0xff, 0xff };
			uint64_t at = 0;
			CHECK_EQ(ttrt_buffer_page_location(b, i, &where, &at), 0);
			CHECK(where.x == i % 7 && where.y == 0 && at == addr + (i / 7) * align64(ps),
			      "ps %u page %llu: bank %d,%d at 0x%llx", ps, (unsigned long long)i,
			      where.x, where.y, (unsigned long long)at);
		}
		struct ttrt_xy where;
		uint64_t at;
		CHECK_EQ(ttrt_buffer_page_location(b, pages, &where, &at), -ERANGE);
		CHECK_EQ(ttrt_buffer_delete(b), 0);
		ttrt_buffer_put(b);
	}
}

/* Random data through buffer_write/read, then every page from the raw banks. */
static void test_round_trip(struct ttrt_device *dev, uint32_t ps, uint64_t size)
{
	struct ttrt_buffer *b = make_buffer(dev, "rt", size, ps);
	uint8_t *src = malloc(size), *dst = malloc(size), *page = malloc(ps);
	uint64_t addr = 0, pages = (size + ps - 1) / ps;

	REQUIRE(src && dst && page, "malloc");
	fill_random(src, size);
	CHECK_EQ(ttrt_buffer_address(b, &addr), 0);
	CHECK_EQ(ttrt_buffer_is_written(b), 0);
	/* Write in odd-sized pieces that straddle pages. */
	for (uint64_t off = 0; off < size;) {
		size_t n = 1 + rng() % (3 * ps);
		if (n > size - off)
			n = size - off;
		CHECK_EQ(ttrt_buffer_write(b, off, src + off, n), 0);
		off += n;
	}
	CHECK_EQ(ttrt_buffer_is_written(b), 1);
	memset(dst, 0, size);
	CHECK_EQ(ttrt_buffer_read(b, 0, dst, size), 0);
	CHECK(memcmp(src, dst, size) == 0, "buffer read != written (ps %u)", ps);
	/* Unaligned partial read. */
	if (size > 10) {
		memset(dst, 0, size);
		CHECK_EQ(ttrt_buffer_read(b, 3, dst, size - 10), 0);
		CHECK(memcmp(src + 3, dst, size - 10) == 0, "partial read");
	}
	for (uint64_t i = 0; i < pages; i++) {
		size_t n = i == pages - 1 ? size - i * ps : ps;
		int bank = (int)(i % 7);
		uint64_t at = addr + (i / 7) * align64(ps);
		CHECK_EQ(ttrt_dram_read(dev, bank, at, page, n), 0);
		CHECK(memcmp(page, src + i * ps, n) == 0, "ps %u: page %llu not in bank %d at 0x%llx",
		      ps, (unsigned long long)i, bank, (unsigned long long)at);
	}
	/* Out of range: refused whole, nothing transferred. */
	memset(page, 0x5A, ps);
	CHECK_EQ(ttrt_buffer_write(b, size - 1, page, 2), -EFBIG);
	CHECK_EQ(ttrt_buffer_write(b, size + 1, page, 0), -EFBIG);
	CHECK_EQ(ttrt_buffer_read(b, size - 1, dst, 2), -ENXIO);
	CHECK_EQ(ttrt_buffer_read(b, size + 1, dst, 1), -ENXIO);
	CHECK_EQ(ttrt_buffer_read(b, size - 1, dst, 1), 0);
	CHECK_EQ(dst[0], src[size - 1]);
	/* Shape is frozen once written; the old shape is kept. */
	CHECK_EQ(ttrt_buffer_set_size(b, size * 2), -EBUSY);
	CHECK_EQ(ttrt_buffer_set_page_size(b, ps * 2), -EBUSY);
	CHECK_EQ(ttrt_buffer_size(b), size);
	CHECK_EQ(ttrt_buffer_page_size(b), ps);
	CHECK_EQ(ttrt_buffer_read(b, 0, dst, size), 0);
	CHECK(memcmp(src, dst, size) == 0, "data changed by a refused resize");
	CHECK_EQ(ttrt_buffer_delete(b), 0);
	CHECK_EQ(ttrt_buffer_delete(b), -ENOENT);
	CHECK_EQ(ttrt_buffer_read(b, 0, dst, 1), -ENOENT);
	CHECK_EQ(ttrt_buffer_write(b, 0, dst, 1), -ENOENT);
	ttrt_buffer_put(b);
	free(src);
	free(dst);
	free(page);
}

/* Two buffers next to each other do not overlap in any bank. */
static void test_neighbours(struct ttrt_device *dev)
{
	struct ttrt_buffer *a = make_buffer(dev, "a", 7 * 2048 + 1, 2048);
	struct ttrt_buffer *b = make_buffer(dev, "b", 7 * 2048, 2048);
	uint64_t aa, ba;
	uint8_t ones[7 * 2048 + 1], zeros[sizeof(ones)], out[sizeof(ones)];

	CHECK_EQ(ttrt_buffer_address(a, &aa), 0);
	CHECK_EQ(ttrt_buffer_address(b, &ba), 0);
	/* a has 8 pages: two rows in bank 0, so it reserves 2 * 2048 per bank. */
	CHECK(ba >= aa + 2 * 2048 || aa >= ba + 2048, "a 0x%llx b 0x%llx overlap",
	      (unsigned long long)aa, (unsigned long long)ba);
	memset(ones, 0xFF, sizeof(ones));
	memset(zeros, 0, sizeof(zeros));
	CHECK_EQ(ttrt_buffer_write(b, 0, zeros, 7 * 2048), 0);
	CHECK_EQ(ttrt_buffer_write(a, 0, ones, sizeof(ones)), 0);
	CHECK_EQ(ttrt_buffer_read(b, 0, out, 7 * 2048), 0);
	CHECK(memcmp(out, zeros, 7 * 2048) == 0, "writing a changed b");
	CHECK_EQ(ttrt_buffer_delete(a), 0);
	CHECK_EQ(ttrt_buffer_delete(b), 0);
	ttrt_buffer_put(a);
	ttrt_buffer_put(b);
}

static void test_buffer_names(struct ttrt_device *dev)
{
	char name[80];
	struct ttrt_buffer *b, *c;

	CHECK_EQ(ttrt_buffer_name_check("ok.name_-9"), 0);
	CHECK_EQ(ttrt_buffer_name_check(""), -EINVAL);
	CHECK_EQ(ttrt_buffer_name_check("."), -EINVAL);
	CHECK_EQ(ttrt_buffer_name_check(".."), -EINVAL);
	CHECK_EQ(ttrt_buffer_name_check("a b"), -EINVAL);
	CHECK_EQ(ttrt_buffer_name_check("a/b"), -EINVAL);
	CHECK_EQ(ttrt_buffer_name_check("caf\xc3\xa9"), -EINVAL);
	memset(name, 'n', 63);
	name[63] = '\0';
	CHECK_EQ(ttrt_buffer_name_check(name), 0);
	name[63] = 'n';
	name[64] = '\0';
	CHECK_EQ(ttrt_buffer_name_check(name), -ENAMETOOLONG);

	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, "dup", &b) == 0, "new dup");
	CHECK_EQ(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, "bad name", &c), -EINVAL);
	CHECK(strcmp(ttrt_buffer_name(b), "dup") == 0, "name");
	CHECK_EQ(ttrt_buffer_size(b), 0);
	CHECK_EQ(ttrt_buffer_page_size(b), TTRT_DEFAULT_PAGE_SIZE);
	uint64_t addr;
	CHECK_EQ(ttrt_buffer_address(b, &addr), -ENODATA);
	CHECK_EQ(ttrt_buffer_set_size(b, 0), -EINVAL);
	CHECK_EQ(ttrt_buffer_set_page_size(b, 0), -EINVAL);
	/* Names are labels; keeping them unique is the caller's namespace's
	 * job (ttfs: its inode table), so the runtime does not refuse this. */
	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, "dup", &c) == 0, "second dup");
	CHECK(c != b, "a second buffer");
	CHECK_EQ(ttrt_buffer_delete(b), 0);
	CHECK_EQ(ttrt_buffer_check(c), 0);
	CHECK_EQ(ttrt_buffer_delete(c), 0);
	ttrt_buffer_put(b);
	ttrt_buffer_put(c);
}

static int list_names(struct ttrt_buffer *b, void *arg)
{
	strcat(arg, ttrt_buffer_name(b));
	strcat(arg, ",");
	return 0;
}

/* The device's list keeps creation order across deletes in any place. */
static void test_buffer_list(struct ttrt_device *dev)
{
	struct ttrt_buffer *b[4], *l4;
	const char *names[4] = { "l0", "l1", "l2", "l3" };
	char seen[64] = "";

	for (int i = 0; i < 4; i++)
		REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, names[i], &b[i]) == 0, "new %s", names[i]);
	ttrt_buffer_foreach(dev, list_names, seen);
	CHECK(strcmp(seen, "l0,l1,l2,l3,") == 0, "order: %s", seen);
	CHECK_EQ(ttrt_buffer_delete(b[1]), 0);   /* middle */
	CHECK_EQ(ttrt_buffer_delete(b[3]), 0);   /* tail */
	seen[0] = '\0';
	ttrt_buffer_foreach(dev, list_names, seen);
	CHECK(strcmp(seen, "l0,l2,") == 0, "after deletes: %s", seen);
	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, "l4", &l4) == 0, "new l4");
	CHECK_EQ(ttrt_buffer_delete(b[0]), 0);   /* head */
	seen[0] = '\0';
	ttrt_buffer_foreach(dev, list_names, seen);
	CHECK(strcmp(seen, "l2,l4,") == 0, "after head delete: %s", seen);
	CHECK_EQ(ttrt_buffer_delete(b[2]), 0);
	CHECK_EQ(ttrt_buffer_delete(l4), 0);
	seen[0] = '\0';
	ttrt_buffer_foreach(dev, list_names, seen);
	CHECK(seen[0] == '\0', "empty: %s", seen);
	for (int i = 0; i < 4; i++)
		ttrt_buffer_put(b[i]);
	ttrt_buffer_put(l4);
}

/* Buffer-level ENOSPC, and that freeing makes room again. */
static void test_buffer_space(struct ttrt_device *dev)
{
	uint64_t free0 = ttrt_dram_free_per_bank(dev), addr, addr2;
	struct ttrt_buffer *big, *b2;

	CHECK_EQ(free0, BANK_SIZE - TTRT_DRAM_ALLOC_BASE);
	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, "big", &big) == 0, "new");
	CHECK_EQ(ttrt_buffer_set_size(big, 7 * BANK_SIZE), -ENOSPC);
	CHECK_EQ(ttrt_buffer_set_size(big, UINT64_MAX / 2), -ENOSPC);
	CHECK_EQ(ttrt_buffer_address(big, &addr), -ENODATA);
	CHECK_EQ(ttrt_buffer_size(big), 0);
	/* Page size 64: the largest buffer is exactly free * 7. */
	CHECK_EQ(ttrt_buffer_set_page_size(big, 64), 0);
	CHECK_EQ(ttrt_buffer_set_size(big, free0 * 7 + 1), -ENOSPC);
	CHECK_EQ(ttrt_buffer_set_size(big, free0 * 7), 0);
	CHECK_EQ(ttrt_dram_free_per_bank(dev), 0);
	CHECK_EQ(ttrt_buffer_address(big, &addr), 0);
	CHECK_EQ(addr, TTRT_DRAM_ALLOC_BASE);
	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, "b2", &b2) == 0, "new b2");
	CHECK_EQ(ttrt_buffer_set_size(b2, 64), -ENOSPC);
	/* A failed grow keeps the old allocation. */
	CHECK_EQ(ttrt_buffer_set_size(big, free0 * 7 + 64), -ENOSPC);
	CHECK_EQ(ttrt_buffer_size(big), free0 * 7);
	CHECK_EQ(ttrt_buffer_address(big, &addr2), 0);
	CHECK_EQ(addr2, addr);
	CHECK_EQ(ttrt_dram_free_per_bank(dev), 0);
	/* Shrinking before any write is allowed and frees the rest. */
	CHECK_EQ(ttrt_buffer_set_size(big, 7 * 64), 0);
	CHECK_EQ(ttrt_dram_free_per_bank(dev), free0 - 2048);   /* a whole granule */
	CHECK_EQ(ttrt_buffer_delete(big), 0);
	ttrt_buffer_put(big);
	CHECK_EQ(ttrt_dram_free_per_bank(dev), free0);
	CHECK_EQ(ttrt_buffer_set_size(b2, free0 * 7 + 1), -ENOSPC);   /* page 2048: rows round up */
	CHECK_EQ(ttrt_buffer_set_size(b2, free0 / 2048 * 2048 * 7), 0);
	CHECK_EQ(ttrt_buffer_delete(b2), 0);
	ttrt_buffer_put(b2);
	CHECK_EQ(ttrt_dram_free_per_bank(dev), free0);
}

/* A refused resize must not move a buffer whose address was already given out. */
static void test_failed_resize_keeps_address(struct ttrt_device *dev)
{
	struct ttrt_buffer *a = make_buffer(dev, "hole", 7 * 4096, 4096);
	struct ttrt_buffer *b = make_buffer(dev, "keep", 7 * 4096, 4096);
	uint64_t before = 0, after = 0;

	CHECK_EQ(ttrt_buffer_address(b, &before), 0);
	CHECK_EQ(ttrt_buffer_delete(a), 0);   /* a hole below b */
	ttrt_buffer_put(a);
	CHECK_EQ(ttrt_buffer_set_size(b, 7 * BANK_SIZE), -ENOSPC);
	CHECK_EQ(ttrt_buffer_address(b, &after), 0);
	CHECK(before == after, "a failed resize moved the buffer from 0x%llx to 0x%llx",
	      (unsigned long long)before, (unsigned long long)after);
	CHECK_EQ(ttrt_buffer_size(b), 7 * 4096);
	CHECK_EQ(ttrt_buffer_delete(b), 0);
	ttrt_buffer_put(b);
	CHECK_EQ(ttrt_dram_free_per_bank(dev), BANK_SIZE - TTRT_DRAM_ALLOC_BASE);
}

/* A size so large that rounding it up to pages overflows is still ENOSPC. */
static void test_huge_size(struct ttrt_device *dev)
{
	struct ttrt_buffer *b;

	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, "huge", &b) == 0, "new");
	CHECK_EQ(ttrt_buffer_set_size(b, UINT64_MAX), -ENOSPC);
	CHECK_EQ(ttrt_buffer_set_size(b, UINT64_MAX - 100), -ENOSPC);
	CHECK_EQ(ttrt_buffer_size(b), 0);
	CHECK_EQ(ttrt_buffer_delete(b), 0);
	ttrt_buffer_put(b);
}

static void test_raw_access(struct ttrt_device *dev)
{
	uint8_t in[256], out[256];
	struct ttrt_xy core = { 11, 9 }, bad = { 12, 0 };

	fill_random(in, sizeof(in));
	CHECK_EQ(ttrt_dram_write(dev, 6, BANK_SIZE - sizeof(in), in, sizeof(in)), 0);
	CHECK_EQ(ttrt_dram_read(dev, 6, BANK_SIZE - sizeof(in), out, sizeof(out)), 0);
	CHECK(memcmp(in, out, sizeof(in)) == 0, "dram bank 6 end");
	CHECK_EQ(ttrt_dram_write(dev, 6, BANK_SIZE - 1, in, 2), -EFBIG);
	CHECK_EQ(ttrt_dram_read(dev, 6, BANK_SIZE - 1, out, 2), -ENXIO);
	CHECK_EQ(ttrt_dram_read(dev, 7, 0, out, 1), -EINVAL);
	CHECK_EQ(ttrt_dram_read(dev, -1, 0, out, 1), -EINVAL);
	/* Banks are distinct memories. */
	memset(out, 0, sizeof(out));
	CHECK_EQ(ttrt_dram_read(dev, 5, BANK_SIZE - sizeof(in), out, sizeof(out)), 0);
	CHECK(memcmp(in, out, sizeof(in)) != 0, "bank 5 aliases bank 6");

	CHECK_EQ(ttrt_l1_write(dev, core, TTRT_L1_SIZE - sizeof(in), in, sizeof(in)), 0);
	CHECK_EQ(ttrt_l1_read(dev, core, TTRT_L1_SIZE - sizeof(in), out, sizeof(out)), 0);
	CHECK(memcmp(in, out, sizeof(in)) == 0, "l1 end");
	CHECK_EQ(ttrt_l1_write(dev, core, TTRT_L1_SIZE - 1, in, 2), -EFBIG);
	CHECK_EQ(ttrt_l1_read(dev, core, TTRT_L1_SIZE - 1, out, 2), -ENXIO);
	CHECK_EQ(ttrt_l1_read(dev, bad, 0, out, 1), -EINVAL);
	struct ttrt_xy other = { 10, 9 };
	CHECK_EQ(ttrt_l1_read(dev, other, TTRT_L1_SIZE - sizeof(in), out, sizeof(out)), 0);
	CHECK(memcmp(in, out, sizeof(in)) != 0, "core 10,9 aliases 11,9");
}

/* The allocator alone: first fit, free, merge both ways, ENOSPC. */
static void test_allocator(void)
{
	struct ttrt_range_allocator *a;
	uint64_t x, y, z, w;
	const uint64_t size = 1 << 20, avail = size - TTRT_DRAM_ALLOC_BASE;

	REQUIRE(ttrt_range_allocator_create(TTRT_DRAM_ALLOC_BASE, size, TTRT_DRAM_ALLOC_ALIGNMENT, &a) == 0, "create");
	CHECK_EQ(ttrt_range_largest_free(a), avail);
	CHECK_EQ(ttrt_range_alloc(a, 0, false, &x), -EINVAL);
	CHECK_EQ(ttrt_range_alloc(a, 100, false, &x), 0);
	CHECK_EQ(x, TTRT_DRAM_ALLOC_BASE);
	CHECK_EQ(ttrt_range_alloc(a, 64, false, &y), 0);
	CHECK_EQ(y, x + 2048);   /* 100 rounds up to the 2 KiB granule */
	CHECK_EQ(ttrt_range_alloc(a, 4096, false, &z), 0);
	CHECK_EQ(z, y + 2048);
	CHECK_EQ(ttrt_range_largest_free(a), avail - 2048 - 2048 - 4096);
	CHECK(x % TTRT_DRAM_ALLOC_ALIGNMENT == 0 && y % 2048 == 0 && z % 2048 == 0,
	      "2 KiB-aligned addresses 0x%llx 0x%llx 0x%llx", (unsigned long long)x,
	      (unsigned long long)y, (unsigned long long)z);
	CHECK_EQ(ttrt_range_alloc(a, avail, false, &w), -ENOSPC);

	/* Free the middle one: a 2 KiB hole, reused first fit. */
	ttrt_range_free(a, y, 64);
	CHECK_EQ(ttrt_range_alloc(a, 64, false, &w), 0);
	CHECK_EQ(w, y);
	ttrt_range_free(a, w, 64);
	/* Free x: merges with the hole after it into 4 KiB. */
	ttrt_range_free(a, x, 100);
	CHECK_EQ(ttrt_range_alloc(a, 4096, false, &w), 0);
	CHECK_EQ(w, x);
	ttrt_range_free(a, w, 4096);
	/* Free z: everything merges back into one range. */
	ttrt_range_free(a, z, 4096);
	CHECK_EQ(ttrt_range_largest_free(a), avail);
	CHECK_EQ(ttrt_range_alloc(a, avail, false, &w), 0);
	CHECK_EQ(w, TTRT_DRAM_ALLOC_BASE);
	CHECK_EQ(ttrt_range_largest_free(a), 0);
	CHECK_EQ(ttrt_range_alloc(a, 64, false, &x), -ENOSPC);
	ttrt_range_free(a, w, avail);

	/* Free in reverse order: each free merges with the range after it. */
	uint64_t p[8];
	for (int i = 0; i < 8; i++)
		CHECK_EQ(ttrt_range_alloc(a, 1000, false, &p[i]), 0);
	for (int i = 7; i >= 0; i--)
		ttrt_range_free(a, p[i], 1000);
	CHECK_EQ(ttrt_range_largest_free(a), avail);
	/* Free every other one, then the rest: holes merge both sides. */
	for (int i = 0; i < 8; i++)
		CHECK_EQ(ttrt_range_alloc(a, 1000, false, &p[i]), 0);
	for (int i = 0; i < 8; i += 2)
		ttrt_range_free(a, p[i], 1000);
	CHECK_EQ(ttrt_range_largest_free(a), avail - 8 * 2048);
	for (int i = 1; i < 8; i += 2)
		ttrt_range_free(a, p[i], 1000);
	CHECK_EQ(ttrt_range_largest_free(a), avail);
	ttrt_range_allocator_destroy(a);
}

/* Top-down, as L1 buffers are placed: from the high end of the highest
 * range that fits, in units of the alignment. */
static void test_allocator_top_down(void)
{
	struct ttrt_range_allocator *a;
	uint64_t x, y, z, w;

	CHECK_EQ(ttrt_range_allocator_create(0x1000, 0x1000, 64, &a), -EINVAL);
	CHECK_EQ(ttrt_range_allocator_create(0x1010, 0x2000, 64, &a), -EINVAL);
	REQUIRE(ttrt_range_allocator_create(0x1000, 0x2000, 64, &a) == 0, "create");
	CHECK_EQ(ttrt_range_alloc(a, 100, true, &x), 0);
	CHECK_EQ(x, 0x2000 - 128);   /* 100 rounds up to 128 */
	CHECK_EQ(ttrt_range_alloc(a, 64, true, &y), 0);
	CHECK_EQ(y, x - 64);
	CHECK_EQ(ttrt_range_alloc(a, 256, true, &z), 0);
	CHECK_EQ(z, y - 256);
	/* A hole at the top fits a small buffer; a larger one goes below. */
	ttrt_range_free(a, x, 100);
	CHECK_EQ(ttrt_range_alloc(a, 192, true, &w), 0);
	CHECK_EQ(w, z - 192);
	CHECK_EQ(ttrt_range_alloc(a, 64, true, &x), 0);
	CHECK_EQ(x, 0x2000 - 64);   /* the highest range that fits, from its top */
	CHECK_EQ(ttrt_range_alloc(a, 0x1000, true, &w), -ENOSPC);
	CHECK_EQ(ttrt_range_alloc(a, UINT64_MAX, true, &w), -ENOSPC);
	ttrt_range_allocator_destroy(a);
}

static int collect_holder(const char *holder, void *arg)
{
	char *list = arg;

	strcat(list, holder);
	strcat(list, " ");
	return 0;
}

/* A pinned buffer keeps its range: no delete, no new shape, until the
 * last pin goes; each holder is listed once. */
static void test_pins(struct ttrt_device *dev)
{
	struct ttrt_buffer *b = make_buffer(dev, "pinned", 7 * 2048, 2048);
	struct ttrt_buffer_pin *p1, *p2, *p3;
	uint64_t addr, addr2;
	char holders[256] = "";

	REQUIRE(ttrt_buffer_address(b, &addr) == 0, "address");
	CHECK_EQ(ttrt_buffer_pin(b, "prog1", &p1), 0);
	CHECK_EQ(ttrt_buffer_pin(b, "prog2", &p2), 0);
	CHECK_EQ(ttrt_buffer_pin(b, "prog1", &p3), 0);
	ttrt_buffer_foreach_holder(b, collect_holder, holders);
	CHECK(strcmp(holders, "prog1 prog2 ") == 0, "holders '%s'", holders);
	CHECK_EQ(ttrt_buffer_delete(b), -EBUSY);
	CHECK_EQ(ttrt_buffer_set_size(b, 2048), -EBUSY);
	CHECK_EQ(ttrt_buffer_set_page_size(b, 1024), -EBUSY);
	CHECK_EQ(ttrt_buffer_set_size(b, 7 * 2048), 0);   /* the shape it has */
	ttrt_buffer_unpin(p1);
	ttrt_buffer_unpin(p3);
	holders[0] = '\0';
	ttrt_buffer_foreach_holder(b, collect_holder, holders);
	CHECK(strcmp(holders, "prog2 ") == 0, "holders '%s'", holders);
	CHECK_EQ(ttrt_buffer_delete(b), -EBUSY);
	CHECK_EQ(ttrt_buffer_address(b, &addr2), 0);
	CHECK_EQ(addr2, addr);
	ttrt_buffer_unpin(p2);
	holders[0] = '\0';
	ttrt_buffer_foreach_holder(b, collect_holder, holders);
	CHECK(holders[0] == '\0', "holders '%s'", holders);
	CHECK_EQ(ttrt_buffer_set_size(b, 2048), 0);
	CHECK_EQ(ttrt_buffer_delete(b), 0);
	CHECK_EQ(ttrt_buffer_pin(b, "late", &p1), -ENOENT);
	ttrt_buffer_put(b);
	/* A pin outlives a delete at device close: it holds its reference. */
	b = make_buffer(dev, "kept", 2048, 2048);
	CHECK_EQ(ttrt_buffer_pin(b, "prog", &p1), 0);
	ttrt_buffer_put(b);
	ttrt_buffers_destroy_all(dev);
	CHECK_EQ(ttrt_buffer_check(b), -ENOENT);
	ttrt_buffer_unpin(p1);
}

int main(void)
{
	struct ttrt_device *dev = open_sim(BANK_SIZE);

	test_allocator();
	test_allocator_top_down();
	test_page_location(dev);
	test_round_trip(dev, 2048, 7 * 2048 * 5 + 123);
	test_round_trip(dev, 1000, 7 * 1000 * 3 + 999);   /* unaligned page size */
	test_round_trip(dev, 32, 7 * 32 * 10 + 1);        /* pages smaller than the alignment */
	test_round_trip(dev, 65536, 65536 * 9);
	test_neighbours(dev);
	test_buffer_names(dev);
	test_buffer_list(dev);
	test_buffer_space(dev);
	test_failed_resize_keeps_address(dev);
	test_huge_size(dev);
	test_raw_access(dev);
	test_pins(dev);
	CHECK_EQ(ttrt_dram_free_per_bank(dev), BANK_SIZE - TTRT_DRAM_ALLOC_BASE);
	ttrt_device_close(dev);
	return check_exit("test_interleave");
}
