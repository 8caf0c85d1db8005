/* SPDX-License-Identifier: Apache-2.0
 *
 * ttrt: the ttfs runtime. A small C API over a Tenstorrent Blackhole P100A,
 * either a real card through tt-kmd or the built-in simulated chip.
 *
 * Conventions: functions that can fail return 0 or a negative errno.
 * Functions that take `char *err, size_t errlen` also write a one-line
 * human-readable reason there (path and cause) when they fail.
 */
#ifndef TTRT_H
#define TTRT_H

#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <stdbool.h>

#include "ttrt_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TTRT_VERSION "0.1.0"
#define TTRT_PATH_MAX 4096   /* as Linux PATH_MAX, without needing POSIX headers */

/* ---- configuration ------------------------------------------------------ */

#define TTRT_BACKEND_SIM 0
#define TTRT_BACKEND_KMD 1

/* How the simulator's NOC lands a read or write: when it is issued, or
 * (strict) only when the issuing RISC's barrier sees it. */
enum ttrt_noc_mode {
	TTRT_NOC_INSTANT = 0,
	TTRT_NOC_STRICT,
};

enum ttrt_config_key {
	TTRT_CFG_BACKEND,
	TTRT_CFG_DEVICE,
	TTRT_CFG_DRAM_SIZE,
	TTRT_CFG_CACHE_DIR,
	TTRT_CFG_TIMEOUT_MS,
	TTRT_CFG_FIRMWARE_DIR,
	TTRT_CFG_TT_METAL_HOME,
	TTRT_CFG_ABI,
	TTRT_CFG_SFPI_PATH,
	TTRT_CFG_BUILD_TIMEOUT_MS,
	TTRT_CFG_NOC,
	TTRT_CFG_SANITIZE,
	TTRT_CFG_NUM_KEYS
};

/* Where a key's value came from (ttrt_config.origin_line). */
#define TTRT_CFG_FROM_DEFAULT 0
#define TTRT_CFG_FROM_CALLER  (-1)   /* ttrt_config_set: ttfs's -o */

struct ttrt_config {
	int backend;                     /* TTRT_BACKEND_* */
	int backend_explicit;            /* backend= was given; device= then won't switch it */
	char device_path[TTRT_PATH_MAX];      /* kmd: /dev/tenstorrent/N */
	uint64_t dram_bank_size;         /* sim: bytes per DRAM bank */
	char cache_dir[TTRT_PATH_MAX];        /* build cache */
	uint32_t timeout_ms;             /* bound of every wait: boot, reset, launch */
	uint32_t build_timeout_ms;       /* bound of each compiler process of a kernel build */
	char firmware_dir[TTRT_PATH_MAX];     /* sim: our firmware ELFs */
	/* A card: the tt-metal tree its firmware and kernels are built from,
	 * and the SFPI toolchain (root holding compiler/bin/riscv-tt-elf-g++).
	 * "" when not configured. */
	char tt_metal_home[TTRT_PATH_MAX];
	char sfpi_path[TTRT_PATH_MAX];
	/* The ABI profile (docs/abi.md): "builtin", "derived" (from
	 * tt_metal_home) or the path of a saved profile. */
	char abi[TTRT_PATH_MAX];
	/* sim: how NOC transfers land, for programs whose args do not say
	 * (docs/debugging.md, "Barrier checks and strict NOC mode"). */
	enum ttrt_noc_mode noc_mode;
	/* sim: the NOC sanitizer (docs/debugging.md), 1 = on (the default). */
	int sanitize;
	/* For errors that surface later (a firmware file missing at open):
	 * the INI file loaded, and per key TTRT_CFG_FROM_* or its line there. */
	char config_file[TTRT_PATH_MAX];
	int origin_line[TTRT_CFG_NUM_KEYS];
};

void ttrt_config_defaults(struct ttrt_config *cfg);
/* "instant" or "strict" (-o noc=, [program] noc =): the mode, or -EINVAL. */
int ttrt_noc_mode_parse(const char *text);
/* Set one key ("backend", "device", "dram_size", "cache_dir", "timeout_ms",
 * "firmware_dir", "tt_metal_home", "abi", "sfpi_path", "build_timeout_ms", "noc",
 * "sanitize"). */
int ttrt_config_set(struct ttrt_config *cfg, const char *key, const char *value,
		    char *err, size_t errlen);
/* Load an INI file: section [ttfs] (or none) with the keys above. On error,
 * err names the file and line: the key's line for a bad key or value, the
 * section's own line for an unknown section (with keys or without). */
int ttrt_config_load(struct ttrt_config *cfg, const char *path, char *err, size_t errlen);
/* Where key's value was set, for messages: "-o firmware_dir",
 * "firmware_dir at /etc/ttfs/ttfs.conf:3" or "the default firmware_dir". */
void ttrt_config_origin(const struct ttrt_config *cfg, enum ttrt_config_key key, char *buf,
			size_t len);
/* Parse "4G", "512M", "65536", "0x1000" ... into bytes: -EINVAL for text
 * that is not a size, -ERANGE for a size beyond 64 bits. */
int ttrt_parse_size(const char *text, uint64_t *out);

/* ---- topology of a P100A (docs/architecture.md, "Topology") ------------- */

