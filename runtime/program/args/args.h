/* SPDX-License-Identifier: Apache-2.0
 *
 * A program's `args` file (INI, DESIGN §1.4; the syntax is in
 * docs/programs-args.md): parsed into a symbolic form, where `@name` and
 * `accessor(name)` still name DRAM buffers, then resolved at launch into
 * the 32-bit words each kernel gets on each core.
 */
#ifndef TTRT_PROGRAM_ARGS_H
#define TTRT_PROGRAM_ARGS_H

#include "ttrt.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PROG_NUM_CBS          32
#define PROG_MAX_ARGS         341    /* tt-metal's max_runtime_args per kernel and core */
#define PROG_MAX_COMPILE_ARGS 341
#define PROG_MAX_DEFINES      64
#define PROG_DEFINE_MAX       128    /* NAME=VALUE, bytes */
#define PROG_NAME_MAX         TTRT_BUFFER_NAME_MAX
#define PROG_MAX_TIMEOUT_MS   (3600u * 1000u)
#define PROG_MAX_SEMAPHORES   16     /* tt-metal's NUM_SEMAPHORES */
#define PROG_MAX_KERNELS      64     /* [kernel.NAME] sections, with the three short names */
#define PROG_KERNEL_NAME_MAX  31
#define PROG_UPSTREAM_PATH_MAX 255   /* upstream_path, bytes */
#define PROG_MAX_NAMED_ARGS   64
#define PROG_NAMED_ARG_MAX    48     /* bytes of a named compile-time arg's name */
#define PROG_MAX_CB_SECTIONS  64

/* The short-named kernels, always kernel[0..2] of prog_args: [reader],
 * [writer] and [compute], with sources reader.cpp, writer.cpp and
 * compute.cpp. [kernel.NAME] sections follow them. */
enum prog_kernel {
	PROG_READER,     /* NCRISC (RISCV_1), NOC 1 by default */
	PROG_WRITER,     /* BRISC (RISCV_0), NOC 0 by default */
	PROG_COMPUTE,    /* TRISC0..2 */
	PROG_NUM_KERNELS
};

/* Where a kernel runs, in launch-message order of its first RISC (the
 * same order as pack.h's slots): a compute kernel takes the three TRISCs. */
enum prog_processor {
	PROG_PROC_BRISC,
	PROG_PROC_NCRISC,
	PROG_PROC_COMPUTE,
	PROG_NUM_PROCESSORS
};

/* The processor a RISC (launch-message order: BRISC, NCRISC, TRISC0..2)
 * belongs to. */
static inline enum prog_processor prog_processor_of_risc(int risc)
{
	return risc == 0 ? PROG_PROC_BRISC : risc == 1 ? PROG_PROC_NCRISC : PROG_PROC_COMPUTE;
}

/* tt-metal's DataFormat, with its numeric values. */
enum prog_data_format {
	PROG_FMT_FLOAT32 = 0,
	PROG_FMT_FLOAT16 = 1,
	PROG_FMT_BFP8 = 2,
	PROG_FMT_BFP4 = 3,
	PROG_FMT_FLOAT16_B = 5,
	PROG_FMT_BFP8_B = 6,
	PROG_FMT_BFP4_B = 7,
	PROG_FMT_INT32 = 8,
	PROG_FMT_UINT16 = 9,
	PROG_FMT_BFP2 = 11,
	PROG_FMT_INT8 = 14,
	PROG_FMT_BFP2_B = 15,
	PROG_FMT_UINT32 = 24,
	PROG_FMT_UINT8 = 30,
	PROG_FMT_INVALID = 0xff,
};

enum prog_math_fidelity {
	PROG_LOFI = 0,
	PROG_HIFI2 = 2,
	PROG_HIFI3 = 3,
	PROG_HIFI4 = 4,
};

/* tt-metal's UnpackToDestMode, per CB index. */
enum prog_unpack_mode {
	PROG_UNPACK_TO_DEST_FP32 = 0,
	PROG_UNPACK_DEFAULT = 1,
};

/* One item of an argument list, as written. */
enum prog_word_kind {
	PROG_WORD_VALUE,      /* a number or float bits */
	PROG_WORD_BUFFER,     /* @name: the buffer's address */
	PROG_WORD_ACCESSOR,   /* accessor(name): PROG_ACCESSOR_WORDS words */
};

struct prog_word {
	enum prog_word_kind kind;
	uint32_t value;
	char buffer[PROG_NAME_MAX + 1];
	/* NAME=VALUE in args/common_args: the value of Metal 2.0's named arg
	 * NAME; "" for a word by position. The parser puts named words in
	 * the order of arg_names/common_arg_names and leaves this "". */
	char name[PROG_NAMED_ARG_MAX + 1];
};

