/* SPDX-License-Identifier: Apache-2.0
 *
 * Metal 2.0 kernels: the generated kernel_args_generated.h and the
 * TT_KERNEL entry's kernel_main (metal2.h). The source is read as
 * tt-metal's JIT reads it: comments, string and character literals and
 * preprocessor lines blanked first, then the one TT_KERNEL marker, an
 * optional `template <uint32_t a, ...>` right before it and
 * `void NAME(uint32_t x, ...)` after it.
 */
#include "program/build/metal2.h"
#include "runtime_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PARAMS 64

struct entry {
	char name[PROG_NAMED_ARG_MAX + 1];
	char tparams[MAX_PARAMS][PROG_NAMED_ARG_MAX + 1];
	char params[MAX_PARAMS][PROG_NAMED_ARG_MAX + 1];
	int n_tparams, n_params, line;
};

struct scan {
	const char *t;   /* the blanked text */
	size_t len;
	const char *file;
	char *err;
	size_t errlen;
};

static int fail(struct scan *s, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int fail(struct scan *s, int line, const char *fmt, ...)
{
	int n = snprintf(s->err, s->errlen, "%s:%d: ", s->file, line);
	va_list ap;

	if (n >= 0 && (size_t)n < s->errlen) {
		va_start(ap, fmt);
		vsnprintf(s->err + n, s->errlen - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -EIO;
}

/* Comments, literals and preprocessor lines as spaces; newlines kept. */
static char *blanked(const char *src, size_t len)
{
	char *t = malloc(len + 1);
	bool line_start = true;

	if (!t)
		return NULL;
	memcpy(t, src, len);
	t[len] = '\0';
	for (size_t i = 0; i < len;) {
		size_t end = i + 1;

		if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
			end = i;
			while (end < len && t[end] != '\n')
				end++;
		} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
			const char *close = strstr(t + i + 2, "*/");
			end = close ? (size_t)(close - t) + 2 : len;
		} else if (t[i] == '"' || t[i] == '\'') {
			char q = t[i];
			end = i + 1;
			while (end < len && t[end] != q && t[end] != '\n')
				end += t[end] == '\\' && end + 1 < len ? 2 : 1;
			end = end < len ? end + 1 : len;
		} else if (t[i] == '#' && line_start) {
			end = i;
			while (end < len && (t[end] != '\n' || t[end - 1] == '\\'))
				end++;
		} else {
			if (t[i] == '\n')
				line_start = true;
			else if (!isspace((unsigned char)t[i]))
				line_start = false;
			i++;
			continue;
		}
		for (size_t j = i; j < end; j++)
			if (t[j] != '\n')
				t[j] = ' ';
		i = end;
	}
	return t;
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static int line_of(const struct scan *s, size_t at)
{
	int line = 1;

	for (size_t i = 0; i < at && i < s->len; i++)
		line += s->t[i] == '\n';
	return line;
}

/* Where the word `w` stands alone in [from, s->len), or s->len. */
static size_t find_word(const struct scan *s, size_t from, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = s->t + from; (p = strstr(p, w)); p += n) {
		size_t at = (size_t)(p - s->t);

		if ((at == 0 || !ident_char(p[-1])) && !ident_char(p[n]))
			return at;
	}
	return s->len;
}

/* One parameter, "[const] [std::]uint32_t [const] NAME", into name. */
static int parameter(struct scan *s, const struct entry *e, const char *p, size_t n, bool tmpl,
		     char *name)
{
	char orig[160], text[160], *words[8], *save = NULL;
	int nw = 0, w = 0;

	if (n >= sizeof(text))
		n = sizeof(text) - 1;
	memcpy(text, p, n);
	text[n] = '\0';
	snprintf(orig, sizeof(orig), "%s", text + strspn(text, " \t\r\n"));
	for (char *tok = strtok_r(text, " \t\r\n", &save); tok && nw < 8;
	     tok = strtok_r(NULL, " \t\r\n", &save))
		words[nw++] = tok;
	if (!tmpl && w < nw && !strcmp(words[w], "const"))
		w++;
	if (w >= nw || (strcmp(words[w], "uint32_t") && strcmp(words[w], "std::uint32_t")))
		return fail(s, e->line,
			    "TT_KERNEL entry '%s': %s '%s' is not uint32_t (only uint32_t is "
			    "supported, as in tt-metal's Metal 2.0 phase 1)",
			    e->name, tmpl ? "template parameter" : "parameter", orig);
	w++;
	if (!tmpl && w < nw && !strcmp(words[w], "const"))
		w++;
	if (w + 1 != nw || strlen(words[w]) > PROG_NAMED_ARG_MAX)
		return fail(s, e->line, "TT_KERNEL entry '%s': a %s without a name (each one is a "
				      "named arg of the args section)",
			    e->name, tmpl ? "template parameter" : "parameter");
	strcpy(name, words[w]);
	return 0;
}

/* The comma-separated list in [open, close) into names. */
static int parameters(struct scan *s, const struct entry *e, size_t open, size_t close, bool tmpl,
		      char (*names)[PROG_NAMED_ARG_MAX + 1], int *n)
{
	const char *p = s->t + open;
	size_t left = close - open;

	while (left && isspace((unsigned char)*p))
		p++, left--;
	if (!left || (left >= 4 && !strncmp(p, "void", 4) &&
		      strspn(p + 4, " \t\r\n") == left - 4 && !tmpl))
		return 0;
	for (;;) {
		size_t part = strcspn(p, ",");
		int rc;

		if (part > left)
			part = left;
		if (*n == MAX_PARAMS)
			return fail(s, e->line, "TT_KERNEL entry '%s': more than %d parameters",
				    e->name, MAX_PARAMS);
		rc = parameter(s, e, p, part, tmpl, names[*n]);
		if (rc)
			return rc;
		(*n)++;
		if (part == left)
			return 0;
		p += part + 1;
		left -= part + 1;
	}
}

/* The template list right before the marker at m: `template <...>`. */
static int template_before(struct scan *s, struct entry *e, size_t m)
{
	size_t close = m, open;
	int depth = 0;

	while (close > 0 && isspace((unsigned char)s->t[close - 1]))
		close--;
	if (close == 0 || s->t[close - 1] != '>')
		return 0;
	for (open = close; open > 0; open--) {
		char c = s->t[open - 1];
		depth += c == '>' ? 1 : c == '<' ? -1 : 0;
		if (depth == 0)
			break;
	}
	if (open == 0)
		return fail(s, e->line, "TT_KERNEL: unbalanced template parameter list");
	size_t kw = open - 1;
	while (kw > 0 && isspace((unsigned char)s->t[kw - 1]))
		kw--;
	if (kw < 8 || strncmp(s->t + kw - 8, "template", 8) || (kw > 8 && ident_char(s->t[kw - 9])))
		return 0;
	return parameters(s, e, open, close - 1, true, e->tparams, &e->n_tparams);
}

/* "void NAME(...)" after the marker ending at m. */
static int signature_after(struct scan *s, struct entry *e, size_t m)
{
	size_t p = m, name, open, close;

	while (p < s->len && isspace((unsigned char)s->t[p]))
		p++;
	if (strncmp(s->t + p, "void", 4) || ident_char(s->t[p + 4]))
		return fail(s, e->line, "TT_KERNEL: the entry must return void");
	for (p += 4; p < s->len && isspace((unsigned char)s->t[p]); p++)
		;
	for (name = p; p < s->len && ident_char(s->t[p]); p++)
		;
	if (p == name || p - name > PROG_NAMED_ARG_MAX)
		return fail(s, e->line, "TT_KERNEL: no function name after 'void'");
	memcpy(e->name, s->t + name, p - name);
	e->name[p - name] = '\0';
	while (p < s->len && isspace((unsigned char)s->t[p]))
		p++;
	if (p >= s->len || s->t[p] != '(')
		return fail(s, e->line, "TT_KERNEL entry '%s': no parameter list", e->name);
	open = p + 1;
	for (close = open; close < s->len && s->t[close] != ')'; close++)
		;
	if (close == s->len)
		return fail(s, e->line, "TT_KERNEL entry '%s': unclosed parameter list", e->name);
	return parameters(s, e, open, close, false, e->params, &e->n_params);
}

static bool listed(const struct prog_named_arg *v, uint32_t n, const char *name)
{
	for (uint32_t i = 0; i < n; i++)
		if (!strcmp(v[i].name, name))
			return true;
	return false;
}

static bool in_entry(const char (*names)[PROG_NAMED_ARG_MAX + 1], int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return true;
	return false;
}

/* tt-metal's rule: template parameters are exactly the named compile-time
 * args, function parameters exactly the named runtime and common args. */
static int names_match(struct scan *s, const struct prog_kernel_args *k, const struct entry *e)
{
	char extra[256] = "", missing[256] = "";
	size_t xe = 0, xm = 0;

#define ADD(buf, at, ...) \
	(at += (size_t)snprintf(buf + (at < sizeof(buf) ? at : sizeof(buf)), \
				at < sizeof(buf) ? sizeof(buf) - at : 0, __VA_ARGS__))
	for (int i = 0; i < e->n_tparams; i++)
		if (!listed(k->named_args, k->n_named_args, e->tparams[i]))
			ADD(extra, xe, " %s (template, not in named_compile_args)", e->tparams[i]);
	for (int i = 0; i < e->n_params; i++)
		if (!listed(k->arg_names, k->n_arg_names, e->params[i]) &&
		    !listed(k->common_arg_names, k->n_common_arg_names, e->params[i]))
			ADD(extra, xe, " %s (not in arg_names or common_arg_names)", e->params[i]);
	for (uint32_t i = 0; i < k->n_named_args; i++)
		if (!in_entry(e->tparams, e->n_tparams,
			      k->named_args[i].name))
			ADD(missing, xm, " %s", k->named_args[i].name);
	for (uint32_t i = 0; i < k->n_arg_names + k->n_common_arg_names; i++) {
		const char *n = i < k->n_arg_names ? k->arg_names[i].name :
						     k->common_arg_names[i - k->n_arg_names].name;
		if (!in_entry(e->params, e->n_params, n))
			ADD(missing, xm, " %s", n);
	}
#undef ADD
	if (!xe && !xm)
		return 0;
	return fail(s, e->line,
		    "TT_KERNEL entry '%s' does not match the args section: parameters the section "
		    "does not name:%s; named args it does not take:%s",
		    e->name, xe ? extra : " none", xm ? missing : " none");
}

static int find_entry(struct scan *s, const struct prog_kernel_args *k, struct entry *e,
		      bool *found)
{
	size_t m = find_word(s, 0, "TT_KERNEL"), again;
	int rc;

	*found = m < s->len;
	if (!*found)
		return 0;
	e->line = line_of(s, m);
	again = find_word(s, m + 9, "TT_KERNEL");
	if (again < s->len)
		return fail(s, line_of(s, again), "a second TT_KERNEL entry (the first is at line %d)",
			    e->line);
	rc = signature_after(s, e, m + 9);
	if (!rc)
		rc = template_before(s, e, m);
	if (!rc)
		rc = names_match(s, k, e);
	return rc;
}

/* Appends printf text to *buf (a growing string), or fails with -ENOMEM. */
static int emit(char **buf, size_t *len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int emit(char **buf, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *grown;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !(grown = realloc(*buf, *len + (size_t)n + 1)))
		return -ENOMEM;
	*buf = grown;
	va_start(ap, fmt);
	vsnprintf(*buf + *len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	*len += (size_t)n;
	return 0;
}

/* `namespace ns { ... }` of one token a binding of v, line_fmt taking the
 * binding's name and value (%1$s, %2$u), after its header; nothing for
 * no bindings. */
static int token_namespace(char **b, size_t *n, const char *header, const char *ns,
			   const struct prog_named_arg *v, uint32_t count, const char *line_fmt)
{
	int rc = count ? emit(b, n, "#include \"%s\"\nnamespace %s {\n", header, ns) : 0;

	for (uint32_t i = 0; !rc && i < count; i++)
		rc = emit(b, n, line_fmt, v[i].name, v[i].value);
	return rc || !count ? rc : emit(b, n, "}  // namespace %s\n", ns);
}

/* kernel_bindings_generated.h's part: dfb::, sem::, tensor:: and
 * scratch:: tokens. A tensor binding's address is the common arg after
 * the named ones, a scratch binding's after the tensors' (args_resolve.c
 * puts them there); rk says where each accessor starts and each
 * scratchpad's size. */
static int make_bindings(const struct prog_kernel_args *k, const struct prog_resolved_kernel *rk,
			 struct metal2_kernel *out)
{
	char **b = &out->header;
	size_t *n = &out->header_len;
	int rc = (k->n_tensors || k->n_scratches) && !rk ? -EINVAL : 0;

	if (!rc)
		rc = token_namespace(b, n, "api/dataflow/dfb_binding_token.h", "dfb", k->dfbs,
				     k->n_dfbs, "constexpr DFBBindingToken %1$s{%2$u};\n");
	if (!rc)
		rc = token_namespace(b, n, "api/dataflow/semaphore_binding_token.h", "sem", k->sems,
				     k->n_sems,
				     "constexpr SemaphoreBindingToken<%2$uu, SemScope::LOCAL_NONATOMIC> "
				     "%1$s{};\n");
	if (!rc && k->n_tensors)
		rc = emit(b, n, "#include \"api/tensor/tensor_binding_token.h\"\nnamespace tensor {\n");
	for (uint32_t i = 0; !rc && i < k->n_tensors; i++)
		rc = emit(b, n,
			  "using %s_t = ::tensor_accessor::TensorBindingToken<%uu, %uu>;\n"
			  "constexpr %s_t %s{};\n",
			  k->tensors[i].name, rk->tensor_cta[i], 4 * (k->n_common_arg_names + i),
			  k->tensors[i].name, k->tensors[i].name);
	if (!rc && k->n_tensors)
		rc = emit(b, n, "}  // namespace tensor\n");
	if (!rc && k->n_scratches)
		rc = emit(b, n, "#include \"api/scratchpad.h\"\nnamespace scratch {\n");
	for (uint32_t i = 0; !rc && i < k->n_scratches; i++)
		rc = emit(b, n, "constexpr ScratchpadBindingToken %s{%uu, %uu};\n",
			  k->scratches[i].name, k->n_common_arg_names + k->n_tensors + i,
			  rk->scratch_size[i]);
	if (!rc && k->n_scratches)
		rc = emit(b, n, "}  // namespace scratch\n");
	return rc;
}

static int make_header(const struct prog_kernel_args *k, const struct prog_resolved_kernel *rk,
		       struct metal2_kernel *out)
{
	char **b = &out->header;
	size_t *n = &out->header_len;
	int rc = emit(b, n, "// kernel_args_generated.h: written by ttfs from the args section\n"
			    "#pragma once\n#include \"experimental/kernel_args.h\"\n\n");

	if (!rc)
		rc = make_bindings(k, rk, out);
	if (!rc)
		rc = emit(b, n, "namespace args {\n");
	for (uint32_t i = 0; !rc && i < k->n_arg_names; i++)
		rc = emit(b, n, "constexpr experimental::RtaArg<uint32_t> %s{%u};\n",
			  k->arg_names[i].name, 4 * i);
	for (uint32_t i = 0; !rc && i < k->n_common_arg_names; i++)
		rc = emit(b, n, "constexpr experimental::CrtaArg<uint32_t> %s{%u};\n",
			  k->common_arg_names[i].name, 4 * i);
	for (uint32_t i = 0; !rc && i < k->n_named_args; i++)
		rc = emit(b, n, "constexpr experimental::CtaVal<uint32_t> %s{%uu};\n",
			  k->named_args[i].name, k->named_args[i].value);
	/* The common varargs follow the named common args and the tensor and
	 * scratch bindings' addresses, as in tt-metal. */
	if (!rc)
		rc = emit(b, n,
			  "}  // namespace args\n\n"
			  "FORCE_INLINE uint32_t get_vararg(uint32_t idx)\n"
			  "{\n\treturn get_arg_val<uint32_t>(%u + idx);\n}\n\n"
			  "FORCE_INLINE uint32_t get_common_vararg(uint32_t idx)\n"
			  "{\n\treturn get_common_arg_val<uint32_t>(%u + idx);\n}\n",
			  k->n_arg_names, k->n_common_arg_names + k->n_tensors + k->n_scratches);
	return rc;
}

static int make_source(const char *src, size_t len, const struct entry *e,
		       struct metal2_kernel *out)
{
	char **b = &out->source;
	size_t *n = &out->source_len;
	int rc = emit(b, n, "%.*s\n\n// kernel_main, written by ttfs for the TT_KERNEL entry\n"
			    "void kernel_main()\n{\n\t%s", (int)len, src, e->name);

	for (int i = 0; !rc && i < e->n_tparams; i++)
		rc = emit(b, n, "%sget_arg(args::%s)", i ? ", " : "<", e->tparams[i]);
	if (!rc && e->n_tparams)
		rc = emit(b, n, ">");
	rc = rc ? rc : emit(b, n, "(");
	for (int i = 0; !rc && i < e->n_params; i++)
		rc = emit(b, n, "%sget_arg(args::%s)", i ? ", " : "", e->params[i]);
	return rc ? rc : emit(b, n, ");\n}\n");
}

/* Whether the source declares `namespace name` itself. */
static bool declares_namespace(const struct scan *s, const char *name)
{
	for (size_t at = find_word(s, 0, "namespace"); at < s->len;
	     at = find_word(s, at + 9, "namespace")) {
		size_t p = at + 9;

		while (p < s->len && isspace((unsigned char)s->t[p]))
			p++;
		if (!strncmp(s->t + p, name, strlen(name)) && !ident_char(s->t[p + strlen(name)]))
			return true;
	}
	return false;
}

/* A kernel naming scratch:: whose section binds no scratchpad fails with
 * that said, not with an undeclared name. */
static int no_scratchpad(struct scan *s, const struct prog_kernel_args *k)
{
	if (k->n_scratches || declares_namespace(s, "scratch"))
		return 0;
	for (size_t at = find_word(s, 0, "scratch"); at < s->len;
	     at = find_word(s, at + 7, "scratch")) {
		size_t p = at + 7;

		while (p < s->len && isspace((unsigned char)s->t[p]))
			p++;
		if (p + 1 < s->len && s->t[p] == ':' && s->t[p + 1] == ':')
			return fail(s, line_of(s, at),
				    "scratch:: names a Metal 2.0 scratchpad binding, and the args section "
				    "binds none (scratch_names = NAME=L1BUFFER)");
	}
	return 0;
}

static bool is_metal2(const struct prog_kernel_args *k, bool entry)
{
	return entry || k->n_arg_names || k->n_common_arg_names || k->n_dfbs || k->n_sems ||
	       k->n_tensors || k->n_scratches;
}

int metal2_prepare(const struct prog_kernel_args *k, const struct prog_resolved_kernel *rk,
		   const char *src, size_t len, struct metal2_kernel *out, char *err, size_t errlen)
{
	struct scan s = { .len = len, .file = k->source, .err = err, .errlen = errlen };
	struct entry *e = calloc(1, sizeof(*e));
	char *t = blanked(src, len);
	bool found = false;
	int rc = e && t ? 0 : -ENOMEM;

	memset(out, 0, sizeof(*out));
	s.t = t;
	if (!rc)
		rc = find_entry(&s, k, e, &found);
	if (!rc && is_metal2(k, found))
		rc = no_scratchpad(&s, k);
	if (!rc && is_metal2(k, found))
		rc = make_header(k, rk, out);
	if (!rc && found)
		rc = make_source(src, len, e, out);
	if (rc)
		metal2_free(out);
	free(t);
	free(e);
	return rc;
}

void metal2_free(struct metal2_kernel *m)
{
	free(m->header);
	free(m->source);
	memset(m, 0, sizeof(*m));
}
