/* SPDX-License-Identifier: Apache-2.0
 *
 * The simulated DRAM's host layout (banks interleaved at 2 KiB granules),
 * and that DRAM never written reads as zeros and costs no host RAM, and a
 * new buffer reads as zeros, through the runtime API:
 *  - each bank byte where the layout formula puts it; granules of
 *    consecutive banks adjacent; a default-page buffer's 1 MiB one piece;
 *  - ttrt_dram_direct pieces: untouched memory comes from outside the
 *    mapping (shared zeros), written bytes from it, at every granule edge;
 *  - copying reads of an untouched bank leave it unmapped (mincore);
 *  - ttrt_dram_zero: edges kept, a host page given back once both its
 *    granules (of two banks) are zero, not before;
 *  - random writes, zeroings and reads over all banks against a model;
 *    DRAM to DRAM copies (sim/dram.h directly), overlapping too;
 *  - buffers re-created in a removed buffer's place, or reshaped over
 *    bytes a bank write left, read as zeros;
 *  - a backend without zero or host_span (as the kmd backend will be):
 *    zeros written in bounded chunks, zero-copy refused.
 * Expected bytes come from a model kept here, never from the code tested.
 */
#include "check.h"
#include "test_rng.h"
#include "runtime_internal.h"
#include "sim/dram.h"

#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#define BANK_SIZE (16ull << 20)
#define BANKS TTRT_NUM_DRAM_BANKS
#define PAGE 4096u
#define G 2048u   /* the host layout's granule */
#define MAX_IOV 1024

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;

static void fill_random(uint8_t *p, size_t n)
{
	test_rng_fill(&rng_state, p, n, 1);   /* never 0: a zero always means cleared */
}

static int all_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

static struct ttrt_device *open_sim(void)
{
	struct ttrt_config cfg;
	struct ttrt_device *dev = NULL;
	char err[256] = "", val[32];

	ttrt_config_defaults(&cfg);
	snprintf(val, sizeof(val), "%llu", (unsigned long long)BANK_SIZE);
	REQUIRE(ttrt_config_set(&cfg, "dram_size", val, err, sizeof(err)) == 0, "%s", err);
	REQUIRE(ttrt_device_open(&cfg, &dev, err, sizeof(err)) == 0, "open: %s", err);
	return dev;
}

/* The host layout dram.h promises, written out here: bank address addr of
 * bank b at (addr / G) * (7 * G) + b * G + addr % G from the mapping. */
static uint64_t host_offset(int bank, uint64_t addr)
{
	return addr / G * (BANKS * G) + (uint64_t)bank * G + addr % G;
}

#define MAPPING_SIZE (BANK_SIZE / G * BANKS * G)

/* Where the mapping starts: the writing span of bank 0's first byte, after
 * which the granule is zeroed again so it counts as untouched. */
static uint8_t *mapping_base(struct ttrt_device *dev)
{
	struct iovec iov[1];

	REQUIRE(ttrt_dram_direct(dev, 0, 0, 1, 1, iov, 1) == 1, "bank 0 byte 0");
	CHECK_EQ(ttrt_dram_zero(dev, 0, 0, G), 0);
	return iov[0].iov_base;
}

/* Pages of [p, p + len) the host has mapped (p page-aligned). */
static size_t resident_pages(const uint8_t *p, size_t len)
{
	size_t pages = (len + PAGE - 1) / PAGE, count = 0;
	unsigned char *vec = malloc(pages);

	REQUIRE(vec != NULL, "malloc");
	REQUIRE(mincore((void *)p, len, vec) == 0, "mincore");
	for (size_t i = 0; i < pages; i++)
		count += vec[i] & 1;
	free(vec);
	return count;
}

/* Whether the host page holding bank address addr of bank is mapped. */
static int page_resident(const uint8_t *base, int bank, uint64_t addr)
{
	uint64_t off = host_offset(bank, addr) / PAGE * PAGE;

	return resident_pages(base + off, PAGE) == 1;
}

static int inside(const void *p, const uint8_t *base, uint64_t len)
{
	const uint8_t *b = p;

	return b >= base && b < base + len;
}