#define TTRT_NOC_GRID_X      17
#define TTRT_NOC_GRID_Y      12
#define TTRT_TENSIX_GRID_X   12     /* logical worker columns */
#define TTRT_TENSIX_GRID_Y   10     /* logical worker rows */
#define TTRT_NUM_TENSIX      (TTRT_TENSIX_GRID_X * TTRT_TENSIX_GRID_Y)
#define TTRT_NUM_DRAM_BANKS  7
#define TTRT_L1_SIZE         0x180000u

struct ttrt_xy {
	uint8_t x, y;
};

enum ttrt_tile_kind {
	TTRT_TILE_NONE = 0,          /* off the grid */
	TTRT_TILE_TENSIX,
	TTRT_TILE_TENSIX_HARVESTED,
	TTRT_TILE_DRAM,
	TTRT_TILE_DRAM_HARVESTED,
	TTRT_TILE_ARC,
	TTRT_TILE_PCIE,
	TTRT_TILE_ETH_DISABLED,
	TTRT_TILE_SECURITY,
	TTRT_TILE_L2CPU,
	TTRT_TILE_ROUTER,
};

/* Logical worker (0..11, 0..9) <-> NOC0 coordinates. -EINVAL off the grid. */
int ttrt_logical_to_noc0(struct ttrt_xy logical, struct ttrt_xy *noc0);
int ttrt_noc0_to_logical(struct ttrt_xy noc0, struct ttrt_xy *logical);
/* Index 0..119 of a logical core (row-major, y * 12 + x). */
int ttrt_core_index(struct ttrt_xy logical);
struct ttrt_xy ttrt_core_logical(int index);
enum ttrt_tile_kind ttrt_tile_kind(struct ttrt_xy noc0);
const char *ttrt_tile_kind_name(enum ttrt_tile_kind kind);
/* Logical DRAM bank (0..6) of a NOC0 DRAM endpoint, or -1. */
int ttrt_dram_bank_of_noc0(struct ttrt_xy noc0);
/* The NOC0 endpoint the host uses for a logical DRAM bank. */
struct ttrt_xy ttrt_dram_bank_noc0(int bank);
/* The physical bank (0..7) behind a logical bank. */
int ttrt_dram_bank_physical(int bank);
struct ttrt_xy ttrt_arc_noc0(void);
struct ttrt_xy ttrt_pcie_noc0(void);
/* tt-metal's L1 banks (TT_NUM_L1_BANKS, one per core of x 0..10, y 0..9,
 * numbered as tt-metal shuffles them): the logical core of a bank, and
 * the bank of a core (-1 for a core without one). */
struct ttrt_xy ttrt_l1_bank_core(int bank);
int ttrt_l1_bank_of_core(struct ttrt_xy core);

/* The bank-to-NOC table the firmware and kernels read at
 * MEM_BANK_TO_NOC_SCRATCH (struct tt_bank_table in tt/l1_map.h). */
struct tt_bank_table;
void ttrt_bank_table_build(struct tt_bank_table *table);

/* ---- devices ------------------------------------------------------------- */

struct ttrt_device;

int ttrt_device_open(const struct ttrt_config *cfg, struct ttrt_device **out,
		     char *err, size_t errlen);
void ttrt_device_close(struct ttrt_device *dev);

/* A wait that its caller can stop, e.g. a FUSE request the user
 * interrupts: polled while an operation waits (for the chip, or for cores
 * to report); non-zero ends the operation with -EINTR. */
struct ttrt_wait {
	int (*interrupted)(void *arg);
	void *arg;
};

/* Stop everything and reload firmware on every core; err says why not.
 * Programs that run are stopped first (their runs end with -EINTR).
 * Boot, reset and launches take the chip as a whole: a reset waits for
 * launches under way and none starts during it. One deadline, the config's
 * timeout_ms, bounds the whole reset, waiting for the chip included:
 * -ETIMEDOUT after it, -EINTR when wait (may be NULL) says so. A reset that
 * fails leaves the chip down (launches get -EIO) until one succeeds. */
int ttrt_device_reset(struct ttrt_device *dev, const struct ttrt_wait *wait, char *err,
		      size_t errlen);
/* ttrt_device_reset after an ASIC reset of the whole chip through the
 * driver (a card: tt-kmd RESET_DEVICE, which takes seconds and loses all
 * device memory). -EOPNOTSUPP where there is no ASIC (the simulator). */
int ttrt_device_reset_chip(struct ttrt_device *dev, const struct ttrt_wait *wait, char *err,
			   size_t errlen);

/* The active ABI profile (ttrt_abi.h, docs/abi.md). */
const struct ttrt_abi *ttrt_device_abi(const struct ttrt_device *dev);
/* Why this device cannot boot firmware or launch kernels (a profile that
 * could not be derived or lacks fields, one that does not match the
 * firmware, a card without tt_metal_home ...), or NULL when it can.
 * Memory access works either way. */
const char *ttrt_device_launch_problem(const struct ttrt_device *dev);

/* "sim", or "kmd /dev/tenstorrent/0". */
const char *ttrt_device_backend(const struct ttrt_device *dev);
uint64_t ttrt_dram_bank_size(const struct ttrt_device *dev);

/* Byte access to a Tensix core's L1 (logical coordinates) and to a DRAM
 * bank. A range that does not fit is refused whole: -EFBIG for a write,
 * -ENXIO for a read, nothing transferred. */
int ttrt_l1_read(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr,
		 void *buf, size_t len);
int ttrt_l1_write(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr,
		  const void *buf, size_t len);
