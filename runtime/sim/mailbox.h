/* SPDX-License-Identifier: Apache-2.0
 *
 * The Tensix mailboxes: word FIFOs between BRISC and the three TRISCs of
 * a core, at TENSIX_MAILBOX0..3_BASE (0xFFEC0000 + 0x1000 * n: BRISC,
 * TRISC0, TRISC1, TRISC2). A store to mailbox n's word 0 queues the word
 * for n; a load of it takes the oldest word that n queued for the loading
 * RISC, 0 when there is none; a load of word 1 is how many wait there.
 * Silicon keeps 4 words a FIFO and stalls a writer at a full one; here a
 * FIFO holds SIM_MAILBOX_DEPTH and a store into a full one faults.
 * Only the core's own thread touches them.
 */
#ifndef TTFS_SIM_MAILBOX_H
#define TTFS_SIM_MAILBOX_H

#include "rv32.h"

#include <stdbool.h>
#include <stdint.h>

#define SIM_MAILBOXES 4
#define SIM_MAILBOX_DEPTH 16
#define SIM_MAILBOX_BASE 0xFFEC0000u
#define SIM_MAILBOX_END (SIM_MAILBOX_BASE + SIM_MAILBOXES * 0x1000u)

struct sim_core;

/* Words one RISC queued for another. */
struct sim_mailbox_fifo {
	uint32_t word[SIM_MAILBOX_DEPTH];
	uint32_t head, count;
};

/* [writer][reader], by mailbox number (BRISC 0, TRISC0..2 1..3). */
struct sim_mailboxes {
	struct sim_mailbox_fifo fifo[SIM_MAILBOXES][SIM_MAILBOXES];
};

static inline bool sim_mailbox_owns(uint32_t addr)
{
	return addr >= SIM_MAILBOX_BASE && addr < SIM_MAILBOX_END;
}

/* A hart's 4-byte load or store in the mailbox window; a fault has its
 * reason in the hart's fault_detail. */
enum rv32_cause sim_mailbox_load(struct sim_core *core, int hart, uint32_t addr, uint32_t *val);
enum rv32_cause sim_mailbox_store(struct sim_core *core, int hart, uint32_t addr, uint32_t val);
/* The hart went into reset: the words it queued or was sent are gone. */
void sim_mailbox_reset_hart(struct sim_core *core, int hart);

#endif
