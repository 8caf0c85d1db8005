/* SPDX-License-Identifier: Apache-2.0
 *
 * Building a program: a build takes the program's files and args as they
 * are, makes a job for each kernel's RISC (program_build_jobs.c), reuses
 * what the last build made where nothing changed, reads the rest from
 * the content-addressed cache or compiles it, and stores the outcome
 * (program_built.c). Here: who builds when (a background build after
 * each change, a run's or ttrt_program_build's own), how builds wait for
 * each other and stop, and the state and error they leave. What the last
 * build made is read by program_artifacts.c (build/).
 */
#include "program/program_build_jobs.h"
#include "program/build/build_watch.h"
#include "data_dirs.h"
#include "timespec_after.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The build setup is the same for every program of a device: made once,
 * at the first build, and kept only if it worked, so that a compiler
 * installed later is found. */
static int build_env_get(struct ttrt_device *dev, const struct build_env **out, char *err,
			 size_t errlen)
{
	const struct ttrt_data_dirs *data = ttrt_data_dirs();
	int rc = 0;

	pthread_mutex_lock(&dev->programs_lock);
	if (!dev->build_env) {
		struct build_env *env = malloc(sizeof(*env));

		if (!env)
			rc = -ENOMEM;
		else if (dev->card_build)   /* tt-metal's recipe (card_kernel.c) */
			rc = build_env_init_card(env, dev->cfg.tt_metal_home, dev->cfg.sfpi_path,
						 dev->card_fw_dir, dev->card_fw_key,
						 data->sdk, data->include, dev->cfg.cache_dir,
						 err, errlen);
		else
			rc = build_env_init(env, NULL, data->sdk, data->include,
					    dev->cfg.cache_dir, err, errlen);
		if (rc == 0)
			env->profiler_off = dev->cfg.backend == TTRT_BACKEND_KMD;
		if (rc == 0 && !(dev->build_watch = malloc(sizeof(*dev->build_watch))))
			rc = -ENOMEM;
		if (rc == 0) {
			build_watch_init(dev->build_watch);
			dev->build_env = env;
		} else {
			free(env);
		}
	}
	*out = dev->build_env;
	pthread_mutex_unlock(&dev->programs_lock);
	return rc;
}
struct build_run {
	struct ttrt_program *p;
	struct prog_inputs in;
	struct prog_args *args;
	struct prog_resolved *resolved;
	struct prog_plan plan;
	struct prog_jobs jobs;
	char err[PROG_ERROR_MAX];
	unsigned compiled, cache_hits;
	uint64_t seq;             /* order of the inputs taken */
	uint64_t cancel_seq;      /* p->build_cancel_seq when it began */
	struct build_limits limits;   /* every compiler's */
};

/* Polled by the compilers' watchers: why this build must stop, or 0. */
static int build_should_stop(void *arg)
{
	struct build_run *b = arg;
	struct ttrt_program *p = b->p;
	int why = 0;

	pthread_mutex_lock(&p->lock);
	if (p->deleted || p->removing)
		why = -ENOENT;
	else if (p->build_cancel_seq != b->cancel_seq)
		why = p->build_cancel_why;
	pthread_mutex_unlock(&p->lock);
	return why;
}

void prog_builds_cancel_locked(struct ttrt_program *p, int why)
{
	p->build_cancel_seq++;
	p->build_cancel_why = why;
	pthread_cond_broadcast(&p->changed);
}

void prog_builds_cancel(struct ttrt_program *p, int why)
{
	pthread_mutex_lock(&p->lock);
	prog_builds_cancel_locked(p, why);
	pthread_mutex_unlock(&p->lock);
}

static void set_limits(struct build_run *b, const struct ttrt_config *cfg)
{
	b->limits = (struct build_limits){
		.timeout_ms = b->args->build_timeout_ms ? b->args->build_timeout_ms :
							  cfg->build_timeout_ms,
		.as_bytes = BUILD_AS_BYTES_DEFAULT,
		.stop = build_should_stop,
		.stop_arg = b,
	};
}

static int prepare(struct ttrt_program *p, struct build_run *b)
{
	int rc;

	/* Args that did not parse fail here again, with their own reason. */
	rc = prog_args_parse(b->in.args_text ? b->in.args_text : "", b->in.args_len, "args",
			     TTRT_TENSIX_GRID_X, TTRT_TENSIX_GRID_Y, &b->args, b->err,
			     sizeof(b->err));
	/* Which kernels run, before the buffers: a missing source is the
	 * args' own mistake, a missing buffer may just not be made yet. */
	if (rc == 0)
		rc = prog_plan_make(b->args, prog_input_exists, &b->in, "args", &b->plan, b->err,
				    sizeof(b->err));
	if (rc == 0)
		rc = prog_resolve(p, b->args, false, &b->resolved, b->err, sizeof(b->err));
	if (rc)
		return rc;
	if (!b->plan.n_active) {
		ttrt_set_err(b->err, sizeof(b->err),
			     "no kernel source: write reader.cpp, writer.cpp or compute.cpp");
		return -ENOEXEC;
	}
	set_limits(b, &p->dev->cfg);
	rc = prog_jobs_make(&b->jobs, b->args, b->resolved, &b->plan, &b->in, &b->limits, b->err,
			    sizeof(b->err));
	/* EIO: a kernel's own mistake, already said. */
	if (rc && rc != -EIO)
		ttrt_set_err(b->err, sizeof(b->err), "build: %s", strerror(-rc));
	return rc;
}