/* The model of a bank: its bytes and which granules were written. */
struct model {
	int bank;
	uint8_t *bytes;
	uint8_t *touched;   /* per granule */
	size_t span;
};

static void model_init(struct model *m, int bank, size_t span)
{
	m->bank = bank;
	m->span = span;
	m->bytes = calloc(1, span);
	m->touched = calloc(1, span / G);
	REQUIRE(m->bytes && m->touched, "calloc");
}

static void model_free(struct model *m)
{
	free(m->bytes);
	free(m->touched);
}

/* Read [addr, addr + len) through ttrt_dram_direct and check it against
 * the model: the bytes, that the pieces cover the range exactly, that a
 * piece in the mapping is where the layout puts it and ends within its
 * granule, and that no piece over an untouched granule is in the mapping. */
static void check_direct(struct ttrt_device *dev, const uint8_t *base, const struct model *m,
			 uint64_t addr, size_t len)
{
	static struct iovec iov[MAX_IOV];
	int n = ttrt_dram_direct(dev, m->bank, addr, len, 0, iov, MAX_IOV);
	uint64_t at = addr;

	REQUIRE(n > 0, "direct read of bank %d 0x%llx+%zu: %d", m->bank,
		(unsigned long long)addr, len, n);
	for (int i = 0; i < n; i++) {
		const uint8_t *p = iov[i].iov_base;
		size_t l = iov[i].iov_len;
		int in_mapping = inside(p, base, MAPPING_SIZE);

		CHECK(l > 0, "empty piece %d", i);
		CHECK(memcmp(p, m->bytes + at, l) == 0,
		      "bank %d piece %d (0x%llx+%zu) differs from the model", m->bank, i,
		      (unsigned long long)at, l);
		if (in_mapping) {
			CHECK(p == base + host_offset(m->bank, at),
			      "piece %d at host offset %td, not 0x%llx", i, p - base,
			      (unsigned long long)host_offset(m->bank, at));
			CHECK(l <= G - at % G, "piece %d (0x%llx+%zu) crosses a granule", i,
			      (unsigned long long)at, l);
		}
		for (uint64_t g = at / G; g <= (at + l - 1) / G; g++)
			if (!m->touched[g])
				CHECK(!in_mapping, "untouched granule %llu served from the mapping",
				      (unsigned long long)g);
		at += l;
	}
	CHECK_EQ(at, addr + len);
}

static void model_write(struct ttrt_device *dev, struct model *m, uint64_t addr, size_t len)
{
	uint8_t *src = malloc(len);

	REQUIRE(src != NULL, "malloc");
	fill_random(src, len);
	CHECK_EQ(ttrt_dram_write(dev, m->bank, addr, src, len), 0);
	memcpy(m->bytes + addr, src, len);
	for (uint64_t g = addr / G; g <= (addr + len - 1) / G; g++)
		m->touched[g] = 1;
	free(src);
}

static void model_zero(struct ttrt_device *dev, struct model *m, uint64_t addr, size_t len)
{
	CHECK_EQ(ttrt_dram_zero(dev, m->bank, addr, len), 0);
	memset(m->bytes + addr, 0, len);
	for (uint64_t g = (addr + G - 1) / G; (g + 1) * G <= addr + len; g++)
		m->touched[g] = 0;
}

static void check_copying_read(struct ttrt_device *dev, const struct model *m)
{
	uint8_t *buf = malloc(m->span);

	REQUIRE(buf != NULL, "malloc");
	memset(buf, 0xEE, m->span);
	CHECK_EQ(ttrt_dram_read(dev, m->bank, 0, buf, m->span), 0);
	CHECK(memcmp(buf, m->bytes, m->span) == 0, "bank %d: copying read differs from the model",
	      m->bank);
	free(buf);
}

/* The layout: a bank's bytes where the formula puts them, and the same
 * granule of consecutive banks adjacent in host memory. */
