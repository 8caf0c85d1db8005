/* SPDX-License-Identifier: Apache-2.0
 *
 * What the NOC model (noc.c) shares with its checks: an endpoint as
 * resolved, and the move of bytes into one.
 */
#ifndef TTFS_SIM_NOC_INTERNAL_H
#define TTFS_SIM_NOC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

struct sim_chip;
struct sim_core;

/* One of: L1 (or bytes of the NOC's own), a DRAM bank, a register. */
struct noc_endpoint {
	uint8_t *mem;            /* L1 bytes, else NULL */
	struct sim_core *core;   /* Tensix endpoint (to wake, or for MMIO) */
	uint32_t reg_addr;
	int bank;                /* DRAM endpoint: its bank, else -1 */
	uint64_t addr;           /* and the bank address (a bank is not
				  * contiguous in host memory: dram.h) */
};

/* Copies len bytes from src (memory: L1, DRAM or the NOC's own bytes) to
 * dst and wakes dst's core. */
void sim_noc_deliver(struct sim_chip *chip, struct noc_endpoint *dst,
		     const struct noc_endpoint *src, size_t len);

#endif
