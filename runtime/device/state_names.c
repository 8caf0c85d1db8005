/* SPDX-License-Identifier: Apache-2.0
 *
 * The names of the states the device reports: a RISC's state and the go
 * signal in a core's mailbox. The boot's errors, a program's status, hang
 * diagnosis and the text views (render/) all name them, so they live with
 * the device rather than with one view.
 */
#include "tt/l1_map.h"   /* RUN_MSG_*: the same in every version */
#include "ttrt.h"

const char *ttrt_risc_state_name(enum ttrt_risc_state s)
{
	switch (s) {
	case TTRT_RISC_RESET: return "reset";
	case TTRT_RISC_IDLE: return "idle";
	case TTRT_RISC_RUNNING: return "running";
	case TTRT_RISC_WAITING: return "waiting";
	case TTRT_RISC_FAULT: return "fault";
	case TTRT_RISC_UNKNOWN: break;
	}
	return "unknown";
}

const char *ttrt_go_signal_name(uint8_t signal)
{
	switch (signal) {
	case TT_RUN_MSG_DONE: return "done";
	case TT_RUN_MSG_INIT: return "init";
	case TT_RUN_MSG_GO: return "go";
	case TT_RUN_MSG_RESET_READ_PTR: return "reset_read_ptr";
	case TT_RUN_MSG_RESET_READ_PTR_FROM_HOST: return "reset_read_ptr_from_host";
	case TT_RUN_MSG_REPLAY_TRACE: return "replay_trace";
	default: return NULL;
	}
}
