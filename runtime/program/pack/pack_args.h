/* SPDX-License-Identifier: Apache-2.0
 *
 * The glue between args (args.h) and the packer (pack.h): from the
 * resolved args, the kernel groups (kernel_groups.h) and the kernels' XIP
 * images, the program's kernel-config images, one per group, packed once;
 * then each core's bytes: its group's image with its own unique args, CB
 * configs and semaphores.
 */
#ifndef TTRT_PROGRAM_PACK_ARGS_H
#define TTRT_PROGRAM_PACK_ARGS_H

#include "program/args/args.h"
#include "program/args/cb_place.h"
#include "program/args/kernel_groups.h"
#include "program/pack/pack.h"

/* A program packed. It points into the args, resolved args and plan it
 * was packed from: keep them until it is freed. */
struct prog_packed {
	const struct prog_args *a;
	const struct prog_resolved *r;
	const struct prog_plan *plan;
	struct pack_program_out out;
	uint32_t *cb_addr;            /* [a->n_cbs]: each section's address */
	uint32_t n_semaphores;        /* the highest id + 1 */
};

/* What to pack with: images[k * PACK_NUM_RISCS + risc] is kernel k's
 * image for that RISC (NULL if it does not run there); abi NULL: the
 * built-in profile; fixed (NULL: none) the sections whose memory is
 * given (cb_place.h). */
struct prog_pack_input {
	const struct ttrt_abi *abi;
	const struct pack_xip *const *images;
	const struct prog_cb_fixed *fixed;
	uint32_t host_assigned_id;
};

/* Places the CBs (-ENOSPC if they pass the end of L1) and packs every
 * group. 0, -EINVAL, -ENOSPC or -ENOMEM, the reason in err. */
int prog_pack(const struct prog_args *a, const struct prog_resolved *r,
	      const struct prog_plan *plan, const struct prog_pack_input *in,
	      struct prog_packed *out, char *err, size_t errlen);
/* The plan's core c (an index into plan->core): its launch message, and
 * its kernel-config bytes written into buf (pk->out.size bytes at
 * least), *size of them. 0 or -EINVAL. */
int prog_packed_core(const struct prog_packed *pk, uint32_t c, uint8_t *buf, uint32_t *size,
		     const struct ttrt_launch **launch);
/* Core core's (an index into prog_args.cores) CB configs: entries[i] for
 * CB index i, zero for a CB it does not have; the mask of those it has. */
uint64_t prog_packed_cbs(const struct prog_packed *pk, uint32_t core,
			 struct tt_local_cb_config entries[PROG_NUM_CBS]);
void prog_packed_free(struct prog_packed *pk);

#endif /* TTRT_PROGRAM_PACK_ARGS_H */
