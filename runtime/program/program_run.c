/* SPDX-License-Identifier: Apache-2.0
 *
 * Running a program: build what changed, resolve the args, pack each
 * kernel group's kernel-config buffer once, take the cores that run a
 * kernel, then on a thread of its own
 * hold the chip for the whole run (a reset waits for it), write each
 * core's launch message and config, send go, and poll until every core
 * is done, one faults, the timeout passes or the program is stopped. Cores
 * that did not finish are reset, so the next program finds them idle.
 */
#include "program/program_internal.h"
#include "debug/kernel_debug.h"
#include "debug/pc_source.h"
#include "debug/srcline.h"
#include "program/pack/cb_buffers.h"
#include "program/args/kernel_groups.h"
#include "program/pack/pack_args.h"
#include "strbuf.h"
#include "timespec_after.h"
#include "tt/l1_map.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The pause between two looks at the cores: 20 us while a run is young,
 * so that a short run ends soon after its last core; then at most 1/64 of
 * the time it has run, up to 1 ms. On a host with few CPUs each wakeup of
 * this thread preempts a simulator worker: looking every 20 us
 * throughout, 8 cores of a matmul ran only 1.4x faster than 1 on 2 CPUs.
 * A backend that says when a core stops running (the simulator) wakes the
 * watcher then instead; the longer pause only bounds how late a fault,
 * a stop or the deadline is seen. */
#define RUN_POLL_NAP_NS    20000
#define RUN_POLL_SHARE     64
#define RUN_POLL_MAX_NS    1000000
#define RUN_EVENT_NAP_NS   RUN_POLL_MAX_NS
/* Faults are looked for less often than the go signal: it asks every RISC. */
#define RUN_FAULT_EVERY_NS 1000000

/* A kernel's code on a RISC, as built: its debug info and layout. */
struct run_code {
	struct srcline_elf *lines;    /* a reference, or NULL */
	uint32_t link_base, entry_offset, size;
};

struct run {
	struct ttrt_program *p;
	struct prog_args *args;
	struct prog_resolved *resolved;
	struct prog_plan plan;
	struct prog_packed packed;
	uint8_t *config;               /* one core's copy */
	struct ttrt_xy *run_cores;     /* the cores that run a kernel: plan.core's */
	struct ttrt_op op;
	struct timespec t_go;
	char err[PROG_ERROR_MAX];
	struct prog_core_status *cores;   /* the run thread's own; published under p->lock */
	uint32_t n_cores;
	struct run_code *code;        /* [args->n_kernels * PACK_NUM_RISCS] */
	char *profile;                 /* collected when the cores stop, published at the end */
	size_t profile_len;
	bool profiled;
	uint64_t run_id;               /* the launch's host_assigned_id */
	struct strbuf notes;          /* for p->notes */
};

static void run_free(struct run *r)
{
	for (uint32_t i = 0; r->code && i < r->args->n_kernels * PACK_NUM_RISCS; i++)
		srcline_elf_put(r->code[i].lines);
	free(r->code);
	free(r->profile);
	free(r->notes.data);
	free(r->cores);
	prog_packed_free(&r->packed);
	free(r->config);
	free(r->run_cores);
	prog_plan_free(&r->plan);
	prog_resolved_free(r->resolved);
	prog_args_free(r->args);
	free(r);
}

/* The buffers the args name are pinned from the resolve (run_args) until
 * here, which comes before anyone learns that the run ended: a writer of
 * `run` that returns may remove them at once. The packed program points
 * into the resolved args: it goes first. */
static void run_unpin(struct run *r)
{
	prog_packed_free(&r->packed);
	prog_resolved_free(r->resolved);
	r->resolved = NULL;
}

