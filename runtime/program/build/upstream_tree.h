/* SPDX-License-Identifier: Apache-2.0 */
#ifndef TTFS_PROGRAM_BUILD_UPSTREAM_TREE_H
#define TTFS_PROGRAM_BUILD_UPSTREAM_TREE_H

#include <stddef.h>

/* A kernel's upstream_path says where its source sits in tt-metal's tree,
 * so that `#include "../../../kernel_helper_functions/pad_tile.hpp"`
 * resolves as there. The compiler resolves ".." in the file system, so the
 * directory it starts from must exist: upstream_tree_make builds, in the
 * build directory `dir`, `up/` + the source's directory as real
 * directories, and in each of them a symbolic link to every entry of the
 * kernel SDK's directory at the same place (the SDK mirrors the parts of
 * tt-metal's tree kernels include: ttnn/cpp/ttnn/...). The build then
 * passes `-iquote` that directory. 0 or -errno. */
int upstream_tree_make(const char *sdk_dir, const char *dir, const char *upstream_path);

/* The -iquote directory for upstream_path, relative to the compiler's
 * working directory (the build directory's src/), into buf: 0 or
 * -ENAMETOOLONG. */
int upstream_tree_quote_dir(const char *upstream_path, char *buf, size_t len);

#endif
