/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bench_rv32.c - interpreter speed vs qemu-user on the same rv32 program.
 * usage: bench_rv32 <bare-metal.elf> <linux-user.elf> [qemu-binary]
 * The bare-metal build runs in the interpreter (stack at the top of L1,
 * budget slices of 1M instructions like the scheduler would use); the
 * linux-user build runs under qemu-riscv32. Both exit via ecall 93.
 */
#include "rvelf.h"
#include "../quick.h"

#include <spawn.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 3) { fprintf(stderr, "usage: %s bare.elf linux.elf [qemu]\n", argv[0]); return 2; }
    const char *qemu = argc > 3 ? argv[3] : "qemu-riscv32";
    struct rvt_core c;
    struct rvt_elf el;
    rvt_core_init(&c, NULL, NULL, NULL);
    int runs = getenv("BENCH_RUNS") ? atoi(getenv("BENCH_RUNS")) : 3;
    if (runs < 1) runs = 1;
    struct rv32_hart *h = &c.hart[0];
    double ti = 1e30, tq = 1e30;
    uint32_t result = 0;
    unsigned qres = 0;
    for (int run = 0; run < runs; run++) {
        /* reload: the program modifies its data */
        if (rvt_elf_load(&el, argv[1], c.bus.l1, c.bus.l1_size) != 0) return 1;
        rv32_hart_reset(h, rvt_sym(&el, "_start"));
        h->x[2] = c.bus.l1_size - 16;
        double t0 = now();
        enum rv32_stop s;
        do s = rv32_run(h, 1000000); while (s == RV32_STOP_BUDGET);
        double t = now() - t0;
        if (t < ti) ti = t;
        if (s != RV32_STOP_FAULT || h->fault.cause != RV32_ECALL || h->x[17] != 93) {
            fprintf(stderr, "interpreter: unexpected stop %d (%s) at pc 0x%x\n", (int)s,
                    rv32_cause_name(h->fault.cause), h->fault.pc);
            return 1;
        }
        result = h->x[10];

        pid_t pid;
        char *qargv[] = {(char *)qemu, argv[2], NULL};
        t0 = now();
        if (posix_spawnp(&pid, qemu, NULL, NULL, qargv, environ) != 0) {
            perror(qemu);
            return 1;
        }
        int st = 0;
        if (waitpid(pid, &st, 0) < 0) { perror("waitpid"); return 1; }
        t = now() - t0;
        if (t < tq) tq = t;
        if (!WIFEXITED(st)) { fprintf(stderr, "qemu: abnormal exit\n"); return 1; }
        qres = (unsigned)WEXITSTATUS(st);
        free(el.syms);
    }
    double mips = (double)h->retired / ti / 1e6;
    printf("workload: %" PRIu64 " rv32 instructions (crc32, quicksort, mul/div mix); best of %d runs\n",
           h->retired, runs);
    printf("interpreter: %.3f s = %.1f MIPS (result %u)\n", ti, mips, result);
    printf("qemu-user:   %.3f s = %.1f MIPS (result %u)\n", tq, (double)h->retired / tq / 1e6, qres);
    if (qres != (result & 0xff)) { fprintf(stderr, "result mismatch\n"); return 1; }
    double ratio = tq / ti;
    printf("ratio interpreter/qemu speed: %.2fx (target >= 0.33x) %s\n", ratio,
           bench_quick() ? "-" : ratio >= 0.33 ? "OK" : "BELOW TARGET");
    rvt_core_free(&c);
    return 0;
}