/* The args as they are now, parsed for this run, their buffers pinned. */
static int run_args(struct ttrt_program *p, struct run *r)
{
	char *text = NULL;
	size_t len = 0;
	int rc = ttrt_program_get_args(p, &text, &len);

	if (rc)
		return rc;
	rc = prog_args_parse(text ? text : "", len, "args", TTRT_TENSIX_GRID_X, TTRT_TENSIX_GRID_Y,
			     &r->args, r->err, sizeof(r->err));
	free(text);
	if (rc == 0 && r->args->n_cores == 0) {
		ttrt_set_err(r->err, sizeof(r->err),
			     "args: no cores to run on: set [program] cores (e.g. cores = 0,0)");
		rc = -EINVAL;
	}
	if (rc == 0)
		rc = prog_resolve(p, r->args, true, &r->resolved, r->err, sizeof(r->err));
	return rc;
}

/* The kernel images, as the build left them, and what the launch
 * records of each (run_code). Caller holds p->lock. */
static const struct pack_xip **built_images(struct ttrt_program *p, struct run *r)
{
	const struct prog_args *a = r->args;
	size_t n = (size_t)a->n_kernels * PACK_NUM_RISCS;
	const struct pack_xip **images = calloc(n ? n : 1, sizeof(*images));

	r->code = calloc(n ? n : 1, sizeof(*r->code));
	if (!r->code) {
		free(images);
		return NULL;
	}
	for (uint32_t k = 0; images && k < a->n_kernels; k++)
		for (int risc = 0; r->plan.active[k] && risc < PACK_NUM_RISCS; risc++) {
			size_t i = k * PACK_NUM_RISCS + (size_t)risc;
			const struct pack_xip *x =
				prog_built_image(p, a->kernel[k].name, (enum pack_risc)risc);

			images[i] = x;
			if (!x)
				continue;
			/* Without memory for it, PCs are shown without lines. */
			r->code[i] = (struct run_code){
				prog_built_lines(p, a->kernel[k].name, (enum pack_risc)risc),
				x->link_base, x->entry_offset, x->size };
		}
	return images;
}

static int run_pack(struct ttrt_program *p, struct run *r)
{
	struct prog_pack_input in = { .abi = &p->dev->abi };
	const struct pack_xip **images = NULL;
	int rc;

	pthread_mutex_lock(&p->lock);
	rc = prog_plan_make(r->args, prog_has_text, p, "args", &r->plan, r->err,
			    sizeof(r->err));
	if (rc == 0) {
		images = built_images(p, r);
		rc = images ? 0 : -ENOMEM;
	}
	if (rc == 0) {
		in.images = images;
		in.fixed = r->resolved->cb_fixed;
		in.host_assigned_id = (uint32_t)p->generation;
		r->run_id = in.host_assigned_id;
		rc = prog_pack(r->args, r->resolved, &r->plan, &in, &r->packed, r->err,
			       sizeof(r->err));
	}
	if (rc == 0)
		rc = prog_cbs_clear_of_l1_buffers(p->dev, &r->packed, r->err, sizeof(r->err));
	pthread_mutex_unlock(&p->lock);
	free(images);
	if (rc == 0) {
		r->config = malloc(r->packed.out.size);
		r->run_cores = calloc(r->plan.n_cores ? r->plan.n_cores : 1, sizeof(*r->run_cores));
		if (!r->config || !r->run_cores)
			rc = -ENOMEM;
		for (uint32_t c = 0; rc == 0 && c < r->plan.n_cores; c++)
			r->run_cores[c] = r->args->cores[r->plan.core[c]];
	}
	return rc;
}

/* No program inherits a damaged core: a core whose firmware something
 * wrote over since it was loaded (a kernel's stores, a NOC write, the
 * host through cores/X,Y/l1) gets it again, and the status says so. The
 * caller holds the chip shared and the cores. */
