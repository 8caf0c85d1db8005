/* SPDX-License-Identifier: Apache-2.0
 *
 * Build (build.h): the compiler's argv per processor, the cache lookup,
 * the compiler run with its output captured (its first error is found
 * by build_diagnostic.c).
 */
#include "program/build/build.h"
#include "program/build/build_proc.h"
#include "program/build/cache.h"
#include "program/build/card_kernel.h"
#include "program/build/descriptors.h"
#include "program/build/metal2.h"
#include "program/build/sandbox.h"
#include "program/build/upstream_tree.h"

#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static atomic_ulong compiler_runs;

unsigned long build_compiler_runs(void)
{
	return atomic_load(&compiler_runs);
}

void build_count_run(void)
{
	atomic_fetch_add(&compiler_runs, 1);
}

/* ---- running a program ---------------------------------------------------- */

/* An exit status, 128 + a signal, or -errno, for build_run's callers. */
static int run_plain(char *const *argv, const char *cwd, struct build_log *log)
{
	struct build_proc_outcome o;
	int ret = build_proc_run(argv, NULL, cwd, NULL, log, &o);

	if (ret)
		return ret;
	return o.end == BUILD_PROC_EXITED ? o.status : 128 + o.status;
}

int build_run(char *const *argv, const char *cwd, char **log, size_t *log_len)
{
	struct build_log l = { .p = *log, .len = *log_len, .cap = *log ? *log_len + 1 : 0 };
	int ret = run_plain(argv, cwd, &l);

	*log = l.p;
	*log_len = l.len;
	return ret;
}

/* ---- the environment -------------------------------------------------------- */

static int copy_str(char *dst, size_t n, const char *src)
{
	if (strlen(src) >= n)
		return -ENAMETOOLONG;
	strcpy(dst, src);
	return 0;
}

/* realpath into a PATH_MAX buffer; src and dst may be the same. */
static int absolute(char *dst, const char *src)
{
	char tmp[PATH_MAX];

	if (!realpath(src, tmp))
		return -errno;
	strcpy(dst, tmp);
	return 0;
}

/* The environment, with the compiler's sandbox showing the SDK, the
 * include directory and the trees of a card. */
static int env_init(struct build_env *env, const char *compiler, const char *sdk_dir,
		    const char *include_dir, const char *cache_dir, const char *const *card_trees,
		    unsigned n_card_trees, char *err, size_t errlen)
{
	char *argv[] = { NULL, "--version", NULL };
	const char *trees[5];
	struct build_log log = { 0 };
	int ret;

	memset(env, 0, sizeof(*env));
	ret = cache_make_dir(cache_dir);
	if (ret) {
		snprintf(err, errlen, "build: cache directory %s: %s", cache_dir, strerror(-ret));
		return ret;
	}
	/* The compiler runs in a directory of its own: every path it gets
	 * must be absolute. */
	ret = copy_str(env->compiler, sizeof(env->compiler),
		       compiler ? compiler : "riscv64-unknown-elf-g++");
	if (!ret && strchr(env->compiler, '/'))
		ret = absolute(env->compiler, env->compiler);
	if (!ret)
		ret = absolute(env->sdk_dir, sdk_dir);
	if (!ret)
		ret = absolute(env->include_dir, include_dir);
	if (!ret)
		ret = absolute(env->cache_dir, cache_dir);
	if (ret) {
		snprintf(err, errlen, "build: %s, %s, %s or %s: %s", env->compiler, sdk_dir,
			 include_dir, cache_dir, strerror(-ret));
		return ret;
	}

	/* The compiler's version goes into every key, so a toolchain upgrade
	 * misses the cache. */
	argv[0] = env->compiler;
	ret = run_plain(argv, NULL, &log);
	if (ret != 0 || !log.p) {
		snprintf(err, errlen, "build: %s --version: %s", env->compiler,
			 ret < 0 ? strerror(-ret) : "failed");
		free(log.p);
		return ret < 0 ? ret : -ENOENT;
	}
	log.p[strcspn(log.p, "\n")] = '\0';
	snprintf(env->toolchain_version, sizeof(env->toolchain_version), "%s", log.p);
	free(log.p);

	trees[0] = env->sdk_dir;
	trees[1] = env->include_dir;
	for (unsigned i = 0; i < n_card_trees && i + 2 < sizeof(trees) / sizeof(trees[0]); i++)
		trees[i + 2] = card_trees[i];
	return sandbox_init(&env->sandbox, env->compiler, trees, 2 + n_card_trees, err, errlen);
}

