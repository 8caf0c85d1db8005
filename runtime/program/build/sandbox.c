/* SPDX-License-Identifier: Apache-2.0
 *
 * The compiler's sandbox (sandbox.h). bubblewrap, not Landlock: bwrap
 * builds a root that lacks every other path, so a host file is "No such
 * file or directory" rather than a permission error, it gives the build a
 * PID namespace that dies with it, and it works for root and, through
 * unprivileged user namespaces, for any user. The view is found once:
 * each path the toolchain needs is made visible as it is on the host, its
 * symlinks made again and the file or directory they lead to bound
 * read-only.
 */
#include "program/build/sandbox.h"
#include "program/build/build_proc.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What every run gets before the view: new namespaces (user where it can
 * be had, PID, mount, network, IPC, UTS, cgroup), killed with its parent,
 * no capabilities even for root, a minimal /dev. */
static const char *const header[] = {
	"--unshare-all", "--die-with-parent", "--cap-drop", "ALL", "--dev", "/dev",
};

/* The programs a GCC driver runs, asked with -print-prog-name. */
static const char *const gcc_parts[] = {
	"cc1plus", "cc1", "collect2", "as", "ld", "lto-wrapper", "lto1",
};

/* Seconds the discovery commands (-print-*, the loader's --list, the
 * check) may take. */
#define DISCOVERY_TIMEOUT_MS 30000u

struct path_list {
	char **v;
	size_t n, cap;
};

/* The view while it is found: directories and files to bind, symlinks to
 * make again (target, then where), directories a path leaves by ".."
 * (which must be there for the kernel to walk through them). */
struct view_parts {
	struct path_list binds, links, dirs;
	int error;   /* the first failure to remember: -ENOMEM */
};

static void list_free(struct path_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static bool list_has(const struct path_list *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return true;
	return false;
}

static int list_add(struct path_list *l, const char *s)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 32;
		char **v = realloc(l->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n] = strdup(s);
	if (!l->v[l->n])
		return -ENOMEM;
	l->n++;
	return 0;
}

/* path is dir, or below it. */
static bool under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && (path[n] == '\0' || path[n] == '/');
}

/* Makes an absolute path visible as on the host: each symlink along it
 * made again, "." and ".." followed as the kernel would, and the file or
 * directory it leads to bound. -errno when it does not exist. */
static int expose(struct view_parts *vp, const char *path, int depth)
{
	char cur[PATH_MAX] = "", next[PATH_MAX], target[PATH_MAX], rest[PATH_MAX];
	const char *p = path;
	struct stat st;
	int ret;

	if (depth > 40)
		return -ELOOP;
	if (*path != '/')
		return -EINVAL;
	for (;;) {
		size_t n;

		while (*p == '/')
			p++;
		if (!*p)
			break;
		n = strcspn(p, "/");
		if (n == 1 && p[0] == '.') {
			p += n;
			continue;
		}
		if (n == 2 && p[0] == '.' && p[1] == '.') {
			char *slash = strrchr(cur, '/');   /* cur has no symlink in it */

			if (cur[0] && !list_has(&vp->dirs, cur) && (ret = list_add(&vp->dirs, cur)))
				return ret;
			if (slash)
				*slash = '\0';
			p += n;
			continue;
		}
		if (snprintf(next, sizeof(next), "%s/%.*s", cur, (int)n, p) >= (int)sizeof(next))
			return -ENAMETOOLONG;
		if (lstat(next, &st) < 0)
			return -errno;
		p += n;
		if (S_ISLNK(st.st_mode)) {
			ssize_t len = readlink(next, target, sizeof(target) - 1);

			if (len < 0)
				return -errno;
			target[len] = '\0';
			if (!list_has(&vp->links, next)) {
				ret = list_add(&vp->links, target);
				if (!ret)
					ret = list_add(&vp->links, next);
				if (ret)
					return ret;
			}
			if (snprintf(rest, sizeof(rest), "%s%s%s%s", target[0] == '/' ? "" : cur,
				     target[0] == '/' ? "" : "/", target, p) >= (int)sizeof(rest))
				return -ENAMETOOLONG;
			return expose(vp, rest, depth + 1);
		}
		strcpy(cur, next);
	}
	if (!cur[0])
		return -EINVAL;   /* never the whole root */
	return list_has(&vp->binds, cur) ? 0 : list_add(&vp->binds, cur);
}

/* expose, where a missing path is not an error (a search directory GCC
 * names but that does not exist); a real failure is kept in vp. */
static void expose_if_there(struct view_parts *vp, const char *path)
{
	int ret = expose(vp, path, 0);

	if (ret == -ENOMEM && !vp->error)
		vp->error = ret;
}