static int reload_damaged(struct run *r)
{
	struct ttrt_device *dev = r->p->dev;
	struct ttrt_xy *bad = calloc(r->plan.n_cores ? r->plan.n_cores : 1, sizeof(*bad));
	uint32_t n_bad = 0;
	struct ttrt_op op;
	int rc = bad ? 0 : -ENOMEM;

	for (uint32_t c = 0; rc == 0 && c < r->plan.n_cores; c++) {
		rc = ttrt_core_firmware_intact(dev, r->run_cores[c]);
		if (rc == 0)
			bad[n_bad++] = r->run_cores[c];
		rc = rc < 0 ? rc : 0;
	}
	if (rc)
		ttrt_set_err(r->err, sizeof(r->err), "reading the firmware of the program's cores: %s",
			     strerror(-rc));
	if (rc == 0 && n_bad) {
		ttrt_op_start(&op, dev, 0, NULL);
		rc = ttrt_cores_reboot(dev, bad, n_bad, &op, r->err, sizeof(r->err));
	}
	for (uint32_t i = 0; rc == 0 && i < n_bad; i++)
		strbuf_printf(&r->notes, "core %u,%u: firmware was overwritten since the last run; "
			      "reloaded\n", bad[i].x, bad[i].y);
	free(bad);
	return rc;
}

/* The run's notes become the program's. Caller holds p->lock. */
static void publish_notes(struct ttrt_program *p, struct run *r)
{
	free(p->notes);
	p->notes = r->notes.failed ? NULL : r->notes.data;
	r->notes = (struct strbuf){ 0 };
}

/* What each RISC of core c runs, where the launch placed it, for the
 * place of its PCs (debug/pc_source.h): the image starts its entry
 * offset before the text offset the firmware calls. */
static void record_code(struct run *r, uint32_t c, const struct ttrt_launch *launch)
{
	const struct prog_group *g = &r->plan.groups[r->plan.group_of[c]];

	for (int risc = 0; risc < TTRT_NUM_RISCS; risc++) {
		enum prog_processor proc = prog_processor_of_risc(risc);
		const struct run_code *code;

		if (g->kernel[proc] < 0)
			continue;
		code = &r->code[(size_t)g->kernel[proc] * PACK_NUM_RISCS + (size_t)risc];
		if (!code->lines)
			continue;
		ttrt_code_set(r->p->dev, r->run_cores[c], risc, code->lines,
			      launch->kernel_config_base[0] + launch->kernel_text_offset[risc] -
				      code->entry_offset,
			      code->link_base, code->size);
	}
}

/* Launch message and config on every core, then go on every core, so
 * that cores that signal each other all start together. */
static int launch_cores(struct run *r)
{
	struct ttrt_device *dev = r->p->dev;
	enum ttrt_noc_mode noc = r->args->noc_mode >= 0 ? (enum ttrt_noc_mode)r->args->noc_mode :
							   dev->cfg.noc_mode;
	int rc = 0;

	for (uint32_t c = 0; rc == 0 && c < r->plan.n_cores; c++) {
		const struct ttrt_launch *launch = NULL;
		struct ttrt_xy core = r->run_cores[c];
		uint32_t size = 0;

		rc = prog_packed_core(&r->packed, c, r->config, &size, &launch);
		for (int risc = 0; rc == 0 && risc < TTRT_NUM_RISCS; risc++)
			rc = ttrt_dprint_consume(dev, core, risc);
		if (rc == 0)
			rc = ttrt_core_noc_mode(dev, core, noc);
		if (rc == 0)
			rc = ttrt_debug_clear(dev, core);
		if (rc == 0)
			rc = prog_profile_clear(dev, core);
		if (rc == 0)
			rc = ttrt_launch_prepare_locked(dev, core, launch);
		if (rc == 0)
			rc = ttrt_l1_write(dev, core, launch->kernel_config_base[0], r->config, size);
		if (rc == 0)
			record_code(r, c, launch);
		if (rc)
			ttrt_set_err(r->err, sizeof(r->err), "writing the launch to core %u,%u: %s",
				     core.x, core.y, strerror(-rc));
	}
	for (uint32_t c = 0; rc == 0 && c < r->plan.n_cores; c++)
		rc = ttrt_launch_go_locked(dev, r->run_cores[c]);
	return rc;
}

