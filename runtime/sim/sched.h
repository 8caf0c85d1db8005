/* SPDX-License-Identifier: Apache-2.0
 *
 * Runs simulated cores on a pool of host threads, one thread per host CPU.
 * A core is on the run queue only while one of its harts can make
 * progress; a core whose harts all poll (parked) costs nothing until
 * something writes to it and calls sim_sched_wake().
 */
#ifndef TTFS_SIM_SCHED_H
#define TTFS_SIM_SCHED_H

#include <pthread.h>
#include <stdint.h>

struct sim_core;

struct sim_sched {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct sim_core *head, *tail;
	pthread_t *threads;
	int nthreads;
	int stop;
	/* Counts the turns after which a core had nothing left to run (it
	 * finished, faulted or waits on something outside itself), so that
	 * the host can sleep until that happens instead of polling. Under
	 * lock; quiet_cond is on CLOCK_MONOTONIC. */
	uint64_t quiet_seq;
	pthread_cond_t quiet_cond;
};

int sim_sched_start(struct sim_sched *s, int nthreads);
void sim_sched_stop(struct sim_sched *s);
/* Something wrote to the core: parked harts look again, and the core runs. */
void sim_sched_wake(struct sim_core *core);
uint64_t sim_sched_quiet_count(struct sim_sched *s);
/* Sleeps until the count differs from `seen` or timeout_ns passes. */
void sim_sched_wait_quiet(struct sim_sched *s, uint64_t seen, uint64_t timeout_ns);

#endif
