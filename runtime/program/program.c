/* SPDX-License-Identifier: Apache-2.0
 *
 * A program's life (ttrt.h "programs"): made with a name, given files
 * (program_files.c), built, run, deleted. The stages are in
 * program_build.c, program_run.c and program_status.c.
 */
#include "program/program_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *const ttrt_kernel_file_names[TTRT_NUM_KERNELS] = {
	[TTRT_KERNEL_READER] = "reader.cpp",
	[TTRT_KERNEL_WRITER] = "writer.cpp",
	[TTRT_KERNEL_COMPUTE] = "compute.cpp",
};

const char *ttrt_program_state_name(enum ttrt_program_state state)
{
	static const char *const names[] = {
		[TTRT_PROGRAM_EMPTY] = "empty",     [TTRT_PROGRAM_COMPILING] = "compiling",
		[TTRT_PROGRAM_READY] = "ready",     [TTRT_PROGRAM_RUNNING] = "running",
		[TTRT_PROGRAM_DONE] = "done",       [TTRT_PROGRAM_FAILED] = "failed",
		[TTRT_PROGRAM_TIMEOUT] = "timeout",
	};
	return (unsigned)state < sizeof(names) / sizeof(names[0]) ? names[state] : "unknown";
}

double prog_ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) * 1e3 + (double)(t.tv_nsec - t0->tv_nsec) / 1e6;
}

void prog_set_state(struct ttrt_program *p, enum ttrt_program_state s)
{
	p->state = s;
	p->generation++;
}

void prog_set_error(struct ttrt_program *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->error, sizeof(p->error), fmt, ap);
	va_end(ap);
}

void prog_notify(struct ttrt_program *p)
{
	void (*fn)(void *);
	void *arg;

	pthread_mutex_lock(&p->lock);
	fn = p->notify;
	arg = p->notify_arg;
	pthread_mutex_unlock(&p->lock);
	if (fn)
		fn(arg);
}

enum ttrt_program_state prog_rest_state(const struct ttrt_program *p)
{
	if ((p->args_text && !p->args) || p->args_refused)
		return TTRT_PROGRAM_FAILED;
	return prog_has_source(p) ? TTRT_PROGRAM_READY : TTRT_PROGRAM_EMPTY;
}

static void list_add(struct ttrt_program *p)
{
	struct ttrt_device *dev = p->dev;

	pthread_mutex_lock(&dev->program_list_lock);
	p->list_next = dev->program_list;
	if (p->list_next)
		p->list_next->list_pprev = &p->list_next;
	p->list_pprev = &dev->program_list;
	dev->program_list = p;
	pthread_mutex_unlock(&dev->program_list_lock);
}

/* Once: at delete, or at the last put of a program never deleted. */
static void list_remove(struct ttrt_program *p)
{
	struct ttrt_device *dev = p->dev;

	pthread_mutex_lock(&dev->program_list_lock);
	if (p->list_pprev) {
		*p->list_pprev = p->list_next;
		if (p->list_next)
			p->list_next->list_pprev = p->list_pprev;
		p->list_pprev = NULL;
		p->list_next = NULL;
	}
	pthread_mutex_unlock(&dev->program_list_lock);
}

int ttrt_program_new(struct ttrt_device *dev, const char *name, ttrt_buffer_lookup_fn lookup,
		     void *lookup_ctx, struct ttrt_program **out)
{
	struct ttrt_program *p;
	int rc = ttrt_buffer_name_check(name);

	if (rc)
		return rc;
	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	snprintf(p->name, sizeof(p->name), "%s", name);
	p->dev = dev;
	p->lookup = lookup;
	p->lookup_ctx = lookup_ctx;
	p->refs = 1;
	rc = pthread_mutex_init(&p->lock, NULL);
	if (rc)
		goto fail;
	rc = pthread_cond_init(&p->changed, NULL);
	if (rc) {
		pthread_mutex_destroy(&p->lock);
		goto fail;
	}
	list_add(p);
	*out = p;
	return 0;
fail:
	free(p);
	return -rc;
}

void ttrt_program_get(struct ttrt_program *p)
{
	pthread_mutex_lock(&p->lock);
	p->refs++;
	pthread_mutex_unlock(&p->lock);
}

static void program_free(struct ttrt_program *p)
{
	list_remove(p);
	for (uint32_t i = 0; i < p->n_files; i++)
		free(p->files[i].data);
	free(p->files);
	free(p->args_text);
	free(p->profile);
	prog_args_free(p->args);
	prog_builds_free(p);
	free(p->cores);
	free(p->notes);
	pthread_cond_destroy(&p->changed);
	pthread_mutex_destroy(&p->lock);
	free(p);
}

