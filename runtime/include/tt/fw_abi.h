/* SPDX-License-Identifier: Apache-2.0
 *
 * The contract between ttfs's firmware and the kernels it calls.
 *
 * tt-metal kernels bind firmware globals (cb_interface, runtime-arg bases,
 * NOC counters, my_x/my_y) by linking against the firmware ELF. Our
 * firmware instead keeps them in one block at a fixed address at the start
 * of each RISC's private local memory, so the kernel SDK reaches them by
 * address and no kernel is ever linked against a particular firmware
 * build. Every RISC has its own copy: local memory is per RISC.
 */
#ifndef TT_FW_ABI_H
#define TT_FW_ABI_H

#include "l1_map.h"

#define TT_FW_GLOBALS_ADDR  TT_MEM_LOCAL_BASE
#define TT_FW_GLOBALS_SIZE  0x500u
#define TT_FW_MAGIC         0x57465454u   /* "TTFW" */

#define TT_CB_HELD_FIFO     0x8000u
#define TT_CB_HELD_PAGES    0x7FFFu

#pragma pack(push, 4)

/* Per-RISC view of one circular buffer (addresses in bytes on BRISC and
 * NCRISC, in 16-byte units on the TRISCs). */
struct tt_local_cb_interface {
	uint32_t fifo_size;
	uint32_t fifo_limit;
	uint32_t fifo_page_size;
	uint32_t fifo_num_pages;
	uint32_t fifo_rd_ptr;
	uint32_t fifo_wr_ptr;
	uint16_t tiles_acked;
	uint16_t tiles_received;
	uint32_t fifo_wr_tile_ptr;
};

struct tt_fw_globals {
	uint32_t magic;
	uint32_t hart_id;                 /* 0 brisc, 1 ncrisc, 2..4 trisc0..2 */
	uint32_t kernel_config_base;
	uint32_t rta_l1_base;             /* unique runtime args of this RISC */
	uint32_t crta_l1_base;            /* common runtime args */
	uint32_t sem_l1_base;             /* semaphores, 16 bytes apart */
	uint8_t  my_x[TT_NUM_NOCS];       /* own coordinates as each NOC sees them */
	uint8_t  my_y[TT_NUM_NOCS];
	uint32_t launches;                /* kernels this RISC has run since boot */
	/* Software NOC counters of dedicated-NOC mode, one per NOC. */
	uint32_t noc_reads_num_issued[TT_NUM_NOCS];
	uint32_t noc_nonposted_writes_num_issued[TT_NUM_NOCS];
	uint32_t noc_nonposted_writes_acked[TT_NUM_NOCS];
	uint32_t noc_nonposted_atomics_acked[TT_NUM_NOCS];
	uint32_t noc_posted_writes_num_issued[TT_NUM_NOCS];
	/* End of the semaphores (sem_l1_base up to here), for the simulator's
	 * barrier checks: a NOC write into that range signals a semaphore. */
	uint32_t sem_l1_end;
	/* Pages of each CB this RISC holds (the low 15 bits): reserved by
	 * cb_reserve_back and not pushed yet, waited for by cb_wait_front and
	 * not popped yet; TT_CB_HELD_FIFO once it reserved (waited) in this
	 * launch. Zeroed at each launch. The simulator's NOC sanitizer allows
	 * a transfer into a CB the RISC reserves in only within the reserved
	 * pages from fifo_wr_ptr, and one out of a CB it waits on only within
	 * the waited (or reserved) pages from fifo_rd_ptr (fifo_wr_ptr). A CB
	 * used as plain scratch memory, never reserved or waited on, is not
	 * checked. */
	uint16_t cb_reserved_pages[TT_NUM_CIRCULAR_BUFFERS];
	uint16_t cb_waited_pages[TT_NUM_CIRCULAR_BUFFERS];
	uint32_t reserved[13];
	struct tt_local_cb_interface cb_interface[TT_NUM_CIRCULAR_BUFFERS];
};

#pragma pack(pop)

/* On a RISC: this RISC's globals block. */
#define TT_FW_GLOBALS ((volatile struct tt_fw_globals *)(uintptr_t)TT_FW_GLOBALS_ADDR)

TT_STATIC_ASSERT(sizeof(struct tt_local_cb_interface) == 32, "cb interface is 32 bytes");
TT_STATIC_ASSERT(offsetof(struct tt_fw_globals, rta_l1_base) == 12, "rta_l1_base");
TT_STATIC_ASSERT(offsetof(struct tt_fw_globals, my_x) == 24, "my_x");
TT_STATIC_ASSERT(offsetof(struct tt_fw_globals, noc_reads_num_issued) == 32, "noc counters");
TT_STATIC_ASSERT(offsetof(struct tt_fw_globals, cb_reserved_pages) == 76, "cb_reserved_pages");
TT_STATIC_ASSERT(offsetof(struct tt_fw_globals, cb_interface) == 0x100, "cb_interface");
TT_STATIC_ASSERT(sizeof(struct tt_fw_globals) <= TT_FW_GLOBALS_SIZE, "globals fit");

/* --- MMIO the firmware and the kernel API use ------------------------- */

