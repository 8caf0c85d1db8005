/* SPDX-License-Identifier: Apache-2.0
 *
 * cores/<x>,<y>/: one directory per usable Tensix core, by logical
 * coordinates. l1 is the whole L1 (offset = address); mailbox is the
 * mailboxes_t region where the device's ABI profile puts it (0x60, 12768
 * bytes built-in); the text files are rendered from the live device on
 * each open.
 */
#include "coord_names.h"
#include "fs.h"

#include <errno.h>
#include <sys/uio.h>
#include <stdlib.h>
#include <string.h>

enum core_file {
	CORE_L1, CORE_MAILBOX, CORE_LAUNCH, CORE_GO, CORE_CBS, CORE_STATUS, CORE_DPRINT, CORE_COUNT
};

typedef int (*core_render_fn)(struct ttrt_device *dev, struct ttrt_xy core, char **out,
			      size_t *len);

static const struct {
	const char *name;
	mode_t mode;
	core_render_fn render;  /* text files; NULL: a memory file */
} core_files[CORE_COUNT] = {
	[CORE_L1] = { "l1", FILE_MODE_RW, NULL },
	[CORE_MAILBOX] = { "mailbox", FILE_MODE_RO, NULL },
	[CORE_LAUNCH] = { "launch", FILE_MODE_RO, ttrt_render_launch },
	[CORE_GO] = { "go", FILE_MODE_RO, ttrt_render_go },
	[CORE_CBS] = { "cbs", FILE_MODE_RO, ttrt_render_cbs },
	[CORE_STATUS] = { "status", FILE_MODE_RO, ttrt_render_status },
	[CORE_DPRINT] = { "dprint", FILE_MODE_RO, ttrt_render_dprint },
};

/* Memory files: the L1 address of file offset 0, and the size. */
static uint32_t mem_base(struct fs *fs, uint32_t file)
{
	return file == CORE_MAILBOX ? ttrt_device_abi(fs->dev)->mailbox_base : 0;
}

static uint32_t mem_size(struct fs *fs, uint32_t file)
{
	const struct ttrt_abi *abi = ttrt_device_abi(fs->dev);

	if (file != CORE_MAILBOX)
		return TTRT_L1_SIZE;
	/* A profile without the mailbox's place shows it empty, not guessed. */
	return abi->have[TTRT_ABI_mailbox_base] && abi->have[TTRT_ABI_mailbox_size] &&
			       abi->mailbox_base < TTRT_L1_SIZE &&
			       abi->mailbox_size <= TTRT_L1_SIZE - abi->mailbox_base ?
		       abi->mailbox_size :
		       0;
}

static int render_core_file(struct fs *fs, struct node n, char **text, size_t *len)
{
	return core_files[n.file].render(fs->dev, ttrt_core_logical((int)n.idx), text, len);
}

static int cores_stat(struct fs *fs, struct node n, struct stat *st)
{
	switch (n.kind) {
	case K_CORES_DIR:
		stat_dir(fs, st, n, 2 + TTRT_NUM_TENSIX);
		return 0;
	case K_CORE_DIR:
		if (n.idx >= TTRT_NUM_TENSIX)
			return -ENOENT;
		stat_dir(fs, st, n, 2);
		return 0;
	default:
		if (n.idx >= TTRT_NUM_TENSIX || n.file >= CORE_COUNT)
			return -ENOENT;
		if (core_files[n.file].render) {
			char *text;
			size_t len;
			int rc = render_core_file(fs, n, &text, &len);
			if (rc)
				return rc;
			free(text);
			stat_fill(fs, st, n, S_IFREG | core_files[n.file].mode, (off_t)len);
			return 0;
		}
		stat_fill(fs, st, n, S_IFREG | core_files[n.file].mode, mem_size(fs, n.file));
		return 0;
	}
}

