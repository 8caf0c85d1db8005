/* SPDX-License-Identifier: Apache-2.0
 *
 * The Tensix coprocessor's state and its MMIO windows (tt/tensix.h): the
 * per-TRISC argument registers, the command register that runs a command
 * at once, the status registers, the Tensix semaphores, reset and the
 * errors the SDK reports. The units (unpack.c, math.c, dst.c, pack.c,
 * sfpu.c) do the work; this file checks who may issue what.
 */
#include "tensix.h"
#include "formats.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define SEM_VALUE_MAX 15u
#define CALL_NAME_MAX 48u

static const char *const roles[3] = { "unpack", "math", "pack" };

const char *tx_role(int hart)
{
	return hart >= TX_HART_TRISC0 && hart < TX_HART_TRISC0 + 3 ? roles[hart - TX_HART_TRISC0]
								   : "tensix";
}

int tx_fail(struct sim_tensix *tx, const char *fmt, ...)
{
	va_list ap;

	if (!tx->fault || !tx->fault_len)
		return -1;
	va_start(ap, fmt);
	vsnprintf(tx->fault, tx->fault_len, fmt, ap);
	va_end(ap);
	return -1;
}

int tx_cb_window(struct sim_tensix *tx, uint32_t cb, uint32_t addr, uint32_t len, int into,
		 const char *what)
{
	char why[TX_FAULT_MAX];

	if (!tx->tile_check ||
	    !tx->tile_check(tx->tile_check_ctx, tx->hart, cb, addr, len, into, why, sizeof(why)))
		return 0;
	return tx_fail(tx, "%s: %s of %u bytes %s L1 0x%x: %s", tx_role(tx->hart), what, len,
		       into ? "to" : "from", addr, why);
}

uint32_t tx_arg(const struct sim_tensix *tx, unsigned i)
{
	return tx->args[tx->hart - TX_HART_TRISC0][i];
}

