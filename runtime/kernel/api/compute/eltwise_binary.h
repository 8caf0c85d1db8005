// SPDX-License-Identifier: Apache-2.0
//
// Elementwise binary ops: DST[idst] = A op B, A tile itile0 of icb0 (into
// SrcA), B tile itile1 of icb1 (into SrcB). With add_tiles_init's
// acc_to_dest the result is added to DST[idst] instead. mul uses the
// build's math fidelity, add and sub are exact, as on silicon.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

// Hardware configure for a binary op from icb0 and icb1 to ocb.
ALWI void binary_op_init_common(uint32_t icb0, uint32_t icb1, uint32_t ocb = 16)
{
	(void)icb0;
	(void)icb1;
	(void)ocb;
	ttfs::tx::configure();
	UNPACK((ttfs::tx::unpack_a_flags = 0));
	MATH((ttfs::tx::eltwise_flags = 0));
}

ALWI void binary_tiles_init_flags(bool acc_to_dest)
{
	MATH((ttfs::tx::eltwise_flags = acc_to_dest ? TT_TX_MATH_ACC : 0u));
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

ALWI void add_tiles_init(uint32_t icb0 = 0, uint32_t icb1 = 1, bool acc_to_dest = false)
{
	(void)icb0;
	(void)icb1;
	binary_tiles_init_flags(acc_to_dest);
}

ALWI void sub_tiles_init(uint32_t icb0 = 0, uint32_t icb1 = 1, bool acc_to_dest = false)
{
	(void)icb0;
	(void)icb1;
	binary_tiles_init_flags(acc_to_dest);
}

ALWI void mul_tiles_init(uint32_t icb0 = 0, uint32_t icb1 = 1)
{
	(void)icb0;
	(void)icb1;
	binary_tiles_init_flags(false);
}

// The older names.
ALWI void add_tiles_init_nof() { binary_tiles_init_flags(false); }
ALWI void sub_tiles_init_nof() { binary_tiles_init_flags(false); }
ALWI void mul_tiles_init_f() { binary_tiles_init_flags(false); }

ALWI void binary_tiles(uint32_t op, uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
		       uint32_t idst, const char *call)
{
	UNPACK((ttfs::tx::unpack(TT_TX_OP_UNPACK_A, icb0, itile0, 0, call)));
	UNPACK((ttfs::tx::unpack(TT_TX_OP_UNPACK_B, icb1, itile1, 0, call)));
	MATH((ttfs::tx::math_eltwise(idst, op, call, icb0)));
	(void)op;
	(void)call;
}

ALWI void add_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst)
{
	binary_tiles(TT_TX_ELT_ADD, icb0, icb1, itile0, itile1, idst, "add_tiles");
}

ALWI void sub_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst)
{
	binary_tiles(TT_TX_ELT_SUB, icb0, icb1, itile0, itile1, idst, "sub_tiles");
}

ALWI void mul_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst)
{
	binary_tiles(TT_TX_ELT_MUL, icb0, icb1, itile0, itile1, idst, "mul_tiles");
}

#pragma GCC diagnostic pop
