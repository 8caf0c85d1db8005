// SPDX-License-Identifier: Apache-2.0
//
// DPRINT for kernels, in both of tt-metal's forms:
//   DPRINT << "x " << x << ENDL();            the stream, with ENDL, HEX, DEC,
//                                             OCT, SETW, SETPRECISION, FIXED,
//                                             DEFAULTFLOAT, F32, BF16, U32, I32
//   DPRINT("x {} y {:#x}\n", x, y);           the format string (as DEVICE_PRINT)
// Unlike tt-metal, which ships typed tokens to a host-side formatter, the
// kernel formats the text itself and appends it to its RISC's ring in L1
// (tt/dprint_abi.h), which the host reads for cores/<x>,<y>/dprint.
// Printing never blocks. TSLICE prints a slice of a CB tile
// (ttfs/dprint_tile.h).
//
// Always compiled in; a build that defines TTFS_DPRINT_DISABLED turns every
// DPRINT into nothing.
#pragma once

#include <stdint.h>
#include "ttfs/kernel_base.h"
#include "ttfs/dprint_format.h"
#include "ttfs/dprint_check.h"
#include "ttfs/dprint_tile.h"

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

// DEVICE_PRINT's argument types (tt-metal's api/debug/device_print.h): a
// string kept in the image, and a bfloat16 given as its bits.
struct ct_string {
	const char *ptr;
};
#define CTSTR(literal) (ct_string{ literal })
struct bf16_t {
	bf16_t(uint16_t val) : val(val) {}
	uint16_t val;
};