static bool core_faulted(struct ttrt_device *dev, struct prog_core_status *cs)
{
	enum ttrt_risc_state states[TTRT_NUM_RISCS];
	uint32_t pcs[TTRT_NUM_RISCS];

	if (ttrt_core_risc_states(dev, cs->core, states, pcs))
		return false;
	for (int risc = 0; risc < TTRT_NUM_RISCS; risc++)
		if (states[risc] == TTRT_RISC_FAULT)
			return true;
	return false;
}

static bool stop_requested(struct ttrt_program *p)
{
	bool stop;

	pthread_mutex_lock(&p->lock);
	stop = p->stop_requested;
	pthread_mutex_unlock(&p->lock);
	return stop;
}

/* Poll every core until it is done; the first fault, the deadline or a
 * stop ends the wait for all. 0, -EIO, -ETIMEDOUT or -EINTR. */
static uint64_t monotonic_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static struct timespec next_nap(uint64_t watched_ns)
{
	uint64_t nap = watched_ns / RUN_POLL_SHARE;

	if (nap < RUN_POLL_NAP_NS)
		nap = RUN_POLL_NAP_NS;
	if (nap > RUN_POLL_MAX_NS)
		nap = RUN_POLL_MAX_NS;
	return (struct timespec){ 0, (long)nap };
}

static int watch(struct run *r, struct prog_core_status *cores, uint32_t n)
{
	struct ttrt_device *dev = r->p->dev;
	uint64_t start = monotonic_ns(), last_fault_check = start, seen = 0;
	bool events = ttrt_device_change_count(dev, &seen) == 0;
	uint32_t pending = n;

	for (;;) {
		uint64_t now = monotonic_ns();
		bool check_faults = now - last_fault_check >= RUN_FAULT_EVERY_NS;
		struct timespec nap;

		for (uint32_t c = 0; c < n; c++) {
			uint8_t signal = 0;

			if (cores[c].result != PROG_CORE_PENDING)
				continue;
			if (ttrt_l1_read(dev, cores[c].core, ttrt_abi_go_signal_addr(&dev->abi, 0), &signal,
					 1) == 0 &&
			    signal == TT_RUN_MSG_DONE) {
				cores[c].result = PROG_CORE_DONE;
				pending--;
			} else if (check_faults && core_faulted(dev, &cores[c])) {
				cores[c].result = PROG_CORE_FAULT;
				return -EIO;
			}
		}
		if (!pending)
			return 0;
		if (check_faults)
			last_fault_check = now;
		if (stop_requested(r->p))
			return -EINTR;
		if (ttrt_op_check(&r->op) == -ETIMEDOUT)
			return -ETIMEDOUT;
		if (events) {
			ttrt_device_wait_change(dev, seen, RUN_EVENT_NAP_NS);
			ttrt_device_change_count(dev, &seen);
			continue;
		}
		nap = next_nap(now - start);
		nanosleep(&nap, NULL);
	}
}

/* The cores that did not finish: described while they still show what
 * they were doing, then reset. */
static int settle(struct run *r, struct prog_core_status *cores, uint32_t n, int rc)
{
	struct ttrt_device *dev = r->p->dev;
	struct ttrt_xy *stuck = calloc(n ? n : 1, sizeof(*stuck));
	enum prog_core_result why = rc == -ETIMEDOUT ? PROG_CORE_TIMEOUT : PROG_CORE_STOPPED;
	uint32_t n_stuck = 0;
	struct ttrt_op op;
	int reset_rc;

	for (uint32_t c = 0; c < n; c++) {
		if (cores[c].result == PROG_CORE_DONE)
			continue;
		if (cores[c].result == PROG_CORE_PENDING)
			cores[c].result = core_faulted(dev, &cores[c]) ? PROG_CORE_FAULT : why;
		prog_describe_riscs(dev, cores[c].core, cores[c].detail, sizeof(cores[c].detail));
		if (stuck)
			stuck[n_stuck++] = cores[c].core;
	}
	if (!n_stuck) {
		free(stuck);
		return 0;
	}
	/* The reset is not the user's wait: it gets the device's own deadline. */
	ttrt_op_start(&op, dev, 0, NULL);
	reset_rc = ttrt_cores_reboot(dev, stuck, n_stuck, &op, NULL, 0);
	free(stuck);
	return reset_rc;
}

