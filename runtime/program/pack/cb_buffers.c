/* SPDX-License-Identifier: Apache-2.0
 *
 * A program's CBs against the L1 buffers: each CB's range on each of its
 * cores is checked with the buffer space (ttrt_l1_buffer_overlap), which
 * knows which cores each L1 buffer covers, so a sharded buffer on other
 * cores never stands in a CB's way. A CB on a buffer (`buffer = NAME`) is
 * inside that buffer's range, and nobody else's.
 */
#include "program/pack/cb_buffers.h"
#include "runtime_internal.h"

#include <errno.h>

int prog_cbs_clear_of_l1_buffers(struct ttrt_device *dev, const struct prog_packed *pk, char *err,
				 size_t errlen)
{
	for (uint32_t s = 0; s < pk->a->n_cbs; s++) {
		const struct prog_cb *cb = &pk->a->cb[s];
		uint64_t lo = pk->cb_addr[s], hi = lo + cb->size, buf_lo, buf_hi;

		if (pk->r->cb_fixed && pk->r->cb_fixed[s].fixed)
			continue;   /* its memory is its L1 buffer's, by design */

		for (uint32_t c = 0; c < cb->cores.n && cb->size; c++) {
			char name[TTRT_BUFFER_NAME_MAX + 1], section[80];

			if (!ttrt_l1_buffer_overlap(dev, cb->cores.v[c], lo, hi, name, sizeof(name),
						    &buf_lo, &buf_hi))
				continue;
			ttrt_set_err(err, errlen,
				     "%s (0x%llx..0x%llx) on core %u,%u overlaps L1 buffer '%s' "
				     "(0x%llx..0x%llx)", prog_cb_name(cb, section, sizeof(section)),
				     (unsigned long long)lo, (unsigned long long)hi, cb->cores.v[c].x,
				     cb->cores.v[c].y, name, (unsigned long long)buf_lo,
				     (unsigned long long)buf_hi);
			return -ENOSPC;
		}
	}
	return 0;
}
