/* SPDX-License-Identifier: Apache-2.0
 *
 * Building a program: each kernel source compiled for the RISCs it runs
 * on (the reader on NCRISC, the writer on BRISC, compute on the three
 * TRISCs), all at once on threads of their own, through the
 * content-addressed cache (build.c), then made XIP images for the packer.
 * A RISC whose inputs did not change since its last build is not built
 * again at all.
 */
#include "program/program_internal.h"
#include "program/cache.h"
#include "program/descriptors.h"
#include "data_dirs.h"
#include "timespec_after.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const risc_names[PACK_NUM_RISCS] = {
	"brisc", "ncrisc", "trisc0", "trisc1", "trisc2",
};

int prog_kernel_risc(enum ttrt_kernel k)
{
	switch (k) {
	case TTRT_KERNEL_READER:
		return PACK_NCRISC;
	case TTRT_KERNEL_WRITER:
		return PACK_BRISC;
	default:
		return -1;
	}
}

static enum prog_kernel args_kernel(enum ttrt_kernel k)
{
	return k == TTRT_KERNEL_READER ? PROG_READER :
	       k == TTRT_KERNEL_WRITER ? PROG_WRITER : PROG_COMPUTE;
}

static enum ttrt_kernel kernel_of_risc(int risc)
{
	return risc == PACK_BRISC ? TTRT_KERNEL_WRITER :
	       risc == PACK_NCRISC ? TTRT_KERNEL_READER : TTRT_KERNEL_COMPUTE;
}

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
			dev->build_env = env;
		else
			free(env);
	}
	*out = dev->build_env;
	pthread_mutex_unlock(&dev->programs_lock);
	return rc;
}

/* One RISC's build in flight. */
struct risc_job {
	bool wanted;
	bool reused;              /* the program's last build of this RISC is still right */
	bool cached;              /* read from the cache here: no compile */
	char *section;            /* its part of build/log */
	size_t section_len;
	struct build_request req;
	char **argv;
	uint64_t key;
	struct build_job *job;
	struct build_result result;
	struct pack_xip xip;
	const char *defines[PROG_MAX_DEFINES];
};

/* Everything one build reads, copied from the program so that the
 * program may change while the compilers run. */
struct build_inputs {
	char *source[TTRT_NUM_KERNELS];
	size_t source_len[TTRT_NUM_KERNELS];
	char *args_text;
	size_t args_len;
};

static void inputs_free(struct build_inputs *in)
{
	for (int k = 0; k < TTRT_NUM_KERNELS; k++)
		free(in->source[k]);
	free(in->args_text);
}

static int inputs_take(struct ttrt_program *p, struct build_inputs *in)
{
	memset(in, 0, sizeof(*in));
	for (int k = 0; k < TTRT_NUM_KERNELS; k++) {
		if (!p->source_len[k])
			continue;
		in->source[k] = malloc(p->source_len[k]);
		if (!in->source[k])
			goto nomem;
		memcpy(in->source[k], p->source[k], p->source_len[k]);
		in->source_len[k] = p->source_len[k];
	}
	if (p->args_text) {
		in->args_text = malloc(p->args_len + 1);
		if (!in->args_text)
			goto nomem;
		memcpy(in->args_text, p->args_text, p->args_len);
		in->args_len = p->args_len;
	}
	return 0;
nomem:
	inputs_free(in);
	return -ENOMEM;
}

static void fill_request(struct risc_job *j, int risc, const struct build_inputs *in,
			 const struct prog_args *a, const struct prog_resolved *r,
			 const char *descriptors, size_t descriptors_len,
			 const struct build_limits *limits)
{
	enum ttrt_kernel k = kernel_of_risc(risc);
	const struct prog_kernel_args *ka = &a->kernel[args_kernel(k)];
	const struct prog_u32s *cta = &r->kernel[args_kernel(k)].compile_args;

	for (uint32_t d = 0; d < ka->n_defines; d++)
		j->defines[d] = ka->defines[d];
	j->wanted = true;
	j->req = (struct build_request){
		.risc = (enum pack_risc)risc,
		.name = ttrt_kernel_file_names[k],
		.source = in->source[k],
		.source_len = in->source_len[k],
		.noc = ka->noc,
		.compile_args = cta->v,
		.n_compile_args = cta->n,
		.defines = j->defines,
		.n_defines = ka->n_defines,
		.descriptors = descriptors,
		.descriptors_len = descriptors_len,
		.limits = limits,
	};
}

/* The status's words for a failed compile: its first error, found where
 * the user can act on it (build_find_first_error). */
static void first_error_line(const struct build_result *r, char *out, size_t len)
{
	snprintf(out, len, "%s", r->error_text[0] ? r->error_text : "see build/log");
}

