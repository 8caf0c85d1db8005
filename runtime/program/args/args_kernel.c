/* SPDX-License-Identifier: Apache-2.0
 *
 * Kernel sections of the args file: [kernel.NAME], one per tt-metal
 * CreateKernel (a source, a processor, a NOC, its cores, its args and
 * build options), and the short names [reader], [writer] and [compute]
 * for reader.cpp on NCRISC, writer.cpp on BRISC and compute.cpp on the
 * TRISCs, on every core. docs/programs-args.md has the keys.
 */
#include "program/args/args_internal.h"
#include "runtime_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const kernel_keys[PROG_NUM_KERNEL_KEYS] = {
	[PROG_KEY_ARGS] = "args",
	[PROG_KEY_COMMON_ARGS] = "common_args",
	[PROG_KEY_COMPILE_ARGS] = "compile_args",
	[PROG_KEY_DEFINES] = "defines",
	[PROG_KEY_NOC] = "noc",
	[PROG_KEY_MATH_FIDELITY] = "math_fidelity",
	[PROG_KEY_FP32_DEST_ACC_EN] = "fp32_dest_acc_en",
	[PROG_KEY_MATH_APPROX_MODE] = "math_approx_mode",
	[PROG_KEY_DST_FULL_SYNC_EN] = "dst_full_sync_en",
	[PROG_KEY_UNPACK_TO_DEST_MODE] = "unpack_to_dest_mode",
	[PROG_KEY_NAMED_COMPILE_ARGS] = "named_compile_args",
	[PROG_KEY_CORES] = "cores",
	[PROG_KEY_SOURCE] = "source",
	[PROG_KEY_PROCESSOR] = "processor",
	[PROG_KEY_UPSTREAM_PATH] = "upstream_path",
	[PROG_KEY_ARG_NAMES] = "arg_names",
	[PROG_KEY_COMMON_ARG_NAMES] = "common_arg_names",
	[PROG_KEY_DFB_NAMES] = "dfb_names",
	[PROG_KEY_SEMAPHORE_NAMES] = "semaphore_names",
	[PROG_KEY_TENSOR_NAMES] = "tensor_names",
	[PROG_KEY_SCRATCH_NAMES] = "scratch_names",
};

#define COMPUTE_KEYS "math_fidelity, fp32_dest_acc_en, math_approx_mode, dst_full_sync_en, unpack_to_dest_mode"
#define COMMON_KEYS "args, args.X,Y, common_args, compile_args, defines, named_compile_args, arg_names, common_arg_names, dfb_names, semaphore_names, tensor_names, scratch_names, cores, upstream_path"

static bool compute_key(int i)
{
	return i >= PROG_KEY_MATH_FIDELITY && i <= PROG_KEY_UNPACK_TO_DEST_MODE;
}

int args_kernel_open(struct parse_ctx *ctx, const char *name, size_t len, uint32_t *index)
{
	struct prog_args *a = ctx->args;
	struct prog_kernel_args *k;
	char kname[PROG_KERNEL_NAME_MAX + 1];
	size_t n;

	for (int i = 0; i < PROG_NUM_KERNELS; i++) {
		if (len == strlen(prog_kernel_name(i)) && !strncmp(name, prog_kernel_name(i), len)) {
			a->kernel[i].present = true;
			a->kernel[i].line = ctx->line;
			*index = (uint32_t)i;
			return 0;
		}
	}
	name += 7;   /* "kernel." */
	n = len - 7;
	if (n == 0) {
		args_error(ctx, -EINVAL, "[kernel.]: no kernel name (want [kernel.NAME])");
		return -EINVAL;
	}
	if (n > PROG_KERNEL_NAME_MAX) {
		args_error(ctx, -EINVAL, "[kernel.%.*s]: a kernel name has at most %d characters",
			   (int)n, name, PROG_KERNEL_NAME_MAX);
		return -EINVAL;
	}
	memcpy(kname, name, n);
	kname[n] = '\0';
	if (ttrt_buffer_name_check(kname)) {
		args_error(ctx, -EINVAL,
			   "[kernel.%s]: bad kernel name (letters, digits, '.', '_', '-')", kname);
		return -EINVAL;
	}
	for (int i = 0; i < PROG_NUM_KERNELS; i++) {
		if (!strcmp(kname, prog_kernel_name(i))) {
			args_error(ctx, -EINVAL,
				   "[kernel.%s]: '%s' is the short section [%s]; give this kernel another name",
				   kname, kname, kname);
			return -EINVAL;
		}
	}
	if (a->n_kernels == PROG_MAX_KERNELS) {
		args_error(ctx, -EINVAL, "[kernel.%s]: more than %d kernels", kname,
			   PROG_MAX_KERNELS - PROG_NUM_KERNELS);
		return -EINVAL;
	}
	k = args_grow(ctx, a->kernel, a->n_kernels, sizeof(*k));
	if (!k)
		return -ENOMEM;
	a->kernel = k;
	k = &a->kernel[a->n_kernels];
	memset(k, 0, sizeof(*k));
	memcpy(k->name, kname, n + 1);
	k->present = true;
	k->line = ctx->line;
	k->math_fidelity = PROG_HIFI4;
	memset(k->unpack_to_dest_mode, PROG_UNPACK_DEFAULT, sizeof(k->unpack_to_dest_mode));
	*index = a->n_kernels++;
	return 0;
}