int build_env_init(struct build_env *env, const char *compiler, const char *sdk_dir,
		   const char *include_dir, const char *cache_dir, char *err, size_t errlen)
{
	return env_init(env, compiler, sdk_dir, include_dir, cache_dir, NULL, 0, err, errlen);
}

int build_env_init_card(struct build_env *env, const char *tt_metal_home, const char *sfpi_path,
			const char *card_fw_dir, uint64_t card_fw_key, const char *sdk_dir,
			const char *include_dir, const char *cache_dir, char *err, size_t errlen)
{
	/* The card's kernels compile against tt-metal's tree and SFPI's,
	 * and link against the weakened firmware. */
	const char *const trees[] = { tt_metal_home, sfpi_path, card_fw_dir };
	char compiler[PATH_MAX];
	int ret;

	if (snprintf(compiler, sizeof(compiler), "%s/compiler/bin/riscv-tt-elf-g++", sfpi_path) >=
	    (int)sizeof(compiler))
		return -ENAMETOOLONG;
	ret = env_init(env, compiler, sdk_dir, include_dir, cache_dir, trees, 3, err, errlen);
	if (ret)
		return ret;
	ret = copy_str(env->tt_metal_home, sizeof(env->tt_metal_home), tt_metal_home);
	if (!ret)
		ret = copy_str(env->sfpi_path, sizeof(env->sfpi_path), sfpi_path);
	if (!ret)
		ret = copy_str(env->card_fw_dir, sizeof(env->card_fw_dir), card_fw_dir);
	if (ret) {
		snprintf(err, errlen, "build: %s, %s or %s: %s", tt_metal_home, sfpi_path,
			 card_fw_dir, strerror(-ret));
		return ret;
	}
	env->card = true;
	env->card_fw_key = card_fw_key;
	return 0;
}

/* ---- argv ------------------------------------------------------------------- */

struct argv_buf {
	char **v;
	size_t n, cap;
	bool failed;
};

static void arg(struct argv_buf *a, const char *fmt, ...)
{
	va_list ap;
	char *s;

	if (a->failed)
		return;
	if (a->n + 2 > a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 64;
		char **v = realloc(a->v, cap * sizeof(*v));

		if (!v) {
			a->failed = true;
			return;
		}
		a->v = v;
		a->cap = cap;
	}
	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0) {
		a->failed = true;
		s = NULL;
	}
	va_end(ap);
	a->v[a->n] = s;
	if (s)
		a->n++;
	a->v[a->n] = NULL;
}

void build_argv_free(char **argv)
{
	if (!argv)
		return;
	for (char **p = argv; *p; p++)
		free(*p);
	free(argv);
}

/* The file the source is in, in the build's source directory: the
 * user's own name, so that the compiler's messages name it, unless it
 * could not be a file's name there. */
const char *build_source_name(const struct build_request *req)
{
	const char *n = req->name;

	if (!n || !*n || !strcmp(n, ".") || !strcmp(n, "..") || strchr(n, '/') || strlen(n) >= 64)
		return "kernel.cpp";
	return n;
}

int build_write_sources(const struct build_request *req, const char *dir)
{
	const char *src = build_source_name(req);
	char path[PATH_MAX];
	int ret = 0;

	/* The source's own file is req->source: the same bytes, unless the
	 * build added to them (a Metal 2.0 entry, metal2.h). */
	for (uint32_t i = 0; i < req->n_files && !ret; i++) {
		if (!strcmp(req->files[i].name, src))
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", dir, req->files[i].name) >=
		    (int)sizeof(path))
			return -ENAMETOOLONG;
		ret = build_write_file(path, req->files[i].data, req->files[i].len);
	}
	if (ret)
		return ret;
	if (snprintf(path, sizeof(path), "%s/%s", dir, src) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	return build_write_file(path, req->source, req->source_len);
}

