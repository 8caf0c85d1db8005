/* SPDX-License-Identifier: Apache-2.0
 *
 * What a program's last build made, kept by the program: for each
 * kernel and RISC its ELF, XIP image, key and part of build/log
 * (struct prog_risc_build). A run packs the images, its PCs are shown
 * with the ELFs' lines, a later build reuses what its key still
 * matches, and program_artifacts.c shows them in build/.
 */
#include "program/program_build_jobs.h"
#include "debug/srcline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void risc_build_clear(struct prog_risc_build *b)
{
	free(b->elf);
	free(b->log);
	pack_xip_free(&b->xip);
	srcline_elf_put(b->lines);
	memset(b, 0, sizeof(*b));
}

void prog_builds_free(struct ttrt_program *p)
{
	for (uint32_t i = 0; i < p->n_builds; i++)
		risc_build_clear(&p->builds[i]);
	free(p->builds);
	p->builds = NULL;
	p->n_builds = 0;
}

struct prog_risc_build *prog_built_find(const struct ttrt_program *p, const char *kernel,
					enum pack_risc risc)
{
	for (uint32_t i = 0; i < p->n_builds; i++)
		if (p->builds[i].risc == risc && !strcmp(p->builds[i].kernel, kernel))
			return &p->builds[i];
	return NULL;
}

const struct pack_xip *prog_built_image(const struct ttrt_program *p, const char *kernel,
					enum pack_risc risc)
{
	const struct prog_risc_build *b = prog_built_find(p, kernel, risc);

	return b && b->built ? &b->xip : NULL;
}

struct srcline_elf *prog_built_lines(struct ttrt_program *p, const char *kernel,
				     enum pack_risc risc)
{
	struct prog_risc_build *b = prog_built_find(p, kernel, risc);

	if (!b || !b->built)
		return NULL;
	if (!b->lines)
		b->lines = srcline_elf_new(b->elf, b->elf_len);
	srcline_elf_get(b->lines);
	return b->lines;
}

void prog_builds_store(struct ttrt_program *p, const struct prog_args *a,
		       struct prog_jobs *jobs)
{
	uint32_t n = jobs->n;
	struct prog_risc_build *next = calloc(n ? n : 1, sizeof(*next));

	if (!next)
		return;   /* the last results stay; the next build tries again */
	for (uint32_t i = 0; i < n; i++) {
		struct prog_risc_build *b = &next[i], *old;
		struct prog_risc_job *j = &jobs->v[i];

		snprintf(b->kernel, sizeof(b->kernel), "%s", a->kernel[j->kernel].name);
		b->risc = j->risc;
		old = prog_built_find(p, b->kernel, b->risc);
		if (j->reused && old) {
			*b = *old;
			memset(old, 0, sizeof(*old));
			continue;
		}
		b->log = j->section;
		b->log_len = j->section_len;
		j->section = NULL;
		if (j->result.status || !j->xip.image)
			continue;
		b->built = true;
		b->key = j->key;
		b->elf = j->result.elf;
		b->elf_len = j->result.elf_len;
		b->xip = j->xip;
		b->cache_hit = j->result.cache_hit;
		j->result.elf = NULL;
		memset(&j->xip, 0, sizeof(j->xip));
	}
	prog_builds_free(p);
	p->builds = next;
	p->n_builds = n;
}
