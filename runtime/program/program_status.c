/* SPDX-License-Identifier: Apache-2.0
 *
 * A program's status text (docs/programs.md): `key value` lines for the
 * program as a whole, then one `core X,Y result` line per core of its
 * last run. The kernels and their groups are the args' as they are now,
 * with the program's files. For a core still running, what each of its
 * RISCs waits on is read live from the hardware (ttrt_core_wait_reason),
 * so `cat status` during a hang names the CB, barrier or semaphore.
 */
#include "program/program_internal.h"
#include "debug/kernel_debug.h"
#include "debug/pc_source.h"
#include "program/args/kernel_groups.h"
#include "render/core_list.h"
#include "strbuf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *core_result_name(enum prog_core_result r)
{
	switch (r) {
	case PROG_CORE_DONE:
		return "done";
	case PROG_CORE_FAULT:
		return "fault";
	case PROG_CORE_TIMEOUT:
		return "timeout";
	case PROG_CORE_STOPPED:
		return "stopped";
	default:
		return "running";
	}
}

/* Everything the text needs, copied under the lock. */
struct status_copy {
	char name[TTRT_BUFFER_NAME_MAX + 1];
	enum ttrt_program_state state;
	char *sources[PROG_MAX_KERNELS];         /* of the kernels that run, each once */
	uint32_t n_sources;
	struct strbuf groups;                    /* "group CORES: brisc NAME (SOURCE), ..." lines */
	char error[PROG_ERROR_MAX];
	char *notes;                             /* "core 2,2: ...\n" lines, or NULL */
	struct prog_timings times;
	struct prog_core_status *cores;
	uint32_t n_cores;
	bool running;
};

/* A copy of name, once. */
static void add_source(struct status_copy *c, const char *name)
{
	char *copy;

	for (uint32_t i = 0; i < c->n_sources; i++)
		if (!strcmp(c->sources[i], name))
			return;
	copy = strdup(name);
	if (!copy) {
		c->groups.failed = 1;
		return;
	}
	c->sources[c->n_sources++] = copy;
}

static void shared_noc_warning(struct strbuf *sb, const struct prog_args *a,
			       const struct prog_plan *plan, uint32_t g, const struct ttrt_xy *cores,
			       uint32_t n)
{
	int noc = prog_plan_shared_noc(a, plan, g);
	char sb_name[48], sn_name[48];

	if (noc < 0)
		return;
	strbuf_printf(sb, "warning group ");
	render_core_list(sb, cores, n);
	strbuf_printf(sb,
		      ": %s and %s both use NOC %d; their NOC barriers count on one NIU and hang "
		      "once both use it (set noc = %d on one)\n",
		      prog_kernel_section(&a->kernel[plan->groups[g].kernel[PROG_PROC_BRISC]], sb_name,
					  sizeof(sb_name)),
		      prog_kernel_section(&a->kernel[plan->groups[g].kernel[PROG_PROC_NCRISC]],
					  sn_name, sizeof(sn_name)),
		      noc, 1 - noc);
}

/* One line per kernel group: its cores and its kernel on each processor. */
static void group_lines(struct strbuf *sb, const struct prog_args *a, const struct prog_plan *plan)
{
	struct ttrt_xy *cores = calloc(a->n_cores ? a->n_cores : 1, sizeof(*cores));

	if (!cores) {
		sb->failed = 1;
		return;
	}
	for (uint32_t g = 0; g < plan->n_groups; g++) {
		const char *sep = ": ";
		uint32_t n = 0;

		for (uint32_t c = 0; c < plan->n_cores; c++)
			if (plan->group_of[c] == g)
				cores[n++] = a->cores[plan->core[c]];
		strbuf_printf(sb, "group ");
		render_core_list(sb, cores, n);
		for (int proc = 0; proc < PROG_NUM_PROCESSORS; proc++) {
			const struct prog_kernel_args *k;

			if (plan->groups[g].kernel[proc] < 0)
				continue;
			k = &a->kernel[plan->groups[g].kernel[proc]];
			strbuf_printf(sb, "%s%s %s (%s)", sep, prog_processor_name(k->processor),
				      k->name, k->source);
			sep = ", ";
		}
		strbuf_printf(sb, "\n");
		shared_noc_warning(sb, a, plan, g, cores, n);
	}
	free(cores);
}

