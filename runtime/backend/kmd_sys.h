/* SPDX-License-Identifier: Apache-2.0
 *
 * The system calls the kmd backend makes on /dev/tenstorrent/N, as a
 * table: libc by default, a test double (the simulated tt-kmd of
 * tests/kmd_fake) when one is installed. Only the kmd backend goes
 * through it; the rest of the runtime calls libc directly.
 *
 * Besides the calls, the table holds the three things only a device
 * mapping does and a memory mapping cannot show a simulator:
 *   - reg_read32 / reg_write32: one 32-bit access to a Tensix register
 *     (NOC address 0xFF000000 and up) through a UC window. On a card a
 *     volatile load or store; the test double hands it to the simulated
 *     core, whose registers have side effects (soft reset) that no page of
 *     memory can have.
 *   - write_barrier: after every write through a window, to drain the
 *     CPU's write-combining buffers before the next UC store (a store
 *     fence). The test double also wakes the simulated core written to,
 *     whose RISCs may be polling the bytes just stored.
 */
#ifndef TTRT_KMD_SYS_H
#define TTRT_KMD_SYS_H

#include <stddef.h>
#include <stdint.h>
#include <pthread.h>
#include <sys/types.h>

struct ttrt_kmd_sys {
	int (*open)(const char *path, int flags);
	int (*close)(int fd);
	int (*ioctl)(int fd, unsigned long request, void *arg);
	void *(*mmap)(void *addr, size_t len, int prot, int flags, int fd, off_t offset);
	int (*munmap)(void *addr, size_t len);
	int (*flock)(int fd, int op);
	/* pthread_mutex_trylock of the chip lock (kmd_lock.c); the test
	 * double can answer EBUSY as if another process held it. */
	int (*mutex_trylock)(pthread_mutex_t *m);
	uint32_t (*reg_read32)(const volatile uint32_t *p);
	void (*reg_write32)(volatile uint32_t *p, uint32_t v);
	void (*write_barrier)(volatile void *p, size_t len);
	/* Where chip lock files go (/dev/shm on a host). */
	const char *lock_dir;
};

extern const struct ttrt_kmd_sys ttrt_kmd_sys_libc;

/* The table the next ttrt_kmd_backend_open uses; NULL: libc. Install it
 * before opening a device (a test's main, or a constructor). */
void ttrt_kmd_sys_install(const struct ttrt_kmd_sys *sys);
const struct ttrt_kmd_sys *ttrt_kmd_sys_current(void);

#endif
