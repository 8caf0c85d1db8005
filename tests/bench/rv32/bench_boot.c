/* SPDX-License-Identifier: Apache-2.0
 *
 * Time to boot all 120 simulated cores: ttrt_device_open (chip memory,
 * threads, firmware upload, wait for every core's DONE) and
 * ttrt_device_reset (upload and boot again). Best and median of N runs.
 */
#include "ttrt.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define RUNS 7

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void report(const char *what, double *t)
{
	qsort(t, RUNS, sizeof(*t), cmp_double);
	printf("%-34s best %7.1f ms  median %7.1f ms  %s\n", what, t[0] * 1e3, t[RUNS / 2] * 1e3,
	       t[RUNS / 2] <= 0.5 ? "PASS (<= 500 ms)" : "MISS (> 500 ms)");
}

int main(void)
{
	double open_t[RUNS], reset_t[RUNS];
	struct ttrt_config cfg;
	char err[512];

	ttrt_config_defaults(&cfg);
	for (int i = 0; i < RUNS; i++) {
		struct ttrt_device *dev;
		double t0 = now_s();
		if (ttrt_device_open(&cfg, &dev, err, sizeof(err))) {
			fprintf(stderr, "open: %s\n", err);
			return 1;
		}
		open_t[i] = now_s() - t0;
		t0 = now_s();
		if (ttrt_device_reset(dev, NULL, err, sizeof(err))) {
			fprintf(stderr, "reset: %s\n", err);
			return 1;
		}
		reset_t[i] = now_s() - t0;
		ttrt_device_close(dev);
	}
	report("120-core boot (device open)", open_t);
	report("120-core reboot (device/reset)", reset_t);
	return 0;
}
