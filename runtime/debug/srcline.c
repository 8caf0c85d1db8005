/* SPDX-License-Identifier: Apache-2.0
 *
 * Source lines of a kernel ELF (srcline.h) through elfutils' libdw. The
 * scopes libdw gives for an address, innermost first, are the frames the
 * compiler inlined into one another, ending at the function the code is
 * in; each inlined frame's call site (DW_AT_call_file, DW_AT_call_line)
 * is where its caller is. libdw keeps caches inside a Dwarf handle, so
 * lookups on one ELF take its lock.
 */
#include "debug/srcline.h"
#include "debug/dwarf_value.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct srcline_elf {
	atomic_uint refs;
	pthread_mutex_t lock;
	uint8_t *bytes;
	size_t len;
	bool opened;   /* the first lookup tried to open it */
	Elf *elf;
	Dwarf *dw;     /* NULL: no debug info */
};

/* A frame: the function it is in and where in it. */
struct frame {
	char file[160];     /* as shown (srcline_show_file) */
	int line;
	char func[96];      /* its name without template arguments */
	Dwarf_Die die;      /* the function's concrete DIE (inlined or not) */
	bool has_die;
};

#define MAX_FRAMES 16

struct srcline_elf *srcline_elf_new(const void *elf, size_t len)
{
	struct srcline_elf *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->bytes = malloc(len ? len : 1);
	if (!s->bytes) {
		free(s);
		return NULL;
	}
	memcpy(s->bytes, elf, len);
	s->len = len;
	atomic_init(&s->refs, 1);
	pthread_mutex_init(&s->lock, NULL);
	return s;
}

void srcline_elf_get(struct srcline_elf *s)
{
	if (s)
		atomic_fetch_add(&s->refs, 1);
}

void srcline_elf_put(struct srcline_elf *s)
{
	if (!s || atomic_fetch_sub(&s->refs, 1) != 1)
		return;
	if (s->dw)
		dwarf_end(s->dw);
	if (s->elf)
		elf_end(s->elf);
	pthread_mutex_destroy(&s->lock);
	free(s->bytes);
	free(s);
}

void srcline_show_file(const char *file, char *buf, size_t len)
{
	const char *base;

	if (!file)
		file = "??";
	while (!strncmp(file, "./", 2))
		file += 2;
	/* A path the prefix maps did not cover (a toolchain's header): its
	 * name only, as build_diagnostic.c shows such paths. */
	base = file[0] == '/' ? strrchr(file, '/') + 1 : NULL;
	if (base && *base)
		snprintf(buf, len, ".../%s", base);
	else
		snprintf(buf, len, "%s", file);
}

int srcline_is_user_file(const char *shown)
{
	static const char *const not_users[] = { "sdk/", "include/", "../", ".../", "/", "<" };

	if (!shown[0] || !strcmp(shown, "??"))
		return 0;
	for (size_t i = 0; i < sizeof(not_users) / sizeof(not_users[0]); i++)
		if (!strncmp(shown, not_users[i], strlen(not_users[i])))
			return 0;
	return 1;
}

/* Opens the DWARF once; a lookup of an ELF without it fails at once
 * from then on. Caller holds s->lock. */
static void open_dwarf(struct srcline_elf *s)
{
	if (s->opened)
		return;
	s->opened = true;
	if (elf_version(EV_CURRENT) == EV_NONE)
		return;
	s->elf = elf_memory((char *)s->bytes, s->len);
	if (s->elf)
		s->dw = dwarf_begin_elf(s->elf, DWARF_C_READ, NULL);
}

static const char *die_name(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	const char *name = NULL;

	/* An inlined frame names its function through its abstract origin. */
	if (dwarf_attr_integrate(die, DW_AT_name, &a))
		name = dwarf_formstring(&a);
	return name ? name : "??";
}

/* A template's name as the user wrote the call: "f<false, void
 * (&)(long unsigned int)>" is "f" (an operator's '<' stays). */
static void short_name(const char *name, char *buf, size_t len)
{
	size_t n = strncmp(name, "operator", 8) ? strcspn(name, "<") : strlen(name);

	snprintf(buf, len, "%.*s", (int)n, name);
}

