/* SPDX-License-Identifier: Apache-2.0
 *
 * A list of logical cores as the args write them: runs of x on one row
 * as a range, "0,0 1-3,0 5,1" (core_list.c).
 */
#ifndef TTRT_RENDER_CORE_LIST_H
#define TTRT_RENDER_CORE_LIST_H

#include "strbuf.h"
#include "ttrt.h"

#include <stdint.h>

/* Appends the cores, in the order given, each run of consecutive x with
 * one y as X0-X1,Y. */
void render_core_list(struct strbuf *sb, const struct ttrt_xy *cores, uint32_t n);

#endif /* TTRT_RENDER_CORE_LIST_H */
