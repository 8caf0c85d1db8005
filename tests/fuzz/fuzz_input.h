/* SPDX-License-Identifier: Apache-2.0
 *
 * The parsers under test take a path: each fuzzer keeps one memfd, puts
 * the input in it and hands over /proc/self/fd/N, so no run touches disk.
 */
#ifndef TTFS_FUZZ_INPUT_H
#define TTFS_FUZZ_INPUT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* Fail loudly: a broken invariant is a finding, like a crash. */
#define FUZZ_CHECK(cond)                                                       \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "%s:%d: invariant failed: %s\n",       \
				__FILE__, __LINE__, #cond);                    \
			abort();                                               \
		}                                                              \
	} while (0)

struct fuzz_file {
	int fd;
	char path[32];
};

/* Replace the memfd's contents with data; the path stays the same. */
static inline void fuzz_file_put(struct fuzz_file *f, const char *name,
				 const uint8_t *data, size_t size)
{
	if (f->path[0] == '\0') {
		f->fd = memfd_create(name, MFD_CLOEXEC);
		if (f->fd < 0) {
			perror("memfd_create");
			abort();
		}
		snprintf(f->path, sizeof(f->path), "/proc/self/fd/%d", f->fd);
	}
	if (ftruncate(f->fd, 0) != 0) {
		perror("ftruncate");
		abort();
	}
	for (size_t done = 0; done < size;) {
		ssize_t n = pwrite(f->fd, data + done, size - done, (off_t)done);
		if (n <= 0) {
			perror("pwrite");
			abort();
		}
		done += (size_t)n;
	}
}

#endif
