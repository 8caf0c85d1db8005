/* SPDX-License-Identifier: Apache-2.0
 *
 * The ttfs Tensix coprocessor: the MMIO command set that the three TRISCs
 * of a simulated core drive, shared by the kernel SDK's compute headers
 * (runtime/kernel/api/compute, sfpi.h) and the simulator
 * (runtime/sim/tensix). docs/tensix.md describes it for users.
 *
 * Silicon's TRISCs push Tensix instructions (UNPACR, ELWADD, MVMUL, PACR,
 * SFPLOAD, ...) into a per-thread instruction FIFO. Ours write one command
 * at a time into a per-thread window: arguments first, then the opcode,
 * which executes the command at once (the model is functional: it computes
 * the right numbers and does not model cycles). What stays as on silicon
 * is the division of work (TRISC0 unpacks, TRISC1 does math and the SFPU,
 * TRISC2 packs), the DST register file with its sections and the
 * acquire/commit/wait/release handshake through Tensix semaphore MATH_PACK,
 * the SrcA/SrcB operand registers between unpacker and math, the tile
 * layout (four 16x16 faces), and the rounding of each conversion
 * (docs/tensix.md).
 *
 * Blocking: a command never blocks. Where silicon stalls a thread, the SDK
 * first polls a status register or a semaphore with plain loads until the
 * resource is free, then issues the command. A poll loop is a fixed point,
 * so the simulator parks the TRISC until a sibling's store changes
 * something, and hang diagnosis names what it polls (SRC_STATUS: the
 * operand registers; a semaphore: the DST handshake). A command issued
 * when its resource is not free (the SDK did not wait) is a fault.
 *
 * Faults: a bad command (a DST index out of range, an unsupported format,
 * pack_tile without tile_regs_wait, ...) stops the issuing TRISC with a
 * fault whose detail names the unit, the CB and the reason; status shows
 * it with the core and the RISC.
 */
#ifndef TT_TENSIX_H
#define TT_TENSIX_H

/* ---- windows --------------------------------------------------------------- */

/* The command window. Only TRISC0..2 may access it; each sees its own
 * argument registers. BRISC and NCRISC fault on it (except TT_TX_RESET). */
#define TT_TX_BASE           0xFFE40000u
#define TT_TX_END            0xFFE41000u
#define TT_TX_ARG(i)         (TT_TX_BASE + 4u * (i))   /* i < TT_TX_NUM_ARGS, write/read */
#define TT_TX_NUM_ARGS       8u
#define TT_TX_CMD            (TT_TX_BASE + 0x40u)      /* write an opcode: execute it */
/* Read: operand registers holding unpacked tiles not yet used by math.
 * Bits 0-1 SrcA (0..TT_TX_SRC_DEPTH), bits 8-9 SrcB. */
#define TT_TX_SRC_STATUS     (TT_TX_BASE + 0x80u)
#define TT_TX_SRC_DEPTH      2u
#define TT_TX_SRCA_COUNT(s)  ((s) & 0x3u)
#define TT_TX_SRCB_COUNT(s)  (((s) >> 8) & 0x3u)
/* Read: the DST section math writes (bits 0-1) and pack reads (bits 8-9),
 * 0 or 1; the configured tiles per section in bits 16-23. For DPRINT and
 * diagnosis. */
#define TT_TX_DST_STATUS     (TT_TX_BASE + 0x84u)
/* Write (TRISC1): one SFPU instruction word (below); its immediate, if
 * any, is written to TT_TX_SFPU_IMM first. */
#define TT_TX_SFPU           (TT_TX_BASE + 0x100u)
#define TT_TX_SFPU_IMM       (TT_TX_BASE + 0x104u)
/* Write 1 (any RISC, BRISC firmware before each launch): the coprocessor's
 * power-on state: DST zeroed, both sections free, operand registers
 * empty, semaphores at their defaults, SFPU registers and lane flags
 * cleared, the default configuration (16-bit DST, SyncHalf, HiFi4). The
 * simulator also resets it when TRISC0..2 are all put in soft reset. */
