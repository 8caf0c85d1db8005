/* SPDX-License-Identifier: Apache-2.0
 *
 * The device as a whole: one lock that every operation needing the whole
 * chip takes, and the deadline and interruption of its waits.
 *
 * Boot and reset hold chip_lock exclusive, launches shared, so a reset
 * never runs under a launch and launches on different cores run side by
 * side. The lock prefers writers: a stream of launches cannot starve a
 * reset. Taking the lock is itself a wait, bounded by the operation's
 * deadline and ended by its interruption, so a reset queued behind a hung
 * launch gives up in time.
 *
 * Plain byte access (l1, dram, registers) takes no lock: on silicon the
 * host can read and write memory whatever the cores do, and so can we.
 */
#include "runtime_internal.h"
#include "debug/pc_source.h"
#include "program/build/build_watch.h"
#include "timespec_after.h"
#include "tt/l1_map.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>

/* How often a blocked lock or a poll looks at the interruption. */
#define LOCK_SLICE_MS 10
#define POLL_NAP_NS 50000

static uint64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

int ttrt_chip_state_init(struct ttrt_device *dev)
{
	pthread_rwlockattr_t attr;
	int rc = pthread_rwlockattr_init(&attr);

	if (rc)
		return -rc;
	rc = pthread_rwlockattr_setkind_np(&attr, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
	if (rc == 0)
		rc = pthread_rwlock_init(&dev->chip_lock, &attr);
	pthread_rwlockattr_destroy(&attr);
	dev->chip_ready = 0;
	if (rc)
		return -rc;
	rc = pthread_mutex_init(&dev->programs_lock, NULL);
	if (rc) {
		pthread_rwlock_destroy(&dev->chip_lock);
		return -rc;
	}
	rc = pthread_mutex_init(&dev->program_threads_lock, NULL);
	if (rc)
		goto fail_programs;
	rc = pthread_cond_init(&dev->program_threads_done, NULL);
	if (rc)
		goto fail_threads;
	rc = pthread_mutex_init(&dev->program_list_lock, NULL);
	if (rc)
		goto fail_done;
	dev->program_list = NULL;
	rc = -ttrt_code_table_create(&dev->code);
	if (rc)
		goto fail_list;
	return 0;

fail_list:
	pthread_mutex_destroy(&dev->program_list_lock);
fail_done:
	pthread_cond_destroy(&dev->program_threads_done);
fail_threads:
	pthread_mutex_destroy(&dev->program_threads_lock);
fail_programs:
	pthread_mutex_destroy(&dev->programs_lock);
	pthread_rwlock_destroy(&dev->chip_lock);
	return -rc;
}

void ttrt_chip_state_destroy(struct ttrt_device *dev)
{
	ttrt_code_table_destroy(dev->code);
	dev->code = NULL;
	pthread_mutex_destroy(&dev->program_list_lock);
	pthread_cond_destroy(&dev->program_threads_done);
	pthread_mutex_destroy(&dev->program_threads_lock);
	pthread_mutex_destroy(&dev->programs_lock);
	free(dev->build_env);
	if (dev->build_watch)
		build_watch_destroy(dev->build_watch);
	free(dev->build_watch);
	free(dev->core_kernels);
	pthread_rwlock_destroy(&dev->chip_lock);
}

void ttrt_op_start(struct ttrt_op *op, const struct ttrt_device *dev, uint32_t timeout_ms,
		   const struct ttrt_wait *wait)
{
	op->timeout_ms = timeout_ms ? timeout_ms : dev->cfg.timeout_ms;
	op->deadline_us = now_us() + (uint64_t)op->timeout_ms * 1000u;
	op->wait = wait;
}

int ttrt_op_check(const struct ttrt_op *op)
{
	if (op->wait && op->wait->interrupted && op->wait->interrupted(op->wait->arg))
		return -EINTR;
	return now_us() > op->deadline_us ? -ETIMEDOUT : 0;
}

/* A CLOCK_REALTIME instant LOCK_SLICE_MS from now, as the timed rwlock
 * calls want; the operation's own deadline stays on CLOCK_MONOTONIC. */
static struct timespec slice_end(void)
{
	return timespec_after(CLOCK_REALTIME, LOCK_SLICE_MS * 1000000ull);
}

int ttrt_chip_lock(struct ttrt_device *dev, int exclusive, const struct ttrt_op *op)
{
	for (;;) {
		struct timespec until = slice_end();
		int rc = exclusive ? pthread_rwlock_timedwrlock(&dev->chip_lock, &until)
				   : pthread_rwlock_timedrdlock(&dev->chip_lock, &until);

		if (rc == 0)
			return 0;
		if (rc != ETIMEDOUT)
			return -rc;
		rc = ttrt_op_check(op);
		if (rc)
			return rc;
	}
}

void ttrt_chip_unlock(struct ttrt_device *dev)
{
	pthread_rwlock_unlock(&dev->chip_lock);
}

int ttrt_poll_done(struct ttrt_device *dev, struct ttrt_xy core, const struct ttrt_op *op)
{
	struct timespec nap = { 0, POLL_NAP_NS };
	uint8_t signal;

	for (;;) {
		int rc = ttrt_l1_read(dev, core, ttrt_abi_go_signal_addr(&dev->abi, 0), &signal, 1);

		if (rc)
			return rc;
		if (signal == TT_RUN_MSG_DONE)
			return 0;
		rc = ttrt_op_check(op);
		if (rc)
			return rc;
		nanosleep(&nap, NULL);
	}
}

/* The start of either reset: the programs stopped, the chip taken alone
 * within op's deadline. */
static int reset_take_chip(struct ttrt_device *dev, const struct ttrt_wait *wait,
			   struct ttrt_op *op, char *err, size_t errlen)
{
	int rc;

	ttrt_op_start(op, dev, 0, wait);
	ttrt_programs_stop_all(dev);
	rc = ttrt_chip_lock(dev, 1, op);
	if (rc == -EINTR)
		ttrt_set_err(err, errlen, "interrupted while waiting for the chip");
	else if (rc)
		ttrt_set_err(err, errlen, "the chip stayed busy for %u ms (a launch holds it)",
			     op->timeout_ms);
	return rc;
}

/* The end of either reset: the chip given back, with no kernel and no
 * code known on any core. */
static void reset_give_chip(struct ttrt_device *dev)
{
	ttrt_chip_unlock(dev);
	ttrt_core_kernels_clear(dev);
	ttrt_code_forget_all(dev);
}

/* Boot and reset: the chip alone, one deadline for lock, upload and wait.
 * A boot that fails or is interrupted leaves the chip down: launches are
 * refused until a reset succeeds. The next reset stops every core before
 * loading any, so it starts clean whatever state this one left. */
int ttrt_device_reset(struct ttrt_device *dev, const struct ttrt_wait *wait, char *err,
		      size_t errlen)
{
	struct ttrt_op op;
	int rc;

	if (dev->launch_problem[0]) {
		ttrt_set_err(err, errlen, "%s", dev->launch_problem);
		return -EIO;
	}
	rc = reset_take_chip(dev, wait, &op, err, errlen);
	if (rc)
		return rc;
	rc = ttrt_device_boot(dev, &op, err, errlen);
	dev->chip_ready = rc == 0;
	reset_give_chip(dev);
	return rc;
}

int ttrt_device_reset_chip(struct ttrt_device *dev, const struct ttrt_wait *wait, char *err,
			   size_t errlen)
{
	const struct ttrt_backend_ops *ops = dev->backend->ops;
	struct ttrt_op op;
	int rc;

	if (!ops->chip_reset) {
		ttrt_set_err(err, errlen, "the %s backend has no ASIC to reset; "
			     "`echo 1 > device/reset` reloads the firmware", dev->backend_desc);
		return -EOPNOTSUPP;
	}
	rc = reset_take_chip(dev, wait, &op, err, errlen);
	if (rc)
		return rc;
	/* The ASIC reset has its own bound (the driver's seconds); the
	 * firmware upload after it gets a fresh deadline. */
	rc = ops->chip_reset(dev->backend, dev->cfg.timeout_ms, err, errlen);
	/* As at open: a device that cannot launch gets memory access only. */
	if (rc == 0 && !dev->launch_problem[0]) {
		ttrt_op_start(&op, dev, 0, wait);
		rc = ttrt_device_boot(dev, &op, err, errlen);
	}
	dev->chip_ready = rc == 0 && !dev->launch_problem[0];
	reset_give_chip(dev);
	return rc;
}

int ttrt_chip_lock_launch(struct ttrt_device *dev, const struct ttrt_op *op)
{
	int rc = ttrt_chip_lock(dev, 0, op);

	if (rc == 0 && !dev->chip_ready) {
		ttrt_chip_unlock(dev);
		rc = -EIO;
	}
	return rc;
}
