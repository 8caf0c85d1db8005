/* SPDX-License-Identifier: Apache-2.0
 *
 * The code table (pc_source.h): per core and RISC, the kernel ELF a
 * launch placed there and where. A lookup takes a reference on the ELF
 * under the table's lock and reads its debug info outside it, so a new
 * launch on the core never waits for a lookup, and the ELF outlives a
 * rebuild or the removal of its program while a lookup uses it.
 */
#include "debug/pc_source.h"
#include "debug/srcline.h"
#include "runtime_internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct code_slot {
	struct srcline_elf *lines;   /* NULL: nothing known */
	uint32_t load, link, size;
};

struct ttrt_code_table {
	pthread_mutex_t lock;
	struct code_slot slot[TTRT_NUM_TENSIX][TTRT_NUM_RISCS];
	/* The firmware of each RISC, made at the first PC not in a
	 * kernel: linked where it runs, the same on every core. */
	struct srcline_elf *fw[TTRT_NUM_RISCS];
	bool fw_tried[TTRT_NUM_RISCS];
};

int ttrt_code_table_create(struct ttrt_code_table **out)
{
	struct ttrt_code_table *t = calloc(1, sizeof(*t));
	int rc;

	if (!t)
		return -ENOMEM;
	rc = pthread_mutex_init(&t->lock, NULL);
	if (rc) {
		free(t);
		return -rc;
	}
	*out = t;
	return 0;
}

static void slot_clear(struct code_slot *s)
{
	srcline_elf_put(s->lines);
	*s = (struct code_slot){ 0 };
}

void ttrt_code_table_destroy(struct ttrt_code_table *t)
{
	if (!t)
		return;
	for (int c = 0; c < TTRT_NUM_TENSIX; c++)
		for (int r = 0; r < TTRT_NUM_RISCS; r++)
			slot_clear(&t->slot[c][r]);
	for (int r = 0; r < TTRT_NUM_RISCS; r++)
		srcline_elf_put(t->fw[r]);
	pthread_mutex_destroy(&t->lock);
	free(t);
}

static struct code_slot *slot_of(struct ttrt_code_table *t, struct ttrt_xy core, int risc)
{
	int idx = ttrt_core_index(core);

	if (!t || idx < 0 || risc < 0 || risc >= TTRT_NUM_RISCS)
		return NULL;
	return &t->slot[idx][risc];
}

void ttrt_code_set(struct ttrt_device *dev, struct ttrt_xy core, int risc,
		   struct srcline_elf *lines, uint32_t load, uint32_t link, uint32_t size)
{
	struct ttrt_code_table *t = dev->code;
	struct code_slot *s = slot_of(t, core, risc), old;

	if (!s)
		return;
	srcline_elf_get(lines);
	pthread_mutex_lock(&t->lock);
	old = *s;
	*s = (struct code_slot){ lines, load, link, size };
	pthread_mutex_unlock(&t->lock);
	srcline_elf_put(old.lines);
}

void ttrt_code_forget(struct ttrt_device *dev, struct ttrt_xy core)
{
	struct code_slot old[TTRT_NUM_RISCS];
	struct ttrt_code_table *t = dev->code;
	struct code_slot *s = slot_of(t, core, 0);

	if (!s)
		return;
	pthread_mutex_lock(&t->lock);
	for (int r = 0; r < TTRT_NUM_RISCS; r++) {
		old[r] = s[r];
		s[r] = (struct code_slot){ 0 };
	}
	pthread_mutex_unlock(&t->lock);
	for (int r = 0; r < TTRT_NUM_RISCS; r++)
		srcline_elf_put(old[r].lines);
}

void ttrt_code_forget_all(struct ttrt_device *dev)
{
	for (int c = 0; c < TTRT_NUM_TENSIX; c++)
		ttrt_code_forget(dev, ttrt_core_logical(c));
}

/* The firmware of the RISC, a reference, from the bytes the device
 * loaded it from; NULL where none is loaded. */
static struct srcline_elf *firmware_lines(struct ttrt_device *dev, int risc)
{
	struct ttrt_code_table *t = dev->code;
	struct srcline_elf *lines;

	pthread_mutex_lock(&t->lock);
	if (!t->fw_tried[risc] && dev->firmware_loaded) {
		const struct fw_image *img = &dev->firmware[risc];

		t->fw_tried[risc] = true;
		t->fw[risc] = srcline_elf_new(img->elf, img->elf_len);
	}
	lines = t->fw[risc];
	srcline_elf_get(lines);
	pthread_mutex_unlock(&t->lock);
	return lines;
}

/* The code at pc is still the ELF's: neither the host (a launch written
 * into L1 by hand) nor a kernel wrote over it since it was placed.
 * Otherwise its lines would name code that is not there. */
static int still_there(struct ttrt_device *dev, struct ttrt_xy core, uint32_t pc,
		       struct srcline_elf *lines, uint64_t addr)
{
	uint8_t now[4];
	int rc = ttrt_l1_read(dev, core, pc, now, sizeof(now));

	if (rc)
		return rc;
	return srcline_code_matches(lines, addr, now, sizeof(now)) == 1 ? 0 : -ENOENT;
}

