/* SPDX-License-Identifier: Apache-2.0
 *
 * What a waiting RISC waits on (ttrt_core_wait_reason): placeholder until
 * the diagnosis reads the hardware state.
 */
#include "ttrt.h"

int ttrt_core_wait_reason(struct ttrt_device *dev, struct ttrt_xy core, int risc, char *buf,
			  size_t len)
{
	(void)dev, (void)core, (void)risc;
	if (len)
		buf[0] = '\0';
	return 0;
}
