/* SPDX-License-Identifier: Apache-2.0
 *
 * The argv of every step of a card build, as tt-metal's JIT runs them for
 * Blackhole (reference/kernel-api.md §3; firmware per
 * reference/blackhole-abi.md §5.3). Written from that description; the
 * unit test compares each vector with it.
 */
#include "program/build/card_build.h"
#include "runtime_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_ARGS 160

const struct card_device card_p100a = { .num_dram_banks = 7, .num_l1_banks = 110,
					.pcie_x = 19, .pcie_y = 24 };

static const char *const target_names[CARD_NUM_TARGETS] = { "brisc", "ncrisc", "trisc0",
							    "trisc1", "trisc2" };

const char *card_target_name(enum card_target t)
{
	return (unsigned)t < CARD_NUM_TARGETS ? target_names[t] : "?";
}

static int is_compute(enum card_target t)
{
	return t >= CARD_TRISC0 && t <= CARD_TRISC2;
}

void card_argv_free(struct card_argv *a)
{
	if (a->argv)
		for (int i = 0; i < a->argc; i++)
			free(a->argv[i]);
	free(a->argv);
	a->argv = NULL;
	a->argc = 0;
}

/* card_argv_add is "add" in this file, which builds every argv of the recipe. */
#define add card_argv_add

void card_argv_add(struct card_argv *a, const char *fmt, ...)
{
	va_list ap;
	char *s;

	if (a->argc < 0)
		return;
	if (!a->argv) {
		a->argv = calloc(MAX_ARGS + 1, sizeof(char *));
		if (!a->argv) {
			a->argc = -1;
			return;
		}
	}
	va_start(ap, fmt);
	if (a->argc >= MAX_ARGS || vasprintf(&s, fmt, ap) < 0) {
		va_end(ap);
		for (int i = 0; i < a->argc; i++)
			free(a->argv[i]);
		a->argc = -1;
		return;
	}
	va_end(ap);
	a->argv[a->argc++] = s;
}

static int finish(struct card_argv *a)
{
	if (a->argc < 0) {
		free(a->argv);
		a->argv = NULL;
		a->argc = 0;
		return -ENOMEM;
	}
	a->argv[a->argc] = NULL;
	return 0;
}

int card_argv_finish(struct card_argv *a)
{
	return finish(a);
}

static void add_compiler(struct card_argv *a, const struct card_paths *p, const char *tool)
{
	add(a, "%s/compiler/bin/riscv-tt-elf-%s", p->sfpi_path, tool);
}

/* Flags of compile and link alike: tt-metal's common flags, then the
 * processor's (HAL common_flags): no -march/-mabi, the ISA is -mcpu.
 * cxx20: a kernel of the 2.0 API (card_kernel.cxx20). */
static void add_common(struct card_argv *a, enum card_target t, bool cxx20)
{
	if (cxx20) {
		add(a, "-std=c++20");
		add(a, "-Wno-volatile");
	} else {
		add(a, "-std=c++17");
	}
	add(a, "-flto=auto");
	add(a, "-ffast-math");
	add(a, "-fno-exceptions");
	if (is_compute(t)) {
		add(a, "-mcpu=tt-bh-tensix");
	} else {
		add(a, "-mcpu=tt-bh");
		add(a, "-fno-tree-loop-distribute-patterns");
	}
}

static void add_compile_only(struct card_argv *a)
{
	static const char *const flags[] = {
		"-MMD", "-fno-use-cxa-atexit", "-Wall", "-Werror", "-Wno-unknown-pragmas",
		"-Wno-deprecated-declarations", "-Wno-error=multistatement-macros",
		"-Wno-error=parentheses", "-Wno-error=unused-but-set-variable",
		"-Wno-unused-variable", "-Wno-unused-function",
	};
	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		add(a, "%s", flags[i]);
}

static int is_pow2(uint32_t v)
{
	return v && !(v & (v - 1));
}

static uint32_t log2u(uint32_t v)
{
	uint32_t n = 0;

	while (v > 1) {
		v >>= 1;
		n++;
	}
	return n;
}

/* Device-wide defines (initialize_device_kernel_defines), then the
 * processor's (HAL). */
