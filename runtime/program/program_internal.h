/* SPDX-License-Identifier: Apache-2.0
 *
 * A program (ttrt.h "programs") and the stages it goes through: its
 * sources and args (program.c), its build (program_build.c, with
 * program_build_jobs.h's files), a run on its cores (program_run.c) and
 * the status text (program_status.c).
 *
 * Locking: p->lock guards every field below it. It is never held while a
 * compiler runs, while the chip is touched or while the notify callback
 * runs. The run thread owns the fields marked "run thread" while
 * p->running is set.
 */
#ifndef TTRT_PROGRAM_INTERNAL_H
#define TTRT_PROGRAM_INTERNAL_H

#include "program/args/args.h"
#include "program/build/build.h"
#include "program/pack/pack.h"
#include "runtime_internal.h"

#include <pthread.h>
#include <stdbool.h>

struct srcline_elf;

#define PROG_ERROR_MAX 1536

/* A file of the program other than args (ttrt_program_set_file). */
struct prog_file {
	char name[TTRT_BUFFER_NAME_MAX + 1];
	char *data;                   /* NULL for an empty file */
	size_t len;
};

/* What one kernel's build for one RISC made. */
struct prog_risc_build {
	char kernel[PROG_KERNEL_NAME_MAX + 1];   /* the kernel's name in the args */
	enum pack_risc risc;
	bool built;
	uint64_t key;
	uint8_t *elf;
	size_t elf_len;
	struct pack_xip xip;
	bool cache_hit;
	char *log;                    /* the compiler's output, when it was last built */
	size_t log_len;
	struct srcline_elf *lines;    /* the ELF's debug info, made at its first launch */
};

/* How a core's part of a run ended. */
enum prog_core_result {
	PROG_CORE_PENDING,
	PROG_CORE_DONE,
	PROG_CORE_FAULT,
	PROG_CORE_TIMEOUT,
	PROG_CORE_STOPPED,
};

struct prog_core_status {
	struct ttrt_xy core;
	enum prog_core_result result;
	char detail[1024];      /* the fault, or what its RISCs waited on */
};

struct prog_timings {
	double build_ms, pack_ms, launch_ms, run_ms;
	unsigned builds, cache_hits;
};

struct ttrt_program {
	struct ttrt_device *dev;
	char name[TTRT_BUFFER_NAME_MAX + 1];
	ttrt_buffer_lookup_fn lookup;
	void *lookup_ctx;

	pthread_mutex_t lock;
	pthread_cond_t changed;       /* a build or a run ended */
	unsigned refs;
	bool deleted;

	struct prog_file *files;      /* in no set order */
	uint32_t n_files;
	char *args_text;              /* the args file (NUL-terminated), NULL: none */
	size_t args_len;
	struct prog_args *args;       /* NULL: none set, or the text did not parse */
	bool args_refused;            /* a rename over args was refused: failed until a change */

	enum ttrt_program_state state;
	uint64_t generation;
	char error[PROG_ERROR_MAX];
	struct prog_timings times;

	unsigned builds_in_flight;    /* running or asked for, background and foreground */
	bool build_queued;            /* the background builder should build (again) */
	bool builder_running;         /* the background builder's thread lives */
	uint64_t build_seq_next;      /* inputs taken by builds, counted */
	uint64_t build_seq_stored;    /* the newest inputs whose results are kept */
	uint64_t build_cancel_seq;    /* bumped to stop every build in flight */
	int build_cancel_why;         /* what the stopped builds return: -EINTR */
	bool removing;                /* a delete waits for a run's build to stop */
	/* The last build's, each kernel on each of its RISCs, by RISC then
	 * kernel (build/log's order). */
	struct prog_risc_build *builds;
	uint32_t n_builds;

	bool running;                 /* a start is under way or its run thread lives */
	bool stop_requested;
	int run_status;               /* how the last run ended: 0 or -errno */
	bool launch_reported;         /* the run thread has said how the launch went */
	int launch_rc;
	struct prog_core_status *cores;   /* of the last run, as the run thread published them */
	uint32_t n_cores;
	char *profile;                /* the last run's profile text (program_profile.c), NULL: none */
	size_t profile_len;
	/* What the last run's launch did besides launching, one line each
	 * ("core 2,2: firmware was overwritten since the last run;
	 * reloaded"); NULL: nothing. */
	char *notes;

	void (*notify)(void *arg);
	void *notify_arg;

	/* The device's program list (program_list_lock): linked from new
	 * until delete, or until the last put of a program never deleted. */
	struct ttrt_program *list_next, **list_pprev;
};

