/* SPDX-License-Identifier: Apache-2.0
 *
 * The pinned Blackhole (P100A) Tensix L1 map and mailbox ABI.
 *
 * One header for the host runtime (C11) and for our firmware (rv32, C/C++):
 * every address the host writes and the firmware reads comes from here.
 * Values are those of the tt-metal header snapshot that blackhole-py
 * proved on a P100A (tt-metal's dev_mem_map.h and dev_msgs.h of that
 * version); the layouts are checked below with
 * static_assert so a stray edit cannot shift a field silently.
 */
#ifndef TT_L1_MAP_H
#define TT_L1_MAP_H

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
#define TT_STATIC_ASSERT static_assert
#else
#define TT_STATIC_ASSERT _Static_assert
#endif

/* --- L1 map ------------------------------------------------------------ */
#define TT_L1_SIZE                 0x180000u   /* 1,572,864 bytes */
#define TT_MEM_BOOT_CODE_BASE      0x0000u
#define TT_MEM_NOC_ATOMIC_RET_VAL  0x0004u
#define TT_MEM_L1_BARRIER          0x000Cu
#define TT_MEM_L1_INLINE_BASE      0x0020u
#define TT_MEM_MAILBOX_BASE        0x0060u
#define TT_MEM_MAILBOX_SIZE        12768u
#define TT_MEM_ZEROS_BASE          0x3240u
#define TT_MEM_BRISC_FW_BASE       0x3840u
#define TT_MEM_NCRISC_FW_BASE      0x5440u
#define TT_MEM_TRISC0_FW_BASE      0x5A40u
#define TT_MEM_TRISC1_FW_BASE      0x6040u
#define TT_MEM_TRISC2_FW_BASE      0x6640u
#define TT_MEM_BRISC_FW_SIZE       (7u * 1024u)
#define TT_MEM_SUBORDINATE_FW_SIZE 1536u
#define TT_KERNEL_CONFIG_BASE      0x82B0u
#define TT_MEM_BRISC_INIT_SCRATCH  0x82B0u
#define TT_MEM_NCRISC_INIT_SCRATCH 0xA2B0u
#define TT_MEM_TRISC0_INIT_SCRATCH 0xC2B0u
#define TT_MEM_TRISC1_INIT_SCRATCH 0xD2B0u
#define TT_MEM_TRISC2_INIT_SCRATCH 0xE2B0u
#define TT_MEM_BANK_TO_NOC_SCRATCH 0x112B0u
#define TT_MEM_BANK_TO_NOC_SIZE    2048u
#define TT_DATA_BUFFER_SPACE_BASE  0x37000u

/* Core-private memory, seen by every RISC at the same address. */
#define TT_MEM_LOCAL_BASE          0xFFB00000u
#define TT_MEM_BRISC_LOCAL_SIZE    (8u * 1024u)
#define TT_MEM_NCRISC_LOCAL_SIZE   (8u * 1024u)
#define TT_MEM_TRISC_LOCAL_SIZE    (4u * 1024u)

/* Soft reset and start PCs: the RISCs' debug registers, as on silicon. */
#define TT_RISCV_SOFT_RESET_0      0xFFB121B0u
#define TT_SOFT_RESET_BRISC        (1u << 11)
#define TT_SOFT_RESET_TRISC0       (1u << 12)
#define TT_SOFT_RESET_TRISC1       (1u << 13)
#define TT_SOFT_RESET_TRISC2       (1u << 14)
#define TT_SOFT_RESET_NCRISC       (1u << 18)
#define TT_SOFT_RESET_ALL_RISCS    0x47800u
#define TT_SOFT_RESET_BRISC_ONLY   0x47000u   /* BRISC released, others held */
#define TT_DISABLE_RESET           0xFFB12224u
#define TT_TRISC0_RESET_PC         0xFFB12228u
#define TT_TRISC1_RESET_PC         0xFFB1222Cu
#define TT_TRISC2_RESET_PC         0xFFB12230u
#define TT_TRISC_RESET_PC_OVERRIDE 0xFFB12234u
#define TT_NCRISC_RESET_PC         0xFFB12238u
#define TT_NCRISC_RESET_PC_OVERRIDE 0xFFB1223Cu

/* --- mailbox constants -------------------------------------------------- */
#define TT_RUN_MSG_INIT                    0x40u
#define TT_RUN_MSG_GO                      0x80u
#define TT_RUN_MSG_RESET_READ_PTR          0xC0u
#define TT_RUN_MSG_RESET_READ_PTR_FROM_HOST 0xE0u
#define TT_RUN_MSG_REPLAY_TRACE            0xF0u
#define TT_RUN_MSG_DONE                    0x00u

