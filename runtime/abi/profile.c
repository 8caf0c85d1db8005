/* SPDX-License-Identifier: Apache-2.0
 *
 * A profile as text (device/abi, saved profiles) and its checks: whether
 * the host may boot and launch with it.
 */
#include "ttrt_abi.h"
#include "runtime_internal.h"
#include "strbuf.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ttrt_abi_render(const struct ttrt_abi *abi, char **out, size_t *len)
{
	struct strbuf sb = { 0 };

	strbuf_printf(&sb, "name = %s\nsource = %s\ntt_metal_commit = %s\n", abi->name,
		      abi->source, abi->commit);
	if (abi->compiler[0])
		strbuf_printf(&sb, "compiler = %s\n", abi->compiler);
	for (const char *f = abi->files; *f;) {
		size_t n = strcspn(f, "\n");
		strbuf_printf(&sb, "file = %.*s\n", (int)n, f);
		f += n + (f[n] == '\n');
	}
	for (int i = 0; i < TTRT_ABI_NUM_FIELDS; i++) {
		if (abi->have[i])
			strbuf_printf(&sb, "%s = 0x%x\n", ttrt_abi_fields[i].key, ttrt_abi_get(abi, i));
		else
			strbuf_printf(&sb, "%s = missing\n", ttrt_abi_fields[i].key);
	}
	return strbuf_finish(&sb, out, len);
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

static int field_index(const char *key)
{
	for (int i = 0; i < TTRT_ABI_NUM_FIELDS; i++)
		if (strcmp(ttrt_abi_fields[i].key, key) == 0)
			return i;
	return -1;
}

static void copy_str(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src);
}

/* One more "file = " line of a derived profile: kept in order, one per
 * line; past TTRT_ABI_FILES_MAX the rest are dropped (the list says where
 * the values came from, nothing reads it back). */
static void add_file(struct ttrt_abi *out, const char *path)
{
	size_t used = strlen(out->files);

	if (used + strlen(path) + 2 <= sizeof(out->files))
		snprintf(out->files + used, sizeof(out->files) - used, "%s\n", path);
}

/* One "key = value" line; blank lines and # comments were skipped. */
static int parse_line(char *line, int lineno, struct ttrt_abi *out, char *err, size_t errlen)
{
	char *eq = strchr(line, '='), *key, *val, *end;
	unsigned long long v;
	int f;

	if (!eq) {
		ttrt_set_err(err, errlen, "line %d: expected 'key = value'", lineno);
		return -EINVAL;
	}
	*eq = '\0';
	key = trim(line);
	val = trim(eq + 1);
	if (strcmp(key, "name") == 0) {
		copy_str(out->name, sizeof(out->name), val);
		return 0;
	}
	if (strcmp(key, "launch") == 0)
		return 0;   /* device/abi's verdict on the device, not part of a profile */
	if (strcmp(key, "source") == 0) {
		copy_str(out->source, sizeof(out->source), val);
		return 0;
	}
	if (strcmp(key, "tt_metal_commit") == 0) {
		copy_str(out->commit, sizeof(out->commit), val);
		return 0;
	}
	if (strcmp(key, "compiler") == 0) {
		copy_str(out->compiler, sizeof(out->compiler), val);
		return 0;
	}
	if (strcmp(key, "file") == 0) {
		add_file(out, val);
		return 0;
	}
	f = field_index(key);
	if (f < 0) {
		ttrt_set_err(err, errlen, "line %d: unknown key '%s'", lineno, key);
		return -EINVAL;
	}
	/* A value may be followed by a comment (the profiles ttfs ships say
	 * where each number comes from). */
	for (char *c = val; *c; c++)
		if (*c == '#' && c > val && isspace((unsigned char)c[-1])) {
			*c = '\0';
			val = trim(val);
			break;
		}
	if (strcmp(val, "missing") == 0)
		return 0;
	errno = 0;
	v = strtoull(val, &end, 0);
	if (errno || end == val || *end || v > UINT32_MAX) {
		ttrt_set_err(err, errlen, "line %d: %s: '%s' is not a 32-bit number", lineno, key,
			     val);
		return -EINVAL;
	}
	ttrt_abi_set(out, f, (uint32_t)v);
	return 0;
}

