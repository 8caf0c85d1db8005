/* SPDX-License-Identifier: Apache-2.0
 *
 * The ABI profile of an open device: which one the config asks for, and
 * whether the host may boot and launch with it. A profile that cannot be
 * had, lacks fields, or does not describe the firmware that would run
 * never leads to a launch with guessed offsets: the device opens for
 * memory access and launch_problem says why programs cannot run.
 */
#include "runtime_internal.h"
#include "program/build/card_build.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static void set_problem(struct ttrt_device *dev, const char *why)
{
	snprintf(dev->launch_problem, sizeof(dev->launch_problem), "%s", why);
}

/* ttfs's firmware runs on the simulator, and through the kmd backend only
 * when firmware_dir is given explicitly (the simulated tt-kmd of the
 * tests, or an experiment on a card): a card's firmware is tt-metal's. */
int ttrt_device_needs_firmware(const struct ttrt_device *dev)
{
	return dev->cfg.backend != TTRT_BACKEND_KMD ||
	       dev->cfg.origin_line[TTRT_CFG_FIRMWARE_DIR] != TTRT_CFG_FROM_DEFAULT;
}

/* A card runs tt-metal's firmware, built from tt_metal_home with the SFPI
 * toolchain (reference/kernel-api.md §3): with both, and nothing of the
 * recipe missing, card_build is set and device_card.c builds and boots
 * it; otherwise nothing can be booted or launched, but L1, DRAM and
 * registers can still be read. */
static void check_card_setup(struct ttrt_device *dev)
{
	const struct card_paths paths = { dev->cfg.tt_metal_home, dev->cfg.sfpi_path };
	char why[1024], err[700];

	if (ttrt_device_needs_firmware(dev))
		return;   /* ttfs's own firmware: checked against the profile at load */
	if (dev->cfg.tt_metal_home[0] && dev->cfg.sfpi_path[0]) {
		/* Both are set: say what a card build still lacks, if anything. */
		if (card_build_check(&paths, err, sizeof(err))) {
			snprintf(why, sizeof(why), "programs need tt-metal's firmware on a card: %s", err);
			set_problem(dev, why);
		} else {
			dev->card_build = 1;   /* device_card.c builds and boots it */
		}
		return;
	}
	snprintf(why, sizeof(why),
		 "programs need tt-metal's firmware on a card: set %s%s%s in the INI file or with -o (docs/hardware.md, docs/abi.md); memory access works without them",
		 dev->cfg.tt_metal_home[0] ? "" : "tt_metal_home",
		 !dev->cfg.tt_metal_home[0] && !dev->cfg.sfpi_path[0] ? " and " : "",
		 dev->cfg.sfpi_path[0] ? "" : "sfpi_path");
	set_problem(dev, why);
}

static int load_profile(struct ttrt_device *dev, char *err, size_t errlen)
{
	const struct ttrt_config *cfg = &dev->cfg;
	char work[TTRT_PATH_MAX];

	/* A card runs tt-metal's firmware: unless abi= says otherwise, its
	 * profile comes from the tt-metal tree it was built from. */
	if (!ttrt_device_needs_firmware(dev) && cfg->tt_metal_home[0] &&
	    cfg->origin_line[TTRT_CFG_ABI] == TTRT_CFG_FROM_DEFAULT)
		return ttrt_abi_derive(cfg->tt_metal_home, cfg->sfpi_path, cfg->cache_dir, &dev->abi,
				       err, errlen);
	if (strcmp(cfg->abi, "builtin") == 0 || cfg->abi[0] == '\0') {
		ttrt_abi_builtin(&dev->abi);
		return 0;
	}
	if (strcmp(cfg->abi, "derived") == 0) {
		if (!cfg->tt_metal_home[0]) {
			ttrt_abi_clear(&dev->abi, "derived", "derived from (no tt_metal_home)");
			ttrt_set_err(err, errlen,
				     "abi = derived needs tt_metal_home, the tt-metal tree to derive the profile from");
			return -EINVAL;
		}
		snprintf(work, sizeof(work), "%s", cfg->cache_dir);
		return ttrt_abi_derive(cfg->tt_metal_home, cfg->sfpi_path, work, &dev->abi, err,
				       errlen);
	}
	return ttrt_abi_load_file(cfg->abi, &dev->abi, err, errlen);
}

int ttrt_device_abi_init(struct ttrt_device *dev)
{
	char err[1024] = "", why[1200];
	int rc = load_profile(dev, err, sizeof(err));

	if (rc == -ENOMEM)
		return rc;
	if (rc) {
		snprintf(why, sizeof(why), "no usable ABI profile: %s", err);
		set_problem(dev, why);
	} else if (ttrt_abi_check(&dev->abi, err, sizeof(err))) {
		set_problem(dev, err);
	}
	if (!dev->launch_problem[0])
		check_card_setup(dev);
	return 0;
}

void ttrt_device_abi_match_firmware(struct ttrt_device *dev)
{
	const uint32_t bases[TTRT_NUM_RISCS] = {
		dev->abi.brisc_fw_base, dev->abi.ncrisc_fw_base, dev->abi.trisc0_fw_base,
		dev->abi.trisc1_fw_base, dev->abi.trisc2_fw_base,
	};
	char why[1024];

	if (dev->launch_problem[0] || !dev->firmware_loaded)
		return;
	for (int r = 0; r < TTRT_NUM_RISCS; r++) {
		if (dev->firmware[r].text_base == bases[r])
			continue;
		snprintf(why, sizeof(why),
			 "the ABI profile '%s' (%.200s, tt-metal %s) does not match the firmware: it puts %s firmware at 0x%x, but %.300s/%s.elf starts at 0x%x; the firmware was not started, so programs cannot run (memory access works)",
			 dev->abi.name, dev->abi.source, dev->abi.commit, ttrt_risc_names[r], bases[r],
			 dev->firmware_from, ttrt_risc_names[r], dev->firmware[r].text_base);
		set_problem(dev, why);
		return;
	}
}

const struct ttrt_abi *ttrt_device_abi(const struct ttrt_device *dev)
{
	return &dev->abi;
}

const char *ttrt_device_launch_problem(const struct ttrt_device *dev)
{
	return dev->launch_problem[0] ? dev->launch_problem : NULL;
}