int build_write_generated(const struct build_request *req, const char *dir)
{
	char path[PATH_MAX];
	int ret = 0;

	if (req->descriptors) {
		if (snprintf(path, sizeof(path), "%s/" PROG_DESCRIPTORS_FILE, dir) >=
		    (int)sizeof(path))
			return -ENAMETOOLONG;
		ret = build_write_file(path, req->descriptors, req->descriptors_len);
	}
	if (!ret && req->kernel_args) {
		if (snprintf(path, sizeof(path), "%s/" METAL2_ARGS_FILE, dir) >= (int)sizeof(path))
			return -ENAMETOOLONG;
		ret = build_write_file(path, req->kernel_args, req->kernel_args_len);
	}
	return ret;
}

static void processor_defines(struct argv_buf *a, const struct build_request *req)
{
	static const char *const trisc_stage[3] = { "UNPACK", "MATH", "PACK" };
	static const char *const trisc_ns[3] = { "chlkc_unpack", "chlkc_math", "chlkc_pack" };

	/* PROCESSOR_INDEX is the RISC's place in the launch message, as in
	 * tt-metal's Blackhole HAL: BRISC 0, NCRISC 1, TRISC0..2 2..4. */
	arg(a, "-DPROCESSOR_INDEX=%d", (int)req->risc);
	switch (req->risc) {
	case PACK_BRISC:
	case PACK_NCRISC:
		arg(a, req->risc == PACK_BRISC ? "-DCOMPILE_FOR_BRISC" : "-DCOMPILE_FOR_NCRISC");
		arg(a, "-DNOC_INDEX=%u", req->noc);
		arg(a, "-DNOC_MODE=0");
		break;
	default: {
		int i = (int)req->risc - PACK_TRISC0;

		/* tt-metal #defines TRISC_* at the top of its generated
		 * chlkc_*.cpp; there is no generated file here, so they come
		 * on the command line with the rest. MAIN comes from a header
		 * (unpack_main() ... in ttfs/compute_entry.h), as tt-metal's
		 * common_globals.h gives it. */
		arg(a, "-DCOMPILE_FOR_TRISC=%d", i);
		arg(a, "-DUCK_CHLKC_%s", trisc_stage[i]);
		arg(a, "-DTRISC_%s", trisc_stage[i]);
		arg(a, "-DNAMESPACE=%s", trisc_ns[i]);
		arg(a, "-DNOC_MODE=0");
		break;
	}
	}
}

/* The 2.0 compute API (api/compute/experimental/2_0) takes a class as a
 * template argument: tt-metal's compiler allows it in C++17 (-ftt-nttp),
 * Debian's g++ only in C++20. So a kernel whose own source names that
 * directory is built as C++20, without C++20's warning about compound
 * assignments to volatiles, which tt-metal's C++17 kernels make. A card
 * build switches by the same rule (card_kernel.cxx20). */
bool build_uses_cxx20_api(const struct build_request *req)
{
	static const char dir[] = "experimental/2_0/";

	return req->source && memmem(req->source, req->source_len, dir, sizeof(dir) - 1);
}

