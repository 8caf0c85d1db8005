/* SPDX-License-Identifier: Apache-2.0
 *
 * One owner per chip. Like tt-umd's named locks, it is an flock on a file
 * in /dev/shm named after the chip's PCI address, so it is the chip that
 * is locked, whatever /dev/tenstorrent/N it was opened through, and the
 * kernel drops the lock when the owner dies, however it dies. The owner
 * writes its pid into the file, so a second daemon can say who holds the
 * chip instead of only that someone does.
 */
#include "kmd_internal.h"
#include "runtime_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

/* "pid 1234 (ttfs)" from the lock file and /proc, or "an unknown process". */
static void describe_holder(int fd, char *buf, size_t len)
{
	char text[32] = "", comm[64] = "?", path[64];
	ssize_t n = pread(fd, text, sizeof(text) - 1, 0);
	long pid = n > 0 ? strtol(text, NULL, 10) : 0;
	FILE *f;

	if (pid <= 0) {
		snprintf(buf, len, "an unknown process");
		return;
	}
	snprintf(path, sizeof(path), "/proc/%ld/comm", pid);
	f = fopen(path, "re");
	if (f) {
		if (fgets(comm, sizeof(comm), f))
			comm[strcspn(comm, "\n")] = '\0';
		fclose(f);
	}
	snprintf(buf, len, "pid %ld (%s)", pid, comm);
}

static void record_owner(int fd)
{
	char text[32];
	int n = snprintf(text, sizeof(text), "%ld\n", (long)getpid());

	/* Best effort: the lock is what counts, the pid only explains it. */
	if (ftruncate(fd, 0) == 0 && pwrite(fd, text, (size_t)n, 0) != n)
		(void)ftruncate(fd, 0);
}

int kmd_chip_lock(struct kmd_backend *kb, char *err, size_t errlen)
{
	char bdf[32], path[TTRT_PATH_MAX], who[128];
	int fd;

	kmd_device_bdf(kb, bdf, sizeof(bdf));
	snprintf(path, sizeof(path), "%s/ttfs-chip-%s.lock", kb->sys->lock_dir, bdf);
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0) {
		int e = errno;
		ttrt_set_err(err, errlen, "%s: cannot open chip lock %s: %s", kb->path, path,
			     strerror(e));
		return -e;
	}
	if (kb->sys->flock(fd, LOCK_EX | LOCK_NB) != 0) {
		int e = errno;
		if (e == EWOULDBLOCK) {
			describe_holder(fd, who, sizeof(who));
			ttrt_set_err(err, errlen, "%s: chip %s is in use by %s (lock %s)", kb->path,
				     bdf, who, path);
			e = EBUSY;
		} else {
			ttrt_set_err(err, errlen, "%s: cannot lock %s: %s", kb->path, path,
				     strerror(e));
		}
		close(fd);
		return -e;
	}
	record_owner(fd);
	kb->lock_fd = fd;
	return 0;
}

/* The file stays: removing it could let two owners lock two files. */
void kmd_chip_unlock(struct kmd_backend *kb)
{
	if (kb->lock_fd < 0)
		return;
	if (ftruncate(kb->lock_fd, 0) != 0) {
		/* a stale pid is harmless: nobody holds the lock */
	}
	kb->sys->flock(kb->lock_fd, LOCK_UN);
	close(kb->lock_fd);
	kb->lock_fd = -1;
}
