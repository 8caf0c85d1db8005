/* SPDX-License-Identifier: Apache-2.0
 *
 * Card kernel builds (card_kernel.h). The layout of the build directory
 * is the one tt-metal's recipe expects: the kernel's output directory
 * (-I ".") holds kernel_includes.hpp, which the firmware wrapper
 * brisck.cc / ncrisck.cc / trisck.cc includes and which includes the
 * user's source; its parent (-I "..") holds chlkc_descriptors.h; the
 * kernel's own directory (-I, read-only to the compiler) is src/ beside
 * it, with the program's files; a kernel's upstream_path is up/ beside
 * them (-iquote ../up/DIR).
 */
#include "program/build/card_kernel.h"
#include "program/build/cache.h"
#include "program/build/card_build.h"
#include "program/build/metal2.h"
#include "program/build/upstream_tree.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Directories in paths are cut to this, leaving room for a file name
 * (tmp dirs are checked against it when made). */
#define DIR_MAX (PATH_MAX - 128)

/* quote (PATH_MAX bytes) holds the -iquote directory of an upstream_path. */
static int kernel_of(const struct build_request *req, const char *src_dir, const char *out_dir,
		     char *quote, struct card_kernel *k)
{
	memset(k, 0, sizeof(*k));
	k->target = (enum card_target)req->risc;   /* both in launch-message order */
	k->src_dir = src_dir;
	k->out_dir = out_dir;
	k->noc_index = req->noc;
	k->compile_args = req->compile_args;
	k->n_compile_args = req->n_compile_args;
	k->defines = req->defines;
	k->n_defines = req->n_defines;
	k->named_args = req->named_args;
	k->cxx20 = build_uses_cxx20_api(req);
	if (!req->upstream_path)
		return 0;
	k->quote_dir = quote;
	return upstream_tree_quote_dir(req->upstream_path, quote, PATH_MAX);
}

static void weakened_path(const struct build_env *env, enum card_target t, char *buf, size_t n)
{
	snprintf(buf, n, "%.*s/%s_weakened.elf", DIR_MAX, env->card_fw_dir, card_target_name(t));
}

/* Both argvs, "&&" between them: the key, or the log's record. */
char **card_kernel_key_argv(const struct build_env *env, const struct build_request *req)
{
	const struct card_paths p = { env->tt_metal_home, env->sfpi_path };
	struct card_argv c = { 0 }, l = { 0 };
	struct card_kernel k;
	char **v = NULL, quote[PATH_MAX];
	int n = 0;

	if (kernel_of(req, "@SRC@", "@OUT@", quote, &k) ||
	    card_kernel_compile_argv(&p, &card_p100a, &k, &c) ||
	    card_kernel_link_argv(&p, &k, "@FW@", &l))
		goto out;
	v = calloc((size_t)(c.argc + l.argc + 2), sizeof(*v));
	for (int i = 0; v && i < c.argc; i++, n++)
		v[n] = strdup(c.argv[i]);
	if (v)
		v[n++] = strdup("&&");
	for (int i = 0; v && i < l.argc; i++, n++)
		v[n] = strdup(l.argv[i]);
	for (int i = 0; v && i < n; i++) {
		if (v[i])
			continue;
		for (int j = 0; j < n; j++)   /* a strdup failed: free them all */
			free(v[j]);
		free(v);
		v = NULL;
	}
out:
	card_argv_free(&c);
	card_argv_free(&l);
	return v;
}

/* The compiler names the kernel by the directory it found it in, the
 * build's own (tmp-XXXXXX/k/): strip that from its output, so that the
 * log and the status name the user's file as the user named it. */
static void strip_prefix(char *text, const char *prefix)
{
	size_t pl = strlen(prefix);
	char *hit;

	while (text && (hit = strstr(text, prefix)))
		memmove(hit, hit + pl, strlen(hit + pl) + 1);
}

/* Where a card build's files are: top (writable) holds the descriptors,
 * k the kernel's output (its cwd), src the program's files (read-only). */
struct card_dirs {
	char top[PATH_MAX], k[PATH_MAX], src[PATH_MAX];
};

/* One step: its argv, then its output, into the result's log. */
static int run_step(const struct build_env *env, const struct build_request *req,
		    struct card_argv *a, const struct card_dirs *d, struct build_result *r)
{
	struct build_log out = { 0 };
	char prefix[PATH_MAX + 2];
	size_t n;
	int ret;

