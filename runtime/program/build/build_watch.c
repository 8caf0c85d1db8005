/* SPDX-License-Identifier: Apache-2.0
 *
 * The kept build stamp (build_watch.h). inotify queues an event in the
 * system call that changes a watched directory's entry, so an event
 * read before the kept stamp is used covers every change that finished
 * before the build began; a change during a walk is read at the next
 * build and walks again.
 */
#include "program/build/build_watch.h"

#include <errno.h>
#include <stdalign.h>
#include <sys/inotify.h>
#include <unistd.h>

/* Everything that changes what a walk hashes of an entry in the
 * directory, or of the watched path itself. */
#define WATCH_MASK                                                                     \
	(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | \
	 IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_DONT_FOLLOW)

void build_watch_init(struct build_watch *w)
{
	pthread_mutex_init(&w->lock, NULL);
	w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	w->kept = false;
	w->stamp = 0;
}

void build_watch_destroy(struct build_watch *w)
{
	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
	pthread_mutex_destroy(&w->lock);
}

static void watch_off(struct build_watch *w)
{
	close(w->fd);
	w->fd = -1;
	w->kept = false;
}

/* True when an event (or a lost one: IN_Q_OVERFLOW) was queued. */
static bool drain_events(struct build_watch *w)
{
	alignas(struct inotify_event) char buf[4096];
	bool any = false;

	for (;;) {
		ssize_t n = read(w->fd, buf, sizeof(buf));

		if (n > 0) {
			any = true;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno != EAGAIN)
			watch_off(w);   /* cannot tell: walk from now on */
		return any;
	}
}

static int watch_entry(const char *path, void *arg)
{
	struct build_watch *w = arg;

	/* Out of watches (fs.inotify.max_user_watches): walk every time. */
	if (w->fd >= 0 && inotify_add_watch(w->fd, path, WATCH_MASK) < 0)
		watch_off(w);
	return 0;
}

int build_watch_stamp(struct build_watch *w, const struct build_env *env, uint64_t *stamp)
{
	struct cache_stamp_watch watch = { .on_entry = watch_entry, .arg = w };
	bool racy = false;
	int ret;

	pthread_mutex_lock(&w->lock);
	if (w->fd >= 0 && drain_events(w))
		w->kept = false;
	if (w->fd >= 0 && w->kept) {
		*stamp = w->stamp;
		pthread_mutex_unlock(&w->lock);
		return 0;
	}
	ret = build_env_stamp_watched(env, w->fd >= 0 ? &watch : NULL, &racy, stamp);
	w->kept = ret == 0 && !racy && w->fd >= 0;
	w->stamp = *stamp;
	pthread_mutex_unlock(&w->lock);
	return ret;
}
