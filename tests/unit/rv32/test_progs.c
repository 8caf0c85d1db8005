/* SPDX-License-Identifier: Apache-2.0 */
/* test_progs.c - compiled rv32 programs (crc32, sort, memcpy across the
 * L1/local-memory boundary, mul/div mix) against the same C built for the host.
 * argv[1..]: rv32 ELF files to test (e.g. an rv32im and an rv32imc build). */
#include "rvelf.h"
#include "algos.h"

static void run_one(const char *path)
{
    struct rvt_core core;
    struct rvt_elf el;
    rvt_core_init(&core, NULL, NULL, NULL);
    if (rvt_elf_load(&el, path, core.bus.l1, core.bus.l1_size) != 0) {
        rvt_failures++;
        rvt_core_free(&core);
        return;
    }
    struct rv32_hart *h = &core.hart[1];   /* NCRISC */
    uint8_t *l1 = core.bus.l1;
    const uint32_t BUF = 0x100000, BUF2 = 0x140000;

    /* CRC32 over several lengths and alignments */
    static uint8_t host[65536];
    alg_fill(host, sizeof host, 42);
    memcpy(l1 + BUF, host, sizeof host);
    for (uint32_t len = 0; len <= 65536; len = len * 3 + 7) {
        if (len > 65536) break;
        uint32_t off = len & 3;
        uint32_t got = rvt_call(h, &el, "alg_crc32", BUF + off, len - (len ? off : 0), 0, 0);
        CHECK_EQ(got, alg_crc32(host + off, len - (len ? off : 0)));
    }
    memcpy(l1 + BUF2, "123456789", 9);                     /* the standard check value */
    CHECK_EQ(rvt_call(h, &el, "alg_crc32", BUF2, 9, 0, 0), 0xCBF43926u);
    CHECK_EQ(alg_crc32((const uint8_t *)"123456789", 9), 0xCBF43926u);

    /* sort: random signed values, duplicates, sorted and reversed inputs */
    static int32_t arr[5000], ref[5000];
    for (int kind = 0; kind < 4; kind++) {
        uint32_t n = kind == 3 ? 3 : 5000;
        alg_fill((uint8_t *)arr, sizeof arr, 7u + (uint32_t)kind);
        for (uint32_t i = 0; i < n; i++) {
            if (kind == 1) arr[i] = arr[i] % 17;
            if (kind == 2) arr[i] = (int32_t)(n - i) * 3 - 1000;
        }
        memcpy(ref, arr, sizeof arr);
        alg_sort(ref, n);
        memcpy(l1 + BUF, arr, n * 4);
        rvt_call(h, &el, "alg_sort", BUF, n, 0, 0);
        CHECK(memcmp(l1 + BUF, ref, n * 4) == 0);
        for (uint32_t i = 1; i < n; i++) CHECK(ref[i - 1] <= ref[i]);
    }

    /* memcpy L1 -> local memory -> L1, every misalignment combination */
    uint8_t *loc = core.local[1];
    for (uint32_t so = 0; so < 4; so++)
        for (uint32_t dof = 0; dof < 4; dof++) {
            uint32_t n = 3000 + so + dof;
            alg_fill(l1 + BUF + so, n, so * 4 + dof + 1);
            memset(loc, 0, 4096);
            memset(l1 + BUF2, 0, n + 8);
            rvt_call(h, &el, "alg_memcpy", RV32_LOCAL_BASE + dof, BUF + so, n, 0);
            CHECK(memcmp(loc + dof, l1 + BUF + so, n) == 0);
            CHECK_EQ(loc[dof + n], 0);
            uint32_t r = rvt_call(h, &el, "alg_memcpy", BUF2 + so, RV32_LOCAL_BASE + dof, n, 0);
            CHECK_EQ(r, BUF2 + so);
            CHECK(memcmp(l1 + BUF2 + so, l1 + BUF + so, n) == 0);
            CHECK_EQ(l1[BUF2 + so + n], 0);
        }

    /* mul/div/rem heavy mix */
    for (uint32_t seed = 1; seed < 2000; seed += 333)
        CHECK_EQ(rvt_call(h, &el, "alg_mix", seed, 1000, 0, 0), alg_mix(seed, 1000));

    /* budget slicing: odd slice sizes retire exactly the slice (also in the
     * single-stepping mode near the end of a budget) and change nothing */
    {
        rvt_setup_call(h, &el, "alg_mix", 99, 3000, 0, 0);
        CHECK_EQ(rv32_run(h, 100000000), RV32_STOP_FAULT);
        uint32_t want = h->x[10];
        uint64_t total = h->retired;
        static const uint64_t sizes[] = {1, 2, 3, 777, 1031, 1032, 1033, 5000, 65537};
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            rvt_setup_call(h, &el, "alg_mix", 99, 3000, 0, 0);
            enum rv32_stop st;
            uint64_t before = 0;
            int exact = 1;
            while ((st = rv32_run(h, sizes[k])) == RV32_STOP_BUDGET) {
                if (h->retired - before != sizes[k]) exact = 0;
                before = h->retired;
                if (sizes[k] < 4 && h->retired > 200000) break;   /* keep it short */
            }
            CHECK(exact);
            if (st != RV32_STOP_BUDGET) {
                CHECK_EQ(st, RV32_STOP_FAULT);
                CHECK_EQ(h->x[10], want);
                CHECK_EQ(h->retired, total);
            }
        }
        /* tiny input fully single-stepped */
        memcpy(l1 + BUF2, "123456789", 9);
        rvt_setup_call(h, &el, "alg_crc32", BUF2, 9, 0, 0);
        while (rv32_run(h, 1) == RV32_STOP_BUDGET)
            ;
        CHECK_EQ(h->x[10], 0xCBF43926u);
    }

    free(el.syms);
    rvt_core_free(&core);
}

int main(int argc, char **argv)
{
    if (argc < 2) { fprintf(stderr, "usage: %s prog.elf...\n", argv[0]); return 2; }
    for (int i = 1; i < argc; i++) {
        run_one(argv[i]);
        printf("%s: done\n", argv[i]);
    }
    return rvt_done("test_rv32_progs");
}
