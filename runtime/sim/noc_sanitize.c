/* SPDX-License-Identifier: Apache-2.0
 *
 * The NOC sanitizer (noc_sanitize.h): the checks, each worded for the
 * fault a kernel developer reads in status.
 */
#include "noc_sanitize.h"
#include "chip.h"
#include "core.h"
#include "noc_track.h"
#include "simmem.h"
#include "tensix/tensix.h"
#include "tt/fw_abi.h"

#include <stdio.h>
#include <string.h>

/* A little-endian number of size bytes at buf[off], 0 past len. */
static uint64_t get_le(const uint8_t *buf, size_t len, uint32_t off, unsigned size)
{
	uint64_t v = 0;

	if (off > len || size > len - off)
		return 0;
	for (unsigned i = size; i-- > 0;)
		v = v << 8 | buf[off + i];
	return v;
}

/* Bytes of L1 as a little-endian number; nothing outside L1 (a profile's
 * offsets are only numbers) reads as 0. */
static uint64_t l1_get(const struct sim_core *core, uint64_t addr, unsigned size)
{
	uint8_t b[8] = { 0 };

	if (size > 8 || addr > TT_L1_SIZE || size > TT_L1_SIZE - addr)
		return 0;
	simmem_read(b, core->l1 + addr, size);
	return get_le(b, sizeof(b), 0, size);
}

/* A core runs a program from the host's prepare (RESET_READ_PTR_FROM_HOST,
 * which every core of a run gets before any gets GO) until its firmware
 * writes DONE: a kernel that starts first must not write into a core of
 * its own program that has not started yet either. */
static int runs_program(const struct sim_sanitize_map *m, const struct sim_core *core)
{
	uint32_t idx = (uint32_t)l1_get(core, m->go_index_addr, 4);
	uint64_t signal;

	if (idx >= m->go_entries)
		return 0;
	signal = l1_get(core, m->go_messages_addr + (uint64_t)idx * m->go_msg_size + m->go_signal, 1);
	return signal == TT_RUN_MSG_GO || signal == TT_RUN_MSG_RESET_READ_PTR_FROM_HOST;
}

/* What a core's current launch places in its kernel-config buffer. */
struct launch_view {
	uint32_t kcb;                  /* kernel_config_base */
	struct sim_l1_range sems;      /* the semaphores, which anyone may write */
	uint32_t cb_table;             /* local CB configs, indexed by CB */
	uint32_t images;               /* the kernel images (their data included) */
	uint64_t cb_mask;
};

static void read_launch(const struct sim_sanitize_map *m, const struct sim_core *core,
			struct launch_view *v)
{
	uint32_t rd = (uint32_t)l1_get(core, m->launch_rd_ptr_addr, 4);
	uint64_t at = m->launch_addr + (uint64_t)(rd < m->launch_entries ? rd : 0) *
		      m->launch_msg_size;
	uint8_t msg[256] = { 0 };
	size_t len = m->launch_msg_size < sizeof(msg) ? m->launch_msg_size : sizeof(msg);
	uint32_t min_remote, remotes;

	if (at <= TT_L1_SIZE && len <= TT_L1_SIZE - at)
		simmem_read(msg, core->l1 + at, len);
	min_remote = (uint32_t)get_le(msg, len, m->l_min_remote_cb, 1);
	remotes = min_remote < m->num_cbs ? m->num_cbs - min_remote : 0;
	v->kcb = (uint32_t)get_le(msg, len, m->l_kernel_config_base, 4);
	v->sems.lo = v->kcb + (uint32_t)get_le(msg, len, m->l_sem_offset, 2);
	v->cb_table = v->kcb + (uint32_t)get_le(msg, len, m->l_local_cb_offset, 2);
	v->sems.hi = v->cb_table;
	v->images = v->kcb + (uint32_t)get_le(msg, len, m->l_remote_cb_offset, 2) +
		    remotes * m->remote_cb_config_size;
	v->cb_mask = get_le(msg, len, m->l_local_cb_mask, m->l_local_cb_mask_size);
}

static int inside(struct sim_l1_range r, uint64_t lo, uint64_t hi)
{
	return lo >= r.lo && hi <= r.hi;
}

static int overlaps(struct sim_l1_range r, uint64_t lo, uint64_t hi)
{
	return lo < r.hi && hi > r.lo;
}

/* The protected region [lo, hi) touches, named, or NULL. */
static const char *protected_region(const struct sim_sanitize_map *m, uint64_t lo, uint64_t hi,
				    struct sim_l1_range *r)
{
	static const char *const fw_names[5] = {
		"brisc firmware", "ncrisc firmware", "trisc0 firmware", "trisc1 firmware",
		"trisc2 firmware",
	};