namespace ttfs {

// One argument of a format-string print, its type erased. A float
// carries its formatter, so kernels that never print one link no soft float.
struct FmtArg {
	enum Kind : uint8_t { UINT, INT, FLOAT, STR, CHAR, BOOL, PTR } kind;
	union {
		uint64_t u;
		int64_t i;
		float f;
		const char *s;
	};
	int (*float_fmt)(char *out, float f, char type, uint32_t p);
};

inline FmtArg fmt_arg(bool v) { FmtArg a; a.kind = FmtArg::BOOL; a.u = v; return a; }
inline FmtArg fmt_arg(char v) { FmtArg a; a.kind = FmtArg::CHAR; a.u = static_cast<uint8_t>(v); return a; }
inline FmtArg fmt_arg(const char *v) { FmtArg a; a.kind = FmtArg::STR; a.s = v; return a; }
inline FmtArg fmt_arg(float v)
{
	FmtArg a;
	a.kind = FmtArg::FLOAT;
	a.f = v;
	a.float_fmt = fmt_float;
	return a;
}
inline FmtArg fmt_arg(double v) { return fmt_arg(static_cast<float>(v)); }
inline FmtArg fmt_arg(F32 v) { return fmt_arg(v.v); }
inline FmtArg fmt_arg(ct_string v) { return fmt_arg(v.ptr); }
inline FmtArg fmt_arg(BF16 v)
{
	uint32_t bits = static_cast<uint32_t>(v.v) << 16;
	float f;
	__builtin_memcpy(&f, &bits, 4);
	return fmt_arg(f);
}
inline FmtArg fmt_arg(U32 v) { FmtArg a; a.kind = FmtArg::UINT; a.u = v.v; return a; }
inline FmtArg fmt_arg(I32 v) { FmtArg a; a.kind = FmtArg::INT; a.i = v.v; return a; }
inline FmtArg fmt_arg(bf16_t v) { return fmt_arg(BF16(v.val)); }
inline FmtArg fmt_arg(const volatile void *v)
{
	FmtArg a;
	a.kind = FmtArg::PTR;
	a.u = reinterpret_cast<uintptr_t>(v);
	return a;
}
template <typename T, typename std::enable_if<std::is_integral<T>::value && std::is_signed<T>::value &&
						      !std::is_same<T, char>::value, int>::type = 0>
inline FmtArg fmt_arg(T v)
{
	FmtArg a;
	a.kind = FmtArg::INT;
	a.i = v;
	return a;
}
template <typename T, typename std::enable_if<std::is_integral<T>::value && !std::is_signed<T>::value &&
						      !std::is_same<T, bool>::value, int>::type = 0>
inline FmtArg fmt_arg(T v)
{
	FmtArg a;
	a.kind = FmtArg::UINT;
	a.u = v;
	return a;
}
template <typename T, typename std::enable_if<std::is_enum<T>::value, int>::type = 0>
inline FmtArg fmt_arg(T v)
{
	return fmt_arg(static_cast<typename std::underlying_type<T>::type>(v));
}

// A replacement field's spec: [[fill]align][sign][#][0][width][.precision][type].
struct FmtSpec {
	char fill = ' ';
	char align = 0;   // '<', '>', '^' or 0 for the type's default
	char sign = '-';
	bool alt = false;
	bool zero = false;
	int width = 0;
	int precision = -1;
	char type = 0;
};

// {:?}: a string in double quotes or a character in single quotes, with
// fmt's escapes (\n \r \t \\ the quote, \xHH for other control bytes).
inline int fmt_escaped(char *out, int cap, const char *t, int len, char quote)
{
	int n = 0;
	out[n++] = quote;
	for (int i = 0; i < len && n < cap - 5; i++) {
		unsigned char c = static_cast<unsigned char>(t[i]);
		char esc = c == '\n' ? 'n' : c == '\r' ? 'r' : c == '\t' ? 't' : c == '\\' ? '\\'
			 : c == static_cast<unsigned char>(quote) ? quote : 0;
		if (esc) {
			out[n++] = '\\';
			out[n++] = esc;
		} else if (c < 0x20 || c == 0x7F) {
			out[n++] = '\\';
			out[n++] = 'x';
			out[n++] = "0123456789abcdef"[c >> 4];
			out[n++] = "0123456789abcdef"[c & 0xF];
		} else {
			out[n++] = static_cast<char>(c);
		}
	}
	out[n++] = quote;
	return n;
}

// Writes one value by its spec: the body, then fill to the width.
inline void fmt_emit(DprintRing &out, const FmtArg &a, const FmtSpec &s)
{
	char body[FMT_MAX], prefix[4];
	int n = 0, np = 0;
	bool negative = false, numeric = true;
	char type = s.type;

	switch (a.kind) {
	case FmtArg::BOOL:
		if (type == 0 || type == 's') {
			const char *t = a.u ? "true" : "false";
			for (; *t; t++)
				body[n++] = *t;
			numeric = false;
			break;
		}
		[[fallthrough]];
	case FmtArg::UINT:
	case FmtArg::INT: {
		uint64_t v = a.u;
		if (a.kind == FmtArg::INT && a.i < 0) {
			negative = true;
			v = 0 - static_cast<uint64_t>(a.i);
		}
		if (type == 'c') {
			body[n++] = static_cast<char>(v);
			numeric = false;
			break;
		}
		uint32_t base = type == 'x' || type == 'X' ? 16 : type == 'b' || type == 'B' ? 2
								: type == 'o' ? 8 : 10;
		if (s.alt && base != 10) {
			prefix[np++] = '0';
			if (base != 8)
				prefix[np++] = type;
		}
		n = fmt_uint(body, v, base, type == 'X');
		break;
	}
	case FmtArg::FLOAT: {
		uint32_t bits;
		__builtin_memcpy(&bits, &a.f, 4);
		negative = (bits >> 31) && (bits & 0x7FFFFFFFu) <= 0x7F800000u;   // not -nan
		char t = type ? type : 'g';
		uint32_t p = s.precision >= 0 ? static_cast<uint32_t>(s.precision) : 6;
		n = a.float_fmt(body, a.f, t, p);
		break;
	}
	case FmtArg::PTR:
		if (type == 0 || type == 'p') {   // fmt: 0x and lowercase hex
			prefix[np++] = '0';
			prefix[np++] = 'x';
			n = fmt_uint(body, a.u, 16, false);
			break;
		}
		{
			FmtArg u = a;
			u.kind = FmtArg::UINT;
			fmt_emit(out, u, s);
			return;
		}
	case FmtArg::CHAR:
		if (type == '?') {
			char c = static_cast<char>(a.u);
			n = fmt_escaped(body, FMT_MAX, &c, 1, '\'');
			numeric = false;
			break;
		}
		if (type && type != 'c') {
			FmtArg u = a;
			u.kind = FmtArg::UINT;
			fmt_emit(out, u, s);
			return;
		}
		body[n++] = static_cast<char>(a.u);
		numeric = false;
		break;
	case FmtArg::STR: {
		const char *t = a.s ? a.s : "(null)";
		int len = 0;
		while (t[len] && (s.precision < 0 || len < s.precision))
			len++;
		char quoted[FMT_MAX];
		if (type == '?') {   // escaped, up to what one value may hold
			len = fmt_escaped(quoted, FMT_MAX, t, len, '"');
			t = quoted;
		}
		int pad = s.width - len;
		char align = s.align ? s.align : '<';
		int left = align == '>' ? pad : align == '^' ? pad / 2 : 0;
		out.fill(s.fill, left);
		out.write(t, len);
		out.fill(s.fill, pad - left);
		return;
	}
	}
	char sign_char = negative ? '-' : s.sign == '+' ? '+' : s.sign == ' ' ? ' ' : 0;
	int len = n + np + (sign_char ? 1 : 0);
	int pad = s.width - len;
	if (numeric && s.zero && !s.align) {
		if (sign_char)
			out.put(sign_char);
		out.write(prefix, np);
		out.fill('0', pad);
		out.write(body, n);
		return;
	}
	char align = s.align ? s.align : numeric ? '>' : '<';
	int left = align == '>' ? pad : align == '^' ? pad / 2 : 0;
	out.fill(s.fill, left);
	if (sign_char)
		out.put(sign_char);
	out.write(prefix, np);
	out.write(body, n);
	out.fill(s.fill, pad - left);
}

inline bool fmt_is_align(char c) { return c == '<' || c == '>' || c == '^'; }

inline const char *fmt_parse_spec(const char *p, FmtSpec *s)
{
	if (p[0] && p[0] != '}' && fmt_is_align(p[1])) {
		s->fill = p[0];
		s->align = p[1];
		p += 2;
	} else if (fmt_is_align(p[0])) {
		s->align = *p++;
	}
	if (*p == '+' || *p == '-' || *p == ' ')
		s->sign = *p++;
	if (*p == '#') {
		s->alt = true;
		p++;
	}
	if (*p == '0') {
		s->zero = true;
		p++;
	}
	while (*p >= '0' && *p <= '9')
		s->width = s->width * 10 + (*p++ - '0');
	if (*p == '.' && p[1] >= '0' && p[1] <= '9') {
		s->precision = 0;
		for (p++; *p >= '0' && *p <= '9'; p++)
			s->precision = s->precision * 10 + (*p - '0');
	}
	if (*p == 'L')   // the locale: always C here
		p++;
	if (*p && *p != '}')
		s->type = *p++;
	return p;
}

// fmt-style replacement fields: {} in order, {n} by index, {{ and }}.
// A malformed field is printed as it stands.
inline void fmt_print(DprintRing &out, const char *fmt, const FmtArg *args, int nargs)
{
	int next = 0;

	for (const char *p = fmt; *p;) {
		if (p[0] == '{' && p[1] == '{') {
			out.put('{');
			p += 2;
			continue;
		}
		if (p[0] == '}' && p[1] == '}') {
			out.put('}');
			p += 2;
			continue;
		}
		if (*p != '{') {
			out.put(*p++);
			continue;
		}
		const char *q = p + 1;
		int idx = -1;
		FmtSpec spec;
		if (*q >= '0' && *q <= '9')
			for (idx = 0; *q >= '0' && *q <= '9'; q++)
				idx = idx * 10 + (*q - '0');
		if (*q == ':')
			q = fmt_parse_spec(q + 1, &spec);
		if (*q != '}') {
			out.put(*p++);
			continue;
		}
		if (idx < 0)
			idx = next++;
		if (idx < nargs)
			fmt_emit(out, args[idx], spec);
		else
			out.puts("{?}");
		p = q + 1;
	}
}

class DebugPrinter {
public:
	template <typename... Args>
	void operator()(const char *fmt, const Args &...args)
	{
#ifndef TTFS_DPRINT_DISABLED
		const FmtArg list[sizeof...(Args) + 1] = { fmt_arg(args)..., fmt_arg(0u) };
		fmt_print(ring_, fmt, list, static_cast<int>(sizeof...(Args)));
#else
		(void)fmt;
		((void)args, ...);
#endif
	}

