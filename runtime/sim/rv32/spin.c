/* SPDX-License-Identifier: Apache-2.0 */
/* spin.c - fixed-point detection for polling loops (see rv32.h). */
#include "rv32_internal.h"

#include <string.h>

int rv_spin_check(struct rv32_hart *h, const uint32_t *regs, uint32_t target)
{
    struct rv32_spin *s = &h->spin;
    if (!s->armed) {
        memcpy(s->regs, regs, sizeof s->regs);
        s->pc = target;
        s->window = RV32_SPIN_THRESHOLD;
        s->armed = 1;
        return 0;
    }
    if (target == s->pc && memcmp(s->regs + 1, regs + 1, 31 * sizeof regs[0]) == 0)
        return 1;
    if (--s->window == 0) {
        s->armed = 0;
        if (s->backoff < RV_SPIN_BACKOFF_MAX)
            s->backoff *= 2;
    }
    return 0;
}