	if (overlaps(m->boot, lo, hi)) {
		*r = m->boot;
		return "boot jump";
	}
	for (int i = 0; i < 5; i++)
		if (overlaps(m->firmware[i], lo, hi)) {
			*r = m->firmware[i];
			return fw_names[i];
		}
	if (overlaps(m->mailbox, lo, hi)) {
		*r = m->mailbox;
		return "mailbox";
	}
	if (overlaps(m->kernel_config, lo, hi)) {
		*r = m->kernel_config;
		return "kernel-config buffer";
	}
	return NULL;
}

static void name_end(const struct sim_noc_end *e, char *buf, size_t len)
{
	if (e->bank >= 0)
		snprintf(buf, len, "DRAM bank %d 0x%llx", e->bank, (unsigned long long)e->addr);
	else if (e->core)
		snprintf(buf, len, "core %u,%u %s 0x%llx", e->core->logical.x, e->core->logical.y,
			 e->reg ? "register" : "L1", (unsigned long long)e->addr);
	else
		snprintf(buf, len, "the NOC's own bytes");
}

/* "4096 bytes from core 1,0 L1 0x37000 to core 0,0 L1 0x3840: " */
static int describe(const struct sim_noc_xfer *x, char *why, size_t len)
{
	char src[48], dst[48];
	int n;

	name_end(&x->src, src, sizeof(src));
	name_end(&x->dst, dst, sizeof(dst));
	n = snprintf(why, len, "%u bytes from %s to %s: ", x->len, src, dst);
	return n < 0 ? 0 : (size_t)n < len ? n : (int)len - 1;
}

/* Blackhole's NOC moves 16-byte (DRAM reads: 64-byte) words; source and
 * destination must sit at the same offset in theirs (noc_parameters.h,
 * NOC_{L1,DRAM}_{READ,WRITE}_ALIGNMENT_BYTES; Watcher checks the same). */
static int misaligned(const struct sim_noc_xfer *x, char *why, size_t len)
{
	uint64_t mask = x->read && x->src.bank >= 0 ? 63 : 15;
	int n;

	if ((!x->src.core && x->src.bank < 0) || x->src.reg || x->dst.reg ||
	    !((x->src.addr ^ x->dst.addr) & mask))
		return 0;
	n = describe(x, why, len);
	snprintf(why + n, len - (size_t)n,
		 "misaligned: %s needs source and destination equal modulo %u (0x%llx, 0x%llx)",
		 mask == 63 ? "a DRAM read" : x->read ? "an L1 read" : "a write", (unsigned)mask + 1,
		 (unsigned long long)(x->src.addr & mask), (unsigned long long)(x->dst.addr & mask));
	return 1;
}

/* A transfer into a worker's firmware, mailbox or kernel-config buffer
 * (semaphores excepted) while it runs a program. */
static int into_protected(const struct sim_noc_xfer *x, char *why, size_t len)
{
	const struct sim_sanitize_map *m = &x->issuer->chip->sanitize;
	const struct sim_core *core = x->dst.core;
	uint64_t lo = x->dst.addr, hi = lo + x->len;
	struct sim_l1_range r;
	struct launch_view v;
	const char *name;
	int n;

	if (!core || x->dst.reg || !(name = protected_region(m, lo, hi, &r)) ||
	    !runs_program(m, core))
		return 0;
	if (r.lo == m->kernel_config.lo) {
		read_launch(m, core, &v);
		if (inside(v.sems, lo, hi))
			return 0;
	}
	n = describe(x, why, len);
	snprintf(why + n, len - (size_t)n, "core %u,%u runs a program and this is its %s (0x%x..0x%x)",
		 core->logical.x, core->logical.y, name, r.lo, r.hi);
	return 1;
}

struct cb_config {
	uint32_t addr, size, pages, page_size;
};

/* CB i as the launch's table in L1 has it (the authority), else 0. */
static int cb_from_table(const struct sim_sanitize_map *m, const struct sim_core *core,
			 const struct launch_view *v, unsigned i, struct cb_config *cb)
{
	uint64_t e = v->cb_table + (uint64_t)i * m->local_cb_config_size;
	uint32_t w[4];

	if (!(v->cb_mask >> i & 1) || e > TT_L1_SIZE || sizeof(w) > TT_L1_SIZE - e)
		return 0;
	simmem_read(w, core->l1 + e, sizeof(w));
	*cb = (struct cb_config){ w[0], w[1], w[2], w[3] };
	return 1;
}

