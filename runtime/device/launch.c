/* SPDX-License-Identifier: Apache-2.0
 *
 * Slow-dispatch launch on one core, the host's side of the mailbox
 * protocol (reference/blackhole-abi.md §5.7):
 *   go = RESET_READ_PTR_FROM_HOST, go index 0, launch[0] = the message;
 *   (the caller writes the kernel-config buffer)
 *   go = GO; then poll go until the firmware writes DONE.
 * Each step holds the chip shared (device_state.c), so no reset runs under it.
 */
#include "runtime_internal.h"
#include "debug/pc_source.h"
#include "tt/l1_map.h"   /* RUN_MSG_* values: the same in every tt-metal version */

#include <errno.h>
#include <stddef.h>

/* The go message, its signal byte last and on its own: the firmware polls
 * that byte, and a one-byte store of it publishes what was written before
 * (the launch message, the kernel-config buffer) to the RISC that sees it. */
static int write_signal(struct ttrt_device *dev, struct ttrt_xy core, uint8_t signal)
{
	const struct ttrt_abi *abi = &dev->abi;
	static const uint8_t zeros[TTRT_ABI_MAX_LAUNCH_MSG];
	uint32_t go = ttrt_abi_go_addr(abi, 0), after = abi->go_signal + 1u;
	int rc = 0;

	if (abi->go_msg_size > sizeof(zeros) || abi->go_signal >= abi->go_msg_size)
		return -EINVAL;
	/* The other bytes (dispatch offset, master x/y) are unused in slow
	 * dispatch: zero them, then the signal on its own. */
	if (abi->go_signal > 0)
		rc = ttrt_l1_write(dev, core, go, zeros, abi->go_signal);
	if (rc == 0 && after < abi->go_msg_size)
		rc = ttrt_l1_write(dev, core, go + after, zeros, abi->go_msg_size - after);
	return rc ? rc : ttrt_l1_write(dev, core, go + abi->go_signal, &signal, 1);
}

static int prepare_locked(struct ttrt_device *dev, struct ttrt_xy core,
			  const struct ttrt_launch *msg)
{
	const struct ttrt_abi *abi = &dev->abi;
	uint8_t bytes[TTRT_ABI_MAX_LAUNCH_MSG];
	uint32_t zero = 0;
	int rc;

	if (dev->launch_problem[0])
		return -EIO;   /* never a launch with offsets that may be wrong */
	/* The code the core ran is about to be replaced; a program's launch
	 * says what it places after this (ttrt_code_set). */
	ttrt_code_forget(dev, core);
	rc = ttrt_abi_encode_launch(abi, msg, bytes, sizeof(bytes));
	if (rc == 0)
		rc = write_signal(dev, core, TT_RUN_MSG_RESET_READ_PTR_FROM_HOST);
	if (rc == 0)
		rc = ttrt_l1_write(dev, core, ttrt_abi_mbox_addr(abi, abi->mbox_go_message_index),
				   &zero, sizeof(zero));
	if (rc == 0)
		rc = ttrt_l1_write(dev, core, ttrt_abi_launch_addr(abi, 0), bytes,
				   abi->launch_msg_size);
	return rc;
}

int ttrt_launch_prepare_locked(struct ttrt_device *dev, struct ttrt_xy core,
			       const struct ttrt_launch *msg)
{
	return prepare_locked(dev, core, msg);
}

int ttrt_launch_go_locked(struct ttrt_device *dev, struct ttrt_xy core)
{
	return write_signal(dev, core, TT_RUN_MSG_GO);
}

/* One step of a launch with the chip held shared, so a reset waits for it:
 * the launch message when msg is given, else the go signal. */
static int launch_step(struct ttrt_device *dev, struct ttrt_xy core,
		       const struct ttrt_launch *msg)
{
	struct ttrt_op op;
	int rc;

	ttrt_op_start(&op, dev, 0, NULL);
	rc = ttrt_chip_lock_launch(dev, &op);
	if (rc)
		return rc;
	rc = msg ? prepare_locked(dev, core, msg) : write_signal(dev, core, TT_RUN_MSG_GO);
	ttrt_chip_unlock(dev);
	return rc;
}

int ttrt_launch_prepare(struct ttrt_device *dev, struct ttrt_xy core,
			const struct ttrt_launch *msg)
{
	return msg ? launch_step(dev, core, msg) : -EINVAL;
}

int ttrt_launch_go(struct ttrt_device *dev, struct ttrt_xy core)
{
	return launch_step(dev, core, NULL);
}

/* One deadline for taking the chip and for the kernel to finish. */
int ttrt_launch_wait(struct ttrt_device *dev, struct ttrt_xy core, uint32_t timeout_ms,
		     const struct ttrt_wait *wait)
{
	struct ttrt_op op;
	int rc;

	ttrt_op_start(&op, dev, timeout_ms, wait);
	rc = ttrt_chip_lock_launch(dev, &op);
	if (rc)
		return rc;
	rc = ttrt_poll_done(dev, core, &op);
	ttrt_chip_unlock(dev);
	return rc;
}

int ttrt_launch_read_current(struct ttrt_device *dev, struct ttrt_xy core, uint32_t *rd_ptr,
			     uint8_t *bytes)
{
	const struct ttrt_abi *abi = &dev->abi;
	int rc;

	if (ttrt_abi_check(abi, NULL, 0))
		return -EIO;
	rc = ttrt_l1_read(dev, core, ttrt_abi_mbox_addr(abi, abi->mbox_launch_rd_ptr), rd_ptr, 4);
	if (rc)
		return rc;
	*rd_ptr &= abi->launch_ring_entries - 1;
	return ttrt_l1_read(dev, core, ttrt_abi_launch_addr(abi, *rd_ptr), bytes,
			    abi->launch_msg_size);
}
