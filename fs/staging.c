/* SPDX-License-Identifier: Apache-2.0
 *
 * One staging buffer per FUSE worker thread, for replies gathered from
 * many pieces of device memory. It grows to the largest request the
 * thread has served (at most the mount's max_read) and is freed when the
 * thread exits, so idle workers that libfuse retires give their memory
 * back.
 */
#include "staging.h"

#include <pthread.h>
#include <stdlib.h>

struct staging {
	void *mem;
	size_t size;
};

static pthread_key_t staging_key;
static pthread_once_t staging_once = PTHREAD_ONCE_INIT;
static int staging_key_ok;

static void staging_free(void *p)
{
	struct staging *s = p;

	free(s->mem);
	free(s);
}

static void staging_init(void)
{
	staging_key_ok = pthread_key_create(&staging_key, staging_free) == 0;
}

void *staging_get(size_t size)
{
	struct staging *s;
	void *mem;

	if (pthread_once(&staging_once, staging_init) != 0 || !staging_key_ok)
		return NULL;
	s = pthread_getspecific(staging_key);
	if (!s) {
		s = calloc(1, sizeof(*s));
		if (!s)
			return NULL;
		if (pthread_setspecific(staging_key, s) != 0) {
			free(s);
			return NULL;
		}
	}
	if (s->size >= size)
		return s->mem;
	mem = malloc(size);
	if (!mem)
		return NULL;
	free(s->mem);
	s->mem = mem;
	s->size = size;
	return mem;
}
