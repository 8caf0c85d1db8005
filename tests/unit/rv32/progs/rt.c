/* SPDX-License-Identifier: Apache-2.0 */
/* rt.c - the few libc symbols gcc may emit calls to in freestanding code. */
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *d, const void *s, size_t n)
{
    uint8_t *dp = d;
    const uint8_t *sp = s;
    while (n--) *dp++ = *sp++;
    return d;
}

void *memset(void *d, int c, size_t n)
{
    uint8_t *dp = d;
    while (n--) *dp++ = (uint8_t)c;
    return d;
}

void *memmove(void *d, const void *s, size_t n)
{
    uint8_t *dp = d;
    const uint8_t *sp = s;
    if (dp < sp) while (n--) *dp++ = *sp++;
    else while (n--) dp[n] = sp[n];
    return d;
}