#define TT_TX_RESET          (TT_TX_BASE + 0xFF0u)

/* Tensix semaphores, at silicon's PC_BUF_BASE + 4 * (8 + i): a read gives
 * the value; writing an odd value decrements it (if > 0, "SEMGET"), an even
 * value increments it (if < 15, "SEMPOST"). Each has a max, set with
 * TT_TX_OP_SEMINIT and readable at TT_TX_SEM_MAX(i) (a ttfs addition:
 * silicon's SEMWAIT compares against it in hardware). */
#define TT_TX_SEM(i)         (0xFFE80020u + 4u * (i))
#define TT_TX_SEM_MAX(i)     (0xFFE80060u + 4u * (i))
#define TT_TX_NUM_SEMS       8u
/* Indices as in tt-llk's ckernel_structs.h. */
#define TT_TX_SEM_FPU_SFPU        0u
#define TT_TX_SEM_MATH_PACK       1u   /* DST sections committed by math, not yet released by pack */
#define TT_TX_SEM_UNPACK_TO_DEST  2u
#define TT_TX_SEM_UNPACK_OPERAND  3u
#define TT_TX_SEM_PACK_DONE       4u
#define TT_TX_SEM_UNPACK_SYNC     5u
#define TT_TX_SEM_UNPACK_MATH     6u
#define TT_TX_SEM_MATH_DONE       7u

/* ---- commands (write to TT_TX_CMD after the arguments) ----------------------- */

enum tt_tx_op {
	TT_TX_OP_NOP = 0,

	/* Any TRISC. ARG0 DST mode (TT_TX_DST_16B or TT_TX_DST_FP32), ARG1 sync
	 * (TT_TX_SYNC_HALF or TT_TX_SYNC_FULL), ARG2 math fidelity (0 LoFi, 2
	 * HiFi2, 3 HiFi3, 4 HiFi4), ARG3 approximate mode (0/1). All three
	 * TRISCs configure with the same values at kernel start (the build's
	 * chlkc_descriptors.h); a different value from another thread while a
	 * section is in use is a fault. */
	TT_TX_OP_CONFIG = 1,
	/* Any TRISC. ARG0 semaphore, ARG1 initial value, ARG2 max (<= 15). */
	TT_TX_OP_SEMINIT = 2,

	/* TRISC0, unpacker. ARG0 the tile's L1 byte address, ARG1 its
	 * DataFormat, ARG2 flags (TT_TX_UNPACK_*), ARG3 the CB index (for
	 * messages), ARG4 the CB's tile size in bytes. Converts the tile into
	 * the next free SrcA (UNPACK_A) or SrcB (UNPACK_B) entry; the SDK waits
	 * for a free entry on TT_TX_SRC_STATUS first. */
	TT_TX_OP_UNPACK_A = 16,
	TT_TX_OP_UNPACK_B = 17,
	/* Unpack with tilize (tilize_block): ARG0 the L1 byte address of the
	 * tile's element (0, 0) in row-major data, ARG1 its DataFormat
	 * (Float32, Float16_b, Float16, Int32, UInt32, UInt16), ARG2 the row
	 * pitch in bytes, ARG3 the CB, ARG4 the CB's tile size, ARG5 flags
	 * (TT_TX_UNPACK_TO_DEST). The 32 rows of 32 values at ARG0 + r * ARG2
	 * into the next SrcA entry. */
	TT_TX_OP_UNPACK_TILIZE_A = 18,

