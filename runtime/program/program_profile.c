/* SPDX-License-Identifier: Apache-2.0
 *
 * A program's `profile`: the device profiler's records of its last run
 * (DeviceZoneScopedN, DeviceTimestampedData, DeviceRecordEvent in its
 * kernels), collected from every RISC of its cores when the run ends and
 * written as tt-metal's profile_log_device.csv: its two header lines, then
 * one row per record, the RISCs of one core in order, each RISC's records
 * in the order it made them. Times are the core's clock (instructions
 * retired by its five RISCs: the simulator counts no cycles); the RISC's
 * own instruction count goes into the meta data column. Lines that begin
 * with `#` after the rows are ttfs's: records dropped for want of room.
 */
#include "program/program_internal.h"
#include "device/profiler.h"
#include "runtime_internal.h"
#include "strbuf.h"
#include "tt/profiler_abi.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* tt-metal divides times by this to show ns: one instruction, one ns. */
#define PROFILE_FREQ_MHZ 1000

static const char *const risc_names[TTRT_NUM_RISCS] = {
	"BRISC", "NCRISC", "TRISC_0", "TRISC_1", "TRISC_2",
};

static const char *type_name(uint32_t type)
{
	switch (type) {
	case TT_PROFILER_ZONE_START: return "ZONE_START";
	case TT_PROFILER_ZONE_END: return "ZONE_END";
	case TT_PROFILER_TS_DATA: return "TS_DATA";
	case TT_PROFILER_TS_EVENT: return "TS_EVENT";
	default: return "?";
	}
}

static bool on_card(const struct ttrt_device *dev)
{
	return dev->cfg.backend == TTRT_BACKEND_KMD;
}

static void header(struct strbuf *sb)
{
	strbuf_printf(sb, "ARCH: blackhole, CHIP_FREQ[MHz]: %d, Max Compute Cores: %d\n",
		      PROFILE_FREQ_MHZ, TTRT_NUM_TENSIX);
	strbuf_printf(sb, "PCIe slot, core_x, core_y, RISC processor type, timer_id, "
			  "time[cycles since reset], data, run host ID, trace id, trace id counter, "
			  "zone name, type, source line, source file, meta data\n");
}

/* tt-metal's timer id: FNV-1a of "NAME,FILE,LINE,KERNEL_PROFILER", its
 * two halves xor'ed into 16 bits. */
static uint32_t timer_id(const char *where)
{
	static const char tail[] = ",KERNEL_PROFILER";
	uint32_t h = 2166136261u;

	for (const char *s = where; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	for (const char *s = tail; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return (h & 0xFFFFu) ^ (h >> 16);
}

/* "NAME,FILE,LINE" split from the right (a name may hold commas). The
 * CSV has no quoting, so a comma left in the name becomes ';'. */
static void split_where(char *where, const char **name, const char **file, const char **line)
{
	char *c_line = strrchr(where, ',');
	char *c_file = NULL;

	*name = where;
	*file = *line = "";
	if (c_line) {
		*c_line = '\0';
		*line = c_line + 1;
		c_file = strrchr(where, ',');
	}
	if (c_file) {
		*c_file = '\0';
		*file = c_file + 1;
	}
	for (char *s = where; *s; s++)
		if (*s == ',' || *s == '\n')
			*s = ';';
}

static void row(struct strbuf *sb, struct ttrt_xy noc0, int risc, uint64_t run_id,
		struct prof_record *r)
{
	const char *name = "", *file = "", *line = "";
	uint32_t id = r->event;

	if (r->type != TT_PROFILER_TS_EVENT) {
		id = timer_id(r->where);
		split_where(r->where, &name, &file, &line);
	}
	strbuf_printf(sb, "0,%u,%u,%s,%u,%llu,%llu,%llu,,,%s,%s,%s,%s,{\"instret\":%llu}\n",
		      noc0.x, noc0.y, risc_names[risc], id, (unsigned long long)r->clock,
		      (unsigned long long)r->data, (unsigned long long)run_id, name,
		      type_name(r->type), line, file, (unsigned long long)r->instret);
}

int prog_profile_clear(struct ttrt_device *dev, struct ttrt_xy core)
{
	return on_card(dev) ? 0 : prof_clear(dev, core);
}

int prog_profile_collect(struct ttrt_device *dev, const struct ttrt_xy *cores, uint32_t n,
			 uint64_t run_id, char **out, size_t *len)
{
	struct strbuf sb = { 0 }, notes = { 0 };
	int rc = 0;

	/* Not read back on every run for a profile ttrt_program_profile
	 * never shows there. */
	if (on_card(dev))
		return -ENOTSUP;
	header(&sb);
	for (uint32_t c = 0; rc == 0 && c < n; c++) {
		struct ttrt_xy noc0;

		ttrt_logical_to_noc0(cores[c], &noc0);
		for (int risc = 0; rc == 0 && risc < TTRT_NUM_RISCS; risc++) {
			struct prof_record *recs;
			uint32_t k, dropped;

			rc = prof_read(dev, cores[c], risc, &recs, &k, &dropped);
			for (uint32_t i = 0; rc == 0 && i < k; i++)
				row(&sb, noc0, risc, run_id, &recs[i]);
			if (rc == 0 && dropped)
				strbuf_printf(&notes,
					      "# core %u,%u %s: %u records dropped: its buffer holds %u\n",
					      cores[c].x, cores[c].y, risc_names[risc], dropped,
					      TT_PROFILER_RECORDS);
			free(recs);
		}
	}
	if (notes.len)
		strbuf_printf(&sb, "%s", notes.data);
	free(notes.data);
	if (rc) {
		free(sb.data);
		return rc;
	}
	return strbuf_finish(&sb, out, len);
}

int ttrt_program_profile(struct ttrt_program *p, char **out, size_t *len)
{
	struct strbuf sb = { 0 };

	*out = NULL;
	*len = 0;
	if (on_card(p->dev)) {
		strbuf_printf(&sb, "no device profiler on a card: tt-metal's kernel_profiler.hpp "
				   "compiles its macros to nothing there (its device profiler "
				   "buffers are not set up); profile programs on the simulator\n");
		return strbuf_finish(&sb, out, len);
	}
	pthread_mutex_lock(&p->lock);
	if (p->profile) {
		*out = malloc(p->profile_len + 1);
		if (*out) {
			memcpy(*out, p->profile, p->profile_len + 1);
			*len = p->profile_len;
		}
	}
	pthread_mutex_unlock(&p->lock);
	if (p->profile_len && !*out)
		return -ENOMEM;
	if (*out)
		return 0;
	header(&sb);
	return strbuf_finish(&sb, out, len);
}
