/* SPDX-License-Identifier: Apache-2.0
 *
 * A program's files (ttrt.h, "A program's files"): made, set, read,
 * removed and renamed by name. The args file is the program's args text
 * (p->args_text: present or not) beside the other files (p->files), so
 * that setting it parses it and the builds read it apart; every call
 * below takes both into account.
 */
#include "program/program_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_args(const char *name)
{
	return !strcmp(name, TTRT_PROGRAM_ARGS_FILE);
}

bool prog_has_source(const struct ttrt_program *p)
{
	for (uint32_t i = 0; i < p->n_files; i++)
		if (p->files[i].len)
			return true;
	return false;
}

const struct prog_file *prog_files_find(const struct prog_file *files, uint32_t n,
					const char *name)
{
	for (uint32_t i = 0; i < n; i++)
		if (!strcmp(files[i].name, name))
			return &files[i];
	return NULL;
}

const struct prog_file *prog_file_find(const struct ttrt_program *p, const char *name)
{
	return prog_files_find(p->files, p->n_files, name);
}

bool prog_has_text(void *program, const char *name)
{
	const struct prog_file *f = prog_file_find(program, name);

	return f && f->len;
}

static struct prog_file *file_find(struct ttrt_program *p, const char *name)
{
	return (struct prog_file *)prog_file_find(p, name);
}

static uint32_t files_count(const struct ttrt_program *p)
{
	return p->n_files + (p->args_text != NULL);
}

static bool file_exists(const struct ttrt_program *p, const char *name)
{
	return is_args(name) ? p->args_text != NULL : prog_file_find(p, name) != NULL;
}

/* A new empty entry of that name (not args), at the end. Caller holds
 * p->lock and has checked the count. */
static struct prog_file *file_add(struct ttrt_program *p, const char *name)
{
	struct prog_file *f = realloc(p->files, (p->n_files + 1) * sizeof(*f));

	if (!f)
		return NULL;
	p->files = f;
	f = &p->files[p->n_files++];
	memset(f, 0, sizeof(*f));
	snprintf(f->name, sizeof(f->name), "%s", name);
	return f;
}

static void file_drop(struct ttrt_program *p, struct prog_file *f)
{
	free(f->data);
	*f = p->files[--p->n_files];
}

static void args_drop(struct ttrt_program *p)
{
	free(p->args_text);
	prog_args_free(p->args);
	p->args_text = NULL;
	p->args_len = 0;
	p->args = NULL;
}

/* After a change: the state at rest, the error kept only if the args
 * still fail; then (lock released) a background build and the notify. */
static void changed_locked(struct ttrt_program *p)
{
	p->args_refused = false;
	if (prog_rest_state(p) != TTRT_PROGRAM_FAILED)
		p->error[0] = '\0';
	prog_set_state(p, prog_rest_state(p));
}

static void changed_after(struct ttrt_program *p, bool build)
{
	if (build)
		prog_build_background(p);
	prog_notify(p);
}

/* Checks every changing call makes first, p->lock held. */
static int may_change(const struct ttrt_program *p, const char *name)
{
	int rc = ttrt_buffer_name_check(name);

	return rc ? rc : prog_changeable(p);
}

/* text (len bytes, not NUL-terminated) copied into *copy, NUL-terminated,
 * and parsed as args into *parsed: the parse's result, or -ENOMEM with
 * *copy NULL. */
static int args_copy_parse(const char *text, size_t len, char **copy, struct prog_args **parsed,
			   char *why, size_t whylen)
{
	*parsed = NULL;
	*copy = malloc(len + 1);
	if (!*copy)
		return -ENOMEM;
	memcpy(*copy, text, len);
	(*copy)[len] = '\0';
	return prog_args_parse(*copy, len, "args", TTRT_TENSIX_GRID_X, TTRT_TENSIX_GRID_Y, parsed,
			       why, whylen);
}

/* args parsed from text (len bytes, not NUL-terminated): on success the
 * old args go and the text (copied) and the parse take their place; on
 * -EINVAL nothing changes but the error. Caller holds p->lock. */
static int args_take(struct ttrt_program *p, const char *text, size_t len, char *why,
		     size_t whylen)
{
	struct prog_args *parsed;
	char *copy;
	int rc = args_copy_parse(text, len, &copy, &parsed, why, whylen);

	if (rc) {
		free(copy);
		return rc;
	}
	args_drop(p);
	p->args_text = copy;
	p->args_len = len;
	p->args = parsed;
	return 0;
}

