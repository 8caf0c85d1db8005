/* SPDX-License-Identifier: Apache-2.0
 *
 * Pack: kernel ELFs into execute-in-place images (xip.c), and those images,
 * the runtime args and the circular-buffer table into a kernel-config
 * buffer per kernel group with the launch message that describes it
 * (pack.c). Pure
 * functions: bytes in, bytes out; nothing here touches a device. The
 * layout is described in docs/architecture.md ("Packing a program").
 */
#ifndef TTRT_PROGRAM_PACK_H
#define TTRT_PROGRAM_PACK_H

#include "tt/l1_map.h"   /* struct tt_local_cb_config: the same in every version */
#include "ttrt_abi.h"

#include <stddef.h>
#include <stdint.h>

/* RISCs in launch-message order. */
enum pack_risc {
	PACK_BRISC,
	PACK_NCRISC,
	PACK_TRISC0,
	PACK_TRISC1,
	PACK_TRISC2,
	PACK_NUM_RISCS
};

/* Runtime args belong to a kernel: BRISC's, NCRISC's, and the compute
 * kernel's, which its three TRISCs share. */
enum pack_slot {
	PACK_SLOT_BRISC,
	PACK_SLOT_NCRISC,
	PACK_SLOT_COMPUTE,
	PACK_NUM_SLOTS
};

#define PACK_XIP_MAX_SIZE   (1u << 20)   /* larger than any kernel-config buffer */
#define PACK_XIP_MAX_COPIES 4
#define PACK_MAX_RTA_WORDS  341
#define PACK_MAX_SEMAPHORES 16

/* A segment whose run-time address (VMA) is not where it sits in the image
 * (LMA): its bytes must be copied to vaddr before the kernel runs, the
 * rest up to memsz zeroed. ttfs's firmware runs kernels in place and
 * copies nothing, so pack_kernel_config refuses images that need this. */
struct pack_xip_copy {
	uint32_t image_offset;
	uint32_t vaddr;
	uint32_t filesz;
	uint32_t memsz;
};

/* The image of a kernel's PT_LOAD segments, laid out by load address from
 * the lowest one: gaps and .bss are zeros, the size is a multiple of 4. */
struct pack_xip {
	uint8_t *image;
	uint32_t size;
	uint32_t link_base;      /* load address of image byte 0 */
	uint32_t entry_offset;   /* e_entry - link_base */
	uint32_t n_segments;
	uint32_t relocs_checked;  /* it had relocations (--emit-relocs): position independence checked */
	uint32_t n_copies;
	struct pack_xip_copy copies[PACK_XIP_MAX_COPIES];
};

/* Reads a 32-bit little-endian RISC-V executable from memory. If it was
 * linked with --emit-relocs, an absolute reference into the image (which
 * moves) is refused. name prefixes error messages. 0, -ENOEXEC (not a kernel we can place; the
 * reason in err) or -ENOMEM. */
int pack_xip_from_elf(const void *elf, size_t len, const char *name, struct pack_xip *out,
		      char *err, size_t errlen);
void pack_xip_free(struct pack_xip *xip);

/* One remote circular-buffer config entry (8 bytes). */
struct pack_remote_cb {
	uint32_t config_address;
	uint32_t page_size;
};

/* ---- a program: kernel groups -------------------------------------------- */

/* One kernel group (tt-metal's KernelGroup): the kernels that run
 * together on some cores, one image of the kernel-config buffer for all
 * of them. */
struct pack_group {
	/* Unique runtime args: room for the most any of its cores gets. */
	uint32_t rta_words[PACK_NUM_SLOTS];
	/* Common runtime args, the same on every core. */
	const uint32_t *crta[PACK_NUM_SLOTS];
	uint32_t crta_words[PACK_NUM_SLOTS];
	const struct pack_xip *kernel[PACK_NUM_RISCS];   /* NULL: the RISC stays idle */
	uint8_t brisc_noc_id;
	uint64_t local_cb_mask;             /* the CBs of any of its cores */
};

struct pack_program {
	/* The layout to pack for (launch message, CB count, kernel-config
	 * area); NULL: the built-in profile. */
	const struct ttrt_abi *abi;
	uint32_t kernel_config_base;        /* 0: the profile's */
	uint32_t max_size;                  /* 0: the profile's kernel_config_size */
	const struct pack_group *groups;
	uint32_t n_groups;
	uint32_t n_semaphores;              /* room: the highest id + 1 */
	/* The profile's CB count (32, or 64 in newer tt-metal) or 0 (both
	 * mean none): no remote CBs. */
	uint32_t min_remote_cb_start_index;
	struct pack_remote_cb remote_cb[TTRT_ABI_MAX_CBS];
	uint32_t host_assigned_id;
};

/* A group's image: the whole buffer as its cores get it, with unique
 * args, CB configs and semaphores zero (pack_write_core fills them). */