char **build_argv(const struct build_env *env, const struct build_request *req)
{
	struct argv_buf a = { 0 };
	const char *k = env->sdk_dir;

	if (req->risc < 0 || req->risc >= PACK_NUM_RISCS || req->noc > 1)
		return NULL;
	if (env->card)
		return card_kernel_key_argv(env, req);
	arg(&a, "%s", env->compiler);
	if (build_uses_cxx20_api(req)) {
		arg(&a, "-std=c++20");
		arg(&a, "-Wno-volatile");
	} else {
		arg(&a, "-std=c++17");
	}
	arg(&a, "-march=rv32im");
	arg(&a, "-mabi=ilp32");
	arg(&a, "-O2");
	/* Debug info, for the source line of every PC ttfs shows
	 * (debug/srcline.c); the switches stay out of it, since they name
	 * this machine's paths. */
	arg(&a, "-g");
	arg(&a, "-gno-record-gcc-switches");
	arg(&a, "-ffreestanding");
	arg(&a, "-fno-exceptions");
	arg(&a, "-fno-rtti");
	arg(&a, "-nostdlib");
	arg(&a, "-mcmodel=medany");
	arg(&a, "-fno-jump-tables");
	arg(&a, "-mno-relax");
	arg(&a, "-fno-threadsafe-statics");
	arg(&a, "-fno-use-cxa-atexit");
	arg(&a, "-Wall");
	arg(&a, "-Wno-deprecated-declarations");
	arg(&a, "-Wno-unknown-pragmas");
	/* The build directory, for chlkc_descriptors.h: first, as
	 * tt-metal puts the kernel's output directory on the path. The
	 * compiler runs in the source's directory, below it. */
	if (req->descriptors || req->kernel_args)
		arg(&a, "-I..");
	arg(&a, "-I%s", k);
	/* ttnn's helpers, by the three spellings kernels use:
	 * ttnn/cpp/ttnn/..., cpp/ttnn/... and ttnn/... (tt-metal's JIT has
	 * the same three on the path). */
	arg(&a, "-I%s/ttnn", k);
	arg(&a, "-I%s/ttnn/cpp", k);
	arg(&a, "-I%s/std", k);
	arg(&a, "-I%s", env->include_dir);
	if (req->upstream_path) {
		char quote[PATH_MAX];

		if (upstream_tree_quote_dir(req->upstream_path, quote, sizeof(quote)))
			a.failed = true;
		else
			arg(&a, "-iquote%s", quote);
	}
	/* The kernel ELF names SDK files as the build log does. */
	arg(&a, "-ffile-prefix-map=%s=sdk", k);
	arg(&a, "-ffile-prefix-map=%s=include", env->include_dir);
	/* Device-wide, as tt-metal's initialize_device_kernel_defines on a p100a. */
	arg(&a, "-DARCH_BLACKHOLE");
	if (env->profiler_off)
		arg(&a, "-DTTFS_PROFILER_DISABLED");
	arg(&a, "-DKERNEL_BUILD");
	arg(&a, "-DTENSIX_FIRMWARE");
	arg(&a, "-DLOCAL_MEM_EN=0");
	arg(&a, "-DNUM_DRAM_BANKS=7");
	arg(&a, "-DIS_NOT_POW2_NUM_DRAM_BANKS=1");
	arg(&a, "-DNUM_L1_BANKS=110");
	arg(&a, "-DIS_NOT_POW2_NUM_L1_BANKS=1");
	arg(&a, "-DPCIE_NOC_X=19");
	arg(&a, "-DPCIE_NOC_Y=24");
	processor_defines(&a, req);
	if (req->n_compile_args) {
		char *list = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&list, &len);

		if (!f) {
			a.failed = true;
		} else {
			for (uint32_t i = 0; i < req->n_compile_args; i++)
				fprintf(f, "%s%u", i ? "," : "", req->compile_args[i]);
			if (fclose(f) != 0)
				a.failed = true;
			arg(&a, "-DKERNEL_COMPILE_TIME_ARGS=%s", list ? list : "");
			free(list);
		}
	}
	if (req->named_args)
		arg(&a, "-DKERNEL_COMPILE_TIME_ARG_MAP=%s", req->named_args);
	for (uint32_t i = 0; i < req->n_defines; i++)
		arg(&a, "-D%s", req->defines[i]);
	arg(&a, "-include");
	arg(&a, "%s/prelude.h", k);
	/* tt-metal includes it before a Metal 2.0 kernel's source, after
	 * the API the firmware wrapper includes. */
	if (req->kernel_args) {
		arg(&a, "-include");
		arg(&a, METAL2_ARGS_FILE);
	}
	arg(&a, "-x");
	arg(&a, "c++");
	/* A name that starts with '-' would read as an option. */
	arg(&a, "%s%s", build_source_name(req)[0] == '-' ? "./" : "", build_source_name(req));
	arg(&a, "-T");
	arg(&a, "%s/kernel.ld", k);
	arg(&a, "-Wl,-z,max-page-size=16");
	arg(&a, "-Wl,-z,common-page-size=16");
	arg(&a, "-Wl,--emit-relocs");
	arg(&a, "-Wl,--build-id=none");
	arg(&a, "-lgcc");
	arg(&a, "-o");
	arg(&a, "../kernel.elf");
	if (a.failed) {
		build_argv_free(a.v);
		return NULL;
	}
	return a.v;
}

struct stamp_ctx {
	struct cache_hash h;
	const struct cache_stamp_watch *watch;
	bool *racy;
};

static int stamp_one(const char *path, void *arg)
{
	struct stamp_ctx *c = arg;

	return cache_stamp_path_watched(&c->h, path, c->watch, c->racy);
}

int build_env_stamp_watched(const struct build_env *env, const struct cache_stamp_watch *watch,
			    bool *racy, uint64_t *stamp)
{
	struct stamp_ctx c = { .watch = watch, .racy = racy };
	int ret;

	cache_hash_init(&c.h);
	ret = sandbox_foreach_ro(&env->sandbox, stamp_one, &c);
	*stamp = c.h.h;
	return ret;
}