int ttrt_program_create_file(struct ttrt_program *p, const char *name)
{
	int rc;

	pthread_mutex_lock(&p->lock);
	rc = may_change(p, name);
	if (rc == 0 && file_exists(p, name))
		rc = -EEXIST;
	else if (rc == 0 && files_count(p) >= TTRT_PROGRAM_FILES_MAX)
		rc = -ENOSPC;
	if (rc == 0 && is_args(name))
		rc = args_take(p, "", 0, NULL, 0);
	else if (rc == 0 && !file_add(p, name))
		rc = -ENOMEM;
	if (rc == 0)
		changed_locked(p);
	pthread_mutex_unlock(&p->lock);
	if (rc == 0)
		changed_after(p, false);
	return rc;
}

int ttrt_program_set_file(struct ttrt_program *p, const char *name, const void *data, size_t len)
{
	struct prog_file *f;
	char *copy = NULL;
	int rc = ttrt_buffer_name_check(name);

	if (rc)
		return rc;
	if (is_args(name))
		return ttrt_program_set_args(p, data, len, NULL, 0);
	if (len > TTRT_PROGRAM_FILE_MAX)
		return -EFBIG;
	if (len) {
		copy = malloc(len);
		if (!copy)
			return -ENOMEM;
		memcpy(copy, data, len);
	}
	pthread_mutex_lock(&p->lock);
	rc = prog_changeable(p);
	f = rc ? NULL : file_find(p, name);
	if (rc == 0 && !f) {
		if (files_count(p) >= TTRT_PROGRAM_FILES_MAX)
			rc = -ENOSPC;
		else if (!(f = file_add(p, name)))
			rc = -ENOMEM;
	}
	if (rc == 0) {
		free(f->data);
		f->data = copy;
		f->len = len;
		copy = NULL;
		changed_locked(p);
	}
	pthread_mutex_unlock(&p->lock);
	free(copy);
	if (rc == 0)
		changed_after(p, len > 0);
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

/* The text of a file (out NULL: only its length); a missing one is
 * -ENOENT, or no text with missing_ok. */
static int get_file(struct ttrt_program *p, const char *name, bool missing_ok, char **out,
		    size_t *len)
{
	const struct prog_file *f;
	const char *text = NULL;
	size_t n = 0;
	int rc = 0;

	if (out)
		*out = NULL;
	*len = 0;
	pthread_mutex_lock(&p->lock);
	f = prog_file_find(p, name);
	if (p->deleted) {
		rc = -ENOENT;
	} else if (is_args(name) && p->args_text) {
		text = p->args_text;
		n = p->args_len;
	} else if (!is_args(name) && f) {
		text = f->data;
		n = f->len;
	} else if (!missing_ok) {
		rc = -ENOENT;
	}
	if (rc == 0 && out)
		rc = copy_out(text, n, out, len);
	else if (rc == 0)
		*len = n;
	pthread_mutex_unlock(&p->lock);
	return rc;
}

int ttrt_program_get_file(struct ttrt_program *p, const char *name, char **out, size_t *len)
{
	return get_file(p, name, false, out, len);
}

int ttrt_program_file_size(struct ttrt_program *p, const char *name, size_t *len)
{
	return get_file(p, name, false, NULL, len);
}

int ttrt_program_get_source(struct ttrt_program *p, enum ttrt_kernel k, char **out, size_t *len)
{
	if ((unsigned)k >= TTRT_NUM_KERNELS)
		return -EINVAL;
	return get_file(p, ttrt_kernel_file_names[k], true, out, len);
}

int ttrt_program_get_args(struct ttrt_program *p, char **out, size_t *len)
{
	return get_file(p, TTRT_PROGRAM_ARGS_FILE, true, out, len);
}

int ttrt_program_remove_file(struct ttrt_program *p, const char *name)
{
	struct prog_file *f;
	bool build;
	int rc;

	pthread_mutex_lock(&p->lock);
	rc = may_change(p, name);
	f = rc || is_args(name) ? NULL : file_find(p, name);
	if (rc == 0 && !file_exists(p, name))
		rc = -ENOENT;
	if (rc == 0) {
		if (f)
			file_drop(p, f);
		else
			args_drop(p);
		changed_locked(p);
	}
	build = rc == 0 && prog_has_source(p);
	pthread_mutex_unlock(&p->lock);
	if (rc == 0)
		changed_after(p, build);
	return rc;
}

/* from (a file, not args) becomes the args, if they parse. */
static int rename_to_args(struct ttrt_program *p, struct prog_file *from, char *why,
			  size_t whylen)
{
	int rc = args_take(p, from->data ? from->data : "", from->len, why, whylen);

	if (rc == -EINVAL) {
		/* The old args stay; the status says why the new ones did not,
		 * until the next change. */
		p->args_refused = true;
		prog_set_error(p, "%s", why);
		prog_set_state(p, TTRT_PROGRAM_FAILED);
	}
	if (rc == 0)
		file_drop(p, from);
	return rc;
}

/* The args become the file to, which they replace if it exists. */
static int rename_from_args(struct ttrt_program *p, const char *to)
{
	struct prog_file *f = file_find(p, to);

	if (!f && !(f = file_add(p, to)))
		return -ENOMEM;
	free(f->data);
	/* The text moves; an empty file has none. */
	f->data = p->args_len ? p->args_text : NULL;
	f->len = p->args_len;
	if (p->args_len)
		p->args_text = NULL;
	args_drop(p);
	return 0;
}

static int rename_locked(struct ttrt_program *p, const char *from, const char *to, char *why,
			 size_t whylen)
{
	struct prog_file *f = is_args(from) ? NULL : file_find(p, from), *old;
	int rc = may_change(p, from);

	if (rc == 0)
		rc = may_change(p, to);
	if (rc == 0 && !file_exists(p, from))
		rc = -ENOENT;
	if (rc || !strcmp(from, to))
		return rc;
	if (is_args(to))
		return rename_to_args(p, f, why, whylen);
	if (is_args(from))
		return rename_from_args(p, to);
	old = file_find(p, to);
	if (old) {
		free(old->data);
		*old = *f;
		snprintf(old->name, sizeof(old->name), "%s", to);
		*f = p->files[--p->n_files];
	} else {
		snprintf(f->name, sizeof(f->name), "%s", to);
	}
	return 0;
}

int ttrt_program_rename_file(struct ttrt_program *p, const char *from, const char *to, char *err,
			     size_t errlen)
{
	char why[PROG_ERROR_MAX] = "";
	bool build;
	int rc;

	pthread_mutex_lock(&p->lock);
	rc = rename_locked(p, from, to, why, sizeof(why));
	if (rc == 0)
		changed_locked(p);
	build = rc == 0 && prog_has_source(p);
	pthread_mutex_unlock(&p->lock);
	if (rc == -EINVAL && why[0])
		ttrt_set_err(err, errlen, "%s", why);
	if (rc == 0 || (rc == -EINVAL && why[0]))
		changed_after(p, build);
	return rc;
}

int ttrt_program_list_files(struct ttrt_program *p,
			    int (*fn)(void *ctx, const char *name, size_t len), void *ctx)
{
	int rc = 0;

	pthread_mutex_lock(&p->lock);
	if (p->deleted)
		rc = -ENOENT;
	if (rc == 0 && p->args_text)
		rc = fn(ctx, TTRT_PROGRAM_ARGS_FILE, p->args_len);
	for (uint32_t i = 0; rc == 0 && i < p->n_files; i++)
		rc = fn(ctx, p->files[i].name, p->files[i].len);
	pthread_mutex_unlock(&p->lock);
	return rc;
}

int ttrt_program_set_args(struct ttrt_program *p, const char *text, size_t len, char *err,
			  size_t errlen)
{
	struct prog_args *parsed;
	char why[PROG_ERROR_MAX] = "";
	bool build = false;
	char *copy;
	int rc, parse_rc;

	if (len > TTRT_PROGRAM_ARGS_MAX)
		return -EFBIG;
	parse_rc = args_copy_parse(text, len, &copy, &parsed, why, sizeof(why));
	if (parse_rc == -ENOMEM) {
		free(copy);
		return parse_rc;
	}
	pthread_mutex_lock(&p->lock);
	rc = prog_changeable(p);
	if (rc == 0 && !p->args_text && files_count(p) >= TTRT_PROGRAM_FILES_MAX)
		rc = -ENOSPC;
	if (rc == 0) {
		args_drop(p);
		p->args_refused = false;
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
		build = rc == 0 && prog_has_source(p);
	}
	pthread_mutex_unlock(&p->lock);
	free(copy);
	prog_args_free(parsed);
	if (rc == -EINVAL)
		ttrt_set_err(err, errlen, "%s", why);
	if (rc == 0 || rc == -EINVAL)
		changed_after(p, build);
	return rc;
}
