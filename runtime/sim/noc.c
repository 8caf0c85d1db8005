/* SPDX-License-Identifier: Apache-2.0
 *
 * The NOC model. A command completes at the moment a hart writes 1 to its
 * buffer's CMD_CTRL (ttsim does the same), so the counters barriers wait
 * on are already up to date when the hart next reads them. The NOC moves
 * bytes; it does not model time or contention.
 *
 * Coordinates are translated ones (the P100A default): Tensix x in
 * {1..7,10..14}, y 2..11 (identical to NOC0 on the simulated chip), DRAM
 * at x 17/18, y >= 12; the physical DRAM endpoints (x 0/9) work too.
 */
#include "chip.h"
#include "core.h"
#include "noc_internal.h"
#include "noc_strict.h"
#include "noc_track.h"
#include "runtime_internal.h"
#include "sched.h"
#include "simmem.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define REG(r) (TT_NOC_##r / 4)

static int is_memory(const struct noc_endpoint *ep)
{
	return ep->mem || ep->bank >= 0;
}

struct noc_req {
	struct sim_core *core;
	int hart, noc;
	const uint32_t *r;
	const char *what;
};

static void niu_fail(struct noc_req *q, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void niu_fail(struct noc_req *q, const char *fmt, ...)
{
	struct sim_hart_slot *s = &q->core->harts[q->hart];
	int n = snprintf(s->fault_detail, sizeof(s->fault_detail), "noc%d %s: ", q->noc, q->what);
	va_list ap;

	if (n < 0 || (size_t)n >= sizeof(s->fault_detail))
		return;
	va_start(ap, fmt);
	vsnprintf(s->fault_detail + n, sizeof(s->fault_detail) - (size_t)n, fmt, ap);
	va_end(ap);
}

/* The transaction id the command buffer tags its requests with. */
static unsigned trid_of(const struct noc_req *q)
{
	return (q->r[REG(PACKET_TAG)] >> 10) & 0xF;
}

static uint64_t local_addr(uint32_t lo, uint32_t mid)
{
	return (uint64_t)lo | ((uint64_t)(mid & 0xF) << 32);
}

static int dram_bank_of_translated(struct ttrt_xy xy)
{
	if ((xy.x != 17 && xy.x != 18) || xy.y < 12)
		return -1;
	for (int b = 0; b < TTRT_NUM_DRAM_BANKS; b++) {
		struct ttrt_xy t = ttrt_dram_translated_xy(b, 0);
		if (t.x == xy.x && (t.y - 12) / 3 == (xy.y - 12) / 3)
			return b;
	}
	return -1;
}

/* Find the bytes [addr, addr+len) of tile (x,y). */
static int resolve(struct noc_req *q, uint32_t hi, uint32_t mid, uint64_t addr, size_t len,
		   struct noc_endpoint *ep)
{
	struct sim_chip *chip = q->core->chip;
	struct ttrt_xy xy = { (uint8_t)(hi & 0x3F), (uint8_t)((hi >> 6) & 0x3F) }, logical;
	int bank;

	memset(ep, 0, sizeof(*ep));
	ep->bank = -1;
	if (mid & (1u << 28)) {
		niu_fail(q, "PCIe/host address 0x%" PRIx64 " is not modelled", addr);
		return -1;
	}
	if (ttrt_noc0_to_logical(xy, &logical) == 0) {
		ep->core = &chip->cores[ttrt_core_index(logical)];
		if (addr < TT_L1_SIZE && len <= TT_L1_SIZE - addr) {
			ep->mem = ep->core->l1 + addr;
			return 0;
		}
		if (addr >= 0xFF000000u && addr <= 0xFFFFFFFCu && len == 4) {
			ep->reg_addr = (uint32_t)addr;
			return 0;
		}
		niu_fail(q, "address 0x%" PRIx64 "+%zu is outside L1 of core (%u,%u)", addr, len,
			 xy.x, xy.y);
		return -1;
	}
	bank = ttrt_dram_bank_of_noc0(xy);
	if (bank < 0)
		bank = dram_bank_of_translated(xy);
	if (bank >= 0) {
		if (addr < chip->dram.bank_size && len <= chip->dram.bank_size - addr) {
			ep->bank = bank;
			ep->addr = addr;
			return 0;
		}
		niu_fail(q, "address 0x%" PRIx64 "+%zu is outside DRAM bank %d", addr, len, bank);
		return -1;
	}
	niu_fail(q, "no reachable tile at (%u,%u) (%s)", xy.x, xy.y,
		 ttrt_tile_kind_name(ttrt_tile_kind(xy)));
	return -1;
}

static struct sim_noc_end sanitize_end(const struct noc_endpoint *ep)
{
	struct sim_noc_end e = { ep->core, ep->bank, 0, ep->addr };

	if (ep->bank >= 0)
		return e;
	if (!ep->mem)
		e.reg = 1, e.addr = ep->reg_addr;
	else if (ep->core)
		e.addr = (uint64_t)(ep->mem - ep->core->l1);
	return e;
}

/* The NOC sanitizer (noc_sanitize.h) on a transfer both ends of which
 * resolved: 1 (the hart faults with the reason) if it may not go ahead. */
static int sanitize_fails(struct noc_req *q, const struct noc_endpoint *src,
			  const struct noc_endpoint *dst, size_t len, int read)
{
	struct sim_noc_xfer x = { q->core, q->hart, sanitize_end(src), sanitize_end(dst),
				  (uint32_t)len, read };
	char why[SIM_FAULT_DETAIL_MAX];

	if (!q->core->chip->sanitize.on || !sim_noc_sanitize(&x, why, sizeof(why)))
		return 0;
	niu_fail(q, "%s", why);
	return 1;
}

static void bump(struct noc_req *q, uint32_t counter, uint32_t by)
{
	atomic_fetch_add(&q->core->niu[q->noc].status[counter], by);
}

/* Bytes of the NOC's own (inline data, an atomic's old value) as a source. */
static struct noc_endpoint own_bytes(uint8_t *bytes)
{
	return (struct noc_endpoint){ .mem = bytes, .bank = -1 };
}

/* src is memory (L1, DRAM, or the NOC's own bytes); DRAM goes through
 * dram.h, which keeps the written bitmap and walks the granules. */
void sim_noc_deliver(struct sim_chip *chip, struct noc_endpoint *dst,
		     const struct noc_endpoint *src, size_t len)
{
	struct sim_dram *dram = &chip->dram;
	uint32_t v;

	if (dst->bank >= 0 && src->bank >= 0) {
		sim_dram_copy(dram, dst->bank, dst->addr, src->bank, src->addr, len);
	} else if (dst->bank >= 0) {
		sim_dram_write(dram, dst->bank, dst->addr, src->mem, len);
	} else if (dst->mem && src->bank >= 0) {
		sim_dram_read(dram, src->bank, src->addr, dst->mem, len);
	} else if (dst->mem) {
		simmem_move(dst->mem, src->mem, len);
	} else {
		if (src->bank >= 0)
			sim_dram_read(dram, src->bank, src->addr, &v, 4);
		else
			simmem_read(&v, src->mem, 4);
		sim_core_mmio_post(dst->core, dst->reg_addr, v);
	}
	if (dst->core)
		sim_sched_wake(dst->core);
}

/* The core whose L1 ep is, with the address in it; NULL for DRAM and the
 * NOC's own bytes. */
static const struct sim_core *l1_of(const struct noc_endpoint *ep, uint32_t *addr)
{
	if (!ep->mem || !ep->core || ep->bank >= 0)
		return NULL;
	*addr = (uint32_t)(ep->mem - ep->core->l1);
	return ep->core;
}

/* Moves the bytes now, or in strict mode when the issuer's barrier sees
 * them (noc_strict.c). */
static void transfer(struct noc_req *q, enum sim_noc_kind kind, struct noc_endpoint *dst,
		     const struct noc_endpoint *src, size_t len)
{
	if (!sim_noc_strict_defer(q->core, q->hart, q->noc, kind, dst, src, len))
		sim_noc_deliver(q->core->chip, dst, src, len);
}

static enum rv32_cause noc_read(struct noc_req *q)
{
	const uint32_t *r = q->r;
	uint32_t len = r[REG(AT_LEN_BE)];
	uint64_t dst_addr = local_addr(r[REG(RET_ADDR_LO)], r[REG(RET_ADDR_MID)]);
	struct noc_endpoint src, dst;

	q->what = "read";
	if (resolve(q, r[REG(TARG_ADDR_HI)], r[REG(TARG_ADDR_MID)],
		    local_addr(r[REG(TARG_ADDR_LO)], r[REG(TARG_ADDR_MID)]), len, &src) ||
	    resolve(q, r[REG(RET_ADDR_HI)], r[REG(RET_ADDR_MID)], dst_addr, len, &dst))
		return RV32_STORE_FAULT;
	if (!is_memory(&src) || !is_memory(&dst)) {
		niu_fail(q, "register reads are not supported");
		return RV32_STORE_FAULT;
	}
	if (sanitize_fails(q, &src, &dst, len, 1))
		return RV32_STORE_FAULT;
	/* DRAM into L1, the usual read: untouched DRAM comes as zeros
	 * without the mapping ever being touched. */
	transfer(q, SIM_NOC_READ, &dst, &src, len);
	bump(q, TT_NIU_MST_RD_REQ_SENT, 1);
	bump(q, TT_NIU_MST_RD_RESP_RECEIVED, 1);
	sim_noc_track_issue(q->core, q->hart, q->noc, SIM_NOC_READ, trid_of(q),
			    dst.mem ? dst.core : NULL, (uint32_t)dst_addr, len);
	return RV32_OK;
}

static int in_span(unsigned v, unsigned start, unsigned end)
{
	return start <= end ? v >= start && v <= end : v >= start || v <= end;
}

/* Whether core c is a destination of the multicast rectangle hi (the HI
 * register's form: end x, end y, start x, start y, 6 bits each). */
static int multicast_dest(const struct noc_req *q, const struct sim_core *c, uint32_t hi,
			  int include_self)
{
	unsigned ex = hi & 0x3F, ey = (hi >> 6) & 0x3F, sx = (hi >> 12) & 0x3F, sy = (hi >> 18) & 0x3F;

	if (!in_span(c->noc0.x, sx, ex) || !in_span(c->noc0.y, sy, ey))
		return 0;
	return c != q->core || include_self;
}

/* Write src to every Tensix core in the rectangle; returns the count. */
static int multicast(struct noc_req *q, enum sim_noc_kind kind, uint32_t hi, uint64_t addr,
		     const struct noc_endpoint *src, size_t len, int include_self)
{
	int count = 0;

	/* Every destination is checked before any is written. */
	for (int deliver_now = 0; deliver_now < 2; deliver_now++)
		for (int i = 0; i < TTRT_NUM_TENSIX; i++) {
			struct sim_core *c = &q->core->chip->cores[i];
			struct noc_endpoint ep = { .core = c, .bank = -1 };
			if (!multicast_dest(q, c, hi, include_self))
				continue;
			if (addr >= TT_L1_SIZE || len > TT_L1_SIZE - addr) {
				niu_fail(q, "multicast address 0x%" PRIx64 "+%zu is outside L1", addr,
					 len);
				return -1;
			}
			ep.mem = c->l1 + addr;
			if (!deliver_now) {
				if (sanitize_fails(q, src, &ep, len, 0))
					return -1;
				continue;
			}
			transfer(q, kind, &ep, src, len);
			count++;
		}
	return count;
}

static enum rv32_cause noc_write(struct noc_req *q)
{
	const uint32_t *r = q->r;
	uint32_t ctrl = r[REG(CTRL)], len = r[REG(AT_LEN_BE)];
	uint64_t dst_addr = local_addr(r[REG(RET_ADDR_LO)], r[REG(RET_ADDR_MID)]);
	struct noc_endpoint src, dst;
	const struct sim_core *src_core;
	uint32_t src_addr = 0;
	uint8_t inline_bytes[4];
	int dests = 1;
	enum sim_noc_kind kind = ctrl & TT_NOC_CMD_RESP_MARKED ? SIM_NOC_WRITE : SIM_NOC_POSTED;

	q->what = ctrl & TT_NOC_CMD_BRCST_PACKET ? "multicast write" : "write";
	if (ctrl & TT_NOC_CMD_WR_INLINE) {
		/* Inline: the data is AT_DATA and the destination is TARG. */
		memcpy(inline_bytes, &r[REG(AT_DATA)], 4);
		src = own_bytes(inline_bytes);
		len = 4;
		dst_addr = local_addr(r[REG(TARG_ADDR_LO)], r[REG(TARG_ADDR_MID)]) & ~3ull;
		if (resolve(q, r[REG(TARG_ADDR_HI)], r[REG(TARG_ADDR_MID)], dst_addr, 4, &dst) ||
		    (dst.mem && sim_noc_check_signal(q->core, q->hart, q->noc, q->what,
						     (int64_t)dst_addr)) ||
		    sanitize_fails(q, &src, &dst, 4, 0))
			return RV32_STORE_FAULT;
		transfer(q, kind, &dst, &src, 4);
	} else {
		if (resolve(q, r[REG(TARG_ADDR_HI)], r[REG(TARG_ADDR_MID)],
			    local_addr(r[REG(TARG_ADDR_LO)], r[REG(TARG_ADDR_MID)]), len, &src))
			return RV32_STORE_FAULT;
		if (!is_memory(&src)) {
			niu_fail(q, "the source must be memory");
			return RV32_STORE_FAULT;
		}
		if (ctrl & TT_NOC_CMD_BRCST_PACKET) {
			if (sim_noc_check_signal(q->core, q->hart, q->noc, q->what,
						 (int64_t)dst_addr))
				return RV32_STORE_FAULT;
			dests = multicast(q, kind, r[REG(RET_ADDR_HI)], dst_addr, &src, len,
					  !!(ctrl & TT_NOC_CMD_BRCST_SRC_INCLUDE));
			if (dests < 0)
				return RV32_STORE_FAULT;
		} else {
			if (resolve(q, r[REG(RET_ADDR_HI)], r[REG(RET_ADDR_MID)], dst_addr, len, &dst) ||
			    (dst.mem && sim_noc_check_signal(q->core, q->hart, q->noc, q->what,
							     (int64_t)dst_addr)) ||
			    sanitize_fails(q, &src, &dst, len, 0))
				return RV32_STORE_FAULT;
			transfer(q, kind, &dst, &src, len);
		}
	}
	if (ctrl & TT_NOC_CMD_RESP_MARKED) {
		bump(q, TT_NIU_MST_NONPOSTED_WR_REQ_SENT, 1);
		bump(q, TT_NIU_MST_WR_ACK_RECEIVED, (uint32_t)dests);
	} else {
		bump(q, TT_NIU_MST_POSTED_WR_REQ_SENT, 1);
	}
	src_core = l1_of(&src, &src_addr);
	sim_noc_track_issue(q->core, q->hart, q->noc, kind, trid_of(q), src_core, src_addr, len);
	return RV32_OK;
}

/* Add data to *word within the low bits of mask, atomically against the
 * other cores' atomics and stores; returns the old value. */
static uint32_t atomic_add(uint32_t *word, uint32_t data, uint32_t mask)
{
	uint32_t old = __atomic_load_n(word, __ATOMIC_SEQ_CST), updated;

	do {
		updated = (old & ~mask) | ((old + data) & mask);
	} while (!__atomic_compare_exchange_n(word, &old, updated, 0,
					      __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
	return old;
}

/* The atomic on the word at addr of the tile in TARG_HI (L1 or DRAM):
 * 1, its old value in *old; -1 if it faults. */
static int atomic_unicast(struct noc_req *q, uint64_t addr, uint32_t data, uint32_t mask,
			  uint32_t *old)
{
	const uint32_t *r = q->r;
	struct noc_endpoint tgt, src = own_bytes((uint8_t *)old);
	uint32_t *word;

	if (resolve(q, r[REG(TARG_ADDR_HI)], r[REG(TARG_ADDR_MID)], addr, 4, &tgt))
		return -1;
	if (!is_memory(&tgt)) {
		niu_fail(q, "atomics on registers are not modelled");
		return -1;
	}
	if (sim_noc_check_signal(q->core, q->hart, q->noc, q->what, -1) ||
	    sanitize_fails(q, &src, &tgt, 4, 0))
		return -1;
	if (tgt.bank >= 0) {
		uint8_t *p;
		/* An aligned word never crosses a granule: one span. */
		sim_dram_write_span(&q->core->chip->dram, tgt.bank, tgt.addr, 4, &p);
		word = (uint32_t *)p;
	} else {
		word = (uint32_t *)tgt.mem;
	}
	*old = atomic_add(word, data, mask);
	if (tgt.core)
		sim_sched_wake(tgt.core);
	return 1;
}

/* The atomic on the L1 word at addr of every Tensix core of the rectangle
 * in TARG_HI: the count, the last core's old value in *old (each response
 * lands at RET in turn); -1 if it faults. Every destination is checked
 * before any is changed. */
static int atomic_multicast(struct noc_req *q, uint64_t addr, uint32_t data, uint32_t mask,
			    int include_self, uint32_t *old)
{
	uint32_t hi = q->r[REG(TARG_ADDR_HI)];
	struct noc_endpoint src = own_bytes((uint8_t *)old);
	int count = 0;

	if (addr >= TT_L1_SIZE || 4 > TT_L1_SIZE - addr) {
		niu_fail(q, "multicast address 0x%" PRIx64 "+4 is outside L1", addr);
		return -1;
	}
	if (sim_noc_check_signal(q->core, q->hart, q->noc, q->what, -1))
		return -1;
	for (int apply = 0; apply < 2; apply++)
		for (int i = 0; i < TTRT_NUM_TENSIX; i++) {
			struct sim_core *c = &q->core->chip->cores[i];
			struct noc_endpoint ep = { .mem = c->l1 + addr, .core = c, .bank = -1 };
			if (!multicast_dest(q, c, hi, include_self))
				continue;
			if (!apply) {
				if (sanitize_fails(q, &src, &ep, 4, 0))
					return -1;
				continue;
			}
			*old = atomic_add((uint32_t *)ep.mem, data, mask);
			sim_sched_wake(c);
			count++;
		}
	return count;
}

/* Atomic increment: add AT_DATA to the word (TARG & ~0xF) + 4 * (AT_LEN_BE & 3),
 * wrapping within the low (wrap + 1) bits, at one tile or (BRCST_PACKET) at
 * each core of a multicast rectangle; the old value returns to RET, and a
 * non-posted one counts a response per destination, as tt-metal's
 * noc_nonposted_atomics_acked expects. */
static enum rv32_cause noc_atomic(struct noc_req *q)
{
	const uint32_t *r = q->r;
	uint32_t at = r[REG(AT_LEN_BE)], ctrl = r[REG(CTRL)];
	uint32_t opcode = (at >> 12) & 0xF, wrap = (at >> 2) & 0x1F;
	uint64_t addr = (local_addr(r[REG(TARG_ADDR_LO)], r[REG(TARG_ADDR_MID)]) & ~0xFull) +
			4 * (at & 3);
	uint32_t mask = wrap >= 31 ? 0xFFFFFFFFu : (1u << (wrap + 1)) - 1;
	struct noc_endpoint ret, old_bytes;
	uint32_t old = 0;
	int dests;

	q->what = ctrl & TT_NOC_CMD_BRCST_PACKET ? "multicast atomic" : "atomic";
	if (opcode != TT_NOC_AT_INS_INCR_GET) {
		niu_fail(q, "atomic opcode %u is not modelled (only INCR_GET)", opcode);
		return RV32_STORE_FAULT;
	}
	if (ctrl & TT_NOC_CMD_BRCST_PACKET)
		dests = atomic_multicast(q, addr, r[REG(AT_DATA)], mask,
					 !!(ctrl & TT_NOC_CMD_BRCST_SRC_INCLUDE), &old);
	else
		dests = atomic_unicast(q, addr, r[REG(AT_DATA)], mask, &old);
	if (dests < 0)
		return RV32_STORE_FAULT;
	if (ctrl & TT_NOC_CMD_RESP_MARKED) {
		if (resolve(q, r[REG(RET_ADDR_HI)], r[REG(RET_ADDR_MID)],
			    local_addr(r[REG(RET_ADDR_LO)], r[REG(RET_ADDR_MID)]), 4, &ret))
			return RV32_STORE_FAULT;
		old_bytes = own_bytes((uint8_t *)&old);
		sim_noc_deliver(q->core->chip, &ret, &old_bytes, 4);
		bump(q, TT_NIU_MST_NONPOSTED_ATOMIC_SENT, 1);
		bump(q, TT_NIU_MST_ATOMIC_RESP_RECEIVED, (uint32_t)dests);
		sim_noc_track_issue(q->core, q->hart, q->noc, SIM_NOC_ATOMIC, trid_of(q), NULL, 0, 0);
	} else {
		bump(q, TT_NIU_MST_POSTED_ATOMIC_SENT, 1);
	}
	return RV32_OK;
}

enum rv32_cause sim_noc_issue(struct sim_core *core, int hart, int noc, int buf)
{
	struct noc_req q = { core, hart, noc, core->niu[noc].cmd[buf], "command" };
	uint32_t ctrl = q.r[REG(CTRL)];

	bump(&q, TT_NIU_MST_CMD_ACCEPTED, 1);
	if (ctrl & TT_NOC_CMD_AT)
		return noc_atomic(&q);
	if (ctrl & TT_NOC_CMD_WR)
		return noc_write(&q);
	return noc_read(&q);
}

/* The id registers: NOC1 sees the grid mirrored (x1 = 16 - x0, y1 = 11 - y0). */
void sim_niu_reset(struct sim_core *core)
{
	for (int noc = 0; noc < 2; noc++) {
		struct sim_niu *niu = &core->niu[noc];
		uint32_t x = noc ? 16u - core->noc0.x : core->noc0.x;
		uint32_t y = noc ? 11u - core->noc0.y : core->noc0.y;
		uint32_t node_id = x | (y << 6) | (17u << 12) | (12u << 19) | (noc ? 0 : 1u << 28);

		memset(niu->cmd, 0, sizeof(niu->cmd));
		memset(niu->cfg, 0, sizeof(niu->cfg));
		for (int i = 0; i < SIM_NIU_STATUS_REGS; i++)
			atomic_store(&niu->status[i], 0);
		for (int b = 0; b < SIM_NUM_CMD_BUFS; b++) {
			niu->cmd[b][REG(NODE_ID)] = node_id;
			niu->cmd[b][REG(ENDPOINT_ID)] = (uint32_t)core->index | (0x0100u << 8) |
							((uint32_t)noc << 24);
		}
		/* Translation is on: both NOCs name this core by its translated xy. */
		niu->cfg[TT_NOC_ID_LOGICAL] = core->noc0.x | ((uint32_t)core->noc0.y << 6);
	}
}
