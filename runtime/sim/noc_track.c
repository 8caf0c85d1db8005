/* SPDX-License-Identifier: Apache-2.0
 *
 * Barrier checks: what each RISC issued on the NOC that no barrier of its
 * own has observed yet, and the faults of pushing, signalling or returning
 * too early (noc_track.h).
 */
#include "noc_track.h"
#include "chip.h"
#include "core.h"
#include "noc_strict.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static const char *const kind_name[SIM_NOC_KINDS] = { "read", "write", "posted write", "atomic" };

/* The barrier a kernel calls for each kind before it may rely on it. */
static const char *const kind_barrier[SIM_NOC_KINDS] = {
	"noc_async_read_barrier", "noc_async_write_barrier", "noc_async_posted_writes_flushed",
	"noc_async_atomic_barrier",
};

static void fail(struct sim_core *core, int hart, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void fail(struct sim_core *core, int hart, const char *fmt, ...)
{
	struct sim_hart_slot *s = &core->harts[hart];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->fault_detail, sizeof(s->fault_detail), fmt, ap);
	va_end(ap);
}

/* -o sanitize=off turns the checks off with the NOC sanitizer; the counts
 * go on, for strict mode. */
static bool checking(const struct sim_core *core)
{
	return core->chip->sanitize.on;
}

/* A word of the hart's globals block (tt/fw_abi.h); 0 if unreadable. */
static uint32_t globals_word(struct sim_core *core, int hart, size_t offset)
{
	uint32_t v = 0;

	if (sim_core_local_read(core, hart, TT_FW_GLOBALS_ADDR + (uint32_t)offset, &v, 4))
		return 0;
	return v;
}

static bool in_semaphores(struct sim_core *core, int hart, uint32_t addr)
{
	uint32_t base = globals_word(core, hart, offsetof(struct tt_fw_globals, sem_l1_base));
	uint32_t end = globals_word(core, hart, offsetof(struct tt_fw_globals, sem_l1_end));

	return addr >= base && addr < end;
}

/* Keeps [addr, addr + len) in ranges (n of max), joined to the last one
 * when it continues it: a long read comes as 16 KiB packets. */
static void keep_range(struct sim_noc_range *r, uint32_t *n, unsigned max,
		       struct sim_noc_range add)
{
	struct sim_noc_range *last = *n ? &r[*n - 1] : NULL;

	if (last && last->kind == add.kind && last->trid == add.trid &&
	    last->addr + last->len == add.addr) {
		last->len += add.len;
		last->pc = add.pc;
	} else if (*n < max) {
		r[(*n)++] = add;
	}
}

void sim_noc_track_issue(struct sim_core *core, int hart, int noc, enum sim_noc_kind kind,
			 unsigned trid, const struct sim_core *mem_core, uint32_t addr,
			 uint32_t len)
{
	struct sim_noc_track *t = &core->harts[hart].track;
	struct sim_noc_unseen *u = &t->noc[noc];
	struct sim_noc_range add = { addr, len, core->harts[hart].hart.pc, (uint8_t)kind,
				     (uint8_t)(trid % SIM_NOC_TRIDS) };

	u->count[kind]++;
	u->by_trid[kind][add.trid]++;
	u->pc[kind][add.trid] = add.pc;
	u->seq[kind][add.trid] = ++t->seq;
	t->outstanding++;
	if (mem_core != core)
		return;
	if (kind == SIM_NOC_READ)
		keep_range(u->reads, &u->n_reads, SIM_NOC_TRACK_READS, add);
	/* A write from one of the RISC's semaphores: below the end of the
	 * kernel-config buffer, which holds them, before two local reads. */
	else if (checking(core) && addr < core->chip->sanitize.kernel_config.hi &&
		 in_semaphores(core, hart, addr))
		keep_range(u->sem_sources, &u->n_sem_sources, SIM_NOC_TRACK_SEM_SOURCES, add);
}

/* Drops the ranges of kind and trid (-1: any). */
static void drop_ranges(struct sim_noc_range *r, uint32_t *n, enum sim_noc_kind kind, int trid)
{
	uint32_t kept = 0;

	for (uint32_t i = 0; i < *n; i++)
		if (r[i].kind != kind || (trid >= 0 && r[i].trid != trid))
			r[kept++] = r[i];
	*n = kept;
}

/* A barrier saw the transfers of kind on noc, those of transaction id
 * trid only when it is not -1. */
