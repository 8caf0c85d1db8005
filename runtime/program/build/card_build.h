/* SPDX-License-Identifier: Apache-2.0
 *
 * Builds for a card: tt-metal's own firmware and kernels, with the SFPI
 * toolchain, following tt-metal's JIT recipe (reference/kernel-api.md §3,
 * reference/blackhole-abi.md §5.3-5.5): per-processor flags, tt-metal's
 * include paths, firmware linked first and weakened, kernels linked with
 * --just-symbols of the weakened firmware and --emit-relocs, then made
 * execute-in-place (xip.c). On the simulator ttfs uses its own SDK and
 * firmware (build.h) instead.
 *
 * Everything here is pure: argv vectors from paths and a request, so the
 * recipe is unit-tested without a tt-metal tree or a card. docs/abi.md.
 */
#ifndef TTRT_PROGRAM_CARD_BUILD_H
#define TTRT_PROGRAM_CARD_BUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum card_target {
	CARD_BRISC,
	CARD_NCRISC,
	CARD_TRISC0,
	CARD_TRISC1,
	CARD_TRISC2,
	CARD_NUM_TARGETS
};

/* Where the tools and the tree are. */
struct card_paths {
	const char *tt_metal_home;   /* the tt-metal checkout (built: runtime/hw) */
	const char *sfpi_path;       /* holds compiler/bin/riscv-tt-elf-g++ and include/ */
};

/* Device-wide facts every build is given (P100A: 7 DRAM banks, 110 L1
 * banks, PCIe at 19,24). */
struct card_device {
	uint32_t num_dram_banks;
	uint32_t num_l1_banks;
	uint32_t pcie_x, pcie_y;
};
/* The P100A's numbers, as the simulator path passes them (build.c). */
extern const struct card_device card_p100a;

/* One kernel build. */
struct card_kernel {
	enum card_target target;
	const char *src_dir;         /* the kernel's own directory (-I) */
	const char *out_dir;         /* build directory: kernel_includes.hpp, chlkc_*, out.o */
	int opt_level;               /* -O; 0: 2 for data movement, 3 for compute */
	uint8_t noc_index;           /* data movement only */
	uint8_t noc_mode;            /* 0 dedicated, 1 dynamic */
	const uint32_t *compile_args;
	uint32_t n_compile_args;
	const char *const *defines;  /* "NAME=VALUE" (data movement: on the command line) */
	uint32_t n_defines;
	const char *named_args;      /* KERNEL_COMPILE_TIME_ARG_MAP's value, or NULL */
	const char *quote_dir;       /* -iquote: the source's directory in tt-metal's tree
				      * (upstream_path, upstream_tree.h), or NULL */
	bool cxx20;                  /* -std=c++20 -Wno-volatile, not -std=c++17: the source
				      * names the 2.0 API (build_uses_cxx20_api) */
};

/* A NULL-terminated argv, one malloc'd block. */
struct card_argv {
	char **argv;
	int argc;
};
void card_argv_free(struct card_argv *a);
/* Appends one printf-formatted argument to a (malloc'd as needed); a
 * failure sticks until card_argv_finish says -ENOMEM. */
void card_argv_add(struct card_argv *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* NULL-terminates a built argv: 0, or -ENOMEM (a emptied) if an append failed. */
int card_argv_finish(struct card_argv *a);

const char *card_target_name(enum card_target t);   /* "brisc" .. "trisc2" */

/* Compile of the kernel wrapper (brisck.cc / ncrisck.cc / trisck.cc) that
 * includes the user's kernel: -c ... -o <out_dir>/<target>.o. */
int card_kernel_compile_argv(const struct card_paths *p, const struct card_device *d,
			     const struct card_kernel *k, struct card_argv *out);
/* Link against the weakened firmware: --just-symbols, --emit-relocs, the
 * kernel_<target>.ld script: -o <out_dir>/<target>.elf. */
int card_kernel_link_argv(const struct card_paths *p, const struct card_kernel *k,
			  const char *weakened_fw, struct card_argv *out);
/* Firmware of one target: compile of brisc.cc / ncrisc.cc / trisc.cc with
 * -Os and FW_BUILD, then link with firmware_<target>.ld and tmu-crt0.o. */
int card_firmware_compile_argv(const struct card_paths *p, const struct card_device *d,
			       enum card_target t, const char *out_dir, struct card_argv *out);
/* Appends the defines and include paths of that compile (FW_BUILD,
 * TENSIX_FIRMWARE, ARCH_BLACKHOLE, the processor's, tt-metal's include
 * directories) to a: what the ABI probe is compiled with too, so it sees
 * the headers as the firmware does. sfpi_path is read for TRISCs only. */
void card_add_firmware_flags(struct card_argv *a, const struct card_paths *p,
			     const struct card_device *d, enum card_target t);
int card_firmware_link_argv(const struct card_paths *p, enum card_target t, const char *out_dir,
			    struct card_argv *out);
/* The weakened copy kernels link against: objcopy makes every global
 * symbol weak and _start, main and exit local, so a kernel's own
 * definitions win and it cannot bind the firmware's entry points. */
int card_firmware_weaken_argv(const struct card_paths *p, const char *fw_elf,
			      const char *weakened_out, struct card_argv *out);

/* Whether p has what a card build needs (the compiler, the wrapper and
 * firmware sources, the linker scripts, the link objects): 0, or -ENOENT
 * naming the first missing file in err. */
int card_build_check(const struct card_paths *p, char *err, size_t errlen);

#endif