static const char *first_failure(const struct prog_core_status *cores, uint32_t n,
				 enum prog_core_result kind, uint32_t *index)
{
	for (uint32_t c = 0; c < n; c++)
		if (cores[c].result == kind) {
			*index = c;
			return cores[c].detail;
		}
	return NULL;
}

static void report_end(struct ttrt_program *p, struct run *r, struct prog_core_status *cores,
		       uint32_t n, int rc, int reset_rc)
{
	uint32_t c = 0;
	const char *d;

	if (rc == -EIO && (d = first_failure(cores, n, PROG_CORE_FAULT, &c)))
		prog_set_error(p, "core %u,%u faulted: %s", cores[c].core.x, cores[c].core.y, d);
	else if (rc == -ETIMEDOUT && (d = first_failure(cores, n, PROG_CORE_TIMEOUT, &c)))
		prog_set_error(p, "timed out after %u ms; core %u,%u: %s", r->op.timeout_ms,
			       cores[c].core.x, cores[c].core.y, d);
	else if (rc == -EINTR)
		prog_set_error(p, "stopped");
	else if (rc)
		prog_set_error(p, "%s", r->err[0] ? r->err : strerror(-rc));
	if (reset_rc) {
		char first[PROG_ERROR_MAX];

		snprintf(first, sizeof(first), "%s", p->error);
		prog_set_error(p, "%s; resetting its cores failed: %s", first, strerror(-reset_rc));
	}
	prog_set_state(p, rc == 0 ? TTRT_PROGRAM_DONE :
			  rc == -ETIMEDOUT ? TTRT_PROGRAM_TIMEOUT : TTRT_PROGRAM_FAILED);
}

/* Copy the run's per-core results where the status sees them. Caller
 * holds p->lock. */
static int publish_cores(struct ttrt_program *p, const struct run *r)
{
	size_t bytes = (r->n_cores ? r->n_cores : 1) * sizeof(*r->cores);

	if (p->n_cores != r->n_cores || !p->cores) {
		struct prog_core_status *c = realloc(p->cores, bytes);

		if (!c)
			return -ENOMEM;
		p->cores = c;
		p->n_cores = r->n_cores;
	}
	memcpy(p->cores, r->cores, r->n_cores * sizeof(*r->cores));
	return 0;
}

/* The run's end, for everyone: the state, error and timings, the
 * callback, then the waiters, so a waiter that returns finds the
 * callback done too. */
static void run_end(struct run *r, int rc, int reset_rc, bool launched)
{
	struct ttrt_program *p = r->p;

	pthread_mutex_lock(&p->lock);
	if (!p->launch_reported) {
		p->launch_reported = true;
		p->launch_rc = rc;
	}
	publish_cores(p, r);
	if (!launched)
		publish_notes(p, r);
	if (launched)
		p->times.run_ms = prog_ms_since(&r->t_go);
	if (r->profiled) {
		free(p->profile);
		p->profile = r->profile;
		p->profile_len = r->profile_len;
		r->profile = NULL;
	}
	report_end(p, r, r->cores, r->n_cores, rc, reset_rc);
	p->run_status = rc;
	pthread_cond_broadcast(&p->changed);
	pthread_mutex_unlock(&p->lock);
	prog_notify(p);
	pthread_mutex_lock(&p->lock);
	p->running = false;
	p->stop_requested = false;
	pthread_cond_broadcast(&p->changed);
	pthread_mutex_unlock(&p->lock);
}