/* Anonymous pages: the 120 cores' DST stay untouched until used. */
struct sim_tensix *sim_tensix_new(uint8_t *l1, uint32_t l1_size)
{
	struct sim_tensix *tx = mmap(NULL, sizeof(*tx), PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (tx == MAP_FAILED)
		return NULL;
	tx->l1 = l1;
	tx->l1_size = l1_size;
	sim_tensix_reset(tx);
	return tx;
}

void sim_tensix_free(struct sim_tensix *tx)
{
	if (tx)
		munmap(tx, sizeof(*tx));
}

void sim_tensix_reset(struct sim_tensix *tx)
{
	memset(tx->args, 0, sizeof(tx->args));
	tx->dst_mode = TT_TX_DST_16B;
	tx->sync = TT_TX_SYNC_HALF;
	tx->fidelity = 4;
	tx->approx = 0;
	tx_dst_reset(tx);
	tx->srca.head = tx->srcb.head = 0;
	atomic_store(&tx->srca.count, 0);
	atomic_store(&tx->srcb.count, 0);
	tx_sfpu_reset(tx);
	for (unsigned i = 0; i < TT_TX_NUM_SEMS; i++) {
		atomic_store(&tx->sem[i], 0);
		atomic_store(&tx->sem_max[i], i == TT_TX_SEM_MATH_PACK ? 2 : SEM_VALUE_MAX);
	}
}

int sim_tensix_owns(uint32_t addr)
{
	return (addr >= TT_TX_BASE && addr < TT_TX_END) ||
	       (addr >= TT_TX_SEM(0) && addr < TT_TX_SEM_MAX(TT_TX_NUM_SEMS));
}

static int is_trisc(int hart)
{
	return hart >= TX_HART_TRISC0 && hart < TX_HART_TRISC0 + 3;
}

static const char *hart_name(int hart)
{
	static const char *const names[5] = { "brisc", "ncrisc", "trisc0", "trisc1", "trisc2" };

	return hart >= 0 && hart < 5 ? names[hart] : "the host";
}

static int config(struct sim_tensix *tx)
{
	uint32_t mode = tx_arg(tx, 0), sync = tx_arg(tx, 1), fid = tx_arg(tx, 2), approx = tx_arg(tx, 3);
	const char *who = tx_role(tx->hart);
	int busy;

	if (mode > TT_TX_DST_FP32 || sync > TT_TX_SYNC_FULL)
		return tx_fail(tx, "%s: bad configuration: DST mode %u, sync %u", who, mode, sync);
	if (fid != 0 && (fid < 2 || fid > 4))
		return tx_fail(tx, "%s: bad math fidelity %u (0 LoFi, 2 HiFi2, 3 HiFi3, 4 HiFi4)",
			       who, fid);
	if (mode == tx->dst_mode && sync == tx->sync) {
		tx->fidelity = fid;
		tx->approx = approx & 1;
		return 0;
	}
	busy = atomic_load(&tx->sem[TT_TX_SEM_MATH_PACK]) || tx->dst_written ||
	       atomic_load(&tx->srca.count) || atomic_load(&tx->srcb.count);
	if (busy)
		return tx_fail(tx, "%s: configuration (%s DST, %s) differs from the other threads' "
			       "(%s DST, %s) while DST is in use", who,
			       mode == TT_TX_DST_FP32 ? "fp32" : "16-bit",
			       sync == TT_TX_SYNC_HALF ? "SyncHalf" : "SyncFull",
			       tx->dst_mode == TT_TX_DST_FP32 ? "fp32" : "16-bit",
			       tx->sync == TT_TX_SYNC_HALF ? "SyncHalf" : "SyncFull");
	tx->dst_mode = mode;
	tx->sync = sync;
	tx->fidelity = fid;
	tx->approx = approx & 1;
	tx_dst_reset(tx);
	return 0;
}

static int seminit(struct sim_tensix *tx)
{
	uint32_t sem = tx_arg(tx, 0), init = tx_arg(tx, 1), max = tx_arg(tx, 2);

	if (sem >= TT_TX_NUM_SEMS || init > SEM_VALUE_MAX || max > SEM_VALUE_MAX)
		return tx_fail(tx, "%s: SEMINIT of semaphore %u to %u (max %u): out of range",
			       tx_role(tx->hart), sem, init, max);
	atomic_store(&tx->sem_max[sem], max);
	atomic_store(&tx->sem[sem], init);
	return 0;
}

/* A NUL-terminated name at an L1 address, for messages. */
static void call_name(struct sim_tensix *tx, uint32_t addr, char *buf, size_t len)
{
	size_t n = 0;

	if (addr && addr < tx->l1_size)
		while (n + 1 < len && n < CALL_NAME_MAX && addr + n < tx->l1_size &&
		       tx->l1[addr + n] >= 0x20 && tx->l1[addr + n] < 0x7F) {
			buf[n] = (char)tx->l1[addr + n];
			n++;
		}
	buf[n] = '\0';
}

static int sdk_error(struct sim_tensix *tx)
{
	uint32_t code = tx_arg(tx, 0), cb = tx_arg(tx, 1), a = tx_arg(tx, 2), b = tx_arg(tx, 3);
	const char *who = tx_role(tx->hart);
	char call[CALL_NAME_MAX + 1], desc[32];

	call_name(tx, tx_arg(tx, 4), call, sizeof(call));
	switch (code) {
	case TT_TX_ERR_CB_UNCONFIGURED:
		if (call[0])
			return tx_fail(tx, "%s: CB %u was never configured (%s)", who, cb, call);
		return tx_fail(tx, "%s: CB %u was never configured", who, cb);
	case TT_TX_ERR_CB_TOO_SMALL:
		return tx_fail(tx, "%s: %s(cb %u, %u pages): CB %u holds only %u pages", who,
			       call[0] ? call : "cb_wait_front", cb, a, cb, b);
	case TT_TX_ERR_DST_INDEX:
		if (cb == TT_TX_NO_CB)
			return tx_fail(tx, "%s: %s%sDST index %u out of range (%u tiles per section: %s)",
				       who, call, call[0] ? ": " : "", a, b,
				       tx_dst_describe(tx, desc, sizeof(desc)));
		return tx_fail(tx, "%s: %s%sDST index %u out of range (%u tiles per section: %s), CB %u",
			       who, call, call[0] ? ": " : "", a, b,
			       tx_dst_describe(tx, desc, sizeof(desc)), cb);
	default:
		return tx_fail(tx, "%s: error %u reported by the kernel (cb %u, %u, %u)%s%s", who,
			       code, cb, a, b, call[0] ? " in " : "", call);
	}
}

/* Which TRISC a command belongs to (0..2), or -1 for any. */
static int op_owner(uint32_t op)
{
	if (op >= TT_TX_OP_UNPACK_A && op <= TT_TX_OP_UNPACK_TILIZE_A)
		return 0;
	if (op >= TT_TX_OP_MATH_COPY && op <= TT_TX_OP_MATH_REUSE)
		return 1;
	if (op >= TT_TX_OP_PACK && op <= TT_TX_OP_PACK_UNTILIZE)
		return 2;
	return -1;
}

static int command(struct sim_tensix *tx, uint32_t op)
{
	int owner = op_owner(op);

	if (owner >= 0 && tx->hart != TX_HART_TRISC0 + owner)
		return tx_fail(tx, "%s: command %u issued by trisc%d (%s); only trisc%d (%s) may",
			       roles[owner], op, tx->hart - TX_HART_TRISC0, tx_role(tx->hart),
			       owner, roles[owner]);
	switch (op) {
	case TT_TX_OP_NOP: return 0;
	case TT_TX_OP_CONFIG: return config(tx);
	case TT_TX_OP_SEMINIT: return seminit(tx);
	case TT_TX_OP_UNPACK_A: return tx_unpack(tx, 0);
	case TT_TX_OP_UNPACK_B: return tx_unpack(tx, 1);
	case TT_TX_OP_UNPACK_TILIZE_A: return tx_unpack_tilize(tx);
	case TT_TX_OP_MATH_COPY: return tx_math_copy(tx);
	case TT_TX_OP_MATH_ELTWISE: return tx_math_eltwise(tx);
	case TT_TX_OP_MATH_MATMUL: return tx_math_matmul(tx);
	case TT_TX_OP_MATH_REDUCE: return tx_math_reduce(tx);
	case TT_TX_OP_MATH_COMMIT: return tx_dst_commit(tx);
	case TT_TX_OP_MATH_BCAST: return tx_math_bcast(tx);
	case TT_TX_OP_MATH_REUSE: return tx_math_reuse(tx);
	case TT_TX_OP_PACK: return tx_pack(tx);
	case TT_TX_OP_PACK_RELEASE: return tx_dst_release(tx);
	case TT_TX_OP_PACK_UNTILIZE: return tx_pack_untilize(tx);
	case TT_TX_OP_ERROR: return sdk_error(tx);
	default:
		return tx_fail(tx, "%s: unknown command %u", tx_role(tx->hart), op);
	}
}

/* SEMGET on an odd value, SEMPOST on an even one. */
static void sem_write(struct sim_tensix *tx, unsigned i, uint32_t val)
{
	uint32_t v = atomic_load(&tx->sem[i]);

	if (val & 1)
		v = v ? v - 1 : 0;
	else
		v = v < SEM_VALUE_MAX ? v + 1 : v;
	atomic_store(&tx->sem[i], v);
}

int sim_tensix_load(struct sim_tensix *tx, int hart, uint32_t addr, uint32_t *val, char *fault,
		    size_t fault_len)
{
	if (addr >= TT_TX_SEM(0) && addr < TT_TX_SEM(TT_TX_NUM_SEMS)) {
		*val = atomic_load(&tx->sem[(addr - TT_TX_SEM(0)) / 4]);
		return 0;
	}
	if (addr >= TT_TX_SEM_MAX(0) && addr < TT_TX_SEM_MAX(TT_TX_NUM_SEMS)) {
		*val = atomic_load(&tx->sem_max[(addr - TT_TX_SEM_MAX(0)) / 4]);
		return 0;
	}
	if (addr < TT_TX_BASE || addr >= TT_TX_END)
		return -2;
	if (addr == TT_TX_SRC_STATUS) {
		*val = atomic_load(&tx->srca.count) | atomic_load(&tx->srcb.count) << 8;
		return 0;
	}
	if (addr == TT_TX_DST_STATUS) {
		*val = atomic_load(&tx->math_sec) | atomic_load(&tx->pack_sec) << 8 |
		       tx_dst_tiles(tx) << 16;
		return 0;
	}
	*val = 0;
	if (hart < 0)
		return 0;
	if (!is_trisc(hart)) {
		if (fault && fault_len)
			snprintf(fault, fault_len, "tensix: %s read 0x%08x: only the TRISCs may use "
				 "the command window", hart_name(hart), addr);
		return -1;
	}
	if (addr >= TT_TX_ARG(0) && addr < TT_TX_ARG(TT_TX_NUM_ARGS))
		*val = tx->args[hart - TX_HART_TRISC0][(addr - TT_TX_BASE) / 4];
	else if (addr == TT_TX_SFPU_IMM)
		*val = tx->sfpu.imm;
	return 0;
}

int sim_tensix_store(struct sim_tensix *tx, int hart, uint32_t addr, uint32_t val, char *fault,
		     size_t fault_len)
{
	tx->fault = fault;
	tx->fault_len = fault_len;
	tx->hart = hart;
	if (addr >= TT_TX_SEM(0) && addr < TT_TX_SEM_MAX(TT_TX_NUM_SEMS)) {
		if (hart < 0)
			return tx_fail(tx, "tensix: semaphores are not writable from the NOC");
		if (addr < TT_TX_SEM(TT_TX_NUM_SEMS))
			sem_write(tx, (addr - TT_TX_SEM(0)) / 4, val);
		return 0;   /* the maxes are set by SEMINIT only */
	}
	if (addr < TT_TX_BASE || addr >= TT_TX_END)
		return -2;
	if (addr == TT_TX_RESET) {
		if (hart < 0)
			return tx_fail(tx, "tensix: TT_TX_RESET is not writable from the NOC");
		if (val & 1)
			sim_tensix_reset(tx);
		return 0;
	}
	if (!is_trisc(hart))
		return tx_fail(tx, "tensix: %s wrote 0x%08x: only the TRISCs may use the command "
			       "window", hart_name(hart), addr);
	if (addr >= TT_TX_ARG(0) && addr < TT_TX_ARG(TT_TX_NUM_ARGS)) {
		tx->args[hart - TX_HART_TRISC0][(addr - TT_TX_BASE) / 4] = val;
		return 0;
	}
	if (addr == TT_TX_CMD)
		return command(tx, val);
	if (addr == TT_TX_SFPU_IMM || addr == TT_TX_SFPU) {
		if (hart != TX_HART_TRISC0 + 1)
			return tx_fail(tx, "sfpu: SFPU instruction from trisc%d (%s); only trisc1 "
				       "(math) drives the SFPU", hart - TX_HART_TRISC0,
				       tx_role(hart));
		if (addr == TT_TX_SFPU_IMM) {
			tx->sfpu.imm = val;
			return 0;
		}
		return tx_sfpu_exec(tx, val);
	}
	return 0;   /* status registers and the rest of the window ignore writes */
}
