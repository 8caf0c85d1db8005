/* SPDX-License-Identifier: Apache-2.0
 *
 * Staging buffers for replies gathered from many pieces of device memory:
 * a small pool, each buffer as large as the largest request it has served
 * (at most the mount's max_read). A buffer outlives the thread that used
 * it: libfuse starts and retires worker threads as load comes and goes,
 * and a buffer per thread was freed with its thread, so a new thread's
 * first large read paid a page fault per 4 KiB (a 1 MiB read of a
 * tile-paged DRAM buffer fell from 0.97x to 0.6-0.7x the floor's speed).
 * At most STAGING_KEEP buffers stay in the pool; one more at the same
 * time is made and freed on the spot.
 */
#include "staging.h"

#include <pthread.h>
#include <stdlib.h>

#define STAGING_KEEP 8

struct staging {
	void *mem;
	size_t size;
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct staging pool[STAGING_KEEP];
static int pool_n;

struct staging *staging_get(size_t size)
{
	struct staging *s = NULL;
	void *mem;

	pthread_mutex_lock(&pool_lock);
	if (pool_n > 0) {
		s = malloc(sizeof(*s));
		if (s)
			*s = pool[--pool_n];
	}
	pthread_mutex_unlock(&pool_lock);
	if (!s) {
		s = calloc(1, sizeof(*s));
		if (!s)
			return NULL;
	}
	if (s->size >= size)
		return s;
	mem = malloc(size);
	if (!mem) {
		staging_put(s);
		return NULL;
	}
	free(s->mem);
	s->mem = mem;
	s->size = size;
	return s;
}

void *staging_mem(const struct staging *s)
{
	return s->mem;
}

void staging_put(struct staging *s)
{
	if (!s)
		return;
	pthread_mutex_lock(&pool_lock);
	if (pool_n < STAGING_KEEP) {
		pool[pool_n++] = *s;
		s->mem = NULL;
	}
	pthread_mutex_unlock(&pool_lock);
	free(s->mem);
	free(s);
}

void staging_drain(void)
{
	pthread_mutex_lock(&pool_lock);
	while (pool_n > 0)
		free(pool[--pool_n].mem);
	pthread_mutex_unlock(&pool_lock);
}
