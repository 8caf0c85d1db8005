/* SPDX-License-Identifier: Apache-2.0
 *
 * Core lists for the views (core_list.h).
 */
#include "render/core_list.h"

void render_core_list(struct strbuf *sb, const struct ttrt_xy *cores, uint32_t n)
{
	for (uint32_t i = 0; i < n;) {
		uint32_t j = i;

		while (j + 1 < n && cores[j + 1].y == cores[i].y && cores[j + 1].x == cores[j].x + 1)
			j++;
		strbuf_printf(sb, "%s", i ? " " : "");
		if (j > i)
			strbuf_printf(sb, "%u-%u,%u", cores[i].x, cores[j].x, cores[i].y);
		else
			strbuf_printf(sb, "%u,%u", cores[i].x, cores[i].y);
		i = j + 1;
	}
}