/* NOC NIU: NOC0 at 0xFFB20000, NOC1 at 0xFFB30000; 4 command buffers. */
#define TT_NOC_REGS_BASE(noc)        (0xFFB20000u + ((uint32_t)(noc) << 16))
#define TT_NOC_CMD_BUF(noc, buf)     (TT_NOC_REGS_BASE(noc) + ((uint32_t)(buf) << 11))
#define TT_NOC_TARG_ADDR_LO          0x00u
#define TT_NOC_TARG_ADDR_MID         0x04u
#define TT_NOC_TARG_ADDR_HI          0x08u
#define TT_NOC_RET_ADDR_LO           0x0Cu
#define TT_NOC_RET_ADDR_MID          0x10u
#define TT_NOC_RET_ADDR_HI           0x14u
#define TT_NOC_PACKET_TAG            0x18u
#define TT_NOC_CTRL                  0x1Cu
#define TT_NOC_AT_LEN_BE             0x20u
#define TT_NOC_AT_LEN_BE_1           0x24u
#define TT_NOC_AT_DATA               0x28u
#define TT_NOC_BRCST_EXCLUDE         0x2Cu
#define TT_NOC_CMD_CTRL              0x40u
#define TT_NOC_NODE_ID               0x44u
#define TT_NOC_ENDPOINT_ID           0x48u
#define TT_NOC_CLEAR_OUTSTANDING_REQ 0x60u
#define TT_NOC_CMD_BUF_AVAIL         0x64u
#define TT_NOC_CFG(i)                (0x100u + 4u * (i))
#define TT_NOC_STATUS(i)             (0x200u + 4u * (i))
#define TT_NOC_ID_LOGICAL            0x12u   /* CFG index: translated own x | y << 6 */

/* NOC_CTRL bits */
#define TT_NOC_CMD_AT                (1u << 0)
#define TT_NOC_CMD_WR                (1u << 1)
#define TT_NOC_CMD_WR_BE             (1u << 2)
#define TT_NOC_CMD_WR_INLINE         (1u << 3)
#define TT_NOC_CMD_RESP_MARKED       (1u << 4)
#define TT_NOC_CMD_BRCST_PACKET      (1u << 5)
#define TT_NOC_CMD_VC_LINKED         (1u << 6)
#define TT_NOC_CMD_VC_STATIC         (1u << 7)
#define TT_NOC_CMD_PATH_RESERVE      (1u << 8)
#define TT_NOC_CMD_BRCST_SRC_INCLUDE (1u << 17)

/* Status counters (index into NOC_STATUS). */
#define TT_NIU_MST_ATOMIC_RESP_RECEIVED   0x0u
#define TT_NIU_MST_WR_ACK_RECEIVED        0x1u
#define TT_NIU_MST_RD_RESP_RECEIVED       0x2u
#define TT_NIU_MST_RD_DATA_WORD_RECEIVED  0x3u
#define TT_NIU_MST_CMD_ACCEPTED           0x4u
#define TT_NIU_MST_RD_REQ_SENT            0x5u
#define TT_NIU_MST_NONPOSTED_ATOMIC_SENT  0x6u
#define TT_NIU_MST_POSTED_ATOMIC_SENT     0x7u
#define TT_NIU_MST_NONPOSTED_WR_REQ_SENT  0xAu
#define TT_NIU_MST_POSTED_WR_REQ_SENT     0xBu
#define TT_NIU_MST_REQS_OUTSTANDING_ID(i) (0x10u + (i))
#define TT_NIU_MST_WRITE_REQS_OUTGOING_ID(i) (0x20u + (i))

/* Atomic opcodes in AT_LEN_BE (bits 12..15), wrap width in bits 2..6. */
#define TT_NOC_AT_INS_INCR_GET       1u

/* NOC address encoding: 36 local bits, then x, y (unicast) or a rectangle. */
#define TT_NOC_ADDR_LOCAL_BITS       36
#define TT_NOC_XY_ADDR(x, y, a) \
	((((uint64_t)(y)) << 42) | (((uint64_t)(x)) << 36) | ((uint64_t)(a)))
#define TT_NOC_MULTICAST_ADDR(xs, ys, xe, ye, a)                                  \
	((((uint64_t)(ys)) << 54) | (((uint64_t)(xs)) << 48) | (((uint64_t)(ye)) << 42) | \
	 (((uint64_t)(xe)) << 36) | ((uint64_t)(a)))

/* Not on silicon: the simulator's kernel-end mark. ttfs's firmware writes
 * it when a kernel has returned, and the simulator checks there that the
 * kernel left no NOC read or write outstanding (docs/debugging.md,
 * "Barrier checks"); a RISC's later transfers are the firmware's own. */
#define TT_SIM_KERNEL_DONE           0xFFB12FFCu

/* NOC overlay streams: CB page counters (stream n = CB n). */
#define TT_STREAM_REG_ADDR(s, r)     (0xFFB40000u + (uint32_t)(s) * 0x1000u + (uint32_t)(r) * 4u)
#define TT_STREAM_TILES_ACKED_REG    8u
#define TT_STREAM_TILES_RECEIVED_REG 10u
#define TT_NUM_STREAMS               64

#endif /* TT_FW_ABI_H */
