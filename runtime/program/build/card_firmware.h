/* SPDX-License-Identifier: Apache-2.0
 *
 * tt-metal's firmware for a card, built from tt_metal_home with the SFPI
 * toolchain by tt-metal's recipe (card_build.h): compile, link and weaken
 * for each of the five RISCs, into the cache, content-addressed like
 * kernel builds. docs/abi.md, "Programs on a card".
 */
#ifndef TTRT_PROGRAM_CARD_FIRMWARE_H
#define TTRT_PROGRAM_CARD_FIRMWARE_H

#include "program/build/card_build.h"

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

struct card_fw_build {
	/* <cache_dir>/card-fw-<key>: brisc.elf .. trisc2.elf (to boot),
	 * brisc_weakened.elf .. (to link kernels against), build.log. */
	char dir[PATH_MAX];
	uint64_t key;      /* toolchain, tree commit, tt-metal's firmware sources, argv */
	bool cache_hit;    /* nothing was compiled */
};

/* Builds (or finds in the cache) the firmware. commit: the tree's
 * (ttrt_abi commit), part of the key. 0, or -errno with the reason in
 * err: a step that failed names its first error and the log, kept as
 * <cache_dir>/card-fw-<key>.log. */
int card_firmware_build(const struct card_paths *p, const char *commit, const char *cache_dir,
			struct card_fw_build *out, char *err, size_t errlen);

#endif /* TTRT_PROGRAM_CARD_FIRMWARE_H */
