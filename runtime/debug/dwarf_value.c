/* SPDX-License-Identifier: Apache-2.0
 *
 * A parameter's value at an address (dwarf_value.h). libdw finds the
 * location expression that holds at the address (a location list's entry,
 * or the one expression) and decodes its operations; they run here on a
 * small stack over the RISC's registers and memory. What needs anything
 * else (a value on entry to the function, a frame base, a composite of
 * pieces) is unknown: never a guess.
 */
#include "debug/dwarf_value.h"

#include <dwarf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define STACK_MAX 16

/* An evaluated location: a value, or the memory address holding it. */
struct location {
	uint64_t v;
	bool in_memory;
};

struct machine {
	const struct srcline_state *st;
	uint64_t stack[STACK_MAX];
	int sp;
};

static int push(struct machine *m, uint64_t v)
{
	if (m->sp == STACK_MAX)
		return -ENOENT;
	m->stack[m->sp++] = v;
	return 0;
}

static int pop(struct machine *m, uint64_t *v)
{
	if (!m->sp)
		return -ENOENT;
	*v = m->stack[--m->sp];
	return 0;
}

static int reg(const struct machine *m, uint64_t n, uint64_t *v)
{
	if (!m->st || !m->st->x || n >= 32)
		return -ENOENT;
	*v = m->st->x[n];
	return 0;
}

/* size bytes of the RISC's memory at addr, little-endian. */
static int load(const struct machine *m, uint64_t addr, unsigned size, uint64_t *v)
{
	uint8_t b[8] = { 0 };

	if (!m->st || !m->st->read || size > sizeof(b) ||
	    m->st->read(m->st->ctx, addr, b, size))
		return -ENOENT;
	*v = 0;
	for (unsigned i = size; i-- > 0;)
		*v = *v << 8 | b[i];
	return 0;
}

/* The binary operations: 0, or -ENOENT for one this does not do. */
static int binary(struct machine *m, unsigned atom)
{
	uint64_t b, a, r;

	if (pop(m, &b) || pop(m, &a))
		return -ENOENT;
	switch (atom) {
	case DW_OP_plus: r = a + b; break;
	case DW_OP_minus: r = a - b; break;
	case DW_OP_mul: r = a * b; break;
	case DW_OP_and: r = a & b; break;
	case DW_OP_or: r = a | b; break;
	case DW_OP_xor: r = a ^ b; break;
	case DW_OP_shl: r = b < 64 ? a << b : 0; break;
	case DW_OP_shr: r = b < 64 ? a >> b : 0; break;
	case DW_OP_shra: r = b < 64 ? (uint64_t)((int64_t)a >> b) : 0; break;
	case DW_OP_div: if (!b) return -ENOENT; r = (uint64_t)((int64_t)a / (int64_t)b); break;
	case DW_OP_mod: if (!b) return -ENOENT; r = a % b; break;
	case DW_OP_eq: r = a == b; break;
	case DW_OP_ne: r = a != b; break;
	case DW_OP_lt: r = (int64_t)a < (int64_t)b; break;
	case DW_OP_gt: r = (int64_t)a > (int64_t)b; break;
	case DW_OP_le: r = (int64_t)a <= (int64_t)b; break;
	case DW_OP_ge: r = (int64_t)a >= (int64_t)b; break;
	default: return -ENOENT;
	}
	return push(m, r);
}

