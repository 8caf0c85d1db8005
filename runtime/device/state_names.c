/* SPDX-License-Identifier: Apache-2.0
 *
 * The names of the states the device reports: a RISC's state. The boot's
 * errors, a program's status, hang diagnosis and the text views (render/)
 * all name them, so they live with the device rather than with one view.
 */
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