	/* TRISC1, math: DST indices are tiles of math's current section. */
	/* ARG0 DST index. DST[i] = SrcA (pops SrcA). */
	TT_TX_OP_MATH_COPY = 32,
	/* ARG0 DST index, ARG1 TT_TX_ELT_ADD/SUB/MUL, ARG2 flags
	 * (TT_TX_MATH_ACC: DST[i] += result). DST[i] = SrcA op SrcB (pops both). */
	TT_TX_OP_MATH_ELTWISE = 33,
	/* ARG0 DST index. DST[i] += SrcB x SrcA, the 32x32 matrix product
	 * (matmul_tiles(in0, in1): in0 is unpacked to SrcB, in1 to SrcA). */
	TT_TX_OP_MATH_MATMUL = 34,
	/* ARG0 DST index, ARG1 TT_TX_REDUCE_ROW/COL/SCALAR, ARG2 TT_TX_POOL_SUM
	 * or TT_TX_POOL_MAX. DST[i] (op)= reduce(SrcA) scaled by SrcB's [0][0]
	 * (the scaler tile), into column 0 (ROW), row 0 (COL) or [0][0].
	 * SCALAR pools twice, columns then the row of results, and scales at
	 * each pass, as silicon's two GAPOOL/GMPOOL passes do (so tt-metal
	 * passes 1/sqrt(N) for an average). */
	TT_TX_OP_MATH_REDUCE = 35,
	/* tile_regs_commit: hand math's section to pack (SEMPOST MATH_PACK) and
	 * move math to the other section (SyncHalf). A fault if no section was
	 * free (math did not tile_regs_acquire). */
	TT_TX_OP_MATH_COMMIT = 36,
	/* Broadcast (bcast.h): ARG0 DST index, ARG1 TT_TX_ELT_ADD/SUB/MUL, or
	 * TT_TX_ELT_COPY (unary_bcast: DST[i] = SrcB broadcast, pops SrcB
	 * only), ARG2 TT_TX_BCAST_COL/ROW/SCALAR, ARG3 the row of SrcB a ROW
	 * broadcast repeats (bcast_row_idx). DST[i] = SrcA op SrcB broadcast:
	 * COL repeats SrcB's column 0 across each row, ROW its row ARG3 down
	 * each column, SCALAR its [0][0]. Pops both. */
	TT_TX_OP_MATH_BCAST = 37,
	/* Dest reuse (binary_dest_reuse_tiles): ARG0 DST index, ARG1
	 * TT_TX_ELT_ADD/SUB/MUL, ARG2 TT_TX_REUSE_SRCA (DST[i] is operand A, B
	 * comes from SrcB) or TT_TX_REUSE_SRCB (DST[i] is B, A from SrcA).
	 * DST[i] = A op B; pops the one source register it reads. */
	TT_TX_OP_MATH_REUSE = 38,

	/* TRISC2, packer: DST indices are tiles of pack's current section. */
	/* ARG0 DST index, ARG1 L1 byte address, ARG2 DataFormat, ARG3 CB index,
	 * ARG4 the CB's tile size. Converts DST[i] into the tile at ARG1. A
	 * fault if math has not committed a section (no tile_regs_wait). */
	TT_TX_OP_PACK = 48,
	/* tile_regs_release: zero pack's section, free it (SEMGET MATH_PACK)
	 * and move pack to the other section (SyncHalf). */
	TT_TX_OP_PACK_RELEASE = 49,
	/* Pack untilize (pack_untilize_block, untilize_block): ARG0 DST index,
	 * ARG1 the L1 byte address of element (0, 0) in the row-major output,
	 * ARG2 DataFormat (Float32, Float16_b, Float16, Int32, UInt32, UInt16),
	 * ARG3 CB, ARG4 the CB's tile size, ARG5 the row pitch in bytes. Row r
	 * of DST[i] goes to ARG1 + r * ARG5, rounded as PACK rounds. */
	TT_TX_OP_PACK_UNTILIZE = 50,

	/* Any TRISC: the SDK found an error it must report (it stops the
	 * TRISC with a fault naming it). ARG0 TT_TX_ERR_*, ARG1 the CB index,
	 * ARG2 and ARG3 values for the message, ARG4 the L1 address of a
	 * NUL-terminated API call name (or 0). */
	TT_TX_OP_ERROR = 64,
};

#define TT_TX_DST_16B   0u
#define TT_TX_DST_FP32  1u
#define TT_TX_SYNC_HALF 0u
#define TT_TX_SYNC_FULL 1u

