/* SPDX-License-Identifier: Apache-2.0
 *
 * Source lines of a kernel ELF (elfutils' libdw): an address of the ELF
 * to the user's `file:line function`, taking the innermost frame in the
 * user's own source when the address is in SDK code inlined into it and
 * naming the SDK call and its arguments (`reader.cpp:12 kernel_main, in
 * cb_wait_front(3, 1)`).
 * docs/debugging.md, "Source lines".
 */
#ifndef TTRT_DEBUG_SRCLINE_H
#define TTRT_DEBUG_SRCLINE_H

#include <stddef.h>
#include <stdint.h>

/* A built ELF with its DWARF opened at the first lookup and kept:
 * reference-counted, shared by every core that runs it. */
struct srcline_elf;

/* A copy of the ELF's bytes; NULL without memory. */
struct srcline_elf *srcline_elf_new(const void *elf, size_t len);
void srcline_elf_get(struct srcline_elf *s);
void srcline_elf_put(struct srcline_elf *s);

/* What a lookup may read of the RISC whose PC is the address looked up,
 * for the values of the SDK call's arguments: its registers then, and its
 * memory. */
struct srcline_state {
	const uint32_t *x;    /* x0..x31, NULL: unknown (only constants are shown) */
	/* len bytes at addr as the RISC sees them (L1, its local memory):
	 * 0 or -errno. NULL: none. */
	int (*read)(void *ctx, uint64_t addr, void *buf, size_t len);
	void *ctx;
	/* Where the ELF's code is less where it is linked: DW_OP_addr's
	 * addresses are the ELF's. */
	int64_t bias;
};

/* Where addr (an address of the ELF as linked) is, into buf:
 * "reader.cpp:12 kernel_main, in cb_wait_front". When no frame at addr is
 * in the user's source (an SDK function that was not inlined) and
 * caller is not 0, the user's frame is looked for at caller (the
 * address the function returns to, less one): "compute.cpp:5
 * kernel_main, in copy_tile". 0; -ENOENT when the ELF has no line for
 * addr (no debug info, an address outside its code). Safe from any
 * thread. */
int srcline_where(struct srcline_elf *s, uint64_t addr, uint64_t caller, char *buf, size_t len);
/* srcline_where, with the SDK call's arguments where the debug info
 * gives them at addr (st NULL: none, as srcline_where): "reader.cpp:12
 * kernel_main, in cb_wait_front(3, 1)"; "?" for one it does not give,
 * and no parentheses when it gives none. Through an out-of-line call
 * (caller), the arguments of the user's call are the constant ones only:
 * the registers are the callee's by then. */
int srcline_where_at(struct srcline_elf *s, uint64_t addr, uint64_t caller,
		     const struct srcline_state *st, char *buf, size_t len);

/* Whether the ELF loads bytes (n at most 4) at addr: code the host or a
 * kernel wrote over since is not this ELF's any more. 1, 0, or -ENOENT
 * when no segment of the ELF loads addr. */
int srcline_code_matches(struct srcline_elf *s, uint64_t addr, const uint8_t *bytes, size_t n);

/* How a file of the debug info is shown: no path of the build machine
 * ("./reader.cpp" is "reader.cpp", "/usr/lib/.../x.h" is ".../x.h"). */
void srcline_show_file(const char *file, char *buf, size_t len);
/* Whether a file so shown is the user's own: a program's file, not the
 * SDK's (sdk/, include/), the build's (../) or the toolchain's. */
int srcline_is_user_file(const char *shown);

#endif
