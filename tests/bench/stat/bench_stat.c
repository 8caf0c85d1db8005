/* SPDX-License-Identifier: Apache-2.0
 *
 * bench_stat: does stat of a buffer's file cost the same however many
 * buffers exist? (issue 11: within 1.5x of the same with one buffer.)
 *
 * usage: bench_stat MOUNTPOINT
 *
 * Makes buffer "first" in MOUNTPOINT/dram/buffers and times stat(2) of
 * first/size; then makes 5,000 more (BENCH_BUFFERS) and times stat of
 * the newest's size and of first/size again; then removes them and times
 * first/size once more. The lower of the two one-buffer figures is the baseline, so
 * a burst of load during one of them does not flatter the ratio. Each
 * figure is the median of BENCH_SAMPLES
 * (default 20000) single calls, taken in rounds that alternate the paths
 * so that load from other processes hits them alike. ttfs never lets the
 * kernel cache a file's attributes, so each stat reaches the daemon (a
 * getattr of size; the names' lookups are cached for a second).
 *
 * Exit status: 0 if both are within 1.5x of the one-buffer figure, 1 if
 * not (0 with TTFS_BENCH_QUICK=1, quick.h), 2 if setup fails. The
 * buffers are removed in any case.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../quick.h"

#define NBUFFERS 5000        /* default of BENCH_BUFFERS */
#define ROUND 1000          /* samples of one path before switching */
#define TARGET 1.5

static char dir[4096];

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static void path_of(char *out, size_t size, const char *name, const char *file)
{
	snprintf(out, size, "%s/%s%s%s", dir, name, file ? "/" : "", file ? file : "");
}

/* Times ROUND stats of path into ns[]. -errno if one fails. */
static int time_round(const char *path, uint64_t *ns)
{
	struct stat st;

	for (int i = 0; i < ROUND; i++) {
		uint64_t t0 = now_ns();

		if (stat(path, &st) != 0)
			return -errno;
		ns[i] = now_ns() - t0;
	}
	return 0;
}

/* Medians in µs of npaths paths, samples each, in alternating rounds. */
static int measure(const char *const *paths, int npaths, int samples, double *median_us)
{
	uint64_t *ns[2] = { NULL, NULL };
	int rc = 0;

	for (int p = 0; p < npaths; p++) {
		ns[p] = malloc((size_t)samples * sizeof(uint64_t));
		if (!ns[p])
			rc = -ENOMEM;
	}
	for (int done = 0; rc == 0 && done < samples; done += ROUND)
		for (int p = 0; rc == 0 && p < npaths; p++) {
			rc = time_round(paths[p], ns[p] + done);
			if (rc)
				fprintf(stderr, "bench_stat: stat %s: %s\n", paths[p], strerror(-rc));
		}
	for (int p = 0; rc == 0 && p < npaths; p++) {
		qsort(ns[p], (size_t)samples, sizeof(uint64_t), cmp_u64);
		median_us[p] = (double)ns[p][samples / 2] / 1000.0;
	}
	free(ns[0]);
	free(ns[1]);
	return rc;
}

static int make(const char *name)
{
	char path[4200];

	path_of(path, sizeof(path), name, NULL);
	if (mkdir(path, 0755) == 0)
		return 0;
	fprintf(stderr, "bench_stat: mkdir %s: %s\n", path, strerror(errno));
	return -1;
}

static void remove_many(int made)
{
	char path[4200], name[32];

	for (int i = 0; i < made; i++) {
		snprintf(name, sizeof(name), "b%d", i);
		path_of(path, sizeof(path), name, NULL);
		if (rmdir(path) != 0)
			fprintf(stderr, "bench_stat: rmdir %s: %s\n", path, strerror(errno));
	}
}

int main(int argc, char **argv)
{
	char first[4200], newest[4200], name[32];
	const char *paths[2];
	double one, one_after, many[2], worst;
	int samples = 20000, nbuffers = NBUFFERS, made = 0, status = 2;
	const char *env = getenv("BENCH_SAMPLES");
	const char *nenv = getenv("BENCH_BUFFERS");

	if (argc != 2) {
		fprintf(stderr, "usage: bench_stat MOUNTPOINT\n");
		return 2;
	}
	if (env && atoi(env) >= ROUND)
		samples = atoi(env) / ROUND * ROUND;
	if (nenv && atoi(nenv) >= 1)
		nbuffers = atoi(nenv);
	snprintf(dir, sizeof(dir), "%s/dram/buffers", argv[1]);
	if (make("first"))
		return 2;
	path_of(first, sizeof(first), "first", "size");
	paths[0] = first;
	if (measure(paths, 1, samples, &one))
		goto out;
	for (; made < nbuffers; made++) {
		snprintf(name, sizeof(name), "b%d", made);
		if (make(name))
			goto out;
	}
	path_of(newest, sizeof(newest), name, "size");
	paths[0] = newest;
	paths[1] = first;
	if (measure(paths, 2, samples, many))
		goto out;
	remove_many(made);
	made = 0;
	paths[0] = first;
	if (measure(paths, 1, samples, &one_after))
		goto out;
	printf("stat of a buffer's size, median of %d calls each:\n", samples);
	printf("  1 buffer:                  %8.1f us, after the %d went: %.1f us\n", one,
	       nbuffers, one_after);
	if (one_after < one)
		one = one_after;
	worst = many[0] > many[1] ? many[0] : many[1];
	printf("  %d buffers, the newest: %8.1f us  (%.2fx)\n", nbuffers + 1, many[0],
	       many[0] / one);
	printf("  %d buffers, the first:  %8.1f us  (%.2fx)\n", nbuffers + 1, many[1],
	       many[1] / one);
	printf("worst ratio %.2fx, target <= %.1fx: %s\n", worst / one, TARGET,
	       bench_mark(worst / one <= TARGET, "MISS"));
	status = worst / one <= TARGET || bench_quick() ? 0 : 1;
out:
	remove_many(made);
	path_of(first, sizeof(first), "first", NULL);
	rmdir(first);
	return status;
}
