/* SPDX-License-Identifier: Apache-2.0
 *
 * A build's jobs (program_build_jobs.h): one for each running kernel on
 * each RISC of its processor (a data-movement kernel on BRISC or
 * NCRISC, a compute kernel on the three TRISCs), with its own defines,
 * args, chlkc_descriptors.h and Metal 2.0 texts; keyed against the last
 * build, read from the content-addressed cache or compiled all at once
 * on threads of their own (build.c), then made XIP images for the packer
 * and their log gathered.
 */
#include "program/program_build_jobs.h"
#include "program/build/cache.h"
#include "program/build/descriptors.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const risc_names[PACK_NUM_RISCS] = {
	"brisc", "ncrisc", "trisc0", "trisc1", "trisc2",
};

static void fill_request(struct prog_risc_job *j, const struct prog_jobs *jobs,
			 const struct prog_args *a, const struct prog_resolved *r,
			 const struct prog_inputs *in, const struct build_limits *limits)
{
	const struct prog_kernel_args *ka = &a->kernel[j->kernel];
	const struct prog_u32s *cta = &r->kernel[j->kernel].compile_args;
	const struct prog_file *src = prog_input_file(in, ka->source);
	const struct metal2_kernel *m2 = &jobs->metal2[j->kernel];

	for (uint32_t d = 0; d < ka->n_defines; d++)
		j->defines[d] = ka->defines[d];
	j->req = (struct build_request){
		.risc = j->risc,
		.name = ka->source,
		.source = m2->source ? m2->source : src->data,
		.source_len = m2->source ? m2->source_len : src->len,
		.files = in->shown,
		.n_files = in->n_files,
		.noc = ka->processor == PROG_PROC_COMPUTE ? 0 : ka->noc,
		.compile_args = cta->v,
		.n_compile_args = cta->n,
		.defines = j->defines,
		.n_defines = ka->n_defines,
		.named_args = jobs->named_args[j->kernel],
		.upstream_path = ka->upstream_path[0] ? ka->upstream_path : NULL,
		.kernel_args = m2->header,
		.kernel_args_len = m2->header_len,
		.descriptors = jobs->descriptors[j->kernel],
		.descriptors_len = jobs->descriptors_len[j->kernel],
		.limits = limits,
	};
}

/* A Metal 2.0 kernel's generated header and entry; a TT_KERNEL the build
 * cannot call fails the build as a compile error would (EIO). */
static int kernel_metal2(const struct prog_kernel_args *ka, const struct prog_resolved_kernel *rk,
			 const struct prog_inputs *in, struct metal2_kernel *out, char *err,
			 size_t errlen)
{
	const struct prog_file *src = prog_input_file(in, ka->source);
	char why[400];
	int rc = metal2_prepare(ka, rk, src->data, src->len, out, why, sizeof(why));

	if (rc == -EIO)
		ttrt_set_err(err, errlen, "build of %s failed: %s", ka->source, why);
	return rc;
}

static int kernel_risc_first(enum prog_processor proc)
{
	return proc == PROG_PROC_BRISC ? PACK_BRISC : proc == PROG_PROC_NCRISC ? PACK_NCRISC :
										  PACK_TRISC0;
}

int prog_jobs_make(struct prog_jobs *jobs, const struct prog_args *a,
		   const struct prog_resolved *r, const struct prog_plan *plan,
		   const struct prog_inputs *in, const struct build_limits *limits, char *err,
		   size_t errlen)
{
	uint32_t n = a->n_kernels;

	jobs->n_kernels = n;
	jobs->descriptors = calloc(n, sizeof(*jobs->descriptors));
	jobs->descriptors_len = calloc(n, sizeof(*jobs->descriptors_len));
	jobs->named_args = calloc(n, sizeof(*jobs->named_args));
	jobs->metal2 = calloc(n, sizeof(*jobs->metal2));
	jobs->v = calloc(3 * (size_t)n, sizeof(*jobs->v));
	if (!jobs->descriptors || !jobs->descriptors_len || !jobs->named_args || !jobs->metal2 ||
	    !jobs->v)
		return -ENOMEM;
	for (uint32_t k = 0; k < n; k++) {
		int rc;

		if (!plan->active[k])
			continue;
		rc = prog_descriptors(a, k, &jobs->descriptors[k], &jobs->descriptors_len[k]);
		if (rc == 0)
			rc = prog_named_args_define(&a->kernel[k], &jobs->named_args[k]);
		if (rc == 0)
			rc = kernel_metal2(&a->kernel[k], &r->kernel[k], in, &jobs->metal2[k], err, errlen);
		if (rc)
			return rc;
	}
	for (int risc = 0; risc < PACK_NUM_RISCS; risc++) {
		for (uint32_t k = 0; k < n; k++) {
			int first = kernel_risc_first(a->kernel[k].processor);
			int last = a->kernel[k].processor == PROG_PROC_COMPUTE ? PACK_TRISC2 : first;
			struct prog_risc_job *j = &jobs->v[jobs->n];

			if (!plan->active[k] || risc < first || risc > last)
				continue;
			j->kernel = k;
			j->risc = (enum pack_risc)risc;
			fill_request(j, jobs, a, r, in, limits);
			jobs->n++;
		}
	}
	return 0;
}

