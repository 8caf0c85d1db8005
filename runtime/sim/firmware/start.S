/* SPDX-License-Identifier: Apache-2.0
 * Entry of every firmware image: the first bytes of its text, which the
 * RISC reaches from its reset PC (BRISC through the jump the host writes
 * at L1 address 0). */
	.section .start, "ax"
	.globl _start
_start:
	la	sp, __stack_top
	call	fw_crt_init
	call	main
1:	wfi
	j	1b