/* One operation that is not the last word on the location. */
static int step(struct machine *m, const Dwarf_Op *op)
{
	unsigned atom = op->atom;
	uint64_t a, b, c;

	if (atom >= DW_OP_lit0 && atom <= DW_OP_lit31)
		return push(m, atom - DW_OP_lit0);
	if (atom >= DW_OP_breg0 && atom <= DW_OP_breg31)
		return reg(m, atom - DW_OP_breg0, &a) ? -ENOENT : push(m, a + op->number);
	switch (atom) {
	case DW_OP_const1u: case DW_OP_const2u: case DW_OP_const4u: case DW_OP_const8u:
	case DW_OP_const1s: case DW_OP_const2s: case DW_OP_const4s: case DW_OP_const8s:
	case DW_OP_constu: case DW_OP_consts:
		return push(m, op->number);
	case DW_OP_addr:
		return push(m, op->number + (uint64_t)(m->st ? m->st->bias : 0));
	case DW_OP_bregx:
		return reg(m, op->number, &a) ? -ENOENT : push(m, a + op->number2);
	case DW_OP_plus_uconst:
		return pop(m, &a) ? -ENOENT : push(m, a + op->number);
	case DW_OP_deref:
		return pop(m, &a) || load(m, a, 4, &b) ? -ENOENT : push(m, b);
	case DW_OP_deref_size:
		return pop(m, &a) || load(m, a, (unsigned)op->number, &b) ? -ENOENT : push(m, b);
	case DW_OP_dup:
		return m->sp ? push(m, m->stack[m->sp - 1]) : -ENOENT;
	case DW_OP_over:
		return m->sp > 1 ? push(m, m->stack[m->sp - 2]) : -ENOENT;
	case DW_OP_pick:
		return op->number < (uint64_t)m->sp ? push(m, m->stack[m->sp - 1 - (int)op->number])
						    : -ENOENT;
	case DW_OP_drop:
		return pop(m, &a);
	case DW_OP_swap:
		if (pop(m, &a) || pop(m, &b))
			return -ENOENT;
		return push(m, a) || push(m, b);
	case DW_OP_rot:
		if (pop(m, &a) || pop(m, &b) || pop(m, &c))
			return -ENOENT;
		return push(m, a) || push(m, c) || push(m, b);
	case DW_OP_neg:
		return pop(m, &a) ? -ENOENT : push(m, -a);
	case DW_OP_not:
		return pop(m, &a) ? -ENOENT : push(m, ~a);
	case DW_OP_abs:
		return pop(m, &a) ? -ENOENT : push(m, (int64_t)a < 0 ? -a : a);
	case DW_OP_nop:
		return 0;
	default:
		return binary(m, atom);
	}
}

static int evaluate_simple(const Dwarf_Op *ops, size_t n, const struct srcline_state *st,
			   struct location *out);

/* size bytes of the location's value: a register's or computed value, or
 * memory at its address. */
static int value_of(const struct srcline_state *st, const struct location *loc, unsigned size,
		    uint64_t *v)
{
	struct machine m = { .st = st };

	if (!loc->in_memory) {
		*v = size >= 8 ? loc->v : loc->v & ((1ull << (8 * size)) - 1);
		return 0;
	}
	return load(&m, loc->v, size, v);
}

/* Runs the expression: where the value is. A composite (a 64-bit value in
 * two registers: DW_OP_reg10; DW_OP_piece 4; DW_OP_reg11; DW_OP_piece 4)
 * is put together here, low piece first, as a value. */
static int evaluate(const Dwarf_Op *ops, size_t n, const struct srcline_state *st,
		    struct location *out)
{
	uint64_t whole = 0, part;
	unsigned shift = 0;
	size_t start = 0;
	bool pieces = false;

	for (size_t i = 0; i < n; i++) {
		struct location loc;
		if (ops[i].atom != DW_OP_piece)
			continue;
		pieces = true;
		if (ops[i].number > 8 || shift + 8 * ops[i].number > 64 ||
		    evaluate_simple(ops + start, i - start, st, &loc) ||
		    value_of(st, &loc, (unsigned)ops[i].number, &part))
			return -ENOENT;
		whole |= part << shift;
		shift += 8 * (unsigned)ops[i].number;
		start = i + 1;
	}
	if (!pieces)
		return evaluate_simple(ops, n, st, out);
	if (start != n)
		return -ENOENT;
	*out = (struct location){ whole, false };
	return 0;
}

/* One location without pieces. */
static int evaluate_simple(const Dwarf_Op *ops, size_t n, const struct srcline_state *st,
			   struct location *out)
{
	struct machine m = { .st = st };
	uint64_t v;

	if (!n)
		return -ENOENT;   /* an empty location: optimised out */
	/* A register location: the value is the register's. */
	if (n == 1 && ((ops[0].atom >= DW_OP_reg0 && ops[0].atom <= DW_OP_reg31) ||
		       ops[0].atom == DW_OP_regx)) {
		uint64_t r = ops[0].atom == DW_OP_regx ? ops[0].number : (uint64_t)(ops[0].atom - DW_OP_reg0);
		if (reg(&m, r, &v))
			return -ENOENT;
		*out = (struct location){ v, false };
		return 0;
	}
	if (n == 1 && ops[0].atom == DW_OP_implicit_value) {
		const uint8_t *bytes = (const uint8_t *)(uintptr_t)ops[0].number2;
		size_t len = ops[0].number < 8 ? (size_t)ops[0].number : 8;

		v = 0;
		for (size_t i = len; i-- > 0;)
			v = v << 8 | bytes[i];
		*out = (struct location){ v, false };
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		if (ops[i].atom == DW_OP_stack_value && i == n - 1) {
			if (pop(&m, &v))
				return -ENOENT;
			*out = (struct location){ v, false };
			return 0;
		}
		if (step(&m, &ops[i]))
			return -ENOENT;
	}
	if (pop(&m, &v))
		return -ENOENT;
	*out = (struct location){ v, true };
	return 0;
}