/* The slot's code, a reference, if it holds pc. */
static bool code_at(struct ttrt_code_table *t, struct code_slot *s, uint32_t pc,
		    struct code_slot *found)
{
	bool hit;

	pthread_mutex_lock(&t->lock);
	hit = s->lines && pc - s->load < s->size;
	if (hit) {
		*found = *s;
		srcline_elf_get(found->lines);
	}
	pthread_mutex_unlock(&t->lock);
	return hit;
}

/* Whose memory a lookup reads for an argument's value. */
struct risc_memory {
	struct ttrt_device *dev;
	struct ttrt_xy core;
	int risc;
};

/* srcline_state.read: L1, or the RISC's local memory (which reads whole
 * aligned words). */
static int read_risc_memory(void *ctx, uint64_t addr, void *buf, size_t len)
{
	const struct risc_memory *m = ctx;
	uint32_t lo = (uint32_t)addr & ~3u, words[3];
	size_t span = ((uint32_t)addr - lo + len + 3) & ~(size_t)3;
	int rc;

	if (addr > UINT32_MAX || len > 8)
		return -EINVAL;
	if (addr < TTRT_L1_SIZE)
		return ttrt_l1_read(m->dev, m->core, (uint32_t)addr, buf, len);
	rc = ttrt_risc_local_read(m->dev, m->core, m->risc, lo, words, span);
	if (rc == 0)
		memcpy(buf, (uint8_t *)words + ((uint32_t)addr - lo), len);
	return rc;
}

int ttrt_pc_where(struct ttrt_device *dev, struct ttrt_xy core, int risc,
		  const struct ttrt_risc_detail *d, char *buf, size_t len)
{
	struct risc_memory mem = { dev, core, risc };
	struct srcline_state st = { .read = read_risc_memory, .ctx = &mem };
	struct ttrt_code_table *t = dev->code;
	struct code_slot *s = slot_of(t, core, risc), found = { 0 };
	uint64_t caller = 0;
	int rc;

	if (len)
		buf[0] = '\0';
	if (!s)
		return -ENOENT;
	if (!code_at(t, s, d->pc, &found)) {
		/* Not in a kernel: in the firmware, linked where it runs. */
		found.lines = firmware_lines(dev, risc);
		found.load = found.link = 0;
		found.size = UINT32_MAX;
	}
	if (!found.lines)
		return -ENOENT;
	/* ra - 1 is inside the call that made it, if it is in the same code. */
	if (d->ra && d->ra - 1 - found.load < found.size)
		caller = (uint64_t)(d->ra - 1 - found.load) + found.link;
	/* The registers say what the arguments are only where the RISC
	 * stands still at pc: a running one's would be of another moment. */
	if (d->regs_known && d->state != TTRT_RISC_RUNNING)
		st.x = d->x;
	st.bias = (int64_t)found.load - (int64_t)found.link;
	rc = still_there(dev, core, d->pc, found.lines, (uint64_t)(d->pc - found.load) + found.link);
	if (rc == 0)
		rc = srcline_where_at(found.lines, (uint64_t)(d->pc - found.load) + found.link, caller,
				      &st, buf, len);
	srcline_elf_put(found.lines);
	return rc;
}

const char *ttrt_pc_text(struct ttrt_device *dev, struct ttrt_xy core, int risc,
			 const struct ttrt_risc_detail *d, char *buf, size_t len)
{
	char where[TTRT_PC_TEXT_MAX - 16];

	if (ttrt_pc_where(dev, core, risc, d, where, sizeof(where)) == 0)
		snprintf(buf, len, "pc 0x%08x (%s)", d->pc, where);
	else
		snprintf(buf, len, "pc 0x%08x", d->pc);
	return buf;
}

/* The 8 hex digits at s, or -1. */
static int64_t hex8(const char *s)
{
	uint32_t v = 0;

	for (int i = 0; i < 8; i++) {
		int c = s[i], d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;

		if (d < 0)
			return -1;
		v = v << 4 | (uint32_t)d;
	}
	return v;
}

void ttrt_pc_annotate(struct ttrt_device *dev, struct ttrt_xy core, int risc, uint32_t shown,
		      char *text, size_t size)
{
	char *out = malloc(size), where[TTRT_PC_TEXT_MAX];
	size_t used = 0;
	const char *p = text;

	if (!out || !size) {
		free(out);
		return;
	}
	while (*p && used + 1 < size) {
		const char *hit = strstr(p, "pc 0x");
		int64_t pc = hit ? hex8(hit + 5) : -1;
		size_t upto = hit ? (size_t)(hit - p) + (pc >= 0 ? 13 : 5) : strlen(p);
		struct ttrt_risc_detail d = { .pc = (uint32_t)pc };

		used += (size_t)snprintf(out + used, size - used, "%.*s", (int)upto, p);
		p += upto;
		if (used >= size)
			break;
		/* Already placed, or the PC the text is about. */
		if (pc < 0 || (uint32_t)pc == shown || !strncmp(p, " (", 2))
			continue;
		if (ttrt_pc_where(dev, core, risc, &d, where, sizeof(where)) == 0)
			used += (size_t)snprintf(out + used, size - used, " (%s)", where);
	}
	if (used >= size)
		used = size - 1;
	out[used] = '\0';
	memcpy(text, out, used + 1);
	free(out);
}
