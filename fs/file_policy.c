/* SPDX-License-Identifier: Apache-2.0
 *
 * Per-file policy shared by every subtree (see file_policy.h).
 */
#include "file_policy.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>

int file_policy_open(mode_t mode, int flags)
{
	int acc = flags & O_ACCMODE;

	if (acc != O_WRONLY && !(mode & S_IRUSR))
		return -EACCES;
	if ((acc != O_RDONLY || (flags & O_TRUNC)) && !(mode & S_IWUSR))
		return -EACCES;
	return 0;
}

int file_policy_truncate(mode_t mode, off_t new_size, off_t cur_size)
{
	if (!(mode & S_IWUSR))
		return -EACCES;
	return new_size == cur_size ? 0 : -EINVAL;
}

int file_policy_read(off_t off, size_t *size, uint64_t file_size)
{
	if (off < 0)
		return -EINVAL;
	if ((uint64_t)off > file_size)
		return -ENXIO;
	if (*size > file_size - (uint64_t)off)
		*size = file_size - (uint64_t)off;
	return 0;
}

int file_policy_write(off_t off, size_t *size, uint64_t file_size)
{
	if (off < 0)
		return -EINVAL;
	if (*size == 0)
		return 0;
	if ((uint64_t)off >= file_size)
		return -EFBIG;
	if (*size > file_size - (uint64_t)off)
		*size = file_size - (uint64_t)off;
	return 0;
}

int file_policy_attr_value(const char *buf, size_t size, char *value)
{
	return file_policy_attr_text(buf, size, value, ATTR_VALUE_MAX);
}

int file_policy_attr_text(const char *buf, size_t size, char *value, size_t max)
{
	if (size > 0 && buf[size - 1] == '\n')
		size--;
	if (size == 0 || size > max || memchr(buf, '\0', size) ||
	    memchr(buf, '\n', size))
		return -EINVAL;
	memcpy(value, buf, size);
	value[size] = '\0';
	return 0;
}
