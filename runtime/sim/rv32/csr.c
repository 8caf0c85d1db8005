/* SPDX-License-Identifier: Apache-2.0 */
/* csr.c - Zicsr: counters and mhartid; unknown CSRs read 0, writes ignored. */
#include "rv32_internal.h"

enum {
    CSR_MCYCLE = 0xB00, CSR_MINSTRET = 0xB02, CSR_MCYCLEH = 0xB80, CSR_MINSTRETH = 0xB82,
    CSR_CYCLE = 0xC00, CSR_TIME = 0xC01, CSR_INSTRET = 0xC02,
    CSR_CYCLEH = 0xC80, CSR_TIMEH = 0xC81, CSR_INSTRETH = 0xC82,
    CSR_MVENDORID = 0xF11, CSR_MARCHID = 0xF12, CSR_MIMPID = 0xF13, CSR_MHARTID = 0xF14,
    CSR_MISA = 0x301,
};

static uint64_t time_of(struct rv32_hart *h, uint64_t retired)
{
    if (h->bus->read_time)
        return h->bus->read_time(h->bus->ctx, h->id, retired);
    return retired;
}

enum rv32_cause rv_csr(struct rv32_hart *h, uint64_t retired, uint32_t csr, int op,
                       uint32_t src, int do_write, uint32_t *old)
{
    uint32_t v;
    (void)op; (void)src; (void)do_write;   /* all implemented CSRs are read-only */
    switch (csr) {
    case CSR_TIME: v = (uint32_t)time_of(h, retired); break;
    case CSR_TIMEH: v = (uint32_t)(time_of(h, retired) >> 32); break;
    case CSR_CYCLE: case CSR_MCYCLE: v = (uint32_t)retired; break;
    case CSR_CYCLEH: case CSR_MCYCLEH: v = (uint32_t)(retired >> 32); break;
    case CSR_INSTRET: case CSR_MINSTRET: v = (uint32_t)retired; break;
    case CSR_INSTRETH: case CSR_MINSTRETH: v = (uint32_t)(retired >> 32); break;
    case CSR_MHARTID: v = (uint32_t)h->id; break;
    case CSR_MISA: v = 0x40000000u | (1u << 2) | (1u << 8) | (1u << 12); break; /* RV32 I M C */
    case CSR_MVENDORID: case CSR_MARCHID: case CSR_MIMPID:
    default: v = 0; break;
    }
    *old = v;
    return RV32_OK;
}