static void seen(struct sim_core *core, int hart, int noc, enum sim_noc_kind kind, int trid)
{
	struct sim_noc_track *t = &core->harts[hart].track;
	struct sim_noc_unseen *u = &t->noc[noc];
	uint32_t n = trid < 0 ? u->count[kind] : u->by_trid[kind][trid];

	if (!n)
		return;
	/* Strict mode lands all of the kind: a wrong id goes unseen there,
	 * and is caught by the checks. */
	sim_noc_strict_land(core, hart, noc, kind);
	t->outstanding -= n;
	u->count[kind] -= n;
	if (trid < 0)
		memset(u->by_trid[kind], 0, sizeof(u->by_trid[kind]));
	else
		u->by_trid[kind][trid] = 0;
	drop_ranges(u->reads, &u->n_reads, kind, trid);
	drop_ranges(u->sem_sources, &u->n_sem_sources, kind, trid);
}

void sim_noc_track_observe(struct sim_core *core, int hart, int noc, uint32_t index)
{
	if (!core->harts[hart].track.outstanding)
		return;
	switch (index) {
	case TT_NIU_MST_RD_RESP_RECEIVED:
		seen(core, hart, noc, SIM_NOC_READ, -1);
		break;
	case TT_NIU_MST_WR_ACK_RECEIVED:
	case TT_NIU_MST_NONPOSTED_WR_REQ_SENT:
		seen(core, hart, noc, SIM_NOC_WRITE, -1);
		break;
	case TT_NIU_MST_POSTED_WR_REQ_SENT:
		seen(core, hart, noc, SIM_NOC_POSTED, -1);
		break;
	case TT_NIU_MST_ATOMIC_RESP_RECEIVED:
		seen(core, hart, noc, SIM_NOC_ATOMIC, -1);
		break;
	default:
		/* The _with_trid barriers wait on one transaction id's
		 * counter: the requests of that id outstanding (reads and
		 * writes), or its writes not sent. */
		if (index >= TT_NIU_MST_REQS_OUTSTANDING_ID(0) &&
		    index <= TT_NIU_MST_REQS_OUTSTANDING_ID(SIM_NOC_TRIDS - 1)) {
			int id = (int)(index - TT_NIU_MST_REQS_OUTSTANDING_ID(0));
			seen(core, hart, noc, SIM_NOC_READ, id);
			seen(core, hart, noc, SIM_NOC_WRITE, id);
			seen(core, hart, noc, SIM_NOC_POSTED, id);
		} else if (index >= TT_NIU_MST_WRITE_REQS_OUTGOING_ID(0) &&
			   index <= TT_NIU_MST_WRITE_REQS_OUTGOING_ID(SIM_NOC_TRIDS - 1)) {
			int id = (int)(index - TT_NIU_MST_WRITE_REQS_OUTGOING_ID(0));
			seen(core, hart, noc, SIM_NOC_WRITE, id);
			seen(core, hart, noc, SIM_NOC_POSTED, id);
		}
		break;
	}
}

/* The pc of the last unobserved transfer of kind on u. */
static uint32_t last_pc(const struct sim_noc_unseen *u, enum sim_noc_kind kind)
{
	uint32_t pc = 0, best = 0;

	for (int id = 0; id < SIM_NOC_TRIDS; id++)
		if (u->by_trid[kind][id] && u->seq[kind][id] >= best) {
			best = u->seq[kind][id];
			pc = u->pc[kind][id];
		}
	return pc;
}

/* The first NOC with an unobserved transfer of kind, or -1. */
static int noc_with(const struct sim_noc_track *t, enum sim_noc_kind kind)
{
	for (int noc = 0; noc < 2; noc++)
		if (t->noc[noc].count[kind])
			return noc;
	return -1;
}

enum rv32_cause sim_noc_check_signal(struct sim_core *core, int hart, int noc, const char *what,
				     int64_t l1_addr)
{
	struct sim_noc_track *t = &core->harts[hart].track;

	if (!t->outstanding || !checking(core))
		return RV32_OK;
	for (enum sim_noc_kind k = SIM_NOC_WRITE; k <= SIM_NOC_POSTED; k++) {
		int wnoc = noc_with(t, k);
		if (wnoc < 0)
			continue;
		if (l1_addr >= 0 && !in_semaphores(core, hart, (uint32_t)l1_addr))
			return RV32_OK;
		fail(core, hart,
		     "semaphore signal (noc%d %s) while a noc%d %s (pc 0x%08x) is not flushed: "
		     "%s first",
		     noc, what, wnoc, kind_name[k], last_pc(&t->noc[wnoc], k), kind_barrier[k]);
		return RV32_STORE_FAULT;
	}
	return RV32_OK;
}

static bool overlaps(const struct sim_noc_range *r, uint32_t addr, uint32_t len)
{
	return r->addr < addr + len && addr < r->addr + r->len;
}

