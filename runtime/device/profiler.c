/* SPDX-License-Identifier: Apache-2.0
 *
 * The device profiler's buffers in L1, read and cleared by the host
 * (device/profiler.h).
 */
#include "device/profiler.h"
#include "runtime_internal.h"
#include "tt/profiler_abi.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int prof_clear(struct ttrt_device *dev, struct ttrt_xy core)
{
	static const uint32_t zero;
	int rc = 0;

	for (int risc = 0; rc == 0 && risc < TT_NUM_PROCESSORS; risc++)
		rc = ttrt_l1_write(dev, core, TT_PROFILER_BUF(risc), &zero, sizeof(zero));
	return rc;
}

/* The text at a record's `where`: the kernel's own string in its image,
 * still in L1 after the run. What is not a NUL-terminated string inside
 * L1 shows as "?". */
static void read_where(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr,
		       char out[PROF_WHERE_MAX])
{
	out[0] = '\0';
	if (addr != 0 && ttrt_l1_string(dev, core, addr, out, PROF_WHERE_MAX) != 0)
		strcpy(out, "?");
}

/* A 32-bit low half after `prev`: the value only grows, so a smaller low
 * half means its high half moved on. */
static uint64_t extend(uint64_t prev, uint32_t lo)
{
	uint64_t v = (prev & ~0xFFFFFFFFull) | lo;

	return v < prev ? v + (1ull << 32) : v;
}

int prof_read(struct ttrt_device *dev, struct ttrt_xy core, int risc, struct prof_record **out,
	      uint32_t *n, uint32_t *dropped)
{
	struct tt_profiler_buf *buf;
	struct prof_record *recs = NULL;
	uint64_t instret, clock;
	uint32_t count, k = 0;
	int rc;

	*out = NULL;
	*n = 0;
	*dropped = 0;
	if (risc < 0 || risc >= TT_NUM_PROCESSORS)
		return -EINVAL;
	buf = malloc(sizeof(*buf));
	if (!buf)
		return -ENOMEM;
	rc = ttrt_l1_read(dev, core, TT_PROFILER_BUF(risc), buf, sizeof(*buf));
	if (rc || buf->magic != TT_PROFILER_MAGIC)
		goto out;
	count = buf->count < TT_PROFILER_RECORDS ? buf->count : TT_PROFILER_RECORDS;
	*dropped = buf->dropped;
	recs = count ? calloc(count, sizeof(*recs)) : NULL;
	if (count && !recs) {
		rc = -ENOMEM;
		goto out;
	}
	instret = (uint64_t)buf->instret_hi << 32;
	clock = (uint64_t)buf->clock_hi << 32;
	for (uint32_t i = 0; i < count; i++) {
		const struct tt_profiler_record *r = &buf->rec[i];
		struct prof_record *p = &recs[k];

		if ((r->info & 0xFFu) == TT_PROFILER_DATA) {
			if (k > 0 && recs[k - 1].type == TT_PROFILER_TS_DATA)
				recs[k - 1].data = (uint64_t)r->clock << 32 | r->instret;
			continue;
		}
		p->type = r->info & 0xFFu;
		p->event = r->info >> 16;
		p->instret = instret = extend(instret, r->instret);
		p->clock = clock = extend(clock, r->clock);
		read_where(dev, core, r->where, p->where);
		k++;
	}
	*out = recs;
	*n = k;
	recs = NULL;
out:
	free(recs);
	free(buf);
	return rc;
}