/* Runs a discovery command (never in the sandbox: it is ours, with
 * nothing of the user's) in the environment the compiler will have, and
 * returns its output: 0, or -errno, or the exit status as -EIO with the
 * output kept. */
static int discover(char *const *argv, struct build_log *out)
{
	struct build_limits lim = { .timeout_ms = DISCOVERY_TIMEOUT_MS };
	char env[SANDBOX_ENV_MAX], *envp[4];
	struct build_proc_outcome o;
	int ret;

	sandbox_env(NULL, env, envp);
	ret = build_proc_run(argv, envp, NULL, &lim, out, &o);
	if (ret)
		return ret;
	return o.end == BUILD_PROC_EXITED && o.status == 0 ? 0 : -EIO;
}

/* The ELF interpreter of an executable into interp ("" for a static
 * one): 0, or -ENOEXEC when it is not a 64-bit ELF. */
static int elf_interp(const char *exe, char *interp, size_t len)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	int fd = open(exe, O_RDONLY | O_CLOEXEC), ret = -ENOEXEC;

	interp[0] = '\0';
	if (fd < 0)
		return -errno;
	if (pread(fd, &eh, sizeof(eh), 0) != (ssize_t)sizeof(eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) || eh.e_ident[EI_CLASS] != ELFCLASS64)
		goto out;
	ret = 0;
	for (unsigned i = 0; i < eh.e_phnum; i++) {
		if (pread(fd, &ph, sizeof(ph), (off_t)(eh.e_phoff + (uint64_t)i * eh.e_phentsize)) !=
		    (ssize_t)sizeof(ph))
			break;
		if (ph.p_type != PT_INTERP || ph.p_filesz == 0 || ph.p_filesz > len)
			continue;
		if (pread(fd, interp, ph.p_filesz, (off_t)ph.p_offset) != (ssize_t)ph.p_filesz)
			interp[0] = '\0';
		else
			interp[ph.p_filesz - 1] = '\0';
		break;
	}
out:
	close(fd);
	return ret;
}

/* The shared libraries an executable loads, as the dynamic loader finds
 * them (`ld.so --list exe`: "libz.so.1 => /lib/.../libz.so.1 (0x...)"). */
static void expose_libraries(struct view_parts *vp, const char *exe)
{
	char interp[PATH_MAX];
	char *argv[] = { interp, "--list", (char *)exe, NULL };
	struct build_log out = { 0 };

	if (elf_interp(exe, interp, sizeof(interp)) || !interp[0])
		return;   /* a script, or static */
	expose_if_there(vp, interp);
	if (discover(argv, &out) == 0) {
		for (char *line = out.p; line && *line;) {
			size_t n = strcspn(line, "\n");
			char *arrow = strstr(line, "=> "), *path = arrow ? arrow + 3 : line;

			while (*path == '\t' || *path == ' ')
				path++;
			if (path < line + n && *path == '/') {
				size_t plen = strcspn(path, " \n");
				char lib[PATH_MAX];

				if (plen < sizeof(lib)) {
					memcpy(lib, path, plen);
					lib[plen] = '\0';
					expose_if_there(vp, lib);
				}
			}
			line += n;
			if (*line)
				line++;
		}
	}
	free(out.p);
}

/* An executable of the toolchain: itself, its libraries, and for a script
 * its interpreter ("#!/bin/sh") and what that loads. */
static void expose_program(struct view_parts *vp, const char *path)
{
	char head[PATH_MAX];
	ssize_t n;
	int fd;

	expose_if_there(vp, path);
	expose_libraries(vp, path);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	n = read(fd, head, sizeof(head) - 1);
	close(fd);
	if (n > 2 && head[0] == '#' && head[1] == '!') {
		char *interp = head + 2;

		head[n] = '\0';
		interp += strspn(interp, " \t");
		interp[strcspn(interp, " \t\n")] = '\0';
		if (*interp == '/') {
			expose_if_there(vp, interp);
			expose_libraries(vp, interp);
		}
	}
}

static bool is_script(const char *path)
{
	char head[2];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool script;

	if (fd < 0)
		return false;
	script = read(fd, head, 2) == 2 && head[0] == '#' && head[1] == '!';
	close(fd);
	return script;
}