static void report_launch(struct run *r, double launch_ms)
{
	struct ttrt_program *p = r->p;

	pthread_mutex_lock(&p->lock);
	p->launch_reported = true;
	p->launch_rc = 0;
	p->times.launch_ms = launch_ms;
	p->error[0] = '\0';
	p->args_refused = false;   /* it ran with the args it kept */
	publish_cores(p, r);
	publish_notes(p, r);
	prog_set_state(p, TTRT_PROGRAM_RUNNING);
	pthread_cond_broadcast(&p->changed);
	pthread_mutex_unlock(&p->lock);
	prog_notify(p);
}

static void *run_thread(void *arg)
{
	struct run *r = arg;
	struct ttrt_program *p = r->p;
	struct ttrt_device *dev = p->dev;
	struct timespec t0;
	bool launched = false;
	int rc, reset_rc = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	rc = ttrt_chip_lock_launch(dev, &r->op);
	if (rc) {
		ttrt_set_err(r->err, sizeof(r->err), "%s",
			     rc == -EIO ? "the chip is down: write 1 to device/reset" :
					  "the chip stayed busy: a reset holds it");
		goto end;
	}
	rc = reload_damaged(r);
	if (rc == 0)
		rc = launch_cores(r);
	if (rc == 0) {
		clock_gettime(CLOCK_MONOTONIC, &r->t_go);
		launched = true;
		report_launch(r, prog_ms_since(&t0));
		rc = watch(r, r->cores, r->n_cores);
		/* Before a reset of stuck cores: a run that failed has a profile too. */
		r->profiled = prog_profile_collect(dev, r->run_cores, r->plan.n_cores,
						   r->run_id, &r->profile,
						   &r->profile_len) == 0;
	}
	if (rc)
		reset_rc = settle(r, r->cores, r->n_cores, rc);
	ttrt_chip_unlock(dev);
end:
	prog_cores_release(p, r->run_cores, r->plan.n_cores);
	run_unpin(r);
	run_end(r, rc, reset_rc, launched);
	run_free(r);
	ttrt_program_put(p);
	ttrt_program_thread_leave(dev);
	return NULL;
}

/* A start that ends before its run thread: state, error, waiters. */
static int start_failed(struct ttrt_program *p, struct run *r, int rc, bool build_said)
{
	run_unpin(r);
	pthread_mutex_lock(&p->lock);
	if (rc == -EINTR) {
		prog_set_error(p, "stopped before it ran");
		prog_set_state(p, prog_rest_state(p));
	} else if (!build_said) {
		prog_set_error(p, "%s", r->err[0] ? r->err : strerror(-rc));
		prog_set_state(p, TTRT_PROGRAM_FAILED);
	}
	p->run_status = rc;
	p->running = false;
	p->stop_requested = false;
	pthread_cond_broadcast(&p->changed);
	pthread_mutex_unlock(&p->lock);
	prog_notify(p);
	run_free(r);
	return rc;
}

static int cores_init(struct run *r)
{
	r->n_cores = r->plan.n_cores;
	r->cores = calloc(r->n_cores ? r->n_cores : 1, sizeof(*r->cores));
	if (!r->cores)
		return -ENOMEM;
	for (uint32_t c = 0; c < r->n_cores; c++)
		r->cores[c].core = r->run_cores[c];
	return 0;
}

static int spawn(struct ttrt_program *p, struct run *r)
{
	pthread_attr_t attr;
	pthread_t t;
	int rc = pthread_attr_init(&attr);

	if (rc)
		return -rc;
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	ttrt_program_get(p);
	ttrt_program_thread_enter(p->dev);
	rc = pthread_create(&t, &attr, run_thread, r);
	pthread_attr_destroy(&attr);
	if (rc) {
		ttrt_program_put(p);
		ttrt_program_thread_leave(p->dev);
		return -rc;
	}
	return 0;
}

