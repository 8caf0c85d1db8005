/* SPDX-License-Identifier: Apache-2.0
 *
 * The notifier thread of poll(2) on programs' status files (poll_notify.h).
 */
#include "poll_notify.h"
#include "log.h"
#include "ttrt.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

int poll_notifier_init(struct poll_notifier *n)
{
	int rc;

	memset(n, 0, sizeof(*n));
	atomic_init(&n->armed, 0);
	n->head.prev = n->head.next = &n->head;
	n->efd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (n->efd < 0)
		return -errno;
	rc = -pthread_mutex_init(&n->lock, NULL);
	if (rc) {
		close(n->efd);
		n->efd = -1;
	}
	return rc;
}

static void wake_notifier(struct poll_notifier *n)
{
	uint64_t one = 1;

	/* Non-blocking: a counter already at its maximum has a wake pending. */
	if (write(n->efd, &one, sizeof(one)) < 0 && errno != EAGAIN)
		ttfs_log("programs: cannot wake the poll notifier: %s", strerror(errno));
}

/* The runtime bumps the generation (under the program's lock) before it
 * calls this; a poller arms before it reads the generation. So either the
 * poller reads the new generation, or this load sees it armed. */
void poll_notifier_kick(void *arg)
{
	struct poll_notifier *n = arg;

	if (atomic_load(&n->armed))
		wake_notifier(n);
}

/* w->ph = ph under n->lock, counting the waiters that hold one. */
static struct fuse_pollhandle *swap_handle(struct poll_notifier *n, struct poll_waiter *w,
					   struct fuse_pollhandle *ph)
{
	struct fuse_pollhandle *old = w->ph;

	w->ph = ph;
	if (!old && ph)
		atomic_fetch_add(&n->armed, 1);
	else if (old && !ph)
		atomic_fetch_sub(&n->armed, 1);
	return old;
}

/* One poll handle whose program moved on, taken from its waiter. */
static struct fuse_pollhandle *take_ready(struct poll_notifier *n)
{
	struct fuse_pollhandle *ph = NULL;

	pthread_mutex_lock(&n->lock);
	for (struct poll_waiter *w = n->head.next; w != &n->head; w = w->next) {
		if (w->ph && ttrt_program_generation(w->prog) != w->seen) {
			ph = swap_handle(n, w, NULL);
			break;
		}
	}
	pthread_mutex_unlock(&n->lock);
	return ph;
}

static void *notifier_main(void *arg)
{
	struct poll_notifier *n = arg;
	struct pollfd pfd = { .fd = n->efd, .events = POLLIN };
	struct fuse_pollhandle *ph;
	uint64_t count;

	for (;;) {
		if (poll(&pfd, 1, -1) < 0 && errno != EINTR) {
			ttfs_log("programs: poll notifier: %s", strerror(errno));
			return NULL;
		}
		if (read(n->efd, &count, sizeof(count)) < 0 && errno != EAGAIN)
			ttfs_log("programs: poll notifier: %s", strerror(errno));
		pthread_mutex_lock(&n->lock);
		if (n->stopping) {
			pthread_mutex_unlock(&n->lock);
			return NULL;
		}
		pthread_mutex_unlock(&n->lock);
		/* The kernel polls again on the notification; a handle it
		 * gives back then waits for the next change. */
		while ((ph = take_ready(n)) != NULL) {
			fuse_lowlevel_notify_poll(ph);
			fuse_pollhandle_destroy(ph);
		}
	}
}

int poll_notifier_start(struct poll_notifier *n)
{
	int rc = -pthread_create(&n->thread, NULL, notifier_main, n);

	if (rc == 0)
		n->started = 1;
	return rc;
}

void poll_notifier_stop(struct poll_notifier *n)
{
	struct fuse_pollhandle *ph;

	pthread_mutex_lock(&n->lock);
	n->stopping = 1;
	pthread_mutex_unlock(&n->lock);
	if (n->started) {
		wake_notifier(n);
		pthread_join(n->thread, NULL);
		n->started = 0;
	}
	/* The kernel no longer waits on anything once the session ends. */
	pthread_mutex_lock(&n->lock);
	for (struct poll_waiter *w = n->head.next; w != &n->head; w = w->next) {
		ph = swap_handle(n, w, NULL);
		if (ph)
			fuse_pollhandle_destroy(ph);
	}
	pthread_mutex_unlock(&n->lock);
}

void poll_notifier_destroy(struct poll_notifier *n)
{
	if (n->efd >= 0)
		close(n->efd);
	n->efd = -1;
	pthread_mutex_destroy(&n->lock);
}

void poll_waiter_add(struct poll_notifier *n, struct poll_waiter *w, uint64_t seen)
{
	w->seen = seen;
	w->ph = NULL;
	pthread_mutex_lock(&n->lock);
	w->next = n->head.next;
	w->prev = &n->head;
	n->head.next->prev = w;
	n->head.next = w;
	pthread_mutex_unlock(&n->lock);
}

void poll_waiter_remove(struct poll_notifier *n, struct poll_waiter *w)
{
	struct fuse_pollhandle *ph;

	pthread_mutex_lock(&n->lock);
	w->prev->next = w->next;
	w->next->prev = w->prev;
	w->prev = w->next = w;
	ph = swap_handle(n, w, NULL);
	pthread_mutex_unlock(&n->lock);
	if (ph)
		fuse_pollhandle_destroy(ph);
}

void poll_waiter_seen(struct poll_notifier *n, struct poll_waiter *w, uint64_t seen)
{
	pthread_mutex_lock(&n->lock);
	w->seen = seen;
	pthread_mutex_unlock(&n->lock);
}

int poll_waiter_poll(struct poll_notifier *n, struct poll_waiter *w, struct fuse_pollhandle *ph)
{
	struct fuse_pollhandle *old = NULL;
	int ready;

	pthread_mutex_lock(&n->lock);
	if (ph && !n->stopping) {
		old = swap_handle(n, w, ph);
		ph = NULL;
	}
	/* After storing ph: a change from now on finds it, one before shows
	 * here. */
	ready = ttrt_program_generation(w->prog) != w->seen;
	pthread_mutex_unlock(&n->lock);
	if (old)
		fuse_pollhandle_destroy(old);
	if (ph)
		fuse_pollhandle_destroy(ph);
	return ready;
}