/* The call site of an inlined frame: the file and line of its caller. */
static void call_site(Dwarf_Die *cu, Dwarf_Die *inlined, const char **file, int *line)
{
	Dwarf_Attribute a;
	Dwarf_Word idx = 0, ln = 0;
	Dwarf_Files *files;
	size_t n;

	*file = NULL;
	*line = 0;
	if (dwarf_formudata(dwarf_attr(inlined, DW_AT_call_line, &a), &ln) == 0)
		*line = (int)ln;
	if (dwarf_formudata(dwarf_attr(inlined, DW_AT_call_file, &a), &idx) == 0 &&
	    dwarf_getsrcfiles(cu, &files, &n) == 0 && idx < n)
		*file = dwarf_filesrc(files, idx, NULL, NULL);
}

static void add_frame(struct frame *f, const char *file, int line, const char *func,
		      Dwarf_Die *die)
{
	srcline_show_file(file, f->file, sizeof(f->file));
	f->line = line;
	short_name(func, f->func, sizeof(f->func));
	f->has_die = die != NULL;
	if (die)
		f->die = *die;
}

static bool is_function(Dwarf_Die *die)
{
	int tag = dwarf_tag(die);

	return tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine;
}

/* The frames at addr, innermost first; their count, 0 if none. The
 * scopes of the address give the innermost function; its parents in the
 * tree of the concrete code are the functions it was inlined into
 * (dwarf_getscopes would continue with the abstract definition's
 * scopes instead). Caller holds s->lock. */
static int frames_at(struct srcline_elf *s, Dwarf_Addr addr, struct frame *f)
{
	Dwarf_Die cu, *scopes = NULL, *chain = NULL;
	Dwarf_Line *line;
	const char *file = NULL;
	int ln = 0, n_scopes, n_chain = 0, n = 0, i;

	if (!dwarf_addrdie(s->dw, addr, &cu))
		return 0;
	line = dwarf_getsrc_die(&cu, addr);
	if (line) {
		file = dwarf_linesrc(line, NULL, NULL);
		dwarf_lineno(line, &ln);
	}
	n_scopes = dwarf_getscopes(&cu, addr, &scopes);
	for (i = 0; i < n_scopes && !is_function(&scopes[i]); i++)
		;
	if (i < n_scopes)
		n_chain = dwarf_getscopes_die(&scopes[i], &chain);
	for (i = 0; i < n_chain && n < MAX_FRAMES; i++) {
		if (!is_function(&chain[i]))
			continue;
		add_frame(&f[n++], file, ln, die_name(&chain[i]), &chain[i]);
		if (dwarf_tag(&chain[i]) == DW_TAG_subprogram)
			break;
		call_site(&cu, &chain[i], &file, &ln);
	}
	free(chain);
	free(scopes);
	/* Code of no function the debug info knows (start-up code): the
	 * line alone. */
	if (!n && line)
		add_frame(&f[n++], file, ln, "??", NULL);
	return n;
}

/* The user's innermost frame, or n. */
static int user_frame(const struct frame *f, int n)
{
	int u = 0;

	while (u < n && !srcline_is_user_file(f[u].file))
		u++;
	return u;
}

/* The abstract origin of an inlined (or out-of-line instance of an
 * inline) function or parameter, in out. */
static bool origin_of(Dwarf_Die *die, Dwarf_Die *out)
{
	Dwarf_Attribute a;

	return dwarf_attr(die, DW_AT_abstract_origin, &a) && dwarf_formref_die(&a, out);
}

/* callee's concrete parameter for the declared parameter param. */
static bool concrete_param(Dwarf_Die *callee, Dwarf_Die *param, Dwarf_Die *out)
{
	Dwarf_Die o;

	if (dwarf_child(callee, out) != 0)
		return false;
	do {
		if (dwarf_tag(out) == DW_TAG_formal_parameter && origin_of(out, &o) &&
		    dwarf_dieoffset(&o) == dwarf_dieoffset(param))
			return true;
	} while (dwarf_siblingof(out, out) == 0);
	return false;
}

/* "(3, 1)": the arguments of the call of callee at addr in the order
 * declared, "?" for one the debug info does not give there; "" when it
 * gives none (or the function takes none). */
