/* SPDX-License-Identifier: Apache-2.0
 *
 * The chip lock and the waits of whole-chip operations (runtime/
 * device_state.c), through the runtime API on the test-only firmware whose
 * BRISC does not report ready while its L1 word 0x17FFF0 holds "HANG":
 *   - a reset waits for a launch that holds the chip, rather than running
 *     under it;
 *   - an interrupted reset ends with -EINTR promptly, leaves the chip down
 *     (launches get -EIO), and the next reset brings it back.
 */
#include "launch_util.h"
#include "ttrt.h"
#include "tt/l1_map.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#define HANG_ADDR 0x17FFF0u
#define HANG_MAGIC 0x474E4148u   /* "HANG" */

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, ms % 1000 * 1000000L };

	nanosleep(&ts, NULL);
}

struct waiter {
	struct ttrt_device *dev;
	struct ttrt_xy core;
	int rc;
	double end;
	atomic_int started;
};

static void *wait_thread(void *arg)
{
	struct waiter *w = arg;

	atomic_store(&w->started, 1);
	w->rc = ttrt_launch_wait(w->dev, w->core, 1500, NULL);
	w->end = now_s();
	return NULL;
}

/* go = RESET_READ_PTR_FROM_HOST is never answered with DONE (the host
 * writes GO next), so a wait on it holds the chip for its whole timeout. */
static void test_reset_waits_for_a_launch(struct ttrt_device *dev)
{
	struct ttrt_launch msg;
	struct waiter w = { .dev = dev, .core = { 2, 3 }, .rc = 1 };
	char err[512] = "";
	pthread_t t;
	double t0, t1;
	int rc;

	memset(&msg, 0, sizeof(msg));
	CHECK(ttrt_launch_prepare(dev, w.core, &msg) == 0, "prepare");
	atomic_init(&w.started, 0);
	CHECK(pthread_create(&t, NULL, wait_thread, &w) == 0, "thread");
	/* The wait takes the chip at once; a loaded host may be slow to run
	 * the thread at all, so first see it start, then give it the time. */
	while (!atomic_load(&w.started))
		sleep_ms(1);
	sleep_ms(300);
	t0 = now_s();
	rc = ttrt_device_reset(dev, NULL, err, sizeof(err));
	t1 = now_s();
	pthread_join(t, NULL);
	CHECK(rc == 0, "reset: %s", err);
	/* Had the reset run under the launch, its go = DONE would have ended the wait. */
	CHECK(w.rc == -ETIMEDOUT, "the launch's wait ran to its timeout: %d", w.rc);
	CHECK(w.end <= t1, "the reset finished after the launch let go");
	CHECK(t1 - t0 >= 0.3, "the reset waited for the launch (%.3f s)", t1 - t0);
}

struct resetter {
	struct ttrt_device *dev;
	atomic_int stop;
	struct ttrt_wait wait;
	int rc;
	double end;
	char err[512];
};

static int stop_requested(void *arg)
{
	return atomic_load(&((struct resetter *)arg)->stop);
}

static void *reset_thread(void *arg)
{
	struct resetter *r = arg;

	r->rc = ttrt_device_reset(r->dev, &r->wait, r->err, sizeof(r->err));
	r->end = now_s();
	return NULL;
}

static void test_interrupted_reset(struct ttrt_device *dev)
{
	struct ttrt_xy core = { 5, 5 };
	struct resetter r = { .dev = dev, .rc = 1 };
	struct ttrt_launch msg;
	uint32_t word = HANG_MAGIC;
	char err[512] = "";
	pthread_t t;
	double t0;

	memset(&msg, 0, sizeof(msg));
	atomic_init(&r.stop, 0);
	r.wait.interrupted = stop_requested;
	r.wait.arg = &r;
	CHECK(ttrt_l1_write(dev, core, HANG_ADDR, &word, 4) == 0, "hang word");
	CHECK(pthread_create(&t, NULL, reset_thread, &r) == 0, "thread");
	sleep_ms(300);
	t0 = now_s();
	atomic_store(&r.stop, 1);
	pthread_join(t, NULL);
	CHECK(r.rc == -EINTR, "interrupted reset: %d (%s)", r.rc, r.err);
	/* Well before the reset's own 5 s timeout, with room for a loaded host. */
	CHECK(r.end - t0 < 2.0, "it ended %.3f s after the interrupt", r.end - t0);
	CHECK(strstr(r.err, "interrupted") != NULL, "err: '%s'", r.err);
	CHECK(ttrt_launch_prepare(dev, core, &msg) == -EIO, "a launch on a chip that is down");

	word = 0;
	CHECK(ttrt_l1_write(dev, core, HANG_ADDR, &word, 4) == 0, "clear the hang word");
	CHECK(ttrt_device_reset(dev, NULL, err, sizeof(err)) == 0, "the next reset: %s", err);
	CHECK(ttrt_launch_prepare(dev, core, &msg) == 0, "a launch after it");
	CHECK(ttrt_device_reset(dev, NULL, err, sizeof(err)) == 0, "reset: %s", err);
}

int main(int argc, char **argv)
{
	struct ttrt_config cfg;
	struct ttrt_device *dev;
	char err[512] = "";

	if (argc != 2) {
		fprintf(stderr, "usage: %s HANG_FIRMWARE_DIR\n", argv[0]);
		return 2;
	}
	ttrt_config_defaults(&cfg);
	cfg.dram_bank_size = 16u << 20;
	if (ttrt_config_set(&cfg, "firmware_dir", argv[1], err, sizeof(err)) ||
	    ttrt_device_open(&cfg, &dev, err, sizeof(err))) {
		fprintf(stderr, "open: %s\n", err);
		return 1;
	}
	test_reset_waits_for_a_launch(dev);
	test_interrupted_reset(dev);
	ttrt_device_close(dev);
	return check_exit(argv[0]);
}
