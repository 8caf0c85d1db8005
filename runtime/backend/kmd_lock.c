/* SPDX-License-Identifier: Apache-2.0
 *
 * One owner per chip, taken the way tt-umd takes it, so that ttfs and a
 * tt-metal process (UMD) exclude each other on the same card: the lock is
 * tt-umd's named CHIP_IN_USE mutex for this device, a robust,
 * process-shared pthread mutex in the POSIX shared-memory file
 * TT_UMD_LOCK.CHIP_IN_USE_<N>_PCIe (/dev/shm), N being the number of
 * /dev/tenstorrent/N. The file holds the mutex, a word saying it was
 * initialised, and the owner's tid and pid, which the owner writes after
 * locking and clears before unlocking: that is how a refused daemon names
 * who holds the chip. The first user initialises the mutex under an flock
 * of the file; a robust mutex whose owner died is taken over
 * (EOWNERDEAD), so a crashed daemon or tt-metal run never wedges the chip.
 * Layout and names: reference facts about tt-umd's robust_mutex, no code
 * of it.
 *
 * A robust mutex belongs to the thread that locked it: the daemon opens
 * and closes the device on its main thread, after it forked into the
 * background.
 */
#include "kmd_internal.h"
#include "runtime_internal.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* "TTUMDMTX": tt-umd's mark of an initialised mutex file. */
#define UMD_LOCK_INITIALIZED 0x5454554d444d5458ull

struct umd_lock_file {
	pthread_mutex_t mutex;
	uint64_t initialized;
	pid_t owner_tid;
	pid_t owner_pid;
};

/* tt-umd's layout on x86-64 glibc; a different size would not interlock. */
_Static_assert(sizeof(pthread_mutex_t) == 40, "glibc x86-64 pthread_mutex_t");
_Static_assert(sizeof(struct umd_lock_file) == 56, "tt-umd's pthread_mutex_wrapper");

/* N of /dev/tenstorrent/N: the path's trailing number, else the device's
 * minor number (tt-kmd gives /dev/tenstorrent/N minor N). */
static long device_number(const struct kmd_backend *kb)
{
	const char *base = strrchr(kb->path, '/');
	struct stat st;
	char *end;
	long n;

	base = base ? base + 1 : kb->path;
	if (isdigit((unsigned char)*base)) {
		n = strtol(base, &end, 10);
		if (*end == '\0')
			return n;
	}
	if (fstat(kb->fd, &st) == 0 && S_ISCHR(st.st_mode))
		return (long)minor(st.st_rdev);
	return 0;
}

/* Other users' UMD processes open the file too, so it must be 0666
 * whatever our umask. That is set on the new file's descriptor, not by
 * umask(0): umask is process-wide, and the daemon's other threads may be
 * creating files at the same moment. A failing fchmod leaves the lock
 * ours to use, only closed to other users: worth a line in the log,
 * not a refused mount. */
static int open_lock_file(const char *path)
{
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
	struct stat st;

	if (fd < 0)
		return fd;
	if (fstat(fd, &st) == 0 && st.st_uid == geteuid() && (st.st_mode & 0666) != 0666 &&
	    fchmod(fd, 0666) < 0)
		fprintf(stderr, "ttfs: %s: cannot make the chip lock usable by other users: %s\n",
			path, strerror(errno));
	return fd;
}

static int init_mutex(struct umd_lock_file *f)
{
	pthread_mutexattr_t attr;
	int rc = pthread_mutexattr_init(&attr);

	if (rc)
		return rc;
	rc = pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	if (!rc)
		rc = pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
	if (!rc)
		rc = pthread_mutex_init(&f->mutex, &attr);
	pthread_mutexattr_destroy(&attr);
	if (rc)
		return rc;
	f->owner_tid = 0;
	f->owner_pid = 0;
	f->initialized = UMD_LOCK_INITIALIZED;
	return 0;
}

/* Sized and mapped, the mutex initialised by whoever comes first: under
 * an flock of the file, as tt-umd does it. 0 or an errno. */
