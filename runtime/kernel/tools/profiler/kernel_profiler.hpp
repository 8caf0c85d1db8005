// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's device profiler macros, recording for real: a zone's start
// and end, timestamped data and events go to this RISC's profiler buffer
// in L1 (tt/profiler_abi.h) with the RISC's retired instruction count
// (instret) and the core's clock (the time CSR: instructions retired by the
// core's five RISCs), and the host shows them after the run in
// programs/<name>/profile, in the columns of tt-metal's device profiler log.
//
//   DeviceZoneScopedN("NAME");            // start here, end at the scope's end
//   DeviceTimestampedData("NAME", u64);   // a value with a timestamp
//   DeviceRecordEvent(u16 id);            // an event without a name
//
// Both data-movement and compute kernels get it without an include (the
// dataflow API and the compute prelude include it, as tt-metal's do).
// NAME must be a string literal: the record keeps the address of
// "NAME,FILE,LINE" in the kernel's image, which the host reads after the
// run (tt-metal gets the same text from the build's #pragma message).
// A zone starts only if the buffer has room for its end and for the ends
// of the zones still open, so every recorded start has its end; what does
// not fit is counted as dropped. -DTTFS_PROFILER_DISABLED compiles every
// macro to nothing.
#pragma once

#include "ttfs/kernel_base.h"
#include "tt/profiler_abi.h"

#if !defined(TTFS_PROFILER_DISABLED)

namespace ttfs {
namespace profiler {

FORCE_INLINE uint32_t instret()
{
	uint32_t v;
	asm volatile("rdinstret %0" : "=r"(v));
	return v;
}

FORCE_INLINE uint32_t clock()
{
	uint32_t v;
	asm volatile("rdtime %0" : "=r"(v));
	return v;
}

// The header's high halves, as of the low halves read at the mark: a low
// half that wrapped since then belongs to the previous high half.
inline void begin(volatile tt_profiler_buf *b, uint32_t ins_lo, uint32_t clk_lo)
{
	uint32_t ins_hi, clk_hi, ins_now, clk_now;

	asm volatile("rdinstreth %0\n\trdinstret %1\n\trdtimeh %2\n\trdtime %3"
		     : "=r"(ins_hi), "=r"(ins_now), "=r"(clk_hi), "=r"(clk_now));
	b->count = 0;
	b->dropped = 0;
	b->reserved[0] = 0;   // zones open
	b->instret_hi = ins_hi - (ins_now < ins_lo ? 1u : 0u);
	b->clock_hi = clk_hi - (clk_now < clk_lo ? 1u : 0u);
	b->magic = TT_PROFILER_MAGIC;
}

// Appends `slots` records, the first {info, where, instret, clock}, the
// second (TS_DATA's) {DATA, 0, data low, data high}, keeping room for the
// ends of the open zones. False if they did not fit.
__attribute__((noinline)) inline bool record(uint32_t info, const char *where, uint32_t ins,
					     uint32_t clk, uint32_t slots = 1, uint64_t data = 0)
{
	volatile tt_profiler_buf *b = reinterpret_cast<volatile tt_profiler_buf *>(
		static_cast<uintptr_t>(TT_PROFILER_BUF(fw()->hart_id)));
	uint32_t type = info & 0xFFu;
	uint32_t n, open;

	if (b->magic != TT_PROFILER_MAGIC)
		begin(b, ins, clk);
	n = b->count;
	open = b->reserved[0];
	if (type == TT_PROFILER_ZONE_END) {
		open--;   // its room was kept at its start
	} else if (n + slots + open + (type == TT_PROFILER_ZONE_START) > TT_PROFILER_RECORDS) {
		b->dropped = b->dropped + slots;
		return false;
	} else if (type == TT_PROFILER_ZONE_START) {
		open++;
	}
	b->rec[n].info = info;
	b->rec[n].where = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(where));
	b->rec[n].instret = ins;
	b->rec[n].clock = clk;
	if (slots == 2) {
		b->rec[n + 1].info = TT_PROFILER_DATA;
		b->rec[n + 1].where = 0;
		b->rec[n + 1].instret = static_cast<uint32_t>(data);
		b->rec[n + 1].clock = static_cast<uint32_t>(data >> 32);
	}
	b->reserved[0] = open;
	b->count = n + slots;
	return true;
}

// DeviceZoneScopedN: the start now, the end when the scope ends.
class Zone {
public:
	FORCE_INLINE explicit Zone(const char *where) : where_(where)
	{
		uint32_t ins = instret(), clk = clock();

		started_ = record(TT_PROFILER_ZONE_START, where, ins, clk);
	}
	FORCE_INLINE ~Zone()
	{
		uint32_t ins = instret(), clk = clock();

		if (started_)
			record(TT_PROFILER_ZONE_END, where_, ins, clk);
	}
	Zone(const Zone &) = delete;
	Zone &operator=(const Zone &) = delete;

private:
	const char *where_;
	bool started_;
};

FORCE_INLINE void timestamped_data(const char *where, uint64_t value)
{
	uint32_t ins = instret(), clk = clock();

	record(TT_PROFILER_TS_DATA, where, ins, clk, 2, value);
}

FORCE_INLINE void event(uint16_t id)
{
	uint32_t ins = instret(), clk = clock();

	record(TT_PROFILER_TS_EVENT | static_cast<uint32_t>(id) << 16, nullptr, ins, clk);
}

}  // namespace profiler
}  // namespace ttfs

#define TTFS_PROFILER_STR2(x) #x
#define TTFS_PROFILER_STR(x) TTFS_PROFILER_STR2(x)
#define TTFS_PROFILER_CAT2(a, b) a##b
#define TTFS_PROFILER_CAT(a, b) TTFS_PROFILER_CAT2(a, b)
#define TTFS_PROFILER_WHERE(name) name "," __FILE__ "," TTFS_PROFILER_STR(__LINE__)

#define DeviceZoneScopedN(name) \
	::ttfs::profiler::Zone TTFS_PROFILER_CAT(ttfs_profiler_zone_, __LINE__)(TTFS_PROFILER_WHERE(name))
#define DeviceTimestampedData(name, value) \
	::ttfs::profiler::timestamped_data(TTFS_PROFILER_WHERE(name), static_cast<uint64_t>(value))
#define DeviceRecordEvent(event_id) ::ttfs::profiler::event(static_cast<uint16_t>(event_id));
// tt-metal's firmware zones (BRISC-KERNEL ...): here ordinary zones.
#define DeviceZoneScopedMainN(name) DeviceZoneScopedN(name)
#define DeviceZoneScopedMainChildN(name) DeviceZoneScopedN(name)

#else

#define DeviceZoneScopedN(name)
#define DeviceTimestampedData(name, data)
#define DeviceRecordEvent(event_id)
#define DeviceZoneScopedMainN(name)
#define DeviceZoneScopedMainChildN(name)

#endif

// What tt-metal records only with profiler options ttfs does not have
// (sums, trace replay), or does in its firmware: nothing here.
#define DeviceZoneScopedSumN1(name)
#define DeviceZoneScopedSumN2(name)
#define DeviceValidateProfiler(condition)
#define DeviceZoneSetCounter(counter)
#define DeviceProfilerInit()
#define DeviceTraceOnlyProfilerInit()
#define DeviceIncrementTraceCount()
