/* SPDX-License-Identifier: Apache-2.0
 *
 * Moving bytes through TLB windows (reference/blackhole-abi.md §2.3-2.4).
 *
 * A transfer is cut at 2 MiB NOC-address boundaries; each piece goes
 * through the window its target hashes to, under that window's lock.
 * Copies are loops of aligned volatile 32-bit accesses, never memcpy (whose
 * wide or byte accesses a device mapping need not accept); a piece that
 * starts or ends inside a word reads the word, merges the bytes and writes
 * it back. Control transfers (at most KMD_CONTROL_MAX bytes) and every
 * write to a Tensix core use strict ordering, so a go message can never
 * overtake the kernel image and launch message written before it; bulk
 * DRAM traffic and bulk reads are relaxed, and each bulk piece written is
 * read back once (its last word, through UC) before its window is let go. Registers go one word at a
 * time through the UC mapping and the system table's register accessors.
 *
 * All ones is what a read through a window returns when the NOC does not
 * answer. A read that is nothing but 0xFF bytes is therefore checked with
 * a probe of a register that can never be all ones (probe_alive); if the
 * probe is all ones too, the read fails with EIO (possible NOC hang)
 * instead of handing out garbage.
 */
#include "kmd_internal.h"
#include "runtime_internal.h"
#include "tt/l1_map.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static void words_out(volatile uint8_t *dst, const uint8_t *src, size_t n)
{
	size_t mis = (uintptr_t)dst & 3u;
	volatile uint32_t *w = (volatile uint32_t *)(uintptr_t)(dst - mis);
	uint32_t v;

	if (mis) {                 /* head: merge into the word */
		size_t k = n < 4 - mis ? n : 4 - mis;
		v = *w;
		memcpy((uint8_t *)&v + mis, src, k);
		*w++ = v;
		src += k;
		n -= k;
	}
	for (; n >= 4; n -= 4, src += 4) {
		memcpy(&v, src, 4);
		*w++ = v;
	}
	if (n) {                   /* tail */
		v = *w;
		memcpy(&v, src, n);
		*w = v;
	}
}

static void words_in(uint8_t *dst, const volatile uint8_t *src, size_t n)
{
	size_t mis = (uintptr_t)src & 3u;
	const volatile uint32_t *w = (const volatile uint32_t *)(uintptr_t)(src - mis);
	uint32_t v;

	if (mis) {
		size_t k = n < 4 - mis ? n : 4 - mis;
		v = *w++;
		memcpy(dst, (uint8_t *)&v + mis, k);
		dst += k;
		n -= k;
	}
	for (; n >= 4; n -= 4, dst += 4) {
		v = *w++;
		memcpy(dst, &v, 4);
	}
	if (n) {
		v = *w;
		memcpy(dst, &v, n);
	}
}

static void log_failure(struct kmd_backend *kb, const struct kmd_target *t, int rc)
{
	fprintf(stderr, "ttfs: %s: CONFIGURE_TLB for %u-%u @0x%llx failed: %s\n", kb->path,
		t->x, t->y, (unsigned long long)t->base, strerror(-rc));
}

/* DRAM tiles have no registers there: their 4 GiB of memory reach up to
 * the top of the 32-bit range. */
static int is_register(struct ttrt_xy noc0, uint64_t addr, size_t len)
{
	return addr >= KMD_REG_BASE && addr + len <= 0x100000000ull && addr % 4 == 0 &&
	       len % 4 == 0 && ttrt_dram_bank_of_noc0(noc0) < 0;
}

/* One register word through the UC mapping. */
static int reg_io(struct kmd_backend *kb, struct ttrt_xy noc0, uint64_t addr, uint32_t *val,
		  int writing)
{
	struct kmd_target t = { .x = noc0.x, .y = noc0.y, .ordering = KMD_TLB_ORDER_STRICT };
	struct kmd_window *w;
	size_t off, n;
	int rc;

	kmd_window_piece(addr, 4, &t.base, &off, &n);
	rc = kmd_window_acquire(kb, &t, &w);
	if (rc) {
		log_failure(kb, &t, rc);
		return -EIO;
	}
	volatile uint32_t *p = (volatile uint32_t *)(uintptr_t)(w->uc + off);
	if (writing) {
		kb->sys->reg_write32(p, *val);
		kb->sys->write_barrier(p, 4);
	} else {
		*val = kb->sys->reg_read32(p);
	}
	kmd_window_release(w);
	return 0;
}

/* After a read of all ones: does the tile still answer? A Tensix tile's
 * NODE_ID says; a DRAM tile has no register to ask, so the ARC's boot
 * status stands for the NOC as a whole (reference §6.1: all ones there
 * means the NOC hung). */
static int probe_alive(struct kmd_backend *kb, struct ttrt_xy noc0, uint64_t addr)
{
	struct ttrt_xy arc = ttrt_arc_noc0();
	struct kmd_target t = { .x = arc.x, .y = arc.y, .ordering = KMD_TLB_ORDER_STRICT };
	struct kmd_window *w;
	uint32_t id = 0;
	size_t off, n;
	int rc = 0;

	if (ttrt_dram_bank_of_noc0(noc0) < 0) {
		rc = reg_io(kb, noc0, KMD_PROBE_NODE_ID, &id, 0);
	} else {
		kmd_window_piece(KMD_ARC_BOOT_STATUS, 4, &t.base, &off, &n);
		rc = kmd_window_acquire(kb, &t, &w);
		if (rc == 0) {
			id = *(volatile uint32_t *)(uintptr_t)(w->uc + off);
			kmd_window_release(w);
		}
	}

	if (rc)
		return rc;
	if (id != 0xFFFFFFFFu)
		return 0;
	fprintf(stderr,
		"ttfs: %s: reading %u-%u @0x%llx gave all ones and so does the probe "
		"register: possible NOC hang (EIO); `tt-smi -r` resets the card\n",
		kb->path, noc0.x, noc0.y, (unsigned long long)addr);
	return -EIO;
}