static int override_key(struct parse_ctx *ctx, struct prog_kernel_args *k, const char *key,
			const char *value)
{
	struct prog_override *o, *no;

	if (ctx->continuation) {
		o = ctx->last_override;
	} else {
		no = args_grow(ctx, k->overrides, k->n_overrides, sizeof(*no));
		if (!no)
			return -ENOMEM;
		k->overrides = no;
		o = &no[k->n_overrides++];
		memset(o, 0, sizeof(*o));
		o->args.line = ctx->line;
		ctx->last_override = o;
		if (args_cores(ctx, key, key + 5, &o->cores, &o->n_cores))
			return -EINVAL;
		if (!o->n_cores) {
			args_error(ctx, -EINVAL, "%s: no core after 'args.' (want args.X,Y)", key);
			return -EINVAL;
		}
		/* One override per core: which one applies must be obvious. */
		for (uint32_t i = 0; i + 1 < k->n_overrides; i++) {
			struct prog_override *p = &k->overrides[i];
			for (uint32_t a = 0; a < p->n_cores; a++)
				for (uint32_t b = 0; b < o->n_cores; b++)
					if (p->cores[a].x == o->cores[b].x && p->cores[a].y == o->cores[b].y) {
						args_error(ctx, -EINVAL,
							    "%s: core %u,%u already has its args at line %d",
							    key, o->cores[b].x, o->cores[b].y,
							    p->args.line);
						return -EINVAL;
					}
		}
	}
	return args_words(ctx, key, value, LIST_ARGS, &o->args);
}

static int unknown_key(struct parse_ctx *ctx, const struct prog_kernel_args *k, const char *key)
{
	if (!k->short_name)
		args_error(ctx, -EINVAL, "unknown key '%s' (source, processor, noc, " COMMON_KEYS
			   ", " COMPUTE_KEYS ")", key);
	else if (!strcmp(k->name, "compute"))
		args_error(ctx, -EINVAL, "unknown key '%s' (" COMMON_KEYS ", " COMPUTE_KEYS ")", key);
	else
		args_error(ctx, -EINVAL, "unknown key '%s' (" COMMON_KEYS ", noc)", key);
	return -EINVAL;
}

/* What the short names fix: their source and processor, and which of
 * the processor's keys they take. */
static int short_name_key(struct parse_ctx *ctx, const struct prog_kernel_args *k, int i,
			  const char *key)
{
	bool compute = k->processor == PROG_PROC_COMPUTE;

	if (i == PROG_KEY_SOURCE || i == PROG_KEY_PROCESSOR) {
		args_error(ctx, -EINVAL,
			   "key '%s' is only for [kernel.NAME] sections ([%s] runs %s on %s)", key,
			   k->name, k->source, prog_processor_name(k->processor));
		return -EINVAL;
	}
	if (i == PROG_KEY_NOC && compute) {
		args_error(ctx, -EINVAL, "key 'noc' is only for [reader] and [writer]");
		return -EINVAL;
	}
	if (compute_key(i) && !compute) {
		args_error(ctx, -EINVAL, "key '%s' is only for [compute]", key);
		return -EINVAL;
	}
	return 0;
}