int ttrt_dram_read(struct ttrt_device *dev, int bank, uint64_t addr, void *buf, size_t len);
int ttrt_dram_write(struct ttrt_device *dev, int bank, uint64_t addr,
		    const void *buf, size_t len);

/* Zero-copy access where the backend keeps device memory in host memory
 * (the simulator). -ENOTSUP on a card (use the read/write calls); range
 * errors as for read (-ENXIO) or write (-EFBIG).
 *
 * L1 is one piece: *ptr points at [addr, addr+len). After writing L1
 * through it, call ttrt_l1_direct_written so the core's RISCs polling it
 * look again. */
int ttrt_l1_direct(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr, size_t len,
		   int writing, void **ptr);
void ttrt_l1_direct_written(struct ttrt_device *dev, struct ttrt_xy core);
/* DRAM comes in pieces: fills iov with [addr, addr+len) in order and
 * returns the number of pieces (0 for len 0), or -E2BIG if they do not fit
 * in max_iov. For reading, memory never written since it was last zeroed
 * comes as pieces of shared read-only zeros, so reading it costs no host
 * RAM: never write through a piece got for reading. With writing set, the
 * whole range counts as written from this call on. DRAM needs no
 * _written call: RISCs only see DRAM through NOC reads they issue. */
struct iovec;
int ttrt_dram_direct(struct ttrt_device *dev, int bank, uint64_t addr, size_t len, int writing,
		     struct iovec *iov, int max_iov);

/* Make [addr, addr+len) of a DRAM bank read as zeros. The simulator gives
 * the memory back to the host; a backend that cannot do better gets zeros
 * written. -EFBIG out of range, -EINVAL for a bad bank. */
int ttrt_dram_zero(struct ttrt_device *dev, int bank, uint64_t addr, uint64_t len);
/* The same for L1 of a logical core; -EINVAL off the grid. */
int ttrt_l1_zero(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr, uint64_t len);

/* A 32-bit register of a core (addresses from 0xFF000000: the RISC debug
 * block, the NOC interfaces, the overlay streams), as a debugger reads it. */
int ttrt_reg_read(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr, uint32_t *val);
int ttrt_reg_write(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr, uint32_t val);

/* ---- per-core state (needs running firmware) ---------------------------- */

enum ttrt_risc_state {
	TTRT_RISC_UNKNOWN = 0,     /* backend cannot tell (no firmware model yet) */
	TTRT_RISC_RESET,           /* held in soft reset */
	TTRT_RISC_IDLE,            /* in firmware, waiting for go */
	TTRT_RISC_RUNNING,         /* running a kernel */
	TTRT_RISC_WAITING,         /* parked on a poll */
	TTRT_RISC_FAULT,
};

/* State and PC of brisc, ncrisc, trisc0..2 of a core. A backend without a
 * firmware model reports TTRT_RISC_UNKNOWN. */
int ttrt_core_risc_states(struct ttrt_device *dev, struct ttrt_xy core,
			  enum ttrt_risc_state states[5], uint32_t pcs[5]);
const char *ttrt_risc_state_name(enum ttrt_risc_state state);

#define TTRT_NUM_RISCS 5
extern const char *const ttrt_risc_names[TTRT_NUM_RISCS];   /* brisc ncrisc trisc0..2 */

struct ttrt_risc_detail {
	enum ttrt_risc_state state;
	uint32_t pc;
	uint32_t ra;                  /* its return-address register then, 0 if unknown */
	/* Its registers x0..x31 at pc (regs_known), for the values of the
	 * arguments a PC's source line shows; the simulator's only. */
	bool regs_known;
	uint32_t x[32];
	uint64_t retired;             /* instructions since the RISC left reset */
	uint32_t polling_addr;        /* last register polled, 0 if none */
	char fault[512];              /* cause, address, pc, instruction; "" if none */
};

int ttrt_core_risc_detail(struct ttrt_device *dev, struct ttrt_xy core, int risc,
			  struct ttrt_risc_detail *out);

/* Bytes of RISC risc's private local memory (from TT_MEM_LOCAL_BASE
 * 0xFFB00000; the firmware's globals block tt_fw_globals is at its start),
 * as a debugger reads them. addr 4-byte aligned and len a multiple of 4:
 * else -EINVAL; -ENXIO beyond that RISC's memory; -ENOTSUP where the
 * backend cannot read it. */
int ttrt_risc_local_read(struct ttrt_device *dev, struct ttrt_xy core, int risc, uint32_t addr,
			 void *buf, size_t len);

/* ---- launching on one core (slow dispatch) -------------------------------- */

/* go = RESET_READ_PTR_FROM_HOST, go index 0, launch[0] = msg laid out as
 * the device's ABI profile says. The caller then writes the kernel-config
 * buffer the message points at. -EIO when the device cannot launch
 * (ttrt_device_launch_problem). Each call
 * holds the chip shared (see ttrt_device_reset): -EIO while the chip is
 * down, -ETIMEDOUT if a reset holds it longer than timeout_ms. */
int ttrt_launch_prepare(struct ttrt_device *dev, struct ttrt_xy core,
			const struct ttrt_launch *msg);
int ttrt_launch_go(struct ttrt_device *dev, struct ttrt_xy core);
/* Poll the go signal until DONE: 0, -ETIMEDOUT after timeout_ms (0: the
 * config's timeout_ms), or -EINTR when wait (may be NULL) says so. */
