/* SPDX-License-Identifier: Apache-2.0
 *
 * The compiler's sandbox: every compiler process of a kernel build runs
 * under Debian's bubblewrap (bwrap) in new namespaces, with a root that
 * holds only the kernel SDK, the toolchain (the compiler, the programs
 * and directories it names, the shared libraries they load), a card's
 * tt-metal and SFPI trees, all read-only, and the build's own directory,
 * writable; /dev is a minimal one (null, zero, urandom, ...). Any other
 * path is "No such file or directory" to the compiler.
 * docs/architecture.md, "The compiler's sandbox".
 */
#ifndef TTRT_PROGRAM_SANDBOX_H
#define TTRT_PROGRAM_SANDBOX_H

#include <limits.h>
#include <stddef.h>

#define SANDBOX_VIEW_MAX (32u << 10)

/* What the sandbox shows, found once (sandbox_init) and read-only after:
 * bwrap's path and the arguments that make the view, NUL-separated. */
struct sandbox {
	char bwrap[PATH_MAX];
	char view[SANDBOX_VIEW_MAX];
	size_t view_len;
	unsigned view_args;
};

/* The view for compiler (a path, or a name looked up in PATH) and the
 * trees (directories bound whole: the SDK, include, a card's trees).
 * Asks the compiler where its parts are (-print-search-dirs,
 * -print-prog-name), asks the dynamic loader which libraries they load,
 * then runs `compiler --version` inside to check that the sandbox works.
 * 0, or -errno with the reason in err: -ENOENT when bwrap is not
 * installed. */
int sandbox_init(struct sandbox *sb, const char *compiler, const char *const *trees,
		 unsigned n_trees, char *err, size_t errlen);

/* The argv that runs argv in the sandbox, with rw_dir (NULL: none) bound
 * writable, ro_dir (NULL: none; may be inside rw_dir) read-only and cwd
 * (NULL: /) the working directory: malloc'd array (free it alone), its
 * strings borrowed from sb, rw_dir, ro_dir, cwd and argv. NULL on
 * -ENOMEM. */
char **sandbox_argv(const struct sandbox *sb, const char *rw_dir, const char *ro_dir,
		    const char *cwd, char *const *argv);

/* The environment a sandboxed compiler gets: PATH (ours), TMPDIR (tmp)
 * and LC_ALL=C, in env (which holds the strings; at least
 * SANDBOX_ENV_MAX bytes) and envp (4 entries). */
#define SANDBOX_ENV_MAX (2 * PATH_MAX + 64)
void sandbox_env(const char *tmp, char *env, char **envp);

/* Calls fn for each path the view binds read-only (directories and
 * files), in the order bound; stops at fn's first non-zero, returned. */
int sandbox_foreach_ro(const struct sandbox *sb, int (*fn)(const char *path, void *arg),
		       void *arg);

#endif /* TTRT_PROGRAM_SANDBOX_H */
