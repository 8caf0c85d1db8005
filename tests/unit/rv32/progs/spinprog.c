/* SPDX-License-Identifier: Apache-2.0 */
/* spinprog.c - loops for the spin-detector tests (rv32 only). */
#include <stdint.h>

/* pure MMIO/L1 poll */
uint32_t poll_reg(volatile uint32_t *reg)
{
    uint32_t v;
    while ((v = *reg) == 0)
        ;
    return v;
}

/* poll through a non-leaf call: the callee saves ra/s0 on the stack every
 * iteration (same values each time) */
__attribute__((noinline)) static uint32_t rd(volatile uint32_t *r) { return *r; }
__attribute__((noinline)) static int ready(volatile uint32_t *r)
{
    uint32_t v = rd(r);
    return (v & 0xff) == 0x5a;
}
uint32_t poll_call(volatile uint32_t *reg)
{
    while (!ready(reg))
        ;
    return *reg;
}

/* stores a changing value every iteration: must never be a spin */
void store_loop(volatile uint32_t *dst, uint32_t n)
{
    for (uint32_t i = 0; n == 0 || i < n; i++)
        dst[i & 63] = i;
}

/* MMIO store every iteration (same value): must never be a spin */
void mmio_store_loop(volatile uint32_t *reg)
{
    for (;;)
        *reg = 1;
}

/* delay loop without stores: registers change, so it is not a spin */
uint32_t delay(uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        __asm__ volatile("");
    return i;
}

int main(void) { return 0; }
