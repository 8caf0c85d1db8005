/* SPDX-License-Identifier: Apache-2.0
 *
 * A simulated tt-kmd, for tests only. Installed as the kmd backend's
 * system-call table (runtime/backend/kmd_sys.h), it answers the ioctls
 * with the real structs and numbers, in front of a simulated chip
 * (runtime/sim) whose L1s, DRAM banks and ARC memory live in one memfd.
 * A TLB window's mmap is a mapping of that memfd; CONFIGURE_TLB remaps
 * every mapping of the window (MAP_FIXED) onto the file range of the
 * configured core and 2 MiB address, so the backend's window arithmetic
 * and word copies land in the simulator's memory for real. Registers
 * (0xFF000000 and up) cannot be memory: their windows are mapped
 * PROT_NONE, and the table's register accessors hand each access to the
 * simulated core (soft reset, NIU ids). The table's write barrier wakes
 * the simulated core a window points at, whose RISCs may poll what the
 * host just stored.
 *
 * Faults, from fake_kmd_configure() or the TTFS_FAKE_KMD environment
 * variable, comma-separated:
 *   fail=IOCTL:ERRNO[:SKIP[:TIMES]]  IOCTL (GET_DRIVER_INFO, ALLOCATE_TLB,
 *                       CONFIGURE_TLB, ...) fails with ERRNO (EINVAL, ...)
 *                       after SKIP good calls, TIMES times (default: always)
 *   open=ERRNO          opening the device fails
 *   mmap=ERRNO          mapping a window fails
 *   api=N               GET_DRIVER_INFO reports ioctl API version N
 *   lock                the chip lock is held (flock: EWOULDBLOCK)
 *   lock_dir=PATH       where chip lock files go (default: a fresh
 *                       directory per process, so no two processes meet)
 *   ones=X-Y            NOC0 tile X-Y reads all ones (a hung NOC endpoint)
 *   harvest_dram=B      physical DRAM bank B is the harvested one (default 7)
 *   dram_size=SIZE      bytes per DRAM bank of the simulated chip (default 4G)
 *   control=PATH        a file the fake looks for at every ioctl and every
 *                       write barrier: its options are applied, then it is
 *                       removed, so a test can inject a fault into a
 *                       daemon that is already mounted (write it elsewhere
 *                       and mv it into place)
 */
#ifndef TTFS_FAKE_KMD_H
#define TTFS_FAKE_KMD_H

#include <stdint.h>

/* Apply a fault/option string (the syntax above); 0 or -EINVAL with the
 * bad item on stderr. Call before opening the device. */
int fake_kmd_configure(const char *spec);
/* Install the simulated tt-kmd as the kmd backend's system-call table. */
void fake_kmd_install(void);
/* Forget all faults and counters (between unit-test cases). */
void fake_kmd_reset_faults(void);

struct fake_kmd_stats {
	uint64_t configures;          /* CONFIGURE_TLB calls answered */
	uint64_t windows_allocated;   /* live now */
	uint64_t windows_mapped;      /* live mmaps */
	uint32_t power_flags;         /* last SET_POWER_STATE */
	uint64_t power_calls;
	uint8_t last_ordering;        /* of the last CONFIGURE_TLB */
	uint8_t orderings_seen;       /* bit per KMD_TLB_ORDER_* value */
};
void fake_kmd_stats(struct fake_kmd_stats *out);

#endif
