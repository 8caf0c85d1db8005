// SPDX-License-Identifier: Apache-2.0
//
// DPRINT << ... << ENDL() for kernels, with tt-metal's manipulators
// (ENDL, HEX, DEC, OCT, SETW, SETPRECISION, FIXED, DEFAULTFLOAT, F32, BF16,
// U32...). Unlike tt-metal, which ships typed tokens to a host-side
// formatter, the kernel formats text itself and appends it to its RISC's
// ring in L1 (tt/dprint_abi.h), which the host reads for
// cores/<x>,<y>/dprint. Printing never blocks.
//
// Always compiled in; a build that defines TTFS_DPRINT_DISABLED turns every
// DPRINT into nothing.
#pragma once

#include <stdint.h>
#include "ttfs/kernel_base.h"
#include "tt/dprint_abi.h"

struct ENDL {};
struct HEX {};
struct DEC {};
struct OCT {};
struct FIXED {};
struct DEFAULTFLOAT {};
struct SETW {
	explicit constexpr SETW(uint32_t w) : w(w) {}
	uint32_t w;
};
struct SETPRECISION {
	explicit constexpr SETPRECISION(uint32_t p) : p(p) {}
	uint32_t p;
};
struct F32 {
	explicit constexpr F32(float v) : v(v) {}
	float v;
};
struct BF16 {
	explicit constexpr BF16(uint16_t v) : v(v) {}
	uint16_t v;
};
struct U32 {
	explicit constexpr U32(uint32_t v) : v(v) {}
	uint32_t v;
};
struct I32 {
	explicit constexpr I32(int32_t v) : v(v) {}
	int32_t v;
};

namespace ttfs {

class DebugPrinter {
public:
	DebugPrinter()
	{
		ring_ = reinterpret_cast<volatile tt_dprint_ring *>(
			static_cast<uintptr_t>(TT_DPRINT_RING(fw()->hart_id)));
		if (ring_->magic != TT_DPRINT_MAGIC || ring_->size != TT_DPRINT_DATA_SIZE) {
			ring_->wpos = 0;
			ring_->rpos = 0;
			ring_->size = TT_DPRINT_DATA_SIZE;
			ring_->magic = TT_DPRINT_MAGIC;
		}
	}

	void put(char c)
	{
		uint32_t w = ring_->wpos;
		ring_->data[w % TT_DPRINT_DATA_SIZE] = static_cast<uint8_t>(c);
		ring_->wpos = w + 1;
	}

	void puts(const char *s)
	{
		while (*s)
			put(*s++);
	}

	// Digits of v in the current base, right-aligned to the width.
	void unsigned_num(uint64_t v, bool negative = false)
	{
		char buf[24];
		int n = 0;
		uint32_t base = base_;

		do {
			uint32_t d;
			if (v <= 0xFFFFFFFFu) {   // 32-bit division: no libgcc call
				d = static_cast<uint32_t>(v) % base;
				v = static_cast<uint32_t>(v) / base;
			} else {
				d = static_cast<uint32_t>(v % base);
				v /= base;
			}
			buf[n++] = static_cast<char>(d < 10 ? '0' + d : 'a' + d - 10);
		} while (v);
		if (base == 16) {
			buf[n++] = 'x';
			buf[n++] = '0';
		}
		if (negative)
			buf[n++] = '-';
		pad(static_cast<uint32_t>(n));
		while (n)
			put(buf[--n]);
	}

	void signed_num(int64_t v)
	{
		if (v < 0 && base_ == 10)
			unsigned_num(0 - static_cast<uint64_t>(v), true);
		else
			unsigned_num(static_cast<uint64_t>(v));
	}

	void float_num(float f);

	uint32_t base_ = 10;
	uint32_t width_ = 0;
	uint32_t precision_ = 6;
	bool fixed_ = false;

private:
	void pad(uint32_t len)
	{
		for (; width_ > len; width_--)
			put(' ');
		width_ = 0;   // like std::setw, for the next item only
	}

	void digits(uint32_t v, int count)
	{
		char buf[10];
		for (int i = count - 1; i >= 0; i--, v /= 10)
			buf[i] = static_cast<char>('0' + v % 10);
		for (int i = 0; i < count; i++)
			put(buf[i]);
	}

