/* SPDX-License-Identifier: Apache-2.0 */
/* algos.c - shared by the host build and the rv32 build (see algos.h). */
#include "algos.h"

static uint32_t crc_table[256];
static int crc_ready;

uint32_t alg_crc32(const uint8_t *p, uint32_t n)
{
    if (!crc_ready) {
        for (uint32_t i = 0; i < 256; i++) {
            uint32_t c = i;
            for (int k = 0; k < 8; k++)
                c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            crc_table[i] = c;
        }
        crc_ready = 1;
    }
    uint32_t c = 0xffffffffu;
    for (uint32_t i = 0; i < n; i++)
        c = crc_table[(c ^ p[i]) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

static void insertion(int32_t *a, int32_t lo, int32_t hi)
{
    for (int32_t i = lo + 1; i <= hi; i++) {
        int32_t v = a[i], j = i - 1;
        while (j >= lo && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static void quick(int32_t *a, int32_t lo, int32_t hi)
{
    while (hi - lo > 12) {
        int32_t mid = lo + (hi - lo) / 2;
        int32_t p = a[mid], i = lo, j = hi;
        while (i <= j) {
            while (a[i] < p) i++;
            while (a[j] > p) j--;
            if (i <= j) {
                int32_t t = a[i]; a[i] = a[j]; a[j] = t;
                i++; j--;
            }
        }
        /* recurse into the smaller half, loop on the larger */
        if (j - lo < hi - i) { quick(a, lo, j); lo = i; }
        else { quick(a, i, hi); hi = j; }
    }
    insertion(a, lo, hi);
}

void alg_sort(int32_t *a, uint32_t n)
{
    if (n > 1)
        quick(a, 0, (int32_t)n - 1);
}

void *alg_memcpy(void *dst, const void *src, uint32_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    if ((((uintptr_t)d ^ (uintptr_t)s) & 3) == 0) {
        while (n && ((uintptr_t)d & 3)) { *d++ = *s++; n--; }
        uint32_t *dw = (uint32_t *)(void *)d;
        const uint32_t *sw = (const uint32_t *)(const void *)s;
        for (; n >= 4; n -= 4) *dw++ = *sw++;
        d = (uint8_t *)dw;
        s = (const uint8_t *)sw;
    } else if ((((uintptr_t)d ^ (uintptr_t)s) & 1) == 0) {
        while (n && ((uintptr_t)d & 1)) { *d++ = *s++; n--; }
        uint16_t *dh = (uint16_t *)(void *)d;
        const uint16_t *sh = (const uint16_t *)(const void *)s;
        for (; n >= 2; n -= 2) *dh++ = *sh++;
        d = (uint8_t *)dh;
        s = (const uint8_t *)sh;
    }
    while (n--) *d++ = *s++;
    return dst;
}

uint32_t alg_mix(uint32_t seed, uint32_t n)
{
    uint32_t h = seed, acc = 0;
    int32_t sacc = 0;
    for (uint32_t i = 0; i < n; i++) {
        h ^= h << 13; h ^= h >> 17; h ^= h << 5;           /* xorshift */
        uint32_t d = (h >> 7) | 1u;
        acc += h / d + h % ((d ^ 0x55u) | 1u);
        int32_t sh = (int32_t)h, sd = (int32_t)(d | 0x80000000u);
        sacc += sh / sd - sh % 7;
        acc ^= (uint32_t)(((uint64_t)h * (uint64_t)acc) >> 32);
        acc += (uint32_t)(((int64_t)sh * (int64_t)(int32_t)acc) >> 32);
        acc = (acc << 3) | (acc >> 29);
    }
    return acc ^ (uint32_t)sacc;
}

void alg_fill(uint8_t *p, uint32_t n, uint32_t seed)
{
    uint32_t h = seed ? seed : 1;
    for (uint32_t i = 0; i < n; i++) {
        h = h * 1103515245u + 12345u;
        p[i] = (uint8_t)(h >> 16);
    }
}
