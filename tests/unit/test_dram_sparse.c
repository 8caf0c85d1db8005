/* SPDX-License-Identifier: Apache-2.0
 *
 * DRAM that was never written reads as zeros and costs no host RAM, and a
 * new buffer reads as zeros, through the runtime API:
 *  - ttrt_dram_direct pieces: untouched memory comes from outside the bank
 *    (shared zeros), written bytes from the bank, at every page edge;
 *  - copying reads of an untouched bank leave it unmapped (mincore);
 *  - ttrt_dram_zero: edges kept, whole pages given back to the host;
 *  - buffers re-created in a removed buffer's place, or reshaped over
 *    bytes a bank write left, read as zeros;
 *  - a backend without zero or host_span (as the kmd backend will be):
 *    zeros written in bounded chunks, zero-copy refused.
 * Expected bytes come from a model kept here, never from the code tested.
 */
#include "check.h"
#include "test_rng.h"
#include "runtime_internal.h"

#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#define BANK_SIZE (16ull << 20)
#define PAGE 4096u
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

/* Where a bank lives in host memory: a writing span of the whole bank
 * (one piece), after which the bank is zeroed again so it counts as
 * untouched. */
static uint8_t *bank_base(struct ttrt_device *dev, int bank)
{
	struct iovec iov[1];

	REQUIRE(ttrt_dram_direct(dev, bank, 0, BANK_SIZE, 1, iov, 1) == 1, "whole bank %d", bank);
	CHECK_EQ(iov[0].iov_len, BANK_SIZE);
	CHECK_EQ(ttrt_dram_zero(dev, bank, 0, BANK_SIZE), 0);
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

static int inside(const void *p, const uint8_t *base, uint64_t len)
{
	const uint8_t *b = p;

	return b >= base && b < base + len;
}

/* Read [addr, addr + len) through ttrt_dram_direct and check it against
 * the model: the bytes, that the pieces cover the range exactly, and that
 * no piece over an untouched page points into the bank. */
static void check_direct(struct ttrt_device *dev, int bank, const uint8_t *base,
			 const uint8_t *model, const uint8_t *touched, uint64_t addr, size_t len)
{
	static struct iovec iov[MAX_IOV];
	int n = ttrt_dram_direct(dev, bank, addr, len, 0, iov, MAX_IOV);
	uint64_t at = addr;

	REQUIRE(n > 0, "direct read of bank %d 0x%llx+%zu: %d", bank, (unsigned long long)addr,
		len, n);
	for (int i = 0; i < n; i++) {
		const uint8_t *p = iov[i].iov_base;
		size_t l = iov[i].iov_len;
		int in_bank = inside(p, base, BANK_SIZE);

		CHECK(l > 0, "empty piece %d", i);
		CHECK(memcmp(p, model + at, l) == 0, "piece %d (0x%llx+%zu) differs from the model",
		      i, (unsigned long long)at, l);
		if (in_bank)
			CHECK(p == base + at, "piece %d points at bank offset %td, not 0x%llx", i,
			      p - base, (unsigned long long)at);
		for (uint64_t pg = at / PAGE; pg <= (at + l - 1) / PAGE; pg++)
			if (!touched[pg])
				CHECK(!in_bank, "untouched page %llu served from the bank (piece %d)",
				      (unsigned long long)pg, i);
		at += l;
	}
	CHECK_EQ(at, addr + len);
}

static void model_write(struct ttrt_device *dev, int bank, uint8_t *model, uint8_t *touched,
			uint64_t addr, size_t len)
{
	uint8_t *src = malloc(len);

	REQUIRE(src != NULL, "malloc");
	fill_random(src, len);
	CHECK_EQ(ttrt_dram_write(dev, bank, addr, src, len), 0);
	memcpy(model + addr, src, len);
	for (uint64_t pg = addr / PAGE; pg <= (addr + len - 1) / PAGE; pg++)
		touched[pg] = 1;
	free(src);
}

/* Untouched banks: zeros, and reading them maps nothing. */
static void test_untouched(struct ttrt_device *dev)
{
	uint8_t *base = bank_base(dev, 2), *buf = malloc(BANK_SIZE);
	static struct iovec iov[MAX_IOV];
	int n;

	REQUIRE(buf != NULL, "malloc");
	memset(buf, 0xEE, BANK_SIZE);
	CHECK_EQ(ttrt_dram_read(dev, 2, 0, buf, BANK_SIZE), 0);
	CHECK(all_zero(buf, BANK_SIZE), "an untouched bank reads as zeros");
	CHECK_EQ(resident_pages(base, BANK_SIZE), 0);

	/* 1 MiB at a time, as FUSE asks: few pieces, none in the bank. */
	for (uint64_t addr = 0; addr < BANK_SIZE; addr += 1 << 20) {
		n = ttrt_dram_direct(dev, 2, addr + 123, (1 << 20) - 123, 0, iov, MAX_IOV);
		CHECK(n >= 1 && n <= 2, "1 MiB of zeros in %d pieces", n);
		for (int i = 0; i < n; i++) {
			CHECK(!inside(iov[i].iov_base, base, BANK_SIZE), "zero piece in the bank");
			CHECK(all_zero(iov[i].iov_base, iov[i].iov_len), "zero piece not zero");
		}
	}
	CHECK_EQ(resident_pages(base, BANK_SIZE), 0);
	/* Range and argument errors, as for reads. */
	CHECK_EQ(ttrt_dram_direct(dev, 2, BANK_SIZE - 1, 2, 0, iov, MAX_IOV), -ENXIO);
	CHECK_EQ(ttrt_dram_direct(dev, 2, BANK_SIZE - 1, 2, 1, iov, MAX_IOV), -EFBIG);
	CHECK_EQ(ttrt_dram_direct(dev, 7, 0, 1, 0, iov, MAX_IOV), -EINVAL);
	CHECK_EQ(ttrt_dram_direct(dev, 2, BANK_SIZE, 0, 0, iov, MAX_IOV), 0);
	free(buf);
}

/* Written bytes at and across page edges, mixed with untouched pages in
 * one request; then zeroing with unaligned edges. */
static void test_edges_and_zeroing(struct ttrt_device *dev)
{
	const size_t span = 64 * PAGE;
	uint8_t *base = bank_base(dev, 4), *model = calloc(1, span), *touched = calloc(1, 64);
	uint8_t *buf = malloc(span);
	static struct iovec iov[MAX_IOV];

	REQUIRE(model && touched && buf, "calloc");
	model_write(dev, 4, model, touched, PAGE - 1, 2);             /* across the edge 0|1 */
	model_write(dev, 4, model, touched, 3 * PAGE, PAGE);          /* exactly page 3 */
	model_write(dev, 4, model, touched, 6 * PAGE - 1, 1);         /* last byte of page 5 */
	model_write(dev, 4, model, touched, 8 * PAGE, 1);             /* first byte of page 8 */
	model_write(dev, 4, model, touched, 10 * PAGE + 7, 3 * PAGE); /* pages 10..13 */
	model_write(dev, 4, model, touched, 40 * PAGE + 100, 300);    /* inside page 40 */

	/* One request over everything, and requests starting and ending at
	 * and around each edge. */
	check_direct(dev, 4, base, model, touched, 0, span);
	for (uint64_t a = 0; a < 16 * PAGE; a += PAGE / 2 - 1)
		for (size_t l = 1; a + l <= span; l = l * 3 + PAGE / 4)
			check_direct(dev, 4, base, model, touched, a, l);
	memset(buf, 0xEE, span);
	CHECK_EQ(ttrt_dram_read(dev, 4, 0, buf, span), 0);
	CHECK(memcmp(buf, model, span) == 0, "copying read differs from the model");
	/* Written bytes contiguous in the bank come as one piece. */
	CHECK_EQ(ttrt_dram_direct(dev, 4, 10 * PAGE + 7, 3 * PAGE, 0, iov, MAX_IOV), 1);
	CHECK(iov[0].iov_base == base + 10 * PAGE + 7, "written range read from the bank");
	/* Too many pieces for the caller's array. */
	CHECK_EQ(ttrt_dram_direct(dev, 4, 0, span, 0, iov, 2), -E2BIG);

	/* Zero [3 * PAGE - 5, 12 * PAGE + 9): pages 3..11 are whole inside
	 * and go back to the host; bytes of pages 2 and 12 outside stay. */
	CHECK(resident_pages(base + 3 * PAGE, PAGE) == 1, "page 3 was written");
	CHECK_EQ(ttrt_dram_zero(dev, 4, 3 * PAGE - 5, 9 * PAGE + 14), 0);
	memset(model + 3 * PAGE - 5, 0, 9 * PAGE + 14);
	for (int pg = 3; pg < 12; pg++)
		touched[pg] = 0;
	CHECK_EQ(resident_pages(base + 3 * PAGE, 9 * PAGE), 0);
	check_direct(dev, 4, base, model, touched, 0, span);
	CHECK_EQ(ttrt_dram_read(dev, 4, 0, buf, span), 0);
	CHECK(memcmp(buf, model, span) == 0, "after zeroing: copying read differs from the model");
	/* Zeroing inside one page, and across one edge without a whole page. */
	CHECK_EQ(ttrt_dram_zero(dev, 4, 40 * PAGE + 150, 10), 0);
	memset(model + 40 * PAGE + 150, 0, 10);
	CHECK_EQ(ttrt_dram_zero(dev, 4, PAGE - 1, 1), 0);
	memset(model + PAGE - 1, 0, 1);
	/* Two partial pages and no whole one: the edge 12|13, both written. */
	CHECK_EQ(ttrt_dram_zero(dev, 4, 13 * PAGE - 3, 6), 0);
	memset(model + 13 * PAGE - 3, 0, 6);
	check_direct(dev, 4, base, model, touched, 0, span);
	/* Zeroing untouched memory maps nothing (4 MiB on: no huge page the
	 * writes above may have brought in reaches there); errors. */
	CHECK_EQ(ttrt_dram_zero(dev, 4, 1024 * PAGE + 1, 50 * PAGE), 0);
	CHECK_EQ(resident_pages(base + 1024 * PAGE, 51 * PAGE), 0);
	CHECK_EQ(ttrt_dram_zero(dev, 4, BANK_SIZE - 1, 2), -EFBIG);
	CHECK_EQ(ttrt_dram_zero(dev, 7, 0, 1), -EINVAL);
	CHECK_EQ(ttrt_dram_zero(dev, 4, BANK_SIZE, 0), 0);

	/* A write through a writing piece counts: it reads back afterwards. */
	CHECK_EQ(ttrt_dram_direct(dev, 4, 50 * PAGE - 2, 4, 1, iov, MAX_IOV), 1);
	memcpy(iov[0].iov_base, "\x11\x22\x33\x44", 4);
	CHECK_EQ(ttrt_dram_read(dev, 4, 50 * PAGE - 2, buf, 4), 0);
	CHECK(memcmp(buf, "\x11\x22\x33\x44", 4) == 0, "written through a direct piece");
	free(model);
	free(touched);
	free(buf);
}

static struct ttrt_buffer *make_buffer(struct ttrt_device *dev, const char *name, uint64_t size,
				       uint32_t page_size)
{
	struct ttrt_buffer *b = NULL;

	REQUIRE(ttrt_buffer_new(dev, name, &b) == 0, "new %s", name);
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

	test_untouched(dev);
	test_edges_and_zeroing(dev);
	test_buffer_recreated(dev, 4096, 2048);
	test_buffer_recreated(dev, 7 * 1000 * 5 + 13, 1000);   /* unaligned page size */
	test_buffer_recreated(dev, 65536 * 9, 65536);           /* pages of 16 host pages */
	test_buffer_reshaped(dev);
	test_backend_without_zero(dev);   /* last: it replaces the device's backend */
	ttrt_device_close(dev);
	return check_exit("test_dram_sparse");
}