static void add_defines(struct card_argv *a, const struct card_device *d, enum card_target t,
			int firmware)
{
	add(a, "-DNUM_DRAM_BANKS=%u", d->num_dram_banks);
	add(a, "-DNUM_L1_BANKS=%u", d->num_l1_banks);
	if (is_pow2(d->num_dram_banks))
		add(a, "-DLOG_BASE_2_OF_NUM_DRAM_BANKS=%u", log2u(d->num_dram_banks));
	else
		add(a, "-DIS_NOT_POW2_NUM_DRAM_BANKS=1");
	if (is_pow2(d->num_l1_banks))
		add(a, "-DLOG_BASE_2_OF_NUM_L1_BANKS=%u", log2u(d->num_l1_banks));
	else
		add(a, "-DIS_NOT_POW2_NUM_L1_BANKS=1");
	add(a, "-DPCIE_NOC_X=%u", d->pcie_x);
	add(a, "-DPCIE_NOC_Y=%u", d->pcie_y);
	add(a, "-DTENSIX_FIRMWARE");
	add(a, "-DLOCAL_MEM_EN=0");
	add(a, "-DPROCESSOR_INDEX=%d", (int)t);
	if (t == CARD_BRISC) {
		add(a, "-DCOMPILE_FOR_BRISC");
	} else if (t == CARD_NCRISC) {
		add(a, "-DCOMPILE_FOR_NCRISC");
	} else {
		static const char *const stage[3] = { "UNPACK", "MATH", "PACK" };
		static const char *const ns[3] = { "unpack", "math", "pack" };
		int i = (int)t - CARD_TRISC0;
		add(a, "-DUCK_CHLKC_%s", stage[i]);
		add(a, "-DNAMESPACE=chlkc_%s", ns[i]);
		add(a, "-DCOMPILE_FOR_TRISC=%d", i);
	}
	add(a, "-DARCH_BLACKHOLE");
	add(a, "-DDISPATCH_MESSAGE_ADDR=0xffb70438");
	add(a, firmware ? "-DFW_BUILD" : "-DKERNEL_BUILD");
}

/* tt-metal's include paths: the base list, then the Blackhole HAL's. */
static void add_includes(struct card_argv *a, const struct card_paths *p, enum card_target t)
{
	static const char *const base[] = {
		"", "/ttnn", "/ttnn/cpp", "/tt_metal", "/tt_metal/hw/inc",
		"/tt_metal/third_party/tt_llk/common", "/tt_metal/hostdevcommon/api",
		"/tt_metal/api/",
	};
	static const char *const hal[] = {
		"/tt_metal/hw/ckernels/blackhole/metal/common",
		"/tt_metal/hw/ckernels/blackhole/metal/llk_io",
		"/tt_metal/hw/inc/internal/tt-1xx",
		"/tt_metal/hw/inc/internal/tt-1xx/blackhole",
		"/tt_metal/hw/inc/internal/tt-1xx/blackhole/blackhole_defines",
		"/tt_metal/hw/inc/internal/tt-1xx/blackhole/noc",
		"/tt_metal/third_party/tt_llk/tt_llk_blackhole/common/inc",
		"/tt_metal/third_party/tt_llk/tt_llk_blackhole/llk_lib",
	};
	const char *root = p->tt_metal_home;

	for (size_t i = 0; i < sizeof(base) / sizeof(base[0]); i++)
		add(a, "-I%s%s", root, base[i]);
	for (size_t i = 0; i < sizeof(hal) / sizeof(hal[0]); i++)
		add(a, "-I%s%s", root, hal[i]);
	if (is_compute(t)) {
		add(a, "-I%s/tt_metal/hw/ckernels/blackhole/metal/llk_api", root);
		add(a, "-I%s/tt_metal/hw/ckernels/blackhole/metal/llk_api/llk_sfpu", root);
		add(a, "-I%s/include", p->sfpi_path);
	}
	add(a, "-I%s/tt_metal/hw/firmware/src/tt-1xx", root);
}

static int opt_level(const struct card_kernel *k)
{
	return k->opt_level ? k->opt_level : is_compute(k->target) ? 3 : 2;
}

static int check_kernel(const struct card_paths *p, const struct card_kernel *k)
{
	return (!p->tt_metal_home || !p->sfpi_path || (unsigned)k->target >= CARD_NUM_TARGETS ||
		!k->out_dir || !k->src_dir) ? -EINVAL : 0;
}

