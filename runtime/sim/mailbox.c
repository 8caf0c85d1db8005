/* SPDX-License-Identifier: Apache-2.0
 *
 * The Tensix mailboxes (mailbox.h).
 */
#include "mailbox.h"
#include "core.h"
#include "sched.h"

#include <stdio.h>

/* The mailbox number of a hart (brisc 0, triscs 1..3); NCRISC has none. */
static int mailbox_of(int hart)
{
	return hart == 0 ? 0 : hart >= 2 ? hart - 1 : -1;
}

static const char *const owner_name[SIM_MAILBOXES] = { "brisc", "trisc0", "trisc1", "trisc2" };

/* The FIFO the access at addr by hart means, or NULL with the reason. */
static struct sim_mailbox_fifo *fifo_of(struct sim_core *core, int hart, uint32_t addr,
					bool store)
{
	int me = mailbox_of(hart), other = (int)((addr - SIM_MAILBOX_BASE) >> 12);
	char *why = core->harts[hart].fault_detail;

	if (me < 0) {
		snprintf(why, SIM_FAULT_DETAIL_MAX, "ncrisc has no Tensix mailbox (0x%08x)", addr);
		return NULL;
	}
	if (store)
		return &core->mailboxes.fifo[me][other];
	return &core->mailboxes.fifo[other][me];
}

enum rv32_cause sim_mailbox_load(struct sim_core *core, int hart, uint32_t addr, uint32_t *val)
{
	struct sim_mailbox_fifo *f = fifo_of(core, hart, addr, false);

	if (!f)
		return RV32_LOAD_FAULT;
	switch (addr & 0xFFF) {
	case 0:
		*val = 0;
		if (f->count) {
			*val = f->word[f->head];
			f->head = (f->head + 1) % SIM_MAILBOX_DEPTH;
			f->count--;
		}
		return RV32_OK;
	case 4:
		*val = f->count;
		return RV32_OK;
	default:
		*val = 0;
		return RV32_OK;
	}
}

enum rv32_cause sim_mailbox_store(struct sim_core *core, int hart, uint32_t addr, uint32_t val)
{
	struct sim_mailbox_fifo *f = fifo_of(core, hart, addr, true);
	int other = (int)((addr - SIM_MAILBOX_BASE) >> 12);

	if (!f)
		return RV32_STORE_FAULT;
	if ((addr & 0xFFF) != 0)
		return RV32_OK;
	if (f->count == SIM_MAILBOX_DEPTH) {
		snprintf(core->harts[hart].fault_detail, SIM_FAULT_DETAIL_MAX,
			 "mailbox to %s full: %d words it has not read (silicon would wait)",
			 owner_name[other], SIM_MAILBOX_DEPTH);
		return RV32_STORE_FAULT;
	}
	f->word[(f->head + f->count) % SIM_MAILBOX_DEPTH] = val;
	f->count++;
	/* The reader may be parked polling for it. */
	sim_sched_wake(core);
	return RV32_OK;
}

void sim_mailbox_reset_hart(struct sim_core *core, int hart)
{
	int me = mailbox_of(hart);

	if (me < 0)
		return;
	for (int i = 0; i < SIM_MAILBOXES; i++) {
		core->mailboxes.fifo[me][i].count = 0;
		core->mailboxes.fifo[i][me].count = 0;
	}
}
