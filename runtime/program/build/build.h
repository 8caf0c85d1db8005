/* SPDX-License-Identifier: Apache-2.0
 *
 * Build: one kernel source for one RISC, compiled by Debian's
 * riscv64-unknown-elf-g++ against the kernel SDK (runtime/kernel) with the
 * defines tt-metal's JIT passes that processor, through the
 * content-addressed cache (cache.h). The compiler runs from an argv, never
 * a shell. docs/architecture.md, "Building a kernel".
 */
#ifndef TTRT_PROGRAM_BUILD_H
#define TTRT_PROGRAM_BUILD_H

#include "program/build/build_proc.h"
#include "program/build/cache.h"
#include "program/pack/pack.h"
#include "program/build/sandbox.h"

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BUILD_VERSION_MAX 256
#define BUILD_ERROR_TEXT_MAX 512

/* What every build shares; filled once by build_env_init, read-only after,
 * so builds on several threads may use it at once. */
struct build_env {
	char compiler[PATH_MAX];           /* run through PATH if it has no '/' */
	char sdk_dir[PATH_MAX];            /* runtime/kernel */
	char include_dir[PATH_MAX];        /* runtime/include (tt/fw_abi.h ...) */
	char cache_dir[PATH_MAX];
	char toolchain_version[BUILD_VERSION_MAX];   /* first line of --version */
	/* A card (card_kernel.c): kernels are built with tt-metal's recipe
	 * (card_build.h), compiled then linked against the weakened
	 * firmware in card_fw_dir; card_fw_key (card_firmware.c) is in
	 * every key, so new firmware rebuilds every kernel. */
	bool card;
	char tt_metal_home[PATH_MAX];
	char sfpi_path[PATH_MAX];
	char card_fw_dir[PATH_MAX];
	uint64_t card_fw_key;
	/* Kernels for a card built with the SDK: the device profiler's
	 * macros compile to nothing (-DTTFS_PROFILER_DISABLED), as tt-metal's
	 * do on a card without its profiler's buffers. */
	bool profiler_off;
	/* What every compiler process sees (sandbox.h). */
	struct sandbox sandbox;
};

/* compiler NULL: "riscv64-unknown-elf-g++". Creates cache_dir if missing,
 * and finds the compiler's sandbox (sandbox_init). 0, -ENOENT (no
 * compiler, or no bwrap: the reason in err) or -errno. */
int build_env_init(struct build_env *env, const char *compiler, const char *sdk_dir,
		   const char *include_dir, const char *cache_dir, char *err, size_t errlen);

/* A file shown to the compiler beside the source (build_request.files). */
struct build_file {
	const char *name;              /* as ttrt_buffer_name_check allows */
	const void *data;
	size_t len;
};

struct build_request {
	enum pack_risc risc;
	const char *name;              /* the source's file name: "reader.cpp" */
	const void *source;
	size_t source_len;
	/* The program's files, sorted by name, the source among them or
	 * not: written beside it in a directory the compiler may read but
	 * not write, its cwd, so that the source includes them by relative
	 * path. Part of the key. */
	const struct build_file *files;
	uint32_t n_files;
	uint8_t noc;                   /* NOC_INDEX, data-movement only */
	const uint32_t *compile_args;  /* KERNEL_COMPILE_TIME_ARGS */
	uint32_t n_compile_args;
	const char *const *defines;    /* "NAME=VALUE" or "NAME" */
	uint32_t n_defines;
	/* KERNEL_COMPILE_TIME_ARG_MAP, as tt-metal's JIT writes it:
	 * {"name",value}, {"name",value}, ... ; NULL: no named args. */
	const char *named_args;
	/* The source's path in tt-metal's tree (upstream_path, args), or
	 * NULL: its relative includes resolve against the SDK's mirror of
	 * that tree (upstream_tree.h). Part of the key (in argv). */
	const char *upstream_path;
	/* kernel_args_generated.h of a Metal 2.0 kernel (metal2.h), written
	 * into the build directory and included after the prelude; NULL:
	 * none. Part of the key. */
	const char *kernel_args;
	size_t kernel_args_len;
	/* chlkc_descriptors.h (descriptors.h), written into the build
	 * directory, which is on the include path; NULL: none. Part of
	 * the key. */
	const char *descriptors;
	size_t descriptors_len;
	/* Each compiler process's time and memory limits and its stop;
	 * NULL: the defaults (build_proc.h), never stopped. Not in the key. */
	const struct build_limits *limits;
	/* build_env_stamp's, taken once for the RISCs of a program's build;
	 * 0: build_kernel takes it. */
	uint64_t stamp;
};

/* How a build ended, beyond its status. */
enum build_end {
	BUILD_END_NORMAL,         /* built, or the compiler failed on the source */
	BUILD_END_TIME_LIMIT,     /* status -ETIMEDOUT: a compiler ran past limits->timeout_ms */
	BUILD_END_MEMORY_LIMIT,   /* status -ENOEXEC: a compiler ran out of limits->as_bytes */
	BUILD_END_STOPPED,        /* status: what limits->stop returned */
};

struct build_result {
	int status;         /* 0; -ENOEXEC: the compiler failed (log, error_*); else -errno */
	enum build_end end;
	bool cache_hit;
	uint64_t key;
	uint8_t *elf;       /* malloc'd on success */
	size_t elf_len;
	char *log;          /* the compiler's stdout and stderr (the first BUILD_LOG_MAX bytes), NUL-terminated, or NULL */
	size_t log_len;
	/* The first error, where the user can act on it (build_find_first_error). */
	char error_file[64];  /* its file as shown: "writer.cpp", "sdk/api/...", "" if none */
	int error_line;       /* 0: none found in the log */
	char error_text[BUILD_ERROR_TEXT_MAX];   /* one line, "" if the log has none */
};