static int cores_lookup(struct fs *fs, struct node dir, const char *name, struct node *child)
{
	struct ttrt_xy xy;
	int index;

	(void)fs;
	if (dir.kind == K_CORES_DIR) {
		if (coord_parse(name, ',', &xy) || (index = ttrt_core_index(xy)) < 0)
			return -ENOENT;
		*child = node_make(K_CORE_DIR, (uint64_t)index, 0);
		return 0;
	}
	for (int i = 0; i < CORE_COUNT; i++) {
		if (strcmp(name, core_files[i].name) == 0) {
			*child = node_make(K_CORE_FILE, dir.idx, (uint32_t)i);
			return 0;
		}
	}
	return -ENOENT;
}

static int cores_readdir(struct fs *fs, struct node dir, dir_fill_fn fill, void *ctx)
{
	char name[COORD_NAME_MAX];

	(void)fs;
	if (dir.kind == K_CORES_DIR) {
		for (int i = 0; i < TTRT_NUM_TENSIX; i++) {
			coord_format(name, sizeof(name), ',', ttrt_core_logical(i));
			if (fill(ctx, name, node_make(K_CORE_DIR, (uint64_t)i, 0), S_IFDIR))
				break;
		}
		return 0;
	}
	for (int i = 0; i < CORE_COUNT; i++)
		if (fill(ctx, core_files[i].name, node_make(K_CORE_FILE, dir.idx, (uint32_t)i), S_IFREG))
			break;
	return 0;
}

static ssize_t core_mem_read(struct fs *fs, struct handle *h, char *buf, size_t size, off_t off)
{
	uint32_t file = h->node.file;
	int rc = file_policy_read(off, &size, mem_size(fs, file));

	if (rc == 0 && size > 0)
		rc = ttrt_l1_read(fs->dev, ttrt_core_logical((int)h->node.idx),
				  mem_base(fs, file) + (uint32_t)off, buf, size);
	return rc ? rc : (ssize_t)size;
}

static ssize_t core_mem_write(struct fs *fs, struct handle *h, const char *buf, size_t size,
			      off_t off)
{
	uint32_t file = h->node.file;
	int rc = file_policy_write(off, &size, mem_size(fs, file));

	if (rc == 0)
		rc = ttrt_l1_write(fs->dev, ttrt_core_logical((int)h->node.idx),
				   mem_base(fs, file) + (uint32_t)off, buf, size);
	return rc ? rc : (ssize_t)size;
}

static int core_mem_direct_begin(struct fs *fs, struct handle *h, off_t off, size_t *size,
				 int writing, struct iovec *iov, int max_iov)
{
	uint32_t file = h->node.file;
	int rc = writing ? file_policy_write(off, size, mem_size(fs, file))
			 : file_policy_read(off, size, mem_size(fs, file));
	void *ptr;

	if (rc || *size == 0 || max_iov < 1)
		return rc ? rc : 0;
	rc = ttrt_l1_direct(fs->dev, ttrt_core_logical((int)h->node.idx),
			    mem_base(fs, file) + (uint32_t)off, *size, writing, &ptr);
	if (rc)
		return rc;
	iov[0].iov_base = ptr;
	iov[0].iov_len = *size;
	return 1;
}

static void core_mem_direct_end(struct fs *fs, struct handle *h, int writing)
{
	if (writing)
		ttrt_l1_direct_written(fs->dev, ttrt_core_logical((int)h->node.idx));
}

static const struct handle_ops core_mem_ops = {
	.read = core_mem_read,
	.write = core_mem_write,
	.direct_begin = core_mem_direct_begin,
	.direct_end = core_mem_direct_end,
};

static int cores_open(struct fs *fs, struct node n, int flags, struct handle **out)
{
	char *text;
	size_t len;
	int rc;

	if (n.kind != K_CORE_FILE)
		return -EISDIR;
	rc = file_policy_open(core_files[n.file].mode, flags);
	if (rc)
		return rc;
	if (!core_files[n.file].render)
		return handle_new(n, &core_mem_ops, out);
	rc = render_core_file(fs, n, &text, &len);
	if (rc)
		return rc;
	return handle_new_text(n, text, len, out);
}

const struct subtree_ops cores_subtree = {
	.stat = cores_stat,
	.lookup = cores_lookup,
	.readdir = cores_readdir,
	.open = cores_open,
};