/* A word of the hart's view of CB cb (tt_local_cb_interface). */
static uint32_t cb_word(struct sim_core *core, int hart, uint32_t cb, size_t field)
{
	return globals_word(core, hart, offsetof(struct tt_fw_globals, cb_interface) +
					cb * sizeof(struct tt_local_cb_interface) + field);
}

enum rv32_cause sim_noc_check_push(struct sim_core *core, int hart, uint32_t stream,
				   uint32_t value)
{
	struct sim_noc_track *t = &core->harts[hart].track;
	uint32_t unit = hart >= 2 ? 16 : 1;   /* the TRISCs' views are in 16-byte units */
	uint32_t pages, wr, page_size;

	if (!t->outstanding || stream >= TT_NUM_CIRCULAR_BUFFERS || !checking(core))
		return RV32_OK;
	pages = (value - atomic_load(&core->streams[stream][1])) & 0xFFFFu;
	page_size = cb_word(core, hart, stream,
			    offsetof(struct tt_local_cb_interface, fifo_page_size)) * unit;
	wr = cb_word(core, hart, stream, offsetof(struct tt_local_cb_interface, fifo_wr_ptr)) * unit;
	/* Not a push by the kernel's cb_push_back (the firmware's reset). */
	if (pages == 0 ||
	    pages > cb_word(core, hart, stream, offsetof(struct tt_local_cb_interface, fifo_num_pages)))
		return RV32_OK;
	for (int noc = 0; noc < 2; noc++) {
		const struct sim_noc_unseen *u = &t->noc[noc];
		for (uint32_t i = 0; i < u->n_reads; i++) {
			char id[32] = "";
			if (!overlaps(&u->reads[i], wr, pages * page_size))
				continue;
			if (u->reads[i].trid)
				snprintf(id, sizeof(id), " (transaction id %u)", u->reads[i].trid);
			fail(core, hart,
			     "cb_push_back(%u, %u) while a noc%d read%s into its pages at 0x%x "
			     "(pc 0x%08x) is outstanding: noc_async_read_barrier first",
			     stream, pages, noc, id, wr, u->reads[i].pc);
			return RV32_STORE_FAULT;
		}
	}
	return RV32_OK;
}

enum rv32_cause sim_noc_check_sem_store(struct sim_core *core, int hart, uint32_t addr,
					unsigned size)
{
	struct sim_noc_track *t = &core->harts[hart].track;

	if (!t->outstanding)
		return RV32_OK;
	for (int noc = 0; noc < 2; noc++) {
		const struct sim_noc_unseen *u = &t->noc[noc];
		for (uint32_t i = 0; i < u->n_sem_sources; i++) {
			const struct sim_noc_range *r = &u->sem_sources[i];
			if (!overlaps(r, addr, size))
				continue;
			fail(core, hart,
			     "store of %u bytes to the semaphore at L1 0x%x while a noc%d %s from it "
			     "(pc 0x%08x) is not flushed: %s first",
			     size, addr, noc, kind_name[r->kind], r->pc,
			     r->kind == SIM_NOC_POSTED ? "noc_async_posted_writes_flushed" :
							 "noc_async_writes_flushed");
			return RV32_STORE_FAULT;
		}
	}
	return RV32_OK;
}

enum rv32_cause sim_noc_kernel_done(struct sim_core *core, int hart)
{
	struct sim_noc_track *t = &core->harts[hart].track;

	if (!t->outstanding)
		return RV32_OK;
	if (!checking(core)) {
		sim_noc_track_settle(core, hart, true);
		return RV32_OK;
	}
	for (enum sim_noc_kind k = SIM_NOC_READ; k < SIM_NOC_KINDS; k++) {
		int noc = noc_with(t, k);
		uint32_t n;
		if (noc < 0)
			continue;
		n = t->noc[noc].count[k];
		fail(core, hart,
		     "kernel ended with NOC transactions outstanding: %u noc%d %s%s not %s "
		     "(pc: the last one issued; %s before returning)",
		     n, noc, kind_name[k], n == 1 ? "" : "s",
		     k == SIM_NOC_READ || k == SIM_NOC_ATOMIC ? "barriered" : "flushed",
		     kind_barrier[k]);
		t->fault_pc = last_pc(&t->noc[noc], k);
		t->fault_pc_set = true;
		sim_noc_track_settle(core, hart, true);
		return RV32_STORE_FAULT;
	}
	return RV32_OK;
}

void sim_noc_track_settle(struct sim_core *core, int hart, bool forget)
{
	sim_noc_strict_land_all(core, hart);
	if (!forget)
		return;
	for (int noc = 0; noc < 2; noc++)
		for (enum sim_noc_kind k = SIM_NOC_READ; k < SIM_NOC_KINDS; k++)
			seen(core, hart, noc, k, -1);
}
