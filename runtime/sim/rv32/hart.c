/* SPDX-License-Identifier: Apache-2.0 */
/* hart.c - hart lifecycle and names. */
#include "rv32_internal.h"

#include <string.h>

void rv32_hart_init(struct rv32_hart *h, int id, struct rv32_bus *bus, uint8_t *local,
                    uint32_t local_size)
{
    memset(h, 0, sizeof *h);
    h->id = id;
    h->bus = bus;
    h->local = local;
    h->local_size = local ? local_size : 0;
    h->spin.backoff = RV32_SPIN_THRESHOLD;
}

void rv32_hart_reset(struct rv32_hart *h, uint32_t pc)
{
    memset(h->x, 0, sizeof h->x);
    h->pc = pc;
    h->retired = 0;
    memset(&h->fault, 0, sizeof h->fault);
    h->fault.cause = RV32_OK;
    h->yield_req = 0;
    memset(&h->spin, 0, sizeof h->spin);
    h->spin.backoff = RV32_SPIN_THRESHOLD;
}

void rv32_request_yield(struct rv32_hart *h)
{
    h->yield_req = 1;
}

const char *rv32_cause_name(enum rv32_cause c)
{
    switch (c) {
    case RV32_OK: return "ok";
    case RV32_ILLEGAL_INSN: return "illegal instruction";
    case RV32_MISALIGNED_LOAD: return "misaligned load";
    case RV32_MISALIGNED_STORE: return "misaligned store";
    case RV32_MISALIGNED_FETCH: return "misaligned fetch";
    case RV32_LOAD_FAULT: return "load access fault";
    case RV32_STORE_FAULT: return "store access fault";
    case RV32_FETCH_FAULT: return "fetch access fault";
    case RV32_EBREAK: return "ebreak";
    case RV32_ECALL: return "ecall";
    }
    return "unknown";
}

const char *rv32_hart_name(int id)
{
    static const char *const names[RV32_NUM_HARTS] = {"brisc", "ncrisc", "trisc0", "trisc1",
                                                      "trisc2"};
    return id >= 0 && id < RV32_NUM_HARTS ? names[id] : "?";
}