static int math_fidelity(struct parse_ctx *ctx, const char *key, const char *value,
			 enum prog_math_fidelity *out)
{
	static const struct { const char *name; enum prog_math_fidelity f; } fids[] = {
		{ "LoFi", PROG_LOFI }, { "HiFi2", PROG_HIFI2 },
		{ "HiFi3", PROG_HIFI3 }, { "HiFi4", PROG_HIFI4 },
	};

	for (size_t f = 0; f < 4; f++) {
		if (strcasecmp(value, fids[f].name) == 0) {
			*out = fids[f].f;
			return 0;
		}
	}
	args_error(ctx, -EINVAL, "%s: want LoFi, HiFi2, HiFi3 or HiFi4, not '%s'", key, value);
	return -EINVAL;
}

static int processor(struct parse_ctx *ctx, const char *key, const char *value,
		     enum prog_processor *out)
{
	static const struct { const char *name; enum prog_processor p; } procs[] = {
		{ "brisc", PROG_PROC_BRISC }, { "riscv_0", PROG_PROC_BRISC },
		{ "ncrisc", PROG_PROC_NCRISC }, { "riscv_1", PROG_PROC_NCRISC },
		{ "compute", PROG_PROC_COMPUTE },
	};

	for (size_t i = 0; i < sizeof(procs) / sizeof(procs[0]); i++) {
		if (strcasecmp(value, procs[i].name) == 0) {
			*out = procs[i].p;
			return 0;
		}
	}
	args_error(ctx, -EINVAL,
		   "%s: want brisc, ncrisc or compute (riscv_0 is brisc, riscv_1 ncrisc), not '%s'",
		   key, value);
	return -EINVAL;
}

static int source(struct parse_ctx *ctx, const char *key, const char *value,
		  struct prog_kernel_args *k)
{
	if (strlen(value) > PROG_NAME_MAX || ttrt_buffer_name_check(value)) {
		args_error(ctx, -EINVAL,
			   "%s: '%s' is not a file name of the program (at most %d letters, digits, '.', '_', '-')",
			   key, value, PROG_NAME_MAX);
		return -EINVAL;
	}
	snprintf(k->source, sizeof(k->source), "%s", value);
	return 0;
}

/* upstream_path = ttnn/cpp/ttnn/operations/.../writer.cpp: a path inside
 * tt-metal's tree, so no '/' first, no empty, '.' or '..' component. */
static int upstream_path(struct parse_ctx *ctx, const char *key, const char *value,
			 struct prog_kernel_args *k)
{
	static const char example[] = "e.g. ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/"
				      "dataflow/writer_unary_interleaved_start_id.cpp";
	size_t len = strlen(value), bad = strspn(value, "abcdefghijklmnopqrstuvwxyz"
						    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/");

	if (len > PROG_UPSTREAM_PATH_MAX) {
		args_error(ctx, -EINVAL, "%s: longer than %d characters", key,
			   PROG_UPSTREAM_PATH_MAX);
		return -EINVAL;
	}
	if (bad < len) {
		args_error(ctx, -EINVAL,
			   "%s: bad character '%c' in '%s' (letters, digits, '.', '_', '-', '/')",
			   key, value[bad], value);
		return -EINVAL;
	}
	if (value[0] == '/') {
		args_error(ctx, -EINVAL,
			   "%s: '%s' is absolute; give the source's path inside tt-metal's tree (%s)",
			   key, value, example);
		return -EINVAL;
	}
	for (const char *c = value; *c;) {
		size_t n = strcspn(c, "/");

		if (n == 0 || (n == 1 && c[0] == '.') || (n == 2 && !strncmp(c, "..", 2))) {
			args_error(ctx, -EINVAL,
				   "%s: '%s' has an empty, '.' or '..' component (a path inside "
				   "tt-metal's tree, %s)", key, value, example);
			return -EINVAL;
		}
		c += n;
		if (*c == '/' && !*++c) {
			args_error(ctx, -EINVAL, "%s: '%s' ends with '/' (want the source file's path)",
				   key, value);
			return -EINVAL;
		}
	}
	memcpy(k->upstream_path, value, len + 1);
	return 0;
}

/* unpack_to_dest_mode = N=UnpackToDestFp32 M=Default ...: per CB index. */
static int unpack_modes(struct parse_ctx *ctx, const char *key, const char *value,
			struct prog_kernel_args *k)
{
	char tok[64];
	bool too_long;

