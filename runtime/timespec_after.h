/* SPDX-License-Identifier: Apache-2.0
 *
 * The absolute time `ns` from now on `clock`, for pthread's timed waits
 * (cond_timedwait, rwlock_timed*lock), which take an instant, not a span.
 */
#ifndef TTRT_TIMESPEC_AFTER_H
#define TTRT_TIMESPEC_AFTER_H

#include <stdint.h>
#include <time.h>

static inline struct timespec timespec_after(clockid_t clock, uint64_t ns)
{
	struct timespec t;

	clock_gettime(clock, &t);
	t.tv_sec += (time_t)(ns / 1000000000u);
	t.tv_nsec += (long)(ns % 1000000000u);
	if (t.tv_nsec >= 1000000000L) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000L;
	}
	return t;
}

#endif
