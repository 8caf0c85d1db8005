/* SPDX-License-Identifier: Apache-2.0
 *
 * TLB windows (reference/blackhole-abi.md §1.2, §2): ALLOCATE_TLB a few
 * 2 MiB windows, mmap each twice (UC for control words and registers, WC
 * for bulk data) at exactly the offsets the driver returns, program them
 * with CONFIGURE_TLB per target, and give them back (munmap first:
 * FREE_TLB is EBUSY while a mapping remains).
 *
 * A target (x, y, 2 MiB base, ordering) always lands in the same window,
 * chosen by hashing it, so repeated accesses to one region reconfigure
 * nothing, and different regions usually use different windows in
 * parallel. The window's lock is held from configure to the end of the
 * copy: nobody can retarget a window under a copy.
 */
#include "kmd_internal.h"
#include "runtime_internal.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>

void kmd_window_piece(uint64_t addr, size_t len, uint64_t *base, size_t *offset, size_t *n)
{
	uint64_t room;

	*base = addr & ~(KMD_TLB_2M - 1);
	*offset = (size_t)(addr - *base);
	room = KMD_TLB_2M - *offset;
	*n = len < room ? len : (size_t)room;
}

static void *map_window(struct kmd_backend *kb, uint64_t offset)
{
	void *p = kb->sys->mmap(NULL, KMD_TLB_2M, PROT_READ | PROT_WRITE, MAP_SHARED, kb->fd,
				(off_t)offset);
	return p == MAP_FAILED ? NULL : p;
}

static int open_window(struct kmd_backend *kb, struct kmd_window *w, char *err, size_t errlen)
{
	struct kmd_allocate_tlb a;
	int rc;

	memset(&a, 0, sizeof(a));
	a.in.size = KMD_TLB_2M;
	rc = kmd_ioctl(kb, KMD_ALLOCATE_TLB, &a, " of a 2 MiB window", err, errlen);
	if (rc)
		return rc;
	w->id = a.out.id;
	w->allocated = 1;
	w->uc = map_window(kb, a.out.mmap_offset_uc);
	w->wc = w->uc ? map_window(kb, a.out.mmap_offset_wc) : NULL;
	if (!w->wc) {
		int e = errno ? errno : ENOMEM;
		ttrt_set_err(err, errlen, "%s: mmap of TLB window %u failed: %s", kb->path, w->id,
			     strerror(e));
		return -e;
	}
	return 0;
}

int kmd_windows_open(struct kmd_backend *kb, char *err, size_t errlen)
{
	for (int i = 0; i < KMD_NUM_WINDOWS; i++) {
		struct kmd_window *w = &kb->win[i];
		int rc = pthread_mutex_init(&w->lock, NULL);

		if (rc)
			return -rc;
		w->inited = 1;
		rc = open_window(kb, w, err, errlen);
		if (rc)
			return rc;   /* kmd_windows_close undoes what was done */
	}
	return 0;
}

/* Unmap and free one window, keeping its lock. */
static void drop_window(struct kmd_backend *kb, struct kmd_window *w)
{
	struct kmd_free_tlb f = { .in = { .id = w->id } };

	if (w->uc)
		kb->sys->munmap((void *)w->uc, KMD_TLB_2M);
	if (w->wc)
		kb->sys->munmap((void *)w->wc, KMD_TLB_2M);
	/* Closing the fd frees the window anyway: a failure here loses
	 * nothing, so it is not worth a message nobody can act on. */
	if (w->allocated)
		(void)kb->sys->ioctl(kb->fd, KMD_FREE_TLB, &f);
	w->uc = w->wc = NULL;
	w->allocated = w->configured = 0;
}

void kmd_windows_close(struct kmd_backend *kb)
{
	for (int i = 0; i < KMD_NUM_WINDOWS; i++) {
		struct kmd_window *w = &kb->win[i];
		drop_window(kb, w);
		if (w->inited)
			pthread_mutex_destroy(&w->lock);
		memset(w, 0, sizeof(*w));
	}
}

void kmd_windows_hold(struct kmd_backend *kb)
{
	for (int i = 0; i < KMD_NUM_WINDOWS; i++)
		pthread_mutex_lock(&kb->win[i].lock);
}

void kmd_windows_unhold(struct kmd_backend *kb)
{
	for (int i = KMD_NUM_WINDOWS - 1; i >= 0; i--)
		pthread_mutex_unlock(&kb->win[i].lock);
}

void kmd_windows_drop(struct kmd_backend *kb)
{
	for (int i = 0; i < KMD_NUM_WINDOWS; i++)
		drop_window(kb, &kb->win[i]);
}

int kmd_windows_reopen(struct kmd_backend *kb, char *err, size_t errlen)
{
	for (int i = 0; i < KMD_NUM_WINDOWS; i++) {
		int rc = open_window(kb, &kb->win[i], err, errlen);
		if (rc)
			return rc;
	}
	return 0;
}

static unsigned window_index(const struct kmd_target *t)
{
	uint64_t h = (t->base >> 21) * 0x9E3779B97F4A7C15ull;

	h ^= ((uint64_t)t->x << 8 | t->y) * 0xC2B2AE3D27D4EB4Full;
	h ^= (uint64_t)t->ordering << 40;
	return (unsigned)((h >> 32) % KMD_NUM_WINDOWS);
}

static int same_target(const struct kmd_target *a, const struct kmd_target *b)
{
	return a->base == b->base && a->x == b->x && a->y == b->y && a->ordering == b->ordering;
}

static int configure(struct kmd_backend *kb, struct kmd_window *w, const struct kmd_target *t)
{
	struct kmd_configure_tlb c;

	memset(&c, 0, sizeof(c));
	c.in.id = w->id;
	c.in.config.addr = t->base;
	c.in.config.x_end = t->x;
	c.in.config.y_end = t->y;
	c.in.config.noc = 0;          /* NOC0: one coordinate system for the host */
	c.in.config.ordering = t->ordering;
	atomic_fetch_add(&kb->configures, 1);
	if (kb->sys->ioctl(kb->fd, KMD_CONFIGURE_TLB, &c) != 0) {
		int e = errno ? errno : EIO;
		w->configured = 0;    /* the driver may have half-programmed it */
		return -e;
	}
	w->cur = *t;
	w->configured = 1;
	return 0;
}

int kmd_window_acquire(struct kmd_backend *kb, const struct kmd_target *t,
		       struct kmd_window **out)
{
	struct kmd_window *w = &kb->win[window_index(t)];
	int rc = 0;

	pthread_mutex_lock(&w->lock);
	/* A chip reset that failed half way leaves windows unmapped. */
	if (!w->uc || !w->wc) {
		pthread_mutex_unlock(&w->lock);
		return -ENODEV;
	}
	if (!w->configured || !same_target(&w->cur, t))
		rc = configure(kb, w, t);
	if (rc) {
		pthread_mutex_unlock(&w->lock);
		return rc;
	}
	*out = w;
	return 0;
}

void kmd_window_release(struct kmd_window *w)
{
	pthread_mutex_unlock(&w->lock);
}

uint64_t ttrt_kmd_backend_configures(struct ttrt_backend *be)
{
	return atomic_load(&to_kmd(be)->configures);
}