/* ARG5 of UNPACK_A/B and PACK: the CB's tile shape (tt-metal's Tile),
 * rows in bits 0-7 and columns in bits 8-15; 0 is 32x32. The faces are
 * min(rows, 16) rows of 16 values, rows x cols / (face rows x 16) of them,
 * one after the other in L1; face f is DST's face f (rows 0 up). */
#define TT_TX_SHAPE(rows, cols) ((unsigned)(rows) | ((unsigned)(cols) << 8))
#define TT_TX_SHAPE_ROWS(s)     ((s) ? ((s) & 0xFFu) : 32u)
#define TT_TX_SHAPE_COLS(s)     ((s) ? (((s) >> 8) & 0xFFu) : 32u)
/* tt-metal's tile shapes: 1, 2, 4, 8, 16 or 32 rows of 16 or 32. */
#define TT_TX_SHAPE_VALID(rows, cols) \
	((rows) >= 1 && (rows) <= 32 && !((rows) & ((rows) - 1)) && ((cols) == 16 || (cols) == 32))
#define TT_TX_SHAPES "32x32, 16x32, 32x16, 16x16, 8x32, 4x32, 2x32, 1x32, 8x16, 4x16, 2x16, 1x16"

#define TT_TX_UNPACK_TRANSPOSE 0x1u   /* transpose the 32x32 tile (faces and within faces) */
/* UNPACK_A, UNPACK_TILIZE_A: the CB is UnpackToDestFp32 (tt-metal's
 * unpack_to_dest_mode): a Float32 tile goes to an fp32 DST whole, where
 * through SrcA it loses the 13 mantissa bits TF32 drops. */
#define TT_TX_UNPACK_TO_DEST   0x2u

#define TT_TX_ELT_ADD 0u
#define TT_TX_ELT_SUB 1u
#define TT_TX_ELT_MUL 2u
#define TT_TX_ELT_COPY 3u   /* MATH_BCAST only: unary_bcast */
#define TT_TX_MATH_ACC 0x1u

#define TT_TX_BCAST_COL    1u   /* values as tt-metal's BroadcastType */
#define TT_TX_BCAST_ROW    2u
#define TT_TX_BCAST_SCALAR 3u

#define TT_TX_REUSE_SRCA 1u   /* values as tt-metal's EltwiseBinaryReuseDestType */
#define TT_TX_REUSE_SRCB 2u

#define TT_TX_REDUCE_ROW    0u
#define TT_TX_REDUCE_COL    1u
#define TT_TX_REDUCE_SCALAR 2u
#define TT_TX_POOL_SUM 0u
#define TT_TX_POOL_MAX 1u

/* ARG1 of an error about no CB (a DST index of an SFPU op). */
#define TT_TX_NO_CB 0xFFFFFFFFu

/* Errors the SDK reports with TT_TX_OP_ERROR. */
enum tt_tx_error {
	TT_TX_ERR_CB_UNCONFIGURED = 1,   /* ARG1 cb: the CB was never configured */
	TT_TX_ERR_CB_TOO_SMALL = 2,      /* ARG1 cb, ARG2 pages asked, ARG3 pages it holds */
	TT_TX_ERR_DST_INDEX = 3,         /* ARG1 the call's CB (TT_TX_NO_CB: none), ARG2 index,
					  * ARG3 tiles per section */
	TT_TX_ERR_SFPU_REGS = 4,         /* more live sfpi values than TT_TX_SFPU_REGS (ARG2) */
};

/* DST tiles per section: 16-bit DST holds 16 tiles, fp32 8; SyncHalf
 * splits them in two sections. */
#define TT_TX_DST_TILES(mode, sync) \
	((((mode) == TT_TX_DST_FP32) ? 8u : 16u) >> (((sync) == TT_TX_SYNC_HALF) ? 1 : 0))