	volatile tt_dprint_ring *ring_;
};

// %g with precision_ significant digits, or %f with precision_ decimals
// after FIXED(). Debug output: correct to the last digit or so, not
// correctly rounded.
inline void DebugPrinter::float_num(float f)
{
	uint32_t bits;
	__builtin_memcpy(&bits, &f, 4);
	if ((bits & 0x7F800000u) == 0x7F800000u) {
		pad(3);
		puts((bits & 0x007FFFFFu) ? "nan" : (bits >> 31) ? "-inf" : "inf");
		return;
	}
	pad(0);
	if (bits >> 31)
		put('-');
	// Single precision throughout: rv32im has no FPU, and double soft-float
	// would triple the size of a kernel that prints a float.
	float x = f < 0 ? -f : f;
	uint32_t p = precision_ > 9 ? 9 : precision_;
	if (fixed_) {
		float scale = 1;
		for (uint32_t i = 0; i < p; i++)
			scale *= 10;
		if (x * scale < 4.0e9f) {
			uint32_t all = static_cast<uint32_t>(x * scale + 0.5f);
			uint32_t unit = static_cast<uint32_t>(scale);
			uint32_t saved = base_;
			base_ = 10;
			unsigned_num(all / unit);
			base_ = saved;
			if (p) {
				put('.');
				digits(all % unit, static_cast<int>(p));
			}
			return;
		}
	}
	if (x == 0) {
		put('0');
		return;
	}
	if (p == 0)
		p = 1;
	int e = 0;
	while (x >= 10) {
		x /= 10;
		e++;
	}
	while (x < 1) {
		x *= 10;
		e--;
	}
	uint32_t top = 1;
	for (uint32_t i = 1; i < p; i++)
		top *= 10;
	uint32_t d = static_cast<uint32_t>(x * static_cast<float>(top) + 0.5f);   // p significant digits
	if (d >= top * 10) {
		d /= 10;
		e++;
	}
	int nd = static_cast<int>(p);
	while (nd > 1 && d % 10 == 0) {   // %g drops trailing zeros
		d /= 10;
		nd--;
	}
	char buf[10];
	for (int i = nd - 1; i >= 0; i--, d /= 10)
		buf[i] = static_cast<char>('0' + d % 10);
	if (e < -4 || e >= static_cast<int>(p)) {
		put(buf[0]);
		if (nd > 1)
			put('.');
		for (int i = 1; i < nd; i++)
			put(buf[i]);
		put('e');
		put(e < 0 ? '-' : '+');
		uint32_t ae = static_cast<uint32_t>(e < 0 ? -e : e);
		digits(ae, ae >= 100 ? 3 : 2);
	} else if (e < 0) {
		puts("0.");
		for (int i = -1; i > e; i--)
			put('0');
		for (int i = 0; i < nd; i++)
			put(buf[i]);
	} else {
		for (int i = 0; i < nd || i <= e; i++) {
			if (i == e + 1)
				put('.');
			put(i < nd ? buf[i] : '0');
		}
	}
}

#ifndef TTFS_DPRINT_DISABLED
inline DebugPrinter &operator<<(DebugPrinter &p, const char *s) { p.puts(s); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, char c) { p.put(c); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, bool b) { p.unsigned_num(b); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, unsigned char v) { p.unsigned_num(v); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, signed char v) { p.signed_num(v); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, unsigned short v) { p.unsigned_num(v); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, short v) { p.signed_num(v); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, unsigned int v) { p.unsigned_num(v); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, int v) { p.signed_num(v); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, unsigned long v) { p.unsigned_num(v); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, long v) { p.signed_num(v); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, unsigned long long v) { p.unsigned_num(v); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, long long v) { p.signed_num(v); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, float v) { p.float_num(v); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, const volatile void *v)
{
	uint32_t saved = p.base_;
	p.base_ = 16;
	p.unsigned_num(reinterpret_cast<uintptr_t>(v));
	p.base_ = saved;
	return p;
}
inline DebugPrinter &operator<<(DebugPrinter &p, ENDL) { p.put('\n'); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, HEX) { p.base_ = 16; return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, DEC) { p.base_ = 10; return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, OCT) { p.base_ = 8; return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, FIXED) { p.fixed_ = true; return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, DEFAULTFLOAT) { p.fixed_ = false; return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, SETW w) { p.width_ = w.w; return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, SETPRECISION s) { p.precision_ = s.p; return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, F32 v) { p.float_num(v.v); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, U32 v) { p.unsigned_num(v.v); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, I32 v) { p.signed_num(v.v); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, BF16 v)
{
	uint32_t bits = static_cast<uint32_t>(v.v) << 16;
	float f;
	__builtin_memcpy(&f, &bits, 4);
	p.float_num(f);
	return p;
}
// A temporary printer binds to the first << as an rvalue.
template <typename T>
inline DebugPrinter &operator<<(DebugPrinter &&p, const T &v)
{
	return p << v;
}
#endif

// With printing compiled out every << is an empty inline call.
struct NullPrinter {
	template <typename T>
	constexpr const NullPrinter &operator<<(const T &) const { return *this; }
};

// DPRINT_DATA0 { ... } runs only on BRISC, DPRINT_DATA1 on NCRISC,
// DPRINT_UNPACK / MATH / PACK on TRISC0 / 1 / 2 (tt-metal's spelling:
// DPRINT_DATA0(DPRINT << x << ENDL())).
FORCE_INLINE bool on_risc(uint32_t hart) { return fw()->hart_id == hart; }

}  // namespace ttfs

#ifdef TTFS_DPRINT_DISABLED
#define DPRINT (ttfs::NullPrinter())
#else
#define DPRINT (ttfs::DebugPrinter())
#endif
#define DPRINT_DATA0(x) do { if (ttfs::on_risc(0)) { x; } } while (0)
#define DPRINT_DATA1(x) do { if (ttfs::on_risc(1)) { x; } } while (0)
#define DPRINT_UNPACK(x) do { if (ttfs::on_risc(2)) { x; } } while (0)
#define DPRINT_MATH(x) do { if (ttfs::on_risc(3)) { x; } } while (0)
#define DPRINT_PACK(x) do { if (ttfs::on_risc(4)) { x; } } while (0)