static void test_layout(struct ttrt_device *dev, const uint8_t *base)
{
	static const uint64_t addrs[] = { 0, 1, G - 1, G, 5 * G + 77, BANK_SIZE - 1 };
	static struct iovec iov[2];

	for (int bank = 0; bank < BANKS; bank++) {
		for (size_t i = 0; i < sizeof(addrs) / sizeof(addrs[0]); i++) {
			uint8_t v = (uint8_t)(0x10 * bank + i + 1);

			CHECK_EQ(ttrt_dram_write(dev, bank, addrs[i], &v, 1), 0);
			CHECK(base[host_offset(bank, addrs[i])] == v, "bank %d 0x%llx not at 0x%llx",
			      bank, (unsigned long long)addrs[i],
			      (unsigned long long)host_offset(bank, addrs[i]));
		}
	}
	for (int bank = 0; bank + 1 < BANKS; bank++) {
		CHECK_EQ(ttrt_dram_direct(dev, bank, 3 * G, G, 1, iov, 1), 1);
		CHECK_EQ(ttrt_dram_direct(dev, bank + 1, 3 * G, G, 1, iov + 1, 1), 1);
		CHECK((uint8_t *)iov[0].iov_base + G == iov[1].iov_base,
		      "granule 3 of banks %d and %d not adjacent", bank, bank + 1);
	}
	/* Row 4 follows row 3: bank 6's granule 3, then bank 0's granule 4. */
	CHECK_EQ(ttrt_dram_direct(dev, 0, 4 * G, 1, 1, iov, 1), 1);
	CHECK((uint8_t *)iov[1].iov_base + G == iov[0].iov_base, "row 4 does not follow row 3");
	/* Zeroed, every page written above goes back to the host. */
	for (int bank = 0; bank < BANKS; bank++)
		CHECK_EQ(ttrt_dram_zero(dev, bank, 0, BANK_SIZE), 0);
	for (int bank = 0; bank < BANKS; bank++)
		for (size_t i = 0; i < sizeof(addrs) / sizeof(addrs[0]); i++)
			CHECK(!page_resident(base, bank, addrs[i]), "bank %d 0x%llx still mapped",
			      bank, (unsigned long long)addrs[i]);
}
/* Untouched banks: zeros, and reading them maps nothing. */
static void test_untouched(struct ttrt_device *dev, const uint8_t *base)
{
	uint8_t *buf = malloc(BANK_SIZE);
	static struct iovec iov[MAX_IOV];
	int n;

	REQUIRE(buf != NULL, "malloc");
	memset(buf, 0xEE, BANK_SIZE);
	CHECK_EQ(ttrt_dram_read(dev, 2, 0, buf, BANK_SIZE), 0);
	CHECK(all_zero(buf, BANK_SIZE), "an untouched bank reads as zeros");
	CHECK_EQ(resident_pages(base, MAPPING_SIZE), 0);

	/* 1 MiB at a time, as FUSE asks: few pieces, none in the mapping,
	 * though the bank's granules are 7 apart in it. */
	for (uint64_t addr = 0; addr < BANK_SIZE; addr += 1 << 20) {
		n = ttrt_dram_direct(dev, 2, addr + 123, (1 << 20) - 123, 0, iov, MAX_IOV);
		CHECK(n >= 1 && n <= 2, "1 MiB of zeros in %d pieces", n);
		for (int i = 0; i < n; i++) {
			CHECK(!inside(iov[i].iov_base, base, MAPPING_SIZE), "zero piece in the mapping");
			CHECK(all_zero(iov[i].iov_base, iov[i].iov_len), "zero piece not zero");
		}
	}
	CHECK_EQ(resident_pages(base, MAPPING_SIZE), 0);
	/* Range and argument errors, as for reads. */
	CHECK_EQ(ttrt_dram_direct(dev, 2, BANK_SIZE - 1, 2, 0, iov, MAX_IOV), -ENXIO);
	CHECK_EQ(ttrt_dram_direct(dev, 2, BANK_SIZE - 1, 2, 1, iov, MAX_IOV), -EFBIG);
	CHECK_EQ(ttrt_dram_direct(dev, 7, 0, 1, 0, iov, MAX_IOV), -EINVAL);
	CHECK_EQ(ttrt_dram_direct(dev, 2, BANK_SIZE, 0, 0, iov, MAX_IOV), 0);
	free(buf);
}

/* Written bytes at and across granule edges, mixed with untouched
 * granules in one request; then zeroing with unaligned edges. */
