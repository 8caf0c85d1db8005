/* SPDX-License-Identifier: Apache-2.0
 *
 * Coordinate names: "x,y" for logical cores (as tt-exalens spells them) and
 * "X-Y" for NOC0 endpoints. Parsing is strict: no signs, spaces or leading
 * zeros, so every directory has exactly one name.
 */
#include "coord_names.h"

#include <stdio.h>

static const char *parse_small_uint(const char *p, unsigned *out)
{
	unsigned v = 0;
	int digits = 0;

	if (p[0] == '0' && p[1] >= '0' && p[1] <= '9')
		return NULL;
	while (*p >= '0' && *p <= '9' && digits < 3) {
		v = v * 10 + (unsigned)(*p - '0');
		p++;
		digits++;
	}
	if (digits == 0)
		return NULL;
	*out = v;
	return p;
}

int coord_parse(const char *name, char sep, struct ttrt_xy *xy)
{
	unsigned x, y;
	const char *p = parse_small_uint(name, &x);

	if (!p || *p != sep)
		return -1;
	p = parse_small_uint(p + 1, &y);
	if (!p || *p != '\0' || x > 255 || y > 255)
		return -1;
	xy->x = (uint8_t)x;
	xy->y = (uint8_t)y;
	return 0;
}

void coord_format(char *buf, size_t len, char sep, struct ttrt_xy xy)
{
	snprintf(buf, len, "%u%c%u", xy.x, sep, xy.y);
}
