/* SPDX-License-Identifier: Apache-2.0
 *
 * Time to boot all 120 simulated cores: ttrt_device_open (chip memory,
 * threads, firmware upload, wait for every core's DONE) and
 * ttrt_device_reset (upload and boot again). Best and median of
 * BENCH_BOOT_RUNS runs (default 7).
 */
#include "ttrt.h"
#include "../quick.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_RUNS 64

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

static void report(const char *what, double *t, int runs)
{
	double median;

	qsort(t, (size_t)runs, sizeof(*t), cmp_double);
	median = t[runs / 2];
	printf("%-34s best %7.1f ms  median %7.1f ms  %s (<= 500 ms)\n", what, t[0] * 1e3,
	       median * 1e3, bench_mark(median <= 0.5, "MISS"));
}

int main(void)
{
	double open_t[MAX_RUNS], reset_t[MAX_RUNS];
	const char *env = getenv("BENCH_BOOT_RUNS");
	int runs = env && atoi(env) >= 1 ? atoi(env) : 7;
	struct ttrt_config cfg;
	char err[512];

	if (runs > MAX_RUNS)
		runs = MAX_RUNS;
	ttrt_config_defaults(&cfg);
	for (int i = 0; i < runs; i++) {
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
	report("120-core boot (device open)", open_t, runs);
	report("120-core reboot (device/reset)", reset_t, runs);
	return 0;
}