#define TT_RUN_SYNC_MSG_INIT               0x40u
#define TT_RUN_SYNC_MSG_GO                 0x80u
#define TT_RUN_SYNC_MSG_LOAD               0x01u
#define TT_RUN_SYNC_MSG_WAITING_FOR_RESET  0x02u
#define TT_RUN_SYNC_MSG_INIT_SYNC_REGISTERS 0x03u
#define TT_RUN_SYNC_MSG_DONE               0x00u
#define TT_RUN_SYNC_MSG_ALL_INIT           0x40404040u
#define TT_RUN_SYNC_MSG_ALL_GO             0x80808080u

#define TT_DISPATCH_MODE_DEV   0u
#define TT_DISPATCH_MODE_HOST  1u

#define TT_NUM_PROCESSORS          5    /* brisc, ncrisc, trisc0..2 */
#define TT_NUM_CORE_TYPES          3    /* tensix, active eth, idle eth */
#define TT_LAUNCH_RING_ENTRIES     8
#define TT_GO_MESSAGE_ENTRIES      9
#define TT_NUM_CIRCULAR_BUFFERS    32
#define TT_CB_COMPUTE_ADDR_SHIFT   4

/* --- structures (all little-endian, packed as on the device) ------------ */
#pragma pack(push, 1)

struct tt_rta_offset {
	uint16_t rta_offset;
	uint16_t crta_offset;
};

struct tt_launch_msg {              /* kernel_config_msg_t, 96 bytes */
	uint32_t kernel_config_base[TT_NUM_CORE_TYPES];
	uint16_t sem_offset[TT_NUM_CORE_TYPES];
	uint16_t local_cb_offset;
	uint16_t remote_cb_offset;
	struct tt_rta_offset rta_offset[TT_NUM_PROCESSORS];
	uint8_t  mode;
	uint8_t  pad2;
	uint32_t kernel_text_offset[TT_NUM_PROCESSORS];
	uint32_t local_cb_mask;
	uint8_t  brisc_noc_id;
	uint8_t  brisc_noc_mode;
	uint8_t  min_remote_cb_start_index;
	uint8_t  exit_erisc_kernel;
	uint32_t host_assigned_id;
	uint32_t enables;
	uint16_t watcher_kernel_ids[TT_NUM_PROCESSORS];
	uint16_t ncrisc_kernel_size16;
	uint8_t  sub_device_origin_x;
	uint8_t  sub_device_origin_y;
	uint8_t  pad3;
	uint8_t  preload;
};

struct tt_go_msg {
	uint8_t dispatch_message_offset;
	uint8_t master_x;
	uint8_t master_y;
	uint8_t signal;
};

struct tt_subordinate_sync {
	uint8_t dm1;
	uint8_t trisc0;
	uint8_t trisc1;
	uint8_t trisc2;
};

struct tt_ncrisc_halt {
	uint32_t resume_addr;
	uint32_t stack_save;
};

/* The head of mailboxes_t, up to go_message_index. The rest of the
 * MEM_MAILBOX_SIZE region (watcher, dprint, core info, profiler) follows. */
struct tt_mailboxes_head {
	struct tt_ncrisc_halt ncrisc_halt;
	struct tt_subordinate_sync subordinate_sync;
	uint32_t launch_msg_rd_ptr;
	struct tt_launch_msg launch[TT_LAUNCH_RING_ENTRIES];
	struct tt_go_msg go_messages[TT_GO_MESSAGE_ENTRIES];
	uint32_t pad_go;
	uint64_t link_status_check_timestamp;
	uint32_t go_message_index;
};

/* One local circular-buffer config entry in the kernel-config buffer. */
struct tt_local_cb_config {
	uint32_t addr_bytes;
	uint32_t size_bytes;
	uint32_t num_pages;
	uint32_t page_size_bytes;
};

#pragma pack(pop)

