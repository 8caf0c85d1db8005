/* SPDX-License-Identifier: Apache-2.0
 *
 * A tiny check macro for the unit tests: a failed check prints where and
 * what, the test goes on, and check_exit() makes the exit status nonzero.
 */
#ifndef TTFS_UNIT_CHECK_H
#define TTFS_UNIT_CHECK_H

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static int check_failures;
static int check_count;

#define CHECK(cond, ...)                                                        \
	do {                                                                    \
		check_count++;                                                  \
		if (!(cond)) {                                                  \
			check_failures++;                                       \
			fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__,  \
				__LINE__, #cond);                               \
			fprintf(stderr, "" __VA_ARGS__);                        \
			fputc('\n', stderr);                                    \
		}                                                               \
	} while (0)

/* Equality of two integers, printing both on failure. */
#define CHECK_EQ(a, b)                                                          \
	do {                                                                    \
		long long check_a_ = (long long)(a), check_b_ = (long long)(b); \
		CHECK(check_a_ == check_b_, "%s = %lld, %s = %lld", #a,         \
		      check_a_, #b, check_b_);                                  \
	} while (0)

/* A fatal precondition: stop the test program here. cond is evaluated once. */
#define REQUIRE(cond, ...)                                                      \
	do {                                                                    \
		int require_ok_ = !!(cond);                                     \
		CHECK(require_ok_, __VA_ARGS__);                                \
		if (!require_ok_) {                                             \
			fprintf(stderr, "(fatal: %s)\n", #cond);               \
			exit(1);                                                \
		}                                                               \
	} while (0)

/* A test that checked nothing proves nothing: it fails too. */
static inline int check_exit(const char *name)
{
	if (check_count == 0) {
		fprintf(stderr, "%s: no check ran\n", name);
		return 1;
	}
	if (check_failures) {
		fprintf(stderr, "%s: %d of %d checks failed\n", name, check_failures, check_count);
		return 1;
	}
	printf("%s: all %d checks passed\n", name, check_count);
	return 0;
}

#endif