static void log_append(char **log, size_t *len, const char *fmt, const char *a, const char *b,
		       const char *text)
{
	size_t add = strlen(fmt) + strlen(a) + strlen(b) + (text ? strlen(text) : 0) + 2;
	char *n = realloc(*log, *len + add + 1);

	if (!n)
		return;
	*log = n;
	*len += (size_t)snprintf(n + *len, add + 1, fmt, a, b);
	if (text) {
		size_t t = strlen(text);
		memcpy(n + *len, text, t);
		*len += t;
		if (t && text[t - 1] != '\n')
			n[(*len)++] = '\n';
	}
	n[*len] = '\0';
}

static void jobs_free(struct risc_job *jobs)
{
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		build_argv_free(jobs[r].argv);
		free(jobs[r].section);
		build_result_free(&jobs[r].result);
		pack_xip_free(&jobs[r].xip);
	}
}

/* How often a build waited on by a caller that may be interrupted looks
 * at its wait. */
#define BUILD_WAIT_SLICE_NS (10 * 1000 * 1000)

static void nap_slice(void)
{
	struct timespec t = { 0, BUILD_WAIT_SLICE_NS };

	nanosleep(&t, NULL);
}

/* Compile every wanted RISC that cannot be reused, in parallel. The
 * caller's wait, if it is interrupted, stops every build of p. */
static void run_compilers(struct ttrt_program *p, const struct build_env *env,
			  struct risc_job *jobs, const struct ttrt_wait *wait)
{
	bool cancelled = false;

	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		if (!jobs[r].wanted || jobs[r].reused || jobs[r].cached)
			continue;
		jobs[r].result.status = build_start(env, &jobs[r].req, &jobs[r].job);
		if (jobs[r].result.status)
			jobs[r].job = NULL;
	}
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		if (!jobs[r].job)
			continue;
		while (wait && wait->interrupted && !build_done(jobs[r].job)) {
			if (!cancelled && prog_interrupted(wait)) {
				prog_builds_cancel(p, -EINTR);
				cancelled = true;
			}
			nap_slice();
		}
		build_wait(jobs[r].job, &jobs[r].result);
	}
}

static const char *stop_reason(int why)
{
	switch (why) {
	case -EINTR:
		return "interrupted";
	case -ENOENT:
		return "the program was removed";
	default:
		return strerror(-why);
	}
}

/* A build that a limit or a stop ended, for the status. */
static void limit_error(const struct risc_job *j, const char *risc, char *err, size_t errlen)
{
	const struct build_limits *lim = j->req.limits;

	switch (j->result.end) {
	case BUILD_END_TIME_LIMIT:
		ttrt_set_err(err, errlen, "build of %s for %s stopped after build_timeout_ms "
			     "(%u ms): the compiler was killed", j->req.name, risc, lim->timeout_ms);
		break;
	case BUILD_END_MEMORY_LIMIT:
		ttrt_set_err(err, errlen, "build of %s for %s failed: the compiler ran out of "
			     "memory (each compiler process may use %llu MiB of address space)",
			     j->req.name, risc, (unsigned long long)(lim->as_bytes >> 20));
		break;
	default:
		ttrt_set_err(err, errlen, "build of %s for %s stopped: %s", j->req.name, risc,
			     stop_reason(j->result.status));
		break;
	}
}

/* The outcome of the compilers: XIP images made, the log gathered, the
 * first failure described. */
static int collect(struct risc_job *jobs, char *err, size_t errlen)
{
	int rc = 0;

	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		struct risc_job *j = &jobs[r];
		char why[PROG_ERROR_MAX / 2];

		if (!j->wanted || j->reused)
			continue;
		log_append(&j->section, &j->section_len, "== %s for %s ==\n", j->req.name,
			   risc_names[r], j->cached ? "(from the cache: no compiler ran)" :
						      j->result.log);
		if (j->result.end != BUILD_END_NORMAL) {
			if (rc == 0) {
				limit_error(j, risc_names[r], err, errlen);
				rc = j->result.end == BUILD_END_STOPPED ? j->result.status : -EIO;
			}
		} else if (j->result.status == -ENOEXEC) {
			first_error_line(&j->result, why, sizeof(why));
			if (rc == 0)
				ttrt_set_err(err, errlen, "build of %s for %s failed: %s", j->req.name,
					     risc_names[r], why);
			rc = rc ? rc : -EIO;
		} else if (j->result.status) {
			if (rc == 0)
				ttrt_set_err(err, errlen, "build of %s for %s: %s", j->req.name,
					     risc_names[r], strerror(-j->result.status));
			rc = rc ? rc : j->result.status;
		} else if (pack_xip_from_elf(j->result.elf, j->result.elf_len, j->req.name, &j->xip,
					     why, sizeof(why))) {
			if (rc == 0)
				ttrt_set_err(err, errlen, "%s for %s: %s", j->req.name, risc_names[r],
					     why);
			rc = rc ? rc : -EIO;
		}
	}
	return rc;
}