int card_kernel_compile_argv(const struct card_paths *p, const struct card_device *d,
			     const struct card_kernel *k, struct card_argv *out)
{
	static const char *const wrappers[CARD_NUM_TARGETS] = { "brisck.cc", "ncrisck.cc",
								"trisck.cc", "trisck.cc",
								"trisck.cc" };
	struct card_argv a = { 0 };

	if (check_kernel(p, k))
		return -EINVAL;
	add_compiler(&a, p, "g++");
	add_common(&a, k->target, k->cxx20);
	add_compile_only(&a);
	add(&a, "-O%d", opt_level(k));
	add_defines(&a, d, k->target, 0);
	if (!is_compute(k->target))
		add(&a, "-DNOC_INDEX=%u", k->noc_index);
	add(&a, "-DNOC_MODE=%u", k->noc_mode);
	if (k->n_compile_args) {
		/* -DKERNEL_COMPILE_TIME_ARGS=1,2,3 */
		size_t cap = 16 + 12 * (size_t)k->n_compile_args, used;
		char *s = malloc(cap);
		if (!s) {
			card_argv_free(&a);
			return -ENOMEM;
		}
		used = (size_t)snprintf(s, cap, "-DKERNEL_COMPILE_TIME_ARGS=");
		for (uint32_t i = 0; i < k->n_compile_args; i++)
			used += (size_t)snprintf(s + used, cap - used, "%s%u", i ? "," : "",
						 k->compile_args[i]);
		add(&a, "%s", s);
		free(s);
	}
	if (k->named_args)
		add(&a, "-DKERNEL_COMPILE_TIME_ARG_MAP=%s", k->named_args);
	/* User defines: on the command line for data movement; compute
	 * kernels get them in defines_generated.h. */
	for (uint32_t i = 0; !is_compute(k->target) && i < k->n_defines; i++)
		add(&a, "-D%s", k->defines[i]);
	add(&a, "-I%s", k->out_dir);        /* ".": kernel_includes.hpp, chlkc_*.cpp */
	add(&a, "-I%s/..", k->out_dir);     /* "..": chlkc_descriptors.h */
	add_includes(&a, p, k->target);
	add(&a, "-I%s", k->src_dir);
	/* As tt-metal's JIT compiles a kernel where it sits in its tree:
	 * the source's own "../x.hpp" resolve from that place. */
	if (k->quote_dir)
		add(&a, "-iquote%s", k->quote_dir);
	add(&a, "-c");
	add(&a, "%s/tt_metal/hw/firmware/src/tt-1xx/%s", p->tt_metal_home, wrappers[k->target]);
	add(&a, "-o");
	add(&a, "%s/%s.o", k->out_dir, target_names[k->target]);
	*out = a;
	return finish(out);
}

/* Page alignment of 16 bytes and no start files, for firmware and kernels. */
static void add_link_common(struct card_argv *a)
{
	add(a, "-Wl,-z,max-page-size=16");
	add(a, "-Wl,-z,common-page-size=16");
	add(a, "-nostartfiles");
}

int card_kernel_link_argv(const struct card_paths *p, const struct card_kernel *k,
			  const char *weakened_fw, struct card_argv *out)
{
	struct card_argv a = { 0 };
	const char *lib = "runtime/hw/lib/blackhole";

	if (check_kernel(p, k) || !weakened_fw)
		return -EINVAL;
	add_compiler(&a, p, "g++");
	add(&a, "-O%d", opt_level(k));
	add(&a, "-Wl,--just-symbols=%s", weakened_fw);
	add_common(&a, k->target, k->cxx20);
	add_link_common(&a);
	add(&a, "-T%s/runtime/hw/toolchain/blackhole/kernel_%s.ld", p->tt_metal_home,
	    target_names[k->target]);
	add(&a, "-Wl,--emit-relocs");
	add(&a, "%s/%s.o", k->out_dir, target_names[k->target]);
	if (k->target == CARD_BRISC)
		add(&a, "%s/%s/noc.o", p->tt_metal_home, lib);
	add(&a, "%s/%s/substitutes.o", p->tt_metal_home, lib);
	add(&a, "-o");
	add(&a, "%s/%s.elf", k->out_dir, target_names[k->target]);
	*out = a;
	return finish(out);
}

static const char *fw_source(enum card_target t)
{
	return t == CARD_BRISC ? "brisc.cc" : t == CARD_NCRISC ? "ncrisc.cc" : "trisc.cc";
}

void card_add_firmware_flags(struct card_argv *a, const struct card_paths *p,
			     const struct card_device *d, enum card_target t)
{
	add_defines(a, d, t, 1);
	if (!is_compute(t))
		add(a, "-DNOC_INDEX=%d", t == CARD_BRISC ? 1 : 0);
	add(a, "-DNOC_MODE=0");
	add_includes(a, p, t);
}

