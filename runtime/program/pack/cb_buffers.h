/* SPDX-License-Identifier: Apache-2.0
 *
 * A program's CBs and the L1 buffers (runtime/buffer/): both live in the
 * kernels' L1 of the same cores, CBs from the bottom up, L1 buffers from
 * the top down, as in tt-metal.
 */
#ifndef TTRT_PROGRAM_CB_BUFFERS_H
#define TTRT_PROGRAM_CB_BUFFERS_H

#include "program/pack/pack_args.h"
#include "ttrt.h"

/* Whether the CBs placed in pk stay clear of every L1 buffer on each of
 * their cores: 0, or -ENOSPC with "[cb.N] (0xLO..0xHI) on core X,Y
 * overlaps L1 buffer 'NAME' (0xLO..0xHI)" in err (tt-metal: "Statically
 * allocated circular buffers ... clash with L1 buffers"). */
int prog_cbs_clear_of_l1_buffers(struct ttrt_device *dev, const struct prog_packed *pk, char *err,
				 size_t errlen);

#endif /* TTRT_PROGRAM_CB_BUFFERS_H */