	// One stream item, with the manipulators' state.
	void item(FmtArg a)
	{
		FmtSpec s;
		s.width = static_cast<int>(width_);
		width_ = 0;   // like std::setw: the next item only
		if (a.kind == FmtArg::UINT || a.kind == FmtArg::INT)
			s.type = base_ == 16 ? 'x' : base_ == 8 ? 'o' : 'd';
		if (a.kind == FmtArg::BOOL)
			s.type = 'd';
		if (a.kind == FmtArg::FLOAT) {
			s.type = fixed_ ? 'f' : 'g';
			s.precision = static_cast<int>(precision_);
		}
		fmt_emit(ring_, a, s);
	}

	DprintRing ring_;
	uint32_t base_ = 10;
	uint32_t width_ = 0;
	uint32_t precision_ = 6;
	bool fixed_ = false;
};

template <typename T>
inline DebugPrinter &operator<<(DebugPrinter &p, const T &v)
{
	p.item(fmt_arg(v));
	return p;
}
inline DebugPrinter &operator<<(DebugPrinter &p, const char *s) { p.ring_.puts(s); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, ENDL) { p.ring_.put('\n'); return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, HEX) { p.base_ = 16; return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, DEC) { p.base_ = 10; return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, OCT) { p.base_ = 8; return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, FIXED) { p.fixed_ = true; return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, DEFAULTFLOAT) { p.fixed_ = false; return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, SETW w) { p.width_ = w.w; return p; }
inline DebugPrinter &operator<<(DebugPrinter &p, SETPRECISION s) { p.precision_ = s.p; return p; }
// TSLICE (ttfs/dprint_tile.h): the slice's values, a space between them,
// a newline after each row.
inline DebugPrinter &operator<<(DebugPrinter &p, const TileSlice &t)
{
	tile_view v = tslice_view(t);

	if (v.why) {
		p.ring_.puts(v.why);
		return p;
	}
	for (uint32_t h = t.s.h0; h < t.s.h1 && h < 32; h += t.s.hs ? t.s.hs : 32) {
		for (uint32_t w = t.s.w0; w < t.s.w1 && w < 32; w += t.s.ws ? t.s.ws : 32) {
			if (w != t.s.w0)
				p.ring_.put(' ');
			p.item(fmt_arg(tslice_elem(v, h, w, t.print_untilized)));
		}
		if (t.endl_rows)
			p.ring_.put('\n');
		else
			p.ring_.put(' ');
	}
	return p;
}
// A temporary printer (DPRINT itself) binds to the first << as an rvalue.
template <typename T>
inline DebugPrinter &operator<<(DebugPrinter &&p, const T &v)
{
	return p << v;
}
inline DebugPrinter &operator<<(DebugPrinter &&p, const char *s) { return p << s; }

// With printing compiled out, every << and call is an empty inline.
struct NullPrinter {
	template <typename T>
	constexpr const NullPrinter &operator<<(const T &) const { return *this; }
	template <typename... Args>
	constexpr void operator()(const char *, const Args &...) const {}
};

FORCE_INLINE bool on_risc(uint32_t hart) { return fw()->hart_id == hart; }

// DPRINT_DATA0(DPRINT << x << ENDL()) evaluates the stream expression;
// DPRINT_DATA0("fmt {}", x) prints the format string.
inline void dprint_on(DebugPrinter &) {}
inline void dprint_on(DebugPrinter &&) {}
inline void dprint_on(const NullPrinter &) {}
template <typename... Args>
inline void dprint_on(const char *fmt, const Args &...args)
{
#ifndef TTFS_DPRINT_DISABLED
	DebugPrinter()(fmt, args...);
#else
	(void)fmt;
	((void)args, ...);
#endif
}

// What DPRINT names when no '(' follows it: each statement's `DPRINT << x`
// starts a fresh printer, so manipulators last to the end of the statement.
struct DprintStream {};
template <typename T>
inline DebugPrinter operator<<(DprintStream, const T &v)
{
	DebugPrinter p;
	p << v;
	return p;
}
inline DebugPrinter operator<<(DprintStream, const char *s)
{
	DebugPrinter p;
	p << s;
	return p;
}
struct NullStream {
	template <typename T>
	constexpr NullPrinter operator<<(const T &) const { return NullPrinter{}; }
};

}  // namespace ttfs

