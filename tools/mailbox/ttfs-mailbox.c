/* SPDX-License-Identifier: Apache-2.0
 *
 * ttfs-mailbox: decode a Tensix mailbox dump offline, with the same text
 * the mounted cores/<x>,<y>/go and launch files show (one formatter:
 * ttrt_decode_go / ttrt_decode_launch).
 *
 *   cp /mnt/tt/cores/3,4/mailbox dump.bin && ttfs-mailbox dump.bin
 *   cp /mnt/tt/cores/3,4/l1 l1.bin        && ttfs-mailbox --l1 l1.bin
 */
#include "tt/l1_map.h"
#include "ttrt.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROG "ttfs-mailbox"

enum what { WHAT_DEFAULT, WHAT_GO, WHAT_LAUNCH, WHAT_ALL };

/* The layout to decode with: built-in, or --abi FILE (a saved device/abi). */
static struct ttrt_abi abi;

static void usage(FILE *f)
{
	fprintf(f,
		"usage: " PROG " [--l1] [--go|--launch|--all] FILE|-\n"
		"\n"
		"Decode a Tensix mailbox dump with the text of the mounted cores/<x>,<y>/go\n"
		"and launch files. FILE - reads standard input.\n"
		"\n"
		"input:\n"
		"  (default)  a mailbox dump: offset 0 = L1 0x60, e.g. a copy of\n"
		"             cores/<x>,<y>/mailbox or tt-exalens `brxy <core> 0x60 3192`;\n"
		"             at least %zu bytes (%zu for --launch)\n"
		"  --l1       a whole-L1 dump: offset 0 = L1 0, e.g. a copy of\n"
		"             cores/<x>,<y>/l1; at least %zu bytes (%zu for --launch)\n"
		"\n"
		"output:\n"
		"  (default)  the go file, then the launch file\n"
		"  --go       the go file only (the go signal selected by go_message_index)\n"
		"  --launch   the launch file only (launch_msg_rd_ptr, then launch[rd_ptr])\n"
		"  --all      go and launch, then subordinate_sync (dm1 trisc0 trisc1\n"
		"             trisc2) and go_message_index\n"
		"  --abi PROFILE  decode with the ABI profile in PROFILE (a copy of a\n"
		"             mount's device/abi, docs/abi.md); default: the built-in one,\n"
		"             whose sizes are given above\n"
		"  -h, --help this text\n"
		"\n"
		"exit status: 0 decoded, 1 unreadable or too short input, 2 bad usage\n",
		ttrt_decode_go_need(&abi), ttrt_decode_launch_need(&abi),
		abi.mailbox_base + ttrt_decode_go_need(&abi),
		abi.mailbox_base + ttrt_decode_launch_need(&abi));
}

/* Reads up to max bytes of f into a fresh buffer; -errno on a read error. */
static int read_input(FILE *f, size_t max, unsigned char **out, size_t *len)
{
	size_t cap = 64 * 1024, n = 0;
	unsigned char *buf = malloc(cap);

	if (!buf)
		return -ENOMEM;
	while (n < max) {
		size_t want, got;
		if (n == cap) {
			unsigned char *p;
			cap *= 2;
			p = realloc(buf, cap);
			if (!p) {
				free(buf);
				return -ENOMEM;
			}
			buf = p;
		}
		want = cap - n < max - n ? cap - n : max - n;
		errno = 0;
		got = fread(buf + n, 1, want, f);
		n += got;
		if (got < want) {
			if (ferror(f)) {
				int err = errno ? errno : EIO;
				free(buf);
				return -err;
			}
			break;
		}
	}
	*out = buf;
	*len = n;
	return 0;
}

static const char *run_sync_name(uint8_t v)
{
	switch (v) {
	case TT_RUN_SYNC_MSG_DONE: return "done";
	case TT_RUN_SYNC_MSG_LOAD: return "load";
	case TT_RUN_SYNC_MSG_WAITING_FOR_RESET: return "waiting_for_reset";
	case TT_RUN_SYNC_MSG_INIT_SYNC_REGISTERS: return "init_sync_registers";
	case TT_RUN_SYNC_MSG_INIT: return "init";
	case TT_RUN_SYNC_MSG_GO: return "go";
	default: return "unknown";
	}
}

/* The --all extras: the subordinate RISCs' sync bytes and the go index. */
static void print_extras(const unsigned char *mb)
{
	static const char *const names[4] = { "dm1", "trisc0", "trisc1", "trisc2" };
	const unsigned char *sync = mb + abi.mbox_subordinate_sync;
	uint32_t index;

	for (int i = 0; i < 4; i++)
		printf("subordinate_sync.%s 0x%02x %s\n", names[i], sync[i], run_sync_name(sync[i]));
	memcpy(&index, mb + abi.mbox_go_message_index, sizeof(index));
	if (index < abi.go_message_entries)
		printf("go_message_index %u\n", index);
	else
		printf("go_message_index %u (out of range: go_messages[0] is used)\n", index);
}

