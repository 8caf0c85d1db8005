/* SPDX-License-Identifier: Apache-2.0 */
#ifndef TTFS_COORD_NAMES_H
#define TTFS_COORD_NAMES_H

#include "ttrt.h"

#define COORD_NAME_MAX 16

int coord_parse(const char *name, char sep, struct ttrt_xy *xy);
void coord_format(char *buf, size_t len, char sep, struct ttrt_xy xy);

#endif