struct pack_group_out {
	uint8_t *config;
	uint32_t size;
	uint32_t rta_offset[PACK_NUM_SLOTS];
	uint32_t rta_words[PACK_NUM_SLOTS];
	uint32_t crta_offset[PACK_NUM_SLOTS];
	uint32_t image_offset[PACK_NUM_RISCS];   /* where each image starts, 0 if none */
	struct ttrt_launch launch;   /* laid out by ttrt_abi_encode_launch */
};

/* The layout shared by every group (tt-metal's program-wide offsets). */
struct pack_program_out {
	uint32_t sem_offset;
	uint32_t n_semaphores;
	uint32_t local_cb_offset;
	uint32_t n_local_cbs;         /* entries of the CB config array */
	uint32_t local_cb_config_size;
	uint32_t remote_cb_offset;
	uint32_t text_offset;         /* where every group's images start */
	uint32_t size;                /* the largest group's */
	struct pack_group_out *groups;
	uint32_t n_groups;
};

/* Lays out the kernel-config buffer of every group as tt-metal does
 * (program-model.md §2.2): unique args per group, then common args,
 * semaphores and CB configs at offsets every group shares, then each
 * group's images from one offset. 0, -EINVAL (bad input), -ENOSPC (does
 * not fit; the reason in err) or -ENOMEM. */
int pack_program(const struct pack_program *in, struct pack_program_out *out, char *err,
		 size_t errlen);
void pack_program_free(struct pack_program_out *out);

/* What one core of a group gets on top of the group's image. */
struct pack_core {
	const uint32_t *args[PACK_NUM_SLOTS];   /* its unique args; may be NULL when n is 0 */
	uint32_t n[PACK_NUM_SLOTS];
	const struct tt_local_cb_config *local_cb;   /* [n_local_cbs], or NULL: none */
	const uint32_t *semaphores;                  /* [n_semaphores], or NULL: all 0 */
};

/* buf (out->groups[group].size bytes) becomes the group's image with the
 * core's args, CB configs and semaphores. -EINVAL if an args count
 * exceeds the room made for it. */
int pack_write_core(const struct pack_program_out *out, uint32_t group,
		    const struct pack_core *core, uint8_t *buf);

/* ---- one group with its CBs and semaphores --------------------------------- */

/* All cores alike: one group, and the CB configs and semaphores in the
 * image itself. */
struct pack_input {
	const struct ttrt_abi *abi;
	uint32_t kernel_config_base;        /* 0: the profile's */
	uint32_t max_size;                  /* 0: the profile's kernel_config_size */
	/* Unique runtime args: room for the most any core gets. */
	uint32_t rta_words[PACK_NUM_SLOTS];
	/* Common runtime args, the same on every core. */
	const uint32_t *crta[PACK_NUM_SLOTS];
	uint32_t crta_words[PACK_NUM_SLOTS];
	/* Semaphores, 16 bytes apart, with their initial values. */
	const uint32_t *semaphores;
	uint32_t n_semaphores;
	uint64_t local_cb_mask;             /* bit n: local_cb[n] is used */
	struct tt_local_cb_config local_cb[TTRT_ABI_MAX_CBS];
	uint32_t min_remote_cb_start_index;
	struct pack_remote_cb remote_cb[TTRT_ABI_MAX_CBS];
	const struct pack_xip *kernel[PACK_NUM_RISCS];   /* NULL: the RISC stays idle */
	uint8_t brisc_noc_id;
	uint32_t host_assigned_id;
};

struct pack_output {
	uint8_t *config;      /* the whole kernel-config buffer; unique args zero */
	uint32_t size;
	uint32_t rta_offset[PACK_NUM_SLOTS];
	uint32_t rta_words[PACK_NUM_SLOTS];
	uint32_t crta_offset[PACK_NUM_SLOTS];
	uint32_t sem_offset;
	uint32_t local_cb_offset;
	uint32_t remote_cb_offset;
	uint32_t image_offset[PACK_NUM_RISCS];   /* where each image starts, 0 if none */
	struct ttrt_launch launch;   /* laid out by ttrt_abi_encode_launch */
};

/* pack_program for one group, the CB configs and semaphores written in.
 * 0, -EINVAL, -ENOSPC or -ENOMEM. */
int pack_kernel_config(const struct pack_input *in, struct pack_output *out, char *err,
		       size_t errlen);
/* Writes one core's unique runtime args into buf, a copy of out->config;
 * args[slot] may be NULL when n[slot] is 0. -EINVAL if a count exceeds
 * the room made for that slot. */
int pack_write_rta(const struct pack_output *out, uint8_t *buf,
		   const uint32_t *const args[PACK_NUM_SLOTS], const uint32_t n[PACK_NUM_SLOTS]);
void pack_output_free(struct pack_output *out);

#endif /* TTRT_PROGRAM_PACK_H */