struct prog_words {
	struct prog_word *w;
	uint32_t n, cap;
	int line;             /* where the key was set, for errors at resolve time */
};

/* A set of logical cores, in the order listed. */
struct prog_cores {
	struct ttrt_xy *v;
	uint32_t n;
};

/* args.X,Y = ... : runtime args that replace the kernel's `args` on some cores. */
struct prog_override {
	struct ttrt_xy *cores;
	uint32_t n_cores;
	struct prog_words args;
};

/* named_compile_args = name=value ...: get_named_compile_time_arg_val("name"). */
struct prog_named_arg {
	char name[PROG_NAMED_ARG_MAX + 1];
	uint32_t value;
};

/* NAME=BUFFER of tensor_names (Metal 2.0's tensor::NAME, a TensorAccessor
 * of the buffer: its accessor words after compile_args, its address a
 * common arg after the named ones) and of scratch_names (scratch::NAME, a
 * Scratchpad of an L1 buffer's bytes on each core: its address a common
 * arg after the tensors'). */
struct prog_buffer_binding {
	char name[PROG_NAMED_ARG_MAX + 1];
	char buffer[PROG_NAME_MAX + 1];
};

/* Keys of a kernel section, numbered for key_line[]. */
enum prog_kernel_key {
	PROG_KEY_ARGS,
	PROG_KEY_COMMON_ARGS,
	PROG_KEY_COMPILE_ARGS,
	PROG_KEY_DEFINES,
	PROG_KEY_NOC,
	PROG_KEY_MATH_FIDELITY,
	PROG_KEY_FP32_DEST_ACC_EN,
	PROG_KEY_MATH_APPROX_MODE,
	PROG_KEY_DST_FULL_SYNC_EN,
	PROG_KEY_UNPACK_TO_DEST_MODE,
	PROG_KEY_NAMED_COMPILE_ARGS,
	PROG_KEY_CORES,
	PROG_KEY_SOURCE,
	PROG_KEY_PROCESSOR,
	PROG_KEY_UPSTREAM_PATH,
	PROG_KEY_ARG_NAMES,
	PROG_KEY_COMMON_ARG_NAMES,
	PROG_KEY_DFB_NAMES,
	PROG_KEY_SEMAPHORE_NAMES,
	PROG_KEY_TENSOR_NAMES,
	PROG_KEY_SCRATCH_NAMES,
	PROG_NUM_KERNEL_KEYS
};

/* One kernel: tt-metal's CreateKernel. */
struct prog_kernel_args {
	char name[PROG_KERNEL_NAME_MAX + 1];   /* "reader", or NAME of [kernel.NAME] */
	char source[PROG_NAME_MAX + 1];         /* a file of the program */
	/* upstream_path: where the source sits in tt-metal's tree, for its
	 * relative includes of ttnn's helpers; "" if unset */
	char upstream_path[PROG_UPSTREAM_PATH_MAX + 1];
	bool present;                   /* its section appeared (always, for [kernel.NAME]) */
	bool short_name;                /* [reader], [writer] or [compute] */
	int line;                       /* of the section header */
	enum prog_processor processor;
	struct prog_cores cores;        /* a subset of the program's; all of them unless set */
	struct prog_words args;         /* unique runtime args (the same on every core) */
	struct prog_words common_args;  /* common runtime args */
	struct prog_words compile_args;
	char defines[PROG_MAX_DEFINES][PROG_DEFINE_MAX];   /* "NAME=VALUE" */
	uint32_t n_defines;
	struct prog_named_arg *named_args;
	uint32_t n_named_args;
	/* Metal 2.0's named runtime args: names of the first words of args
	 * (arg_names) and of common_args (common_arg_names), in order; the
	 * values stay unused. */
	struct prog_named_arg *arg_names, *common_arg_names;
	uint32_t n_arg_names, n_common_arg_names;
	/* Metal 2.0's bindings (kernel_bindings_generated.h): dfb::NAME of a
	 * CB index (dfb_names), sem::NAME of a semaphore id
	 * (semaphore_names), tensor::NAME of a buffer (tensor_names),
	 * scratch::NAME of an L1 buffer (scratch_names). */
	struct prog_named_arg *dfbs, *sems;
	uint32_t n_dfbs, n_sems;
	struct prog_buffer_binding *tensors, *scratches;
	uint32_t n_tensors, n_scratches;
	uint8_t noc;
	/* compute kernels only */
	enum prog_math_fidelity math_fidelity;
	bool fp32_dest_acc_en;
	bool math_approx_mode;
	bool dst_full_sync_en;
	uint8_t unpack_to_dest_mode[PROG_NUM_CBS];   /* enum prog_unpack_mode */
	struct prog_override *overrides;
	uint32_t n_overrides;
	int key_line[PROG_NUM_KERNEL_KEYS];   /* first line of each key, 0 if unset */
};

