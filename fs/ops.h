/* SPDX-License-Identifier: Apache-2.0 */
#ifndef TTFS_OPS_H
#define TTFS_OPS_H

#include <fuse_lowlevel.h>

extern const struct fuse_lowlevel_ops ttfs_ops;

#endif
