/* SPDX-License-Identifier: Apache-2.0
 *
 * BRISC firmware: the core's dispatcher. It starts the other four RISCs,
 * reports ready, then serves go messages: for GO it runs the launch
 * message on every enabled RISC (itself included) and reports DONE.
 */
#include "fw.h"
#include "tt/tensix.h"

#define SUBORDINATE_RESET_BITS \
	(TT_SOFT_RESET_NCRISC | TT_SOFT_RESET_TRISC0 | TT_SOFT_RESET_TRISC1 | TT_SOFT_RESET_TRISC2)

int main(void);

/* Program the subordinates' start PCs, take them out of reset and wait
 * until each has written DONE to its sync byte. */
static void start_subordinates(void)
{
	L1_U32(TT_MEM_SUBORDINATE_SYNC) = TT_RUN_SYNC_MSG_ALL_INIT;
	REG32(TT_NCRISC_RESET_PC) = TT_MEM_NCRISC_FW_BASE;
	REG32(TT_NCRISC_RESET_PC_OVERRIDE) = 1;
	REG32(TT_TRISC0_RESET_PC) = TT_MEM_TRISC0_FW_BASE;
	REG32(TT_TRISC1_RESET_PC) = TT_MEM_TRISC1_FW_BASE;
	REG32(TT_TRISC2_RESET_PC) = TT_MEM_TRISC2_FW_BASE;
	REG32(TT_TRISC_RESET_PC_OVERRIDE) = 7;
	REG32(TT_RISCV_SOFT_RESET_0) = REG32(TT_RISCV_SOFT_RESET_0) & ~SUBORDINATE_RESET_BITS;
	while (L1_U32(TT_MEM_SUBORDINATE_SYNC) != TT_RUN_SYNC_MSG_DONE)
		;
}

/* CB page counters start from zero for every program. */
static void clear_cb_counters(void)
{
	for (int cb = 0; cb < TT_NUM_CIRCULAR_BUFFERS; cb++) {
		REG32(TT_STREAM_REG_ADDR(cb, TT_STREAM_TILES_ACKED_REG)) = 0;
		REG32(TT_STREAM_REG_ADDR(cb, TT_STREAM_TILES_RECEIVED_REG)) = 0;
	}
}

static void run_launch(void)
{
	uint32_t launch = current_launch();
	uint32_t enables = L1_U32(LAUNCH_FIELD(launch, enables));
	uint32_t waiting = 0;

	clear_cb_counters();
	/* Every compute kernel starts from a clean coprocessor. */
	if (enables & ((1u << HART_TRISC0) | (1u << HART_TRISC1) | (1u << HART_TRISC2)))
		REG32(TT_TX_RESET) = 1;
	for (int hart = HART_NCRISC; hart <= HART_TRISC2; hart++) {
		if (!(enables & (1u << hart)))
			continue;
		waiting |= 0xFFu << (8 * (hart - 1));
		L1_U8(subordinate_sync_byte(hart)) = TT_RUN_SYNC_MSG_GO;
	}
	if (enables & 1u)
		fw_run_kernel(launch, HART_BRISC);
	while (L1_U32(TT_MEM_SUBORDINATE_SYNC) & waiting)
		;
	if (L1_U8(LAUNCH_FIELD(launch, mode)) == TT_DISPATCH_MODE_DEV)
		L1_U32(TT_MEM_LAUNCH_RD_PTR) = (L1_U32(TT_MEM_LAUNCH_RD_PTR) + 1) &
					       (TT_LAUNCH_RING_ENTRIES - 1);
}

static uint32_t go_signal_addr(void)
{
	uint32_t index = L1_U32(TT_MEM_GO_MSG_INDEX);

	if (index >= TT_GO_MESSAGE_ENTRIES)
		index = 0;
	return TT_MEM_GO_MSG + 4u * index + 3u;
}

int main(void)
{
	fw_init(HART_BRISC);
	L1_U32(TT_MEM_LAUNCH_RD_PTR) = 0;
	start_subordinates();
#ifdef FW_TEST_HANG_ADDR
	/* The test-only build (CMakeLists.txt): "HANG" there, never ready. */
	while (L1_U32(FW_TEST_HANG_ADDR) == 0x474E4148u)
		;
#endif
	L1_U8(go_signal_addr()) = TT_RUN_MSG_DONE;

	for (;;) {
		uint32_t sig_addr = go_signal_addr();
		uint8_t signal = L1_U8(sig_addr);

		switch (signal) {
		case TT_RUN_MSG_GO:
			run_launch();
			L1_U8(sig_addr) = TT_RUN_MSG_DONE;
			break;
		case TT_RUN_MSG_RESET_READ_PTR:
		case TT_RUN_MSG_REPLAY_TRACE:
			L1_U32(TT_MEM_LAUNCH_RD_PTR) = 0;
			L1_U8(sig_addr) = TT_RUN_MSG_DONE;
			break;
		case TT_RUN_MSG_RESET_READ_PTR_FROM_HOST:
			/* The host writes the launch message and then GO. */
			L1_U32(TT_MEM_LAUNCH_RD_PTR) = 0;
			break;
		default:
			break;
		}
	}
}
