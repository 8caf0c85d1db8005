/* SPDX-License-Identifier: Apache-2.0
 *
 * A build's inputs: the program's files and args copied when the build
 * begins (program_build_jobs.h), so that the program may change while
 * its compilers run, and its files in the order every compiler sees
 * them.
 */
#include "program/program_build_jobs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void prog_inputs_free(struct prog_inputs *in)
{
	for (uint32_t i = 0; i < in->n_files; i++)
		free(in->files[i].data);
	free(in->files);
	free(in->shown);
	free(in->args_text);
}

static int cmp_build_file(const void *a, const void *b)
{
	return strcmp(((const struct build_file *)a)->name, ((const struct build_file *)b)->name);
}

/* Every file is shown to every compiler, in the same order, so that
 * the order the program holds them in is in no key. */
static int inputs_show(struct prog_inputs *in)
{
	in->shown = calloc(in->n_files ? in->n_files : 1, sizeof(*in->shown));
	if (!in->shown)
		return -ENOMEM;
	for (uint32_t i = 0; i < in->n_files; i++)
		in->shown[i] = (struct build_file){ in->files[i].name, in->files[i].data,
						    in->files[i].len };
	qsort(in->shown, in->n_files, sizeof(*in->shown), cmp_build_file);
	return 0;
}

int prog_inputs_take(struct ttrt_program *p, struct prog_inputs *in)
{
	memset(in, 0, sizeof(*in));
	in->files = calloc(p->n_files ? p->n_files : 1, sizeof(*in->files));
	if (!in->files)
		return -ENOMEM;
	for (uint32_t i = 0; i < p->n_files; i++) {
		struct prog_file *f = &in->files[in->n_files];

		*f = p->files[i];
		f->data = NULL;
		if (f->len && !(f->data = malloc(f->len)))
			goto nomem;
		if (f->len)
			memcpy(f->data, p->files[i].data, f->len);
		in->n_files++;
	}
	if (inputs_show(in))
		goto nomem;
	if (p->args_text) {
		in->args_text = malloc(p->args_len + 1);
		if (!in->args_text)
			goto nomem;
		memcpy(in->args_text, p->args_text, p->args_len);
		in->args_len = p->args_len;
	}
	return 0;
nomem:
	prog_inputs_free(in);
	return -ENOMEM;
}

const struct prog_file *prog_input_file(const struct prog_inputs *in, const char *name)
{
	return prog_files_find(in->files, in->n_files, name);
}

/* An empty file is no kernel: `: > reader.cpp` removes the reader. */
bool prog_input_exists(void *ctx, const char *name)
{
	const struct prog_file *f = prog_input_file(ctx, name);

	return f && f->len;
}
