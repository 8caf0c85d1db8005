/* SPDX-License-Identifier: Apache-2.0
 *
 * Quick mode of the benchmarks: with TTFS_BENCH_QUICK=1 (the bench_*
 * ctests of tests/bench/CMakeLists.txt) a benchmark runs on tiny samples
 * only to show that it still builds and runs. Its figures then mean
 * nothing, so no target is judged: the mark is "-" instead of PASS or
 * MISS, and a missed target does not change the exit status (a failed
 * setup still does).
 */
#ifndef TTFS_BENCH_QUICK_H
#define TTFS_BENCH_QUICK_H

#include <stdlib.h>
#include <string.h>

static inline int bench_quick(void)
{
	const char *v = getenv("TTFS_BENCH_QUICK");

	return v && *v && strcmp(v, "0") != 0;
}

/* The mark printed next to a target: "-" in quick mode. */
static inline const char *bench_mark(int ok, const char *miss)
{
	return bench_quick() ? "-" : ok ? "PASS" : miss;
}

#endif
