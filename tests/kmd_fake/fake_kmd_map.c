/* SPDX-License-Identifier: Apache-2.0
 *
 * TLB window mappings of the simulated tt-kmd. A window's mmap offset is
 * (6 << 36) + id * 2 MiB for UC, (7 << 36) + ... for WC, exactly as
 * tt-kmd hands them out; mapping it gives an address range the fake
 * remembers, and every CONFIGURE_TLB maps the configured target's bytes
 * over it (MAP_FIXED), so the range always shows what the window points
 * at:
 *   Tensix L1 (address 0)       the core's 1.5 MiB of the chip's memfd,
 *                               then 0.5 MiB of nothing
 *   registers (0xFF000000 up)   PROT_NONE: only the register accessors
 *                               reach them, and a plain load faults
 *   DRAM bank, address A        the bank's 2 MiB at A in the memfd; those
 *                               granules count as written for the
 *                               simulator's sparse-DRAM bitmap
 *   ARC 0x80000000, 0x10000000  reset unit scratch, CSM telemetry
 *   a tile set to read all ones a private copy of a 2 MiB page of 0xFF
 *   anything else               a shared scratch region ("nothing")
 */
#include "fake_kmd_internal.h"
#include "sim/sched.h"

#include <errno.h>
#include <stdatomic.h>
#include <sys/mman.h>

enum target_kind { T_FILE, T_ONES, T_REGS };

struct target {
	enum target_kind kind;
	uint64_t off;          /* in the memfd */
	uint64_t len;          /* of file-backed bytes; the rest is void */
};

static struct sim_core *core_of(unsigned x, unsigned y)
{
	struct ttrt_xy noc0 = { (uint8_t)x, (uint8_t)y }, logical;

	if (!fake.chip || x > 0xFF || y > 0xFF || ttrt_noc0_to_logical(noc0, &logical))
		return NULL;
	return &fake.chip->cores[ttrt_core_index(logical)];
}

static int dram_bank_of(unsigned x, unsigned y)
{
	struct ttrt_xy noc0 = { (uint8_t)x, (uint8_t)y };

	return x > 0xFF || y > 0xFF ? -1 : ttrt_dram_bank_of_noc0(noc0);
}

static void mark_dram_written(int bank, uint64_t addr, uint64_t len)
{
	while (len > 0) {
		uint8_t *p;
		size_t n = sim_dram_write_span(&fake.chip->dram, bank, addr, len, &p);

		addr += n;
		len -= n;
	}
}

static struct target resolve(const struct kmd_noc_tlb_config *c)
{
	struct target t = { T_FILE, FAKE_OFF_VOID, FAKE_REGION };
	struct sim_core *core = core_of(c->x_end, c->y_end);
	int bank = dram_bank_of(c->x_end, c->y_end);

	int regs = bank < 0 && c->addr >= 0xFF000000ull && c->addr < 0x100000000ull;

	if ((int)c->x_end == fake.ones_x && (int)c->y_end == fake.ones_y) {
		t.kind = regs ? T_REGS : T_ONES;
	} else if (regs) {
		t.kind = T_REGS;
	} else if (core) {
		if (c->addr == 0) {
			t.off = FAKE_OFF_L1 + (uint64_t)core->index * TTRT_L1_SIZE;
			t.len = TTRT_L1_SIZE;
		}
	} else if (bank >= 0) {
		uint64_t size = fake.chip->dram.bank_size;
		if (c->addr < size) {
			t.off = FAKE_OFF_DRAM + sim_dram_offset(&fake.chip->dram, bank, c->addr);
			t.len = size - c->addr < FAKE_REGION ? (size - c->addr + 4095) / 4096 * 4096
							     : FAKE_REGION;
			mark_dram_written(bank, c->addr, size - c->addr < FAKE_REGION
								  ? size - c->addr
								  : FAKE_REGION);
		}
	} else if (c->x_end == 8 && c->y_end == 0) {
		if (c->addr == 0x80000000ull)
			t.off = FAKE_OFF_ARC;
		else if (c->addr == 0x10000000ull)
			t.off = FAKE_OFF_CSM;
	}
	return t;
}

