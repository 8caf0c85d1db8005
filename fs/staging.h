/* SPDX-License-Identifier: Apache-2.0 */
#ifndef TTFS_STAGING_H
#define TTFS_STAGING_H

#include <stddef.h>

struct staging;

/* A staging buffer of at least size bytes from the pool (staging.c), or
 * NULL when out of memory. Give it back with staging_put. */
struct staging *staging_get(size_t size);
void *staging_mem(const struct staging *s);
void staging_put(struct staging *s);
/* Frees the pool's buffers (at exit, so leak checkers see none). */
void staging_drain(void);

#endif