int ttrt_launch_wait(struct ttrt_device *dev, struct ttrt_xy core, uint32_t timeout_ms,
		     const struct ttrt_wait *wait);
/* The launch message the firmware runs next, launch[launch_msg_rd_ptr]:
 * the ring index in *rd_ptr and the message's launch_msg_size bytes in
 * bytes (room for TTRT_ABI_MAX_LAUNCH_MSG), laid out as the device's
 * profile says. -EIO when the profile has no layout to read it with. */
int ttrt_launch_read_current(struct ttrt_device *dev, struct ttrt_xy core, uint32_t *rd_ptr,
			     uint8_t *bytes);

/* ---- telemetry ----------------------------------------------------------- */

struct ttrt_telemetry {
	double asic_temperature_c;
	uint32_t aiclk_mhz;
	uint32_t axiclk_mhz;
	uint32_t arcclk_mhz;
	double vcore_mv;
	double tdp_w;
	double tdc_a;
	uint64_t board_id;
	uint32_t fw_bundle_version;   /* 0xAABBCCDD */
	uint32_t heartbeat;
	uint32_t enabled_tensix_cols; /* physical column mask */
	uint32_t enabled_gddr;        /* physical bank mask */
	int modelled;                 /* 1 = values come from the simulator's model */
};

int ttrt_telemetry_read(struct ttrt_device *dev, struct ttrt_telemetry *out);

/* ---- buffers: DRAM and L1, interleaved or sharded -------------------------- */

#define TTRT_BUFFER_NAME_MAX       63
#define TTRT_DEFAULT_PAGE_SIZE     2048u   /* one bfloat16 32x32 tile */
#define TTRT_DRAM_ALIGNMENT        64u     /* of a page in a bank (address generators) */
#define TTRT_L1_ALIGNMENT          16u     /* of a page in an L1 bank or shard */
/* Buffer addresses and per-bank sizes are multiples of 2 KiB: the
 * simulator interleaves the banks in host memory at 2 KiB, so a buffer of
 * 2 KiB pages is one contiguous host range (runtime/sim/dram.h). */
#define TTRT_DRAM_ALLOC_ALIGNMENT  2048u
#define TTRT_DRAM_ALLOC_BASE       0x800u  /* 0..0x3F: barrier word; the rest of
					    * the first 2 KiB unused */
/* L1 buffers take 64-byte units from the top of the kernels' L1 (the ABI
 * profile's data_buffer_base up to l1_size) downward, as tt-metal's L1
 * allocator does; CBs grow up from the bottom. */
#define TTRT_L1_ALLOC_ALIGNMENT    64u

enum ttrt_buffer_kind {
	TTRT_BUFFER_DRAM,   /* over the 7 DRAM banks */
	TTRT_BUFFER_L1,     /* over the worker cores' L1 */
};

/* tt-metal's TensorMemoryLayout, as far as buffers take it. */
enum ttrt_buffer_layout {
	TTRT_LAYOUT_INTERLEAVED,
	TTRT_LAYOUT_HEIGHT_SHARDED,
	TTRT_LAYOUT_WIDTH_SHARDED,
	TTRT_LAYOUT_BLOCK_SHARDED,
};

/* A rectangle of cores, both corners included: logical worker cores for
 * an L1 buffer, DRAM banks as tt-metal's logical DRAM cores (x = bank,
 * y = 0) for a DRAM one. */
struct ttrt_core_range {
	struct ttrt_xy lo, hi;
};

#define TTRT_SHARD_MAX_RANGES TTRT_NUM_TENSIX

/* tt-metal's ShardSpecBuffer in pages (reference/program-model.md §5.4):
 * shards of shard_rows x shard_cols pages over a tensor of tensor_rows x
 * tensor_cols pages, shard k on the k-th core of the ranges (in the order
 * given; inside a range x fastest for row_major, y fastest for
 * col_major). 0 rows or cols: not set. */
struct ttrt_shard_spec {
	enum ttrt_buffer_layout layout;
	bool col_major;
	uint32_t n_ranges;
	struct ttrt_core_range ranges[TTRT_SHARD_MAX_RANGES];
	uint32_t shard_rows, shard_cols;
	uint32_t tensor_rows, tensor_cols;
};

/* The spec's files, one value each (docs/tree.md has the formats). */
enum ttrt_shard_field {
	TTRT_SHARD_LAYOUT,
	TTRT_SHARD_CORES,
	TTRT_SHARD_SHAPE,
	TTRT_SHARD_TENSOR_SHAPE,
	TTRT_SHARD_ORIENTATION,
	TTRT_SHARD_NUM_FIELDS
};

struct ttrt_buffer;

/* Names are [A-Za-z0-9._-], 1..63 chars, not "." or "..". -EINVAL for bad
 * characters, -ENAMETOOLONG for long names. */
int ttrt_buffer_name_check(const char *name);
/* A new buffer starts unallocated (size 0, page size 2048, interleaved).
 * Returns a reference the caller must put. The name is a label for
 * messages and info.json: the runtime does not look buffers up by name
 * nor keep names unique; its caller's namespace does (ttfs: the inode
 * table). */
int ttrt_buffer_new(struct ttrt_device *dev, enum ttrt_buffer_kind kind, const char *name,
		    struct ttrt_buffer **out);
void ttrt_buffer_get(struct ttrt_buffer *buf);
void ttrt_buffer_put(struct ttrt_buffer *buf);
/* Frees the memory and leaves the device's list; open references see
 * -ENOENT. -EBUSY while pinned. */