/* The kernels that run and their groups, from the args and the files as
 * they are; with args that do not parse (or a plan that fails), the short
 * names' files that are there. Caller holds p->lock. */
static void kernels_of(struct ttrt_program *p, struct status_copy *c)
{
	struct prog_args *none = NULL;
	const struct prog_args *a = p->args;
	struct prog_plan plan;
	char err[8];

	c->n_sources = 0;
	/* No args yet: the kernels run as an empty args file says. */
	if (!a && !p->args_text && prog_args_parse("", 0, "args", TTRT_TENSIX_GRID_X,
						   TTRT_TENSIX_GRID_Y, &none, err, sizeof(err)) == 0)
		a = none;
	if (a && prog_plan_make(a, prog_has_text, p, "args", &plan, err, sizeof(err)) == 0) {
		for (uint32_t k = 0; k < a->n_kernels; k++)
			if (plan.active[k])
				add_source(c, a->kernel[k].source);
		group_lines(&c->groups, a, &plan);
		prog_plan_free(&plan);
		prog_args_free(none);
		return;
	}
	prog_args_free(none);
	for (int k = 0; k < TTRT_NUM_KERNELS; k++)
		if (prog_has_text(p, ttrt_kernel_file_names[k]))
			add_source(c, ttrt_kernel_file_names[k]);
}

static void copy_free(struct status_copy *c)
{
	for (uint32_t i = 0; i < c->n_sources; i++)
		free(c->sources[i]);
	free(c->groups.data);
	free(c->notes);
	free(c->cores);
}

static int take_copy(struct ttrt_program *p, struct status_copy *c)
{
	int rc = 0;

	memset(c, 0, sizeof(*c));
	pthread_mutex_lock(&p->lock);
	memcpy(c->name, p->name, sizeof(c->name));
	c->state = p->state;
	kernels_of(p, c);
	memcpy(c->error, p->error, sizeof(c->error));
	if (p->notes && !(c->notes = strdup(p->notes)))
		rc = -ENOMEM;
	c->times = p->times;
	c->running = p->running;
	c->n_cores = p->n_cores;
	c->cores = NULL;
	if (p->n_cores) {
		c->cores = malloc(p->n_cores * sizeof(*c->cores));
		if (c->cores)
			memcpy(c->cores, p->cores, p->n_cores * sizeof(*c->cores));
		else
			rc = -ENOMEM;
	}
	pthread_mutex_unlock(&p->lock);
	if (rc == 0 && c->groups.failed)
		rc = -ENOMEM;
	if (rc)
		copy_free(c);
	return rc;
}

void prog_describe_riscs(struct ttrt_device *dev, struct ttrt_xy core, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int risc = 0; risc < TTRT_NUM_RISCS && used + 1 < len; risc++) {
		struct ttrt_risc_detail d;
		char why[640] = "", pc[TTRT_PC_TEXT_MAX], waypoint[16] = "";

		if (ttrt_core_risc_detail(dev, core, risc, &d))
			continue;
		if (d.state == TTRT_RISC_FAULT)
			snprintf(why, sizeof(why), "fault: %s", d.fault);
		else if (d.state == TTRT_RISC_WAITING || d.state == TTRT_RISC_RUNNING)
			ttrt_core_wait_reason(dev, core, risc, why, sizeof(why));
		else
			continue;
		ttrt_debug_waypoint(dev, core, risc, waypoint, sizeof(waypoint));
		used += (size_t)snprintf(buf + used, len - used, "%s%s %s%s%s %s",
					 used ? "; " : "", ttrt_risc_names[risc],
					 ttrt_pc_text(dev, core, risc, &d, pc, sizeof(pc)),
					 waypoint[0] ? " waypoint " : "", waypoint,
					 why[0] ? why : ttrt_risc_state_name(d.state));
	}
}

/* A core still running: what its RISCs do now, read live. */
static void live_waits(struct ttrt_program *p, struct strbuf *sb, struct ttrt_xy core)
{
	char what[sizeof(((struct prog_core_status *)0)->detail)];

	prog_describe_riscs(p->dev, core, what, sizeof(what));
	if (what[0])
		strbuf_printf(sb, "; %s", what);
}