static void call_args(Dwarf_Die *callee, Dwarf_Addr addr, const struct srcline_state *st,
		      char *buf, size_t len)
{
	Dwarf_Die origin, p, concrete;
	Dwarf_Die *decl = origin_of(callee, &origin) ? &origin : callee;
	Dwarf_Attribute a;
	size_t used = 1;
	int known = 0, count = 0;

	buf[0] = '\0';
	if (len < 3 || dwarf_child(decl, &p) != 0)
		return;
	buf[0] = '(';
	do {
		char v[48] = "?";
		Dwarf_Die *c = decl == callee ? &p : concrete_param(callee, &p, &concrete) ? &concrete
											   : NULL;
		bool artificial = false;

		if (dwarf_tag(&p) != DW_TAG_formal_parameter)
			continue;
		if (dwarf_attr(&p, DW_AT_artificial, &a))
			dwarf_formflag(&a, &artificial);
		if (artificial)
			continue;   /* this */
		if (c && dwarf_value_text(c, addr, st, v, sizeof(v)) == 0)
			known++;
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s%s",
					 count++ ? ", " : "", v);
	} while (dwarf_siblingof(&p, &p) == 0);
	if (!known || used + 2 > len)
		buf[0] = '\0';
	else
		snprintf(buf + used, len - used, ")");
}

/* The SDK call callee with its arguments at addr: "cb_wait_front(3, 1)";
 * with st NULL its name alone. */
static void call_text(const struct frame *callee, Dwarf_Addr addr, const struct srcline_state *st,
		      char *buf, size_t len)
{
	char args[128] = "";
	Dwarf_Die die;

	if (st && callee->has_die) {
		die = callee->die;
		call_args(&die, addr, st, args, sizeof(args));
	}
	snprintf(buf, len, "%s%s", callee->func, args);
}

/* The user's frame u and the SDK call it made (sdk_call, NULL: none). */
static void render_user(const struct frame *u, const char *sdk_call, char *buf, size_t len)
{
	if (sdk_call)
		snprintf(buf, len, "%s:%d %s, in %s", u->file, u->line, u->func, sdk_call);
	else
		snprintf(buf, len, "%s:%d %s", u->file, u->line, u->func);
}

int srcline_where_at(struct srcline_elf *s, uint64_t addr, uint64_t caller,
		     const struct srcline_state *st, char *buf, size_t len)
{
	struct frame f[MAX_FRAMES], c[MAX_FRAMES];
	/* At the caller, the registers are the callee's: constants only. */
	struct srcline_state constants = { .bias = st ? st->bias : 0 };
	char call[224];
	int n = 0, u, m, cu;

	if (!len)
		return -EINVAL;
	buf[0] = '\0';
	pthread_mutex_lock(&s->lock);
	open_dwarf(s);
	if (s->dw)
		n = frames_at(s, (Dwarf_Addr)addr, f);
	u = user_frame(f, n);
	if (n && u < n) {
		if (u)
			call_text(&f[u - 1], (Dwarf_Addr)addr, st, call, sizeof(call));
		render_user(&f[u], u ? call : NULL, buf, len);
	} else if (n && caller && (m = frames_at(s, (Dwarf_Addr)caller, c)) &&
		   (cu = user_frame(c, m)) < m) {
		/* Called out of line from the user's code: the call the user
		 * wrote, else the function the PC is in. */
		if (cu)
			call_text(&c[cu - 1], (Dwarf_Addr)caller, st ? &constants : NULL, call,
				  sizeof(call));
		else
			call_text(&f[n - 1], (Dwarf_Addr)addr, st, call, sizeof(call));
		render_user(&c[cu], call, buf, len);
	} else if (n) {
		snprintf(buf, len, "%s:%d %s", f[0].file, f[0].line, f[0].func);
	}
	pthread_mutex_unlock(&s->lock);
	return n ? 0 : -ENOENT;
}

int srcline_where(struct srcline_elf *s, uint64_t addr, uint64_t caller, char *buf, size_t len)
{
	return srcline_where_at(s, addr, caller, NULL, buf, len);
}

int srcline_code_matches(struct srcline_elf *s, uint64_t addr, const uint8_t *bytes, size_t n)
{
	size_t nph = 0;
	int rc = -ENOENT;

	pthread_mutex_lock(&s->lock);
	open_dwarf(s);
	if (s->elf && elf_getphdrnum(s->elf, &nph) == 0) {
		for (size_t i = 0; i < nph && rc == -ENOENT; i++) {
			GElf_Phdr ph;

			if (!gelf_getphdr(s->elf, (int)i, &ph) || ph.p_type != PT_LOAD ||
			    addr < ph.p_vaddr || addr - ph.p_vaddr >= ph.p_filesz ||
			    ph.p_offset + ph.p_filesz > s->len)
				continue;
			if (n > ph.p_filesz - (addr - ph.p_vaddr))
				n = ph.p_filesz - (addr - ph.p_vaddr);
			rc = !memcmp(s->bytes + ph.p_offset + (addr - ph.p_vaddr), bytes, n);
		}
	}
	pthread_mutex_unlock(&s->lock);
	return rc;
}
