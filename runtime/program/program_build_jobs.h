/* SPDX-License-Identifier: Apache-2.0
 *
 * What one build of a program works on, for program_build.c, which runs
 * it: the program's files and args as they were when it began
 * (program_build_inputs.c), a job for each running kernel on each RISC
 * of its processor (program_build_jobs.c), and what the jobs made, kept
 * by the program (program_built.c).
 */
#ifndef TTRT_PROGRAM_BUILD_JOBS_H
#define TTRT_PROGRAM_BUILD_JOBS_H

#include "program/program_internal.h"
#include "program/args/kernel_groups.h"
#include "program/build/metal2.h"

/* How often a build waited on by a caller that may be interrupted looks
 * at its wait. */
#define BUILD_WAIT_SLICE_NS (10 * 1000 * 1000)

/* Everything one build reads, copied from the program so that the
 * program may change while the compilers run. */
struct prog_inputs {
	struct prog_file *files;
	uint32_t n_files;
	struct build_file *shown; /* [n_files]: the same, sorted by name, for every compiler */
	char *args_text;
	size_t args_len;
};

/* Copies p's files and args into in; 0, or -ENOMEM with nothing left to
 * free. Caller holds p->lock. */
int prog_inputs_take(struct ttrt_program *p, struct prog_inputs *in);
void prog_inputs_free(struct prog_inputs *in);
/* The file of that name, or NULL. */
const struct prog_file *prog_input_file(const struct prog_inputs *in, const char *name);
/* For prog_plan_make (ctx: the inputs): a file of that name that is not
 * empty. */
bool prog_input_exists(void *ctx, const char *name);

/* One kernel's build for one RISC, in flight. */
struct prog_risc_job {
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

/* A build's jobs, and the texts each running kernel's requests point
 * into. */
struct prog_jobs {
	struct prog_risc_job *v;  /* by RISC, then kernel */
	uint32_t n;
	uint32_t n_kernels;       /* of the arrays below */
	char **descriptors;       /* each running kernel's chlkc_descriptors.h */
	size_t *descriptors_len;
	char **named_args;        /* KERNEL_COMPILE_TIME_ARG_MAP, or NULL */
	struct metal2_kernel *metal2;   /* Metal 2.0 header and entry, or none */
};

/* A job for each kernel the plan runs on each RISC of its processor,
 * each with its kernel's descriptors, named args and Metal 2.0 texts,
 * and every compiler's limits. A TT_KERNEL the build cannot call is
 * -EIO with err set, as a compile error; else 0 or -ENOMEM. */
int prog_jobs_make(struct prog_jobs *jobs, const struct prog_args *a,
		   const struct prog_resolved *r, const struct prog_plan *plan,
		   const struct prog_inputs *in, const struct build_limits *limits, char *err,
		   size_t errlen);
void prog_jobs_free(struct prog_jobs *jobs);
/* Keys of every job; those whose key matches the last build are reused
 * as they are. stamp: what the compilers can read besides the sources.
 * Caller holds p->lock. */
int prog_jobs_plan(struct ttrt_program *p, const struct prog_args *a,
		   const struct build_env *env, uint64_t stamp, struct prog_jobs *jobs);
/* Entries the cache has are read here, on the caller's thread; only
 * real compiles get threads. */
void prog_jobs_load_cached(const struct build_env *env, struct prog_jobs *jobs);
/* Compile every job that cannot be reused, in parallel. The caller's
 * wait, if it is interrupted, stops every build of p. */
void prog_jobs_compile(struct ttrt_program *p, const struct build_env *env,
		       struct prog_jobs *jobs, const struct ttrt_wait *wait);
/* The outcome of the compilers: XIP images made, the log gathered, the
 * first failure described in err. */
int prog_jobs_collect(const struct prog_args *a, struct prog_jobs *jobs, char *err,
		      size_t errlen);

/* program_built.c: the last build of a kernel for a RISC, or NULL.
 * Caller holds p->lock. */
struct prog_risc_build *prog_built_find(const struct ttrt_program *p, const char *kernel,
					enum pack_risc risc);
/* Keep what the jobs built, and each compiler's output (a failed one's
 * too); a kernel's RISC that no longer builds is forgotten. A job reused
 * as it was keeps its ELF and its part of the log. Caller holds p->lock. */
void prog_builds_store(struct ttrt_program *p, const struct prog_args *a,
		       struct prog_jobs *jobs);

#endif /* TTRT_PROGRAM_BUILD_JOBS_H */
