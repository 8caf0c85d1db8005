/* SPDX-License-Identifier: Apache-2.0
 *
 * The kmd backend's shared state: the device fd, its TLB windows and the
 * chip lock. One file per job: kmd.c opens and closes, kmd_device.c asks
 * the driver who it is, kmd_window.c owns the windows, kmd_io.c moves
 * bytes through them, kmd_telemetry.c reads ARC telemetry and harvesting,
 * kmd_lock.c takes the chip.
 */
#ifndef TTRT_KMD_INTERNAL_H
#define TTRT_KMD_INTERNAL_H

#include "backend.h"
#include "kmd_abi.h"
#include "kmd_sys.h"

#include <pthread.h>
#include <stdatomic.h>

/* Windows the backend allocates: a few, so several FUSE threads can
 * reach different targets at once while each window stays programmed
 * for the target it served last. */
#define KMD_NUM_WINDOWS 8
/* A transfer this small is a control transfer (go and launch messages,
 * mailbox fields, polls): UC mapping, strict ordering. Larger ones are
 * bulk: WC mapping. */
#define KMD_CONTROL_MAX 128u
/* Tensix registers (soft reset, debug, NIU, streams) start here. */
#define KMD_REG_BASE 0xFF000000ull
/* NOC_NODE_ID of a tile's NOC0 NIU: its own coordinates, never all ones
 * while the tile answers, so the probe behind a read of all ones. */
#define KMD_PROBE_NODE_ID 0xFFB20044ull
/* ARC's reset unit scratch registers (reference/blackhole-abi.md §6);
 * scratch 2, the boot status, is also the probe for DRAM tiles. */
#define KMD_ARC_SCRATCH(n)     (0x80030400ull + 4u * (n))
#define KMD_ARC_BOOT_STATUS    KMD_ARC_SCRATCH(2)

/* What a window is programmed for. */
struct kmd_target {
	uint64_t base;          /* 2 MiB aligned NOC-local address */
	uint8_t x, y;           /* NOC0 */
	uint8_t ordering;       /* KMD_TLB_ORDER_* */
};

struct kmd_window {
	pthread_mutex_t lock;   /* held from configure to the end of the copy */
	uint32_t id;
	volatile uint8_t *uc, *wc;
	int inited, allocated, configured;
	struct kmd_target cur;
};

struct kmd_backend {
	struct ttrt_backend base;
	const struct ttrt_kmd_sys *sys;
	int fd;
	char path[TTRT_PATH_MAX];
	struct kmd_get_driver_info driver;
	struct kmd_get_device_info device;
	uint64_t bar0_size;
	struct kmd_window win[KMD_NUM_WINDOWS];
	struct umd_lock_file *chip_lock;   /* kmd_lock.c: tt-umd's CHIP_IN_USE mutex */
	int powered;            /* SET_POWER_STATE busy was accepted */
	_Atomic uint64_t configures;   /* CONFIGURE_TLB calls, for tests */
};

static inline struct kmd_backend *to_kmd(struct ttrt_backend *be)
{
	return (struct kmd_backend *)be;
}

/* kmd_device.c. One ioctl: 0, or -errno with err naming the device, the
 * request (and detail, may be NULL, after it) and the reason. */
int kmd_ioctl(struct kmd_backend *kb, unsigned long request, void *arg, const char *detail,
	      char *err, size_t errlen);
/* GET_DRIVER_INFO (API version check), GET_DEVICE_INFO (a Blackhole),
 * QUERY_MAPPINGS (BAR0 is there). */
int kmd_device_identify(struct kmd_backend *kb, char *err, size_t errlen);
/* "0000:01:00.0" */
void kmd_device_bdf(const struct kmd_backend *kb, char *buf, size_t len);
/* SET_POWER_STATE: busy (1) or idle (0). A driver older than 2.6 has no
 * such ioctl: 0 and nothing done. */
int kmd_device_power(struct kmd_backend *kb, int busy, char *err, size_t errlen);

/* kmd_window.c */
int kmd_windows_open(struct kmd_backend *kb, char *err, size_t errlen);
void kmd_windows_close(struct kmd_backend *kb);
/* For a chip reset: hold every window's lock (no transfer runs), unmap
 * and free them all, allocate them anew on the new fd, let go. */
void kmd_windows_hold(struct kmd_backend *kb);
void kmd_windows_unhold(struct kmd_backend *kb);
void kmd_windows_drop(struct kmd_backend *kb);
int kmd_windows_reopen(struct kmd_backend *kb, char *err, size_t errlen);
/* The piece of [addr, addr + len) one window reaches: the window base
 * (addr rounded down to 2 MiB), the offset in the window and the length
 * up to the window's end. */
void kmd_window_piece(uint64_t addr, size_t len, uint64_t *base, size_t *offset, size_t *n);
/* A window programmed for target, locked; release it after the copy. */
int kmd_window_acquire(struct kmd_backend *kb, const struct kmd_target *t,
		       struct kmd_window **out);
void kmd_window_release(struct kmd_window *w);

/* kmd_io.c: the backend's read and write. */
int kmd_read(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr, void *buf,
	     size_t len);
int kmd_write(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr, const void *buf,
	      size_t len);
int kmd_risc_states(struct ttrt_backend *be, struct ttrt_xy noc0,
		    enum ttrt_risc_state states[5], uint32_t pcs[5]);

/* kmd_telemetry.c */
int kmd_telemetry(struct ttrt_backend *be, struct ttrt_telemetry *out);
/* Reads the harvesting masks and sets the topology from them; refuses a
 * chip that is not a P100A as ttfs lays it out. */
int kmd_topology_from_telemetry(struct kmd_backend *kb, char *err, size_t errlen);

/* kmd_reset.c: RESET_DEVICE (backend op chip_reset). */
int kmd_chip_reset(struct ttrt_backend *be, uint32_t timeout_ms, char *err, size_t errlen);

struct umd_lock_file;

/* kmd_lock.c: one owner per chip. */
int kmd_chip_lock(struct kmd_backend *kb, char *err, size_t errlen);
void kmd_chip_unlock(struct kmd_backend *kb);

/* For tests: CONFIGURE_TLB calls so far. */
uint64_t ttrt_kmd_backend_configures(struct ttrt_backend *be);

#endif
