/* SPDX-License-Identifier: Apache-2.0
 *
 * The first error of a failed build, told where the user can act on it
 * (build_find_first_error, build.h; the texts in docs/programs.md). gcc
 * reports an error at the spelling location, which is often in the SDK:
 * a DPRINT after a missing ';' fails inside dprint.h's macro, a bad
 * get_arg_val<T> inside a template of the SDK. The log says how the
 * user's file led there, and this file follows it back:
 *
 *   context  "In file included from A:18," / "   from B:19:" (the file
 *            of the next error), "F: In instantiation of 'X':",
 *            "F:L:C:   required from here" (the template's user)
 *   error    "F:L:C: error: TEXT" (or "fatal error")
 *   notes    "F:L:C: note: in expansion of macro 'M'" (the macro's user)
 *
 * The answer is the first error with a place in the user's own files
 * (relative names: the compiler runs in the build directory): the error
 * itself, else the first macro expansion there, else the first template
 * context there, else the #include there that led to the error's file.
 * No absolute path of the build machine is left in the text: the SDK is
 * sdk/..., the firmware headers include/..., a card's trees tt-metal/...
 * and sfpi/..., the program's files their bare names, anything else
 * .../NAME.
 */
#include "program/build/build.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A place in the log: pointers into it. line 0: none (<command-line>). */
struct place {
	const char *path;
	size_t path_len;
	int line, col;
};

/* Files whose include chain has been seen: gcc prints a file's chain
 * only before the first diagnostic in it. */
#define CHAINS_MAX 32

struct chain {
	const char *path;
	size_t path_len;
	struct place user;   /* the chain's first entry in a user file; path NULL: none */
};

/* One error being read, with what may lead back to the user's file. */
struct diag {
	bool open;
	bool error;                /* error or fatal error, not a warning */
	struct place at;
	const char *kind, *text;   /* "error", "fatal error"; the message */
	size_t kind_len, text_len;
	struct place macro;        /* first macro expansion in a user file */
	const char *macro_why;
	size_t macro_why_len;
	struct place context;      /* first template context in a user file */
	struct place included;     /* the #include in a user file that led here */
	const char *inst;          /* "In instantiation of '...'" */
	size_t inst_len;
	const char *context_why;
	size_t context_why_len;
};

/* What precedes an error: its file's include chain and template context. */
struct pending {
	bool chain_seen;
	struct place chain_user;
	struct place context;
	const char *inst, *context_why;
	size_t inst_len, context_why_len;
};

struct reader {
	const struct build_env *env;
	const char *src;
	struct chain chains[CHAINS_MAX];
	int n_chains;
	struct pending pending;
	struct diag cur;
	struct diag answer;         /* the first error with a user place, else the first error */
	bool have_answer;
};

/* ---- paths ------------------------------------------------------------------ */

static bool has_prefix(const char *s, size_t len, const char *dir, size_t *rest)
{
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (!dir[0] || len <= n + 1 || strncmp(s, dir, n) || s[n] != '/')
		return false;
	*rest = n + 1;
	return true;
}

static bool ends_with_name(const char *s, size_t len, const char *name)
{
	size_t n = strlen(name);

	return n && len > n && s[len - n - 1] == '/' && !strncmp(s + len - n, name, n);
}

static const char *last_part(const char *s, size_t *len)
{
	size_t i = *len;

	while (i && s[i - 1] != '/')
		i--;
	*len -= i;
	return s + i;
}

/* The program's own files: relative to the build directory, or in it. */
static bool user_path(const struct reader *r, const char *p, size_t len)
{
	size_t rest;

	if (!len || p[0] == '<')
		return false;
	if (p[0] != '/')
		return true;
	return has_prefix(p, len, r->env->cache_dir, &rest) || ends_with_name(p, len, r->src);
}

/* Writes path as the user is told it. */
static void put_path(const struct reader *r, FILE *f, const char *p, size_t len)
{
	bool own = user_path(r, p, len);
	const struct build_env *e = r->env;
	const struct {
		const char *dir, *shown;
	} trees[] = {
		{ e->sdk_dir, "sdk/" },
		{ e->include_dir, "include/" },
		{ e->card ? e->tt_metal_home : "", "tt-metal/" },
		{ e->card ? e->sfpi_path : "", "sfpi/" },
	};
	size_t rest;

	if (p[0] != '/') {
		while (len > 2 && p[0] == '.' && p[1] == '/')
			p += 2, len -= 2;
		fprintf(f, "%.*s", (int)len, p);
		return;
	}
	for (size_t i = 0; i < sizeof(trees) / sizeof(trees[0]); i++)
		if (has_prefix(p, len, trees[i].dir, &rest)) {
			fprintf(f, "%s%.*s", trees[i].shown, (int)(len - rest), p + rest);
			return;
		}
	p = last_part(p, &len);
	fprintf(f, "%s%.*s", own ? "" : ".../", (int)len, p);
}

