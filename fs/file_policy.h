/* SPDX-License-Identifier: Apache-2.0
 *
 * Per-file policy, one place for every subtree: who may read and write a
 * file (its mode), what opening with O_TRUNC and truncate(2) do, how reads
 * and writes are bounded by a fixed-size file, and how an attribute file
 * takes its one value per write(2). docs/permissions.md is the user's view.
 */
#ifndef TTFS_FILE_POLICY_H
#define TTFS_FILE_POLICY_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Every file and directory belongs to the mounting user; the mount always
 * has default_permissions, so the kernel enforces these modes for other
 * users (-o allow_other): nobody but the owner ever writes. */
#define FILE_MODE_RO 0444   /* views: everyone reads */
#define FILE_MODE_RW 0644   /* memory and attributes: the owner writes */
#define FILE_MODE_WO 0200   /* commands (device/reset): the owner writes */
#define DIR_MODE 0755       /* only the owner may mkdir (in dram/buffers) */

/* Longest value an attribute file takes, not counting one trailing
 * newline ("echo 4096 > size" writes "4096\n"). */
#define ATTR_VALUE_MAX 31

/* open(2) of a file of the given mode: -EACCES for an access the mode
 * does not give the owner (root too: the daemon enforces what the kernel
 * lets CAP_DAC_OVERRIDE skip). O_TRUNC needs write access and is
 * otherwise a no-op: every file has a fixed size or takes whole values. */
int file_policy_open(mode_t mode, int flags);

/* truncate(2)/ftruncate(2) to new_size of a file of the given mode and
 * current size: -EACCES if the owner cannot write it, 0 (nothing changes)
 * if the size is the current one, else -EINVAL: no file can change size. */
int file_policy_truncate(mode_t mode, off_t new_size, off_t cur_size);

/* A read of *size bytes at off from a file of file_size bytes: clamps
 * *size at the end; an offset past the end is -ENXIO, at the end EOF. */
int file_policy_read(off_t off, size_t *size, uint64_t file_size);

/* A write of *size bytes at off into a fixed-size file: a write that
 * crosses the end is clamped to what fits (a short write); one that
 * starts at or past the end is -EFBIG. An empty write is accepted. */
int file_policy_write(off_t off, size_t *size, uint64_t file_size);

/* The value of one write(2) to an attribute file, copied to value as a
 * string: without its one trailing newline, not empty, no NUL byte and no
 * other newline, at most ATTR_VALUE_MAX characters (value must hold
 * ATTR_VALUE_MAX + 1). Otherwise -EINVAL. */
int file_policy_attr_value(const char *buf, size_t size, char *value);
/* The same with room for max characters (value holds max + 1): a list
 * attribute such as a buffer's shard_cores. */
int file_policy_attr_text(const char *buf, size_t size, char *value, size_t max);

#endif