/* CB i as the RISC's own view has it, which its firmware copied from that
 * table at the launch (in bytes on BRISC and NCRISC, the RISCs with a
 * NOC, in 1 << shift bytes on the TRISCs): no L1 read. 0 for a CB the
 * launch does not configure. The unpacker's view has no page count. */
static int cb_from_view(const volatile struct tt_local_cb_interface *ci, unsigned shift,
			struct cb_config *cb)
{
	uint32_t size = ci->fifo_size, page = ci->fifo_page_size;

	if (!size)
		return 0;
	*cb = (struct cb_config){ (ci->fifo_limit - size) << shift, size << shift,
				  ci->fifo_num_pages ? ci->fifo_num_pages : page ? size / page : 0,
				  page << shift };
	return 1;
}

/* The pages of a CB the hart holds from ptr on, as L1 bytes in the CB. */
static struct sim_l1_range held(const struct cb_config *cb, uint32_t ptr, uint32_t pages)
{
	uint64_t hi = (uint64_t)ptr + (uint64_t)pages * cb->page_size;
	struct sim_l1_range r = { ptr, (uint32_t)(hi < cb->addr + (uint64_t)cb->size ? hi :
						    cb->addr + cb->size) };
	return r;
}

struct cb_finding {
	unsigned id, pages;
	struct cb_config cb;
	struct sim_l1_range mine;
};

/* The first CB that [lo, hi) breaks, in *bad: 1, or 0 when none does.
 * The CBs from the launch's table v, or with v NULL from the RISC's view. */
static int cb_scan(const struct sim_noc_xfer *x, const struct tt_fw_globals *g, uint64_t lo,
		   uint64_t hi, int into, const struct launch_view *v, struct cb_finding *bad)
{
	const struct sim_sanitize_map *m = &x->issuer->chip->sanitize;
	unsigned ncb = m->num_cbs < TT_NUM_CIRCULAR_BUFFERS ? m->num_cbs : TT_NUM_CIRCULAR_BUFFERS;
	int found = 0;

	for (unsigned i = 0; i < ncb; i++) {
		const volatile struct tt_local_cb_interface *ci = &g->cb_interface[i];
		unsigned hold = into ? g->cb_reserved_pages[i] : g->cb_waited_pages[i];
		struct sim_l1_range mine;
		struct cb_config cb;

		if (!(hold & TT_CB_HELD_FIFO) ||
		    !(v ? cb_from_table(m, x->issuer, v, i, &cb) : cb_from_view(ci, 0, &cb)) ||
		    !overlaps((struct sim_l1_range){ cb.addr, cb.addr + cb.size }, lo, hi))
			continue;
		mine = held(&cb, into ? ci->fifo_wr_ptr : ci->fifo_rd_ptr, hold & TT_CB_HELD_PAGES);
		if (inside(mine, lo, hi) ||
		    (!into && inside(held(&cb, ci->fifo_wr_ptr,
					  g->cb_reserved_pages[i] & TT_CB_HELD_PAGES), lo, hi)))
			return 0;
		if (!found++)
			*bad = (struct cb_finding){ i, hold & TT_CB_HELD_PAGES, cb, mine };
	}
	return found > 0;
}

/* "CB 0 overrun: ncrisc reserved 1 page at 0x37000 (2 pages of 2048 at 0x37000)" */
static void cb_problem(const struct cb_finding *bad, int into, int hart, char *why, size_t len)
{
	snprintf(why, len, "CB %u %s: %s %s %u page%s at 0x%x (%u pages of %u at 0x%x)", bad->id,
		 into ? "overrun" : "underrun", rv32_hart_name(hart),
		 into ? "reserved" : "waited for", bad->pages, bad->pages == 1 ? "" : "s",
		 bad->mine.lo, bad->cb.pages, bad->cb.page_size, bad->cb.addr);
}

/* A transfer into (into = 1) or out of the issuer's own L1 at [lo, hi):
 * inside a CB of the current launch that the issuing RISC reserves in
 * (into) or waits on (out of), it must stay within the pages reserved
 * (into) or waited for or reserved (out of). A CB the RISC never
 * reserved or waited on is scratch memory to it, unchecked. A range more
 * than one CB covers (CBs sharing memory) passes if one of them allows
 * it. The RISC's own view of its CBs answers first, without reading L1;
 * only a transfer it finds wrong is held against the launch itself. */
