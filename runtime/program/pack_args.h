/* SPDX-License-Identifier: Apache-2.0
 *
 * The glue between args (args.h) and the packer (pack.h): a launch fills
 * a pack_input from the resolved args, adds the kernels' XIP images, packs
 * once, and writes each core's unique args into its copy.
 */
#ifndef TTRT_PROGRAM_PACK_ARGS_H
#define TTRT_PROGRAM_PACK_ARGS_H

#include "program/args.h"
#include "program/pack.h"

/* CBs start 64-byte aligned, so a page can take a DRAM read. */
#define PACK_CB_ALIGN 64u

/* Places the program's CBs in L1 from the profile's data_buffer_base
 * (in->abi; NULL: built-in) upward in index order and fills local_cb and
 * local_cb_mask. -ENOSPC if they pass the end of L1. */
int pack_place_cbs(const struct prog_args *a, struct pack_input *in, char *err, size_t errlen);
/* Room for each kernel's unique args (the most any core gets), its common
 * args, the semaphores, the writer's NOC as brisc_noc_id, no remote CBs.
 * in points into a and r: keep them until packed. */
void pack_args_room(const struct prog_args *a, const struct prog_resolved *r,
		    struct pack_input *in);
/* Core number `core` (an index into prog_args.cores): its unique args in
 * pack_write_rta's order. */
void pack_core_args(const struct prog_resolved *r, uint32_t core,
		    const uint32_t *args[PACK_NUM_SLOTS], uint32_t n[PACK_NUM_SLOTS]);

#endif /* TTRT_PROGRAM_PACK_ARGS_H */
