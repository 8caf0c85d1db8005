/* SPDX-License-Identifier: Apache-2.0
 *
 * noc0/<X>-<Y>: symlinks naming tiles by NOC0 coordinates (tt-exalens's
 * "X-Y"): Tensix endpoints point at ../cores/<x>,<y>, DRAM endpoints at
 * ../dram/<bank>.
 */
#include "coord_names.h"
#include "fs.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static int link_target(struct ttrt_xy noc0, char *buf, size_t size)
{
	struct ttrt_xy logical;
	char name[COORD_NAME_MAX];
	int bank;

	if (ttrt_noc0_to_logical(noc0, &logical) == 0) {
		coord_format(name, sizeof(name), ',', logical);
		snprintf(buf, size, "../cores/%s", name);
		return 0;
	}
	bank = ttrt_dram_bank_of_noc0(noc0);
	if (bank >= 0) {
		snprintf(buf, size, "../dram/%d", bank);
		return 0;
	}
	return -ENOENT;
}

static struct ttrt_xy xy_of_idx(uint64_t idx)
{
	struct ttrt_xy xy = { (uint8_t)(idx & 0xFF), (uint8_t)((idx >> 8) & 0xFF) };
	return xy;
}

static int noc0_stat(struct fs *fs, struct node n, struct stat *st)
{
	char target[64];

	if (n.kind == K_NOC0_DIR) {
		stat_dir(fs, st, n, 2);
		return 0;
	}
	if (link_target(xy_of_idx(n.idx), target, sizeof(target)))
		return -ENOENT;
	stat_fill(fs, st, n, S_IFLNK | 0777, (off_t)strlen(target));
	return 0;
}

static int noc0_lookup(struct fs *fs, struct node dir, const char *name, struct node *child)
{
	struct ttrt_xy xy;
	char target[64];

	(void)fs;
	(void)dir;
	if (coord_parse(name, '-', &xy) || link_target(xy, target, sizeof(target)))
		return -ENOENT;
	*child = node_make(K_NOC0_LINK, (uint64_t)xy.x | ((uint64_t)xy.y << 8), 0);
	return 0;
}

static int noc0_readdir(struct fs *fs, struct node dir, dir_fill_fn fill, void *ctx)
{
	char name[COORD_NAME_MAX], target[64];

	(void)fs;
	(void)dir;
	for (int y = 0; y < TTRT_NOC_GRID_Y; y++) {
		for (int x = 0; x < TTRT_NOC_GRID_X; x++) {
			struct ttrt_xy xy = { (uint8_t)x, (uint8_t)y };
			if (link_target(xy, target, sizeof(target)))
				continue;
			coord_format(name, sizeof(name), '-', xy);
			if (fill(ctx, name, node_make(K_NOC0_LINK, (uint64_t)x | ((uint64_t)y << 8), 0),
				 S_IFLNK))
				return 0;
		}
	}
	return 0;
}

static int noc0_readlink(struct fs *fs, struct node n, char *buf, size_t size)
{
	(void)fs;
	return link_target(xy_of_idx(n.idx), buf, size);
}

const struct subtree_ops noc0_subtree = {
	.stat = noc0_stat,
	.lookup = noc0_lookup,
	.readdir = noc0_readdir,
	.readlink = noc0_readlink,
};
