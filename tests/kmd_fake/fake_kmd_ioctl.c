/* SPDX-License-Identifier: Apache-2.0
 *
 * The simulated tt-kmd's ioctls, answered with the structs of
 * runtime/backend/kmd_abi.h and the checks tt-kmd makes (reference
 * /blackhole-abi.md §1): output_size_bytes honoured, 2 MiB windows only,
 * window-aligned addresses, argsz and flags of SET_POWER_STATE, EBUSY for
 * freeing a mapped window, ENOTTY for a request it does not know.
 */
#include "fake_kmd_internal.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>

/* The driver clears output_size_bytes of out and copies what fits. */
static void give(void *out, uint32_t out_size, const void *val, size_t size)
{
	memset(out, 0, out_size < size ? out_size : size);
	memcpy(out, val, out_size < size ? out_size : size);
}

static int device_info(struct kmd_get_device_info *a)
{
	struct kmd_get_device_info v = { 0 };

	v.out.output_size_bytes = sizeof(v.out);
	v.out.vendor_id = KMD_VENDOR_TENSTORRENT;
	v.out.device_id = KMD_DEVICE_BLACKHOLE;
	v.out.subsystem_vendor_id = KMD_VENDOR_TENSTORRENT;
	v.out.subsystem_id = 0x43;                 /* p100a */
	v.out.bus_dev_fn = 0x0100;                 /* 01:00.0 */
	v.out.max_dma_buf_size_log2 = 28;
	give(&a->out, a->in.output_size_bytes, &v.out, sizeof(v.out));
	return 0;
}

static int driver_info(struct kmd_get_driver_info *a)
{
	struct kmd_get_driver_info v = { 0 };

	v.out.output_size_bytes = sizeof(v.out);
	v.out.driver_version = fake.api_version;
	v.out.major = fake.api_version >= 2 ? 2 : 1;
	v.out.minor = fake.api_version >= 2 ? 10 : 33;
	give(&a->out, a->in.output_size_bytes, &v.out, sizeof(v.out));
	return 0;
}

static int query_mappings(struct kmd_query_mappings *a)
{
	static const struct kmd_mapping bars[KMD_MAX_MAPPINGS] = {
		{ 1, 0, 0ull << 36, 512ull << 20 }, { 2, 0, 1ull << 36, 512ull << 20 },
		{ 3, 0, 2ull << 36, 1ull << 20 },   { 4, 0, 3ull << 36, 1ull << 20 },
		{ 5, 0, 4ull << 36, 32ull << 30 },  { 6, 0, 5ull << 36, 32ull << 30 },
	};
	/* The driver fills as many as asked; the struct here has room for
	 * KMD_MAX_MAPPINGS, all the backend asks for. */
	uint32_t n = a->in.output_mapping_count < KMD_MAX_MAPPINGS ? a->in.output_mapping_count
								     : KMD_MAX_MAPPINGS;

	for (uint32_t i = 0; i < n; i++)
		a->out[i] = i < KMD_MAX_MAPPINGS ? bars[i] : (struct kmd_mapping){ 0 };
	return 0;
}

static int allocate_tlb(int fd, struct kmd_allocate_tlb *a)
{
	if (a->in.size != KMD_TLB_2M)
		return a->in.size == (4ull << 30) ? -ENOMEM : -EINVAL;  /* no 4 GiB here */
	for (uint32_t id = 0; id < FAKE_NUM_WINDOWS; id++) {
		struct fake_window *w = &fake.win[id];
		if (w->allocated)
			continue;
		memset(w, 0, sizeof(*w));
		w->allocated = 1;
		w->owner_fd = fd;
		memset(&a->out, 0, sizeof(a->out));
		a->out.id = id;
		a->out.mmap_offset_uc = KMD_MMAP_TLB_UC + id * KMD_TLB_2M;
		a->out.mmap_offset_wc = KMD_MMAP_TLB_WC + id * KMD_TLB_2M;
		fake.stats.windows_allocated++;
		return 0;
	}
	return -ENOMEM;
}

static struct fake_window *owned(int fd, uint32_t id)
{
	if (id >= FAKE_NUM_WINDOWS || !fake.win[id].allocated || fake.win[id].owner_fd != fd)
		return NULL;
	return &fake.win[id];
}