	build_log_argv(&r->log, &r->log_len, a->argv);
	ret = build_step(env, req, a->argv, d->top, d->src, d->k, &out, r);
	snprintf(prefix, sizeof(prefix), "%.*s/", DIR_MAX, d->k);
	strip_prefix(out.p, prefix);
	snprintf(prefix, sizeof(prefix), "%.*s/", DIR_MAX, d->src);
	strip_prefix(out.p, prefix);
	n = out.p ? strlen(out.p) : 0;
	if (n && r->log_len + n <= BUILD_LOG_MAX) {
		char *l = realloc(r->log, r->log_len + n + 1);

		if (l) {
			memcpy(l + r->log_len, out.p, n + 1);
			r->log = l;
			r->log_len += n;
		}
	}
	free(out.p);
	return ret;
}

/* Writes the program's files, kernel_includes.hpp (which includes the
 * source by its path, as tt-metal's JIT does), the generated headers
 * (chlkc_descriptors.h, kernel_args_generated.h) in top, on the path as
 * "..", and for an upstream_path the source's directories of tt-metal's
 * tree, linked to the card's tree (tt_metal_home) as a simulator build
 * links them to the SDK. A Metal 2.0 kernel's kernel_args_generated.h is
 * included by kernel_includes.hpp before the source: after the API the
 * firmware wrapper includes, as the simulator build's -include puts it
 * after the prelude. */
static int populate(const struct build_env *env, const struct build_request *req,
		    const struct card_dirs *d)
{
	char path[PATH_MAX], inc[PATH_MAX + 64];
	int ret = build_write_sources(req, d->src);

	if (ret)
		return ret;
	snprintf(path, sizeof(path), "%.*s/kernel_includes.hpp", DIR_MAX, d->k);
	snprintf(inc, sizeof(inc), "%s#include \"%.*s/%.63s\"\n",
		 req->kernel_args ? "#include \"" METAL2_ARGS_FILE "\"\n" : "", DIR_MAX, d->src,
		 build_source_name(req));
	ret = build_write_file(path, inc, strlen(inc));
	if (!ret)
		ret = build_write_generated(req, d->top);
	if (!ret && req->upstream_path)
		ret = upstream_tree_make(env->tt_metal_home, d->top, req->upstream_path);
	return ret;
}

static int run_recipe(const struct build_env *env, const struct build_request *req,
		      const struct card_dirs *d, struct build_result *r)
{
	const struct card_paths p = { env->tt_metal_home, env->sfpi_path };
	struct card_argv c = { 0 }, l = { 0 };
	struct card_kernel ck;
	char fw[PATH_MAX], path[PATH_MAX], quote[PATH_MAX];
	int ret;

	ret = kernel_of(req, d->src, d->k, quote, &ck);
	weakened_path(env, ck.target, fw, sizeof(fw));
	if (!ret)
		ret = card_kernel_compile_argv(&p, &card_p100a, &ck, &c);
	if (!ret)
		ret = card_kernel_link_argv(&p, &ck, fw, &l);
	if (ret)
		goto out;
	ret = run_step(env, req, &c, d, r);
	if (ret == 0)
		ret = run_step(env, req, &l, d, r);
	if (ret > 0) {
		if (r->end == BUILD_END_NORMAL)
			build_find_first_error(env, build_source_name(req), r);
		ret = -ENOEXEC;
		goto out;
	}
	if (ret < 0)
		goto out;
	snprintf(path, sizeof(path), "%.*s/%s.elf", DIR_MAX, d->k, card_target_name(ck.target));
	ret = cache_read_file(path, &r->elf, &r->elf_len);
out:
	card_argv_free(&c);
	card_argv_free(&l);
	return ret;
}

int card_kernel_compile(const struct build_env *env, const struct build_request *req,
			struct build_result *r)
{
	struct card_dirs d;
	int ret;

	if (snprintf(d.top, sizeof(d.top), "%s/tmp-XXXXXX", env->cache_dir) >= DIR_MAX - 8)
		return -ENAMETOOLONG;
	if (!mkdtemp(d.top))
		return -errno;
	snprintf(d.k, sizeof(d.k), "%.*s/k", DIR_MAX, d.top);
	snprintf(d.src, sizeof(d.src), "%.*s/src", DIR_MAX, d.top);
	if (mkdir(d.k, 0755) < 0 || mkdir(d.src, 0755) < 0) {
		ret = -errno;
		goto out;
	}
	ret = populate(env, req, &d);
	if (!ret)
		ret = run_recipe(env, req, &d, r);
	/* A full disk costs the next build a compile, not this one its ELF. */
	if (!ret)
		(void)cache_store(env->cache_dir, r->key, r->elf, r->elf_len);
out:
	build_remove_dir(d.top);
	return ret;
}