void ttrt_program_put(struct ttrt_program *p)
{
	unsigned left;

	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	left = --p->refs;
	pthread_mutex_unlock(&p->lock);
	if (left == 0)
		program_free(p);
}

int ttrt_program_delete(struct ttrt_program *p)
{
	int rc = 0;

	pthread_mutex_lock(&p->lock);
	/* A run still building is stopped, not waited for (its compilers
	 * are killed): its start ends with -ENOENT. */
	p->removing = true;
	while (!p->deleted && p->running && !p->launch_reported)
		pthread_cond_wait(&p->changed, &p->lock);
	p->removing = false;
	if (p->deleted)
		rc = -ENOENT;
	else if (p->running)
		rc = -EBUSY;
	else
		p->deleted = true;
	/* Its background builds see it deleted and stop: when rmdir
	 * returns, no compiler of it runs. */
	while (rc == 0 && p->builds_in_flight)
		pthread_cond_wait(&p->changed, &p->lock);
	pthread_mutex_unlock(&p->lock);
	if (rc == 0)
		list_remove(p);
	return rc;
}

int ttrt_program_foreach(struct ttrt_device *dev, int (*fn)(struct ttrt_program *, void *),
			 void *arg)
{
	int rc = 0;

	pthread_mutex_lock(&dev->program_list_lock);
	for (struct ttrt_program *p = dev->program_list; p && rc == 0; p = p->list_next)
		rc = fn(p, arg);
	pthread_mutex_unlock(&dev->program_list_lock);
	return rc;
}

const char *ttrt_program_name(const struct ttrt_program *p)
{
	return p->name;
}

int prog_changeable(const struct ttrt_program *p)
{
	if (p->deleted)
		return -ENOENT;
	return p->running ? -EBUSY : 0;
}

struct lookup_ctx {
	struct ttrt_program *p;
	bool pin;
};

/* The buffer's info; with ctx->pin, pinned first, so the shape read
 * afterwards stays as read until the pin goes. */
static int lookup_buffer(void *ctx, const char *name, struct prog_buffer_info *out)
{
	struct lookup_ctx *lc = ctx;
	struct ttrt_program *p = lc->p;
	struct ttrt_buffer_pin *pin = NULL;
	struct ttrt_buffer *buf;
	int rc;

	if (!p->lookup || p->lookup(p->lookup_ctx, name, &buf))
		return -ENOENT;
	rc = lc->pin ? ttrt_buffer_pin(buf, p->name, &pin) : 0;
	if (rc == 0)
		rc = ttrt_buffer_problem(buf, out->problem, sizeof(out->problem));
	if (rc == 0)
		rc = ttrt_buffer_address(buf, &out->addr);   /* -ENODATA: no size yet */
	if (rc == 0)
		rc = ttrt_buffer_accessor_args(buf, out->accessor, TTRT_ACCESSOR_MAX_WORDS,
					       &out->n_accessor);
	if (rc == 0) {
		out->page_size = ttrt_buffer_page_size(buf);
		out->is_dram = ttrt_buffer_kind(buf) == TTRT_BUFFER_DRAM;
		out->bytes_per_bank = ttrt_buffer_bytes_per_bank(buf);
		for (int i = 0; i < TTRT_NUM_TENSIX; i++)
			if (ttrt_buffer_on_core(buf, ttrt_core_logical(i)))
				out->on_core[i / 8] |= (uint8_t)(1u << (i % 8));
		out->pin = pin;
	} else {
		ttrt_buffer_unpin(pin);
	}
	ttrt_buffer_put(buf);
	return rc;
}

int prog_resolve(struct ttrt_program *p, const struct prog_args *a, bool pin,
		 struct prog_resolved **out, char *err, size_t errlen)
{
	struct lookup_ctx ctx = { p, pin };

	return prog_args_resolve(a, "args", lookup_buffer, &ctx, out, err, errlen);
}

enum ttrt_program_state ttrt_program_state(struct ttrt_program *p)
{
	enum ttrt_program_state s;

	pthread_mutex_lock(&p->lock);
	s = p->state;
	pthread_mutex_unlock(&p->lock);
	return s;
}

uint64_t ttrt_program_generation(struct ttrt_program *p)
{
	uint64_t g;

	pthread_mutex_lock(&p->lock);
	g = p->generation;
	pthread_mutex_unlock(&p->lock);
	return g;
}

void ttrt_program_set_notify(struct ttrt_program *p, void (*fn)(void *arg), void *arg)
{
	pthread_mutex_lock(&p->lock);
	p->notify = fn;
	p->notify_arg = arg;
	pthread_mutex_unlock(&p->lock);
}