static void put_place(const struct reader *r, FILE *f, const struct place *at)
{
	put_path(r, f, at->path, at->path_len);
	if (at->line)
		fprintf(f, ":%d", at->line);
	if (at->col)
		fprintf(f, ":%d", at->col);
}

/* A character that may come before an absolute path in a message. */
static bool path_boundary(const char *s, const char *p)
{
	return p == s || strchr(" '\"`(=,;:[<", p[-1]);
}

static bool path_char(char c)
{
	return c && !isspace((unsigned char)c) && !strchr("'\"`():,;<>[]", c);
}

/* Writes message text with every absolute path in it put as put_path
 * does (the user's own #include "/x/y.h" included): /x/y is one with a
 * second '/'. */
static void put_text(const struct reader *r, FILE *f, const char *s, size_t len)
{
	const char *end = s + len, *p = s;

	while (p < end) {
		const char *q = p, *second = NULL;

		/* "././writer.cpp": the linker names a file by its debug
		 * info's directory, "." (build.c maps the compiler's own to
		 * it): the name alone. */
		if (p + 2 < end && p[0] == '.' && p[1] == '/' && path_char(p[2]) &&
		    path_boundary(s, p)) {
			while (p + 2 < end && p[0] == '.' && p[1] == '/' && path_char(p[2]))
				p += 2;
			continue;
		}
		if (*p == '/' && path_boundary(s, p)) {
			while (q < end && path_char(*q)) {
				if (*q == '/' && q > p && q + 1 < end && path_char(q[1]))
					second = q;
				q++;
			}
		}
		if (second) {
			put_path(r, f, p, (size_t)(q - p));
			p = q;
		} else {
			fputc(*p++, f);
		}
	}
}

/* ---- lines ------------------------------------------------------------------ */

static int number(const char **p, const char *end)
{
	int n = 0;

	while (*p < end && isdigit((unsigned char)**p)) {
		if (n < 100000000)
			n = n * 10 + (**p - '0');
		(*p)++;
	}
	return n;
}

/* "PATH:LINE[:COL]" followed by ':' or ',' at s, or "<command-line>"
 * followed by ':'. *rest: the character after the place. */
static bool parse_place(const char *s, const char *end, struct place *at, const char **rest)
{
	if (s < end && *s == '<') {
		const char *gt = memchr(s, '>', (size_t)(end - s));

		if (!gt || gt + 1 >= end || gt[1] != ':')
			return false;
		*at = (struct place){ s, (size_t)(gt + 1 - s), 0, 0 };
		*rest = gt + 1;
		if (gt + 2 < end && isdigit((unsigned char)gt[2])) {
			const char *q = gt + 2;

			at->line = number(&q, end);
			*rest = q;
		}
		return true;
	}
	for (const char *p = s + 1; p < end; p++) {
		const char *q = p + 1;

		if (p[0] != ':' || q >= end || !isdigit((unsigned char)*q))
			continue;
		*at = (struct place){ s, (size_t)(p - s), number(&q, end), 0 };
		if (q < end && *q == ':' && q + 1 < end && isdigit((unsigned char)q[1])) {
			const char *c = q + 1;
			int col = number(&c, end);

			if (c < end && (*c == ':' || *c == ',')) {
				at->col = col;
				q = c;
			}
		}
		if (q < end && (*q == ':' || *q == ',')) {
			*rest = q;
			return true;
		}
	}
	return false;
}

/* "  418 | code" and "      |   ^~~": the source the message quotes. */
static bool caret_line(const char *s, const char *end)
{
	while (s < end && *s == ' ')
		s++;
	while (s < end && isdigit((unsigned char)*s))
		s++;
	if (s < end && *s == ' ')
		s++;
	return s < end && *s == '|';
}

static bool starts(const char *s, const char *end, const char *word, const char **after)
{
	size_t n = strlen(word);

	if ((size_t)(end - s) < n || strncmp(s, word, n))
		return false;
	*after = s + n;
	return true;
}

/* ---- reading the log ------------------------------------------------------------ */

static void include_entry(struct reader *r, const char *s, const char *end)
{
	struct place at;
	const char *rest;

	r->pending.chain_seen = true;
	if (!r->pending.chain_user.path && parse_place(s, end, &at, &rest) &&
	    user_path(r, at.path, at.path_len))
		r->pending.chain_user = at;
}

static struct chain *find_chain(struct reader *r, const struct place *at)
{
	for (int i = 0; i < r->n_chains; i++)
		if (r->chains[i].path_len == at->path_len &&
		    !strncmp(r->chains[i].path, at->path, at->path_len))
			return &r->chains[i];
	return NULL;
}