static void test_edges_and_zeroing(struct ttrt_device *dev, const uint8_t *base)
{
	struct model m;
	static struct iovec iov[MAX_IOV];
	uint8_t buf[4];

	model_init(&m, 4, 128 * G);
	model_write(dev, &m, G - 1, 2);             /* across the edge 0|1 */
	model_write(dev, &m, 3 * G, G);             /* exactly granule 3 */
	model_write(dev, &m, 6 * G - 1, 1);         /* last byte of granule 5 */
	model_write(dev, &m, 8 * G, 1);             /* first byte of granule 8 */
	model_write(dev, &m, 10 * G + 7, 3 * G);    /* granules 10..13 */
	model_write(dev, &m, 40 * G + 100, 300);    /* inside granule 40 */

	/* One request over everything, and requests starting and ending at
	 * and around each edge. */
	check_direct(dev, base, &m, 0, m.span);
	for (uint64_t a = 0; a < 16 * G; a += G / 2 - 1)
		for (size_t l = 1; a + l <= m.span; l = l * 3 + G / 4)
			check_direct(dev, base, &m, a, l);
	check_copying_read(dev, &m);
	/* Written granules of a bank are 7 granules apart: a piece each. */
	CHECK_EQ(ttrt_dram_direct(dev, 4, 10 * G + 7, 3 * G, 0, iov, MAX_IOV), 4);
	CHECK(iov[0].iov_base == base + host_offset(4, 10 * G + 7), "written range from the bank");
	/* Too many pieces for the caller's array. */
	CHECK_EQ(ttrt_dram_direct(dev, 4, 0, m.span, 0, iov, 2), -E2BIG);

	/* Zero [3G - 5, 12G + 9): granules 3..11 are whole inside and, their
	 * pages' other granules (banks 3 and 5) untouched, go back to the
	 * host; bytes of granules 2 and 12 outside stay. */
	CHECK(page_resident(base, 4, 3 * G), "granule 3 was written");
	model_zero(dev, &m, 3 * G - 5, 9 * G + 14);
	for (uint64_t g = 3; g < 12; g++)
		CHECK(!page_resident(base, 4, g * G), "granule %llu still mapped",
		      (unsigned long long)g);
	check_direct(dev, base, &m, 0, m.span);
	check_copying_read(dev, &m);
	/* Zeroing inside one granule, and across one edge without a whole one. */
	model_zero(dev, &m, 40 * G + 150, 10);
	model_zero(dev, &m, G - 1, 1);
	model_zero(dev, &m, 13 * G - 3, 6);
	check_direct(dev, base, &m, 0, m.span);
	check_copying_read(dev, &m);
	/* Zeroing untouched memory maps nothing; errors. */
	CHECK_EQ(ttrt_dram_zero(dev, 4, 1024 * G + 1, 50 * G), 0);
	for (uint64_t g = 1024; g < 1075; g++)
		CHECK(!page_resident(base, 4, g * G), "untouched granule %llu mapped by zeroing",
		      (unsigned long long)g);
	CHECK_EQ(ttrt_dram_zero(dev, 4, BANK_SIZE - 1, 2), -EFBIG);
	CHECK_EQ(ttrt_dram_zero(dev, 7, 0, 1), -EINVAL);
	CHECK_EQ(ttrt_dram_zero(dev, 4, BANK_SIZE, 0), 0);

	/* A write through a writing piece counts: it reads back afterwards.
	 * Across a granule edge: two pieces, 7 granules apart. */
	CHECK_EQ(ttrt_dram_direct(dev, 4, 50 * G - 2, 4, 1, iov, MAX_IOV), 2);
	CHECK_EQ(iov[0].iov_len, 2);
	CHECK(iov[1].iov_base == base + host_offset(4, 50 * G), "second writing piece");
	memcpy(iov[0].iov_base, "\x11\x22", 2);
	memcpy(iov[1].iov_base, "\x33\x44", 2);
	CHECK_EQ(ttrt_dram_read(dev, 4, 50 * G - 2, buf, 4), 0);
	CHECK(memcmp(buf, "\x11\x22\x33\x44", 4) == 0, "written through direct pieces");
	CHECK_EQ(ttrt_dram_zero(dev, 4, 0, BANK_SIZE), 0);
	model_free(&m);
}