static int map_fixed(void *addr, size_t len, int prot, int flags, uint64_t off)
{
	void *p = mmap(addr, len, prot, flags | MAP_FIXED, flags & MAP_ANONYMOUS ? -1 : fake.memfd,
		       (off_t)off);

	return p == MAP_FAILED ? -errno : 0;
}

static int map_target(const struct fake_vma *v, const struct target *t)
{
	const int rw = PROT_READ | PROT_WRITE;
	size_t head = t->len < v->len ? (size_t)t->len : v->len;
	int rc;

	switch (t->kind) {
	case T_REGS:
		return map_fixed(v->addr, v->len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, 0);
	case T_ONES:
		return map_fixed(v->addr, v->len, rw, MAP_PRIVATE, FAKE_OFF_ONES);
	case T_FILE:
		break;
	}
	rc = map_fixed(v->addr, head, rw, MAP_SHARED, t->off);
	if (rc == 0 && head < v->len)
		rc = map_fixed((uint8_t *)v->addr + head, v->len - head, rw, MAP_SHARED,
			       FAKE_OFF_VOID);
	return rc;
}

int fake_remap_window(struct fake_window *w)
{
	struct kmd_noc_tlb_config unconfigured = { 0 };
	struct target t = resolve(w->configured ? &w->cfg : &unconfigured);

	for (int i = 0; i < FAKE_MAX_VMAS; i++) {
		if (!w->vma[i].addr)
			continue;
		int rc = map_target(&w->vma[i], &t);
		if (rc)
			return rc;
	}
	return 0;
}

static int window_of_offset(off_t offset, int *id)
{
	uint64_t o = (uint64_t)offset, base;

	if (o >= KMD_MMAP_TLB_UC && o < KMD_MMAP_TLB_UC + FAKE_NUM_WINDOWS * FAKE_REGION)
		base = KMD_MMAP_TLB_UC;
	else if (o >= KMD_MMAP_TLB_WC && o < KMD_MMAP_TLB_WC + FAKE_NUM_WINDOWS * FAKE_REGION)
		base = KMD_MMAP_TLB_WC;
	else
		return -EINVAL;
	if ((o - base) % FAKE_REGION)
		return -EINVAL;   /* no sub-offsets into a window */
	*id = (int)((o - base) / FAKE_REGION);
	return 0;
}

static void *fail(int e)
{
	errno = e;
	return MAP_FAILED;
}

static void *map_window(struct fake_window *w, size_t len)
{
	struct fake_vma *v = NULL;

	for (int i = 0; i < FAKE_MAX_VMAS && !v; i++)
		if (!w->vma[i].addr)
			v = &w->vma[i];
	if (!v)
		return fail(ENOMEM);
	/* Reserve the range, then show the window's target in it. */
	void *p = mmap(NULL, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return p;
	v->addr = p;
	v->len = len;
	if (fake_remap_window(w) != 0) {
		int e = errno;
		munmap(p, len);
		v->addr = NULL;
		return fail(e);
	}
	fake.stats.windows_mapped++;
	return p;
}

void *fake_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
	void *p;
	int id;

	pthread_mutex_lock(&fake.lock);
	if (!fake_is_device_fd(fd)) {
		pthread_mutex_unlock(&fake.lock);
		return mmap(addr, len, prot, flags, fd, offset);
	}
	if (fake.mmap_errno)
		p = fail(fake.mmap_errno);
	else if (window_of_offset(offset, &id) || !fake.win[id].allocated || len == 0 ||
		 len > FAKE_REGION || addr || !(flags & MAP_SHARED))
		p = fail(EINVAL);
	else
		p = map_window(&fake.win[id], len);
	pthread_mutex_unlock(&fake.lock);
	return p;
}

int fake_munmap(void *addr, size_t len)
{
	pthread_mutex_lock(&fake.lock);
	for (int i = 0; i < FAKE_NUM_WINDOWS; i++)
		for (int j = 0; j < FAKE_MAX_VMAS; j++)
			if (fake.win[i].vma[j].addr == addr) {
				fake.win[i].vma[j].addr = NULL;
				fake.stats.windows_mapped--;
			}
	pthread_mutex_unlock(&fake.lock);
	return munmap(addr, len);
}

