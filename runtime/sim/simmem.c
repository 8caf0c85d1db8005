/* SPDX-License-Identifier: Apache-2.0
 *
 * Atomic copies in and out of simulated memory (see simmem.h). On x86-64
 * and AArch64 relaxed, acquire and release accesses of a word are plain
 * loads and stores; what this buys is a defined program that
 * ThreadSanitizer can check.
 */
#include "simmem.h"

#include <string.h>

#define RELAXED __ATOMIC_RELAXED

static int is_word(const void *p, size_t len)
{
	return (len == 1 || len == 2 || len == 4 || len == 8) && ((uintptr_t)p & (len - 1)) == 0;
}

/* One acquire load of a 1, 2, 4 or 8-byte word into host memory. */
static void load_word(void *dst, const uint8_t *src, size_t len)
{
	uint8_t b;
	uint16_t h;
	uint32_t w;
	uint64_t d;

	switch (len) {
	case 1:
		b = __atomic_load_n(src, __ATOMIC_ACQUIRE);
		memcpy(dst, &b, 1);
		break;
	case 2:
		h = __atomic_load_n((const uint16_t *)src, __ATOMIC_ACQUIRE);
		memcpy(dst, &h, 2);
		break;
	case 4:
		w = __atomic_load_n((const uint32_t *)src, __ATOMIC_ACQUIRE);
		memcpy(dst, &w, 4);
		break;
	default:
		d = __atomic_load_n((const uint64_t *)src, __ATOMIC_ACQUIRE);
		memcpy(dst, &d, 8);
		break;
	}
}

/* One release store of a 1, 2, 4 or 8-byte word from host memory. */
static void store_word(uint8_t *dst, const void *src, size_t len)
{
	uint16_t h;
	uint32_t w;
	uint64_t d;

	switch (len) {
	case 1:
		__atomic_store_n(dst, *(const uint8_t *)src, __ATOMIC_RELEASE);
		break;
	case 2:
		memcpy(&h, src, 2);
		__atomic_store_n((uint16_t *)dst, h, __ATOMIC_RELEASE);
		break;
	case 4:
		memcpy(&w, src, 4);
		__atomic_store_n((uint32_t *)dst, w, __ATOMIC_RELEASE);
		break;
	default:
		memcpy(&d, src, 8);
		__atomic_store_n((uint64_t *)dst, d, __ATOMIC_RELEASE);
		break;
	}
}

void simmem_read(void *dst, const uint8_t *src, size_t len)
{
	uint8_t *d = dst;

	if (is_word(src, len)) {
		load_word(dst, src, len);
		return;
	}
	for (; len && ((uintptr_t)src & 7); len--)
		*d++ = __atomic_load_n(src++, RELAXED);
	for (; len >= 8; len -= 8, src += 8, d += 8) {
		uint64_t w = __atomic_load_n((const uint64_t *)src, RELAXED);
		memcpy(d, &w, 8);
	}
	for (; len; len--)
		*d++ = __atomic_load_n(src++, RELAXED);
}

void simmem_write(uint8_t *dst, const void *src, size_t len)
{
	const uint8_t *s = src;

	if (is_word(dst, len)) {
		store_word(dst, src, len);
		return;
	}
	for (; len && ((uintptr_t)dst & 7); len--)
		__atomic_store_n(dst++, *s++, RELAXED);
	for (; len >= 8; len -= 8, dst += 8, s += 8) {
		uint64_t w;
		memcpy(&w, s, 8);
		__atomic_store_n((uint64_t *)dst, w, RELAXED);
	}
	for (; len; len--)
		__atomic_store_n(dst++, *s++, RELAXED);
}

static void copy_word(uint8_t *dst, const uint8_t *src)
{
	__atomic_store_n((uint64_t *)dst, __atomic_load_n((const uint64_t *)src, RELAXED), RELAXED);
}

static void copy_byte(uint8_t *dst, const uint8_t *src)
{
	__atomic_store_n(dst, __atomic_load_n(src, RELAXED), RELAXED);
}

/* Lowest address first: right when dst is below src or apart from it. */
static void move_up(uint8_t *dst, const uint8_t *src, size_t len)
{
	size_t i = 0;

	if ((((uintptr_t)dst ^ (uintptr_t)src) & 7) == 0) {
		for (; i < len && ((uintptr_t)(src + i) & 7); i++)
			copy_byte(dst + i, src + i);
		for (; len - i >= 8; i += 8)
			copy_word(dst + i, src + i);
	}
	for (; i < len; i++)
		copy_byte(dst + i, src + i);
}

/* Highest address first: right when dst overlaps the end of src. */
static void move_down(uint8_t *dst, const uint8_t *src, size_t len)
{
	if ((((uintptr_t)dst ^ (uintptr_t)src) & 7) == 0) {
		for (; len && ((uintptr_t)(src + len) & 7); len--)
			copy_byte(dst + len - 1, src + len - 1);
		for (; len >= 8; len -= 8)
			copy_word(dst + len - 8, src + len - 8);
	}
	for (; len; len--)
		copy_byte(dst + len - 1, src + len - 1);
}

void simmem_move(uint8_t *dst, const uint8_t *src, size_t len)
{
	uint64_t word;

	if (is_word(dst, len) && is_word(src, len)) {
		load_word(&word, src, len);
		store_word(dst, &word, len);
	} else if (dst <= src || dst >= src + len) {
		move_up(dst, src, len);
	} else {
		move_down(dst, src, len);
	}
}

void simmem_zero(uint8_t *dst, size_t len)
{
	for (; len && ((uintptr_t)dst & 7); len--)
		__atomic_store_n(dst++, 0, RELAXED);
	for (; len >= 8; len -= 8, dst += 8)
		__atomic_store_n((uint64_t *)dst, 0, RELAXED);
	for (; len; len--)
		__atomic_store_n(dst++, 0, RELAXED);
}