int ttrt_abi_parse(const char *text, size_t len, struct ttrt_abi *out, char *err, size_t errlen)
{
	char *copy = malloc(len + 1), *line;
	int lineno = 0, rc = 0;

	if (!copy)
		return -ENOMEM;
	memcpy(copy, text, len);
	copy[len] = '\0';
	/* Split by hand: strtok_r would skip empty lines and miscount. */
	line = copy;
	while (line && rc == 0) {
		char *next = strchr(line, '\n'), *t;
		if (next)
			*next++ = '\0';
		lineno++;
		t = trim(line);
		if (*t && *t != '#')
			rc = parse_line(t, lineno, out, err, errlen);
		line = next;
	}
	free(copy);
	return rc;
}

int ttrt_abi_load_file(const char *path, struct ttrt_abi *out, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char *text = NULL, msg[256] = "";
	size_t cap = 0, len = 0;
	int rc = 0;

	if (!f) {
		rc = -errno;
		ttrt_set_err(err, errlen, "ABI profile %s: %s", path, strerror(-rc));
		return rc;
	}
	for (;;) {
		if (len + 4096 > cap) {
			char *t = realloc(text, cap + 65536);
			if (!t) {
				rc = -ENOMEM;
				break;
			}
			text = t;
			cap += 65536;
		}
		size_t n = fread(text + len, 1, cap - len, f);
		len += n;
		if (n == 0)
			break;
		if (len > (1u << 20)) {
			rc = -EFBIG;
			ttrt_set_err(err, errlen, "ABI profile %s: larger than 1 MiB", path);
			break;
		}
	}
	if (rc == 0 && ferror(f)) {
		rc = -EIO;
		ttrt_set_err(err, errlen, "ABI profile %s: read error", path);
	}
	fclose(f);
	if (rc == 0) {
		ttrt_abi_clear(out, "file", path);
		rc = ttrt_abi_parse(text ? text : "", len, out, msg, sizeof(msg));
		if (rc == -EINVAL)
			ttrt_set_err(err, errlen, "ABI profile %s: %s", path, msg);
		/* The file is where this profile came from now; name and commit
		 * say which one it was. */
		if (rc == 0)
			snprintf(out->source, sizeof(out->source), "%s", path);
	}
	free(text);
	return rc;
}

/* The fields a profile lacks, as "a, b, c" (at most a few dozen names). */
static int list_missing(const struct ttrt_abi *abi, char *buf, size_t len)
{
	size_t used = 0;
	int n = 0;

	buf[0] = '\0';
	for (int i = 0; i < TTRT_ABI_NUM_FIELDS; i++) {
		if (abi->have[i])
			continue;
		if (used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s", n ? ", " : "",
						 ttrt_abi_fields[i].key);
		n++;
	}
	return n;
}

/* What the headers of a derived profile lack for field f, and where it
 * belongs: "MEM_MAILBOX_SIZE (dev_mem_map.h)". */
static void lacked_name(const struct ttrt_abi_field_desc *f, char *buf, size_t len)
{
	const char *file = "dev_msgs.h";

	switch (f->derive) {
	case TTRT_ABI_D_MACRO:
	case TTRT_ABI_D_MACRO_OPT:
		file = strcmp(f->a, "NUM_CIRCULAR_BUFFERS") == 0 ? "circular_buffer_constants.h" :
		       strcmp(f->a, "OPERAND_START_STREAM") == 0 ? "stream_io_map.h" :
								   "dev_mem_map.h";
		snprintf(buf, len, "%s (%s)", f->a, file);
		break;
	case TTRT_ABI_D_DIFF:
		snprintf(buf, len, "%s or %s (dev_mem_map.h)", f->a, f->b);
		break;
	case TTRT_ABI_D_LAUNCH:
	case TTRT_ABI_D_LSIZE:
		snprintf(buf, len, "launch_msg_t::kernel_config.%s (%s)", f->b, file);
		break;
	case TTRT_ABI_D_SIZEOF:
		snprintf(buf, len, "%s (%s)", f->a, file);
		break;
	default:
		snprintf(buf, len, "%s::%s (%s)", f->a, f->b ? f->b : "", file);
		break;
	}
}