/* "install: DIR", "programs: =A:B", "libraries: =A:B" of -print-search-dirs. */
static void expose_search_dirs(struct view_parts *vp, const char *compiler)
{
	char *argv[] = { (char *)compiler, "-print-search-dirs", NULL };
	struct build_log out = { 0 };

	if (discover(argv, &out) == 0) {
		for (char *line = out.p; line && *line;) {
			size_t n = strcspn(line, "\n");
			char *colon = memchr(line, ':', n), *end = line + n;

			line[n] = '\0';
			for (char *d = colon ? colon + 1 : end; d < end;) {
				size_t dn;

				d += strspn(d, " =");
				dn = strcspn(d, ":");
				d[dn] = '\0';
				if (*d == '/')
					expose_if_there(vp, d);
				d += dn + 1;
			}
			line = end < out.p + out.len ? end + 1 : end;
		}
	}
	free(out.p);
}

static void expose_gcc_parts(struct view_parts *vp, const char *compiler)
{
	for (size_t i = 0; i < sizeof(gcc_parts) / sizeof(gcc_parts[0]); i++) {
		char opt[64], *argv[] = { (char *)compiler, opt, NULL };
		struct build_log out = { 0 };

		snprintf(opt, sizeof(opt), "-print-prog-name=%s", gcc_parts[i]);
		/* A part GCC does not have it names bare: not a path. */
		if (discover(argv, &out) == 0 && out.p && out.p[0] == '/') {
			out.p[strcspn(out.p, "\n")] = '\0';
			if (access(out.p, X_OK) == 0)
				expose_program(vp, out.p);
		}
		free(out.p);
	}
}