static void build_run_free(struct build_run *b)
{
	prog_jobs_free(&b->jobs);
	prog_plan_free(&b->plan);
	prog_resolved_free(b->resolved);
	prog_args_free(b->args);
	prog_inputs_free(&b->in);
}

/* Who asked for a build decides how it waits and what it may say. */
enum build_kind {
	BUILD_BACKGROUND,   /* a source or the args changed: quiet about missing buffers */
	BUILD_EXPLICIT,     /* ttrt_program_build */
	BUILD_FOR_RUN,      /* a run: the run owns the state */
};

/* Sources set one after another (cp *.cpp) start one build, not three. */
#define BUILD_DEBOUNCE_NS (20 * 1000 * 1000)

/* A build's end: results stored, state and error set unless it was a
 * background build that could not resolve its args, or one that ends
 * while a run goes on. */
static void finish(struct ttrt_program *p, struct build_run *b, int rc, enum build_kind kind,
		   double ms)
{
	bool quiet = kind == BUILD_BACKGROUND;

	pthread_mutex_lock(&p->lock);
	p->builds_in_flight--;
	/* A build of older inputs that ends last must not replace a newer one. */
	if ((rc == 0 || rc == -EIO) && b->seq > p->build_seq_stored) {
		p->build_seq_stored = b->seq;
		prog_builds_store(p, b->args, &b->jobs);
	}
	/* The status tells what building the program as it is cost: a
	 * build that found everything up to date leaves that alone. */
	if (b->compiled || b->cache_hits || rc) {
		p->times.build_ms = ms;
		p->times.builds = b->compiled;
		p->times.cache_hits = b->cache_hits;
	}
	if (kind == BUILD_FOR_RUN || !p->running) {
		if (rc && (!quiet || rc == -EIO)) {
			prog_set_error(p, "%s", b->err);
			prog_set_state(p, TTRT_PROGRAM_FAILED);
		} else if (kind != BUILD_FOR_RUN) {
			/* A rename refused over args keeps its reason. */
			if (rc == 0 && prog_rest_state(p) != TTRT_PROGRAM_FAILED)
				p->error[0] = '\0';
			prog_set_state(p, p->builds_in_flight ? TTRT_PROGRAM_COMPILING :
								 prog_rest_state(p));
		}
	}
	pthread_cond_broadcast(&p->changed);
	pthread_mutex_unlock(&p->lock);
	prog_notify(p);
}

/* Waits for the builds in flight. An interrupted wait stops them, and
 * this build (-EINTR); a delete under way ends it too (-ENOENT). Caller
 * holds p->lock. */
static int wait_other_builds(struct ttrt_program *p, const struct ttrt_wait *wait)
{
	while (p->builds_in_flight) {
		struct timespec until;

		if (p->removing)
			return -ENOENT;
		if (!wait || !wait->interrupted) {
			pthread_cond_wait(&p->changed, &p->lock);
			continue;
		}
		if (prog_interrupted(wait)) {
			prog_builds_cancel_locked(p, -EINTR);
			return -EINTR;
		}
		until = timespec_after(CLOCK_REALTIME, BUILD_WAIT_SLICE_NS);
		pthread_cond_timedwait(&p->changed, &p->lock, &until);
	}
	return 0;
}

static int build_locked_inputs(struct ttrt_program *p, struct build_run *b, enum build_kind kind,
			       const struct ttrt_wait *wait)
{
	int rc;

	pthread_mutex_lock(&p->lock);
	/* Other builds wait for the background one, which usually leaves
	 * them nothing to compile. The background build was counted in
	 * flight when it was asked for. */
	if (kind != BUILD_BACKGROUND) {
		/* A background build asked for but not begun: this one does
		 * its work now instead of waiting out the debounce. */
		if (p->build_queued) {
			p->build_queued = false;
			p->builds_in_flight--;
		}
		rc = wait_other_builds(p, wait);
		if (rc) {
			pthread_mutex_unlock(&p->lock);
			return rc;
		}
		p->builds_in_flight++;
	}
	if (p->removing || (p->deleted && kind != BUILD_FOR_RUN))
		rc = -ENOENT;
	else
		rc = prog_inputs_take(p, &b->in);
	if (rc == 0) {
		b->seq = ++p->build_seq_next;
		b->cancel_seq = p->build_cancel_seq;
		if (kind == BUILD_FOR_RUN || !p->running)
			prog_set_state(p, TTRT_PROGRAM_COMPILING);
	} else {
		p->builds_in_flight--;
		pthread_cond_broadcast(&p->changed);
	}
	pthread_mutex_unlock(&p->lock);
	return rc;
}