int ttrt_buffer_delete(struct ttrt_buffer *buf);
/* All buffers, in creation order. Calls fn until it returns non-zero. */
int ttrt_buffer_foreach(struct ttrt_device *dev,
			int (*fn)(struct ttrt_buffer *buf, void *arg), void *arg);

/* The shape (size, page size and the shard spec) may change until the
 * first data write, and not while pinned (-EBUSY). A shape that can be
 * placed is allocated at once: setting the size of an interleaved buffer
 * allocates, -EINVAL for 0, -ENOSPC beyond free memory (the old shape
 * stays). A sharded shape that is not complete or does not hold together
 * is kept unallocated, ttrt_buffer_problem says why. Setting the shape
 * the buffer has always succeeds. */
int ttrt_buffer_set_size(struct ttrt_buffer *buf, uint64_t size);
int ttrt_buffer_set_page_size(struct ttrt_buffer *buf, uint32_t page_size);
/* One field of the shard spec from its text (trailing newline stripped
 * by the caller): -EINVAL with the reason in err for a value that is bad
 * on its own (a bad word, a core off the grid, a 0 shape). */
int ttrt_buffer_set_shard_field(struct ttrt_buffer *buf, enum ttrt_shard_field field,
				const char *text, char *err, size_t errlen);
/* Its text, with a trailing newline; "" for a field not set. */
int ttrt_buffer_shard_field(const struct ttrt_buffer *buf, enum ttrt_shard_field field,
			    char *out, size_t len);
const char *ttrt_shard_field_name(enum ttrt_shard_field field);   /* "layout", ... */

const char *ttrt_buffer_name(const struct ttrt_buffer *buf);
enum ttrt_buffer_kind ttrt_buffer_kind(const struct ttrt_buffer *buf);
enum ttrt_buffer_layout ttrt_buffer_layout(const struct ttrt_buffer *buf);
const char *ttrt_buffer_layout_name(enum ttrt_buffer_layout layout);
uint64_t ttrt_buffer_size(const struct ttrt_buffer *buf);
uint32_t ttrt_buffer_page_size(const struct ttrt_buffer *buf);
/* Bank address, the same in every bank and on every core; -ENODATA
 * while unallocated. */
int ttrt_buffer_address(const struct ttrt_buffer *buf, uint64_t *addr);
/* Bytes the buffer takes in each bank or on each of its cores. */
uint64_t ttrt_buffer_bytes_per_bank(const struct ttrt_buffer *buf);
/* Why a buffer with a size is not allocated ("shard_cores not set",
 * "...does not tile..."): -EINVAL with the reason in out; 0 if it is
 * allocated or has no size yet. */
int ttrt_buffer_problem(const struct ttrt_buffer *buf, char *out, size_t len);
int ttrt_buffer_is_written(const struct ttrt_buffer *buf);
/* -ENOENT once the buffer was deleted, else 0. */
int ttrt_buffer_check(const struct ttrt_buffer *buf);
/* Where host page i lives: on which DRAM bank (as the logical DRAM core
 * x = bank, y = 0) or worker core, at which address. Interleaved: bank
 * i % banks at address + (i / banks) * aligned page size; sharded: as
 * tt-metal places shards (docs/sharding.md). */
int ttrt_buffer_page_location(const struct ttrt_buffer *buf, uint64_t page, struct ttrt_xy *where,
			      uint64_t *addr);
/* Whether an allocated L1 buffer has its bytes (bytes_per_bank of them)
 * on a worker core: an interleaved one on every L1 bank's core, a sharded
 * one on its shard cores. */
bool ttrt_buffer_on_core(const struct ttrt_buffer *buf, struct ttrt_xy core);
/* Whether an allocated L1 buffer takes part of [lo, hi) on core (its
 * banks, for an interleaved one: every L1 bank's core; its shard cores
 * for a sharded one): 1 with the first such buffer's name and range, 0
 * if none. For placing CBs. */
int ttrt_l1_buffer_overlap(struct ttrt_device *dev, struct ttrt_xy core, uint64_t lo, uint64_t hi,
			   char *name, size_t name_len, uint64_t *buf_lo, uint64_t *buf_hi);

/* The compile-time words of tt-metal's TensorAccessorArgs for the buffer
 * (reference/program-model.md §6): interleaved {config, aligned page
 * size}; sharded {config, aligned page size, rank, number of banks,
 * tensor shape, shard shape, bank coordinates two per word}. -ENODATA
 * unallocated, -E2BIG beyond max. */
#define TTRT_ACCESSOR_MAX_WORDS (2 + 2 + 2 * 2 + (TTRT_NUM_TENSIX + 1) / 2)
int ttrt_buffer_accessor_args(const struct ttrt_buffer *buf, uint32_t *words, uint32_t max,
			      uint32_t *n);

/* A pin keeps a buffer's memory where it is: while one is held, delete and
 * any new shape are -EBUSY. A program pins the buffers its
 * args name from the resolve until its run ends, since its kernels reach
 * them by address. holder names the pinner (a program's name) for
 * ttrt_buffer_foreach_holder; the pin holds a reference on the buffer.
 * -ENOENT on a deleted buffer. */