static int view_arg(struct sandbox *sb, const char *s)
{
	size_t n = strlen(s) + 1;

	if (sb->view_len + n > sizeof(sb->view))
		return -E2BIG;
	memcpy(sb->view + sb->view_len, s, n);
	sb->view_len += n;
	sb->view_args++;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool bound(const struct view_parts *vp, const char *path)
{
	for (size_t j = 0; j < vp->binds.n; j++)
		if (under(path, vp->binds.v[j]))
			return true;
	return false;
}

/* The view's arguments: the binds, a directory before what is under it
 * (which it already holds), then the directories and symlinks not inside
 * a bound directory (which holds them already). */
static int emit(struct sandbox *sb, struct view_parts *vp)
{
	int ret = 0;

	qsort(vp->binds.v, vp->binds.n, sizeof(char *), cmp_str);
	for (size_t i = 0; i < sizeof(header) / sizeof(header[0]) && !ret; i++)
		ret = view_arg(sb, header[i]);
	for (size_t i = 0; i < vp->binds.n && !ret; i++) {
		bool covered = false;

		for (size_t j = 0; j < i && !covered; j++)
			covered = under(vp->binds.v[i], vp->binds.v[j]);
		if (covered)
			continue;
		ret = view_arg(sb, "--ro-bind");
		if (!ret)
			ret = view_arg(sb, vp->binds.v[i]);
		if (!ret)
			ret = view_arg(sb, vp->binds.v[i]);
	}
	for (size_t i = 0; i < vp->dirs.n && !ret; i++) {
		if (bound(vp, vp->dirs.v[i]))
			continue;
		ret = view_arg(sb, "--dir");
		if (!ret)
			ret = view_arg(sb, vp->dirs.v[i]);
	}
	for (size_t i = 0; i + 1 < vp->links.n && !ret; i += 2) {
		if (bound(vp, vp->links.v[i + 1]))
			continue;
		ret = view_arg(sb, "--symlink");
		if (!ret)
			ret = view_arg(sb, vp->links.v[i]);
		if (!ret)
			ret = view_arg(sb, vp->links.v[i + 1]);
	}
	return ret;
}

static const char *view_next(const struct sandbox *sb, const char *arg)
{
	arg += strlen(arg) + 1;
	return arg < sb->view + sb->view_len ? arg : NULL;
}

int sandbox_foreach_ro(const struct sandbox *sb, int (*fn)(const char *path, void *arg),
		       void *arg)
{
	for (const char *a = sb->view_len ? sb->view : NULL; a; a = view_next(sb, a)) {
		int ret;

		if (strcmp(a, "--ro-bind"))
			continue;
		a = view_next(sb, a);   /* the source; the destination is the same */
		if (!a)
			break;
		ret = fn(a, arg);
		if (ret)
			return ret;
		a = view_next(sb, a);
		if (!a)
			break;
	}
	return 0;
}

char **sandbox_argv(const struct sandbox *sb, const char *rw_dir, const char *ro_dir,
		    const char *cwd, char *const *argv)
{
	size_t n_argv = 0, n = 0;
	char **v;

	while (argv[n_argv])
		n_argv++;
	v = calloc(1 + sb->view_args + 3 + 3 + 2 + 2 + 1 + n_argv + 1, sizeof(*v));
	if (!v)
		return NULL;
	v[n++] = (char *)sb->bwrap;
	for (const char *a = sb->view_len ? sb->view : NULL; a; a = view_next(sb, a))
		v[n++] = (char *)a;
	if (rw_dir) {
		v[n++] = "--bind";
		v[n++] = (char *)rw_dir;
		v[n++] = (char *)rw_dir;
	}
	/* After the writable directory, which holds it. */
	if (ro_dir) {
		v[n++] = "--ro-bind";
		v[n++] = (char *)ro_dir;
		v[n++] = (char *)ro_dir;
	}
	/* The root (a tmpfs holding the mount points) read-only too: the
	 * build's directory is the only place the compiler writes. */
	v[n++] = "--remount-ro";
	v[n++] = "/";
	v[n++] = "--chdir";
	v[n++] = (char *)(cwd ? cwd : "/");
	v[n++] = "--";
	for (size_t i = 0; i < n_argv; i++)
		v[n++] = argv[i];
	v[n] = NULL;
	return v;
}

void sandbox_env(const char *tmp, char *env, char **envp)
{
	const char *path = getenv("PATH");
	size_t n = 0;

	envp[0] = env;
	n += (size_t)snprintf(env + n, PATH_MAX + 8, "PATH=%s", path ? path : "/usr/bin:/bin") + 1;
	envp[1] = env + n;
	n += (size_t)snprintf(env + n, PATH_MAX + 8, "TMPDIR=%s", tmp ? tmp : "/") + 1;
	envp[2] = env + n;
	snprintf(env + n, 16, "LC_ALL=C");
	envp[3] = NULL;
}

/* The compiler's --version inside the finished sandbox: a bwrap that
 * cannot make namespaces here says so. */
static int check(const struct sandbox *sb, const char *compiler, char *err, size_t errlen)
{
	char *version[] = { (char *)compiler, "--version", NULL };
	char env[SANDBOX_ENV_MAX], *envp[4];
	char **argv = sandbox_argv(sb, NULL, NULL, NULL, version);
	struct build_limits lim = { .timeout_ms = DISCOVERY_TIMEOUT_MS };
	struct build_log out = { 0 };
	struct build_proc_outcome o;
	int ret;

	if (!argv)
		return -ENOMEM;
	sandbox_env(NULL, env, envp);
	ret = build_proc_run(argv, envp, NULL, &lim, &out, &o);
	free(argv);
	if (ret == 0 && (o.end != BUILD_PROC_EXITED || o.status != 0)) {
		ret = -EPERM;
		snprintf(err, errlen, "build: the compiler sandbox (bubblewrap) does not work here: "
			 "%s --version in it: %.*s", compiler,
			 out.p ? (int)strcspn(out.p, "\n") : 6, out.p ? out.p : "failed");
	} else if (ret) {
		snprintf(err, errlen, "build: running %s: %s", sb->bwrap, strerror(-ret));
	}
	free(out.p);
	return ret;
}

int sandbox_init(struct sandbox *sb, const char *compiler, const char *const *trees,
		 unsigned n_trees, char *err, size_t errlen)
{
	struct view_parts vp = { 0 };
	char path[PATH_MAX], debian_gxx[PATH_MAX];
	int ret;

	memset(sb, 0, sizeof(*sb));
	if (build_proc_find("bwrap", sb->bwrap, sizeof(sb->bwrap))) {
		snprintf(err, errlen, "build: the compiler runs in a sandbox made by bubblewrap, and "
			 "bwrap is not in PATH: install the Debian package bubblewrap");
		return -ENOENT;
	}
	ret = build_proc_find(compiler, path, sizeof(path));
	if (ret) {
		snprintf(err, errlen, "build: %s: %s", compiler, strerror(-ret));
		return ret;
	}
	for (unsigned i = 0; i < n_trees; i++) {
		ret = expose(&vp, trees[i], 0);
		if (ret) {
			snprintf(err, errlen, "build: %s: %s", trees[i], strerror(-ret));
			goto out;
		}
	}
	expose_program(&vp, path);
	expose_search_dirs(&vp, path);
	expose_gcc_parts(&vp, path);
	/* A compiler that is a script may run Debian's: the card's test
	 * double of SFPI's riscv-tt-elf-g++ does. */
	if (is_script(path) && !build_proc_find("riscv64-unknown-elf-g++", debian_gxx,
						  sizeof(debian_gxx)))
		expose_program(&vp, debian_gxx);
	ret = vp.error;
	if (!ret)
		ret = emit(sb, &vp);
	if (ret) {
		snprintf(err, errlen, "build: the compiler sandbox: %s", strerror(-ret));
		goto out;
	}
	ret = check(sb, path, err, errlen);
out:
	list_free(&vp.binds);
	list_free(&vp.links);
	list_free(&vp.dirs);
	return ret;
}