TT_STATIC_ASSERT(sizeof(struct tt_launch_msg) == 96, "launch_msg_t is 96 bytes");
TT_STATIC_ASSERT(offsetof(struct tt_launch_msg, sem_offset) == 0x0C, "sem_offset");
TT_STATIC_ASSERT(offsetof(struct tt_launch_msg, local_cb_offset) == 0x12, "local_cb_offset");
TT_STATIC_ASSERT(offsetof(struct tt_launch_msg, remote_cb_offset) == 0x14, "remote_cb_offset");
TT_STATIC_ASSERT(offsetof(struct tt_launch_msg, rta_offset) == 0x16, "rta_offset");
TT_STATIC_ASSERT(offsetof(struct tt_launch_msg, mode) == 0x2A, "mode");
TT_STATIC_ASSERT(offsetof(struct tt_launch_msg, kernel_text_offset) == 0x2C, "kernel_text_offset");
TT_STATIC_ASSERT(offsetof(struct tt_launch_msg, local_cb_mask) == 0x40, "local_cb_mask");
TT_STATIC_ASSERT(offsetof(struct tt_launch_msg, brisc_noc_id) == 0x44, "brisc_noc_id");
TT_STATIC_ASSERT(offsetof(struct tt_launch_msg, min_remote_cb_start_index) == 0x46, "min_remote_cb");
TT_STATIC_ASSERT(offsetof(struct tt_launch_msg, host_assigned_id) == 0x48, "host_assigned_id");
TT_STATIC_ASSERT(offsetof(struct tt_launch_msg, enables) == 0x4C, "enables");
TT_STATIC_ASSERT(offsetof(struct tt_launch_msg, watcher_kernel_ids) == 0x50, "watcher_kernel_ids");
TT_STATIC_ASSERT(offsetof(struct tt_launch_msg, ncrisc_kernel_size16) == 0x5A, "ncrisc_kernel_size16");
TT_STATIC_ASSERT(offsetof(struct tt_launch_msg, preload) == 0x5F, "preload");
TT_STATIC_ASSERT(offsetof(struct tt_mailboxes_head, subordinate_sync) == 0x008, "subordinate_sync");
TT_STATIC_ASSERT(offsetof(struct tt_mailboxes_head, launch_msg_rd_ptr) == 0x00C, "launch_msg_rd_ptr");
TT_STATIC_ASSERT(offsetof(struct tt_mailboxes_head, launch) == 0x010, "launch ring");
TT_STATIC_ASSERT(offsetof(struct tt_mailboxes_head, go_messages) == 0x310, "go_messages");
TT_STATIC_ASSERT(offsetof(struct tt_mailboxes_head, link_status_check_timestamp) == 0x338, "link ts");
TT_STATIC_ASSERT(offsetof(struct tt_mailboxes_head, go_message_index) == 0x340, "go_message_index");
TT_STATIC_ASSERT(sizeof(struct tt_local_cb_config) == 16, "local CB config entry");

/* Absolute L1 addresses the host polls and writes. */
#define TT_MEM_SUBORDINATE_SYNC  (TT_MEM_MAILBOX_BASE + 0x008u)
#define TT_MEM_LAUNCH_RD_PTR     (TT_MEM_MAILBOX_BASE + 0x00Cu)
#define TT_MEM_LAUNCH            (TT_MEM_MAILBOX_BASE + 0x010u)   /* 0x70 */
#define TT_MEM_GO_MSG            (TT_MEM_MAILBOX_BASE + 0x310u)   /* 0x370 */
#define TT_MEM_GO_MSG_SIGNAL     (TT_MEM_GO_MSG + 3u)             /* 0x373 */
#define TT_MEM_GO_MSG_INDEX      (TT_MEM_MAILBOX_BASE + 0x340u)   /* 0x3A0 */

TT_STATIC_ASSERT(TT_MEM_LAUNCH == 0x70, "launch ring at 0x70");
TT_STATIC_ASSERT(TT_MEM_GO_MSG == 0x370, "go messages at 0x370");
TT_STATIC_ASSERT(TT_MEM_GO_MSG_INDEX == 0x3A0, "go index at 0x3A0");
TT_STATIC_ASSERT(TT_MEM_MAILBOX_BASE + TT_MEM_MAILBOX_SIZE == TT_MEM_ZEROS_BASE, "mailbox end");

/* --- bank-to-NOC table at MEM_BANK_TO_NOC_SCRATCH ------------------------ */
#define TT_NUM_DRAM_BANKS   7
#define TT_NUM_L1_BANKS     110
#define TT_NUM_NOCS         2

struct tt_bank_table {
	uint16_t dram_xy[TT_NUM_NOCS][TT_NUM_DRAM_BANKS];
	uint16_t l1_xy[TT_NUM_NOCS][TT_NUM_L1_BANKS];
	int32_t  dram_offset[TT_NUM_DRAM_BANKS];
	int32_t  l1_offset[TT_NUM_L1_BANKS];
};
TT_STATIC_ASSERT(sizeof(struct tt_bank_table) <= TT_MEM_BANK_TO_NOC_SIZE, "bank table fits");
TT_STATIC_ASSERT(offsetof(struct tt_bank_table, dram_offset) == 2 * 2 * (7 + 110), "dram_offset");

#define TT_NOC_XY_ENCODE(x, y) ((uint16_t)(((y) << 6) | (x)))

#endif /* TT_L1_MAP_H */