/* For a derived profile: the macros and members its tree's headers lack,
 * each once, and what to do. */
static void explain_missing(const struct ttrt_abi *abi, char *buf, size_t len)
{
	size_t used = 0;
	char name[192];

	buf[0] = '\0';
	for (int i = 0; i < TTRT_ABI_NUM_FIELDS && used < len; i++) {
		if (abi->have[i])
			continue;
		lacked_name(&ttrt_abi_fields[i], name, sizeof(name));
		if (strstr(buf, name))
			continue;
		used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "", name);
	}
}

int ttrt_abi_check(const struct ttrt_abi *abi, char *err, size_t errlen)
{
	char missing[1024], lacked[1200];
	int n = list_missing(abi, missing, sizeof(missing));

	if (n && abi->compiler[0]) {
		explain_missing(abi, lacked, sizeof(lacked));
		ttrt_set_err(err, errlen,
			     "ABI profile '%s' (%s) lacks %d field%s: %s; its tree's headers define no %s: this tt-metal version names them otherwise, so it needs a saved profile (that of a checked version, -o abi=tt-metal-2f3626c4, or one written by hand; docs/abi.md)",
			     abi->name, abi->source, n, n == 1 ? "" : "s", missing, lacked);
		return -EINVAL;
	}
	if (n) {
		ttrt_set_err(err, errlen, "ABI profile '%s' (%s) lacks %d field%s: %s", abi->name,
			     abi->source, n, n == 1 ? "" : "s", missing);
		return -EINVAL;
	}
	if (abi->launch_local_cb_mask_size != 4 && abi->launch_local_cb_mask_size != 8) {
		ttrt_set_err(err, errlen, "ABI profile '%s': local_cb_mask is %u bytes, not 4 or 8",
			     abi->name, abi->launch_local_cb_mask_size);
		return -EINVAL;
	}
	if (abi->num_circular_buffers == 0 ||
	    abi->num_circular_buffers > 8u * abi->launch_local_cb_mask_size ||
	    abi->num_circular_buffers > TTRT_ABI_MAX_CBS) {
		ttrt_set_err(err, errlen,
			     "ABI profile '%s': %u circular buffers do not fit a %u-bit local_cb_mask",
			     abi->name, abi->num_circular_buffers, 8 * abi->launch_local_cb_mask_size);
		return -EINVAL;
	}
	if (abi->launch_msg_size == 0 || abi->launch_msg_size > TTRT_ABI_MAX_LAUNCH_MSG ||
	    abi->num_core_types == 0 || abi->num_core_types > TTRT_ABI_MAX_CORE_TYPES ||
	    abi->launch_ring_entries == 0 || abi->go_message_entries == 0 ||
	    abi->go_msg_size == 0 || abi->go_signal >= abi->go_msg_size) {
		ttrt_set_err(err, errlen,
			     "ABI profile '%s': impossible message layout (launch message %u bytes, %u core types, ring %u, go %u bytes, signal at %u)",
			     abi->name, abi->launch_msg_size, abi->num_core_types,
			     abi->launch_ring_entries, abi->go_msg_size, abi->go_signal);
		return -EINVAL;
	}
	if (abi->mbox_go_messages + abi->go_message_entries * abi->go_msg_size > abi->mailbox_size ||
	    abi->mbox_launch + abi->launch_ring_entries * abi->launch_msg_size > abi->mailbox_size ||
	    abi->kernel_config_base + abi->kernel_config_size > abi->l1_size) {
		ttrt_set_err(err, errlen,
			     "ABI profile '%s': the mailbox or kernel-config area does not fit (mailbox %u bytes, kernel config 0x%x+0x%x, L1 0x%x)",
			     abi->name, abi->mailbox_size, abi->kernel_config_base,
			     abi->kernel_config_size, abi->l1_size);
		return -EINVAL;
	}
	return 0;
}