static int map_lock_file(struct kmd_backend *kb, int fd, struct umd_lock_file **out)
{
	struct umd_lock_file *f;
	struct stat st;
	int rc = 0;

	if (kb->sys->flock(fd, LOCK_EX) != 0)
		return errno;
	if (fstat(fd, &st) != 0 ||
	    ((size_t)st.st_size != sizeof(*f) && ftruncate(fd, sizeof(*f)) != 0)) {
		rc = errno;
		goto unlock;
	}
	f = mmap(NULL, sizeof(*f), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (f == MAP_FAILED) {
		rc = errno;
		goto unlock;
	}
	if (f->initialized != UMD_LOCK_INITIALIZED)
		rc = init_mutex(f);
	if (rc)
		munmap(f, sizeof(*f));
	else
		*out = f;
unlock:
	kb->sys->flock(fd, LOCK_UN);
	return rc;
}

/* "pid 1234 (ttfs)", from the owner the file records and /proc. */
static void describe_holder(const struct umd_lock_file *f, char *buf, size_t len)
{
	char comm[64] = "?", path[64];
	long pid = __atomic_load_n(&f->owner_pid, __ATOMIC_RELAXED);
	FILE *p;

	if (pid <= 0) {
		snprintf(buf, len, "a process that did not record its pid");
		return;
	}
	snprintf(path, sizeof(path), "/proc/%ld/comm", pid);
	p = fopen(path, "re");
	if (p) {
		if (fgets(comm, sizeof(comm), p))
			comm[strcspn(comm, "\n")] = '\0';
		fclose(p);
	}
	snprintf(buf, len, "pid %ld (%s)", pid, comm);
}

static int try_take(struct kmd_backend *kb, struct umd_lock_file *f)
{
	int rc = kb->sys->mutex_trylock(&f->mutex);

	/* The owner died holding it: the chip is ours, its state is not
	 * trusted anyway (the boot resets every core). */
	if (rc == EOWNERDEAD)
		rc = pthread_mutex_consistent(&f->mutex);
	if (rc == 0) {
		f->owner_tid = gettid();
		f->owner_pid = getpid();
	}
	return rc;
}

int kmd_chip_lock(struct kmd_backend *kb, char *err, size_t errlen)
{
	char path[TTRT_PATH_MAX], who[128], bdf[32];
	struct umd_lock_file *f = NULL;
	int fd, rc;

	snprintf(path, sizeof(path), "%s/TT_UMD_LOCK.CHIP_IN_USE_%ld_PCIe", kb->sys->lock_dir,
		 device_number(kb));
	fd = open_lock_file(path);
	if (fd < 0) {
		rc = errno;
		ttrt_set_err(err, errlen, "%s: cannot open chip lock %s: %s", kb->path, path,
			     strerror(rc));
		return -rc;
	}
	rc = map_lock_file(kb, fd, &f);
	close(fd);   /* the mapping keeps the mutex */
	if (rc) {
		ttrt_set_err(err, errlen, "%s: cannot set up chip lock %s: %s", kb->path, path,
			     strerror(rc));
		return -rc;
	}
	rc = try_take(kb, f);
	if (rc) {
		if (rc == EBUSY) {
			describe_holder(f, who, sizeof(who));
			kmd_device_bdf(kb, bdf, sizeof(bdf));
			ttrt_set_err(err, errlen, "%s: chip %s is in use by %s (lock %s)", kb->path,
				     bdf, who, path);
		} else {
			ttrt_set_err(err, errlen, "%s: cannot take chip lock %s: %s", kb->path, path,
				     strerror(rc));
		}
		munmap(f, sizeof(*f));
		return -rc;
	}
	kb->chip_lock = f;
	return 0;
}

/* The file stays: tt-umd never removes it either, and removing it could
 * let two owners lock two different mutexes. */
void kmd_chip_unlock(struct kmd_backend *kb)
{
	struct umd_lock_file *f = kb->chip_lock;

	if (!f)
		return;
	f->owner_tid = 0;
	f->owner_pid = 0;
	pthread_mutex_unlock(&f->mutex);
	munmap(f, sizeof(*f));
	kb->chip_lock = NULL;
}
