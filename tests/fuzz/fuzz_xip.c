/* SPDX-License-Identifier: Apache-2.0
 *
 * libFuzzer target for the kernel ELF loader and the packer: the input is
 * a kernel ELF. A refused one comes back empty with a message; an accepted
 * image is whole (size a multiple of 4, entry inside), and packed on BRISC
 * its bytes are where the launch message says, or packing refuses it with
 * a reason.
 */
#include "program/pack/pack.h"
#include "fuzz_input.h"

#include <errno.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pack_xip x;
	struct pack_input in = { .min_remote_cb_start_index = 32 };
	struct pack_output out;
	char err[512] = "";
	int rc = pack_xip_from_elf(data, size, "k.elf", &x, err, sizeof(err));

	if (rc) {
		FUZZ_CHECK(rc == -ENOEXEC || rc == -ENOMEM);
		FUZZ_CHECK(x.image == NULL && x.size == 0);
		FUZZ_CHECK(strncmp(err, "k.elf: ", 7) == 0);
		return 0;
	}
	FUZZ_CHECK(x.image && x.size && x.size % 4 == 0 && x.size <= PACK_XIP_MAX_SIZE + 4);
	FUZZ_CHECK(x.entry_offset < x.size && x.n_segments >= 1);
	FUZZ_CHECK(x.n_copies <= PACK_XIP_MAX_COPIES);
	in.kernel[PACK_BRISC] = &x;
	in.rta_words[PACK_SLOT_BRISC] = 3;
	in.local_cb_mask = 1;
	rc = pack_kernel_config(&in, &out, err, sizeof(err));
	if (rc == 0) {
		FUZZ_CHECK(x.n_copies == 0);
		FUZZ_CHECK(out.size <= TT_MEM_BANK_TO_NOC_SCRATCH - TT_KERNEL_CONFIG_BASE);
		FUZZ_CHECK(out.launch.kernel_text_offset[PACK_BRISC] ==
			   out.image_offset[PACK_BRISC] + x.entry_offset);
		FUZZ_CHECK(out.image_offset[PACK_BRISC] % 16 == 0);
		FUZZ_CHECK(memcmp(out.config + out.image_offset[PACK_BRISC], x.image, x.size) == 0);
		pack_output_free(&out);
	} else {
		FUZZ_CHECK(rc == -ENOSPC || rc == -EINVAL || rc == -ENOMEM);
		FUZZ_CHECK(err[0] != '\0');
	}
	pack_xip_free(&x);
	return 0;
}
