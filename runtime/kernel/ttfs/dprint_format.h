// SPDX-License-Identifier: Apache-2.0
//
// Text formatting for DPRINT and DEVICE_PRINT, on the device: integers in
// any base and floats in %f / %e / %g style, each into a caller's buffer,
// plus the ring writer of tt/dprint_abi.h. Single precision throughout:
// rv32im has no FPU, and soft double would triple a kernel that prints a
// float. Debug output: close to the last digit, not correctly rounded.
// Kernels never include this directly.
#pragma once

#include <stdint.h>
#include "ttfs/kernel_base.h"
#include "tt/dprint_abi.h"

namespace ttfs {

// The longest text one value makes: 64 binary digits, a prefix, a sign.
constexpr int FMT_MAX = 72;

// v /= base, returning the remainder, with 32-bit divisions only: libgcc's
// 64-bit division would add 2 KiB to every kernel that prints.
inline uint32_t div_small(uint64_t *v, uint32_t base)
{
	uint32_t hi = static_cast<uint32_t>(*v >> 32), lo = static_cast<uint32_t>(*v);
	uint32_t qhi = hi / base, r = hi % base;
	uint32_t cur = (r << 16) | (lo >> 16);   // r < base <= 16: fits easily
	uint32_t q1 = cur / base;
	cur = ((cur % base) << 16) | (lo & 0xFFFFu);
	uint32_t q0 = cur / base;
	*v = (static_cast<uint64_t>(qhi) << 32) | (q1 << 16) | q0;
	return cur % base;
}

// Digits of v in base (2..16), most significant first; returns the count.
inline int fmt_uint(char *out, uint64_t v, uint32_t base, bool upper)
{
	char tmp[64];
	int n = 0;

	do {
		uint32_t d = div_small(&v, base);
		tmp[n++] = static_cast<char>(d < 10 ? '0' + d : (upper ? 'A' : 'a') + d - 10);
	} while (v);
	for (int i = 0; i < n; i++)
		out[i] = tmp[n - 1 - i];
	return n;
}

// count decimal digits of v, zero-padded.
inline int fmt_digits(char *out, uint32_t v, int count)
{
	for (int i = count - 1; i >= 0; i--, v /= 10)
		out[i] = static_cast<char>('0' + v % 10);
	return count;
}

inline uint32_t pow10(uint32_t p)
{
	uint32_t r = 1;
	while (p--)
		r *= 10;
	return r;
}

// |f| as %f with p decimals (p <= 9); falls back to %e past 2^32.
inline int fmt_float(char *out, float f, char type, uint32_t p);

inline int fmt_float_fixed(char *out, float x, uint32_t p)
{
	float scaled = x * static_cast<float>(pow10(p));
	if (scaled >= 4.0e9f)
		return fmt_float(out, x, 'e', p);
	uint32_t all = static_cast<uint32_t>(scaled + 0.5f);
	uint32_t unit = pow10(p);
	int n = fmt_uint(out, all / unit, 10, false);
	if (p) {
		out[n++] = '.';
		n += fmt_digits(out + n, all % unit, static_cast<int>(p));
	}
	return n;
}

// |x| = d.ddd × 10^e with digits significant digits: returns the digits as
// an integer and sets e.
inline uint32_t fmt_float_sig(float x, uint32_t digits, int *e)
{
	uint32_t top = pow10(digits - 1);
	*e = 0;
	if (x == 0)
		return 0;
	while (x >= 10) {
		x /= 10;
		(*e)++;
	}
	while (x < 1) {
		x *= 10;
		(*e)--;
	}
	uint32_t d = static_cast<uint32_t>(x * static_cast<float>(top) + 0.5f);
	if (d >= top * 10) {
		d /= 10;
		(*e)++;
	}
	return d;
}

inline int fmt_exponent(char *out, int e, bool upper)
{
	int n = 0;
	out[n++] = upper ? 'E' : 'e';
	out[n++] = e < 0 ? '-' : '+';
	uint32_t ae = static_cast<uint32_t>(e < 0 ? -e : e);
	return n + fmt_digits(out + n, ae, ae >= 100 ? 3 : 2);
}

// |f| in hexadecimal, as fmt's {:a} of a float (std::to_chars): 1.8p+1
// for 3, 0p+0 for zero, a subnormal as 0.xxxxxxp-126, trailing zero digits
// dropped; 'A' in capitals. Finite values only.
inline int fmt_float_hex(char *out, uint32_t bits, bool upper)
{
	uint32_t exp = (bits >> 23) & 0xFFu, man = (bits & 0x007FFFFFu) << 1;   // 24 bits, 6 digits
	int e = exp ? static_cast<int>(exp) - 127 : -126;
	int n = 0, nd = 6;

	if (!exp && !man)
		e = 0;
	out[n++] = exp ? '1' : '0';
	while (nd > 0 && ((man >> (4 * (6 - nd))) & 0xFu) == 0)
		nd--;
	if (nd)
		out[n++] = '.';
	for (int i = 0; i < nd; i++) {
		uint32_t d = (man >> (20 - 4 * i)) & 0xFu;
		out[n++] = static_cast<char>(d < 10 ? '0' + d : (upper ? 'A' : 'a') + d - 10);
	}
	out[n++] = upper ? 'P' : 'p';
	out[n++] = e < 0 ? '-' : '+';
	return n + fmt_uint(out + n, static_cast<uint32_t>(e < 0 ? -e : e), 10, false);
}

// Formats the magnitude of f (the caller writes the sign): type 'f', 'e',
// 'g' (drops trailing zeros, as %g), 'a' (hexadecimal) or 'G'/'E'/'F'/'A'
// in capitals; p is the precision (decimals for f/e, significant digits
// for g; none for a).
inline int fmt_float(char *out, float f, char type, uint32_t p)
{
	uint32_t bits;
	bool upper = type == 'E' || type == 'G' || type == 'F' || type == 'A';
	__builtin_memcpy(&bits, &f, 4);
	if ((bits & 0x7F800000u) == 0x7F800000u) {
		const char *s = (bits & 0x007FFFFFu) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
		for (int i = 0; i < 3; i++)
			out[i] = s[i];
		return 3;
	}
	if (type == 'a' || type == 'A')
		return fmt_float_hex(out, bits, upper);
	float x = f < 0 ? -f : f;
	if (p > 9)
		p = 9;
	if (type == 'f' || type == 'F')
		return fmt_float_fixed(out, x, p);

	bool g = type == 'g' || type == 'G';
	uint32_t sig = g ? (p ? p : 1) : p + 1;
	int e;
	uint32_t d = fmt_float_sig(x, sig, &e);
	char dig[10];
	int nd = fmt_digits(dig, d, static_cast<int>(sig));
	int n = 0;

	if (g) {
		while (nd > 1 && dig[nd - 1] == '0')   // %g drops trailing zeros
			nd--;
		if (e >= -4 && e < static_cast<int>(sig)) {   // %g in fixed notation
			if (e < 0) {
				out[n++] = '0';
				out[n++] = '.';
				for (int i = -1; i > e; i--)
					out[n++] = '0';
				for (int i = 0; i < nd; i++)
					out[n++] = dig[i];
				return n;
			}
			for (int i = 0; i < nd || i <= e; i++) {
				if (i == e + 1)
					out[n++] = '.';
				out[n++] = i < nd ? dig[i] : '0';
			}
			return n;
		}
	}
	out[n++] = dig[0];
	if (nd > 1)
		out[n++] = '.';
	for (int i = 1; i < nd; i++)
		out[n++] = dig[i];
	return n + fmt_exponent(out + n, e, upper);
}

// Appends to this RISC's ring; never waits for the host.
class DprintRing {
public:
	DprintRing()
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

	void write(const char *s, int n)
	{
		for (int i = 0; i < n; i++)
			put(s[i]);
	}

	void puts(const char *s)
	{
		while (*s)
			put(*s++);
	}

	void fill(char c, int n)
	{
		for (; n > 0; n--)
			put(c);
	}

private:
	volatile tt_dprint_ring *ring_;
};

}  // namespace ttfs
