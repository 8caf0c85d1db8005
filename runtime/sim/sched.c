/* SPDX-License-Identifier: Apache-2.0 */
#include "sched.h"
#include "chip.h"
#include "core.h"

#include <errno.h>
#include <stdlib.h>

/* Slices a core runs before it goes to the back of the queue. */
#define SLICES_PER_TURN 8

static void enqueue_locked(struct sim_sched *s, struct sim_core *core)
{
	core->next_in_queue = NULL;
	if (s->tail)
		s->tail->next_in_queue = core;
	else
		s->head = core;
	s->tail = core;
	pthread_cond_signal(&s->cond);
}

static void enqueue(struct sim_sched *s, struct sim_core *core)
{
	pthread_mutex_lock(&s->lock);
	enqueue_locked(s, core);
	pthread_mutex_unlock(&s->lock);
}

void sim_sched_wake(struct sim_core *core)
{
	struct sim_sched *s = &core->chip->sched;

	pthread_mutex_lock(&core->lock);
	atomic_fetch_add(&core->wake_gen, 1);
	if (core->running) {
		core->wake_pending = 1;
	} else if (!core->queued) {
		core->queued = 1;
		enqueue(s, core);
	}
	pthread_mutex_unlock(&core->lock);
}

static struct sim_core *dequeue(struct sim_sched *s)
{
	struct sim_core *core;

	pthread_mutex_lock(&s->lock);
	while (!s->head && !s->stop)
		pthread_cond_wait(&s->cond, &s->lock);
	core = s->head;
	if (core && !s->stop) {
		s->head = core->next_in_queue;
		if (!s->head)
			s->tail = NULL;
	} else {
		core = NULL;
	}
	pthread_mutex_unlock(&s->lock);
	return core;
}

static void run_turn(struct sim_sched *s, struct sim_core *core)
{
	int more = 0;

	pthread_mutex_lock(&core->lock);
	core->queued = 0;
	core->running = 1;
	pthread_mutex_unlock(&core->lock);

	for (int i = 0; i < SLICES_PER_TURN; i++) {
		more = sim_core_run_slice(core);
		if (!more)
			break;
	}

	pthread_mutex_lock(&core->lock);
	core->running = 0;
	if (more || core->wake_pending) {
		core->wake_pending = 0;
		core->queued = 1;
		enqueue(s, core);
	}
	pthread_mutex_unlock(&core->lock);
}

static void *worker(void *arg)
{
	struct sim_sched *s = arg;
	struct sim_core *core;

	while ((core = dequeue(s)) != NULL)
		run_turn(s, core);
	return NULL;
}

int sim_sched_start(struct sim_sched *s, int nthreads)
{
	int rc;

	s->head = s->tail = NULL;
	s->stop = 0;
	s->nthreads = 0;
	rc = pthread_mutex_init(&s->lock, NULL);
	if (rc)
		return -rc;
	rc = pthread_cond_init(&s->cond, NULL);
	if (rc)
		goto fail_lock;
	s->threads = calloc((size_t)nthreads, sizeof(*s->threads));
	if (!s->threads) {
		rc = ENOMEM;
		goto fail_cond;
	}
	for (int i = 0; i < nthreads; i++) {
		rc = pthread_create(&s->threads[i], NULL, worker, s);
		if (rc) {
			sim_sched_stop(s);
			return -rc;
		}
		s->nthreads++;
	}
	return 0;

fail_cond:
	pthread_cond_destroy(&s->cond);
fail_lock:
	pthread_mutex_destroy(&s->lock);
	return -rc;
}

void sim_sched_stop(struct sim_sched *s)
{
	pthread_mutex_lock(&s->lock);
	s->stop = 1;
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->lock);
	for (int i = 0; i < s->nthreads; i++)
		pthread_join(s->threads[i], NULL);
	free(s->threads);
	s->threads = NULL;
	pthread_cond_destroy(&s->cond);
	pthread_mutex_destroy(&s->lock);
}
