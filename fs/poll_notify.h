/* SPDX-License-Identifier: Apache-2.0
 *
 * poll(2) on a program's status: the FUSE poll handles the kernel hands
 * us, and the thread that wakes them. The runtime calls its notify
 * callback from its own threads after a state change; that only kicks an
 * eventfd. The notifier thread then sends fuse_lowlevel_notify_poll for
 * every waiter whose program's generation moved past the one it has seen,
 * so no notification is ever sent from inside a request handler or a
 * runtime callback (DESIGN §2, the FS layer).
 */
#ifndef TTFS_POLL_NOTIFY_H
#define TTFS_POLL_NOTIFY_H

#include <fuse_lowlevel.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

struct ttrt_program;

/* One open status file. seen and ph change under the notifier's lock. */
struct poll_waiter {
	struct poll_waiter *prev, *next;   /* linked while the file is open */
	struct ttrt_program *prog;         /* the handle's reference */
	uint64_t seen;                     /* generation of the text it has */
	struct fuse_pollhandle *ph;        /* the kernel waits on it, or NULL */
};

struct poll_notifier {
	pthread_mutex_t lock;
	struct poll_waiter head;
	int efd;                  /* kicks: a state change with a waiter armed, and stop */
	/* Waiters holding a poll handle. A kick with none is skipped: a
	 * program's run changes state twice, and waking this thread for
	 * nothing cost each relaunch through the mount two context switches. */
	_Atomic unsigned armed;
	int stopping;
	int started;
	pthread_t thread;
};

/* init before the session exists; start once the session runs; stop
 * (joins the thread, drops the kernel's waits) before the session is
 * destroyed; destroy after the last program is gone (a late runtime
 * callback still writes to the eventfd). */
int poll_notifier_init(struct poll_notifier *n);
int poll_notifier_start(struct poll_notifier *n);
void poll_notifier_stop(struct poll_notifier *n);
void poll_notifier_destroy(struct poll_notifier *n);
/* The runtime's notify callback (arg: the notifier). Never blocks. */
void poll_notifier_kick(void *arg);

void poll_waiter_add(struct poll_notifier *n, struct poll_waiter *w, uint64_t seen);
void poll_waiter_remove(struct poll_notifier *n, struct poll_waiter *w);
/* The generation a reader now has (it re-read the status). */
void poll_waiter_seen(struct poll_notifier *n, struct poll_waiter *w, uint64_t seen);
/* poll(2): keeps ph (if given) for the next change, and tells whether the
 * status changed since the reader's text: 1 ready, 0 not. */
int poll_waiter_poll(struct poll_notifier *n, struct poll_waiter *w, struct fuse_pollhandle *ph);

#endif
