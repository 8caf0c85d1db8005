/* SPDX-License-Identifier: Apache-2.0
 *
 * Building a program: each kernel that runs (kernel_groups.h) compiled
 * for the RISCs of its processor (a data-movement kernel on BRISC or
 * NCRISC, a compute kernel on the three TRISCs), with its own defines,
 * args and chlkc_descriptors.h, all at once on threads of their own,
 * through the content-addressed cache (build.c), then made XIP images for
 * the packer. A kernel's RISC whose inputs did not change since its last
 * build is not built again at all. What the last build made is read by
 * program_artifacts.c (build/).
 */
#include "program/program_internal.h"
#include "debug/srcline.h"
#include "program/build/cache.h"
#include "program/build/descriptors.h"
#include "program/build/metal2.h"
#include "program/args/kernel_groups.h"
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
		if (rc == 0)
			dev->build_env = env;
		else
			free(env);
	}
	*out = dev->build_env;
	pthread_mutex_unlock(&dev->programs_lock);
	return rc;
}

/* One kernel's build for one RISC, in flight. */
struct risc_job {
	uint32_t kernel;          /* index into the args' kernels */
	enum pack_risc risc;
	bool reused;              /* the program's last build of it is still right */
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
	struct prog_file *files;
	uint32_t n_files;
	struct build_file *shown; /* [n_files]: the same, sorted by name, for every compiler */
	char *args_text;
	size_t args_len;
};

static void inputs_free(struct build_inputs *in)
{
	for (uint32_t i = 0; i < in->n_files; i++)
		free(in->files[i].data);
	free(in->files);
	free(in->shown);
	free(in->args_text);
}

static int cmp_build_file(const void *a, const void *b)
{
	return strcmp(((const struct build_file *)a)->name, ((const struct build_file *)b)->name);
}

/* Every file is shown to every compiler, in the same order, so that
 * the order the program holds them in is in no key. */
static int inputs_show(struct build_inputs *in)
{
	in->shown = calloc(in->n_files ? in->n_files : 1, sizeof(*in->shown));
	if (!in->shown)
		return -ENOMEM;
	for (uint32_t i = 0; i < in->n_files; i++)
		in->shown[i] = (struct build_file){ in->files[i].name, in->files[i].data,
						    in->files[i].len };
	qsort(in->shown, in->n_files, sizeof(*in->shown), cmp_build_file);
	return 0;
}