struct ttrt_buffer_pin;
int ttrt_buffer_pin(struct ttrt_buffer *buf, const char *holder, struct ttrt_buffer_pin **out);
void ttrt_buffer_unpin(struct ttrt_buffer_pin *pin);   /* NULL: nothing */
/* Each holder of a pin once, newest first, until fn returns non-zero;
 * fn runs under the buffer's shape lock (call no setter from it). */
int ttrt_buffer_foreach_holder(const struct ttrt_buffer *buf,
			       int (*fn)(const char *holder, void *arg), void *arg);

/* Bytes in host order (page by page, as tt-metal's EnqueueWriteBuffer
 * takes them); the interleave or sharding is hidden. Out of range: -EFBIG
 * (write) or -ENXIO (read), nothing transferred; -EINVAL for a buffer
 * whose shape cannot be placed (ttrt_buffer_problem). */
int ttrt_buffer_write(struct ttrt_buffer *buf, uint64_t offset, const void *src, size_t len);
int ttrt_buffer_read(struct ttrt_buffer *buf, uint64_t offset, void *dst, size_t len);

/* Zero-copy access to [offset, offset+len) of a DRAM buffer (see
 * ttrt_dram_direct): fills iov with the pieces in logical order (at least
 * one per page touched; a page partly written comes in several) and
 * returns how many, holding the buffer's shape until
 * ttrt_buffer_direct_end (called only after a return > 0). -E2BIG when
 * the pieces do not fit in max_iov, -ENOTSUP on a card and for L1
 * buffers, -ENXIO/-EFBIG out of range. */
int ttrt_buffer_direct_begin(struct ttrt_buffer *buf, uint64_t offset, size_t len, int writing,
			     struct iovec *iov, int max_iov);
void ttrt_buffer_direct_end(struct ttrt_buffer *buf);

/* Free bytes per bank (the largest buffer that can still be allocated is
 * this times 7). */
uint64_t ttrt_dram_free_per_bank(struct ttrt_device *dev);
/* The same for L1: the largest range free on every core. */
uint64_t ttrt_l1_free_per_bank(struct ttrt_device *dev);

/* ---- live diagnosis ------------------------------------------------------ */

/* What RISC risc (0 brisc .. 4 trisc2) of a core waits on, read from the
 * hardware state (the address its poll loop reads, the stream registers,
 * the NIU counters, the firmware's NOC counters in its local memory, the
 * launch message and semaphores in L1), as one line: for example
 * "cb_wait_front cb 0: received 3 acked 3 (0 of 2 pages filled)",
 * "noc_async_read_barrier noc 1: 2 reads outstanding (issued 9, responses 7)",
 * "noc_semaphore_wait semaphore 1 at 0x8300: value 0",
 * "go signal (idle): go message 0 at 0x373 = done". Every form is listed
 * in docs/tree.md (cores/<x>,<y>/status). Empty when the RISC is neither
 * waiting nor idle. 0 or -errno (-EINVAL for a bad risc or core). */
int ttrt_core_wait_reason(struct ttrt_device *dev, struct ttrt_xy core, int risc, char *buf,
			  size_t len);

/* ---- programs (docs/programs.md) ------------------------------------------ */

struct ttrt_program;

/* The kernels of a program, each one source file. */
enum ttrt_kernel {
	TTRT_KERNEL_READER,    /* reader.cpp: NCRISC (RISCV_1), NOC 1 */
	TTRT_KERNEL_WRITER,    /* writer.cpp: BRISC (RISCV_0), NOC 0 */
	TTRT_KERNEL_COMPUTE,   /* compute.cpp: TRISC0..2 (unpack, math, pack) */
	TTRT_NUM_KERNELS
};

/* "reader.cpp", "writer.cpp", "compute.cpp". */
extern const char *const ttrt_kernel_file_names[TTRT_NUM_KERNELS];

enum ttrt_program_state {
	TTRT_PROGRAM_EMPTY,       /* no source yet */
	TTRT_PROGRAM_COMPILING,
	TTRT_PROGRAM_READY,       /* built; not run since */
	TTRT_PROGRAM_RUNNING,
	TTRT_PROGRAM_DONE,
	TTRT_PROGRAM_FAILED,      /* bad args, build error, fault, stopped */
	TTRT_PROGRAM_TIMEOUT,
};

/* "empty", "compiling", "ready", "running", "done", "failed", "timeout". */
const char *ttrt_program_state_name(enum ttrt_program_state state);

#define TTRT_PROGRAM_FILES_MAX  64            /* files of one program, args included */
#define TTRT_PROGRAM_FILE_MAX   (1u << 20)    /* bytes of one file */
#define TTRT_PROGRAM_ARGS_MAX   TTRT_PROGRAM_FILE_MAX   /* bytes of an args text */
/* The file that holds a program's args (ttrt_program_set_args). */
#define TTRT_PROGRAM_ARGS_FILE  "args"

/* How a program finds the DRAM buffers its args name (@name,
 * accessor(name)), at launch: 0 and a reference in *out that the
 * program puts, or -ENOENT. ttfs looks in its dram/buffers/. */
typedef int (*ttrt_buffer_lookup_fn)(void *ctx, const char *name, struct ttrt_buffer **out);

/* A new program with no files (no args, so no cores: set args before
 * running). name as for buffers (ttrt_buffer_name_check). The program
 * refers to dev, which must outlive it: closing the device stops its
 * programs and waits for their builds. Returns a reference. */
