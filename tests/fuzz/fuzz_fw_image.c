/* SPDX-License-Identifier: Apache-2.0
 *
 * libFuzzer target for the firmware/kernel ELF loader: any bytes go to
 * fw_image_load(), which must either refuse them with an error message or
 * return at most FW_MAX_SEGMENTS readable, bounded segments, and never crash
 * or leak (ASan, UBSan and LeakSanitizer watch every run).
 */
#include "device/firmware_image.h"
#include "fuzz_input.h"

#include <errno.h>
#include <string.h>

static struct fuzz_file input;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fw_image img;
	char err[256];
	int rc;

	fuzz_file_put(&input, "fuzz_fw_image", data, size);
	memset(err, 0, sizeof(err));
	rc = fw_image_load(input.path, &img, err, sizeof(err));
	FUZZ_CHECK(memchr(err, '\0', sizeof(err)) != NULL);
	if (rc != 0) {
		FUZZ_CHECK(rc < 0);
		/* A refused image is left empty, nothing to free. */
		FUZZ_CHECK(img.nseg == 0);
		FUZZ_CHECK(rc == -ENOMEM || err[0] != '\0');
	} else {
		uint8_t sum = 0;

		FUZZ_CHECK(img.nseg >= 1 && img.nseg <= FW_MAX_SEGMENTS);
		FUZZ_CHECK(img.text_base == img.seg[0].paddr);
		for (int i = 0; i < img.nseg; i++) {
			const struct fw_segment *s = &img.seg[i];

			FUZZ_CHECK(s->data != NULL);
			FUZZ_CHECK(s->memsz > 0 && s->memsz <= (1u << 21));
			/* Every byte up to memsz is there (ASan checks). */
			for (uint32_t j = 0; j < s->memsz; j += 64)
				sum ^= s->data[j];
			sum ^= s->data[s->memsz - 1];
		}
		(void)sum;
	}
	fw_image_free(&img);
	FUZZ_CHECK(img.nseg == 0);
	return 0;
}
