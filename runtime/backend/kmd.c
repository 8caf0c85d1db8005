/* SPDX-License-Identifier: Apache-2.0
 *
 * The kmd backend (tt-kmd ioctls and TLB windows) is not written yet: it
 * refuses to open with a clear reason rather than pretend to be a card.
 */
#include "backend.h"
#include "runtime_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int ttrt_kmd_backend_open(const struct ttrt_config *cfg, struct ttrt_backend **out,
			  char *err, size_t errlen)
{
	int fd = open(cfg->device_path, O_RDWR | O_CLOEXEC);

	(void)out;
	if (fd < 0) {
		int e = errno;
		ttrt_set_err(err, errlen, "%s: %s", cfg->device_path, strerror(e));
		return -e;
	}
	close(fd);
	ttrt_set_err(err, errlen, "%s: the kmd backend is not implemented yet; use backend=sim",
		     cfg->device_path);
	return -ENOSYS;
}