	for (const char *s = value; (s = args_next_token(s, true, tok, sizeof(tok), &too_long));) {
		const char *eq = strchr(tok, '=');
		unsigned long cb;

		if (too_long || !eq || !args_small_number(tok, (size_t)(eq - tok), &cb) ||
		    cb >= PROG_NUM_CBS ||
		    (strcasecmp(eq + 1, "UnpackToDestFp32") && strcasecmp(eq + 1, "Default"))) {
			args_error(ctx, -EINVAL,
				   "%s: bad '%s%s' (want CB=UnpackToDestFp32 or CB=Default, CB 0..%d)",
				   key, tok, too_long ? "..." : "", PROG_NUM_CBS - 1);
			return -EINVAL;
		}
		k->unpack_to_dest_mode[cb] = strcasecmp(eq + 1, "Default") ?
						     PROG_UNPACK_TO_DEST_FP32 : PROG_UNPACK_DEFAULT;
	}
	return 0;
}

/* Keys of one value. */
static int single_key(struct parse_ctx *ctx, struct prog_kernel_args *k, int i, const char *key,
		      const char *value)
{
	uint32_t noc;

	if (args_single(ctx, key))
		return -EINVAL;
	switch (i) {
	case PROG_KEY_NOC:
		if (args_scalar(ctx, key, value, 0, 1, &noc))
			return -EINVAL;
		k->noc = (uint8_t)noc;
		return 0;
	case PROG_KEY_MATH_FIDELITY:
		return math_fidelity(ctx, key, value, &k->math_fidelity);
	case PROG_KEY_FP32_DEST_ACC_EN:
		return args_bool(ctx, key, value, &k->fp32_dest_acc_en);
	case PROG_KEY_MATH_APPROX_MODE:
		return args_bool(ctx, key, value, &k->math_approx_mode);
	case PROG_KEY_DST_FULL_SYNC_EN:
		return args_bool(ctx, key, value, &k->dst_full_sync_en);
	case PROG_KEY_SOURCE:
		return source(ctx, key, value, k);
	case PROG_KEY_UPSTREAM_PATH:
		return upstream_path(ctx, key, value, k);
	default:
		return processor(ctx, key, value, &k->processor);
	}
}

/* dfb_names / semaphore_names: NAME=ID, ID below limit. */
static int binding_ids(struct parse_ctx *ctx, const char *key, const char *value, uint32_t limit,
		       const char *what, struct prog_named_arg **v, uint32_t *n)
{
	uint32_t from = *n;
	int rc = args_name_values(ctx, key, value, v, n);

	for (uint32_t i = from; !rc && i < *n; i++) {
		if ((*v)[i].value < limit)
			continue;
		args_error(ctx, -EINVAL, "%s: %s=%u: a %s is 0..%u", key, (*v)[i].name,
			   (*v)[i].value, what, limit - 1);
		rc = -EINVAL;
	}
	return rc;
}

int args_kernel_key(struct parse_ctx *ctx, struct prog_kernel_args *k, const char *key,
		    const char *value)
{
	int i;

	if (strncmp(key, "args.", 5) == 0)
		return override_key(ctx, k, key, value);
	for (i = 0; i < PROG_NUM_KERNEL_KEYS && strcmp(key, kernel_keys[i]) != 0; i++)
		;
	if (i == PROG_NUM_KERNEL_KEYS)
		return unknown_key(ctx, k, key);
	if (k->short_name && short_name_key(ctx, k, i, key))
		return -EINVAL;
	if (args_once(ctx, key, &k->key_line[i]))
		return -EINVAL;
	switch (i) {
	case PROG_KEY_ARGS:
		k->args.line = k->key_line[i];
		return args_words(ctx, key, value, LIST_ARGS, &k->args);
	case PROG_KEY_COMMON_ARGS:
		k->common_args.line = k->key_line[i];
		return args_words(ctx, key, value, LIST_ARGS, &k->common_args);
	case PROG_KEY_COMPILE_ARGS:
		k->compile_args.line = k->key_line[i];
		return args_words(ctx, key, value, LIST_COMPILE_ARGS, &k->compile_args);
	case PROG_KEY_DEFINES:
		return args_defines(ctx, key, value, k);
	case PROG_KEY_NAMED_COMPILE_ARGS:
		return args_name_values(ctx, key, value, &k->named_args, &k->n_named_args);
	case PROG_KEY_ARG_NAMES:
		return args_arg_names(ctx, key, value, &k->arg_names, &k->n_arg_names);
	case PROG_KEY_COMMON_ARG_NAMES:
		return args_arg_names(ctx, key, value, &k->common_arg_names,
				      &k->n_common_arg_names);
	case PROG_KEY_DFB_NAMES:
		return binding_ids(ctx, key, value, PROG_NUM_CBS, "CB index", &k->dfbs, &k->n_dfbs);
	case PROG_KEY_SEMAPHORE_NAMES:
		return binding_ids(ctx, key, value, PROG_MAX_SEMAPHORES, "semaphore id", &k->sems,
				   &k->n_sems);
	case PROG_KEY_TENSOR_NAMES:
		return args_name_buffers(ctx, key, value, &k->tensors, &k->n_tensors);
	case PROG_KEY_SCRATCH_NAMES:
		return args_name_buffers(ctx, key, value, &k->scratches, &k->n_scratches);
	case PROG_KEY_UNPACK_TO_DEST_MODE:
		return unpack_modes(ctx, key, value, k);
	case PROG_KEY_CORES:
		return args_cores(ctx, key, value, &k->cores.v, &k->cores.n);
	default:
		return single_key(ctx, k, i, key, value);
	}
}

/* ---- the whole file ------------------------------------------------------------ */

/* A [kernel.NAME]'s own needs: a source and a processor, and only the
 * keys of its processor; its NOC unless set. */
static int explicit_kernel(struct parse_ctx *ctx, struct prog_kernel_args *k)
{
	if (!k->key_line[PROG_KEY_SOURCE]) {
		args_error_at(ctx, k->line, "[kernel.%s] needs a source (e.g. source = %s.cpp)",
			      k->name, k->name);
		return -EINVAL;
	}
	if (!k->key_line[PROG_KEY_PROCESSOR]) {
		args_error_at(ctx, k->line,
			      "[kernel.%s] needs a processor (brisc, ncrisc or compute)", k->name);
		return -EINVAL;
	}
	if (k->processor == PROG_PROC_COMPUTE && k->key_line[PROG_KEY_NOC]) {
		args_error_at(ctx, k->key_line[PROG_KEY_NOC],
			      "[kernel.%s] key 'noc' is only for data-movement kernels (processor brisc or ncrisc)",
			      k->name);
		return -EINVAL;
	}
	/* tt-metal's DataMovementConfig: noc = NOC::RISCV_0_default, NOC 0
	 * whatever the processor. A BRISC and an NCRISC kernel of one core
	 * left at it share NOC 0; status warns of that (kernel_groups.h). */
	if (!k->key_line[PROG_KEY_NOC])
		k->noc = 0;
	for (int i = 0; k->processor != PROG_PROC_COMPUTE && i < PROG_NUM_KERNEL_KEYS; i++) {
		if (compute_key(i) && k->key_line[i]) {
			args_error_at(ctx, k->key_line[i],
				      "[kernel.%s] key '%s' is only for compute kernels (processor = compute)",
				      k->name, kernel_keys[i]);
			return -EINVAL;
		}
	}
	return 0;
}

static int overrides_within(struct parse_ctx *ctx, const struct prog_kernel_args *k)
{
	char sec[48];

	prog_kernel_section(k, sec, sizeof(sec));
	for (uint32_t o = 0; o < k->n_overrides; o++) {
		const struct prog_override *ov = &k->overrides[o];

		for (uint32_t c = 0; c < ov->n_cores; c++) {
			if (prog_cores_has(&k->cores, ov->cores[c]))
				continue;
			if (k->key_line[PROG_KEY_CORES])
				args_error_at(ctx, ov->args.line,
					      "%s args override for core %u,%u, which is not in its cores (line %d)",
					      sec, ov->cores[c].x, ov->cores[c].y,
					      k->key_line[PROG_KEY_CORES]);
			else
				args_error_at(ctx, ov->args.line,
					      "%s args override for core %u,%u, which is not in [program] cores",
					      sec, ov->cores[c].x, ov->cores[c].y);
			return -EINVAL;
		}
	}
	return 0;
}

/* The first core two kernels share, if any. */
static bool shared_core(const struct prog_cores *a, const struct prog_cores *b, struct ttrt_xy *at)
{
	for (uint32_t i = 0; i < a->n; i++) {
		if (prog_cores_has(b, a->v[i])) {
			*at = a->v[i];
			return true;
		}
	}
	return false;
}

/* tt-metal's one kernel per processor of a core, among the kernels the
 * file declares (a short name without its section becomes a kernel only
 * when its file exists; the build checks it then). */
static void no_two_on_a_processor(struct parse_ctx *ctx)
{
	const struct prog_args *a = ctx->args;

	for (uint32_t j = 0; j < a->n_kernels; j++) {
		const struct prog_kernel_args *kj = &a->kernel[j];

		for (uint32_t i = 0; kj->present && i < j; i++) {
			const struct prog_kernel_args *ki = &a->kernel[i];
			char si[48], sj[48];
			struct ttrt_xy at;

			if (!ki->present || ki->processor != kj->processor ||
			    !shared_core(&kj->cores, &ki->cores, &at))
				continue;
			args_error_at(ctx, kj->line,
				      "two kernels on %s of core %u,%u: %s (line %d) and %s",
				      prog_processor_name(kj->processor), at.x, at.y,
				      prog_kernel_section(ki, si, sizeof(si)), ki->line,
				      prog_kernel_section(kj, sj, sizeof(sj)));
			return;
		}
	}
}

/* Metal 2.0's args:: names are one namespace: a name once among the
 * named runtime, common and compile-time args. */
static int names_unique(struct parse_ctx *ctx, const struct prog_kernel_args *k)
{
	const struct { const struct prog_named_arg *v; uint32_t n; int key; } lists[3] = {
		{ k->named_args, k->n_named_args, PROG_KEY_NAMED_COMPILE_ARGS },
		{ k->arg_names, k->n_arg_names, PROG_KEY_ARG_NAMES },
		{ k->common_arg_names, k->n_common_arg_names, PROG_KEY_COMMON_ARG_NAMES },
	};

	for (int a = 0; a < 3; a++)
		for (int b = a + 1; b < 3; b++)
			for (uint32_t i = 0; i < lists[a].n; i++)
				for (uint32_t j = 0; j < lists[b].n; j++) {
					int la = k->key_line[lists[a].key], lb = k->key_line[lists[b].key];

					if (strcmp(lists[a].v[i].name, lists[b].v[j].name))
						continue;
					args_error_at(ctx, la > lb ? la : lb,
						      "[kernel.%s] %s: '%s' is also in %s (line %d): "
						      "get_arg(args::%s) must name one arg",
						      k->name, kernel_keys[la > lb ? lists[a].key : lists[b].key],
						      lists[a].v[i].name,
						      kernel_keys[la > lb ? lists[b].key : lists[a].key],
						      la > lb ? lb : la, lists[a].v[i].name);
					return -EINVAL;
				}
	return 0;
}

/* Metal 2.0 sets named args by name: words NAME=VALUE of ws go, in the
 * order of names, to its front; the words without a name (the varargs)
 * follow in their order. A list with no named word stays as written
 * (its first words are the named args, by position). */
static int bind_by_name(struct parse_ctx *ctx, const struct prog_kernel_args *k,
			struct prog_words *ws, const char *key, const struct prog_named_arg *names,
			uint32_t n_names, const char *names_key)
{
	struct prog_word *out;
	uint32_t n = 0, named = 0;

	for (uint32_t i = 0; i < ws->n; i++)
		named += ws->w[i].name[0] != '\0';
	if (!named)
		return 0;
	for (uint32_t i = 0; i < ws->n; i++) {
		const char *nm = ws->w[i].name;
		uint32_t j = 0;

		if (!nm[0])
			continue;
		while (j < n_names && strcmp(names[j].name, nm))
			j++;
		if (j == n_names) {
			args_error_at(ctx, ws->line, "[kernel.%s] %s: %s= names no arg of %s", k->name,
				      key, nm, names_key);
			return -EINVAL;
		}
		for (uint32_t d = 0; d < i; d++) {
			if (strcmp(ws->w[d].name, nm))
				continue;
			args_error_at(ctx, ws->line, "[kernel.%s] %s: %s is given twice", k->name, key,
				      nm);
			return -EINVAL;
		}
	}
	if (named < n_names) {
		for (uint32_t j = 0; j < n_names; j++) {
			uint32_t i = 0;

			while (i < ws->n && strcmp(ws->w[i].name, names[j].name))
				i++;
			if (i < ws->n)
				continue;
			args_error_at(ctx, ws->line,
				      "[kernel.%s] %s: no value for %s (give %s=VALUE: with one named "
				      "arg given by name, all of %s are)",
				      k->name, key, names[j].name, names[j].name, names_key);
			return -EINVAL;
		}
	}
	out = malloc((ws->cap ? ws->cap : 1) * sizeof(*out));
	if (!out) {
		args_error(ctx, -ENOMEM, "out of memory");
		return -ENOMEM;
	}
	for (uint32_t j = 0; j < n_names; j++)
		for (uint32_t i = 0; i < ws->n; i++)
			if (!strcmp(ws->w[i].name, names[j].name))
				out[n++] = ws->w[i];
	for (uint32_t i = 0; i < ws->n; i++)
		if (!ws->w[i].name[0])
			out[n++] = ws->w[i];
	for (uint32_t i = 0; i < n; i++)
		out[i].name[0] = '\0';
	free(ws->w);
	ws->w = out;
	return 0;
}

static int args_by_name(struct parse_ctx *ctx, struct prog_kernel_args *k)
{
	int rc = bind_by_name(ctx, k, &k->common_args, "common_args", k->common_arg_names,
			      k->n_common_arg_names, "common_arg_names");

	for (uint32_t o = 0; !rc && o <= k->n_overrides; o++)
		rc = bind_by_name(ctx, k, o ? &k->overrides[o - 1].args : &k->args,
				  o ? "args.X,Y" : "args", k->arg_names, k->n_arg_names,
				  "arg_names");
	return rc;
}

/* The named runtime args are the first words of args (and of every
 * args.X,Y), the named common ones the first of common_args. */
static int names_have_values(struct parse_ctx *ctx, const struct prog_kernel_args *k)
{
	for (uint32_t o = 0; o <= k->n_overrides; o++) {
		const struct prog_words *w = o ? &k->overrides[o - 1].args : &k->args;

		if (!k->n_arg_names || w->n >= k->n_arg_names)
			continue;
		if (w->line)
			args_error_at(ctx, k->key_line[PROG_KEY_ARG_NAMES],
				      "[kernel.%s] arg_names: %u names, but %s (line %d) has %u words",
				      k->name, k->n_arg_names, o ? "args.X,Y" : "args", w->line, w->n);
		else
			args_error_at(ctx, k->key_line[PROG_KEY_ARG_NAMES],
				      "[kernel.%s] arg_names: %u names, but no args give them values",
				      k->name, k->n_arg_names);
		return -EINVAL;
	}
	if (k->common_args.n < k->n_common_arg_names) {
		args_error_at(ctx, k->key_line[PROG_KEY_COMMON_ARG_NAMES],
			      "[kernel.%s] common_arg_names: %u names, but common_args has %u words",
			      k->name, k->n_common_arg_names, k->common_args.n);
		return -EINVAL;
	}
	return 0;
}

void args_kernels_finish(struct parse_ctx *ctx)
{
	struct prog_args *a = ctx->args;

	for (uint32_t i = 0; i < a->n_kernels && !ctx->error_line; i++) {
		struct prog_kernel_args *k = &a->kernel[i];
		char sec[48];

		if (!k->short_name && explicit_kernel(ctx, k))
			return;
		if (args_cores_within(ctx, &k->cores, prog_kernel_section(k, sec, sizeof(sec)),
				      k->key_line[PROG_KEY_CORES]))
			return;
		if (overrides_within(ctx, k) || names_unique(ctx, k) || args_by_name(ctx, k) ||
		    names_have_values(ctx, k))
			return;
	}
	if (!ctx->error_line)
		no_two_on_a_processor(ctx);
}

void args_kernel_free(struct prog_kernel_args *k)
{
	free(k->args.w);
	free(k->common_args.w);
	free(k->compile_args.w);
	for (uint32_t o = 0; o < k->n_overrides; o++) {
		free(k->overrides[o].cores);
		free(k->overrides[o].args.w);
	}
	free(k->overrides);
	free(k->named_args);
	free(k->arg_names);
	free(k->common_arg_names);
	free(k->dfbs);
	free(k->sems);
	free(k->tensors);
	free(k->scratches);
	free(k->cores.v);
}
