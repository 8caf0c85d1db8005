/* SPDX-License-Identifier: Apache-2.0
 *
 * The libc side of the kmd backend's system-call table (kmd_sys.h).
 */
#include "kmd_sys.h"

#include <fcntl.h>
#include <stdatomic.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

static int libc_open(const char *path, int flags)
{
	return open(path, flags);
}

static int libc_ioctl(int fd, unsigned long request, void *arg)
{
	return ioctl(fd, request, arg);
}

static uint32_t libc_reg_read32(const volatile uint32_t *p)
{
	return *p;
}

static void libc_reg_write32(volatile uint32_t *p, uint32_t v)
{
	*p = v;
}

/* A full fence: on x86-64 an mfence, which drains write-combining buffers
 * as sfence does, and orders them before the UC stores that follow. */
static void libc_write_barrier(volatile void *p, size_t len)
{
	(void)p;
	(void)len;
	atomic_thread_fence(memory_order_seq_cst);
}

const struct ttrt_kmd_sys ttrt_kmd_sys_libc = {
	.open = libc_open,
	.close = close,
	.ioctl = libc_ioctl,
	.mmap = mmap,
	.munmap = munmap,
	.flock = flock,
	.mutex_trylock = pthread_mutex_trylock,
	.reg_read32 = libc_reg_read32,
	.reg_write32 = libc_reg_write32,
	.write_barrier = libc_write_barrier,
	.lock_dir = "/dev/shm",
};

static _Atomic(const struct ttrt_kmd_sys *) installed;

void ttrt_kmd_sys_install(const struct ttrt_kmd_sys *sys)
{
	atomic_store(&installed, sys);
}

const struct ttrt_kmd_sys *ttrt_kmd_sys_current(void)
{
	const struct ttrt_kmd_sys *sys = atomic_load(&installed);

	return sys ? sys : &ttrt_kmd_sys_libc;
}
