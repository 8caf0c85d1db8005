/* SPDX-License-Identifier: Apache-2.0
 *
 * CB placement (cb_place.h): a high-water mark per core of the program;
 * a section starts above the highest mark among its cores and raises the
 * marks of all of them, so no two CBs of a core overlap and every
 * section has one address.
 */
#include "program/args/cb_place.h"

#include <errno.h>
#include <stdlib.h>

/* The core's position in the program's list (a section's cores are a
 * subset of it). */
static uint32_t core_slot(const struct prog_args *a, struct ttrt_xy c)
{
	for (uint32_t i = 0; i < a->n_cores; i++)
		if (a->cores[i].x == c.x && a->cores[i].y == c.y)
			return i;
	return 0;
}

int prog_cb_place(const struct prog_args *a, uint32_t base, uint32_t end,
		  const struct prog_cb_fixed *fixed, uint32_t *addr, struct prog_cb_overflow *why)
{
	uint64_t *mark = calloc(a->n_cores ? a->n_cores : 1, sizeof(*mark));

	if (!mark)
		return -ENOMEM;
	for (uint32_t i = 0; i < a->n_cores; i++)
		mark[i] = base;
	for (uint32_t s = 0; s < a->n_cbs; s++) {
		const struct prog_cb *cb = &a->cb[s];
		uint64_t at = base;

		if (fixed && fixed[s].fixed) {
			addr[s] = fixed[s].addr;
			continue;
		}
		for (uint32_t c = 0; c < cb->cores.n; c++) {
			uint64_t m = mark[core_slot(a, cb->cores.v[c])];

			if (m > at)
				at = m;
		}
		at = (at + PROG_CB_ALIGN - 1) / PROG_CB_ALIGN * PROG_CB_ALIGN;
		for (uint32_t c = 0; c < cb->cores.n; c++) {
			if (at + cb->size > end) {
				*why = (struct prog_cb_overflow){ s, cb->cores.v[c], at + cb->size };
				free(mark);
				return -ENOSPC;
			}
			mark[core_slot(a, cb->cores.v[c])] = at + cb->size;
		}
		addr[s] = (uint32_t)at;
	}
	free(mark);
	return 0;
}