static int free_tlb(int fd, struct kmd_free_tlb *a)
{
	struct fake_window *w = owned(fd, a->in.id);

	if (!w)
		return -EINVAL;
	for (int i = 0; i < FAKE_MAX_VMAS; i++)
		if (w->vma[i].addr)
			return -EBUSY;
	memset(w, 0, sizeof(*w));
	fake.stats.windows_allocated--;
	return 0;
}

static int configure_tlb(int fd, struct kmd_configure_tlb *a)
{
	struct fake_window *w = owned(fd, a->in.id);
	const struct kmd_noc_tlb_config *c = &a->in.config;
	int rc;

	if (!w || c->addr % KMD_TLB_2M || c->noc > 1 || c->ordering > KMD_TLB_ORDER_POSTED ||
	    c->x_end >= 64 || c->y_end >= 64)
		return -EINVAL;
	if (c->mcast)
		return -EINVAL;   /* the simulated driver does not multicast */
	w->cfg = *c;
	w->configured = 1;
	fake.stats.configures++;
	fake.stats.last_ordering = c->ordering;
	fake.stats.orderings_seen |= (uint8_t)(1u << c->ordering);
	rc = fake_remap_window(w);
	memset(&a->out, 0, sizeof(a->out));
	return rc;
}

static int set_power_state(struct kmd_set_power_state *a)
{
	if (a->argsz != sizeof(*a) || a->flags != 0)
		return -EINVAL;
	fake.stats.power_flags = a->power_flags;
	fake.stats.power_calls++;
	fake_arc_power(a->power_flags);
	return 0;
}

/* ASIC_RESET: a fresh chip (all memory lost, cores in reset), and every
 * fd open now answers ENODEV from here on, as tt-kmd's reset generation
 * check does. POST_RESET on a new fd: nothing left to do. */
static int reset_device(struct kmd_reset_device *a)
{
	if (a->in.flags == KMD_RESET_ASIC) {
		for (int i = 0; i < fake.nfds; i++)
			fake.stale[i] = 1;
		for (int w = 0; w < FAKE_NUM_WINDOWS; w++)
			if (fake.win[w].allocated) {
				memset(&fake.win[w], 0, sizeof(fake.win[w]));
				fake.stats.windows_allocated--;
			}
		fake_chip_down();
		if (fake_chip_up() != 0)
			return -EIO;
		fake.asic_resets++;
	} else if (a->in.flags > KMD_RESET_POST) {
		return -EINVAL;
	}
	a->out.output_size_bytes = sizeof(a->out);
	a->out.result = 0;
	return 0;
}

/* An injected failure for this request, if one is due. */
static int injected(unsigned long request)
{
	for (int i = 0; i < fake.nfails; i++) {
		struct fake_fail *f = &fake.fails[i];
		if (f->request != request || f->times == 0)
			continue;
		if (f->skip > 0) {
			f->skip--;
			continue;
		}
		if (f->times > 0)
			f->times--;
		return -f->err;
	}
	return 0;
}

static int dispatch(int fd, unsigned long request, void *arg)
{
	int rc = injected(request);

	if (rc)
		return rc;
	if (fake_is_stale_fd(fd))
		return -ENODEV;
	switch (request) {
	case KMD_GET_DEVICE_INFO: return device_info(arg);
	case KMD_GET_DRIVER_INFO: return driver_info(arg);
	case KMD_QUERY_MAPPINGS: return query_mappings(arg);
	case KMD_ALLOCATE_TLB: return allocate_tlb(fd, arg);
	case KMD_FREE_TLB: return free_tlb(fd, arg);
	case KMD_CONFIGURE_TLB: return configure_tlb(fd, arg);
	case KMD_SET_POWER_STATE: return set_power_state(arg);
	case KMD_RESET_DEVICE: return reset_device(arg);
	default: return -ENOTTY;
	}
}

int fake_ioctl(int fd, unsigned long request, void *arg)
{
	int rc;

	fake_poll_control();
	pthread_mutex_lock(&fake.lock);
	if (!fake_is_device_fd(fd)) {
		pthread_mutex_unlock(&fake.lock);
		return ioctl(fd, request, arg);
	}
	rc = dispatch(fd, request, arg);
	pthread_mutex_unlock(&fake.lock);
	if (rc) {
		errno = -rc;
		return -1;
	}
	return 0;
}
