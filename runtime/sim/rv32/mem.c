/* SPDX-License-Identifier: Apache-2.0 */
/* mem.c - memory slow paths (alignment, exact bounds, local RAM, MMIO) and
 * the decode-cache page management used by instruction fetch. */
#include "rv32_internal.h"

#include <stdlib.h>
#include <string.h>

/* Returns a host pointer for an aligned access of size bytes to L1 or the
 * hart's local memory, or NULL if the range is in neither. */
static uint8_t *direct(struct rv32_hart *h, uint32_t addr, unsigned size)
{
    struct rv32_bus *bus = h->bus;
    if (bus->l1 && addr < bus->l1_size && bus->l1_size - addr >= size)
        return bus->l1 + addr;
    uint32_t off = addr - RV32_LOCAL_BASE;
    if (h->local && off < h->local_size && h->local_size - off >= size)
        return h->local + off;
    return NULL;
}

/* Aligned L1 and local accesses are atomic, as in the fast path (exec.c):
 * other threads share L1. */
static uint32_t load_direct(const uint8_t *p, unsigned size)
{
    switch (size) {
    case 1: return __atomic_load_n(p, __ATOMIC_ACQUIRE);
    case 2: return __atomic_load_n((const uint16_t *)p, __ATOMIC_ACQUIRE);
    default: return __atomic_load_n((const uint32_t *)p, __ATOMIC_ACQUIRE);
    }
}

/* Stores val; returns the value it replaced. */
static uint32_t store_direct(uint8_t *p, unsigned size, uint32_t val)
{
    uint32_t old;

    switch (size) {
    case 1:
        old = __atomic_load_n(p, __ATOMIC_RELAXED);
        __atomic_store_n(p, (uint8_t)val, __ATOMIC_RELEASE);
        break;
    case 2:
        old = __atomic_load_n((uint16_t *)p, __ATOMIC_RELAXED);
        __atomic_store_n((uint16_t *)p, (uint16_t)val, __ATOMIC_RELEASE);
        break;
    default:
        old = __atomic_load_n((uint32_t *)p, __ATOMIC_RELAXED);
        __atomic_store_n((uint32_t *)p, val, __ATOMIC_RELEASE);
        break;
    }
    return old;
}

enum rv32_cause rv_load_slow(struct rv32_hart *h, uint32_t addr, unsigned size, uint32_t *val)
{
    if (addr & (size - 1))
        return RV32_MISALIGNED_LOAD;
    uint8_t *p = direct(h, addr, size);
    if (p) {
        *val = load_direct(p, size);
        return RV32_OK;
    }
    if (!h->bus->mmio_load)
        return RV32_LOAD_FAULT;
    uint32_t v = 0;
    enum rv32_cause c = h->bus->mmio_load(h->bus->ctx, h->id, addr, size, &v);
    if (c != RV32_OK)
        return c;
    if (size < 4)
        v &= (1u << (size * 8)) - 1u;
    *val = v;
    return RV32_OK;
}

enum rv32_cause rv_store_slow(struct rv32_hart *h, uint32_t addr, unsigned size, uint32_t val,
                              int *changed)
{
    if (addr & (size - 1))
        return RV32_MISALIGNED_STORE;
    if (size < 4)
        val &= (1u << (size * 8)) - 1u;
    if (addr < h->bus->store_floor && h->bus->store_check) {
        enum rv32_cause c = h->bus->store_check(h->bus->ctx, h->id, h->pc, addr, size);
        if (c != RV32_OK)
            return c;
    }
    uint8_t *p = direct(h, addr, size);
    if (p) {
        if (store_direct(p, size, val) != val)
            *changed = 1;
        return RV32_OK;
    }
    *changed = 1;                      /* any MMIO store may change state */
    if (!h->bus->mmio_store)
        return RV32_STORE_FAULT;
    return h->bus->mmio_store(h->bus->ctx, h->id, addr, size, val);
}

static struct rv32_dcache *dcache_get(struct rv32_bus *bus)
{
    struct rv32_dcache *dc = bus->dcache;
    if (dc && dc->l1_size == bus->l1_size)
        return dc;
    rv32_bus_destroy(bus);
    uint32_t n = (uint32_t)(((uint64_t)bus->l1_size + RV_PAGE - 1) >> RV_PAGE_SHIFT);
    dc = calloc(1, sizeof *dc + (size_t)n * sizeof dc->pages[0]);
    if (!dc)
        return NULL;
    dc->npages = n;
    dc->l1_size = bus->l1_size;
    bus->dcache = dc;
    return dc;
}

void rv32_bus_destroy(struct rv32_bus *bus)
{
    struct rv32_dcache *dc = bus->dcache;
    if (!dc)
        return;
    for (uint32_t i = 0; i < dc->npages; i++)
        free(dc->pages[i]);
    free(dc);
    bus->dcache = NULL;
}

void rv32_invalidate(struct rv32_bus *bus, uint32_t addr, uint32_t len)
{
    /* Every fetch compares the cached raw word with L1, so nothing to do. */
    (void)bus; (void)addr; (void)len;
}

static struct rv_dinsn *new_page(uint32_t pbase, uint32_t l1_size, const void *const *tab)
{
    struct rv_dinsn *p = calloc(RV_PAGE_ENTRIES + 2, sizeof *p);
    if (!p)
        return NULL;
    for (uint32_t i = 0; i < RV_PAGE_ENTRIES; i++)
        p[i].h = tab[RV_HIDX(OP_UNDECODED, 4)];
    /* entries whose parcel is not entirely inside L1, and the two past the
     * end of the page, send execution back to rv_fetch_slow */
    uint32_t first = (l1_size - pbase) / 2;
    if (first > RV_PAGE_ENTRIES)
        first = RV_PAGE_ENTRIES;
    for (uint32_t i = first; i < RV_PAGE_ENTRIES + 2; i++) {
        p[i].op = RV_HIDX(OP_SENTINEL, 4);
        p[i].len = 4;
        p[i].h = tab[p[i].op];
    }
    return p;
}

struct rv_dinsn *rv_fetch_slow(struct rv32_hart *h, uint32_t pc, struct rv_dinsn **ents,
                               uint32_t *base, uint32_t *lim, struct rv_dinsn *scratch,
                               const void *const *tab, enum rv32_cause *cause)
{
    struct rv32_bus *bus = h->bus;
    uint32_t size = bus->l1 ? bus->l1_size : 0;

    *lim = 0;                          /* until proven otherwise: slow path again */
    if (pc & 1) {
        *cause = RV32_MISALIGNED_FETCH;
        return NULL;
    }
    if (pc >= size || size - pc < 2) {
        *cause = RV32_FETCH_FAULT;     /* outside L1, including local data RAM */
        return NULL;
    }
    struct rv32_dcache *dc = dcache_get(bus);
    uint32_t pg = pc >> RV_PAGE_SHIFT;
    uint32_t pbase = pg << RV_PAGE_SHIFT;
    struct rv_dinsn *p = NULL;
    if (dc) {
        p = dc->pages[pg];
        if (!p)
            p = dc->pages[pg] = new_page(pbase, size, tab);
    }
    if (!p) {                          /* out of memory: run uncached, still correct */
        *cause = rv_decode_at(scratch, bus->l1, size, pc);
        if (*cause != RV32_OK)
            return NULL;
        rv_delocalize(scratch, pc);
        scratch->h = tab[scratch->op];
        return scratch;
    }
    uint32_t avail = size - pbase;
    *ents = p;
    *base = pbase;
    *lim = (avail < RV_PAGE ? avail : RV_PAGE) & ~1u;
    return &p[(pc - pbase) >> 1];
}
