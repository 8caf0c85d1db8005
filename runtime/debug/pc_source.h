/* SPDX-License-Identifier: Apache-2.0
 *
 * What code each RISC of each core runs, and the one way ttfs shows a
 * PC: `pc 0x000083ec (reader.cpp:12 kernel_main, in cb_wait_front(3, 1))`.
 * A launch records, per core and RISC, the kernel ELF it placed and
 * where; a PC inside it is looked up in that ELF's debug info
 * (srcline.h). docs/debugging.md, "Source lines".
 */
#ifndef TTRT_DEBUG_PC_SOURCE_H
#define TTRT_DEBUG_PC_SOURCE_H

#include "ttrt.h"

#include <stddef.h>
#include <stdint.h>

struct srcline_elf;
struct ttrt_code_table;

/* Room for a PC with its place. */
#define TTRT_PC_TEXT_MAX 256

int ttrt_code_table_create(struct ttrt_code_table **out);
void ttrt_code_table_destroy(struct ttrt_code_table *t);

/* The RISC of core runs lines's ELF, its byte at link address `link`
 * placed at `load`, size bytes of it; the table takes a reference. */
void ttrt_code_set(struct ttrt_device *dev, struct ttrt_xy core, int risc,
		   struct srcline_elf *lines, uint32_t load, uint32_t link, uint32_t size);
/* A launch on core (any launch: it may place other code). */
void ttrt_code_forget(struct ttrt_device *dev, struct ttrt_xy core);
/* The chip booted again. */
void ttrt_code_forget_all(struct ttrt_device *dev);

/* Where the PC of that RISC is ("reader.cpp:12 kernel_main, in
 * cb_wait_front(3, 1)"), its ra telling the caller of an SDK function that
 * was not inlined, its registers (d->regs_known, while it stands still)
 * and memory the values of the call's arguments: 0, or -ENOENT when no
 * code with debug info known to be there holds it. */
int ttrt_pc_where(struct ttrt_device *dev, struct ttrt_xy core, int risc,
		  const struct ttrt_risc_detail *d, char *buf, size_t len);
/* "pc 0x%08x", followed by " (WHERE)" when it is known; returns buf.
 * The one way ttfs shows a PC. */
const char *ttrt_pc_text(struct ttrt_device *dev, struct ttrt_xy core, int risc,
			 const struct ttrt_risc_detail *d, char *buf, size_t len);

/* Every "pc 0x%08x" in text (a fault that names another instruction: the
 * NOC read a push came before) followed by its place, as ttrt_pc_text
 * shows a PC, but for `shown`, the PC the text is about, whose place is
 * given before it. In place, within size bytes (cut if need be). */
void ttrt_pc_annotate(struct ttrt_device *dev, struct ttrt_xy core, int risc, uint32_t shown,
		      char *text, size_t size);

#endif