/* program.c */
/* Set the state and count the change; caller holds p->lock. */
void prog_set_state(struct ttrt_program *p, enum ttrt_program_state s);
/* Call the notify callback, with no lock held. */
void prog_notify(struct ttrt_program *p);
/* printf into p->error; caller holds p->lock. */
void prog_set_error(struct ttrt_program *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The state a program at rest is in: empty, ready or failed. */
enum ttrt_program_state prog_rest_state(const struct ttrt_program *p);
/* -ENOENT once deleted, -EBUSY while it runs, else 0: the checks of a
 * call that changes the program. Caller holds p->lock. */
int prog_changeable(const struct ttrt_program *p);

/* program_files.c */
/* The file of that name among files[n], or NULL. */
const struct prog_file *prog_files_find(const struct prog_file *files, uint32_t n,
					const char *name);
/* The file of that name (never args), or NULL. Caller holds p->lock. */
const struct prog_file *prog_file_find(const struct ttrt_program *p, const char *name);
/* Some file has text: a kernel may be built. Caller holds p->lock. */
bool prog_has_source(const struct ttrt_program *p);
/* The file is there and has text, as a kernel's source must: an empty
 * reader.cpp is no reader. program: a struct ttrt_program, whose lock the
 * caller holds (a prog_file_exists_fn, kernel_groups.h). */
bool prog_has_text(void *program, const char *name);
double prog_ms_since(const struct timespec *t0);
/* Resolve the args with the program's buffer lookup; with pin, every
 * buffer they name is pinned (ttrt_buffer_pin, held by the program's
 * name) until the resolved args are freed. */
int prog_resolve(struct ttrt_program *p, const struct prog_args *a, bool pin,
		 struct prog_resolved **out, char *err, size_t errlen);
/* The caller of a wait asks to stop it (wait may be NULL). */
static inline bool prog_interrupted(const struct ttrt_wait *wait)
{
	return wait && wait->interrupted && wait->interrupted(wait->arg);
}

/* program_status.c: the program as one JSON object, for info.json (the
 * status text's fields; the last run's cores). */
struct strbuf;
void prog_render_json(struct ttrt_program *p, struct strbuf *sb);
/* program_status.c: what each busy or faulted RISC of a core is doing,
 * read from the hardware ("brisc pc 0x… cb_wait_front cb 0: …; …"),
 * for the status while a core runs and for its result after a timeout. */
void prog_describe_riscs(struct ttrt_device *dev, struct ttrt_xy core, char *buf, size_t len);

/* program_build.c */
/* A run's build: after the background builds, what changed (p->lock
 * not held); the run sets the state. */
int prog_build(struct ttrt_program *p, const struct ttrt_wait *wait);
/* Asks the program's background builder to build (starting it if need
 * be); the state is `compiling` from this call on. */
void prog_build_background(struct ttrt_program *p);
/* Stops every build of p in flight (their compilers are killed within a
 * few tens of ms; they return why, e.g. -EINTR); later builds run. */
void prog_builds_cancel(struct ttrt_program *p, int why);
void prog_builds_cancel_locked(struct ttrt_program *p, int why);

/* program_built.c: what the last build made. */
void prog_builds_free(struct ttrt_program *p);
/* The last build's image of a kernel for a RISC, or NULL. Caller holds
 * p->lock. */
const struct pack_xip *prog_built_image(const struct ttrt_program *p, const char *kernel,
					enum pack_risc risc);
/* The debug info of that build's ELF (one per built ELF, made at the
 * first call), a reference for the caller; NULL if none was built or
 * without memory. Caller holds p->lock. */
struct srcline_elf *prog_built_lines(struct ttrt_program *p, const char *kernel,
				     enum pack_risc risc);

/* program_run.c */
int prog_run_start(struct ttrt_program *p, const struct ttrt_wait *wait);

/* program_profile.c: before a launch on a core, empty its RISCs' profiler
 * buffers; after the run, their records as the profile text. Nothing to
 * clear or collect on a card (-ENOTSUP: it has no device profiler). */
int prog_profile_clear(struct ttrt_device *dev, struct ttrt_xy core);
int prog_profile_collect(struct ttrt_device *dev, const struct ttrt_xy *cores, uint32_t n,
			 uint64_t run_id, char **out, size_t *len);

/* core_owner.c: which program holds each core while it runs. */
int prog_cores_claim(struct ttrt_program *p, const struct ttrt_xy *cores, uint32_t n, char *err,
		     size_t errlen);
void prog_cores_release(struct ttrt_program *p, const struct ttrt_xy *cores, uint32_t n);
/* Which kernels each core of the plan runs, for ttrt_core_kernels: at a
 * launch, with the cores claimed. 0 or -ENOMEM. */
struct prog_plan;
int prog_cores_record(struct ttrt_program *p, const struct prog_args *a,
		      const struct prog_plan *plan);

#endif /* TTRT_PROGRAM_INTERNAL_H */