static void render_cores(struct ttrt_program *p, struct strbuf *sb, const struct status_copy *c)
{
	for (uint32_t i = 0; i < c->n_cores; i++) {
		const struct prog_core_status *cs = &c->cores[i];

		strbuf_printf(sb, "core %u,%u %s", cs->core.x, cs->core.y,
			      core_result_name(cs->result));
		if (cs->result == PROG_CORE_PENDING && c->running)
			live_waits(p, sb, cs->core);
		else if (cs->detail[0])
			strbuf_printf(sb, ": %s", cs->detail);
		strbuf_printf(sb, "\n");
	}
}

/* One `note` line per line of the last run's notes. */
static void note_lines(struct strbuf *sb, const char *notes)
{
	while (notes && *notes) {
		size_t n = strcspn(notes, "\n");

		strbuf_printf(sb, "note %.*s\n", (int)n, notes);
		notes += n + (notes[n] == '\n');
	}
}

int ttrt_program_render_status(struct ttrt_program *p, char **out, size_t *len)
{
	struct status_copy c;
	struct strbuf sb;
	int rc = take_copy(p, &c);

	if (rc)
		return rc;
	memset(&sb, 0, sizeof(sb));
	strbuf_printf(&sb, "program %s\nstate %s\nkernels", c.name,
		      ttrt_program_state_name(c.state));
	for (uint32_t k = 0; k < c.n_sources; k++)
		strbuf_printf(&sb, " %s", c.sources[k]);
	strbuf_printf(&sb, "\n%s", c.groups.data ? c.groups.data : "");
	strbuf_printf(&sb, "build_ms %.3f (%u built, %u from the cache)\n", c.times.build_ms,
		      c.times.builds, c.times.cache_hits);
	strbuf_printf(&sb, "pack_ms %.3f\nlaunch_ms %.3f\nrun_ms %.3f\n", c.times.pack_ms,
		      c.times.launch_ms, c.times.run_ms);
	if (c.error[0])
		strbuf_printf(&sb, "error %s\n", c.error);
	note_lines(&sb, c.notes);
	/* Before any run: why no program can run on this device. */
	if (ttrt_device_launch_problem(p->dev))
		strbuf_printf(&sb, "launch unavailable: %s\n", ttrt_device_launch_problem(p->dev));
	render_cores(p, &sb, &c);
	copy_free(&c);
	return strbuf_finish(&sb, out, len);
}

/* A JSON string: the error and details carry compiler text, quotes and
 * all. */
static void json_string(struct strbuf *sb, const char *s)
{
	strbuf_printf(sb, "\"");
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			strbuf_printf(sb, "\\%c", ch);
		else if (ch == '\n')
			strbuf_printf(sb, "\\n");
		else if (ch < 0x20)
			strbuf_printf(sb, "\\u%04x", ch);
		else
			strbuf_printf(sb, "%c", ch);
	}
	strbuf_printf(sb, "\"");
}

void prog_render_json(struct ttrt_program *p, struct strbuf *sb)
{
	struct status_copy c;

	if (take_copy(p, &c)) {
		sb->failed = 1;
		return;
	}
	strbuf_printf(sb, "{\"name\": \"%s\", \"state\": \"%s\", \"kernels\": [", c.name,
		      ttrt_program_state_name(c.state));
	for (uint32_t k = 0; k < c.n_sources; k++)
		strbuf_printf(sb, "%s\"%s\"", k ? ", " : "", c.sources[k]);
	strbuf_printf(sb, "], \"build_ms\": %.3f, \"pack_ms\": %.3f, \"launch_ms\": %.3f,"
		      " \"run_ms\": %.3f, \"error\": ", c.times.build_ms, c.times.pack_ms,
		      c.times.launch_ms, c.times.run_ms);
	if (c.error[0])
		json_string(sb, c.error);
	else
		strbuf_printf(sb, "null");
	strbuf_printf(sb, ", \"cores\": [");
	for (uint32_t i = 0; i < c.n_cores; i++) {
		const struct prog_core_status *cs = &c.cores[i];

		strbuf_printf(sb, "%s{\"logical\": [%u, %u], \"result\": \"%s\", \"detail\": ",
			      i ? ", " : "", cs->core.x, cs->core.y, core_result_name(cs->result));
		if (cs->detail[0])
			json_string(sb, cs->detail);
		else
			strbuf_printf(sb, "null");
		strbuf_printf(sb, "}");
	}
	strbuf_printf(sb, "]}");
	copy_free(&c);
}