static void remember_chain(struct reader *r, const struct place *at, const struct place *user)
{
	struct chain *c = find_chain(r, at);

	if (!c && r->n_chains < CHAINS_MAX)
		c = &r->chains[r->n_chains++];
	if (c)
		*c = (struct chain){ at->path, at->path_len, *user };
}

static bool has_user_place(const struct reader *r, const struct diag *d)
{
	return user_path(r, d->at.path, d->at.path_len) || d->macro.path || d->context.path ||
	       d->included.path;
}

/* The error read so far is whole: the answer, or the fallback. */
static bool close_diag(struct reader *r)
{
	struct diag *d = &r->cur;
	bool found = d->open && d->error && has_user_place(r, d);

	if (d->open && d->error && !r->have_answer) {
		r->answer = *d;
		r->have_answer = true;
	}
	if (found)
		r->answer = *d;
	d->open = false;
	return found;
}

static void open_diag(struct reader *r, const struct place *at, const char *kind,
		      size_t kind_len, const char *text, const char *end)
{
	struct diag *d = &r->cur;
	const struct chain *c;

	*d = (struct diag){
		.open = true,
		.error = kind[0] != 'w',
		.at = *at,
		.kind = kind,
		.kind_len = kind_len,
		.text = text,
		.text_len = (size_t)(end - text),
		.context = r->pending.context,
		.inst = r->pending.inst,
		.inst_len = r->pending.inst_len,
		.context_why = r->pending.context_why,
		.context_why_len = r->pending.context_why_len,
	};
	if (r->pending.chain_seen)
		remember_chain(r, at, &r->pending.chain_user);
	c = find_chain(r, at);
	if (c)
		d->included = c->user;
	memset(&r->pending, 0, sizeof(r->pending));
}

/* "F:L:C: note: in expansion of macro 'M'" after an error. */
static void note(struct reader *r, const struct place *at, const char *text, const char *end)
{
	struct diag *d = &r->cur;
	const char *after;

	if (!d->open || d->macro.path || !user_path(r, at->path, at->path_len))
		return;
	if (starts(text, end, "in expansion of macro", &after) ||
	    starts(text, end, "in definition of macro", &after)) {
		d->macro = *at;
		d->macro_why = text;
		d->macro_why_len = (size_t)(end - text);
	}
}

/* "F:L:C:   required from here" and the like, before an error: the
 * first in a user file is the innermost place the user wrote. */
static void context(struct reader *r, const struct place *at, const char *text, const char *end)
{
	if (r->pending.context.path || !user_path(r, at->path, at->path_len))
		return;
	r->pending.context = *at;
	r->pending.context_why = text;
	r->pending.context_why_len = (size_t)(end - text);
}

/* One line; true when the answer is found. An error is whole when the
 * next one starts: its notes follow it, the context of the next comes
 * before that. */
static bool read_line(struct reader *r, const char *s, const char *end)
{
	static const char *const kinds[] = { "fatal error", "error", "warning", "note" };
	struct place at;
	const char *rest, *after;

	if (caret_line(s, end))
		return false;
	if (starts(s, end, "In file included from ", &after)) {
		r->pending.chain_seen = false;
		r->pending.chain_user = (struct place){ 0 };
		include_entry(r, after, end);
		return false;
	}
	if (s < end && *s == ' ') {
		const char *t = s;

		while (t < end && *t == ' ')
			t++;
		if (r->pending.chain_seen && starts(t, end, "from ", &after))
			include_entry(r, after, end);
		return false;
	}
	if (!parse_place(s, end, &at, &rest)) {
		/* "F: In instantiation of 'X':" names the template of the
		 * context that follows. */
		const char *in = s;

		while (in + 4 < end && strncmp(in, ": In ", 5))
			in++;
		if (in + 4 < end && (starts(in + 2, end, "In instantiation of", &after) ||
				     starts(in + 2, end, "In substitution of", &after))) {
			r->pending.inst = in + 2;
			r->pending.inst_len = (size_t)(end - in - 2);
			if (r->pending.inst_len && end[-1] == ':')
				r->pending.inst_len--;
		}
		return false;
	}
	if (starts(rest, end, ":   ", &after)) {
		context(r, &at, after, end);
		return false;
	}
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		size_t n = strlen(kinds[k]);

		if (!(rest + 2 + n + 2 <= end && rest[1] == ' ' && !strncmp(rest + 2, kinds[k], n) &&
		      rest[2 + n] == ':' && rest[3 + n] == ' '))
			continue;
		if (kinds[k][0] == 'n') {
			note(r, &at, rest + 4 + n, end);
			return false;
		}
		if (close_diag(r))
			return true;
		open_diag(r, &at, kinds[k], n, rest + 4 + n, end);
		return false;
	}
	return false;
}

/* ---- the answer ------------------------------------------------------------------- */