/* The window and NOC address behind a pointer into a mapping; lock held. */
static struct fake_window *window_at(const volatile void *p, uint64_t *noc_addr)
{
	uintptr_t a = (uintptr_t)p;

	for (int i = 0; i < FAKE_NUM_WINDOWS; i++) {
		struct fake_window *w = &fake.win[i];
		for (int j = 0; w->allocated && j < FAKE_MAX_VMAS; j++) {
			uintptr_t b = (uintptr_t)w->vma[j].addr;
			if (b && a >= b && a < b + w->vma[j].len) {
				*noc_addr = w->cfg.addr + (a - b);
				return w->configured ? w : NULL;
			}
		}
	}
	return NULL;
}

/* A register of a tile that is not a Tensix core: its NIU's NODE_ID. */
static uint32_t other_tile_reg(const struct kmd_noc_tlb_config *c, uint64_t addr)
{
	return addr == 0xFFB20044ull ? (uint32_t)(c->y_end << 6 | c->x_end) : 0;
}

enum reg_kind { R_MEMORY, R_ONES, R_CORE, R_OTHER };

/* What a register access through p reaches; lock taken here. */
static enum reg_kind reg_target(const volatile void *p, uint64_t *addr, struct sim_core **core,
				uint32_t *other)
{
	enum reg_kind k = R_MEMORY;

	pthread_mutex_lock(&fake.lock);
	struct fake_window *w = window_at(p, addr);
	if (!w || *addr < 0xFF000000ull || dram_bank_of(w->cfg.x_end, w->cfg.y_end) >= 0)
		k = R_MEMORY;   /* the accessor on a memory window: plain memory */
	else if ((int)w->cfg.x_end == fake.ones_x && (int)w->cfg.y_end == fake.ones_y)
		k = R_ONES;
	else if ((*core = core_of(w->cfg.x_end, w->cfg.y_end)) != NULL)
		k = R_CORE;
	else {
		k = R_OTHER;
		*other = other_tile_reg(&w->cfg, *addr);
	}
	pthread_mutex_unlock(&fake.lock);
	return k;
}

uint32_t fake_reg_read32(const volatile uint32_t *p)
{
	uint64_t addr = 0;
	struct sim_core *core = NULL;
	uint32_t v = 0;

	switch (reg_target(p, &addr, &core, &v)) {
	case R_MEMORY:
		return *p;
	case R_ONES:
		return 0xFFFFFFFFu;   /* the tile does not answer */
	case R_CORE:
		/* A register the simulator does not have reads as a dead NOC would. */
		return sim_core_mmio_read(core, (uint32_t)addr, &v) == 0 ? v : 0xFFFFFFFFu;
	case R_OTHER:
		break;
	}
	return v;
}

void fake_reg_write32(volatile uint32_t *p, uint32_t v)
{
	uint64_t addr = 0;
	struct sim_core *core = NULL;
	uint32_t unused;

	switch (reg_target(p, &addr, &core, &unused)) {
	case R_MEMORY:
		*p = v;
		break;
	case R_CORE:
		(void)sim_core_mmio_write(core, (uint32_t)addr, v);
		break;
	case R_ONES:
	case R_OTHER:
		break;        /* dropped, as by a tile that does not answer */
	}
}

void fake_write_barrier(volatile void *p, size_t len)
{
	uint64_t addr;
	struct sim_core *core = NULL;

	(void)len;
	atomic_thread_fence(memory_order_seq_cst);
	fake_poll_control();
	pthread_mutex_lock(&fake.lock);
	struct fake_window *w = window_at(p, &addr);
	if (w && (int)w->cfg.x_end == fake.ones_x && (int)w->cfg.y_end == fake.ones_y)
		(void)fake_remap_window(w);   /* a dead tile drops what was stored */
	else if (w)
		core = core_of(w->cfg.x_end, w->cfg.y_end);
	pthread_mutex_unlock(&fake.lock);
	if (core)
		sim_sched_wake(core);
}
