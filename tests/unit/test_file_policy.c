/* SPDX-License-Identifier: Apache-2.0
 *
 * The per-file policy (fs/file_policy.c): access at open, O_TRUNC,
 * truncate, the bounds of fixed-size files and attribute values.
 */
#include "check.h"
#include "file_policy.h"

#include <fcntl.h>
#include <string.h>

static void test_open(void)
{
	CHECK_EQ(file_policy_open(FILE_MODE_RW, O_RDONLY), 0);
	CHECK_EQ(file_policy_open(FILE_MODE_RW, O_WRONLY | O_TRUNC), 0);
	CHECK_EQ(file_policy_open(FILE_MODE_RW, O_RDWR), 0);
	CHECK_EQ(file_policy_open(FILE_MODE_RO, O_RDONLY), 0);
	CHECK_EQ(file_policy_open(FILE_MODE_RO, O_WRONLY), -EACCES);
	CHECK_EQ(file_policy_open(FILE_MODE_RO, O_RDWR), -EACCES);
	CHECK_EQ(file_policy_open(FILE_MODE_RO, O_RDONLY | O_TRUNC), -EACCES);
	CHECK_EQ(file_policy_open(FILE_MODE_WO, O_WRONLY | O_TRUNC), 0);
	CHECK_EQ(file_policy_open(FILE_MODE_WO, O_RDONLY), -EACCES);
	CHECK_EQ(file_policy_open(FILE_MODE_WO, O_RDWR), -EACCES);
	/* No mode gives group or others a write bit. */
	CHECK_EQ((FILE_MODE_RO | FILE_MODE_RW | FILE_MODE_WO | DIR_MODE) & 022, 0);
}

static void test_truncate(void)
{
	CHECK_EQ(file_policy_truncate(FILE_MODE_RW, 4096, 4096), 0);
	CHECK_EQ(file_policy_truncate(FILE_MODE_RW, 10, 4096), -EINVAL);
	CHECK_EQ(file_policy_truncate(FILE_MODE_RW, 0, 4096), -EINVAL);
	CHECK_EQ(file_policy_truncate(FILE_MODE_RW, 4097, 4096), -EINVAL);
	CHECK_EQ(file_policy_truncate(FILE_MODE_WO, 0, 0), 0);
	CHECK_EQ(file_policy_truncate(FILE_MODE_RO, 12, 12), -EACCES);
	CHECK_EQ(file_policy_truncate(FILE_MODE_RO, 0, 12), -EACCES);
}

static void test_bounds(void)
{
	size_t size;

	size = 100;
	CHECK_EQ(file_policy_read(0, &size, 1000), 0);
	CHECK_EQ(size, 100);
	size = 100;
	CHECK_EQ(file_policy_read(950, &size, 1000), 0);
	CHECK_EQ(size, 50);
	size = 100;
	CHECK_EQ(file_policy_read(1000, &size, 1000), 0);
	CHECK_EQ(size, 0);
	size = 100;
	CHECK_EQ(file_policy_read(1001, &size, 1000), -ENXIO);
	size = 1;
	CHECK_EQ(file_policy_read(-1, &size, 1000), -EINVAL);

	size = 100;
	CHECK_EQ(file_policy_write(900, &size, 1000), 0);
	CHECK_EQ(size, 100);
	size = 100;
	CHECK_EQ(file_policy_write(990, &size, 1000), 0);
	CHECK_EQ(size, 10);
	size = 1;
	CHECK_EQ(file_policy_write(999, &size, 1000), 0);
	CHECK_EQ(size, 1);
	size = 1;
	CHECK_EQ(file_policy_write(1000, &size, 1000), -EFBIG);
	size = 1;
	CHECK_EQ(file_policy_write(5000, &size, 1000), -EFBIG);
	size = 1;
	CHECK_EQ(file_policy_write(0, &size, 0), -EFBIG);
	size = 0;
	CHECK_EQ(file_policy_write(1000, &size, 1000), 0);
	size = 1;
	CHECK_EQ(file_policy_write(-1, &size, 1000), -EINVAL);
}

static int attr(const char *buf, size_t len, char *value)
{
	return file_policy_attr_value(buf, len, value);
}

static void test_attr_value(void)
{
	char value[ATTR_VALUE_MAX + 1];
	char long_value[ATTR_VALUE_MAX + 2];

	CHECK_EQ(attr("4096", 4, value), 0);
	CHECK(strcmp(value, "4096") == 0, "got '%s'", value);
	CHECK_EQ(attr("4096\n", 5, value), 0);
	CHECK(strcmp(value, "4096") == 0, "got '%s'", value);
	CHECK_EQ(attr("4096\0x", 6, value), -EINVAL);
	CHECK_EQ(attr("4096\0", 5, value), -EINVAL);
	CHECK_EQ(attr("4096\n\n", 6, value), -EINVAL);
	CHECK_EQ(attr("40\n96", 5, value), -EINVAL);
	CHECK_EQ(attr("\n", 1, value), -EINVAL);
	CHECK_EQ(attr("", 0, value), -EINVAL);

	/* ATTR_VALUE_MAX characters fit, with or without the newline. */
	memset(long_value, '7', sizeof(long_value));
	long_value[ATTR_VALUE_MAX] = '\n';
	CHECK_EQ(attr(long_value, ATTR_VALUE_MAX + 1, value), 0);
	CHECK_EQ(strlen(value), ATTR_VALUE_MAX);
	CHECK_EQ(attr(long_value, ATTR_VALUE_MAX, value), 0);
	long_value[ATTR_VALUE_MAX] = '7';
	CHECK_EQ(attr(long_value, ATTR_VALUE_MAX + 1, value), -EINVAL);
}

int main(void)
{
	test_open();
	test_truncate();
	test_bounds();
	test_attr_value();
	return check_exit("test_file_policy");
}
