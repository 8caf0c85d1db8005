/* SPDX-License-Identifier: Apache-2.0
 *
 * The backend interface: everything above it is the same runtime for the
 * card and for the simulator. A backend only moves bytes to and from a
 * NOC endpoint (the way a TLB window does on silicon), and reads telemetry.
 */
#ifndef TTRT_BACKEND_H
#define TTRT_BACKEND_H

#include "ttrt.h"

struct ttrt_backend;

struct ttrt_backend_ops {
	/* addr is the endpoint-local address: L1 / MMIO of a Tensix, or a DRAM
	 * bank address. Returns 0 or -errno. */
	int (*read)(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr,
		    void *buf, size_t len);
	int (*write)(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr,
		     const void *buf, size_t len);
	/* Memory the backend keeps in host memory (the simulator), one piece
	 * at a time: *ptr = where [addr, addr + *span) of the endpoint is,
	 * *span = 1..len contiguous bytes from addr (len 0: *span 0). Callers
	 * loop for the rest. For reading, a piece may point at shared
	 * read-only zeros standing for memory never written: never write
	 * through it. With writing set, the span counts as written from this
	 * call on; after writing L1 through it, call written(). -ENXIO out of
	 * range. NULL on a card: go through read and write. */
	int (*host_span)(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr, size_t len,
			 int writing, void **ptr, size_t *span);
	void (*written)(struct ttrt_backend *be, struct ttrt_xy noc0);
	/* Make [addr, addr + len) of the endpoint read as zeros, cheaply
	 * (the simulator gives whole pages back to the host). NULL: the
	 * runtime writes zeros through write(). 0 or -errno. */
	int (*zero)(struct ttrt_backend *be, struct ttrt_xy noc0, uint64_t addr, size_t len);
	int (*telemetry)(struct ttrt_backend *be, struct ttrt_telemetry *out);
	/* Per-RISC state of a Tensix core, for status views. */
	int (*risc_states)(struct ttrt_backend *be, struct ttrt_xy noc0,
			   enum ttrt_risc_state states[5], uint32_t pcs[5]);
	/* Fault and wait details of one RISC (may be NULL: nothing known). */
	int (*risc_detail)(struct ttrt_backend *be, struct ttrt_xy noc0, int risc,
			   struct ttrt_risc_detail *out);
	/* Words of one RISC's private local memory (addr from
	 * TT_MEM_LOCAL_BASE, 4-byte aligned, len a multiple of 4), as a
	 * debugger reads them. NULL: not readable (-ENOTSUP). */
	int (*local_read)(struct ttrt_backend *be, struct ttrt_xy noc0, int risc, uint32_t addr,
			  void *buf, size_t len);
	/* How the NOC lands the transfers this core issues from now on.
	 * NULL (a card): the NOC is what it is. */
	int (*noc_mode)(struct ttrt_backend *be, struct ttrt_xy noc0, enum ttrt_noc_mode mode);
	/* A count that moves when a core may have stopped running: finished,
	 * faulted or began to wait on something outside itself. With it the
	 * host sleeps in wait_change until the count moves past `seen` (or
	 * timeout_ns passes) instead of polling the cores on a timer. NULL
	 * (a card): the caller polls. */
	uint64_t (*change_count)(struct ttrt_backend *be);
	void (*wait_change)(struct ttrt_backend *be, uint64_t seen, uint64_t timeout_ns);
	void (*close)(struct ttrt_backend *be);
	/* Reset the whole chip (a card: tt-kmd RESET_DEVICE, ASIC reset) and
	 * come back ready for the firmware upload; everything on the chip is
	 * lost. The caller holds the chip exclusive. NULL: no such reset (the
	 * simulator). 0 or -errno with err set. */
	int (*chip_reset)(struct ttrt_backend *be, uint32_t timeout_ms, char *err, size_t errlen);
};

struct ttrt_backend {
	const struct ttrt_backend_ops *ops;
};

struct ttrt_abi;
/* abi: the device's profile, where the NOC sanitizer finds the regions it
 * guards (cfg->sanitize turns it on). */
int ttrt_sim_backend_open(const struct ttrt_config *cfg, const struct ttrt_abi *abi,
			  struct ttrt_backend **out, char *err, size_t errlen);
int ttrt_kmd_backend_open(const struct ttrt_config *cfg, struct ttrt_backend **out,
			  char *err, size_t errlen);

#endif