static void risc_build_clear(struct prog_risc_build *b)
{
	free(b->elf);
	pack_xip_free(&b->xip);
	memset(b, 0, sizeof(*b));
}

void prog_builds_free(struct ttrt_program *p)
{
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		risc_build_clear(&p->risc[r]);
		free(p->risc_log[r]);
		p->risc_log[r] = NULL;
		p->risc_log_len[r] = 0;
	}
}

/* Keep what was built, and each compiler's output (a failed one's too);
 * a RISC no kernel runs on any more is forgotten. A RISC reused as it
 * was keeps its ELF and its part of the log. */
static void store_results(struct ttrt_program *p, struct risc_job *jobs)
{
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		struct prog_risc_build *b = &p->risc[r];
		struct risc_job *j = &jobs[r];

		if (j->reused)
			continue;
		risc_build_clear(b);
		free(p->risc_log[r]);
		p->risc_log[r] = j->section;
		p->risc_log_len[r] = j->section_len;
		j->section = NULL;
		if (!j->wanted || j->result.status || !j->xip.image)
			continue;
		*b = (struct prog_risc_build){
			.built = true,
			.key = j->key,
			.elf = j->result.elf,
			.elf_len = j->result.elf_len,
			.xip = j->xip,
			.cache_hit = j->result.cache_hit,
		};
		j->result.elf = NULL;
		memset(&j->xip, 0, sizeof(j->xip));
	}
}

/* Keys of every wanted RISC; those whose key matches the last build are
 * reused as they are. Caller holds p->lock. */
static int plan(struct ttrt_program *p, const struct build_env *env, uint64_t stamp,
		struct risc_job *jobs)
{
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		struct risc_job *j = &jobs[r];

		if (!j->wanted)
			continue;
		j->argv = build_argv(env, &j->req);
		if (!j->argv)
			return -ENOMEM;
		j->req.stamp = stamp;
		j->key = build_key(env, stamp, j->argv, &j->req);
		j->reused = p->risc[r].built && p->risc[r].key == j->key;
	}
	return 0;
}

struct build_run {
	struct ttrt_program *p;
	struct build_inputs in;
	struct prog_args *args;
	struct prog_resolved *resolved;
	char *descriptors;        /* chlkc_descriptors.h, shared by every request */
	size_t descriptors_len;
	struct risc_job jobs[PACK_NUM_RISCS];
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
	bool any = false;
	int rc;

	/* Args that did not parse fail here again, with their own reason. */
	rc = prog_args_parse(b->in.args_text ? b->in.args_text : "", b->in.args_len, "args",
			     TTRT_TENSIX_GRID_X, TTRT_TENSIX_GRID_Y, &b->args, b->err,
			     sizeof(b->err));
	if (rc == 0)
		rc = prog_resolve(p, b->args, false, &b->resolved, b->err, sizeof(b->err));
	if (rc == 0) {
		rc = prog_descriptors(b->args, &b->descriptors, &b->descriptors_len);
		if (rc)
			ttrt_set_err(b->err, sizeof(b->err), "chlkc_descriptors.h: %s",
				     strerror(-rc));
	}
	if (rc)
		return rc;
	set_limits(b, &p->dev->cfg);
	for (int k = 0; k < TTRT_NUM_KERNELS; k++) {
		int risc = prog_kernel_risc((enum ttrt_kernel)k);

		if (!b->in.source_len[k])
			continue;
		any = true;
		if (risc >= 0) {
			fill_request(&b->jobs[risc], risc, &b->in, b->args, b->resolved,
				     b->descriptors, b->descriptors_len, &b->limits);
			continue;
		}
		for (risc = PACK_TRISC0; risc <= PACK_TRISC2; risc++)
			fill_request(&b->jobs[risc], risc, &b->in, b->args, b->resolved,
				     b->descriptors, b->descriptors_len, &b->limits);
	}
	if (!any) {
		ttrt_set_err(b->err, sizeof(b->err),
			     "no kernel source: write reader.cpp, writer.cpp or compute.cpp");
		return -ENOEXEC;
	}
	return 0;
}