/* A host page holds two granules of different banks: zeroing one keeps
 * the page and the other's bytes; zeroing both gives it back. */
static void test_page_shared_by_banks(struct ttrt_device *dev, const uint8_t *base)
{
	struct model a, b;
	const uint64_t addr = 20 * G;   /* row 20: granules 140 (bank 0), 141 (bank 1) */

	CHECK_EQ(host_offset(0, addr) % PAGE, 0);
	model_init(&a, 0, 32 * G);
	model_init(&b, 1, 32 * G);
	model_write(dev, &a, addr, G);
	model_write(dev, &b, addr, G);
	CHECK(page_resident(base, 0, addr), "written page mapped");
	model_zero(dev, &a, addr, G);
	CHECK(page_resident(base, 0, addr), "page given back while bank 1 still holds data");
	check_direct(dev, base, &b, 0, b.span);
	check_direct(dev, base, &a, 0, a.span);
	check_copying_read(dev, &a);
	check_copying_read(dev, &b);
	/* The mapping itself holds zeros where bank 0's granule was. */
	CHECK(all_zero(base + host_offset(0, addr), G), "cleared granule not zero in place");
	model_zero(dev, &b, addr, G);
	CHECK(!page_resident(base, 0, addr), "page kept after both granules were zeroed");
	check_copying_read(dev, &b);
	/* The same from the other side, bank 1's granule zeroed in two
	 * parts first: only zeroing a whole granule clears it. */
	model_write(dev, &a, addr, G);
	model_write(dev, &b, addr, G);
	model_zero(dev, &b, addr + 1, G - 1);
	model_zero(dev, &b, addr, 1);
	model_zero(dev, &a, addr, G);
	CHECK(page_resident(base, 0, addr), "page given back while bank 1's granule is marked");
	check_copying_read(dev, &a);
	check_copying_read(dev, &b);
	model_zero(dev, &b, addr, G);
	CHECK(!page_resident(base, 0, addr), "page kept after both granules were zeroed");
	model_free(&a);
	model_free(&b);
}

/* Random writes, zeroings and reads over all banks, unaligned and long,
 * checked against a model of every bank. */
static void test_random_ops(struct ttrt_device *dev, const uint8_t *base)
{
	struct model m[BANKS];
	const size_t span = 96 * G;

	for (int bank = 0; bank < BANKS; bank++)
		model_init(&m[bank], bank, span);
	for (int i = 0; i < 600; i++) {
		struct model *mb = &m[test_rng_next(&rng_state) % BANKS];
		uint64_t addr = test_rng_next(&rng_state) % span;
		size_t len = 1 + test_rng_next(&rng_state) % (i % 3 ? 3 * G : 40 * G);

		if (len > span - addr)
			len = span - addr;
		switch (test_rng_next(&rng_state) % 4) {
		case 0:
		case 1:
			model_write(dev, mb, addr, len);
			break;
		case 2:
			model_zero(dev, mb, addr, len);
			break;
		default:
			check_direct(dev, base, mb, addr, len);
		}
	}
	for (int bank = 0; bank < BANKS; bank++) {
		check_copying_read(dev, &m[bank]);
		check_direct(dev, base, &m[bank], 0, span);
		CHECK_EQ(ttrt_dram_zero(dev, bank, 0, BANK_SIZE), 0);
		model_free(&m[bank]);
	}
}

/* DRAM to DRAM copies (the NOC's), between banks and overlapping within
 * one, over untouched granules too: as memmove on the model. */
