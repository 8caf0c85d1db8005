// SPDX-License-Identifier: Apache-2.0
//
// sfpi.h's implementation: the sfpi vector types over the simulated SFPU
// (tt/tensix.h). Every live vFloat/vInt/vUInt owns one of the SFPU's
// TT_TX_SFPU_REGS registers (taken when it is made, given back when it
// dies), so no register allocator is needed: an operation is one SFPU
// instruction on the owners' registers. Assignment copies lanes with MOV,
// so inside v_if only the enabled lanes change, as on silicon.
//
// Lane masks follow sfpi's mapping onto the SFPU (docs/tensix.md, "SFPU"):
// v_if pushes the flags and sets them from the condition, v_elseif
// and v_else complement them against the enclosing scope (COMPC), and the
// end of the scope pops once per push. A condition is a compare of one
// register against zero (a - b for a < b); && sets flags one compare
// after another, || is !(!a && !b) on a pushed scope.
//
// Kernels include sfpi.h, never this.
#pragma once

#include "ttfs/sfpu.h"

namespace sfpi {

namespace detail {

using ttfs::sfpu::op;
using ttfs::sfpu::word;

constexpr uint32_t no_reg = 0xffu;

inline uint32_t float_bits(float f)
{
	uint32_t u;

	__builtin_memcpy(&u, &f, 4);
	return u;
}

// One owned SFPU register.
class vReg {
public:
	uint32_t r;

	vReg() : r(ttfs::sfpu::alloc()) {}
	vReg(const vReg &o) : r(ttfs::sfpu::alloc()) { op(word(TT_TX_SFPU_MOV, r, o.r)); }
	vReg(vReg &&o) : r(o.r) { o.r = no_reg; }
	~vReg()
	{
		if (r != no_reg)
			ttfs::sfpu::release(r);
	}
	// Lane-wise: only enabled lanes take the new value.
	vReg &operator=(const vReg &o)
	{
		op(word(TT_TX_SFPU_MOV, r, o.r));
		return *this;
	}
	vReg &operator=(vReg &&o)
	{
		op(word(TT_TX_SFPU_MOV, r, o.r));
		return *this;
	}
};

}  // namespace detail

class vFloat;
class vInt;
class vUInt;
class vCond;
class DstReg;

// ---- conditions ---------------------------------------------------------------

// A compare of a register against zero, or && / || / ! of conditions.
// Its temporaries live until the end of the full expression, which is the
// v_if's; so do the children it points to.
class vCond {
public:
	enum Kind : uint8_t { LEAF, AND, OR, NOT };

	Kind kind;
	uint8_t mode;          // TT_TX_CC_*
	uint32_t r;            // LEAF: the register compared
	bool owns;             // LEAF: r is a temporary of this condition
	const vCond *a, *b;

