/* SPDX-License-Identifier: Apache-2.0
 *
 * Where the device profiler's records go: one buffer per RISC in the
 * mailbox area of L1, past the DPRINT rings and the ASSERT/WAYPOINT
 * block (tt/debug_abi.h), shared between the kernel
 * SDK (runtime/kernel/tools/profiler/kernel_profiler.hpp), which writes
 * it, and the host, which reads it after each run of a program for
 * programs/<name>/profile (runtime/device/profiler.c).
 *
 * The host clears `magic` of every RISC of a core before it launches a
 * program there; a kernel's first record finds the wrong magic and sets
 * the header up, so a RISC that recorded nothing keeps no stale records.
 * Records are appended in the order they are made; when the buffer is
 * full, further records are counted in `dropped` and lost (tt-metal drops
 * them too). A record holds the low 32 bits of the RISC's retired
 * instruction count (instret) and of the core's clock (the time CSR):
 * the header has the high halves as of the first record, and each value
 * only grows, so the host extends the rest.
 */
#ifndef TT_PROFILER_ABI_H
#define TT_PROFILER_ABI_H

#include "debug_abi.h"

#define TT_PROFILER_BASE      (TT_DEBUG_BASE + (uint32_t)sizeof(struct tt_debug_msg))   /* 0x1870 */
#define TT_PROFILER_BUF_SIZE  1312u     /* per RISC, header included */
#define TT_PROFILER_BUF(risc) (TT_PROFILER_BASE + (uint32_t)(risc) * TT_PROFILER_BUF_SIZE)
#define TT_PROFILER_MAGIC     0x464F5250u   /* "PROF" */
#define TT_PROFILER_RECORDS   ((TT_PROFILER_BUF_SIZE - 32u) / 16u)   /* 80 */

/* A record's type, the low 8 bits of `info`; tt-metal's PacketTypes
 * numbers where it has one. */
#define TT_PROFILER_ZONE_START 0u
#define TT_PROFILER_ZONE_END   1u
#define TT_PROFILER_TS_DATA    3u   /* the next record holds the data */
#define TT_PROFILER_TS_EVENT   4u   /* event id in bits 16-31 of info */
#define TT_PROFILER_DATA       15u  /* instret, clock = the data's low, high half */

#pragma pack(push, 4)
struct tt_profiler_record {
	uint32_t info;      /* type | event id << 16 */
	uint32_t where;     /* L1 address of "NAME,FILE,LINE" (0: an event) */
	uint32_t instret;   /* low half */
	uint32_t clock;     /* low half */
};

struct tt_profiler_buf {
	uint32_t magic;
	uint32_t count;        /* records written */
	uint32_t dropped;      /* records that found the buffer full */
	uint32_t instret_hi;   /* high halves at the first record */
	uint32_t clock_hi;
	uint32_t reserved[3];
	struct tt_profiler_record rec[TT_PROFILER_RECORDS];
};
#pragma pack(pop)

TT_STATIC_ASSERT(sizeof(struct tt_profiler_record) == 16, "profiler record size");
TT_STATIC_ASSERT(sizeof(struct tt_profiler_buf) == TT_PROFILER_BUF_SIZE, "profiler buffer size");
TT_STATIC_ASSERT(TT_PROFILER_BASE == 0x1870, "profiler past the debug block");
TT_STATIC_ASSERT(TT_PROFILER_BUF(TT_NUM_PROCESSORS) <= TT_MEM_MAILBOX_BASE + TT_MEM_MAILBOX_SIZE,
		 "profiler buffers fit in the mailbox");

#endif /* TT_PROFILER_ABI_H */