int prog_run_start(struct ttrt_program *p, const struct ttrt_wait *wait)
{
	struct run *r = calloc(1, sizeof(*r));
	struct timespec t0;
	int rc;

	if (!r)
		return -ENOMEM;
	r->p = p;
	pthread_mutex_lock(&p->lock);
	rc = p->deleted ? -ENOENT : p->running ? -EBUSY : 0;
	if (rc == 0) {
		p->running = true;
		p->stop_requested = false;
		p->launch_reported = false;
	}
	pthread_mutex_unlock(&p->lock);
	if (rc) {
		run_free(r);
		return rc;
	}
	rc = prog_build(p, wait);
	if (rc == 0 && stop_requested(p))
		rc = -EINTR;
	if (rc)
		return start_failed(p, r, rc, rc != -EINTR);
	/* After the build, which would otherwise set the state after us:
	 * never a launch with offsets that may be wrong; say why. */
	if (p->dev->launch_problem[0]) {
		ttrt_set_err(r->err, sizeof(r->err), "cannot run on this device: %s",
			     p->dev->launch_problem);
		return start_failed(p, r, -EIO, false);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	rc = run_args(p, r);
	if (rc == 0)
		rc = run_pack(p, r);
	if (rc == 0)
		rc = cores_init(r);
	if (rc == 0) {
		pthread_mutex_lock(&p->lock);
		p->times.pack_ms = prog_ms_since(&t0);
		p->times.launch_ms = 0;
		p->times.run_ms = 0;
		pthread_mutex_unlock(&p->lock);
		rc = prog_cores_claim(p, r->run_cores, r->plan.n_cores, r->err, sizeof(r->err));
		if (rc == 0 && (rc = prog_cores_record(p, r->args, &r->plan)) != 0)
			prog_cores_release(p, r->run_cores, r->plan.n_cores);
	}
	if (rc)
		return start_failed(p, r, rc, false);
	ttrt_op_start(&r->op, p->dev, r->args->timeout_ms, NULL);
	rc = spawn(p, r);
	if (rc) {
		prog_cores_release(p, r->run_cores, r->plan.n_cores);
		return start_failed(p, r, rc, false);
	}
	pthread_mutex_lock(&p->lock);
	while (!p->launch_reported)
		pthread_cond_wait(&p->changed, &p->lock);
	rc = p->launch_rc;
	pthread_mutex_unlock(&p->lock);
	return rc;
}

int ttrt_program_start(struct ttrt_program *p, const struct ttrt_wait *wait)
{
	return prog_run_start(p, wait);
}

int ttrt_program_wait(struct ttrt_program *p, const struct ttrt_wait *wait)
{
	struct timespec slice;
	int rc = 0;

	pthread_mutex_lock(&p->lock);
	while (p->running) {
		if (!wait || !wait->interrupted) {
			pthread_cond_wait(&p->changed, &p->lock);
			continue;
		}
		if (prog_interrupted(wait)) {
			/* The run thread sees the request within one poll. */
			p->stop_requested = true;
			while (p->running)
				pthread_cond_wait(&p->changed, &p->lock);
			rc = -EINTR;
			break;
		}
		slice = timespec_after(CLOCK_REALTIME, 10 * 1000 * 1000);
		pthread_cond_timedwait(&p->changed, &p->lock, &slice);
	}
	if (rc == 0)
		rc = p->run_status;
	pthread_mutex_unlock(&p->lock);
	return rc;
}

int ttrt_program_run(struct ttrt_program *p, const struct ttrt_wait *wait)
{
	int rc = prog_run_start(p, wait);

	return rc ? rc : ttrt_program_wait(p, wait);
}

int ttrt_program_running(struct ttrt_program *p)
{
	int running;

	pthread_mutex_lock(&p->lock);
	running = p->running;
	pthread_mutex_unlock(&p->lock);
	return running;
}

int ttrt_program_stop(struct ttrt_program *p)
{
	pthread_mutex_lock(&p->lock);
	if (p->running)
		p->stop_requested = true;
	prog_builds_cancel_locked(p, -EINTR);
	while (p->running || p->builds_in_flight)
		pthread_cond_wait(&p->changed, &p->lock);
	pthread_mutex_unlock(&p->lock);
	return 0;
}