static void test_copy(void)
{
	struct sim_dram d;
	const size_t span = 32 * G;
	uint8_t *model[BANKS], *back = malloc(span);
	static const struct {
		int dst_bank, src_bank;
		uint64_t dst, src, len;
	} cases[] = {
		{ 1, 0, 5, 3 * G + 11, 9 * G + 3 },     /* between banks, unaligned */
		{ 2, 2, 100, 2 * G + 7, 7 * G },        /* same bank, down: overlaps */
		{ 2, 2, 3 * G + 9, G - 1, 8 * G + 5 },  /* same bank, up: overlaps */
		{ 3, 6, 0, 20 * G, 4 * G },             /* from untouched granules */
		{ 5, 5, 4, 4, G },                      /* onto itself */
	};

	REQUIRE(back != NULL, "malloc");
	REQUIRE(sim_dram_init(&d, BANKS, BANK_SIZE) == 0, "sim_dram_init");
	for (int bank = 0; bank < BANKS; bank++) {
		model[bank] = calloc(1, span);
		REQUIRE(model[bank] != NULL, "calloc");
		if (bank == 6)
			continue;   /* stays untouched */
		fill_random(model[bank], 16 * G);
		sim_dram_write(&d, bank, 0, model[bank], 16 * G);
	}
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sim_dram_copy(&d, cases[i].dst_bank, cases[i].dst, cases[i].src_bank, cases[i].src,
			      cases[i].len);
		memmove(model[cases[i].dst_bank] + cases[i].dst,
			model[cases[i].src_bank] + cases[i].src, cases[i].len);
		for (int bank = 0; bank < BANKS; bank++) {
			sim_dram_read(&d, bank, 0, back, span);
			CHECK(memcmp(back, model[bank], span) == 0, "copy %zu: bank %d differs", i,
			      bank);
		}
	}
	CHECK_EQ(sim_dram_any_written(&d, 6, 0, BANK_SIZE), 0);
	CHECK_EQ(sim_dram_any_written(&d, 3, 0, G), 1);
	for (int bank = 0; bank < BANKS; bank++)
		free(model[bank]);
	sim_dram_destroy(&d);
	free(back);
}

static struct ttrt_buffer *make_buffer(struct ttrt_device *dev, const char *name, uint64_t size,
				       uint32_t page_size)
{
	struct ttrt_buffer *b = NULL;

	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, name, &b) == 0, "new %s", name);
	CHECK_EQ(ttrt_buffer_set_page_size(b, page_size), 0);
	CHECK_EQ(ttrt_buffer_set_size(b, size), 0);
	return b;
}

static void drop_buffer(struct ttrt_buffer *b)
{
	CHECK_EQ(ttrt_buffer_delete(b), 0);
	ttrt_buffer_put(b);
}

/* Every byte of a buffer reads as zeros, copied and zero-copy. */
static void check_buffer_zero(struct ttrt_buffer *b, uint64_t size, const char *what)
{
	static struct iovec iov[MAX_IOV];
	uint8_t *buf = malloc(size);
	uint64_t total = 0;
	int n;

	REQUIRE(buf != NULL, "malloc");
	memset(buf, 0xEE, size);
	CHECK_EQ(ttrt_buffer_read(b, 0, buf, size), 0);
	CHECK(all_zero(buf, size), "%s: not zeros", what);
	n = ttrt_buffer_direct_begin(b, 0, size, 0, iov, MAX_IOV);
	CHECK(n > 0, "%s: direct_begin %d", what, n);
	for (int i = 0; i < n; i++) {
		CHECK(all_zero(iov[i].iov_base, iov[i].iov_len), "%s: piece %d not zeros", what, i);
		total += iov[i].iov_len;
	}
	if (n > 0)
		ttrt_buffer_direct_end(b);
	CHECK_EQ(total, size);
	free(buf);
}

/* A buffer in the place of a removed one, for several shapes; the test is
 * only worth something if the address is the same. */
static void test_buffer_recreated(struct ttrt_device *dev, uint64_t size, uint32_t page_size)
{
	struct ttrt_buffer *a = make_buffer(dev, "a", size, page_size), *b;
	uint8_t *data = malloc(size), *back = malloc(size);
	uint64_t addr_a = 0, addr_b = 1;

	REQUIRE(data && back, "malloc");
	fill_random(data, size);
	CHECK_EQ(ttrt_buffer_write(a, 0, data, size), 0);
	CHECK_EQ(ttrt_buffer_read(a, 0, back, size), 0);
	CHECK(memcmp(data, back, size) == 0, "a round-trips");
	CHECK_EQ(ttrt_buffer_address(a, &addr_a), 0);
	drop_buffer(a);
	b = make_buffer(dev, "b", size, page_size);
	CHECK_EQ(ttrt_buffer_address(b, &addr_b), 0);
	CHECK(addr_a == addr_b, "b at 0x%llx, not a's 0x%llx", (unsigned long long)addr_b,
	      (unsigned long long)addr_a);
	check_buffer_zero(b, size, "re-created buffer");
	drop_buffer(b);
	free(data);
	free(back);
}

