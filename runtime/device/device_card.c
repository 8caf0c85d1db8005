/* SPDX-License-Identifier: Apache-2.0
 *
 * A card's firmware at open: tt-metal's, built from tt_metal_home with
 * the SFPI toolchain by tt-metal's recipe (program/build/card_firmware.c), then
 * booted like ttfs's own (device_boot.c) through the device's ABI
 * profile, derived from the same tree. Done at open rather than at the
 * first program, because the boot (device reset) happens at open; the
 * build is cached, so a later mount of the same tree and toolchain
 * compiles nothing.
 */
#include "runtime_internal.h"
#include "program/build/card_firmware.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int ttrt_device_card_firmware(struct ttrt_device *dev)
{
	const struct card_paths paths = { dev->cfg.tt_metal_home, dev->cfg.sfpi_path };
	struct card_fw_build fw;
	char err[1024] = "";
	int rc;

	if (!dev->card_build || dev->launch_problem[0])
		return 0;
	rc = card_firmware_build(&paths, dev->abi.commit, dev->cfg.cache_dir, &fw, err,
				 sizeof(err));
	if (rc == -ENOMEM)
		return rc;
	if (!rc) {
		snprintf(dev->card_fw_dir, sizeof(dev->card_fw_dir), "%s", fw.dir);
		dev->card_fw_key = fw.key;
		rc = ttrt_firmware_load_all(dev, fw.dir, err, sizeof(err));
	}
	if (rc) {
		snprintf(dev->launch_problem, sizeof(dev->launch_problem),
			 "programs need tt-metal's firmware on a card: %s; memory access works", err);
		return rc == -ENOMEM ? rc : 0;
	}
	dev->firmware_loaded = 1;
	ttrt_device_abi_match_firmware(dev);
	return 0;
}
