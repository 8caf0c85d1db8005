/* SPDX-License-Identifier: Apache-2.0 */
#include "sched.h"
#include "chip.h"
#include "core.h"
#include "timespec_after.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>

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

/* Nothing else waits for a worker: a core that still has work keeps its
 * worker. Handing it to the queue would wake an idle worker to take it,
 * and a lone busy core would then hop between host CPUs every turn, with
 * a futex wake and a cold cache each time. */
static int queue_idle(struct sim_sched *s)
{
	int idle;

	pthread_mutex_lock(&s->lock);
	idle = !s->head && !s->stop;
	pthread_mutex_unlock(&s->lock);
	return idle;
}

static void note_quiet(struct sim_sched *s)
{
	pthread_mutex_lock(&s->lock);
	s->quiet_seq++;
	pthread_cond_broadcast(&s->quiet_cond);
	pthread_mutex_unlock(&s->lock);
}

uint64_t sim_sched_quiet_count(struct sim_sched *s)
{
	uint64_t seq;

	pthread_mutex_lock(&s->lock);
	seq = s->quiet_seq;
	pthread_mutex_unlock(&s->lock);
	return seq;
}

void sim_sched_wait_quiet(struct sim_sched *s, uint64_t seen, uint64_t timeout_ns)
{
	struct timespec until = timespec_after(CLOCK_MONOTONIC, timeout_ns);

	pthread_mutex_lock(&s->lock);
	while (s->quiet_seq == seen && !s->stop) {
		if (pthread_cond_timedwait(&s->quiet_cond, &s->lock, &until) == ETIMEDOUT)
			break;
	}
	pthread_mutex_unlock(&s->lock);
}

static void run_turn(struct sim_sched *s, struct sim_core *core)
{
	int more = 0;

	pthread_mutex_lock(&core->lock);
	core->queued = 0;
	core->running = 1;
	pthread_mutex_unlock(&core->lock);

	do {
		for (int i = 0; i < SLICES_PER_TURN; i++) {
			more = sim_core_run_slice(core);
			if (!more)
				break;
		}
	} while (more && queue_idle(s));

	pthread_mutex_lock(&core->lock);
	core->running = 0;
	if (more || core->wake_pending) {
		core->wake_pending = 0;
		core->queued = 1;
		enqueue(s, core);
		more = 1;
	}
	pthread_mutex_unlock(&core->lock);
	if (!more)
		note_quiet(s);
}

static void *worker(void *arg)
{
	struct sim_sched *s = arg;
	struct sim_core *core;

	while ((core = dequeue(s)) != NULL)
		run_turn(s, core);
	return NULL;
}

static int init_quiet_cond(struct sim_sched *s)
{
	pthread_condattr_t attr;
	int rc = pthread_condattr_init(&attr);

	if (rc)
		return rc;
	rc = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	if (!rc)
		rc = pthread_cond_init(&s->quiet_cond, &attr);
	pthread_condattr_destroy(&attr);
	return rc;
}

int sim_sched_start(struct sim_sched *s, int nthreads)
{
	int rc;

	s->head = s->tail = NULL;
	s->stop = 0;
	s->quiet_seq = 0;
	s->nthreads = 0;
	rc = pthread_mutex_init(&s->lock, NULL);
	if (rc)
		return -rc;
	rc = pthread_cond_init(&s->cond, NULL);
	if (rc)
		goto fail_lock;
	rc = init_quiet_cond(s);
	if (rc)
		goto fail_cond;
	s->threads = calloc((size_t)nthreads, sizeof(*s->threads));
	if (!s->threads) {
		rc = ENOMEM;
		goto fail_quiet;
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

fail_quiet:
	pthread_cond_destroy(&s->quiet_cond);
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
	pthread_cond_broadcast(&s->quiet_cond);
	pthread_mutex_unlock(&s->lock);
	for (int i = 0; i < s->nthreads; i++)
		pthread_join(s->threads[i], NULL);
	free(s->threads);
	s->threads = NULL;
	pthread_cond_destroy(&s->quiet_cond);
	pthread_cond_destroy(&s->cond);
	pthread_mutex_destroy(&s->lock);
}
