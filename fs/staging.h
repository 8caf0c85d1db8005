/* SPDX-License-Identifier: Apache-2.0 */
#ifndef TTFS_STAGING_H
#define TTFS_STAGING_H

#include <stddef.h>

/* This thread's staging buffer of at least size bytes, valid until the
 * thread's next call; NULL when out of memory. */
void *staging_get(size_t size);

#endif
