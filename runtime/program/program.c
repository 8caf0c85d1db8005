/* SPDX-License-Identifier: Apache-2.0
 *
 * A program's life (ttrt.h "programs"): made with a name, given sources
 * and args, built, run, deleted. The stages are in program_build.c,
 * program_run.c and program_status.c.
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

static bool has_source(const struct ttrt_program *p)
{
	return p->n_files > 0;
}

const struct prog_file *prog_file_find(const struct ttrt_program *p, const char *name)
{
	for (uint32_t i = 0; i < p->n_files; i++)
		if (!strcmp(p->files[i].name, name))
			return &p->files[i];
	return NULL;
}

enum ttrt_program_state prog_rest_state(const struct ttrt_program *p)
{
	if (p->args_text && !p->args)
		return TTRT_PROGRAM_FAILED;
	return has_source(p) ? TTRT_PROGRAM_READY : TTRT_PROGRAM_EMPTY;
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
	prog_args_free(p->args);
	prog_builds_free(p);
	free(p->cores);
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

/* Common checks of a call that changes the program. */
static int changeable(struct ttrt_program *p)
{
	if (p->deleted)
		return -ENOENT;
	return p->running ? -EBUSY : 0;
}

/* Puts copy (len bytes; NULL and 0 remove the file) in place of the
 * file's text. Caller holds p->lock. 0, -ENOSPC or -ENOMEM. */
static int replace_file(struct ttrt_program *p, const char *name, char *copy, size_t len)
{
	struct prog_file *f = (struct prog_file *)prog_file_find(p, name);

	if (!f && !len)
		return 0;
	if (!f) {
		if (p->n_files == TTRT_PROGRAM_FILES_MAX)
			return -ENOSPC;
		f = realloc(p->files, (p->n_files + 1) * sizeof(*f));
		if (!f)
			return -ENOMEM;
		p->files = f;
		f = &p->files[p->n_files++];
		snprintf(f->name, sizeof(f->name), "%s", name);
		f->data = NULL;
	}
	free(f->data);
	f->data = copy;
	f->len = len;
	if (!len)
		*f = p->files[--p->n_files];
	return 0;
}

int ttrt_program_set_file(struct ttrt_program *p, const char *name, const void *data, size_t len)
{
	char *copy = NULL;
	int rc = ttrt_buffer_name_check(name);

	if (rc)
		return rc;
	if (len > TTRT_PROGRAM_SOURCE_MAX)
		return -EFBIG;
	if (len) {
		copy = malloc(len);
		if (!copy)
			return -ENOMEM;
		memcpy(copy, data, len);
	}
	pthread_mutex_lock(&p->lock);
	rc = changeable(p);
	if (rc == 0)
		rc = replace_file(p, name, copy, len);
	if (rc == 0) {
		copy = NULL;
		/* Args that do not parse keep their reason: they still fail. */
		if (prog_rest_state(p) != TTRT_PROGRAM_FAILED)
			p->error[0] = '\0';
		prog_set_state(p, prog_rest_state(p));
	}
	pthread_mutex_unlock(&p->lock);
	free(copy);
	if (rc == 0) {
		if (len)
			prog_build_background(p);
		prog_notify(p);
	}
	return rc;
}

int ttrt_program_set_source(struct ttrt_program *p, enum ttrt_kernel k, const void *src,
			    size_t len)
{
	if ((unsigned)k >= TTRT_NUM_KERNELS)
		return -EINVAL;
	return ttrt_program_set_file(p, ttrt_kernel_file_names[k], src, len);
}

static int copy_out(const char *src, size_t len, char **out, size_t *outlen)
{
	*out = NULL;
	*outlen = 0;
	if (!len)
		return 0;
	*out = malloc(len);
	if (!*out)
		return -ENOMEM;
	memcpy(*out, src, len);
	*outlen = len;
	return 0;
}

/* A copy of the file; a missing one is -ENOENT, or no text with missing_ok. */
static int get_file(struct ttrt_program *p, const char *name, bool missing_ok, char **out,
		    size_t *len)
{
	const struct prog_file *f;
	int rc;

	*out = NULL;
	*len = 0;
	pthread_mutex_lock(&p->lock);
	f = prog_file_find(p, name);
	if (p->deleted)
		rc = -ENOENT;
	else if (f)
		rc = copy_out(f->data, f->len, out, len);
	else
		rc = missing_ok ? 0 : -ENOENT;
	pthread_mutex_unlock(&p->lock);
	return rc;
}

int ttrt_program_get_file(struct ttrt_program *p, const char *name, char **out, size_t *len)
{
	return get_file(p, name, false, out, len);
}

int ttrt_program_get_source(struct ttrt_program *p, enum ttrt_kernel k, char **out, size_t *len)
{
	if ((unsigned)k >= TTRT_NUM_KERNELS)
		return -EINVAL;
	return get_file(p, ttrt_kernel_file_names[k], true, out, len);
}

int ttrt_program_set_args(struct ttrt_program *p, const char *text, size_t len, char *err,
			  size_t errlen)
{
	struct prog_args *parsed = NULL;
	char why[PROG_ERROR_MAX] = "";
	bool build = false;
	char *copy;
	int rc, parse_rc;

	if (len > TTRT_PROGRAM_ARGS_MAX)
		return -EFBIG;
	copy = malloc(len + 1);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, text, len);
	copy[len] = '\0';
	parse_rc = prog_args_parse(text, len, "args", TTRT_TENSIX_GRID_X, TTRT_TENSIX_GRID_Y,
				   &parsed, why, sizeof(why));
	if (parse_rc == -ENOMEM) {
		free(copy);
		return parse_rc;
	}
	pthread_mutex_lock(&p->lock);
	rc = changeable(p);
	if (rc == 0) {
		free(p->args_text);
		prog_args_free(p->args);
		p->args_text = copy;
		p->args_len = len;
		p->args = parse_rc ? NULL : parsed;
		copy = NULL;
		parsed = NULL;
		if (parse_rc)
			prog_set_error(p, "%s", why);
		else
			p->error[0] = '\0';
		prog_set_state(p, prog_rest_state(p));
		rc = parse_rc;
		build = rc == 0 && has_source(p);
	}
	pthread_mutex_unlock(&p->lock);
	free(copy);
	prog_args_free(parsed);
	if (rc == -EINVAL)
		ttrt_set_err(err, errlen, "%s", why);
	if (build)
		prog_build_background(p);
	if (rc == 0 || rc == -EINVAL)
		prog_notify(p);
	return rc;
}

int ttrt_program_get_args(struct ttrt_program *p, char **out, size_t *len)
{
	int rc;

	pthread_mutex_lock(&p->lock);
	rc = p->deleted ? -ENOENT : copy_out(p->args_text, p->args_len, out, len);
	pthread_mutex_unlock(&p->lock);
	return rc;
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
