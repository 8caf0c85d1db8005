/* SPDX-License-Identifier: Apache-2.0
 *
 * Strict NOC mode (docs/debugging.md, "Barrier checks and strict NOC
 * mode"): on a core in strict mode a read or write into memory does not
 * land when it is issued. Its source is taken then, its destination reads
 * as the poison pattern, and the bytes land when the issuing RISC's
 * barrier or flush observes the transfer, when that RISC has run
 * SIM_NOC_STRICT_DELAY more instructions, waits (parks), ends its kernel,
 * faults or is reset. So a kernel that uses data before its barrier reads
 * poison every time instead of one run in a thousand.
 */
#ifndef TTFS_SIM_NOC_STRICT_H
#define TTFS_SIM_NOC_STRICT_H

#include "noc_track.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct noc_endpoint;

/* Each little-endian word of a destination in flight, by its address. */
#define SIM_NOC_POISON 0xDEADBEEFu
/* Instructions of the issuing RISC after which a transfer lands anyway. */
#define SIM_NOC_STRICT_DELAY 100000u

/* Takes the transfer in flight when core is in strict mode and dst is
 * memory: true, and the caller moves nothing. */
bool sim_noc_strict_defer(struct sim_core *core, int hart, int noc, enum sim_noc_kind kind,
			  const struct noc_endpoint *dst, const struct noc_endpoint *src,
			  size_t len);
/* Lands the hart's transfers in flight of kind on noc, oldest first. */
void sim_noc_strict_land(struct sim_core *core, int hart, int noc, enum sim_noc_kind kind);
/* Lands all of them; true if there were any. */
bool sim_noc_strict_land_all(struct sim_core *core, int hart);
/* Lands those issued SIM_NOC_STRICT_DELAY instructions ago (at the end of
 * one of the hart's slices); true if there were any. */
bool sim_noc_strict_land_due(struct sim_core *core, int hart);
void sim_noc_strict_free(struct sim_noc_strict *s);

#endif
