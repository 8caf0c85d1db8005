/* SPDX-License-Identifier: Apache-2.0
 *
 * The mount's top level: README and the subtree directories.
 */
#include "fs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char readme_text[] =
	"ttfs: a Tenstorrent Blackhole P100A as a file tree.\n"
	"\n"
	"device/           the card: arch, board, backend, grid, telemetry, info.json, reset, abi\n"
	"cores/<x>,<y>/    one Tensix core by logical coordinates: l1 (offset = L1 address),\n"
	"                  mailbox (mailboxes_t at L1 0x60)\n"
	"noc0/<X>-<Y>      symlinks to the same cores (and DRAM banks) by NOC0 coordinates\n"
	"dram/<n>          DRAM bank n (offset = bank address)\n"
	"dram/buffers/     mkdir NAME makes a buffer: write size (and page_size, or a shard\n"
	"                  layout), then use data; address is what kernels take; rmdir frees it\n"
	"l1/buffers/       the same in the worker cores' L1 (placed from the top down)\n"
	"programs/         mkdir NAME makes a program: write reader.cpp, writer.cpp,\n"
	"                  compute.cpp and args, `echo 1 > run`, read status; rmdir deletes it\n"
	"\n"
	"Full reference: docs/tree.md in the ttfs sources.\n";

static const struct {
	const char *name;
	enum node_kind kind;
} root_entries[] = {
	{ "README", K_README },
	{ "cores", K_CORES_DIR },
	{ "device", K_DEVICE_DIR },
	{ "dram", K_DRAM_DIR },
	{ "l1", K_L1_DIR },
	{ "noc0", K_NOC0_DIR },
	{ "programs", K_PROGRAMS_DIR },
};
#define NUM_ROOT_ENTRIES (sizeof(root_entries) / sizeof(root_entries[0]))

static int root_stat(struct fs *fs, struct node n, struct stat *st)
{
	if (n.kind == K_README)
		stat_fill(fs, st, n, S_IFREG | FILE_MODE_RO, sizeof(readme_text) - 1);
	else
		stat_dir(fs, st, n, 8);
	return 0;
}

static int root_lookup(struct fs *fs, struct node dir, const char *name, struct node *child)
{
	(void)fs;
	(void)dir;
	for (size_t i = 0; i < NUM_ROOT_ENTRIES; i++) {
		if (strcmp(name, root_entries[i].name) == 0) {
			*child = node_make(root_entries[i].kind, 0, 0);
			return 0;
		}
	}
	return -ENOENT;
}

static int root_readdir(struct fs *fs, struct node dir, dir_fill_fn fill, void *ctx)
{
	(void)fs;
	(void)dir;
	for (size_t i = 0; i < NUM_ROOT_ENTRIES; i++) {
		mode_t type = root_entries[i].kind == K_README ? S_IFREG : S_IFDIR;
		if (fill(ctx, root_entries[i].name, node_make(root_entries[i].kind, 0, 0), type))
			break;
	}
	return 0;
}

static int root_open(struct fs *fs, struct node n, int flags, struct handle **out)
{
	char *text;
	int rc;

	(void)fs;
	if (n.kind != K_README)
		return -EISDIR;
	rc = file_policy_open(FILE_MODE_RO, flags);
	if (rc)
		return rc;
	text = strdup(readme_text);
	if (!text)
		return -ENOMEM;
	return handle_new_text(n, text, sizeof(readme_text) - 1, out);
}

const struct subtree_ops root_subtree = {
	.stat = root_stat,
	.lookup = root_lookup,
	.readdir = root_readdir,
	.open = root_open,
};