int ttrt_program_new(struct ttrt_device *dev, const char *name, ttrt_buffer_lookup_fn lookup,
		     void *lookup_ctx, struct ttrt_program **out);
void ttrt_program_get(struct ttrt_program *p);
void ttrt_program_put(struct ttrt_program *p);
/* -EBUSY while it runs. A run that has not launched yet is stopped
 * first (its build's compilers are killed; its start returns -ENOENT),
 * and the program's background builds are stopped before this returns.
 * After, every call on it gives -ENOENT. */
int ttrt_program_delete(struct ttrt_program *p);
const char *ttrt_program_name(const struct ttrt_program *p);

/* A program's files (docs/programs.md): at most TTRT_PROGRAM_FILES_MAX
 * of at most TTRT_PROGRAM_FILE_MAX bytes each, named as buffers are
 * (ttrt_buffer_name_check), empty ones too. The args name which are the
 * kernels' sources; every file but args is shown to each kernel's
 * compiler beside its source (its own headers, by a relative #include)
 * and is part of each kernel's cache key. The file TTRT_PROGRAM_ARGS_FILE
 * is the program's args: ttrt_program_set_args sets it, and no args file
 * means no args. A new program has no files.
 *
 * Every call that changes the files is -EBUSY while the program runs and
 * -ENOENT once it is deleted, and starts a build in the background with
 * what is set then. A name that is not a file's is -ENOENT, a bad one
 * -EINVAL or -ENAMETOOLONG. */

/* A new empty file: -EEXIST if the program has one of that name, -ENOSPC
 * when it has TTRT_PROGRAM_FILES_MAX. */
int ttrt_program_create_file(struct ttrt_program *p, const char *name);
/* Sets (copies) a file's text, making the file if need be: -EFBIG beyond
 * TTRT_PROGRAM_FILE_MAX, -ENOSPC for one file too many. args: as
 * ttrt_program_set_args (-EINVAL: the text is kept, the program fails). */
int ttrt_program_set_file(struct ttrt_program *p, const char *name, const void *data, size_t len);
/* A copy of the file's text (malloc'd; caller frees; NULL for an empty
 * file), or its length alone. */
int ttrt_program_get_file(struct ttrt_program *p, const char *name, char **out, size_t *len);
int ttrt_program_file_size(struct ttrt_program *p, const char *name, size_t *len);
int ttrt_program_remove_file(struct ttrt_program *p, const char *name);
/* Renames a file, replacing the file named to if there is one (as
 * rename(2)). A file renamed to args becomes the args only if they parse:
 * else -EINVAL with the reason ("args:LINE: ...") in err and in the
 * status, and nothing is renamed: the args set before stay. */
int ttrt_program_rename_file(struct ttrt_program *p, const char *from, const char *to, char *err,
			     size_t errlen);
/* Calls fn with each file's name and length, in no set order, until fn
 * returns non-zero (returned). The program is locked meanwhile: fn must
 * not call it. */
int ttrt_program_list_files(struct ttrt_program *p,
			    int (*fn)(void *ctx, const char *name, size_t len), void *ctx);
/* ttrt_program_set_file and get of ttrt_kernel_file_names[k] (get gives
 * NULL and 0 for none). */
int ttrt_program_set_source(struct ttrt_program *p, enum ttrt_kernel k, const void *src,
			    size_t len);
int ttrt_program_get_source(struct ttrt_program *p, enum ttrt_kernel k, char **out, size_t *len);

/* Sets the args file and parses it (INI, docs/programs-args.md). -EINVAL
 * with the reason ("args:LINE: ...") in err and in the status; the text
 * is kept either way, as the user wrote it. -EFBIG beyond
 * TTRT_PROGRAM_ARGS_MAX. */
int ttrt_program_set_args(struct ttrt_program *p, const char *text, size_t len, char *err,
			  size_t errlen);
/* The args' text (NULL and 0 for none). */
int ttrt_program_get_args(struct ttrt_program *p, char **out, size_t *len);

/* Calls fn for every program of dev not deleted, newest first, until fn
 * returns non-zero (returned). The list is locked meanwhile: fn may read
 * the program (state, name, render_status) but not make, delete or put
 * one. */
int ttrt_program_foreach(struct ttrt_device *dev, int (*fn)(struct ttrt_program *, void *),
			 void *arg);

/* Builds every kernel whose source or compile inputs changed, the RISCs
 * in parallel, and waits: 0; -EIO for a compile error (file:line in the
 * status and in the artifact "log") or a compiler past its time limit
 * (the args' or the config's build_timeout_ms) or out of its address
 * space (2 GiB per process); -EINVAL for bad args; -ENOEXEC for no source
 * at all; -EINTR when wait (may be NULL) says so: every build of the
 * program is stopped, its compilers killed. */
int ttrt_program_build(struct ttrt_program *p, const struct ttrt_wait *wait);

/* Builds if needed, resolves the args, packs, takes its cores and
 * launches, without waiting for the kernels: 0, the build's errors,
 * -ENOENT for a DRAM buffer the args name that does not exist, -EBUSY when
 * this program runs or another holds one of its cores, -EIO for a chip
 * that is down. The program then ends by itself (done, a fault, or its
 * timeout: the args' timeout_ms, else the device's), and the notify
 * callback is called. */
