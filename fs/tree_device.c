/* SPDX-License-Identifier: Apache-2.0
 *
 * device/: the card as a whole.
 */
#include "fs.h"
#include "log.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum device_file { DEV_ARCH, DEV_BOARD, DEV_BACKEND, DEV_GRID, DEV_TELEMETRY, DEV_INFO, DEV_RESET,
		   DEV_ABI, DEV_COUNT };

static int render_arch(struct ttrt_device *dev, char **out, size_t *len);
static int render_board(struct ttrt_device *dev, char **out, size_t *len);
static int render_backend(struct ttrt_device *dev, char **out, size_t *len);
static int render_abi(struct ttrt_device *dev, char **out, size_t *len);

static const struct {
	const char *name;
	mode_t mode;
	int (*render)(struct ttrt_device *dev, char **out, size_t *len);
} device_files[DEV_COUNT] = {
	[DEV_ARCH] = { "arch", FILE_MODE_RO, render_arch },
	[DEV_BOARD] = { "board", FILE_MODE_RO, render_board },
	[DEV_BACKEND] = { "backend", FILE_MODE_RO, render_backend },
	[DEV_GRID] = { "grid", FILE_MODE_RO, ttrt_render_grid },
	[DEV_TELEMETRY] = { "telemetry", FILE_MODE_RO, ttrt_render_telemetry },
	[DEV_INFO] = { "info.json", FILE_MODE_RO, ttrt_render_info_json },
	[DEV_RESET] = { "reset", FILE_MODE_WO, NULL },
	[DEV_ABI] = { "abi", FILE_MODE_RO, render_abi },
};

static int render_line(const char *value, char **out, size_t *len)
{
	int n = asprintf(out, "%s\n", value);

	if (n < 0)
		return -ENOMEM;
	*len = (size_t)n;
	return 0;
}

static int render_arch(struct ttrt_device *dev, char **out, size_t *len)
{
	(void)dev;
	return render_line("blackhole", out, len);
}

static int render_board(struct ttrt_device *dev, char **out, size_t *len)
{
	(void)dev;
	return render_line("p100a", out, len);
}

static int render_backend(struct ttrt_device *dev, char **out, size_t *len)
{
	return render_line(ttrt_device_backend(dev), out, len);
}

/* The active ABI profile (docs/abi.md), then whether programs can run
 * with it: "launch = ok" or "launch = unavailable: <why>". */
static int render_abi(struct ttrt_device *dev, char **out, size_t *len)
{
	const char *problem = ttrt_device_launch_problem(dev);
	char *text, *all;
	size_t n;
	int rc = ttrt_abi_render(ttrt_device_abi(dev), &text, &n);

	if (rc)
		return rc;
	rc = asprintf(&all, "%slaunch = %s%s\n", text, problem ? "unavailable: " : "ok",
		      problem ? problem : "");
	free(text);
	if (rc < 0)
		return -ENOMEM;
	*out = all;
	*len = (size_t)rc;
	return 0;
}

static int device_stat(struct fs *fs, struct node n, struct stat *st)
{
	off_t size = 0;
	int rc;

	if (n.kind == K_DEVICE_DIR) {
		stat_dir(fs, st, n, 2);
		return 0;
	}
	if (n.file >= DEV_COUNT)
		return -ENOENT;
	if (device_files[n.file].render) {
		rc = rendered_size(device_files[n.file].render, fs->dev, &size);
		if (rc)
			return rc;
	}
	stat_fill(fs, st, n, S_IFREG | device_files[n.file].mode, size);
	return 0;
}

static int device_lookup(struct fs *fs, struct node dir, const char *name, struct node *child)
{
	(void)fs;
	(void)dir;
	for (int i = 0; i < DEV_COUNT; i++) {
		if (strcmp(name, device_files[i].name) == 0) {
			*child = node_make(K_DEVICE_FILE, 0, (uint32_t)i);
			return 0;
		}
	}
	return -ENOENT;
}

static int device_readdir(struct fs *fs, struct node dir, dir_fill_fn fill, void *ctx)
{
	(void)fs;
	(void)dir;
	for (int i = 0; i < DEV_COUNT; i++)
		if (fill(ctx, device_files[i].name, node_make(K_DEVICE_FILE, 0, (uint32_t)i), S_IFREG))
			break;
	return 0;
}

/* `echo 1 > reset`: stop everything, reload the firmware. `echo asic-reset >
 * reset`: first reset the whole chip through the driver (a card only;
 * EOPNOTSUPP on the simulator) - a separate word, so that no stray write
 * of 1 can wipe a card. Anything else is refused. Bounded by timeout_ms
 * (ETIMEDOUT); the writer's Ctrl-C ends it with EINTR, the chip down until
 * the next reset. */
static ssize_t reset_write(struct fs *fs, struct handle *h, const char *buf, size_t size, off_t off)
{
	struct fs_interrupt intr;
	char value[ATTR_VALUE_MAX + 1], err[512] = "";
	int rc;

	(void)h;
	(void)off;
	if (file_policy_attr_value(buf, size, value) ||
	    (strcmp(value, "1") != 0 && strcmp(value, "asic-reset") != 0))
		return -EINVAL;
	fs_interrupt_begin(&intr);
	if (strcmp(value, "1") == 0)
		rc = ttrt_device_reset(fs->dev, &intr.wait, err, sizeof(err));
	else
		rc = ttrt_device_reset_chip(fs->dev, &intr.wait, err, sizeof(err));
	fs_interrupt_end(&intr);
	if (rc)
		ttfs_log("device/reset: %s", err);
	return rc ? rc : (ssize_t)size;
}

static const struct handle_ops reset_ops = {
	.write = reset_write,
};

static int device_open(struct fs *fs, struct node n, int flags, struct handle **out)
{
	char *text;
	size_t len;
	int rc;

	if (n.kind == K_DEVICE_DIR)
		return -EISDIR;
	rc = file_policy_open(device_files[n.file].mode, flags);
	if (rc)
		return rc;
	if (n.file == DEV_RESET)
		return handle_new(n, &reset_ops, out);
	rc = device_files[n.file].render(fs->dev, &text, &len);
	if (rc)
		return rc;
	return handle_new_text(n, text, len, out);
}

const struct subtree_ops device_subtree = {
	.stat = device_stat,
	.lookup = device_lookup,
	.readdir = device_readdir,
	.open = device_open,
};