static int inputs_take(struct ttrt_program *p, struct build_inputs *in)
{
	memset(in, 0, sizeof(*in));
	in->files = calloc(p->n_files ? p->n_files : 1, sizeof(*in->files));
	if (!in->files)
		return -ENOMEM;
	for (uint32_t i = 0; i < p->n_files; i++) {
		struct prog_file *f = &in->files[in->n_files];

		*f = p->files[i];
		f->data = NULL;
		if (f->len && !(f->data = malloc(f->len)))
			goto nomem;
		if (f->len)
			memcpy(f->data, p->files[i].data, f->len);
		in->n_files++;
	}
	if (inputs_show(in))
		goto nomem;
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

static const struct prog_file *input_file(const struct build_inputs *in, const char *name)
{
	for (uint32_t i = 0; i < in->n_files; i++)
		if (!strcmp(in->files[i].name, name))
			return &in->files[i];
	return NULL;
}

/* An empty file is no kernel: `: > reader.cpp` removes the reader. */
static bool input_exists(void *ctx, const char *name)
{
	const struct prog_file *f = input_file(ctx, name);

	return f && f->len;
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

static void jobs_free(struct risc_job *jobs, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		build_argv_free(jobs[i].argv);
		free(jobs[i].section);
		build_result_free(&jobs[i].result);
		pack_xip_free(&jobs[i].xip);
	}
	free(jobs);
}

/* How often a build waited on by a caller that may be interrupted looks
 * at its wait. */
#define BUILD_WAIT_SLICE_NS (10 * 1000 * 1000)

static void nap_slice(void)
{
	struct timespec t = { 0, BUILD_WAIT_SLICE_NS };

	nanosleep(&t, NULL);
}

/* Compile every job that cannot be reused, in parallel. The caller's
 * wait, if it is interrupted, stops every build of p. */
static void run_compilers(struct ttrt_program *p, const struct build_env *env,
			  struct risc_job *jobs, uint32_t n, const struct ttrt_wait *wait)
{
	bool cancelled = false;

	for (uint32_t i = 0; i < n; i++) {
		if (jobs[i].reused || jobs[i].cached)
			continue;
		jobs[i].result.status = build_start(env, &jobs[i].req, &jobs[i].job);
		if (jobs[i].result.status)
			jobs[i].job = NULL;
	}
	for (uint32_t i = 0; i < n; i++) {
		if (!jobs[i].job)
			continue;
		while (wait && wait->interrupted && !build_done(jobs[i].job)) {
			if (!cancelled && prog_interrupted(wait)) {
				prog_builds_cancel(p, -EINTR);
				cancelled = true;
			}
			nap_slice();
		}
		build_wait(jobs[i].job, &jobs[i].result);
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

/* build/log's header of a job: "== reader.cpp for ncrisc ==", with the
 * kernel's name when it is not the file's. */
static void log_header(const struct prog_args *a, const struct risc_job *j, char *buf, size_t len)
{
	const struct prog_kernel_args *k = &a->kernel[j->kernel];

	if (k->short_name)
		snprintf(buf, len, "== %s for %s ==\n", j->req.name, risc_names[j->risc]);
	else
		snprintf(buf, len, "== %s (kernel %s) for %s ==\n", j->req.name, k->name,
			 risc_names[j->risc]);
}

/* The outcome of the compilers: XIP images made, the log gathered, the
 * first failure described. */
static int collect(const struct prog_args *a, struct risc_job *jobs, uint32_t n, char *err,
		   size_t errlen)
{
	int rc = 0;

	for (uint32_t i = 0; i < n; i++) {
		struct risc_job *j = &jobs[i];
		const char *risc = risc_names[j->risc];
		char why[PROG_ERROR_MAX / 2], header[160];

		if (j->reused)
			continue;
		log_header(a, j, header, sizeof(header));
		log_append(&j->section, &j->section_len, "%s%s", header, "",
			   j->cached ? "(from the cache: no compiler ran)" : j->result.log);
		if (j->result.end != BUILD_END_NORMAL) {
			if (rc == 0) {
				limit_error(j, risc, err, errlen);
				rc = j->result.end == BUILD_END_STOPPED ? j->result.status : -EIO;
			}
		} else if (j->result.status == -ENOEXEC) {
			first_error_line(&j->result, why, sizeof(why));
			if (rc == 0)
				ttrt_set_err(err, errlen, "build of %s for %s failed: %s", j->req.name,
					     risc, why);
			rc = rc ? rc : -EIO;
		} else if (j->result.status) {
			if (rc == 0)
				ttrt_set_err(err, errlen, "build of %s for %s: %s", j->req.name, risc,
					     strerror(-j->result.status));
			rc = rc ? rc : j->result.status;
		} else if (pack_xip_from_elf(j->result.elf, j->result.elf_len, j->req.name, &j->xip,
					     why, sizeof(why))) {
			if (rc == 0)
				ttrt_set_err(err, errlen, "%s for %s: %s", j->req.name, risc, why);
			rc = rc ? rc : -EIO;
		}
	}
	return rc;
}

static void risc_build_clear(struct prog_risc_build *b)
{
	free(b->elf);
	free(b->log);
	pack_xip_free(&b->xip);
	srcline_elf_put(b->lines);
	memset(b, 0, sizeof(*b));
}

void prog_builds_free(struct ttrt_program *p)
{
	for (uint32_t i = 0; i < p->n_builds; i++)
		risc_build_clear(&p->builds[i]);
	free(p->builds);
	p->builds = NULL;
	p->n_builds = 0;
}

static struct prog_risc_build *stored(const struct ttrt_program *p, const char *kernel,
				      enum pack_risc risc)
{
	for (uint32_t i = 0; i < p->n_builds; i++)
		if (p->builds[i].risc == risc && !strcmp(p->builds[i].kernel, kernel))
			return &p->builds[i];
	return NULL;
}

const struct pack_xip *prog_built_image(const struct ttrt_program *p, const char *kernel,
					enum pack_risc risc)
{
	const struct prog_risc_build *b = stored(p, kernel, risc);

	return b && b->built ? &b->xip : NULL;
}

struct srcline_elf *prog_built_lines(struct ttrt_program *p, const char *kernel,
				     enum pack_risc risc)
{
	struct prog_risc_build *b = stored(p, kernel, risc);

	if (!b || !b->built)
		return NULL;
	if (!b->lines)
		b->lines = srcline_elf_new(b->elf, b->elf_len);
	srcline_elf_get(b->lines);
	return b->lines;
}

/* Keep what was built, and each compiler's output (a failed one's too);
 * a kernel's RISC that no longer builds is forgotten. A job reused as it
 * was keeps its ELF and its part of the log. Caller holds p->lock. */
static void store_results(struct ttrt_program *p, const struct prog_args *a,
			  struct risc_job *jobs, uint32_t n)
{
	struct prog_risc_build *next = calloc(n ? n : 1, sizeof(*next));

	if (!next)
		return;   /* the last results stay; the next build tries again */
	for (uint32_t i = 0; i < n; i++) {
		struct prog_risc_build *b = &next[i], *old;
		struct risc_job *j = &jobs[i];

		snprintf(b->kernel, sizeof(b->kernel), "%s", a->kernel[j->kernel].name);
		b->risc = j->risc;
		old = stored(p, b->kernel, b->risc);
		if (j->reused && old) {
			*b = *old;
			memset(old, 0, sizeof(*old));
			continue;
		}
		b->log = j->section;
		b->log_len = j->section_len;
		j->section = NULL;
		if (j->result.status || !j->xip.image)
			continue;
		b->built = true;
		b->key = j->key;
		b->elf = j->result.elf;
		b->elf_len = j->result.elf_len;
		b->xip = j->xip;
		b->cache_hit = j->result.cache_hit;
		j->result.elf = NULL;
		memset(&j->xip, 0, sizeof(j->xip));
	}
	prog_builds_free(p);
	p->builds = next;
	p->n_builds = n;
}

/* Keys of every job; those whose key matches the last build are reused
 * as they are. stamp: what the compilers can read besides the sources.
 * Caller holds p->lock. */
static int plan(struct ttrt_program *p, const struct prog_args *a, const struct build_env *env,
		uint64_t stamp, struct risc_job *jobs, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		struct risc_job *j = &jobs[i];
		const struct prog_risc_build *old = stored(p, a->kernel[j->kernel].name, j->risc);

		j->argv = build_argv(env, &j->req);
		if (!j->argv)
			return -ENOMEM;
		j->req.stamp = stamp;
		j->key = build_key(env, stamp, j->argv, &j->req);
		j->reused = old && old->built && old->key == j->key;
	}
	return 0;
}

struct build_run {
	struct ttrt_program *p;
	struct build_inputs in;
	struct prog_args *args;
	struct prog_resolved *resolved;
	struct prog_plan plan;
	char **descriptors;       /* [n_kernels]: each running kernel's chlkc_descriptors.h */
	size_t *descriptors_len;
	char **named_args;        /* [n_kernels]: KERNEL_COMPILE_TIME_ARG_MAP, or NULL */
	struct metal2_kernel *metal2;   /* [n_kernels]: Metal 2.0 header and entry, or none */
	struct risc_job *jobs;    /* by RISC, then kernel */
	uint32_t n_jobs;
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

static void fill_request(struct build_run *b, struct risc_job *j)
{
	const struct prog_kernel_args *ka = &b->args->kernel[j->kernel];
	const struct prog_u32s *cta = &b->resolved->kernel[j->kernel].compile_args;
	const struct prog_file *src = input_file(&b->in, ka->source);
	const struct metal2_kernel *m2 = &b->metal2[j->kernel];

	for (uint32_t d = 0; d < ka->n_defines; d++)
		j->defines[d] = ka->defines[d];
	j->req = (struct build_request){
		.risc = j->risc,
		.name = ka->source,
		.source = m2->source ? m2->source : src->data,
		.source_len = m2->source ? m2->source_len : src->len,
		.files = b->in.shown,
		.n_files = b->in.n_files,
		.noc = ka->processor == PROG_PROC_COMPUTE ? 0 : ka->noc,
		.compile_args = cta->v,
		.n_compile_args = cta->n,
		.defines = j->defines,
		.n_defines = ka->n_defines,
		.named_args = b->named_args[j->kernel],
		.upstream_path = ka->upstream_path[0] ? ka->upstream_path : NULL,
		.kernel_args = m2->header,
		.kernel_args_len = m2->header_len,
		.descriptors = b->descriptors[j->kernel],
		.descriptors_len = b->descriptors_len[j->kernel],
		.limits = &b->limits,
	};
}

/* A Metal 2.0 kernel's generated header and entry; a TT_KERNEL the build
 * cannot call fails the build as a compile error would (EIO). */
static int kernel_metal2(struct build_run *b, uint32_t k)
{
	const struct prog_kernel_args *ka = &b->args->kernel[k];
	const struct prog_file *src = input_file(&b->in, ka->source);
	char why[400];
	int rc = metal2_prepare(ka, src->data, src->len, &b->metal2[k], why, sizeof(why));

	if (rc == -EIO)
		ttrt_set_err(b->err, sizeof(b->err), "build of %s failed: %s", ka->source, why);
	return rc;
}

static int kernel_risc_first(enum prog_processor proc)
{
	return proc == PROG_PROC_BRISC ? PACK_BRISC : proc == PROG_PROC_NCRISC ? PACK_NCRISC :
										  PACK_TRISC0;
}

/* A job for each running kernel on each RISC of its processor, by RISC
 * then kernel, each with its kernel's descriptors and named args. */
static int make_jobs(struct build_run *b)
{
	const struct prog_args *a = b->args;
	uint32_t n = a->n_kernels;

	b->descriptors = calloc(n, sizeof(*b->descriptors));
	b->descriptors_len = calloc(n, sizeof(*b->descriptors_len));
	b->named_args = calloc(n, sizeof(*b->named_args));
	b->metal2 = calloc(n, sizeof(*b->metal2));
	b->jobs = calloc(3 * (size_t)n, sizeof(*b->jobs));
	if (!b->descriptors || !b->descriptors_len || !b->named_args || !b->metal2 || !b->jobs)
		return -ENOMEM;
	for (uint32_t k = 0; k < n; k++) {
		int rc;

		if (!b->plan.active[k])
			continue;
		rc = prog_descriptors(a, k, &b->descriptors[k], &b->descriptors_len[k]);
		if (rc == 0)
			rc = prog_named_args_define(&a->kernel[k], &b->named_args[k]);
		if (rc == 0)
			rc = kernel_metal2(b, k);
		if (rc)
			return rc;
	}
	for (int risc = 0; risc < PACK_NUM_RISCS; risc++) {
		for (uint32_t k = 0; k < n; k++) {
			int first = kernel_risc_first(a->kernel[k].processor);
			int last = a->kernel[k].processor == PROG_PROC_COMPUTE ? PACK_TRISC2 : first;
			struct risc_job *j = &b->jobs[b->n_jobs];

			if (!b->plan.active[k] || risc < first || risc > last)
				continue;
			j->kernel = k;
			j->risc = (enum pack_risc)risc;
			fill_request(b, j);
			b->n_jobs++;
		}
	}
	return 0;
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
		rc = prog_plan_make(b->args, input_exists, &b->in, "args", &b->plan, b->err,
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
	rc = make_jobs(b);
	/* EIO: a kernel's own mistake, already said. */
	if (rc && rc != -EIO)
		ttrt_set_err(b->err, sizeof(b->err), "build: %s", strerror(-rc));
	return rc;
}

static void build_run_free(struct build_run *b)
{
	jobs_free(b->jobs, b->n_jobs);
	for (uint32_t k = 0; b->args && k < b->args->n_kernels; k++) {
		if (b->descriptors)
			free(b->descriptors[k]);
		if (b->named_args)
			free(b->named_args[k]);
		if (b->metal2)
			metal2_free(&b->metal2[k]);
	}
	free(b->metal2);
	free(b->descriptors);
	free(b->descriptors_len);
	free(b->named_args);
	prog_plan_free(&b->plan);
	prog_resolved_free(b->resolved);
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
		store_results(p, b->args, b->jobs, b->n_jobs);
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
static void load_cached(const struct build_env *env, struct risc_job *jobs, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		struct risc_job *j = &jobs[i];

		if (j->reused)
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
		rc = plan(p, b->args, env, stamp, b->jobs, b->n_jobs);
		pthread_mutex_unlock(&p->lock);
	}
	if (rc == 0) {
		load_cached(env, b->jobs, b->n_jobs);
		run_compilers(p, env, b->jobs, b->n_jobs, wait);
		rc = collect(b->args, b->jobs, b->n_jobs, b->err, sizeof(b->err));
		for (uint32_t i = 0; i < b->n_jobs; i++) {
			b->compiled += !b->jobs[i].reused && !b->jobs[i].cached;
			b->cache_hits += b->jobs[i].result.cache_hit;
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

