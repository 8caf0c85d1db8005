/* SPDX-License-Identifier: Apache-2.0 */
/* crt0.S - minimal start for rv32 test programs. The harness normally sets
 * sp/gp/ra itself and calls functions directly; returning to __halt stops
 * the hart with an ebreak. _start (used by the benchmark under qemu-user)
 * calls main and exits through the Linux exit syscall (a7 = 93). */
    .section .text.start, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    call main
    li a7, 93
    ecall
1:  j 1b

    .globl __halt
__halt:
    ebreak
    j __halt