static int all_ones(const uint8_t *p, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (p[i] != 0xFF)
			return 0;
	return len >= 4;
}

static int registers(struct kmd_backend *kb, struct ttrt_xy noc0, uint64_t addr, uint8_t *buf,
		     size_t len, int writing)
{
	for (size_t i = 0; i < len; i += 4) {
		uint32_t v;
		int rc;

		if (writing)
			memcpy(&v, buf + i, 4);
		rc = reg_io(kb, noc0, addr + i, &v, writing);
		if (rc)
			return rc;
		if (writing)
			continue;
		memcpy(buf + i, &v, 4);
		if (v == 0xFFFFFFFFu && (addr + i == KMD_PROBE_NODE_ID ||
					 probe_alive(kb, noc0, addr + i)))
			return -EIO;
	}
	return 0;
}

static uint8_t ordering_of(struct ttrt_xy noc0, size_t len, int writing)
{
	int tensix = ttrt_tile_kind(noc0) == TTRT_TILE_TENSIX;

	if (len <= KMD_CONTROL_MAX || (writing && tensix))
		return KMD_TLB_ORDER_STRICT;
	return KMD_TLB_ORDER_RELAXED;
}

static int memory(struct kmd_backend *kb, struct ttrt_xy noc0, uint64_t addr, uint8_t *buf,
		  size_t len, int writing)
{
	struct kmd_target t = { .x = noc0.x, .y = noc0.y,
				.ordering = ordering_of(noc0, len, writing) };
	int control = len <= KMD_CONTROL_MAX;
	uint8_t *p = buf;
	uint64_t a = addr;
	size_t left = len;

	while (left > 0) {
		struct kmd_window *w;
		size_t off, n;
		int rc;

		kmd_window_piece(a, left, &t.base, &off, &n);
		rc = kmd_window_acquire(kb, &t, &w);
		if (rc) {
			log_failure(kb, &t, rc);
			return -EIO;
		}
		volatile uint8_t *win = (control ? w->uc : w->wc) + off;
		if (writing) {
			words_out(win, p, n);
			kb->sys->write_barrier(win, n);
			/* Bulk went through WC with relaxed ordering: read the
			 * piece's last word back through UC before the window is
			 * let go. A PCIe read does not pass the writes before it,
			 * so when it returns they have left the host. */
			if (!control)
				(void)*(volatile uint32_t *)(uintptr_t)(w->uc + ((off + n - 1) & ~(size_t)3));
		} else {
			words_in(p, win, n);
		}
		kmd_window_release(w);
		p += n;
		a += n;
		left -= n;
	}
	if (!writing && all_ones(buf, len))
		return probe_alive(kb, noc0, addr);
	return 0;
}

/* Register space other than whole aligned words: nothing a card takes. */
static int bad_register_access(struct ttrt_xy noc0, uint64_t addr, size_t len)
{
	return addr + len > KMD_REG_BASE && addr < 0x100000000ull &&
	       ttrt_dram_bank_of_noc0(noc0) < 0 && !is_register(noc0, addr, len);
}

int kmd_read(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr, void *buf, size_t len)
{
	struct kmd_backend *kb = to_kmd(be);

	if (is_register(noc0, addr, len))
		return registers(kb, noc0, addr, buf, len, 0);
	if (bad_register_access(noc0, addr, len))
		return -EINVAL;
	return memory(kb, noc0, addr, buf, len, 0);
}

int kmd_write(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr, const void *buf,
	      size_t len)
{
	struct kmd_backend *kb = to_kmd(be);
	uint8_t *p = (uint8_t *)(uintptr_t)buf;   /* only read from */

	if (is_register(noc0, addr, len))
		return registers(kb, noc0, addr, p, len, 1);
	if (bad_register_access(noc0, addr, len))
		return -EINVAL;
	return memory(kb, noc0, addr, p, len, 1);
}

/* What the host can see of a core without a debugger: which RISCs the
 * soft-reset register holds. A RISC out of reset is running something,
 * firmware or kernel; its PC needs the debug interface (not read here). */
int kmd_risc_states(struct ttrt_backend *be, struct ttrt_xy noc0,
		    enum ttrt_risc_state states[5], uint32_t pcs[5])
{
	static const uint32_t bits[5] = { TT_SOFT_RESET_BRISC, TT_SOFT_RESET_NCRISC,
					  TT_SOFT_RESET_TRISC0, TT_SOFT_RESET_TRISC1,
					  TT_SOFT_RESET_TRISC2 };
	uint32_t v;
	int rc = kmd_read(be, noc0, TT_RISCV_SOFT_RESET_0, &v, 4);

	if (rc)
		return rc;
	for (int i = 0; i < 5; i++) {
		states[i] = (v & bits[i]) ? TTRT_RISC_RESET : TTRT_RISC_UNKNOWN;
		pcs[i] = 0;
	}
	return 0;
}