// DPRINT is both: `DPRINT << x` uses this object, `DPRINT(fmt, ...)` the
// macro below, whose format is checked at compile time as tt-metal's is.
#ifdef TTFS_DPRINT_DISABLED
inline constexpr ttfs::NullStream DPRINT{};
#define TTFS_FMT_PRINT(fmt, ...) ((void)0)
#else
inline constexpr ttfs::DprintStream DPRINT{};
#define TTFS_FMT_PRINT(fmt, ...)                                                               \
	::ttfs::fmt_invoke(                                                                    \
		[](auto... ttfs_fmt_args) __attribute__((always_inline)) {                     \
			TTFS_FMT_CHECKS(fmt, sizeof...(ttfs_fmt_args));                         \
			::ttfs::DebugPrinter{}(fmt, ttfs_fmt_args...);                          \
		},                                                                             \
		##__VA_ARGS__)
#endif
#define DPRINT(fmt, ...) TTFS_FMT_PRINT(fmt, ##__VA_ARGS__)
// Only on BRISC, NCRISC, TRISC0 (unpack), TRISC1 (math), TRISC2 (pack).
#define DPRINT_DATA0(...) do { if (ttfs::on_risc(0)) ttfs::dprint_on(__VA_ARGS__); } while (0)
#define DPRINT_DATA1(...) do { if (ttfs::on_risc(1)) ttfs::dprint_on(__VA_ARGS__); } while (0)
#define DPRINT_UNPACK(...) do { if (ttfs::on_risc(2)) ttfs::dprint_on(__VA_ARGS__); } while (0)
#define DPRINT_MATH(...) do { if (ttfs::on_risc(3)) ttfs::dprint_on(__VA_ARGS__); } while (0)
#define DPRINT_PACK(...) do { if (ttfs::on_risc(4)) ttfs::dprint_on(__VA_ARGS__); } while (0)

// DEVICE_PRINT and its per-RISC forms come with DPRINT, as in tt-metal,
// where DPRINT(fmt, ...) is DEVICE_PRINT.
#include "api/debug/device_print.h"