/* One index of a [cb.N,M,...] section. */
struct prog_cb_index {
	uint8_t index;
	enum prog_data_format format;
	uint32_t page_size;           /* bytes; one tile of the format unless set */
	uint32_t pages;               /* size / page_size */
	uint8_t tile_rows, tile_cols; /* tt-metal's Tile shape: 32x32 unless `tile` says */
	int format_line, page_size_line;   /* of format.N and page_size.N, 0 if unset */
	int tile_line;                /* of tile.N, 0 if unset */
};

enum prog_cb_key {
	PROG_CB_KEY_FORMAT,
	PROG_CB_KEY_PAGES,
	PROG_CB_KEY_PAGE_SIZE,
	PROG_CB_KEY_SIZE,
	PROG_CB_KEY_CORES,
	PROG_CB_KEY_BUFFER,
	PROG_CB_KEY_TILE,
	PROG_NUM_CB_KEYS
};

/* A [cb.*] section: tt-metal's CircularBufferConfig, one L1 range that
 * all its indices share, at one address on every core of the section. */
struct prog_cb {
	int line;
	struct prog_cb_index idx[PROG_NUM_CBS];
	uint32_t n_idx;
	struct prog_cores cores;      /* all of the program's unless set */
	uint32_t size;                /* bytes, the range's total */
	enum prog_data_format format; /* `format`: for every index without format.N */
	uint32_t page_size;           /* `page_size`, 0 if unset */
	uint32_t pages;               /* `pages`, 0 if unset */
	uint8_t tile_rows, tile_cols; /* `tile`, 0 if unset: for every index without tile.N */
	/* `buffer`: the L1 buffer whose memory the section is (tt-metal's
	 * globally allocated address), "" if none; looked up at launch */
	char buffer[PROG_NAME_MAX + 1];
	int key_line[PROG_NUM_CB_KEYS];
};

/* A [semaphore.N] section: tt-metal's CreateSemaphore on some cores. */
struct prog_semaphore {
	int line;
	uint8_t id;
	uint32_t value;
	struct prog_cores cores;      /* all of the program's unless set */
	int key_line[2];              /* cores, value */
};

struct prog_args {
	struct ttrt_xy *cores;          /* logical, in the order listed */
	uint32_t n_cores;
	uint32_t timeout_ms;            /* 0: the daemon's default */
	uint32_t build_timeout_ms;      /* 0: the daemon's default */
	int noc_mode;                   /* enum ttrt_noc_mode; -1: the daemon's */
	uint32_t semaphores[PROG_MAX_SEMAPHORES];   /* [program] semaphores: ids 0.., every core */
	uint32_t n_semaphores;
	struct prog_semaphore *sems;    /* [semaphore.N] sections, in file order */
	uint32_t n_sems;
	struct prog_cb *cb;             /* [cb.*] sections, in file order (tt-metal's creation order) */
	uint32_t n_cbs;
	/* kernel[0..2]: [reader], [writer], [compute] (present or not), then
	 * the [kernel.NAME] sections in file order. */
	struct prog_kernel_args *kernel;
	uint32_t n_kernels;
	int key_line[5];
};

/* Parses the text of an args file (len bytes, need not end in NUL).
 * Cores are checked against a grid_x by grid_y logical grid. name prefixes
 * error messages ("name:LINE: reason"). Returns 0, -EINVAL (reason in err)
 * or -ENOMEM. */
int prog_args_parse(const char *text, size_t len, const char *name, unsigned grid_x,
		    unsigned grid_y, struct prog_args **out, char *err, size_t errlen);
void prog_args_free(struct prog_args *args);

const char *prog_kernel_name(enum prog_kernel k);         /* "reader", ... */
const char *prog_processor_name(enum prog_processor p);   /* "brisc", "ncrisc", "compute" */
/* Whether a core is in a set. */
bool prog_cores_has(const struct prog_cores *set, struct ttrt_xy core);
/* "[cb.16,24]": the section's name as written, into buf. */
const char *prog_cb_name(const struct prog_cb *cb, char *buf, size_t len);
/* The section of a kernel for messages: "[reader]" or "[kernel.NAME]". */
const char *prog_kernel_section(const struct prog_kernel_args *k, char *buf, size_t len);
/* A kernel's named compile-time args as tt-metal's JIT defines
 * KERNEL_COMPILE_TIME_ARG_MAP: {"name",value}, {"name",value}, (malloc'd),
 * or NULL for none. 0 or -ENOMEM. */
int prog_named_args_define(const struct prog_kernel_args *k, char **out);
const char *prog_format_name(enum prog_data_format f);    /* tt-metal's spelling */
/* Bytes of one 32x32 tile of a format, 0 for an unknown one. */
uint32_t prog_format_tile_size(enum prog_data_format f);
/* Bytes of one rows x cols tile (tt-metal's Tile::get_tile_size: a block
 * format's exponents, one per face row, padded to 16 bytes), 0 for an
 * unknown format. */