/* The user's place of an error and why it leads there. */
static const struct place *user_place(const struct reader *r, const struct diag *d,
				      const char **why, size_t *why_len)
{
	*why = NULL;
	*why_len = 0;
	if (user_path(r, d->at.path, d->at.path_len))
		return &d->at;
	if (d->macro.path) {
		*why = d->macro_why;
		*why_len = d->macro_why_len;
		return &d->macro;
	}
	if (d->context.path) {
		*why = d->inst ? d->inst : d->context_why;
		*why_len = d->inst ? d->inst_len : d->context_why_len;
		return &d->context;
	}
	if (d->included.path) {
		*why = "included from here";
		*why_len = strlen(*why);
		return &d->included;
	}
	return NULL;
}

static void describe(const struct reader *r, const struct diag *d, FILE *f, struct place *where)
{
	const char *why;
	size_t why_len;
	const struct place *u = user_place(r, d, &why, &why_len);

	*where = u ? *u : d->at;
	put_place(r, f, where);
	fprintf(f, ": %.*s: ", (int)d->kind_len, d->kind);
	put_text(r, f, d->text, d->text_len);
	if (!u || u == &d->at)
		return;
	fprintf(f, " (at ");
	put_place(r, f, &d->at);
	fprintf(f, ", ");
	/* "In instantiation of" reads as the middle of a sentence here. */
	if (why_len && why[0] == 'I') {
		fputc('i', f);
		why++;
		why_len--;
	}
	put_text(r, f, why, why_len);
	fprintf(f, ")");
}

/* No compiler error: the linker's ("undefined reference to ..."), its
 * program's path left out. */
static bool linker_line(const struct reader *r, const char *log, FILE *f)
{
	for (const char *s = log; *s; s += strcspn(s, "\n"), s += *s == '\n') {
		size_t len = strcspn(s, "\n");
		const char *colon = memchr(s, ':', len), *ld;

		if (len > 2 && s[0] == '$' && s[1] == ' ')
			continue;   /* a card build's command line */
		if (memmem(s, len, "undefined reference", 19) || memmem(s, len, "multiple definition", 19)) {
			put_text(r, f, s, len);
			return true;
		}
		if (!colon || colon - s < 2 || colon[-2] != 'l' || colon[-1] != 'd' ||
		    (colon - s > 2 && colon[-3] != '/'))
			continue;
		ld = colon + 1;
		len -= (size_t)(ld - s);
		if (len > 2 && ld[len - 1] == ':' && ld[len - 2] == '\'')
			continue;   /* "ld: x.o: in function `f':": the next line says what */
		fprintf(f, "ld:");
		put_text(r, f, ld, len);
		return true;
	}
	return false;
}

/* Any other line that says error (collect2's), cleaned the same way. */
static bool error_line(const struct reader *r, const char *log, FILE *f)
{
	for (const char *s = log; *s; s += strcspn(s, "\n"), s += *s == '\n') {
		size_t len = strcspn(s, "\n");

		if ((len > 2 && s[0] == '$' && s[1] == ' ') || !memmem(s, len, "error", 5))
			continue;
		put_text(r, f, s, len);
		return true;
	}
	return false;
}

static void set_text(struct build_result *res, const char *text, size_t len)
{
	size_t max = sizeof(res->error_text) - 1;

	if (len > max) {
		len = max;
		memcpy(res->error_text, text, len - 3);
		memcpy(res->error_text + len - 3, "...", 3);
	} else {
		memcpy(res->error_text, text, len);
	}
	res->error_text[len] = '\0';
}

static void set_file(const struct reader *r, struct build_result *res, const struct place *at)
{
	char *name = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&name, &len);

	if (!f)
		return;
	put_path(r, f, at->path, at->path_len);
	if (fclose(f) == 0 && name) {
		snprintf(res->error_file, sizeof(res->error_file), "%s", name);
		res->error_line = at->line;
	}
	free(name);
}

void build_find_first_error(const struct build_env *env, const char *src, struct build_result *res)
{
	struct reader r = { .env = env, .src = src };
	struct place where = { 0 };
	const char *log = res->log;
	char *text = NULL;
	size_t text_len = 0;
	FILE *f;
	bool found = false;

	res->error_file[0] = '\0';
	res->error_line = 0;
	res->error_text[0] = '\0';
	if (!log)
		return;
	for (const char *s = log; *s && !found; s += strcspn(s, "\n"), s += *s == '\n')
		found = read_line(&r, s, s + strcspn(s, "\n"));
	if (!found)
		close_diag(&r);
	f = open_memstream(&text, &text_len);
	if (!f)
		return;
	if (r.have_answer)
		describe(&r, &r.answer, f, &where);
	else if (!linker_line(&r, log, f))
		error_line(&r, log, f);
	if (fclose(f) == 0 && text) {
		set_text(res, text, text_len);
		if (where.path)
			set_file(&r, res, &where);
	}
	free(text);
}