static int print_decoded(int (*decode)(const struct ttrt_abi *, const void *, size_t, char **,
					size_t *),
			 const unsigned char *mb, size_t len, const char *name)
{
	char *text;
	size_t n;
	int rc = decode(&abi, mb, len, &text, &n);

	if (rc) {
		fprintf(stderr, PROG ": %s: %s\n", name, strerror(-rc));
		return 1;
	}
	fwrite(text, 1, n, stdout);
	free(text);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "l1", no_argument, NULL, 'L' },
		{ "go", no_argument, NULL, 'g' },
		{ "launch", no_argument, NULL, 'l' },
		{ "all", no_argument, NULL, 'a' },
		{ "abi", required_argument, NULL, 'A' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	enum what what = WHAT_DEFAULT;
	int l1 = 0, opt, status = 0;
	const char *path, *name;
	size_t base, need, len;
	unsigned char *data;
	FILE *f;
	char err[512];
	int rc;

	ttrt_abi_builtin(&abi);
	opterr = 0;   /* our own messages, named ttfs-mailbox */
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		enum what w;
		switch (opt) {
		case 'L': l1 = 1; continue;
		case 'A':
			if (ttrt_abi_load_file(optarg, &abi, err, sizeof(err)) ||
			    ttrt_abi_check(&abi, err, sizeof(err))) {
				fprintf(stderr, PROG ": %s\n", err);
				return 2;
			}
			continue;
		case 'g': w = WHAT_GO; break;
		case 'l': w = WHAT_LAUNCH; break;
		case 'a': w = WHAT_ALL; break;
		case 'h': usage(stdout); return 0;
		default:
			/* optopt: a bad short option, or the val of a long one given
			 * an argument; 0: an unknown long option. */
			if (optopt && !strchr("LglaA", optopt))
				fprintf(stderr, PROG ": bad option '-%c'\n", optopt);
			else
				fprintf(stderr, PROG ": bad option '%s'\n", argv[optind - 1]);
			fprintf(stderr, "usage: " PROG " [--l1] [--go|--launch|--all] FILE|- (see --help)\n");
			return 2;
		}
		if (what != WHAT_DEFAULT && what != w) {
			fprintf(stderr, PROG ": --go, --launch and --all exclude each other\n");
			return 2;
		}
		what = w;
	}
	if (argc - optind != 1) {
		fprintf(stderr, PROG ": %s\nusage: " PROG " [--l1] [--go|--launch|--all] FILE|- (see --help)\n",
			argc == optind ? "no dump file given" : "more than one dump file given");
		return 2;
	}
	path = argv[optind];
	name = strcmp(path, "-") == 0 ? "(stdin)" : path;

	base = l1 ? abi.mailbox_base : 0;
	need = base + (what == WHAT_LAUNCH ? ttrt_decode_launch_need(&abi) :
		       what == WHAT_GO ? ttrt_decode_go_need(&abi) :
		       (ttrt_decode_go_need(&abi) > ttrt_decode_launch_need(&abi) ?
				ttrt_decode_go_need(&abi) : ttrt_decode_launch_need(&abi)));

	f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f) {
		fprintf(stderr, PROG ": %s: %s\n", name, strerror(errno));
		return 1;
	}
	/* Nothing past L1 is ever needed; one byte more tells "exactly L1". */
	rc = read_input(f, (size_t)abi.l1_size + 1, &data, &len);
	if (f != stdin)
		fclose(f);
	if (rc) {
		fprintf(stderr, PROG ": %s: %s\n", name, strerror(-rc));
		return 1;
	}
	if (len < need) {
		fprintf(stderr, PROG ": %s: too short: %zu bytes; %s dump needs at least %zu",
			name, len, l1 ? "a whole-L1" : "a mailbox", need);
		if (l1)
			fprintf(stderr, " (offset 0 = L1 0)\n");
		else
			fprintf(stderr, " (offset 0 = L1 0x%x)\n", abi.mailbox_base);
		free(data);
		return 1;
	}
	if (!l1 && len == abi.l1_size)
		fprintf(stderr, PROG ": %s: note: %zu bytes is the size of a whole L1; "
			"decoding it as a mailbox dump (offset 0 = L1 0x%x), use --l1 if it is an L1 dump\n",
			name, len, abi.mailbox_base);
	else if (l1 && len == abi.mailbox_size)
		fprintf(stderr, PROG ": %s: note: %zu bytes is the size of a mailbox dump; "
			"decoding it as a whole L1 (--l1, offset 0 = L1 0)\n", name, len);

	const unsigned char *mb = data + base;
	size_t mblen = len - base;
	if (what != WHAT_LAUNCH)
		status |= print_decoded(ttrt_decode_go, mb, mblen, name);
	if (!status && what != WHAT_GO)
		status |= print_decoded(ttrt_decode_launch, mb, mblen, name);
	if (!status && what == WHAT_ALL)
		print_extras(mb);
	free(data);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, PROG ": writing standard output: %s\n", strerror(errno));
		return 1;
	}
	return status;
}
