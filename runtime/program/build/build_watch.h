/* SPDX-License-Identifier: Apache-2.0 */
/* A device's stamp of what its compilers read besides the request (the
 * SDK, the toolchain, a card's trees: build_env_stamp), kept between
 * builds while inotify reports no change in those trees, so that a
 * relaunch of a built program does not walk a thousand files to learn
 * that nothing changed. */
#ifndef TTFS_PROGRAM_BUILD_WATCH_H
#define TTFS_PROGRAM_BUILD_WATCH_H

#include "program/build/build.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

struct build_watch {
	pthread_mutex_t lock;
	int fd;            /* inotify; -1: walk at every build */
	bool kept;         /* stamp is the trees' state as of the last walk */
	uint64_t stamp;
};

/* Never fails: without inotify every stamp is a walk, as before. */
void build_watch_init(struct build_watch *w);
void build_watch_destroy(struct build_watch *w);
/* build_env_stamp's value: the kept one if no event came since it was
 * taken, else a new walk that watches every directory it reads. A stamp
 * with a file younger than CACHE_RACY_NS or a missing tree is not kept.
 * 0 or -errno. */
int build_watch_stamp(struct build_watch *w, const struct build_env *env, uint64_t *stamp);

#endif
