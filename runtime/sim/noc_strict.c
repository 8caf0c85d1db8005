/* SPDX-License-Identifier: Apache-2.0
 *
 * Strict NOC mode: transfers in flight until the issuing RISC's barrier
 * (noc_strict.h). Runs on the issuing core's thread only.
 */
#include "noc_strict.h"
#include "core.h"
#include "noc_internal.h"

#include <stdlib.h>
#include <string.h>

struct strict_xfer {
	struct noc_endpoint dst;
	enum sim_noc_kind kind;
	int noc;
	uint64_t issued_at;      /* the hart's retired count at its slice's start */
	size_t len;
	uint8_t *data;           /* the source as it was at the issue */
};

struct sim_noc_strict {
	struct strict_xfer *x;
	size_t n, cap;
};

static struct noc_endpoint bytes_at(uint8_t *p)
{
	return (struct noc_endpoint){ .mem = p, .bank = -1 };
}

/* The poison of len bytes at the destination's address, word-aligned. */
static void fill_poison(uint8_t *p, size_t len, const struct noc_endpoint *dst)
{
	uint64_t base = dst->bank >= 0 ? dst->addr : (uint64_t)(dst->mem - dst->core->l1);
	uint32_t word = SIM_NOC_POISON;
	uint8_t pattern[4];

	memcpy(pattern, &word, 4);   /* host and RISC are both little-endian */
	for (size_t i = 0; i < len; i++)
		p[i] = pattern[(base + i) & 3];
}

static struct sim_noc_strict *room(struct sim_noc_track *t)
{
	struct sim_noc_strict *s = t->strict;
	struct strict_xfer *x;

	if (!s) {
		s = t->strict = calloc(1, sizeof(*s));
		if (!s)
			return NULL;
	}
	if (s->n < s->cap)
		return s;
	x = realloc(s->x, (s->cap ? 2 * s->cap : 16) * sizeof(*x));
	if (!x)
		return NULL;
	s->x = x;
	s->cap = s->cap ? 2 * s->cap : 16;
	return s;
}

bool sim_noc_strict_defer(struct sim_core *core, int hart, int noc, enum sim_noc_kind kind,
			  const struct noc_endpoint *dst, const struct noc_endpoint *src,
			  size_t len)
{
	struct sim_hart_slot *slot = &core->harts[hart];
	struct sim_noc_strict *s;
	struct noc_endpoint copy, to = *dst;
	uint8_t *data;

	if (!atomic_load_explicit(&core->noc_strict, memory_order_relaxed) ||
	    (!dst->mem && dst->bank < 0))
		return false;
	/* Without memory the transfer simply lands now. */
	s = room(&slot->track);
	data = s ? malloc(2 * len) : NULL;
	if (!data)
		return false;
	copy = bytes_at(data);
	sim_noc_deliver(core->chip, &copy, src, len);
	fill_poison(data + len, len, dst);
	copy = bytes_at(data + len);
	sim_noc_deliver(core->chip, &to, &copy, len);
	s->x[s->n++] = (struct strict_xfer){ *dst, kind, noc, slot->hart.retired, len, data };
	return true;
}

static void land(struct sim_core *core, struct strict_xfer *x)
{
	struct noc_endpoint from = bytes_at(x->data);

	sim_noc_deliver(core->chip, &x->dst, &from, x->len);
	free(x->data);
}

/* Lands the transfers for which pick says so, oldest first; how many. */
static size_t land_where(struct sim_core *core, int hart,
			 bool (*pick)(const struct strict_xfer *, const void *), const void *arg)
{
	struct sim_noc_strict *s = core->harts[hart].track.strict;
	size_t kept = 0, n;

	if (!s || !s->n)
		return 0;
	n = s->n;
	for (size_t i = 0; i < n; i++) {
		if (pick(&s->x[i], arg))
			land(core, &s->x[i]);
		else
			s->x[kept++] = s->x[i];
	}
	s->n = kept;
	return n - kept;
}

struct kind_on_noc {
	enum sim_noc_kind kind;
	int noc;
};

static bool same_kind(const struct strict_xfer *x, const void *arg)
{
	const struct kind_on_noc *k = arg;

	return x->kind == k->kind && x->noc == k->noc;
}

static bool any(const struct strict_xfer *x, const void *arg)
{
	(void)x;
	(void)arg;
	return true;
}

static bool due(const struct strict_xfer *x, const void *arg)
{
	return x->issued_at + SIM_NOC_STRICT_DELAY <= *(const uint64_t *)arg;
}

void sim_noc_strict_land(struct sim_core *core, int hart, int noc, enum sim_noc_kind kind)
{
	struct kind_on_noc k = { kind, noc };

	land_where(core, hart, same_kind, &k);
}

bool sim_noc_strict_land_all(struct sim_core *core, int hart)
{
	return land_where(core, hart, any, NULL) > 0;
}

bool sim_noc_strict_land_due(struct sim_core *core, int hart)
{
	uint64_t now = core->harts[hart].hart.retired;

	return land_where(core, hart, due, &now) > 0;
}

void sim_noc_strict_free(struct sim_noc_strict *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++)
		free(s->x[i].data);
	free(s->x);
	free(s);
}
