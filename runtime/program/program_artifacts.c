/* SPDX-License-Identifier: Apache-2.0
 *
 * What a program's last build made, as build/ shows it (docs/tree.md):
 * RISC.elf and RISC.xip, the ELF and XIP image of the kernel built for
 * that RISC (the first kernel in the args that runs on it, when several
 * kernel groups use it), and log, every job's compiler output by RISC
 * then kernel.
 */
#include "program/program_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char *const elf_names[PACK_NUM_RISCS] = {
	"brisc.elf", "ncrisc.elf", "trisc0.elf", "trisc1.elf", "trisc2.elf",
};
static const char *const xip_names[PACK_NUM_RISCS] = {
	"brisc.xip", "ncrisc.xip", "trisc0.xip", "trisc1.xip", "trisc2.xip",
};

/* The RISC an artifact name is of, or -1. */
static int artifact_risc(const char *name, const char *const names[PACK_NUM_RISCS])
{
	for (int r = 0; r < PACK_NUM_RISCS; r++)
		if (!strcmp(name, names[r]))
			return r;
	return -1;
}

/* The first build of a RISC that made an image. Caller holds p->lock. */
static const struct prog_risc_build *first_built(const struct ttrt_program *p, int risc)
{
	for (uint32_t i = 0; risc >= 0 && i < p->n_builds; i++)
		if (p->builds[i].risc == (enum pack_risc)risc && p->builds[i].built)
			return &p->builds[i];
	return NULL;
}

static int dup_bytes(const void *src, size_t len, char **out, size_t *outlen)
{
	*out = malloc(len ? len : 1);
	if (!*out)
		return -ENOMEM;
	memcpy(*out, src, len);
	*outlen = len;
	return 0;
}

static bool has_log(const struct ttrt_program *p)
{
	for (uint32_t i = 0; i < p->n_builds; i++)
		if (p->builds[i].log)
			return true;
	return false;
}

/* build/log: every job's part, in build order. */
static int joined_log(const struct ttrt_program *p, char **out, size_t *len)
{
	size_t total = 0;

	for (uint32_t i = 0; i < p->n_builds; i++)
		total += p->builds[i].log_len;
	*out = malloc(total + 1);
	if (!*out)
		return -ENOMEM;
	*len = 0;
	for (uint32_t i = 0; i < p->n_builds; i++) {
		if (p->builds[i].log)
			memcpy(*out + *len, p->builds[i].log, p->builds[i].log_len);
		*len += p->builds[i].log_len;
	}
	return 0;
}

int ttrt_program_artifact(struct ttrt_program *p, const char *name, char **out, size_t *len)
{
	const struct prog_risc_build *elf, *xip;
	int rc = -ENOENT;

	pthread_mutex_lock(&p->lock);
	elf = first_built(p, artifact_risc(name, elf_names));
	xip = first_built(p, artifact_risc(name, xip_names));
	if (p->deleted)
		rc = -ENOENT;
	else if (elf)
		rc = dup_bytes(elf->elf, elf->elf_len, out, len);
	else if (xip)
		rc = dup_bytes(xip->xip.image, xip->xip.size, out, len);
	else if (!strcmp(name, "log") && has_log(p))
		rc = joined_log(p, out, len);
	pthread_mutex_unlock(&p->lock);
	return rc;
}

int ttrt_program_artifacts(struct ttrt_program *p, const char **names, int max)
{
	int n = 0;

	pthread_mutex_lock(&p->lock);
	for (int r = 0; r < PACK_NUM_RISCS && !p->deleted; r++) {
		if (!first_built(p, r))
			continue;
		if (n < max)
			names[n] = elf_names[r];
		n++;
		if (n < max)
			names[n] = xip_names[r];
		n++;
	}
	if (!p->deleted && has_log(p)) {
		if (n < max)
			names[n] = "log";
		n++;
	}
	pthread_mutex_unlock(&p->lock);
	return n < max ? n : max;
}