static void build_run_free(struct build_run *b)
{
	jobs_free(b->jobs);
	prog_resolved_free(b->resolved);
	free(b->descriptors);
	prog_args_free(b->args);
	inputs_free(&b->in);
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
		store_results(p, b->jobs);
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
			if (rc == 0)
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
		rc = inputs_take(p, &b->in);
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

/* Entries the cache has are read here, on the caller's thread; only
 * real compiles get threads. */
static void load_cached(const struct build_env *env, struct risc_job *jobs)
{
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		struct risc_job *j = &jobs[r];

		if (!j->wanted || j->reused)
			continue;
		if (cache_load(env->cache_dir, j->key, &j->result.elf, &j->result.elf_len) == 0) {
			j->result.status = 0;
			j->result.cache_hit = true;
			j->result.key = j->key;
			j->cached = true;
		}
	}
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
	if (rc == 0 && (rc = build_env_stamp(env, &stamp)) != 0)
		ttrt_set_err(b->err, sizeof(b->err), "build: reading the SDK and toolchain: %s",
			     strerror(-rc));
	if (rc == 0) {
		pthread_mutex_lock(&p->lock);
		rc = plan(p, env, stamp, b->jobs);
		pthread_mutex_unlock(&p->lock);
	}
	if (rc == 0) {
		load_cached(env, b->jobs);
		run_compilers(p, env, b->jobs, wait);
		rc = collect(b->jobs, b->err, sizeof(b->err));
		for (int r = 0; r < PACK_NUM_RISCS; r++) {
			b->compiled += b->jobs[r].wanted && !b->jobs[r].reused &&
				       !b->jobs[r].cached;
			b->cache_hits += b->jobs[r].result.cache_hit;
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

static int artifact_risc(const char *name, const char *suffix)
{
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		size_t n = strlen(risc_names[r]);

		if (!strncmp(name, risc_names[r], n) && !strcmp(name + n, suffix))
			return r;
	}
	return -1;
}

static int dup_bytes(const void *src, size_t len, char **out, size_t *outlen)
{
	*out = malloc(len ? len : 1);
	if (!*out)
		return -ENOMEM;
	memcpy(*out, src, len);
	*outlen = len;
	return 0;
}

static bool has_log(const struct ttrt_program *p)
{
	for (int r = 0; r < PACK_NUM_RISCS; r++)
		if (p->risc_log[r])
			return true;
	return false;
}

/* build/log: every RISC's part, in launch-message order. */
static int joined_log(const struct ttrt_program *p, char **out, size_t *len)
{
	size_t total = 0;

	for (int r = 0; r < PACK_NUM_RISCS; r++)
		total += p->risc_log_len[r];
	*out = malloc(total + 1);
	if (!*out)
		return -ENOMEM;
	*len = 0;
	for (int r = 0; r < PACK_NUM_RISCS; r++) {
		if (p->risc_log[r])
			memcpy(*out + *len, p->risc_log[r], p->risc_log_len[r]);
		*len += p->risc_log_len[r];
	}
	return 0;
}

int ttrt_program_artifact(struct ttrt_program *p, const char *name, char **out, size_t *len)
{
	int elf = artifact_risc(name, ".elf"), xip = artifact_risc(name, ".xip");
	int rc = -ENOENT;

	pthread_mutex_lock(&p->lock);
	if (p->deleted)
		rc = -ENOENT;
	else if (elf >= 0 && p->risc[elf].built)
		rc = dup_bytes(p->risc[elf].elf, p->risc[elf].elf_len, out, len);
	else if (xip >= 0 && p->risc[xip].built)
		rc = dup_bytes(p->risc[xip].xip.image, p->risc[xip].xip.size, out, len);
	else if (!strcmp(name, "log") && has_log(p))
		rc = joined_log(p, out, len);
	pthread_mutex_unlock(&p->lock);
	return rc;
}

int ttrt_program_artifacts(struct ttrt_program *p, const char **names, int max)
{
	static const char *const elf_names[PACK_NUM_RISCS] = {
		"brisc.elf", "ncrisc.elf", "trisc0.elf", "trisc1.elf", "trisc2.elf",
	};
	static const char *const xip_names[PACK_NUM_RISCS] = {
		"brisc.xip", "ncrisc.xip", "trisc0.xip", "trisc1.xip", "trisc2.xip",
	};
	int n = 0;

	pthread_mutex_lock(&p->lock);
	for (int r = 0; r < PACK_NUM_RISCS && !p->deleted; r++) {
		if (!p->risc[r].built)
			continue;
		if (n < max)
			names[n] = elf_names[r];
		n++;
		if (n < max)
			names[n] = xip_names[r];
		n++;
	}
	if (!p->deleted && has_log(p)) {
		if (n < max)
			names[n] = "log";
		n++;
	}
	pthread_mutex_unlock(&p->lock);
	return n < max ? n : max;
}