int build_env_stamp(const struct build_env *env, uint64_t *stamp)
{
	return build_env_stamp_watched(env, NULL, NULL, stamp);
}

uint64_t build_key(const struct build_env *env, uint64_t stamp, char *const *argv,
		   const struct build_request *req)
{
	const char *path = getenv("PATH");
	struct cache_hash h;

	cache_hash_init(&h);
	cache_hash_str(&h, "ttfs-kernel-2");
	cache_hash_str(&h, env->toolchain_version);
	cache_hash_u64(&h, stamp);
	/* The compiler's environment: a script compiler finds its tools in
	 * PATH (sandbox_env). */
	cache_hash_str(&h, path ? path : "");
	if (env->card)
		cache_hash_u64(&h, env->card_fw_key);
	for (char *const *p = argv; *p; p++)
		cache_hash_str(&h, *p);
	cache_hash_field(&h, req->source, req->source_len);
	/* Every file the source may include, named as it would. */
	cache_hash_u64(&h, req->n_files);
	for (uint32_t i = 0; i < req->n_files; i++) {
		cache_hash_str(&h, req->files[i].name);
		cache_hash_field(&h, req->files[i].data, req->files[i].len);
	}
	if (req->descriptors)
		cache_hash_field(&h, req->descriptors, req->descriptors_len);
	if (req->kernel_args)
		cache_hash_field(&h, req->kernel_args, req->kernel_args_len);
	return h.h;
}

int build_log_line(const char *log, const char *needle, char *buf, size_t len)
{
	const char *hit = log ? strstr(log, needle) : NULL;
	const char *start = hit;

	if (!hit)
		return -ENOENT;
	while (start > log && start[-1] != '\n')
		start--;
	if (snprintf(buf, len, "%.*s", (int)strcspn(start, "\n"), start) >= (int)len && len > 4)
		strcpy(buf + len - 4, "...");
	return 0;
}

void build_log_argv(char **log, size_t *len, char *const *argv)
{
	size_t need = 3;
	char *n;

	for (char *const *a = argv; *a; a++)
		need += strlen(*a) + 1;
	if (*len + need > BUILD_LOG_MAX)
		return;
	n = realloc(*log, *len + need + 1);
	if (!n)
		return;
	*log = n;
	*len += (size_t)sprintf(n + *len, "$");
	for (char *const *a = argv; *a; a++)
		*len += (size_t)sprintf(n + *len, " %s", *a);
	*len += (size_t)sprintf(n + *len, "\n");
}

void build_remove_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[PATH_MAX];

	if (d) {
		while ((e = readdir(d))) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			if (unlink(path) < 0 && errno == EISDIR)
				build_remove_dir(path);
		}
		closedir(d);
	}
	rmdir(dir);
}

/* ---- one build --------------------------------------------------------------- */

static bool path_char(char c)
{
	return c && c != ' ' && c != '\n' && c != '\t' && !strchr("'\"`():,;<>[]=", c);
}

/* Rewrites every "DIR/" that starts a path in log as "SHOWN/", in place
 * (SHOWN is no longer than DIR). */
static void log_rename_dir(char *log, size_t *len, const char *dir, const char *shown)
{
	size_t n = strlen(dir), m = strlen(shown);
	char *r = log, *w = log, *end = log + *len;

	if (!n || m > n)
		return;
	while (r < end) {
		if ((size_t)(end - r) > n && r[n] == '/' && !memcmp(r, dir, n) &&
		    (r == log || !path_char(r[-1]))) {
			memcpy(w, shown, m);
			w += m;
			r += n;
		} else {
			*w++ = *r++;
		}
	}
	*w = '\0';
	*len = (size_t)(w - log);
}

/* The compiler names SDK files by the absolute paths it was given: the
 * log shows them as status does (build_diagnostic.c), sdk/... and
 * include/..., so that no path of this machine reaches build/log. */
static void log_hide_dirs(const struct build_env *env, struct build_result *r)
{
	if (!r->log)
		return;
	log_rename_dir(r->log, &r->log_len, env->sdk_dir, "sdk");
	log_rename_dir(r->log, &r->log_len, env->include_dir, "include");
}

