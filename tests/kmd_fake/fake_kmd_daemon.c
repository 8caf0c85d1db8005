/* SPDX-License-Identifier: Apache-2.0
 *
 * Linked into ttfs-fakekmd, the test build of the daemon: before main,
 * install the simulated tt-kmd with the options of $TTFS_FAKE_KMD, so
 * `ttfs-fakekmd -o device=/dev/tenstorrent/0 MNT` runs the real kmd
 * backend against it. The shipped ttfs has none of this.
 */
#include "fake_kmd.h"

#include <stdio.h>
#include <stdlib.h>

__attribute__((constructor)) static void fake_kmd_daemon_init(void)
{
	if (fake_kmd_configure(getenv("TTFS_FAKE_KMD")) != 0) {
		fprintf(stderr, "ttfs-fakekmd: bad TTFS_FAKE_KMD\n");
		exit(2);
	}
	fake_kmd_install();
}
