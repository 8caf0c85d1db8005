/* SPDX-License-Identifier: Apache-2.0 */
/* bench_prog.c - compute-bound rv32 workload (crc32, sort, mul/div mix)
 * run both in the interpreter (bare metal, L1 at 0) and under qemu-user. */
#include "algos.h"

#ifndef BENCH_ITERS
#define BENCH_ITERS 40
#endif

static uint8_t buf[128 * 1024];
static int32_t arr[16384];

int main(void)
{
    uint32_t acc = 0;
    alg_fill(buf, sizeof buf, 1);
    for (uint32_t it = 0; it < BENCH_ITERS; it++) {
        acc ^= alg_crc32(buf, sizeof buf);
        alg_fill((uint8_t *)arr, sizeof arr, it + 1);
        alg_sort(arr, sizeof arr / sizeof arr[0]);
        acc += (uint32_t)arr[100];
        acc ^= alg_mix(acc, 20000);
        buf[it & 0xffff] ^= (uint8_t)acc;
    }
    return (int)(acc & 0x7f);
}