/* The type of die with typedefs and qualifiers peeled off. */
static int type_of(Dwarf_Die *die, Dwarf_Die *type)
{
	Dwarf_Attribute a;

	if (!dwarf_attr_integrate(die, DW_AT_type, &a) || !dwarf_formref_die(&a, type))
		return -ENOENT;
	return dwarf_peel_type(type, type) == 0 ? 0 : -ENOENT;
}

static unsigned byte_size(Dwarf_Die *type)
{
	Dwarf_Word size = 4;
	Dwarf_Attribute a;

	if (dwarf_attr_integrate(type, DW_AT_byte_size, &a))
		dwarf_formudata(&a, &size);
	return size >= 1 && size <= 8 ? (unsigned)size : 0;
}

/* v, size bytes of it, sign-extended. */
static int64_t signed_of(uint64_t v, unsigned size)
{
	unsigned shift = 64 - 8 * size;

	return (int64_t)(v << shift) >> shift;
}

/* An enumerator of type whose value is v: its name. */
static const char *enumerator(Dwarf_Die *type, uint64_t v, unsigned size)
{
	Dwarf_Die child;
	Dwarf_Attribute a;
	Dwarf_Word u;

	if (dwarf_child(type, &child) != 0)
		return NULL;
	do {
		if (dwarf_tag(&child) == DW_TAG_enumerator &&
		    dwarf_formudata(dwarf_attr(&child, DW_AT_const_value, &a), &u) == 0 &&
		    (size == 8 || ((u ^ v) & ((1ull << (8 * size)) - 1)) == 0))
			return dwarf_diename(&child);
	} while (dwarf_siblingof(&child, &child) == 0);
	return NULL;
}

/* The value as the type shows it. */
static int render(Dwarf_Die *type, uint64_t v, char *buf, size_t len)
{
	unsigned size = byte_size(type);
	Dwarf_Attribute a;
	Dwarf_Word enc = 0;
	const char *name;
	uint64_t u;

	if (!size)
		return -ENOENT;
	u = size == 8 ? v : v & ((1ull << (8 * size)) - 1);
	switch (dwarf_tag(type)) {
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
		snprintf(buf, len, "0x%" PRIx64, u);
		return 0;
	case DW_TAG_enumeration_type:
		name = enumerator(type, u, size);
		if (name) {
			snprintf(buf, len, "%s", name);
			return 0;
		}
		snprintf(buf, len, "%" PRIu64, u);
		return 0;
	case DW_TAG_base_type:
		break;
	default:
		return -ENOENT;   /* a struct, an array: no one number */
	}
	dwarf_formudata(dwarf_attr_integrate(type, DW_AT_encoding, &a), &enc);
	if (enc == DW_ATE_boolean)
		snprintf(buf, len, "%s", u ? "true" : "false");
	else if (enc == DW_ATE_float && size == 4) {
		float f;
		uint32_t w = (uint32_t)u;
		memcpy(&f, &w, sizeof(f));
		snprintf(buf, len, "%g", (double)f);
	} else if ((enc == DW_ATE_signed || enc == DW_ATE_signed_char) && signed_of(u, size) < 0)
		snprintf(buf, len, "%" PRId64, signed_of(u, size));
	/* Small numbers (ids, counts, sizes) in decimal, addresses in hex. */
	else if (u < 0x10000)
		snprintf(buf, len, "%" PRIu64, u);
	else
		snprintf(buf, len, "0x%" PRIx64, u);
	return 0;
}

int dwarf_value_text(Dwarf_Die *die, Dwarf_Addr addr, const struct srcline_state *st, char *buf,
		     size_t len)
{
	struct location loc;
	Dwarf_Attribute a;
	Dwarf_Die type;
	Dwarf_Op *ops;
	size_t n = 0;
	Dwarf_Word u;
	Dwarf_Sword s;

	if (type_of(die, &type))
		return -ENOENT;
	if (dwarf_attr(die, DW_AT_const_value, &a)) {
		if (dwarf_formudata(&a, &u) == 0)
			return render(&type, u, buf, len);
		if (dwarf_formsdata(&a, &s) == 0)
			return render(&type, (uint64_t)s, buf, len);
		return -ENOENT;
	}
	if (!dwarf_attr(die, DW_AT_location, &a) || dwarf_getlocation_addr(&a, addr, &ops, &n, 1) != 1 ||
	    evaluate(ops, n, st, &loc))
		return -ENOENT;
	if (value_of(st, &loc, byte_size(&type), &loc.v))
		return -ENOENT;
	return render(&type, loc.v, buf, len);
}
