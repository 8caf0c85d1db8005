/* SPDX-License-Identifier: Apache-2.0
 *
 * Runtime internals shared between runtime/ files; not part of ttrt.h.
 */
#ifndef TTRT_INTERNAL_H
#define TTRT_INTERNAL_H

#include "ttrt.h"
#include "backend.h"
#include "firmware_image.h"

#include <pthread.h>
#include <stdarg.h>

int ttrt_dram_harvested_physical(void);
int ttrt_worker_column_noc0(int logical_x);
/* Translated NOC coordinates of a logical DRAM bank as kernels address it. */
struct ttrt_xy ttrt_dram_translated_xy(int logical_bank, int noc);

struct ttrt_dram_allocator;

struct ttrt_device {
	struct ttrt_config cfg;
	struct ttrt_backend *backend;
	char backend_desc[TTRT_PATH_MAX + 8];

	pthread_mutex_t buffers_lock;      /* buffer list and allocator */
	struct ttrt_buffer *buffers, *buffers_tail;   /* creation order */
	struct ttrt_dram_allocator *dram_alloc;

	struct fw_image firmware[TTRT_NUM_RISCS];   /* brisc, ncrisc, trisc0..2 */
	pthread_mutex_t control_lock;               /* boot/reset vs. launches */
};

int ttrt_firmware_load_all(struct ttrt_device *dev, char *err, size_t errlen);
void ttrt_firmware_free_all(struct ttrt_device *dev);
int ttrt_device_boot(struct ttrt_device *dev, char *err, size_t errlen);

/* printf into err, if there is one. */
void ttrt_set_err(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* ---- DRAM allocator: ranges of bank address, the same in all banks ---- */
int ttrt_dram_allocator_create(uint64_t bank_size, struct ttrt_dram_allocator **out);
void ttrt_dram_allocator_destroy(struct ttrt_dram_allocator *a);
int ttrt_dram_alloc(struct ttrt_dram_allocator *a, uint64_t bytes, uint64_t *addr);
/* Takes exactly [addr, addr + bytes) if it is free. */
int ttrt_dram_alloc_at(struct ttrt_dram_allocator *a, uint64_t addr, uint64_t bytes);
void ttrt_dram_free(struct ttrt_dram_allocator *a, uint64_t addr, uint64_t bytes);
uint64_t ttrt_dram_allocator_largest_free(const struct ttrt_dram_allocator *a);

void ttrt_buffers_destroy_all(struct ttrt_device *dev);

/* ttrt_dram_direct that appends to iov[0..*n), merging a piece into the
 * last one when they are contiguous in host memory; 0 or -errno. */
struct iovec;
int ttrt_dram_direct_append(struct ttrt_device *dev, int bank, uint64_t addr, size_t len,
			    int writing, struct iovec *iov, int *n, int max_iov);

#endif
