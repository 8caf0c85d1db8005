/* SPDX-License-Identifier: Apache-2.0
 *
 * Two programs may not share a core at the same time (DESIGN §4): a run
 * claims all its cores at once, or none, and gives them back when it ends.
 * Each launch also records which kernels run on each of its cores, for the
 * views (cores/X,Y/status, device/grid) until the next launch there or a
 * reset.
 */
#include "program/program_internal.h"
#include "program/args/kernel_groups.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int prog_cores_claim(struct ttrt_program *p, const struct ttrt_xy *cores, uint32_t n, char *err,
		     size_t errlen)
{
	struct ttrt_device *dev = p->dev;
	int rc = 0;
	uint32_t i;

	pthread_mutex_lock(&dev->programs_lock);
	for (i = 0; i < n; i++) {
		struct ttrt_program *owner = dev->core_owner[ttrt_core_index(cores[i])];

		if (owner && owner != p) {
			ttrt_set_err(err, errlen, "core %u,%u is in use by program '%s'", cores[i].x,
				     cores[i].y, owner->name);
			rc = -EBUSY;
			break;
		}
	}
	for (i = 0; rc == 0 && i < n; i++)
		dev->core_owner[ttrt_core_index(cores[i])] = p;
	pthread_mutex_unlock(&dev->programs_lock);
	return rc;
}

void prog_cores_release(struct ttrt_program *p, const struct ttrt_xy *cores, uint32_t n)
{
	struct ttrt_device *dev = p->dev;

	pthread_mutex_lock(&dev->programs_lock);
	for (uint32_t i = 0; i < n; i++) {
		int idx = ttrt_core_index(cores[i]);

		if (dev->core_owner[idx] == p)
			dev->core_owner[idx] = NULL;
	}
	pthread_mutex_unlock(&dev->programs_lock);
}

/* A device reset stops everything: each program running asks its run
 * thread to stop, which resets its cores and lets go of the chip. */
void ttrt_programs_stop_all(struct ttrt_device *dev)
{
	pthread_mutex_lock(&dev->programs_lock);
	for (int i = 0; i < TTRT_NUM_TENSIX; i++) {
		struct ttrt_program *p = dev->core_owner[i];

		if (!p)
			continue;
		pthread_mutex_lock(&p->lock);
		if (p->running)
			p->stop_requested = true;
		pthread_mutex_unlock(&p->lock);
	}
	pthread_mutex_unlock(&dev->programs_lock);
}

void ttrt_program_thread_enter(struct ttrt_device *dev)
{
	pthread_mutex_lock(&dev->program_threads_lock);
	dev->program_threads++;
	pthread_mutex_unlock(&dev->program_threads_lock);
}

void ttrt_program_thread_leave(struct ttrt_device *dev)
{
	pthread_mutex_lock(&dev->program_threads_lock);
	if (--dev->program_threads == 0)
		pthread_cond_broadcast(&dev->program_threads_done);
	pthread_mutex_unlock(&dev->program_threads_lock);
}

static int cancel_builds(struct ttrt_program *p, void *arg)
{
	(void)arg;
	prog_builds_cancel(p, -EINTR);
	return 0;
}

void ttrt_programs_wait_threads(struct ttrt_device *dev)
{
	ttrt_programs_stop_all(dev);
	/* Background builds are program threads too: their compilers are
	 * killed, not waited for. */
	ttrt_program_foreach(dev, cancel_builds, NULL);
	pthread_mutex_lock(&dev->program_threads_lock);
	while (dev->program_threads)
		pthread_cond_wait(&dev->program_threads_done, &dev->program_threads_lock);
	pthread_mutex_unlock(&dev->program_threads_lock);
}

static void record_core(struct ttrt_core_kernels *ck, const struct ttrt_program *p,
			const struct prog_args *a, const struct prog_group *g)
{
	memset(ck, 0, sizeof(*ck));
	snprintf(ck->program, sizeof(ck->program), "%s", p->name);
	for (int risc = 0; risc < TTRT_NUM_RISCS; risc++) {
		enum prog_processor proc = prog_processor_of_risc(risc);
		const struct prog_kernel_args *k;

		if (g->kernel[proc] < 0)
			continue;
		k = &a->kernel[g->kernel[proc]];
		snprintf(ck->kernel[risc], sizeof(ck->kernel[risc]), "%s", k->name);
		snprintf(ck->source[risc], sizeof(ck->source[risc]), "%s", k->source);
	}
}

int prog_cores_record(struct ttrt_program *p, const struct prog_args *a,
		      const struct prog_plan *plan)
{
	struct ttrt_device *dev = p->dev;
	int rc = 0;

	pthread_mutex_lock(&dev->programs_lock);
	if (!dev->core_kernels)
		dev->core_kernels = calloc(TTRT_NUM_TENSIX, sizeof(*dev->core_kernels));
	if (!dev->core_kernels)
		rc = -ENOMEM;
	for (uint32_t c = 0; rc == 0 && c < plan->n_cores; c++)
		record_core(&dev->core_kernels[ttrt_core_index(a->cores[plan->core[c]])], p, a,
			    &plan->groups[plan->group_of[c]]);
	pthread_mutex_unlock(&dev->programs_lock);
	return rc;
}

void ttrt_core_kernels_clear(struct ttrt_device *dev)
{
	pthread_mutex_lock(&dev->programs_lock);
	free(dev->core_kernels);
	dev->core_kernels = NULL;
	pthread_mutex_unlock(&dev->programs_lock);
}

int ttrt_core_kernels(struct ttrt_device *dev, struct ttrt_xy core, struct ttrt_core_kernels *out)
{
	int idx = ttrt_core_index(core);

	if (idx < 0)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	pthread_mutex_lock(&dev->programs_lock);
	if (dev->core_kernels)
		*out = dev->core_kernels[idx];
	out->running = out->program[0] && dev->core_owner[idx] != NULL;
	pthread_mutex_unlock(&dev->programs_lock);
	return 0;
}
