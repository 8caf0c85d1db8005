// SPDX-License-Identifier: Apache-2.0
//
// Elementwise binary ops: DST[idst] = A op B, A tile itile0 of icb0 (into
// SrcA), B tile itile1 of icb1 (into SrcB). With add_tiles_init's
// acc_to_dest the result is added to DST[idst] instead. mul uses the
// build's math fidelity, add and sub are exact, as on silicon. Also the
// 2026 block forms (add_block ...) and dest reuse (one operand from DST).
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

// tt-metal's 2026 init names (add_tiles_init and the rest stay beside them).
ALWI void add_init(uint32_t icb0, uint32_t icb1, bool acc_to_dest = false,
		   uint32_t call_line = __builtin_LINE())
{
	binary_tiles_init_flags(acc_to_dest);
}

ALWI void sub_init(uint32_t icb0, uint32_t icb1, bool acc_to_dest = false,
		   uint32_t call_line = __builtin_LINE())
{
	binary_tiles_init_flags(acc_to_dest);
}

// Unlike add and sub, tt-metal's mul_init defaults acc_to_dest to true
// and ignores it on Blackhole; so does this one.
ALWI void mul_init(uint32_t icb0, uint32_t icb1, bool acc_to_dest = true,
		   uint32_t call_line = __builtin_LINE())
{
	binary_tiles_init_flags(false);
}

template <bool full_init, EltwiseBinaryType eltwise_binary_type>
ALWI void binary_tiles_init(uint32_t icb0, uint32_t icb1, bool acc_to_dest = false,
			    uint32_t call_line = __builtin_LINE())
{
	binary_tiles_init_flags(eltwise_binary_type != EltwiseBinaryType::ELWMUL && acc_to_dest);
}

// ---- blocks: ntiles consecutive tile pairs into consecutive DST tiles ----------------

ALWI void add_block(uint32_t icb0, uint32_t icb1, uint32_t start_itile0, uint32_t start_itile1,
		    uint32_t start_idst, uint32_t ntiles)
{
	for (uint32_t i = 0; i < ntiles; i++)
		add_tiles(icb0, icb1, start_itile0 + i, start_itile1 + i, start_idst + i);
}

ALWI void sub_block(uint32_t icb0, uint32_t icb1, uint32_t start_itile0, uint32_t start_itile1,
		    uint32_t start_idst, uint32_t ntiles)
{
	for (uint32_t i = 0; i < ntiles; i++)
		sub_tiles(icb0, icb1, start_itile0 + i, start_itile1 + i, start_idst + i);
}

ALWI void mul_block(uint32_t icb0, uint32_t icb1, uint32_t start_itile0, uint32_t start_itile1,
		    uint32_t start_idst, uint32_t ntiles)
{
	for (uint32_t i = 0; i < ntiles; i++)
		mul_tiles(icb0, icb1, start_itile0 + i, start_itile1 + i, start_idst + i);
}

// ---- dest reuse: one operand is DST[idst] ---------------------------------------------
//
// DEST_TO_SRCA: DST[idst] = DST[idst] op tile itile of icb (the CB's tile
// goes to SrcB); DEST_TO_SRCB: DST[idst] = tile op DST[idst] (the tile goes
// to SrcA). DST's value is taken as it is, TF32 from an fp32 DST.

template <EltwiseBinaryType eltwise_binary_type = EltwiseBinaryType::ELWADD,
	  EltwiseBinaryReuseDestType reuse_dest = EltwiseBinaryReuseDestType::NONE>
ALWI void binary_dest_reuse_tiles_init(uint32_t icb0, uint32_t call_line = __builtin_LINE())
{
	UNPACK((ttfs::tx::unpack_a_flags = 0));
}

template <EltwiseBinaryType eltwise_binary_type = EltwiseBinaryType::ELWADD,
	  EltwiseBinaryReuseDestType reuse_dest = EltwiseBinaryReuseDestType::NONE>
ALWI void binary_dest_reuse_tiles(uint32_t in_cb_id, uint32_t in_tile_index, uint32_t dst_tile_index)
{
	static_assert(reuse_dest != EltwiseBinaryReuseDestType::NONE,
		      "binary_dest_reuse_tiles needs DEST_TO_SRCA or DEST_TO_SRCB");
	static_assert(eltwise_binary_type == EltwiseBinaryType::ELWADD ||
			      eltwise_binary_type == EltwiseBinaryType::ELWSUB ||
			      eltwise_binary_type == EltwiseBinaryType::ELWMUL,
		      "dest reuse ops are ELWADD, ELWSUB and ELWMUL");
	constexpr bool dst_is_a = reuse_dest == EltwiseBinaryReuseDestType::DEST_TO_SRCA;
	constexpr uint32_t op = eltwise_binary_type == EltwiseBinaryType::ELWADD ? TT_TX_ELT_ADD :
				eltwise_binary_type == EltwiseBinaryType::ELWSUB ? TT_TX_ELT_SUB :
										   TT_TX_ELT_MUL;

	UNPACK((ttfs::tx::unpack(dst_is_a ? TT_TX_OP_UNPACK_B : TT_TX_OP_UNPACK_A, in_cb_id,
				 in_tile_index, 0, "binary_dest_reuse_tiles")));
	MATH((ttfs::tx::math_reuse(dst_tile_index, op, dst_is_a ? TT_TX_REUSE_SRCA : TT_TX_REUSE_SRCB,
				   "binary_dest_reuse_tiles", in_cb_id)));
}

// The 2026 names of the same.
#define TTFS_REUSE_DEST(name, type)                                                            \
	template <EltwiseBinaryReuseDestType reuse_dest>                                       \
	ALWI void name##_reuse_dest_init(uint32_t icb, uint32_t call_line = __builtin_LINE())   \
	{                                                                                      \
		binary_dest_reuse_tiles_init<EltwiseBinaryType::type, reuse_dest>(icb);         \
	}                                                                                      \
	template <EltwiseBinaryReuseDestType reuse_dest>                                       \
	ALWI void name##_reuse_dest_tiles(uint32_t icb, uint32_t itile, uint32_t idst)          \
	{                                                                                      \
		binary_dest_reuse_tiles<EltwiseBinaryType::type, reuse_dest>(icb, itile, idst); \
	}
TTFS_REUSE_DEST(add, ELWADD)
TTFS_REUSE_DEST(sub, ELWSUB)
TTFS_REUSE_DEST(mul, ELWMUL)
#undef TTFS_REUSE_DEST

#pragma GCC diagnostic pop
