/* SPDX-License-Identifier: Apache-2.0
 *
 * The simulated tt-kmd's state (fake_kmd.h): the device's fds, its TLB
 * windows and their mappings, the simulated chip and the memfd behind it,
 * and the faults to inject. One lock guards it all; it is taken last.
 */
#ifndef TTFS_FAKE_KMD_INTERNAL_H
#define TTFS_FAKE_KMD_INTERNAL_H

#include "fake_kmd.h"
#include "backend/kmd_abi.h"
#include "sim/chip.h"

#include <pthread.h>
#include <stddef.h>
#include <sys/types.h>

#define FAKE_NUM_WINDOWS 201          /* 2 MiB windows a user gets (0..200) */
#define FAKE_MAX_VMAS 4               /* mappings of one window (UC, WC, ...) */
#define FAKE_MAX_FDS 8
#define FAKE_MAX_FAILS 8
#define FAKE_REGION (2ull << 20)

/* Fixed places in the memfd; DRAM follows. */
#define FAKE_OFF_L1   0ull
#define FAKE_L1_BYTES ((uint64_t)TTRT_NUM_TENSIX * TTRT_L1_SIZE)
#define FAKE_OFF_VOID FAKE_L1_BYTES                     /* nothing lives here */
#define FAKE_OFF_ONES (FAKE_OFF_VOID + FAKE_REGION)     /* all 0xFF */
#define FAKE_OFF_ARC  (FAKE_OFF_ONES + FAKE_REGION)     /* ARC NOC 0x80000000 */
#define FAKE_OFF_CSM  (FAKE_OFF_ARC + FAKE_REGION)      /* ARC NOC 0x10000000 */
#define FAKE_OFF_DRAM (FAKE_OFF_CSM + FAKE_REGION)

struct fake_vma {
	void *addr;
	size_t len;
};

struct fake_window {
	int allocated, owner_fd, configured;
	struct kmd_noc_tlb_config cfg;
	struct fake_vma vma[FAKE_MAX_VMAS];
};

struct fake_fail {
	unsigned long request;
	int err;
	long skip, times;             /* times < 0: always */
};

struct fake_kmd {
	pthread_mutex_t lock;
	int fds[FAKE_MAX_FDS];
	int stale[FAKE_MAX_FDS];       /* opened before an ASIC reset: ENODEV */
	int nfds;
	int memfd;
	uint64_t file_bytes;
	struct sim_chip *chip;
	uint8_t *arc, *csm;           /* the fake's own view of the ARC regions */
	struct fake_window win[FAKE_NUM_WINDOWS];

	/* options and faults */
	uint64_t dram_bank_size;
	int harvest_dram;
	uint32_t api_version;
	int open_errno, mmap_errno, lock_held;
	int ones_x, ones_y;           /* -1: none */
	struct fake_fail fails[FAKE_MAX_FAILS];
	int nfails;
	char lock_dir[256];
	char control[256];            /* a file of options to apply later */

	struct fake_kmd_stats stats;
	uint64_t asic_resets;
};

extern struct fake_kmd fake;

/* fake_kmd_chip.c: the chip and its memfd, made at the first open. */
int fake_chip_up(void);
void fake_chip_down(void);
/* fake_kmd_arc.c: the ARC's scratch registers and telemetry in the memfd. */
void fake_arc_init(void);
void fake_arc_power(uint32_t flags);
/* fake_kmd_map.c */
void *fake_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset);
int fake_munmap(void *addr, size_t len);
int fake_remap_window(struct fake_window *w);   /* lock held */
uint32_t fake_reg_read32(const volatile uint32_t *p);
void fake_reg_write32(volatile uint32_t *p, uint32_t v);
void fake_write_barrier(volatile void *p, size_t len);
/* fake_kmd_ioctl.c */
int fake_ioctl(int fd, unsigned long request, void *arg);
/* fake_kmd.c */
int fake_is_device_fd(int fd);   /* lock held */
int fake_is_stale_fd(int fd);    /* lock held */
/* Apply and remove the control file if it is there (lock not held). */
void fake_poll_control(void);

#endif