	vCond(uint32_t reg, uint32_t m, bool own)
		: kind(LEAF), mode(static_cast<uint8_t>(m)), r(reg), owns(own), a(nullptr), b(nullptr)
	{
	}
	vCond(Kind k, const vCond &x, const vCond *y)
		: kind(k), mode(0), r(detail::no_reg), owns(false), a(&x), b(y)
	{
	}
	vCond(const vCond &) = delete;
	vCond &operator=(const vCond &) = delete;
	~vCond()
	{
		if (owns)
			ttfs::sfpu::release(r);
	}
};

inline vCond operator&&(const vCond &a, const vCond &b)
{
	return vCond(vCond::AND, a, &b);
}

inline vCond operator||(const vCond &a, const vCond &b)
{
	return vCond(vCond::OR, a, &b);
}

inline vCond operator!(const vCond &a)
{
	return vCond(vCond::NOT, a, nullptr);
}

namespace detail {

constexpr uint32_t negate_cc(uint32_t m)
{
	uint32_t base = m & 7u, i = m & TT_TX_CC_INT;

	switch (base) {
	case TT_TX_CC_LT0: return TT_TX_CC_GTE0 | i;
	case TT_TX_CC_GTE0: return TT_TX_CC_LT0 | i;
	case TT_TX_CC_NE0: return TT_TX_CC_EQ0 | i;
	case TT_TX_CC_EQ0: return TT_TX_CC_NE0 | i;
	case TT_TX_CC_LTE0: return TT_TX_CC_GT0 | i;
	default: return TT_TX_CC_LTE0 | i;
	}
}

// Narrows the enabled lanes' flags to c (or !c); pushes counts the extra
// PUSHCs an || leaves for the scope to pop.
inline void emit(const vCond &c, bool neg, uint32_t &pushes)
{
	switch (c.kind) {
	case vCond::LEAF:
		op(word(TT_TX_SFPU_SETCC, 0, c.r, 0, 0, neg ? negate_cc(c.mode) : c.mode));
		break;
	case vCond::NOT:
		emit(*c.a, !neg, pushes);
		break;
	case vCond::AND:
	case vCond::OR:
		if ((c.kind == vCond::AND) != neg) {
			// a && b, or !a && !b: one after the other.
			emit(*c.a, neg, pushes);
			emit(*c.b, neg, pushes);
		} else {
			// a || b = !(!a && !b) within the enclosing flags.
			op(word(TT_TX_SFPU_PUSHC, 0));
			pushes++;
			emit(*c.a, !neg, pushes);
			emit(*c.b, !neg, pushes);
			op(word(TT_TX_SFPU_COMPC, 0));
		}
		break;
	}
}

// One v_if ... v_endif, as docs/tensix.md gives it: v_if is PUSHC,
// ENCC 1, SETCC (ENCC 1 turns the flags on, all set, at the outermost
// level and changes nothing inside another v_if); v_endif pops once per
// push, which at the outermost level restores the flags off.
class cc_scope {
	uint32_t pushes = 0;

public:
	cc_scope()
	{
		push();
		op(word(TT_TX_SFPU_ENCC, 0, 0, 0, 0, 1));
	}
	~cc_scope()
	{
		while (pushes--)
			op(word(TT_TX_SFPU_POPC, 0));
	}
	cc_scope(const cc_scope &) = delete;
	cc_scope &operator=(const cc_scope &) = delete;
	void push()
	{
		op(word(TT_TX_SFPU_PUSHC, 0));
		pushes++;
	}
	void cond(const vCond &c) { emit(c, false, pushes); }
	void compc() { op(word(TT_TX_SFPU_COMPC, 0)); }
	// v_elseif: the lanes no branch so far took, then the new condition.
	void elseif_begin()
	{
		compc();
		push();
		op(word(TT_TX_SFPU_ENCC, 0, 0, 0, 0, 1));
	}
	operator bool() const { return true; }
};

}  // namespace detail

// ---- vFloat ----------------------------------------------------------------------

class vFloat : public detail::vReg {
public:
	vFloat() = default;
	vFloat(float f) { ttfs::sfpu::loadi(r, detail::float_bits(f)); }
	vFloat(double f) : vFloat(static_cast<float>(f)) {}
	vFloat(int i) : vFloat(static_cast<float>(i)) {}
	inline vFloat(const DstReg &d);
	vFloat(const vFloat &) = default;
	vFloat(vFloat &&) = default;
	vFloat &operator=(const vFloat &) = default;
	vFloat &operator=(vFloat &&) = default;
	vFloat &operator=(float f) { return *this = vFloat(f); }

