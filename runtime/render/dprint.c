/* SPDX-License-Identifier: Apache-2.0
 *
 * The text of cores/<x>,<y>/dprint: what the core's five RISCs printed
 * (DPRINT rings in L1, runtime/device/dprint.c), grouped by RISC in the order
 * brisc, ncrisc, trisc0..2, every line prefixed with "<risc>: ". Reading
 * does not consume: the rings' read marks stay, so the same text shows
 * until the kernels print more (or a launch clears the rings).
 */
#include "strbuf.h"
#include "ttrt.h"

#include <stdlib.h>

/* One RISC's text, a prefix on every line; a last line without its
 * newline gets one, so the next RISC starts on a line of its own. */
static void add_risc(struct strbuf *sb, int risc, const char *text, size_t len, uint32_t lost)
{
	const char *name = ttrt_risc_names[risc];
	size_t i = 0;

	if (lost)
		strbuf_printf(sb, "%s: [%u bytes lost]\n", name, lost);
	while (i < len) {
		size_t start = i;
		while (i < len && text[i] != '\n')
			i++;
		strbuf_printf(sb, "%s: %.*s\n", name, (int)(i - start), text + start);
		i++;
	}
}

int ttrt_render_dprint(struct ttrt_device *dev, struct ttrt_xy core, char **out, size_t *len)
{
	struct strbuf sb = { 0 };

	for (int r = 0; r < TTRT_NUM_RISCS; r++) {
		char *text;
		size_t n;
		uint32_t lost;
		int rc = ttrt_dprint_read(dev, core, r, &text, &n, &lost);
		if (rc) {
			free(sb.data);
			return rc;
		}
		add_risc(&sb, r, text, n, lost);
		free(text);
	}
	return strbuf_finish(&sb, out, len);
}
