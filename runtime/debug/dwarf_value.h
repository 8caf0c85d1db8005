/* SPDX-License-Identifier: Apache-2.0
 *
 * The value of a parameter at an address, from its DWARF (elfutils'
 * libdw decodes the location expressions; this evaluates them): a
 * constant (DW_AT_const_value, DW_OP_lit3; DW_OP_stack_value), a
 * register's or an expression over registers, or memory at an address so
 * computed. The registers and memory are the RISC's as it stands at that
 * address (srcline_state); without them only what needs neither is known.
 * docs/debugging.md, "Source lines".
 */
#ifndef TTRT_DEBUG_DWARF_VALUE_H
#define TTRT_DEBUG_DWARF_VALUE_H

#include "debug/srcline.h"

#include <elfutils/libdw.h>
#include <stddef.h>

/* The value of die (a DW_TAG_formal_parameter or DW_TAG_variable of
 * concrete code) at addr, an address of the ELF as linked, as its type
 * shows it: "3", "0x37000", "-1", "true", "c_0" (an enumerator). 0; or
 * -ENOENT when the debug info does not give it there (optimised out,
 * a value only known on entry, a register or memory st does not have, a
 * type shown by no number). */
int dwarf_value_text(Dwarf_Die *die, Dwarf_Addr addr, const struct srcline_state *st, char *buf,
		     size_t len);

#endif