	inline vFloat &operator+=(const vFloat &o);
	inline vFloat &operator-=(const vFloat &o);
	inline vFloat &operator*=(const vFloat &o);
	inline vFloat operator-() const;
	vFloat operator+() const { return *this; }
};

namespace detail {

inline vFloat fop(uint32_t o, const vFloat &a, const vFloat &b)
{
	vFloat d;

	op(word(o, d.r, a.r, b.r));
	return d;
}

template <class T>
inline T un(uint32_t o, uint32_t a, uint32_t mod = 0, uint32_t imm = 0)
{
	T d;

	op(word(o, d.r, a, 0, 0, mod), imm);
	return d;
}

template <class T>
inline T bin(uint32_t o, uint32_t a, uint32_t b, uint32_t mod = 0)
{
	T d;

	op(word(o, d.r, a, b, 0, mod));
	return d;
}

// a - b compared against zero; b == 0 (a literal) compares a itself.
inline vCond fcmp(const vFloat &a, const vFloat &b, uint32_t mode)
{
	vFloat t = fop(TT_TX_SFPU_FSUB, a, b);
	uint32_t r = t.r;

	t.r = no_reg;
	return vCond(r, mode, true);
}

inline vCond fcmp0(const vFloat &a, float b, uint32_t mode)
{
	if (b == 0.0f)
		return vCond(a.r, mode, false);
	return fcmp(a, vFloat(b), mode);
}

}  // namespace detail

inline vFloat operator+(const vFloat &a, const vFloat &b) { return detail::fop(TT_TX_SFPU_FADD, a, b); }
inline vFloat operator-(const vFloat &a, const vFloat &b) { return detail::fop(TT_TX_SFPU_FSUB, a, b); }
inline vFloat operator*(const vFloat &a, const vFloat &b) { return detail::fop(TT_TX_SFPU_FMUL, a, b); }

inline vFloat &vFloat::operator+=(const vFloat &o)
{
	detail::op(detail::word(TT_TX_SFPU_FADD, r, r, o.r));
	return *this;
}

inline vFloat &vFloat::operator-=(const vFloat &o)
{
	detail::op(detail::word(TT_TX_SFPU_FSUB, r, r, o.r));
	return *this;
}

inline vFloat &vFloat::operator*=(const vFloat &o)
{
	detail::op(detail::word(TT_TX_SFPU_FMUL, r, r, o.r));
	return *this;
}

inline vFloat vFloat::operator-() const
{
	return detail::un<vFloat>(TT_TX_SFPU_FUNC, r, TT_TX_FN_NEG);
}

// a * b + c in one rounding.
inline vFloat mad(const vFloat &a, const vFloat &b, const vFloat &c)
{
	vFloat d;

	detail::op(detail::word(TT_TX_SFPU_FMAD, d.r, a.r, b.r, c.r));
	return d;
}

inline vCond operator<(const vFloat &a, const vFloat &b) { return detail::fcmp(a, b, TT_TX_CC_LT0); }
inline vCond operator<=(const vFloat &a, const vFloat &b) { return detail::fcmp(a, b, TT_TX_CC_LTE0); }
inline vCond operator>(const vFloat &a, const vFloat &b) { return detail::fcmp(a, b, TT_TX_CC_GT0); }
inline vCond operator>=(const vFloat &a, const vFloat &b) { return detail::fcmp(a, b, TT_TX_CC_GTE0); }
inline vCond operator==(const vFloat &a, const vFloat &b) { return detail::fcmp(a, b, TT_TX_CC_EQ0); }
inline vCond operator!=(const vFloat &a, const vFloat &b) { return detail::fcmp(a, b, TT_TX_CC_NE0); }
inline vCond operator<(const vFloat &a, float b) { return detail::fcmp0(a, b, TT_TX_CC_LT0); }
inline vCond operator<=(const vFloat &a, float b) { return detail::fcmp0(a, b, TT_TX_CC_LTE0); }
inline vCond operator>(const vFloat &a, float b) { return detail::fcmp0(a, b, TT_TX_CC_GT0); }
inline vCond operator>=(const vFloat &a, float b) { return detail::fcmp0(a, b, TT_TX_CC_GTE0); }
inline vCond operator==(const vFloat &a, float b) { return detail::fcmp0(a, b, TT_TX_CC_EQ0); }
inline vCond operator!=(const vFloat &a, float b) { return detail::fcmp0(a, b, TT_TX_CC_NE0); }

// ---- vInt, vUInt ---------------------------------------------------------------------

template <class Self>
class vIntBase : public detail::vReg {
public:
	vIntBase() = default;
	template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
	vIntBase(T v)
	{
		ttfs::sfpu::loadi(r, static_cast<uint32_t>(v));
	}
	inline explicit vIntBase(const DstReg &d);