/* A new shape of an unwritten buffer is zeroed too, even over bytes a
 * bank write put in its range; a refused resize keeps the old bytes. */
static void test_buffer_reshaped(struct ttrt_device *dev)
{
	struct ttrt_buffer *b = make_buffer(dev, "r", 7 * 4096, 4096);
	uint8_t stale[16], back[16];
	uint64_t addr = 0;

	fill_random(stale, sizeof(stale));
	CHECK_EQ(ttrt_buffer_address(b, &addr), 0);
	CHECK_EQ(ttrt_dram_write(dev, 5, addr + 4090, stale, sizeof(stale)), 0);
	CHECK_EQ(ttrt_buffer_set_size(b, 7 * BANK_SIZE), -ENOSPC);
	CHECK_EQ(ttrt_buffer_read(b, 5 * 4096 + 4090, back, 6), 0);
	CHECK(memcmp(back, stale, 6) == 0, "a refused resize kept the bytes");
	CHECK_EQ(ttrt_buffer_set_size(b, 14 * 4096), 0);
	CHECK_EQ(ttrt_buffer_address(b, &addr), 0);
	CHECK_EQ(ttrt_dram_read(dev, 5, addr + 4090, back, sizeof(back)), 0);
	CHECK(all_zero(back, sizeof(back)), "the new shape holds a bank write's bytes");
	check_buffer_zero(b, 14 * 4096, "reshaped buffer");
	drop_buffer(b);
}

/* A buffer of default (2 KiB) pages is one contiguous host range: a 1 MiB
 * read or write of it is one piece, wherever it starts. */
static void test_buffer_contiguous(struct ttrt_device *dev, const uint8_t *base)
{
	const uint64_t size = 4 << 20, mib = 1 << 20;
	struct ttrt_buffer *b = make_buffer(dev, "contig", size, TTRT_DEFAULT_PAGE_SIZE);
	static struct iovec iov[MAX_IOV];
	uint8_t *data = malloc(size), *back = malloc(size);
	uint64_t addr = 0;
	int n;

	REQUIRE(data && back, "malloc");
	CHECK_EQ(ttrt_buffer_address(b, &addr), 0);
	CHECK(addr % G == 0, "address 0x%llx not 2 KiB-aligned", (unsigned long long)addr);
	/* Untouched: zeros, a piece or two from the zero region. */
	n = ttrt_buffer_direct_begin(b, mib, mib, 0, iov, MAX_IOV);
	CHECK(n >= 1 && n <= 2, "1 MiB of an untouched buffer in %d pieces", n);
	if (n > 0)
		ttrt_buffer_direct_end(b);
	fill_random(data, size);
	CHECK_EQ(ttrt_buffer_write(b, 0, data, size), 0);
	for (uint64_t off = 0; off + mib <= size; off += mib / 2 + 2047) {
		n = ttrt_buffer_direct_begin(b, off, mib, 0, iov, MAX_IOV);
		CHECK_EQ(n, 1);
		if (n != 1)
			continue;
		CHECK(iov[0].iov_base == base + host_offset(0, addr) + off,
		      "offset %llu not at the buffer's host range", (unsigned long long)off);
		CHECK(memcmp(iov[0].iov_base, data + off, mib) == 0, "offset %llu bytes",
		      (unsigned long long)off);
		ttrt_buffer_direct_end(b);
	}
	/* Writing: one piece too, and what goes through it reads back. */
	CHECK_EQ(ttrt_buffer_direct_begin(b, 3, mib, 1, iov, MAX_IOV), 1);
	fill_random(data + 3, mib);
	memcpy(iov[0].iov_base, data + 3, mib);
	ttrt_buffer_direct_end(b);
	CHECK_EQ(ttrt_buffer_read(b, 0, back, size), 0);
	CHECK(memcmp(back, data, size) == 0, "buffer bytes after a direct write");
	drop_buffer(b);
	free(data);
	free(back);
}