static int cb_violation(const struct sim_noc_xfer *x, uint64_t lo, uint64_t hi, int into,
			char *why, size_t len)
{
	const struct sim_sanitize_map *m = &x->issuer->chip->sanitize;
	const struct tt_fw_globals *g = (const void *)x->issuer->harts[x->hart].hart.local;
	struct cb_finding bad;
	struct launch_view v;
	int n;

	if (g->magic != TT_FW_MAGIC || !cb_scan(x, g, lo, hi, into, NULL, &bad) ||
	    !runs_program(m, x->issuer))
		return 0;
	read_launch(m, x->issuer, &v);
	if (!cb_scan(x, g, lo, hi, into, &v, &bad))
		return 0;
	n = describe(x, why, len);
	cb_problem(&bad, into, x->hart, why + n, len - (size_t)n);
	return 1;
}

int sim_noc_sanitize(const struct sim_noc_xfer *x, char *why, size_t len)
{
	if (misaligned(x, why, len) || into_protected(x, why, len))
		return -1;
	if (x->dst.core == x->issuer && !x->dst.reg &&
	    cb_violation(x, x->dst.addr, x->dst.addr + x->len, 1, why, len))
		return -1;
	if (x->src.core == x->issuer && !x->src.reg &&
	    cb_violation(x, x->src.addr, x->src.addr + x->len, 0, why, len))
		return -1;
	return 0;
}

int sim_sanitize_tile(void *ctx, int hart, uint32_t cb_id, uint32_t addr, uint32_t len, int into,
		      char *why, size_t why_len)
{
	struct sim_core *core = ctx;
	const struct tt_fw_globals *g = (const void *)core->harts[hart].hart.local;
	const volatile struct tt_local_cb_interface *ci;
	struct cb_finding bad = { .id = cb_id };
	unsigned hold;

	if (g->magic != TT_FW_MAGIC || cb_id >= TT_NUM_CIRCULAR_BUFFERS)
		return 0;
	ci = &g->cb_interface[cb_id];
	if (!cb_from_view(ci, TT_CB_COMPUTE_ADDR_SHIFT, &bad.cb))
		return 0;
	hold = into ? g->cb_reserved_pages[cb_id] : g->cb_waited_pages[cb_id];
	bad.pages = hold & TT_CB_HELD_PAGES;
	bad.mine = held(&bad.cb, (into ? ci->fifo_wr_ptr : ci->fifo_rd_ptr) << TT_CB_COMPUTE_ADDR_SHIFT,
			bad.pages);
	if (inside(bad.mine, addr, (uint64_t)addr + len))
		return 0;
	cb_problem(&bad, into, hart, why, why_len);
	return -1;
}

enum rv32_cause sim_sanitize_store(void *ctx, int hart, uint32_t pc, uint32_t addr, unsigned size)
{
	struct sim_core *core = ctx;
	const struct sim_sanitize_map *m = &core->chip->sanitize;
	struct sim_hart_slot *s = &core->harts[hart];
	uint64_t lo = addr, hi = lo + size;
	struct sim_l1_range r;
	struct launch_view v;
	const char *name;

	/* The firmware keeps its mailbox; kernels run from kernel config. */
	if (pc < m->kernel_config.lo || pc >= m->kernel_config.hi)
		return RV32_OK;
	if (sim_noc_check_sem_store(core, hart, addr, size))
		return RV32_STORE_FAULT;
	if (inside(m->kernel_mailbox, lo, hi) || !(name = protected_region(m, lo, hi, &r)) ||
	    !runs_program(m, core))
		return RV32_OK;
	if (r.lo == m->kernel_config.lo) {
		read_launch(m, core, &v);
		if (inside(v.sems, lo, hi) || lo >= v.images)
			return RV32_OK;
	}
	snprintf(s->fault_detail, sizeof(s->fault_detail),
		 "store of %u bytes to L1 0x%x: core %u,%u runs a program and this is its %s (0x%x..0x%x)",
		 size, addr, core->logical.x, core->logical.y, name, r.lo, r.hi);
	return RV32_STORE_FAULT;
}

void sim_sanitize_set(struct sim_chip *chip, const struct sim_sanitize_map *map)
{
	uint32_t floor = map->mailbox.hi > map->kernel_config.hi ? map->mailbox.hi :
			 map->kernel_config.hi;

	for (int i = 0; i < 5; i++)
		if (map->firmware[i].hi > floor)
			floor = map->firmware[i].hi;
	chip->sanitize = *map;
	for (int c = 0; c < TTRT_NUM_TENSIX; c++) {
		struct rv32_bus *bus = &chip->cores[c].bus;
		bus->store_floor = map->on ? floor : 0;
		bus->store_check = map->on ? sim_sanitize_store : NULL;
		chip->cores[c].tensix->tile_check = map->on ? sim_sanitize_tile : NULL;
		chip->cores[c].tensix->tile_check_ctx = &chip->cores[c];
	}
}