	Self &self() { return static_cast<Self &>(*this); }
	Self &operator+=(const Self &o) { return apply(TT_TX_SFPU_IADD, o); }
	Self &operator-=(const Self &o) { return apply(TT_TX_SFPU_ISUB, o); }
	Self &operator&=(const Self &o) { return apply(TT_TX_SFPU_IAND, o); }
	Self &operator|=(const Self &o) { return apply(TT_TX_SFPU_IOR, o); }
	Self &operator^=(const Self &o) { return apply(TT_TX_SFPU_IXOR, o); }
	Self &operator<<=(const Self &o) { return apply(TT_TX_SFPU_ISHL, o); }
	Self &operator>>=(const Self &o) { return apply(std::is_same_v<Self, vUInt> ? TT_TX_SFPU_ISHR : TT_TX_SFPU_IASHR, o); }
	Self operator~() const { return detail::un<Self>(TT_TX_SFPU_INOT, r); }
	Self operator-() const { return Self(0) - static_cast<const Self &>(*this); }

private:
	Self &apply(uint32_t o, const Self &b)
	{
		detail::op(detail::word(o, r, r, b.r));
		return self();
	}
};

class vInt : public vIntBase<vInt> {
public:
	using vIntBase<vInt>::vIntBase;
	vInt() = default;
	inline explicit vInt(const vUInt &u);
};

class vUInt : public vIntBase<vUInt> {
public:
	using vIntBase<vUInt>::vIntBase;
	vUInt() = default;
	inline explicit vUInt(const vInt &i);
};

inline vInt::vInt(const vUInt &u) { detail::op(detail::word(TT_TX_SFPU_MOV, r, u.r)); }
inline vUInt::vUInt(const vInt &i) { detail::op(detail::word(TT_TX_SFPU_MOV, r, i.r)); }

#define TTFS_SFPI_INT_OPS(T, SHR)                                                                   \
	inline T operator+(const T &a, const T &b) { return detail::bin<T>(TT_TX_SFPU_IADD, a.r, b.r); } \
	inline T operator-(const T &a, const T &b) { return detail::bin<T>(TT_TX_SFPU_ISUB, a.r, b.r); } \
	inline T operator&(const T &a, const T &b) { return detail::bin<T>(TT_TX_SFPU_IAND, a.r, b.r); } \
	inline T operator|(const T &a, const T &b) { return detail::bin<T>(TT_TX_SFPU_IOR, a.r, b.r); }  \
	inline T operator^(const T &a, const T &b) { return detail::bin<T>(TT_TX_SFPU_IXOR, a.r, b.r); } \
	inline T operator<<(const T &a, const T &b) { return detail::bin<T>(TT_TX_SFPU_ISHL, a.r, b.r); } \
	inline T operator>>(const T &a, const T &b) { return detail::bin<T>(SHR, a.r, b.r); }            \
	/* The sign of a - b modulo 2^32, as silicon's SFPIADD sets the flags and                       \
	 * sfpi compares on it (tt-metal#53151): operands 2^31 or more apart                            \
	 * compare wrapped (INT32_MIN < 1 is false), vUInt as signed. */                                \
	inline vCond icmp(const T &a, const T &b, uint32_t m)                                           \
	{                                                                                              \
		T t = a - b;                                                                           \
		uint32_t r = t.r;                                                                      \
		t.r = detail::no_reg;                                                                  \
		return vCond(r, m | TT_TX_CC_INT, true);                                               \
	}                                                                                              \
	inline vCond operator<(const T &a, const T &b) { return icmp(a, b, TT_TX_CC_LT0); }             \
	inline vCond operator<=(const T &a, const T &b) { return icmp(a, b, TT_TX_CC_LTE0); }           \
	inline vCond operator>(const T &a, const T &b) { return icmp(a, b, TT_TX_CC_GT0); }             \
	inline vCond operator>=(const T &a, const T &b) { return icmp(a, b, TT_TX_CC_GTE0); }           \
	inline vCond operator==(const T &a, const T &b) { return icmp(a, b, TT_TX_CC_EQ0); }            \
	inline vCond operator!=(const T &a, const T &b) { return icmp(a, b, TT_TX_CC_NE0); }

TTFS_SFPI_INT_OPS(vInt, TT_TX_SFPU_IASHR)
TTFS_SFPI_INT_OPS(vUInt, TT_TX_SFPU_ISHR)
#undef TTFS_SFPI_INT_OPS

// sfpi's shift: left by a positive amount, right by a negative one.
template <class T>
inline T shft(const T &v, int amount)
{
	return amount >= 0 ? v << T(amount) : v >> T(-amount);
}

// ---- DST -----------------------------------------------------------------------------------

namespace detail {

// dst_reg[k] is SFPLOAD/SFPSTORE with IMM = 2k: A = 2k + RWC, so it moves
// with dst_reg++ (the tile ops' ttfs::sfpu::load/store address DST
// absolutely instead).
inline void dst_load(uint32_t r, uint32_t imm, uint32_t fmt)
{
	op(word(TT_TX_SFPU_LOAD, r, 0, 0, 0, fmt), imm);
}

inline void dst_store(uint32_t r, uint32_t imm, uint32_t fmt)
{
	op(word(TT_TX_SFPU_STORE, 0, r, 0, 0, fmt), imm);
}

// Vector k (as dst_reg[k]) in load/store mode fmt, for the SDK's integer
// ops: LO16 or INT, which dst_reg's typed reads and writes do not offer.
inline vInt load_vector(uint32_t k, uint32_t fmt)
{
	vInt v;

	dst_load(v.r, 2 * k, fmt);
	return v;
}

inline void store_vector(uint32_t k, const vReg &v, uint32_t fmt)
{
	dst_store(v.r, 2 * k, fmt);
}

}  // namespace detail

// dst_reg[k]: the 32 lanes of DST at A = 2k (tt/tensix.h: 4 rows x 8
// even or odd columns of one face) past the RWC.
class DstReg {
public:
	uint32_t addr;