int build_write_file(const char *path, const void *buf, size_t len)
{
	const uint8_t *p = buf;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	int ret = 0;

	if (fd < 0)
		return -errno;
	while (len && !ret) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno != EINTR)
			ret = -errno;
		if (n > 0) {
			p += n;
			len -= (size_t)n;
		}
	}
	if (close(fd) < 0 && !ret)
		ret = -errno;
	return ret;
}

/* dir is at most BUILD_DIR_MAX bytes and src shorter than 64 (source_name). */
#define BUILD_DIR_MAX (PATH_MAX - 128)

/* The compiler's own words when it could not get memory: gcc's "out of
 * memory allocating", "virtual memory exhausted", binutils' "memory
 * exhausted", C++'s bad_alloc. */
static bool out_of_memory(const char *text)
{
	static const char *const words[] = { "out of memory", "memory exhausted",
					     "Cannot allocate memory", "std::bad_alloc" };

	for (size_t i = 0; text && i < sizeof(words) / sizeof(words[0]); i++)
		if (strstr(text, words[i]))
			return true;
	return false;
}

static void log_note(struct build_log *log, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void log_note(struct build_log *log, const char *fmt, ...)
{
	char line[256];
	va_list ap;
	int n;

	if (log->len && log->p[log->len - 1] != '\n')
		build_log_add(log, "\n", 1);
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n > 0)
		build_log_add(log, line, strlen(line));
}

int build_step(const struct build_env *env, const struct build_request *req, char *const *argv,
	       const char *rw_dir, const char *ro_dir, const char *cwd, struct build_log *log,
	       struct build_result *r)
{
	static const struct build_limits defaults = { .timeout_ms = BUILD_TIMEOUT_MS_DEFAULT,
						      .as_bytes = BUILD_AS_BYTES_DEFAULT };
	const struct build_limits *lim = req->limits ? req->limits : &defaults;
	char **boxed = sandbox_argv(&env->sandbox, rw_dir, ro_dir, cwd, argv);
	char env_text[SANDBOX_ENV_MAX], *envp[4];
	struct build_proc_outcome o;
	size_t start = log->len;
	int ret;

	if (!boxed)
		return -ENOMEM;
	sandbox_env(rw_dir, env_text, envp);
	build_count_run();
	ret = build_proc_run(boxed, envp, cwd, lim, log, &o);
	free(boxed);
	if (ret)
		return ret;
	switch (o.end) {
	case BUILD_PROC_TIMED_OUT:
		r->end = BUILD_END_TIME_LIMIT;
		log_note(log, "ttfs: stopped after build_timeout_ms (%u ms): the compiler's "
			      "processes were killed\n", lim->timeout_ms);
		return -ETIMEDOUT;
	case BUILD_PROC_STOPPED:
		r->end = BUILD_END_STOPPED;
		log_note(log, "ttfs: stopped (%s): the compiler's processes were killed\n",
			 strerror(-o.status));
		return o.status;
	case BUILD_PROC_SIGNALED:
		return 128 + o.status;
	default:
		break;
	}
	if (o.status && lim->as_bytes && out_of_memory(log->p ? log->p + start : NULL)) {
		r->end = BUILD_END_MEMORY_LIMIT;
		log_note(log, "ttfs: the compiler ran out of memory: each compiler process may "
			      "use %llu MiB of address space (RLIMIT_AS)\n",
			 (unsigned long long)(lim->as_bytes >> 20));
	}
	return o.status;
}

/* argv with the compiler's working directory, a new temporary one per
 * build, named "." in the debug info: the ELF then holds no path of this
 * machine, and it is the same for every build of the same key. The
 * strings stay argv's; free the array alone. */
static char **with_dir_map(char *const *argv, const char *dir)
{
	size_t n = 0;
	char **v;

	while (argv[n])
		n++;
	v = calloc(n + 2, sizeof(*v));
	if (!v)
		return NULL;
	if (asprintf(&v[1], "-fdebug-prefix-map=%s=.", dir) < 0) {
		free(v);
		return NULL;
	}
	v[0] = argv[0];
	for (size_t i = 1; i < n; i++)
		v[i + 1] = argv[i];
	return v;
}

/* The build directory holds chlkc_descriptors.h and what the compiler
 * writes (kernel.elf, its temporary files); src/ in it the program's
 * files, read-only to the compiler, which runs there. */