/* ---- SFPU instructions (write to TT_TX_SFPU) ----------------------------------
 *
 * The SFPU is a 32-lane vector unit over DST. It has TT_TX_SFPU_REGS
 * vector registers of 32 lanes x 32 bits (silicon has 8 plus constants;
 * ours has more so that sfpi.h needs no register allocator: each live
 * vFloat/vInt owns one) and per-lane flags with a stack for v_if.
 *
 * Word: op bits 0-7, vd 8-12, va 13-17, vb 18-22, vc 23-27, mod 28-31.
 *
 * DST addressing as on silicon: LOAD/STORE address A (TT_TX_SFPU_IMM, in
 * DST rows of math's section, plus the RWC counter) maps lane L to row
 * (A & ~3) + L / 8 and column 2 * (L % 8) + ((A >> 1) & 1). sfpi's
 * dst_reg[k] is A = 2k; tile t starts at A = 64t.
 *
 * Lanes: an instruction changes only enabled lanes. A lane is enabled when
 * lane flags are off (TT_TX_SFPU_ENCC mod 0, the state after RESET) or its
 * flag is set.
 */
#define TT_TX_SFPU_REGS 32u
#define TT_TX_SFPU_LANES 32u
#define TT_TX_SFPU_STACK 8u

#define TT_TX_SFPU_WORD(op, vd, va, vb, vc, mod)                                   \
	((unsigned)(op) | ((unsigned)(vd) << 8) | ((unsigned)(va) << 13) |           \
	 ((unsigned)(vb) << 18) | ((unsigned)(vc) << 23) | ((unsigned)(mod) << 28))

enum tt_tx_sfpu_op {
	/* vd = DST[A], mod TT_TX_SFPU_FMT_*. A = IMM + RWC. */
	TT_TX_SFPU_LOAD = 1,
	/* DST[A] = va, mod TT_TX_SFPU_FMT_*. Float into 16-bit DST truncates
	 * to bf16 (denormals flushed), as silicon's SFPSTORE. */
	TT_TX_SFPU_STORE = 2,
	TT_TX_SFPU_LOADI = 3,      /* vd = IMM (32 bits, every lane) */
	TT_TX_SFPU_MOV = 4,        /* vd = va */
	TT_TX_SFPU_INCRWC = 5,     /* RWC += IMM (dst_reg++ is 2); RESET and MATH_COMMIT zero it */
	/* vd = each enabled lane's PRNG value, then that lane's PRNG steps
	 * (silicon's SFPMOV from the PRNG, RS[9]); disabled lanes neither
	 * read nor step. Each lane has a 32-bit LFSR: the next state is
	 * (old >> 1) | (!parity(old & 0x80200003) << 31) (XNOR of taps 31,
	 * 21, 1, 0; tt-isa-documentation, VectorUnit.md "PRNG"). */
	TT_TX_SFPU_RAND = 6,
	/* Seed every lane's PRNG from IMM as silicon's write of the
	 * PRNG_SEED_Seed_Val configuration register does (tt-llk's
	 * init_prng_seed): IMM stepped 32 times, then lanes 31 down to 0 each
	 * take it after two more steps. RESET zeroes the PRNGs. */
	TT_TX_SFPU_SEED = 7,

	/* float, IEEE fp32 per lane */
	TT_TX_SFPU_FADD = 16,      /* vd = va + vb */
	TT_TX_SFPU_FSUB = 17,      /* vd = va - vb */
	TT_TX_SFPU_FMUL = 18,      /* vd = va * vb */
	TT_TX_SFPU_FMAD = 19,      /* vd = va * vb + vc */
	TT_TX_SFPU_FMIN = 20,
	TT_TX_SFPU_FMAX = 21,
	TT_TX_SFPU_FUNC = 22,      /* vd = f(va), mod = TT_TX_FN_* (|va|, -va) */