	explicit DstReg(uint32_t a) : addr(a) {}
	const DstReg &operator=(const vFloat &v) const
	{
		detail::dst_store(v.r, addr, TT_TX_SFPU_FMT_FLOAT);
		return *this;
	}
	const DstReg &operator=(const vInt &v) const
	{
		detail::dst_store(v.r, addr, TT_TX_SFPU_FMT_INT);
		return *this;
	}
	const DstReg &operator=(const vUInt &v) const
	{
		detail::dst_store(v.r, addr, TT_TX_SFPU_FMT_INT);
		return *this;
	}
	const DstReg &operator=(const DstReg &d) const { return *this = vFloat(d); }
	const DstReg &operator=(float f) const { return *this = vFloat(f); }
	DstReg(const DstReg &) = default;
	vFloat operator-() const { return -vFloat(*this); }
};

inline vFloat::vFloat(const DstReg &d)
{
	detail::dst_load(r, d.addr, TT_TX_SFPU_FMT_FLOAT);
}

template <class Self>
inline vIntBase<Self>::vIntBase(const DstReg &d)
{
	detail::dst_load(r, d.addr, TT_TX_SFPU_FMT_INT);
}

inline vFloat operator+(const DstReg &a, const vFloat &b) { return vFloat(a) + b; }
inline vFloat operator-(const DstReg &a, const vFloat &b) { return vFloat(a) - b; }
inline vFloat operator*(const DstReg &a, const vFloat &b) { return vFloat(a) * b; }
inline vFloat operator+(const DstReg &a, float b) { return vFloat(a) + vFloat(b); }
inline vFloat operator-(const DstReg &a, float b) { return vFloat(a) - vFloat(b); }
inline vFloat operator*(const DstReg &a, float b) { return vFloat(a) * vFloat(b); }
inline vFloat operator+(const DstReg &a, const DstReg &b) { return vFloat(a) + vFloat(b); }
inline vFloat operator-(const DstReg &a, const DstReg &b) { return vFloat(a) - vFloat(b); }
inline vFloat operator*(const DstReg &a, const DstReg &b) { return vFloat(a) * vFloat(b); }

namespace detail {

// The loaded value belongs to the condition: it must outlive the v_if's
// compare, not this function.
inline vCond dcmp(const DstReg &a, float b, uint32_t mode)
{
	vFloat t(a);

	if (b != 0.0f)
		return fcmp(t, vFloat(b), mode);
	uint32_t r = t.r;

	t.r = no_reg;
	return vCond(r, mode, true);
}

}  // namespace detail

inline vCond operator<(const DstReg &a, float b) { return detail::dcmp(a, b, TT_TX_CC_LT0); }
inline vCond operator<=(const DstReg &a, float b) { return detail::dcmp(a, b, TT_TX_CC_LTE0); }
inline vCond operator>(const DstReg &a, float b) { return detail::dcmp(a, b, TT_TX_CC_GT0); }
inline vCond operator>=(const DstReg &a, float b) { return detail::dcmp(a, b, TT_TX_CC_GTE0); }
inline vCond operator==(const DstReg &a, float b) { return detail::dcmp(a, b, TT_TX_CC_EQ0); }
inline vCond operator!=(const DstReg &a, float b) { return detail::dcmp(a, b, TT_TX_CC_NE0); }

class DstRegFile {
public:
	DstReg operator[](uint32_t i) const { return DstReg(2 * i); }
	void operator++(int) const { ttfs::sfpu::incrwc(2); }
	void operator++() const { ttfs::sfpu::incrwc(2); }
	void operator+=(uint32_t n) const { ttfs::sfpu::incrwc(2 * n); }
};

constexpr DstRegFile dst_reg{};

// ---- constants -----------------------------------------------------------------------------

// sfpi's constant registers, as values: each use loads the constant.
class vConstFloat {
	uint32_t bits;

public:
	constexpr explicit vConstFloat(uint32_t b) : bits(b) {}
	operator vFloat() const
	{
		vFloat v;
		ttfs::sfpu::loadi(v.r, bits);
		return v;
	}
};

class vConstInt {
	uint32_t v;

public:
	constexpr explicit vConstInt(uint32_t x) : v(x) {}
	operator vInt() const { return vInt(v); }
	operator vUInt() const { return vUInt(v); }
};

constexpr vConstFloat vConst0(0x00000000u);
constexpr vConstFloat vConst1(0x3f800000u);
constexpr vConstFloat vConstNeg1(0xbf800000u);
constexpr vConstFloat vConst0p8373(0x3f56594bu);   // 0.8373f, as silicon's constant register 8
constexpr vConstInt vConstTileId(0);               // lane x 2 on silicon; not modelled

// A float rounded to bf16 (the sfpi helper for 16-bit immediates).
inline float s2vFloat16b(float f)
{
	uint32_t u = detail::float_bits(f) & 0xffff0000u;
	float g;

	__builtin_memcpy(&g, &u, 4);
	return g;
}

inline float s2vFloat16a(float f)
{
	return f;
}

// ---- intrinsics -----------------------------------------------------------------------

inline vFloat abs(const vFloat &v) { return detail::un<vFloat>(TT_TX_SFPU_FUNC, v.r, TT_TX_FN_ABS); }
inline vInt abs(const vInt &v)
{
	vInt s = v >> vInt(31);
	return (v ^ s) - s;
}

// The exponent field: unbiased (exexp) or as stored (exexp_nodebias).
inline vInt exexp(const vFloat &v) { return detail::un<vInt>(TT_TX_SFPU_EXEXP, v.r); }
inline vInt exexp_nodebias(const vFloat &v) { return exexp(v) + vInt(127); }
// The mantissa with the implicit 1 (exman8) or without it (exman9).
inline vInt exman8(const vFloat &v) { return detail::un<vInt>(TT_TX_SFPU_EXMAN, v.r, 0); }
inline vInt exman9(const vFloat &v) { return detail::un<vInt>(TT_TX_SFPU_EXMAN, v.r, 1); }

inline vFloat setexp(const vFloat &v, const vInt &e) { return detail::bin<vFloat>(TT_TX_SFPU_SETEXP, v.r, e.r); }
inline vFloat setexp(const vFloat &v, const vUInt &e) { return detail::bin<vFloat>(TT_TX_SFPU_SETEXP, v.r, e.r); }
inline vFloat setexp(const vFloat &v, uint32_t e) { return setexp(v, vUInt(e)); }
inline vFloat setman(const vFloat &v, const vInt &m) { return detail::bin<vFloat>(TT_TX_SFPU_SETMAN, v.r, m.r); }
inline vFloat setman(const vFloat &v, const vUInt &m) { return detail::bin<vFloat>(TT_TX_SFPU_SETMAN, v.r, m.r); }
inline vFloat setman(const vFloat &v, uint32_t m) { return setman(v, vUInt(m)); }
inline vFloat setsgn(const vFloat &v, const vInt &s) { return detail::bin<vFloat>(TT_TX_SFPU_SETSGN, v.r, s.r); }
inline vFloat setsgn(const vFloat &v, int32_t s) { return setsgn(v, vInt(s)); }
// The sign of another value.
inline vFloat setsgn(const vFloat &v, const vFloat &from)
{
	vUInt bits = detail::un<vUInt>(TT_TX_SFPU_MOV, from.r);
	vUInt s = bits >> vUInt(31);

	return detail::bin<vFloat>(TT_TX_SFPU_SETSGN, v.r, s.r);
}
inline vFloat addexp(const vFloat &v, int32_t e) { return detail::bin<vFloat>(TT_TX_SFPU_ADDEXP, v.r, vInt(e).r); }
inline vInt lz(const vInt &v) { return detail::un<vInt>(TT_TX_SFPU_LZ, v.r); }
inline vInt lz(const vUInt &v) { return detail::un<vInt>(TT_TX_SFPU_LZ, v.r); }
inline vInt lz(const vFloat &v) { return detail::un<vInt>(TT_TX_SFPU_LZ, v.r); }

// The same 32 bits as another type.
template <class To, class From>
inline To reinterpret(const From &v)
{
	return detail::un<To>(TT_TX_SFPU_MOV, v.r);
}

inline vFloat int32_to_float(const vInt &v, int round_mode = 0)
{
	(void)round_mode;
	return detail::un<vFloat>(TT_TX_SFPU_CAST, v.r, TT_TX_CAST_I2F);
}

// Rounds to nearest even, to int32 here (silicon saturates to int16).
inline vInt float_to_int16(const vFloat &v, int round_mode = 0)
{
	(void)round_mode;
	return detail::un<vInt>(TT_TX_SFPU_CAST, v.r, TT_TX_CAST_F2I_RNE);
}

inline vInt float_to_int32(const vFloat &v)
{
	return detail::un<vInt>(TT_TX_SFPU_CAST, v.r, TT_TX_CAST_F2I);
}

// Rounded to bf16 (nearest even), still a vFloat.
inline vFloat float_to_fp16b(const vFloat &v, int round_mode = 0)
{
	(void)round_mode;
	return detail::un<vFloat>(TT_TX_SFPU_CAST, v.r, TT_TX_CAST_F2BF16);
}

inline vFloat vec_min(const vFloat &a, const vFloat &b) { return detail::fop(TT_TX_SFPU_FMIN, a, b); }
inline vFloat vec_max(const vFloat &a, const vFloat &b) { return detail::fop(TT_TX_SFPU_FMAX, a, b); }

}  // namespace sfpi

// ---- lane masks ---------------------------------------------------------------------------

#define v_if(x)                                                        \
	{                                                              \
		::sfpi::detail::cc_scope ttfs_cc_scope_;              \
		ttfs_cc_scope_.cond(x);                                \
		{
#define v_elseif(x)                                                    \
	}                                                              \
	ttfs_cc_scope_.elseif_begin();                                 \
	ttfs_cc_scope_.cond(x);                                        \
	{
#define v_else                                                         \
	}                                                              \
	ttfs_cc_scope_.compc();                                        \
	{
#define v_endif                                                        \
	}                                                              \
	}
#define v_block {
#define v_endblock }
#define v_and(x) ttfs_cc_scope_.cond(x)