static int compile(const struct build_env *env, const struct build_request *req,
		   char *const *argv, struct build_result *r)
{
	const char *src = build_source_name(req);
	struct build_log log = { 0 };
	char dir[BUILD_DIR_MAX], src_dir[PATH_MAX], path[PATH_MAX];
	char **mapped;
	int ret;

	if (snprintf(dir, sizeof(dir), "%s/tmp-XXXXXX", env->cache_dir) >= (int)sizeof(dir))
		return -ENAMETOOLONG;
	if (!mkdtemp(dir))
		return -errno;
	snprintf(src_dir, sizeof(src_dir), "%.*s/src", BUILD_DIR_MAX, dir);
	ret = mkdir(src_dir, 0755) < 0 ? -errno : 0;
	if (!ret)
		ret = build_write_sources(req, src_dir);
	if (!ret)
		ret = build_write_generated(req, dir);
	if (!ret && req->upstream_path)
		ret = upstream_tree_make(env->sdk_dir, dir, req->upstream_path);
	if (ret)
		goto out;

	mapped = with_dir_map(argv, src_dir);
	ret = mapped ? build_step(env, req, mapped, dir, src_dir, src_dir, &log, r) : -ENOMEM;
	if (mapped)
		free(mapped[1]);
	free(mapped);
	r->log = log.p;
	r->log_len = log.len;
	log.p = NULL;
	if (ret > 0 && r->end == BUILD_END_NORMAL)
		build_find_first_error(env, src, r);
	log_hide_dirs(env, r);
	/* The linker names its temporary objects in the build's directory
	 * (TMPDIR): "build/ccZfZ5Tu.o: in function `kernel_main()'". */
	if (r->log)
		log_rename_dir(r->log, &r->log_len, dir, "build");
	if (ret < 0) {
		goto out;
	} else if (ret > 0) {
		ret = -ENOEXEC;
		goto out;
	}
	snprintf(path, sizeof(path), "%.*s/kernel.elf", BUILD_DIR_MAX, dir);
	ret = cache_read_file(path, &r->elf, &r->elf_len);
	if (ret)
		goto out;
	/* A full disk costs the next build a compile, not this one its ELF. */
	(void)cache_store(env->cache_dir, r->key, r->elf, r->elf_len);
out:
	build_remove_dir(dir);   /* what a killed compiler left too */
	return ret;
}

int build_kernel(const struct build_env *env, const struct build_request *req,
		 struct build_result *out)
{
	uint64_t stamp = req->stamp;
	char **argv;
	int ret;

	memset(out, 0, sizeof(*out));
	if (!stamp && (ret = build_env_stamp(env, &stamp)) != 0)
		return out->status = ret;
	argv = build_argv(env, req);
	if (!argv)
		return out->status = -EINVAL;
	out->key = build_key(env, stamp, argv, req);
	ret = cache_load(env->cache_dir, out->key, &out->elf, &out->elf_len);
	if (!ret) {
		out->cache_hit = true;
	} else if (ret == -ENOENT) {
		ret = env->card ? card_kernel_compile(env, req, out) : compile(env, req, argv, out);
	}
	build_argv_free(argv);
	return out->status = ret;
}

void build_result_free(struct build_result *r)
{
	free(r->elf);
	free(r->log);
	memset(r, 0, sizeof(*r));
}

/* ---- in parallel --------------------------------------------------------------- */

struct build_job {
	pthread_t thread;
	const struct build_env *env;
	const struct build_request *req;
	struct build_result result;
	atomic_bool done;
};

static void *job_main(void *p)
{
	struct build_job *job = p;

	build_kernel(job->env, job->req, &job->result);
	atomic_store(&job->done, true);
	return NULL;
}

bool build_done(struct build_job *job)
{
	return atomic_load(&job->done);
}

int build_start(const struct build_env *env, const struct build_request *req,
		struct build_job **out)
{
	struct build_job *job = calloc(1, sizeof(*job));
	int ret;

	if (!job)
		return -ENOMEM;
	atomic_init(&job->done, false);
	job->env = env;
	job->req = req;
	ret = pthread_create(&job->thread, NULL, job_main, job);
	if (ret) {
		free(job);
		return -ret;
	}
	*out = job;
	return 0;
}

int build_wait(struct build_job *job, struct build_result *out)
{
	pthread_join(job->thread, NULL);
	*out = job->result;
	free(job);
	return out->status;
}