void prog_jobs_free(struct prog_jobs *jobs)
{
	for (uint32_t i = 0; i < jobs->n; i++) {
		build_argv_free(jobs->v[i].argv);
		free(jobs->v[i].section);
		build_result_free(&jobs->v[i].result);
		pack_xip_free(&jobs->v[i].xip);
	}
	free(jobs->v);
	for (uint32_t k = 0; k < jobs->n_kernels; k++) {
		if (jobs->descriptors)
			free(jobs->descriptors[k]);
		if (jobs->named_args)
			free(jobs->named_args[k]);
		if (jobs->metal2)
			metal2_free(&jobs->metal2[k]);
	}
	free(jobs->metal2);
	free(jobs->descriptors);
	free(jobs->descriptors_len);
	free(jobs->named_args);
}

int prog_jobs_plan(struct ttrt_program *p, const struct prog_args *a,
		   const struct build_env *env, uint64_t stamp, struct prog_jobs *jobs)
{
	for (uint32_t i = 0; i < jobs->n; i++) {
		struct prog_risc_job *j = &jobs->v[i];
		const struct prog_risc_build *old = prog_built_find(p, a->kernel[j->kernel].name,
								    j->risc);

		j->argv = build_argv(env, &j->req);
		if (!j->argv)
			return -ENOMEM;
		j->req.stamp = stamp;
		j->key = build_key(env, stamp, j->argv, &j->req);
		j->reused = old && old->built && old->key == j->key;
	}
	return 0;
}

void prog_jobs_load_cached(const struct build_env *env, struct prog_jobs *jobs)
{
	for (uint32_t i = 0; i < jobs->n; i++) {
		struct prog_risc_job *j = &jobs->v[i];

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

static void nap_slice(void)
{
	struct timespec t = { 0, BUILD_WAIT_SLICE_NS };

	nanosleep(&t, NULL);
}

void prog_jobs_compile(struct ttrt_program *p, const struct build_env *env,
		       struct prog_jobs *jobs, const struct ttrt_wait *wait)
{
	struct prog_risc_job *v = jobs->v;
	bool cancelled = false;

	for (uint32_t i = 0; i < jobs->n; i++) {
		if (v[i].reused || v[i].cached)
			continue;
		v[i].result.status = build_start(env, &v[i].req, &v[i].job);
		if (v[i].result.status)
			v[i].job = NULL;
	}
	for (uint32_t i = 0; i < jobs->n; i++) {
		if (!v[i].job)
			continue;
		while (wait && wait->interrupted && !build_done(v[i].job)) {
			if (!cancelled && prog_interrupted(wait)) {
				prog_builds_cancel(p, -EINTR);
				cancelled = true;
			}
			nap_slice();
		}
		build_wait(v[i].job, &v[i].result);
	}
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
static void limit_error(const struct prog_risc_job *j, const char *risc, char *err,
			size_t errlen)
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
static void log_header(const struct prog_args *a, const struct prog_risc_job *j, char *buf,
		       size_t len)
{
	const struct prog_kernel_args *k = &a->kernel[j->kernel];

	if (k->short_name)
		snprintf(buf, len, "== %s for %s ==\n", j->req.name, risc_names[j->risc]);
	else
		snprintf(buf, len, "== %s (kernel %s) for %s ==\n", j->req.name, k->name,
			 risc_names[j->risc]);
}

int prog_jobs_collect(const struct prog_args *a, struct prog_jobs *jobs, char *err,
		      size_t errlen)
{
	int rc = 0;

	for (uint32_t i = 0; i < jobs->n; i++) {
		struct prog_risc_job *j = &jobs->v[i];
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