/* A card's build setup: build_env_init with sfpi_path's riscv-tt-elf-g++
 * as compiler, then the card fields. */
int build_env_init_card(struct build_env *env, const char *tt_metal_home, const char *sfpi_path,
			const char *card_fw_dir, uint64_t card_fw_key, const char *sdk_dir,
			const char *include_dir, const char *cache_dir, char *err, size_t errlen);

/* Runs argv (no shell) in cwd (NULL: ours), stdin from /dev/null, stdout
 * and stderr appended to *log (malloc'd, NUL-terminated, at most
 * BUILD_LOG_MAX bytes kept), without limits. The exit status (>= 0),
 * 128 + signal, or -errno when it could not be started. */
int build_run(char *const *argv, const char *cwd, char **log, size_t *log_len);
/* One compiler run of a kernel build: argv in the sandbox, rw_dir
 * writable, ro_dir (inside it, or NULL) read-only, in cwd, under req's
 * limits; its output, and a "ttfs: ..."
 * line when a limit ended it, appended to log. The exit status (>= 0; r->end is BUILD_END_MEMORY_LIMIT when the
 * output says memory ran out), or -ETIMEDOUT, the stop's -errno (r->end
 * says which) or -errno when it could not be started. */
int build_step(const struct build_env *env, const struct build_request *req, char *const *argv,
	       const char *rw_dir, const char *ro_dir, const char *cwd, struct build_log *log,
	       struct build_result *r);
/* The first error of r->log with a place in the user's own files,
 * following gcc's macro-expansion notes, template contexts and include
 * chains back to it (else the first error, else the linker's), into
 * r->error_text ("writer.cpp:5:5: error: ... (at sdk/...:418:16, in
 * expansion of macro 'DPRINT')", no absolute path of this machine),
 * r->error_file and r->error_line. src: the user's file name as the
 * compiler names it. build_diagnostic.c. */
void build_find_first_error(const struct build_env *env, const char *src, struct build_result *r);
/* The name of the user's source in the build's source directory. */
const char *build_source_name(const struct build_request *req);
/* Writes req's files into dir (an empty directory), the source's own file
 * (build_source_name) from req->source: 0 or -errno. */
int build_write_sources(const struct build_request *req, const char *dir);
/* Writes the headers generated for req into dir, the build directory a
 * simulator or a card build puts on the include path: chlkc_descriptors.h
 * and a Metal 2.0 kernel's kernel_args_generated.h, those it has. 0 or
 * -errno. */
int build_write_generated(const struct build_request *req, const char *dir);
/* Whether req's source names the 2.0 API (experimental/2_0/), which
 * Debian's g++ builds only as C++20: such a kernel is built with
 * -std=c++20 -Wno-volatile, for the simulator or a card alike. */
bool build_uses_cxx20_api(const struct build_request *req);
/* Counts a compiler start (build_compiler_runs). */
void build_count_run(void);
/* Writes a new file (O_EXCL) whole: 0 or -errno. */
int build_write_file(const char *path, const void *buf, size_t len);
/* The whole line of log that holds the first needle into buf (cut to
 * "..." when longer), for a one-line message: 0, or -ENOENT (buf left
 * alone) when no line has it. */
int build_log_line(const char *log, const char *needle, char *buf, size_t len);
/* Appends "$ argv..." and a newline to a log (malloc'd, NUL-terminated,
 * grown while it stays within BUILD_LOG_MAX): the exact command, no shell. */
void build_log_argv(char **log, size_t *len, char *const *argv);
/* Removes dir, the files in it and those of its subdirectories: a build's
 * scratch directory. */
void build_remove_dir(const char *dir);

/* The argv a request compiles with (NULL-terminated, malloc'd strings;
 * free with build_argv_free). Relative paths: the compiler runs in a
 * fresh directory below the build directory (src/) holding the source
 * and the program's files under their own names, and writes kernel.elf
 * in the build directory. Used for the key too. NULL on -ENOMEM or a bad request. */
char **build_argv(const struct build_env *env, const struct build_request *req);
void build_argv_free(char **argv);
/* The state of everything the sandbox lets a compiler read but the
 * request itself: the SDK, the toolchain, a card's trees (every path of
 * the view, cache_stamp_path). 0 or -errno. */
int build_env_stamp(const struct build_env *env, uint64_t *stamp);
/* The same, telling watch what it walks (cache_stamp_path_watched). */
int build_env_stamp_watched(const struct build_env *env, const struct cache_stamp_watch *watch,
			    bool *racy, uint64_t *stamp);
/* The cache key of a request: everything the compiler can read — the
 * source bytes and descriptors (its directory), the stamp of the rest of
 * its view — the toolchain's --version, its PATH and its argv. */
uint64_t build_key(const struct build_env *env, uint64_t stamp, char *const *argv,
		   const struct build_request *req);

/* Builds synchronously. Returns out->status. */
int build_kernel(const struct build_env *env, const struct build_request *req,
		 struct build_result *out);
void build_result_free(struct build_result *r);

/* The same on its own thread, so the RISCs of a program build in parallel.
 * env and everything req points to must stay alive until build_wait. */
struct build_job;
int build_start(const struct build_env *env, const struct build_request *req,
		struct build_job **job);
/* Whether the job has its result: build_wait will not block. */
bool build_done(struct build_job *job);
/* Joins the job, moves its result into out and frees the job. */
int build_wait(struct build_job *job, struct build_result *out);

/* How many times a compiler has been started by this process (tests). */
unsigned long build_compiler_runs(void);

#endif /* TTRT_PROGRAM_BUILD_H */
