/* SPDX-License-Identifier: Apache-2.0
 *
 * The host side of DPRINT: the text a RISC's kernels left in its ring in
 * L1 (tt/dprint_abi.h; the kernel SDK writes it, runtime/kernel/api/debug).
 */
#include "ttrt.h"
#include "tt/dprint_abi.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int read_ring(struct ttrt_device *dev, struct ttrt_xy core, int risc,
		     struct tt_dprint_ring *ring)
{
	if (risc < 0 || risc >= TT_NUM_PROCESSORS)
		return -EINVAL;
	return ttrt_l1_read(dev, core, TT_DPRINT_RING(risc), ring, sizeof(*ring));
}

/* A ring the kernels never printed into (or one the host cleared) is empty. */
static int ring_in_use(const struct tt_dprint_ring *ring)
{
	return ring->magic == TT_DPRINT_MAGIC && ring->size == TT_DPRINT_DATA_SIZE;
}

int ttrt_dprint_read(struct ttrt_device *dev, struct ttrt_xy core, int risc, char **out,
		     size_t *len, uint32_t *lost)
{
	struct tt_dprint_ring *ring = malloc(sizeof(*ring));
	uint32_t from, n = 0;
	int rc;

	*out = NULL;
	*len = 0;
	*lost = 0;
	if (!ring)
		return -ENOMEM;
	rc = read_ring(dev, core, risc, ring);
	if (rc)
		goto out;
	if (ring_in_use(ring))
		n = ring->wpos - ring->rpos;   /* both count modulo 2^32 */
	from = ring->rpos;
	if (n > TT_DPRINT_DATA_SIZE) {   /* the kernel lapped the host */
		*lost = n - TT_DPRINT_DATA_SIZE;
		from = ring->wpos - TT_DPRINT_DATA_SIZE;
		n = TT_DPRINT_DATA_SIZE;
	}
	*out = malloc(n + 1);
	if (!*out) {
		rc = -ENOMEM;
		goto out;
	}
	for (uint32_t i = 0; i < n; i++)
		(*out)[i] = (char)ring->data[(from + i) % TT_DPRINT_DATA_SIZE];
	(*out)[n] = '\0';
	*len = n;
out:
	free(ring);
	return rc;
}

int ttrt_dprint_consume(struct ttrt_device *dev, struct ttrt_xy core, int risc)
{
	struct tt_dprint_ring ring;
	int rc = read_ring(dev, core, risc, &ring);

	if (rc || !ring_in_use(&ring))
		return rc;
	return ttrt_l1_write(dev, core, TT_DPRINT_RING(risc) + offsetof(struct tt_dprint_ring, rpos),
			     &ring.wpos, sizeof(ring.wpos));
}