int card_firmware_compile_argv(const struct card_paths *p, const struct card_device *d,
			       enum card_target t, const char *out_dir, struct card_argv *out)
{
	struct card_argv a = { 0 };

	if (!p->tt_metal_home || !p->sfpi_path || (unsigned)t >= CARD_NUM_TARGETS || !out_dir)
		return -EINVAL;
	add_compiler(&a, p, "g++");
	add_common(&a, t, false);
	add_compile_only(&a);
	add(&a, "-Os");
	card_add_firmware_flags(&a, p, d, t);
	add(&a, "-c");
	add(&a, "%s/tt_metal/hw/firmware/src/tt-1xx/%s", p->tt_metal_home, fw_source(t));
	add(&a, "-o");
	add(&a, "%s/%s_fw.o", out_dir, target_names[t]);
	*out = a;
	return finish(out);
}

int card_firmware_link_argv(const struct card_paths *p, enum card_target t, const char *out_dir,
			    struct card_argv *out)
{
	struct card_argv a = { 0 };
	const char *lib = "runtime/hw/lib/blackhole";

	if (!p->tt_metal_home || !p->sfpi_path || (unsigned)t >= CARD_NUM_TARGETS || !out_dir)
		return -EINVAL;
	add_compiler(&a, p, "g++");
	add(&a, "-Os");
	add_common(&a, t, false);
	add_link_common(&a);
	add(&a, "-T%s/runtime/hw/toolchain/blackhole/firmware_%s.ld", p->tt_metal_home,
	    target_names[t]);
	add(&a, "%s/%s/tmu-crt0.o", p->tt_metal_home, lib);
	add(&a, "%s/%s_fw.o", out_dir, target_names[t]);
	if (t == CARD_BRISC)
		add(&a, "%s/%s/noc.o", p->tt_metal_home, lib);
	add(&a, "%s/%s/substitutes.o", p->tt_metal_home, lib);
	add(&a, "-o");
	add(&a, "%s/%s.elf", out_dir, target_names[t]);
	*out = a;
	return finish(out);
}

int card_firmware_weaken_argv(const struct card_paths *p, const char *fw_elf,
			      const char *weakened_out, struct card_argv *out)
{
	struct card_argv a = { 0 };

	if (!p->sfpi_path || !fw_elf || !weakened_out)
		return -EINVAL;
	add_compiler(&a, p, "objcopy");
	add(&a, "--localize-symbol=_start");
	add(&a, "--localize-symbol=main");
	add(&a, "--localize-symbol=exit");
	add(&a, "--weaken");
	add(&a, "%s", fw_elf);
	add(&a, "%s", weakened_out);
	*out = a;
	return finish(out);
}

static int exists(const char *root, const char *rel, char *err, size_t errlen)
{
	char path[TTRT_PATH_MAX + 128];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	if (stat(path, &st) == 0)
		return 0;
	ttrt_set_err(err, errlen, "%s: %s (needed for a card build)", path, strerror(errno));
	return -ENOENT;
}

int card_build_check(const struct card_paths *p, char *err, size_t errlen)
{
	static const char *const tree[] = {
		"tt_metal/hw/firmware/src/tt-1xx/brisck.cc",
		"tt_metal/hw/firmware/src/tt-1xx/ncrisck.cc",
		"tt_metal/hw/firmware/src/tt-1xx/trisck.cc",
		"tt_metal/hw/firmware/src/tt-1xx/brisc.cc",
		"tt_metal/hw/firmware/src/tt-1xx/ncrisc.cc",
		"tt_metal/hw/firmware/src/tt-1xx/trisc.cc",
		"runtime/hw/toolchain/blackhole/kernel_brisc.ld",
		"runtime/hw/toolchain/blackhole/firmware_brisc.ld",
		"runtime/hw/lib/blackhole/tmu-crt0.o",
		"runtime/hw/lib/blackhole/noc.o",
		"runtime/hw/lib/blackhole/substitutes.o",
	};
	int rc;

	if (!p->sfpi_path || !p->sfpi_path[0] || !p->tt_metal_home || !p->tt_metal_home[0]) {
		ttrt_set_err(err, errlen, "a card build needs tt_metal_home and sfpi_path");
		return -ENOENT;
	}
	rc = exists(p->sfpi_path, "compiler/bin/riscv-tt-elf-g++", err, errlen);
	for (size_t i = 0; rc == 0 && i < sizeof(tree) / sizeof(tree[0]); i++)
		rc = exists(p->tt_metal_home, tree[i], err, errlen);
	return rc;
}