/* A backend like a card: no host memory, no zero op. It counts writes. */
struct plain_backend {
	struct ttrt_backend base;
	struct ttrt_backend *inner;
	struct ttrt_backend_ops ops;
	unsigned writes;
	size_t largest_write;
};

static struct plain_backend *to_plain(struct ttrt_backend *be)
{
	return (struct plain_backend *)be;
}

static int plain_read(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr, void *buf,
		      size_t len)
{
	struct ttrt_backend *in = to_plain(be)->inner;

	return in->ops->read(in, noc0, addr, buf, len);
}

static int plain_write(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr,
		       const void *buf, size_t len)
{
	struct plain_backend *pb = to_plain(be);

	pb->writes++;
	if (len > pb->largest_write)
		pb->largest_write = len;
	return pb->inner->ops->write(pb->inner, noc0, addr, buf, len);
}

static void plain_close(struct ttrt_backend *be)
{
	struct ttrt_backend *in = to_plain(be)->inner;

	in->ops->close(in);
}

static void test_backend_without_zero(struct ttrt_device *dev)
{
	static struct plain_backend pb;
	static struct iovec iov[4];
	const uint64_t size = 7 * 64 * 1024 * 3;   /* 3 x 64 KiB of each bank */
	struct ttrt_buffer *a, *b;
	uint8_t *data = malloc(size);
	uint64_t addr_a = 0, addr_b = 1;
	void *ptr;

	REQUIRE(data != NULL, "malloc");
	/* Only what this test calls: the other ops would get the wrong struct. */
	pb.inner = dev->backend;
	pb.ops.read = plain_read;
	pb.ops.write = plain_write;
	pb.ops.close = plain_close;
	pb.base.ops = &pb.ops;
	dev->backend = &pb.base;

	CHECK_EQ(ttrt_dram_direct(dev, 0, 0, 64, 0, iov, 4), -ENOTSUP);
	CHECK_EQ(ttrt_l1_direct(dev, (struct ttrt_xy){ 0, 0 }, 0, 64, 0, &ptr), -ENOTSUP);

	a = make_buffer(dev, "plain_a", size, 4096);
	fill_random(data, size);
	CHECK_EQ(ttrt_buffer_write(a, 0, data, size), 0);
	CHECK_EQ(ttrt_buffer_address(a, &addr_a), 0);
	drop_buffer(a);
	pb.writes = 0;
	pb.largest_write = 0;
	b = make_buffer(dev, "plain_b", size, 4096);
	CHECK_EQ(ttrt_buffer_address(b, &addr_b), 0);
	CHECK(addr_a == addr_b, "plain_b at 0x%llx, not 0x%llx", (unsigned long long)addr_b,
	      (unsigned long long)addr_a);
	/* 192 KiB per bank: at least 3 writes a bank, none above 64 KiB. */
	CHECK(pb.writes >= 7 * 3, "zeros written in %u writes", pb.writes);
	CHECK(pb.largest_write > 0 && pb.largest_write <= 64 * 1024, "largest zero write %zu",
	      pb.largest_write);
	CHECK_EQ(ttrt_buffer_read(b, 0, data, size), 0);
	CHECK(all_zero(data, size), "re-created buffer on a plain backend");
	CHECK_EQ(ttrt_dram_zero(dev, 3, BANK_SIZE - 1, 2), -EFBIG);
	drop_buffer(b);
	free(data);
}

int main(void)
{
	struct ttrt_device *dev = open_sim();

	uint8_t *base = mapping_base(dev);

	test_copy();
	test_layout(dev, base);
	test_untouched(dev, base);
	test_edges_and_zeroing(dev, base);
	test_page_shared_by_banks(dev, base);
	test_random_ops(dev, base);
	test_buffer_contiguous(dev, base);
	test_buffer_recreated(dev, 4096, 2048);
	test_buffer_recreated(dev, 7 * 1000 * 5 + 13, 1000);   /* unaligned page size */
	test_buffer_recreated(dev, 65536 * 9, 65536);           /* pages of 16 host pages */
	test_buffer_reshaped(dev);
	test_backend_without_zero(dev);   /* last: it replaces the device's backend */
	ttrt_device_close(dev);
	return check_exit("test_dram_sparse");
}
