/* SPDX-License-Identifier: Apache-2.0
 *
 * What the launch tests share: the check macros and reading a kernel image.
 */
#ifndef TTFS_LAUNCH_UTIL_H
#define TTFS_LAUNCH_UTIL_H

#include "../check.h"
#include "ttrt.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The whole file, or NULL. */
static inline uint8_t *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n);
		if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		*len = (size_t)n;
	}
	fclose(f);
	return buf;
}

/* A simulated device with small DRAM banks; exits the test on failure. */
static inline struct ttrt_device *open_small_sim(void)
{
	struct ttrt_config cfg;
	struct ttrt_device *dev;
	char err[512] = "";

	ttrt_config_defaults(&cfg);
	cfg.dram_bank_size = 16u << 20;
	if (ttrt_device_open(&cfg, &dev, err, sizeof(err))) {
		fprintf(stderr, "open: %s\n", err);
		exit(1);
	}
	return dev;
}

#endif
