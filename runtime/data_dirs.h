/* SPDX-License-Identifier: Apache-2.0
 *
 * Where ttfs's own data is at run time: the kernel SDK, the firmware
 * headers kernels include, the simulator's firmware and the saved ABI
 * profiles. They are found
 * from the running executable, so an installed tree can be moved and a
 * build tree works uninstalled (docs/install.md, "Relocation").
 */
#ifndef TTRT_DATA_DIRS_H
#define TTRT_DATA_DIRS_H

#include "ttrt.h"

struct ttrt_data_dirs {
	char sdk[TTRT_PATH_MAX];        /* PREFIX/share/ttfs/sdk: runtime/kernel */
	char include[TTRT_PATH_MAX];    /* PREFIX/share/ttfs/include: tt/fw_abi.h ... */
	char firmware[TTRT_PATH_MAX];   /* PREFIX/lib/ttfs/firmware: brisc.elf ... */
	char abi[TTRT_PATH_MAX];        /* PREFIX/share/ttfs/abi: the saved ABI profiles */
};

/* PREFIX is the nearest directory above the executable's own (at most
 * three levels up: bin/ttfs installed, fs/ttfs or tests/unit/x in a build
 * tree) that holds share/ttfs/sdk/prelude.h, else the install prefix
 * compiled in. Found once; the same answer for every thread. */
const struct ttrt_data_dirs *ttrt_data_dirs(void);

#endif /* TTRT_DATA_DIRS_H */
