/* SPDX-License-Identifier: Apache-2.0 */
/* rvelf.h - load a test ELF into simulated L1 with libelf; look up symbols;
 * call rv32 functions from C. Test-only helper. */
#ifndef TTFS_RVELF_H
#define TTFS_RVELF_H

#include "rvtest.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

struct rvt_sym { char name[64]; uint32_t value; };
struct rvt_elf { struct rvt_sym *syms; size_t nsyms; };

static inline int rvt_elf_load(struct rvt_elf *out, const char *path, uint8_t *l1, uint32_t l1_size)
{
    memset(out, 0, sizeof *out);
    if (elf_version(EV_CURRENT) == EV_NONE) return -1;
    int fd = open(path, O_RDONLY);
    if (fd < 0) { perror(path); return -1; }
    Elf *e = elf_begin(fd, ELF_C_READ, NULL);
    int rc = -1;
    size_t nph = 0;
    if (!e || elf_kind(e) != ELF_K_ELF || elf_getphdrnum(e, &nph) != 0) goto done;
    size_t fsize = 0;
    char *img = elf_rawfile(e, &fsize);
    for (size_t i = 0; i < nph; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD) continue;
        if (ph.p_paddr + ph.p_memsz > l1_size || ph.p_filesz > ph.p_memsz ||
            ph.p_offset + ph.p_filesz > fsize) goto done;
        memcpy(l1 + ph.p_paddr, img + ph.p_offset, ph.p_filesz);
        memset(l1 + ph.p_paddr + ph.p_filesz, 0, ph.p_memsz - ph.p_filesz);
    }
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(e, scn)) != NULL) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB) continue;
        Elf_Data *d = elf_getdata(scn, NULL);
        size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
        out->syms = calloc(n ? n : 1, sizeof *out->syms);
        if (!out->syms) goto done;
        for (size_t k = 0; k < n; k++) {
            GElf_Sym s;
            if (!gelf_getsym(d, (int)k, &s)) continue;
            const char *nm = elf_strptr(e, sh.sh_link, s.st_name);
            if (!nm || !*nm) continue;
            struct rvt_sym *o = &out->syms[out->nsyms++];
            snprintf(o->name, sizeof o->name, "%s", nm);
            o->value = (uint32_t)s.st_value;
        }
    }
    rc = 0;
done:
    if (e) elf_end(e);
    close(fd);
    if (rc) fprintf(stderr, "%s: cannot load ELF\n", path);
    return rc;
}

static inline uint32_t rvt_sym(const struct rvt_elf *el, const char *name)
{
    for (size_t i = 0; i < el->nsyms; i++)
        if (strcmp(el->syms[i].name, name) == 0) return el->syms[i].value;
    fprintf(stderr, "symbol %s not found\n", name);
    exit(2);
}

/* Prepare hart h to call fn(a0..a3) returning to __halt. */
static inline void rvt_setup_call(struct rv32_hart *h, const struct rvt_elf *el, const char *fn,
                           uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3)
{
    rv32_hart_reset(h, rvt_sym(el, fn));
    h->x[1] = rvt_sym(el, "__halt");
    h->x[2] = RV32_LOCAL_BASE + h->local_size;
    h->x[3] = rvt_sym(el, "__global_pointer$");
    h->x[10] = a0; h->x[11] = a1; h->x[12] = a2; h->x[13] = a3;
}

/* Call and run to completion; returns a0. Fails the test on anything else. */
static inline uint32_t rvt_call(struct rv32_hart *h, const struct rvt_elf *el, const char *fn,
                         uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3)
{
    rvt_setup_call(h, el, fn, a0, a1, a2, a3);
    enum rv32_stop s = rv32_run(h, 2000000000ull);
    if (s != RV32_STOP_FAULT || h->fault.cause != RV32_EBREAK || h->pc != rvt_sym(el, "__halt")) {
        fprintf(stderr, "%s: stop %d cause %s pc 0x%x addr 0x%x\n", fn, (int)s,
                rv32_cause_name(h->fault.cause), h->fault.pc, h->fault.addr);
        rvt_failures++;
    }
    return h->x[10];
}
#endif
