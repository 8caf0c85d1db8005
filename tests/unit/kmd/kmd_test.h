/* SPDX-License-Identifier: Apache-2.0
 *
 * Shared by the kmd backend's unit tests: open the backend against the
 * simulated tt-kmd (tests/kmd_fake), with options for the fake.
 */
#ifndef TTFS_KMD_TEST_H
#define TTFS_KMD_TEST_H

#include "backend.h"
#include "fake_kmd.h"
#include "ttrt.h"

#include <stdio.h>
#include <string.h>

/* Open the kmd backend on /dev/tenstorrent/0 after applying spec (faults,
 * options) to a fake reset to defaults. err gets the backend's message. */
static inline int kmd_test_open(const char *spec, struct ttrt_backend **be, char *err,
				size_t errlen)
{
	struct ttrt_config cfg;

	fake_kmd_reset_faults();
	if (fake_kmd_configure(spec) != 0)
		return -999;
	ttrt_config_defaults(&cfg);
	snprintf(cfg.device_path, sizeof(cfg.device_path), "/dev/tenstorrent/0");
	cfg.backend = TTRT_BACKEND_KMD;
	err[0] = '\0';
	return ttrt_kmd_backend_open(&cfg, be, err, errlen);
}

#endif