int ttrt_program_start(struct ttrt_program *p, const struct ttrt_wait *wait);
/* Waits until the program started last ends: 0 when every core is done,
 * -EIO for a kernel fault, -ETIMEDOUT after its timeout (its cores were
 * reset), -EINTR when wait says so (the program is stopped: its cores are
 * reset). 0 at once when nothing runs and the last run succeeded. */
int ttrt_program_wait(struct ttrt_program *p, const struct ttrt_wait *wait);
/* start, then wait. */
int ttrt_program_run(struct ttrt_program *p, const struct ttrt_wait *wait);
/* Stops a running program (its cores are reset); 0 if none runs. */
int ttrt_program_stop(struct ttrt_program *p);
/* 1 while a start is under way (building, launching) or the program runs
 * (a start now would be -EBUSY), else 0. */
int ttrt_program_running(struct ttrt_program *p);

enum ttrt_program_state ttrt_program_state(struct ttrt_program *p);
/* Counts every state change; a poller compares it with the value it saw. */
uint64_t ttrt_program_generation(struct ttrt_program *p);
/* Called after every state change, from a runtime thread (never with a
 * runtime lock held): it must not block. NULL to stop. */
void ttrt_program_set_notify(struct ttrt_program *p, void (*fn)(void *arg), void *arg);
/* The status text (docs/programs.md): state, phase timings, the error,
 * per-core results and, for cores still waiting, what each RISC waits on.
 * Caller frees. */
int ttrt_program_render_status(struct ttrt_program *p, char **out, size_t *len);

/* The device profiler's records of the program's last run, as tt-metal's
 * profile_log_device.csv (docs/tree.md, programs/NAME/profile): the header
 * alone before a run; on a card a line saying there is none. */
int ttrt_program_profile(struct ttrt_program *p, char **out, size_t *len);

/* What the last build made, by name: "<risc>.elf" and "<risc>.xip" for
 * brisc, ncrisc, trisc0..2, and "log" (the compilers' output). -ENOENT for
 * one not made. ttrt_program_artifacts lists those that exist (up to max
 * names, static strings) and returns how many. */
int ttrt_program_artifact(struct ttrt_program *p, const char *name, char **out, size_t *len);
int ttrt_program_artifacts(struct ttrt_program *p, const char **names, int max);

/* Which kernels a core runs: those of the program launched on it last
 * (since the device's last boot or reset), by RISC. */
struct ttrt_core_kernels {
	char program[TTRT_BUFFER_NAME_MAX + 1];                /* "": none launched here */
	int running;                                           /* the program holds the core now */
	char kernel[TTRT_NUM_RISCS][32];                       /* "": none on that RISC */
	char source[TTRT_NUM_RISCS][TTRT_BUFFER_NAME_MAX + 1];
};

int ttrt_core_kernels(struct ttrt_device *dev, struct ttrt_xy core, struct ttrt_core_kernels *out);

/* ---- text views (rendered on each open; caller frees *out) --------------- */

int ttrt_render_grid(struct ttrt_device *dev, char **out, size_t *len);
int ttrt_render_telemetry(struct ttrt_device *dev, char **out, size_t *len);
int ttrt_render_info_json(struct ttrt_device *dev, char **out, size_t *len);
/* Per core: go signal name; launch message as `field value` lines; local
 * CBs with their live page counters; per-RISC state, PC and fault. */
int ttrt_render_go(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len);
int ttrt_render_launch(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len);
int ttrt_render_cbs(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len);
int ttrt_render_status(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len);
/* The DPRINT text of the core's five RISCs (ttrt_dprint_read), grouped by
 * RISC, each line prefixed "<risc>: "; does not consume (docs/tree.md). */
int ttrt_render_dprint(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len);
/* "done", "go", "init", ... or NULL for a value the protocol does not define. */
const char *ttrt_go_signal_name(uint8_t signal);
/* The text of `launch` and `go` from mailbox bytes alone (offset 0 =
 * mailbox_base, e.g. a copy of cores/<x>,<y>/mailbox), in the layout of
 * abi (NULL: the built-in profile): the same formatter the mount uses.
 * launch needs the mailbox through the launch ring (784 bytes built-in),
 * go through go_message_index (836 built-in); shorter is -EINVAL. Caller
 * frees *out. */
int ttrt_decode_launch(const struct ttrt_abi *abi, const void *mailbox, size_t len, char **out,
		       size_t *outlen);
int ttrt_decode_go(const struct ttrt_abi *abi, const void *mailbox, size_t len, char **out,
		   size_t *outlen);
/* Bytes of the mailbox each decoder needs under abi (NULL: built-in). */
size_t ttrt_decode_launch_need(const struct ttrt_abi *abi);
size_t ttrt_decode_go_need(const struct ttrt_abi *abi);

/* DPRINT (tt/dprint_abi.h): the text RISC risc (0 brisc .. 4 trisc2) of a
 * core printed since the host's read mark, or the last 1008 bytes of it if
 * the kernels printed more; *lost counts the bytes overwritten before the
 * host read them. Empty for a ring never printed into. Caller frees *out
 * (NUL-terminated). ttrt_dprint_consume moves the read mark to the end, so
 * the text read so far is not returned again. -EINVAL for a bad risc. */
int ttrt_dprint_read(struct ttrt_device *dev, struct ttrt_xy core, int risc, char **out,
		     size_t *len, uint32_t *lost);
int ttrt_dprint_consume(struct ttrt_device *dev, struct ttrt_xy core, int risc);

#ifdef __cplusplus
}
#endif

#endif /* TTRT_H */
