/* SPDX-License-Identifier: Apache-2.0
 *
 * Source lines of a kernel ELF (elfutils' libdw): an address of the ELF
 * to the user's `file:line function`, taking the innermost frame in the
 * user's own source when the address is in SDK code inlined into it and
 * naming the SDK call (`reader.cpp:12 kernel_main, in cb_wait_front`).
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

/* Where addr (an address of the ELF as linked) is, into buf:
 * "reader.cpp:12 kernel_main, in cb_wait_front". When no frame at addr is
 * in the user's source (an SDK function that was not inlined) and
 * caller is not 0, the user's frame is looked for at caller (the
 * address the function returns to, less one): "compute.cpp:5
 * kernel_main, in copy_tile". 0; -ENOENT when the ELF has no line for
 * addr (no debug info, an address outside its code). Safe from any
 * thread. */
int srcline_where(struct srcline_elf *s, uint64_t addr, uint64_t caller, char *buf, size_t len);

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