	/* integer, two's complement per lane */
	TT_TX_SFPU_IADD = 32,      /* vd = va + vb */
	TT_TX_SFPU_ISUB = 33,
	TT_TX_SFPU_IAND = 34,
	TT_TX_SFPU_IOR = 35,
	TT_TX_SFPU_IXOR = 36,
	TT_TX_SFPU_INOT = 37,      /* vd = ~va */
	TT_TX_SFPU_ISHL = 38,      /* vd = va << vb */
	TT_TX_SFPU_ISHR = 39,      /* vd = va >> vb, logical */
	TT_TX_SFPU_IASHR = 40,     /* vd = va >> vb, arithmetic */

	/* conversions and field access (sfpi intrinsics) */
	TT_TX_SFPU_CAST = 48,      /* vd = convert(va), mod = TT_TX_CAST_* */
	TT_TX_SFPU_EXEXP = 49,     /* vd = unbiased exponent of va (int) */
	TT_TX_SFPU_EXMAN = 50,     /* vd = mantissa of va with the implicit 1 (mod 1: without) */
	TT_TX_SFPU_SETEXP = 51,    /* vd = va with exponent field = vb's low 8 bits (biased) */
	TT_TX_SFPU_SETMAN = 52,    /* vd = va with mantissa field = vb's low 23 bits */
	TT_TX_SFPU_SETSGN = 53,    /* vd = va with sign = vb's bit 0 */
	TT_TX_SFPU_ADDEXP = 54,    /* vd = va with vb added to its exponent */
	TT_TX_SFPU_LZ = 55,        /* vd = leading zeros of va */

	/* lane flags (v_if) */
	/* Flags of enabled lanes = compare(va), mod = TT_TX_CC_*; with mod bit
	 * 3 (TT_TX_CC_INT) va is compared as int32, else as float. */
	TT_TX_SFPU_SETCC = 64,
	/* mod 0: lane flags off (all enabled); 1: on, every flag set if they
	 * were off, nothing changed if already on (v_if may issue it at any
	 * depth) */
	TT_TX_SFPU_ENCC = 65,
	TT_TX_SFPU_PUSHC = 66,     /* push {flags, on} */
	TT_TX_SFPU_POPC = 67,      /* pop them back */
	/* flags = top-of-stack enable && !flags (v_else): the lanes the pushed
	 * state enabled (its flags if they were on, all if off or the stack is
	 * empty) */
	TT_TX_SFPU_COMPC = 68,
};

#define TT_TX_SFPU_FMT_FLOAT 0u   /* DST value as fp32 (bf16 DST: bits << 16) */
#define TT_TX_SFPU_FMT_INT   1u   /* DST's 32 bits as they are (fp32 DST), or sign-extended 16 */
/* Unsigned 16 bits (silicon's LO16): a load zero-extends the low 16 bits
 * of an fp32 DST value or a 16-bit DST's 16 bits; a store writes the low
 * 16 bits of va, zero-extended into an fp32 DST. */
#define TT_TX_SFPU_FMT_LO16  2u

#define TT_TX_CC_LT0  0u
#define TT_TX_CC_NE0  1u
#define TT_TX_CC_GTE0 2u
#define TT_TX_CC_EQ0  3u
#define TT_TX_CC_LTE0 4u
#define TT_TX_CC_GT0  5u
#define TT_TX_CC_INT  8u

#define TT_TX_CAST_I2F     0u     /* int32 to float, round to nearest even */
#define TT_TX_CAST_F2I     1u     /* float to int32, toward zero, saturating; NaN 0 */
#define TT_TX_CAST_F2BF16  2u     /* float rounded to bf16 (nearest even), as fp32 */
#define TT_TX_CAST_F2I_RNE 3u     /* float to int32, nearest even, saturating */

/* Functions of TT_TX_SFPU_FUNC: the sign operations silicon has as
 * instructions of their own (SFPABS, SFPMOV with the sign complemented).
 * Every other function (exp, log, recip, ...) is SFPU code in the SDK
 * (ttfs/sfpu_math.h), as tt-llk computes it on silicon: the model computes
 * no function itself. */
enum tt_tx_fn {
	TT_TX_FN_ABS = 11,
	TT_TX_FN_NEG = 12,
};

#endif