uint32_t prog_format_shape_size(enum prog_data_format f, uint32_t rows, uint32_t cols);

/* ---- resolution ---------------------------------------------------------- */

/* What the resolver needs to know about a buffer. */
struct prog_buffer_info {
	uint64_t addr;        /* the same in every bank and on every core */
	uint32_t page_size;
	bool is_dram;         /* else in L1 */
	/* L1: the bytes it has on each core it covers, and those cores (bit
	 * y * 12 + x), for a CB whose memory it is */
	uint64_t bytes_per_bank;
	uint8_t on_core[(TTRT_NUM_TENSIX + 7) / 8];
	/* accessor(name)'s words (ttrt_buffer_accessor_args); none: the two
	 * of an interleaved buffer, from page_size and is_dram */
	uint32_t accessor[TTRT_ACCESSOR_MAX_WORDS];
	uint32_t n_accessor;
	char problem[200];    /* with -EINVAL: why the buffer cannot be used */
	struct ttrt_buffer_pin *pin;   /* a pin the lookup took, or NULL: the resolved
					* args hold it until prog_resolved_free */
};

/* Looks a buffer up by name: 0 and *out filled, -ENOENT, or -EINVAL
 * with the reason in out->problem. A lookup that fails holds no pin. */
typedef int (*prog_buffer_lookup_fn)(void *ctx, const char *name, struct prog_buffer_info *out);

/*
 * accessor(name) expands to the compile-time words of tt-metal's
 * TensorAccessorArgs, newest layout (since tt-metal #38958): for an
 * interleaved buffer two, word 0 the ArgsConfig flags (IsDram = 2; not
 * sharded, nothing at run time), word 1 the aligned page size (the page
 * size rounded up to 64 bytes in DRAM, 16 in L1); a sharded buffer adds
 * its rank, banks, shapes and bank coordinates
 * (runtime/buffer/accessor_args.c). The kernel SDK's
 * TensorAccessorArgs<N>() reads the same words. The parser counts an
 * accessor as its fewest words; the resolve checks the real count.
 */
#define PROG_ACCESSOR_WORDS        2
#define PROG_ACCESSOR_FLAG_SHARDED 1u
#define PROG_ACCESSOR_FLAG_IS_DRAM 2u

struct prog_accessor_args {
	uint32_t config;            /* PROG_ACCESSOR_FLAG_* */
	uint32_t aligned_page_size;
};

void prog_accessor_args(const struct prog_buffer_info *buf, struct prog_accessor_args *out);

struct prog_u32s {
	uint32_t *v;
	uint32_t n;
};

struct prog_resolved_kernel {
	struct prog_u32s compile_args;   /* compile_args, then each tensor binding's accessor */
	struct prog_u32s common_args;    /* the named ones, each tensor binding's address, each
					  * scratch binding's, the rest */
	uint32_t *tensor_cta;            /* [n_tensors]: where each binding's accessor starts */
	uint32_t *scratch_size;          /* [n_scratches]: each scratch buffer's bytes on a core */
	struct prog_u32s *core_args;   /* [n_cores], in the order of prog_args.cores; none
					* on a core the kernel does not run on */
};

/* A buffer the args name, as looked up (once per resolve). */
struct prog_resolved_buffer {
	char name[PROG_NAME_MAX + 1];
	struct prog_buffer_info info;
};

struct prog_cb_fixed;

struct prog_resolved {
	uint32_t n_cores;
	/* [prog_args.n_cbs]: the sections whose memory is an L1 buffer
	 * (`buffer = NAME`), at its address (cb_place.h) */
	struct prog_cb_fixed *cb_fixed;
	struct prog_resolved_kernel *kernel;   /* [n_kernels], as prog_args.kernel */
	uint32_t n_kernels;
	struct prog_resolved_buffer *buffers;   /* their pins are released by prog_resolved_free */
	uint32_t n_buffers, cap_buffers;
};

/* Turns every symbolic word into its value with lookup, called once per
 * buffer name, so every word naming a buffer sees the same buffer, and
 * finds the L1 buffer of each [cb.*] section that names one. An unknown
 * buffer is -ENOENT, with "name:LINE: [section] key: no buffer 'x'" in
 * err; a CB's buffer in DRAM, or with fewer bytes than the CB on one of
 * its cores, -EINVAL. */
int prog_args_resolve(const struct prog_args *args, const char *name, prog_buffer_lookup_fn lookup,
		      void *ctx, struct prog_resolved **out, char *err, size_t errlen);
void prog_resolved_free(struct prog_resolved *r);

#endif /* TTRT_PROGRAM_ARGS_H */