static int build(struct ttrt_program *p, enum build_kind kind, const struct ttrt_wait *wait)
{
	const struct build_env *env = NULL;
	struct build_run *b = calloc(1, sizeof(*b));
	struct timespec t0;
	uint64_t stamp = 0;
	int rc;

	if (!b)
		return -ENOMEM;
	b->p = p;
	rc = build_locked_inputs(p, b, kind, wait);
	if (rc) {
		free(b);
		return rc;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);   /* not the wait for other builds */
	prog_notify(p);
	rc = prepare(p, b);
	if (rc == 0)
		rc = build_env_get(p->dev, &env, b->err, sizeof(b->err));
	/* Once per build: what the compilers can read besides the sources,
	 * as it is now, so that a changed header is never reused. */
	if (rc == 0 && (rc = build_watch_stamp(p->dev->build_watch, env, &stamp)) != 0)
		ttrt_set_err(b->err, sizeof(b->err), "build: reading the SDK and toolchain: %s",
			     strerror(-rc));
	if (rc == 0) {
		pthread_mutex_lock(&p->lock);
		rc = prog_jobs_plan(p, b->args, env, stamp, &b->jobs);
		pthread_mutex_unlock(&p->lock);
	}
	if (rc == 0) {
		prog_jobs_load_cached(env, &b->jobs);
		prog_jobs_compile(p, env, &b->jobs, wait);
		rc = prog_jobs_collect(b->args, &b->jobs, b->err, sizeof(b->err));
		for (uint32_t i = 0; i < b->jobs.n; i++) {
			b->compiled += !b->jobs.v[i].reused && !b->jobs.v[i].cached;
			b->cache_hits += b->jobs.v[i].result.cache_hit;
		}
	}
	finish(p, b, rc, kind, prog_ms_since(&t0));
	build_run_free(b);
	free(b);
	return rc;
}

int prog_build(struct ttrt_program *p, const struct ttrt_wait *wait)
{
	int rc = build(p, BUILD_FOR_RUN, wait);

	if (rc == 0) {
		/* A delete waits for this run: it ends here. */
		pthread_mutex_lock(&p->lock);
		if (p->removing)
			rc = -ENOENT;
		pthread_mutex_unlock(&p->lock);
	}
	return rc == 0 && prog_interrupted(wait) ? -EINTR : rc;
}

int ttrt_program_build(struct ttrt_program *p, const struct ttrt_wait *wait)
{
	int rc;

	pthread_mutex_lock(&p->lock);
	rc = p->deleted ? -ENOENT : p->running ? -EBUSY : 0;
	pthread_mutex_unlock(&p->lock);
	if (rc)
		return rc;
	rc = build(p, BUILD_EXPLICIT, wait);
	return rc == 0 && prog_interrupted(wait) ? -EINTR : rc;
}

/* One background builder per program: it builds while builds are
 * asked for, so changes made during a build cost one more build, not
 * one each. */
static void *background_builder(void *arg)
{
	struct ttrt_program *p = arg;
	struct ttrt_device *dev = p->dev;
	struct timespec debounce = { 0, BUILD_DEBOUNCE_NS };

	nanosleep(&debounce, NULL);
	pthread_mutex_lock(&p->lock);
	while (p->build_queued) {
		p->build_queued = false;
		pthread_mutex_unlock(&p->lock);
		build(p, BUILD_BACKGROUND, NULL);
		pthread_mutex_lock(&p->lock);
	}
	p->builder_running = false;
	pthread_mutex_unlock(&p->lock);
	ttrt_program_put(p);
	ttrt_program_thread_leave(dev);
	return NULL;
}

/* Caller holds p->lock. */
static void start_builder(struct ttrt_program *p)
{
	pthread_attr_t attr;
	pthread_t t;

	p->builder_running = true;
	p->refs++;
	ttrt_program_thread_enter(p->dev);
	if (pthread_attr_init(&attr) == 0) {
		pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
		if (pthread_create(&t, &attr, background_builder, p) == 0) {
			pthread_attr_destroy(&attr);
			return;
		}
		pthread_attr_destroy(&attr);
	}
	/* No thread: the build happens at the next run instead. */
	p->builder_running = false;
	p->build_queued = false;
	p->builds_in_flight--;
	p->refs--;
	ttrt_program_thread_leave(p->dev);
}

void prog_build_background(struct ttrt_program *p)
{
	pthread_mutex_lock(&p->lock);
	if (!p->build_queued && !p->deleted && !p->running) {
		p->build_queued = true;
		p->builds_in_flight++;
		prog_set_state(p, TTRT_PROGRAM_COMPILING);
		if (!p->builder_running)
			start_builder(p);
		if (!p->build_queued)   /* no thread for it */
			prog_set_state(p, prog_rest_state(p));
	}
	pthread_mutex_unlock(&p->lock);
}

