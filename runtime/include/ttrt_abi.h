/* SPDX-License-Identifier: Apache-2.0
 *
 * ABI profiles: every L1 address, mailbox offset and launch-message layout
 * the host uses to boot firmware and launch kernels, as data.
 *
 * tt-metal moves these between versions (the mailbox size, firmware
 * bases, kernel-config base, a 112-byte launch message with a u64
 * local_cb_mask, go-message offsets, 64 CBs). A host
 * that read them from #defines would write launch messages into the wrong
 * bytes of another firmware, so the host reads them from the device's
 * active profile (struct ttrt_abi): the built-in one for ttfs's own
 * firmware (runtime/abi/builtin.c, checked against tt/l1_map.h), or one
 * derived from a tt-metal tree (runtime/abi/derive.c), or one saved in a
 * file (`key = value` lines, the format of device/abi). docs/abi.md.
 */
#ifndef TTRT_ABI_H
#define TTRT_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How a profile derived from tt-metal headers finds a field's value
 * (runtime/abi/probe_source.c writes the probe source from these). */
enum ttrt_abi_derive {
	TTRT_ABI_D_MACRO,    /* a #define (or constexpr) of dev_mem_map.h: a */
	TTRT_ABI_D_DIFF,     /* macro a minus macro b */
	TTRT_ABI_D_OFFSET,   /* offsetof(a, b) */
	TTRT_ABI_D_LAUNCH,   /* offset of kernel_config.b in launch_msg_t */
	TTRT_ABI_D_LSIZE,    /* sizeof launch_msg_t's kernel_config.b */
	TTRT_ABI_D_SIZEOF,   /* sizeof(a) */
	TTRT_ABI_D_EXTENT,   /* element count of array member b of a */
	TTRT_ABI_D_FIXED,    /* not in the headers: the host's own choice */
	TTRT_ABI_D_MACRO_OPT, /* a #define or constant a; 0 for a tree without its header */
};

/*
 * The one table of profile fields: X(key, built-in value, how to derive,
 * a, b). The built-in value is the layout our firmware uses (the tt-metal
 * header snapshot of tt/l1_map.h), written as numbers so that builtin.c's
 * static_asserts against tt/l1_map.h compare two independent sources.
 * Offsets named mbox_* are from mailbox_base; launch_* from the start of
 * a launch message; go_* from the start of a go message.
 */
#define TTRT_ABI_FIELDS(X)                                                                   \
	/* L1 map */                                                                         \
	X(l1_size, 0x180000, MACRO, "MEM_L1_SIZE", NULL)                                    \
	X(boot_code_base, 0x0, MACRO, "MEM_BOOT_CODE_BASE", NULL)                           \
	X(mailbox_base, 0x60, MACRO, "MEM_MAILBOX_BASE", NULL)                              \
	X(mailbox_size, 12768, MACRO, "MEM_MAILBOX_SIZE", NULL)                             \
	X(brisc_fw_base, 0x3840, MACRO, "MEM_BRISC_FIRMWARE_BASE", NULL)                    \
	X(ncrisc_fw_base, 0x5440, MACRO, "MEM_NCRISC_FIRMWARE_BASE", NULL)                  \
	X(trisc0_fw_base, 0x5A40, MACRO, "MEM_TRISC0_FIRMWARE_BASE", NULL)                  \
	X(trisc1_fw_base, 0x6040, MACRO, "MEM_TRISC1_FIRMWARE_BASE", NULL)                  \
	X(trisc2_fw_base, 0x6640, MACRO, "MEM_TRISC2_FIRMWARE_BASE", NULL)                  \
	X(brisc_fw_size, 7168, MACRO, "MEM_BRISC_FIRMWARE_SIZE", NULL)                      \
	X(ncrisc_fw_size, 1536, MACRO, "MEM_NCRISC_FIRMWARE_SIZE", NULL)                    \
	X(trisc0_fw_size, 1536, MACRO, "MEM_TRISC0_FIRMWARE_SIZE", NULL)                    \
	X(trisc1_fw_size, 1536, MACRO, "MEM_TRISC1_FIRMWARE_SIZE", NULL)                    \
	X(trisc2_fw_size, 1536, MACRO, "MEM_TRISC2_FIRMWARE_SIZE", NULL)                    \
	X(local_base, 0xFFB00000, MACRO, "MEM_LOCAL_BASE", NULL)                            \
	X(brisc_local_size, 8192, MACRO, "MEM_BRISC_LOCAL_SIZE", NULL)                      \
	X(ncrisc_local_size, 8192, MACRO, "MEM_NCRISC_LOCAL_SIZE", NULL)                    \
	X(trisc_local_size, 4096, MACRO, "MEM_TRISC_LOCAL_SIZE", NULL)                      \
	X(brisc_init_scratch, 0x82B0, MACRO, "MEM_BRISC_INIT_LOCAL_L1_BASE_SCRATCH", NULL)  \
	X(ncrisc_init_scratch, 0xA2B0, MACRO, "MEM_NCRISC_INIT_LOCAL_L1_BASE_SCRATCH", NULL) \
	X(trisc0_init_scratch, 0xC2B0, MACRO, "MEM_TRISC0_INIT_LOCAL_L1_BASE_SCRATCH", NULL) \
	X(trisc1_init_scratch, 0xD2B0, MACRO, "MEM_TRISC1_INIT_LOCAL_L1_BASE_SCRATCH", NULL) \
	X(trisc2_init_scratch, 0xE2B0, MACRO, "MEM_TRISC2_INIT_LOCAL_L1_BASE_SCRATCH", NULL) \
	X(kernel_config_base, 0x82B0, MACRO, "MEM_MAP_END", NULL)                           \
	X(kernel_config_size, 0x9000, DIFF, "MEM_BANK_TO_NOC_SCRATCH", "MEM_MAP_END")       \
	X(bank_to_noc_base, 0x112B0, MACRO, "MEM_BANK_TO_NOC_SCRATCH", NULL)                \
	X(bank_to_noc_size, 2048, MACRO, "MEM_BANK_TO_NOC_SIZE", NULL)                      \
	X(data_buffer_base, 0x37000, FIXED, NULL, NULL)                                     \
	/* counts */                                                                         \
	X(num_circular_buffers, 32, MACRO, "NUM_CIRCULAR_BUFFERS", NULL)                    \
	/* the overlay stream whose registers count CB 0's pages: CB n's is    */          \
	/* n + this (stream_io_map.h's OPERAND_START_STREAM where a tree has    */          \
	/* it; our firmware: n)                                                 */          \
	X(cb_stream_base, 0, MACRO_OPT, "OPERAND_START_STREAM", NULL)                      \
	X(num_core_types, 3, EXTENT, "kernel_config_msg_t", "kernel_config_base")           \
	X(launch_ring_entries, 8, EXTENT, "mailboxes_t", "launch")                          \
	X(go_message_entries, 9, EXTENT, "mailboxes_t", "go_messages")                      \
	X(local_cb_config_size, 16, FIXED, NULL, NULL)                                      \
	X(remote_cb_config_size, 8, FIXED, NULL, NULL)                                      \
	/* mailboxes_t, from mailbox_base */                                                 \
	X(mbox_ncrisc_halt, 0x000, OFFSET, "mailboxes_t", "ncrisc_halt")                    \
	X(mbox_subordinate_sync, 0x008, OFFSET, "mailboxes_t", "subordinate_sync")          \
	X(mbox_launch_rd_ptr, 0x00C, OFFSET, "mailboxes_t", "launch_msg_rd_ptr")            \
	X(mbox_launch, 0x010, OFFSET, "mailboxes_t", "launch")                              \
	X(mbox_go_messages, 0x310, OFFSET, "mailboxes_t", "go_messages")                    \
	X(mbox_go_message_index, 0x340, OFFSET, "mailboxes_t", "go_message_index")          \
	/* launch_msg_t (kernel_config_msg_t) */                                             \
	X(launch_msg_size, 96, SIZEOF, "launch_msg_t", NULL)                                \
	X(launch_kernel_config_base, 0x00, LAUNCH, NULL, "kernel_config_base")              \
	X(launch_sem_offset, 0x0C, LAUNCH, NULL, "sem_offset")                              \
	X(launch_local_cb_offset, 0x12, LAUNCH, NULL, "local_cb_offset")                    \
	X(launch_remote_cb_offset, 0x14, LAUNCH, NULL, "remote_cb_offset")                  \
	X(launch_rta_offset, 0x16, LAUNCH, NULL, "rta_offset")                              \
	X(launch_mode, 0x2A, LAUNCH, NULL, "mode")                                          \
	X(launch_kernel_text_offset, 0x2C, LAUNCH, NULL, "kernel_text_offset")              \
	X(launch_local_cb_mask, 0x40, LAUNCH, NULL, "local_cb_mask")                        \
	X(launch_local_cb_mask_size, 4, LSIZE, NULL, "local_cb_mask")                       \
	X(launch_brisc_noc_id, 0x44, LAUNCH, NULL, "brisc_noc_id")                          \
	X(launch_brisc_noc_mode, 0x45, LAUNCH, NULL, "brisc_noc_mode")                      \
	X(launch_min_remote_cb_start_index, 0x46, LAUNCH, NULL, "min_remote_cb_start_index") \
	X(launch_exit_erisc_kernel, 0x47, LAUNCH, NULL, "exit_erisc_kernel")                \
	X(launch_host_assigned_id, 0x48, LAUNCH, NULL, "host_assigned_id")                  \
	X(launch_enables, 0x4C, LAUNCH, NULL, "enables")                                    \
	X(launch_watcher_kernel_ids, 0x50, LAUNCH, NULL, "watcher_kernel_ids")              \
	X(launch_ncrisc_kernel_size16, 0x5A, LAUNCH, NULL, "ncrisc_kernel_size16")          \
	X(launch_sub_device_origin_x, 0x5C, LAUNCH, NULL, "sub_device_origin_x")            \
	X(launch_sub_device_origin_y, 0x5D, LAUNCH, NULL, "sub_device_origin_y")            \
	X(launch_preload, 0x5F, LAUNCH, NULL, "preload")                                    \
	/* go_msg_t */                                                                       \
	X(go_msg_size, 4, SIZEOF, "go_msg_t", NULL)                                         \
	X(go_signal, 3, OFFSET, "go_msg_t", "signal")

enum ttrt_abi_field {
#define TTRT_ABI_ENUM(key, v, d, a, b) TTRT_ABI_##key,
	TTRT_ABI_FIELDS(TTRT_ABI_ENUM)
#undef TTRT_ABI_ENUM
	TTRT_ABI_NUM_FIELDS
};

#define TTRT_ABI_NAME_MAX     64
#define TTRT_ABI_SOURCE_MAX   4200
#define TTRT_ABI_COMMIT_MAX   64
#define TTRT_ABI_COMPILER_MAX 512
#define TTRT_ABI_FILES_MAX    4096

struct ttrt_abi {
	char name[TTRT_ABI_NAME_MAX];        /* "builtin", "derived", a file's name = */
	char source[TTRT_ABI_SOURCE_MAX];    /* "built-in", "derived from <dir>", "<file>" */
	char commit[TTRT_ABI_COMMIT_MAX];    /* tt-metal commit, "none" for built-in */
	/* A derived profile's provenance: the compiler and C++ library the
	 * probe was built with, and every file of the tree it read
	 * (relative to the tree, one per line, in the order the compiler
	 * opened them). Empty for the built-in profile. */
	char compiler[TTRT_ABI_COMPILER_MAX];
	char files[TTRT_ABI_FILES_MAX];
#define TTRT_ABI_MEMBER(key, v, d, a, b) uint32_t key;
	TTRT_ABI_FIELDS(TTRT_ABI_MEMBER)
#undef TTRT_ABI_MEMBER
	/* have[i]: field i has a value; a derived or loaded profile may lack
	 * some, and then it cannot launch (ttrt_abi_check). */
	uint8_t have[TTRT_ABI_NUM_FIELDS];
};

/* One field of the table, for code that iterates it. */
struct ttrt_abi_field_desc {
	const char *key;
	uint32_t builtin;
	enum ttrt_abi_derive derive;
	const char *a, *b;
	size_t member;                       /* offsetof(struct ttrt_abi, key) */
};
extern const struct ttrt_abi_field_desc ttrt_abi_fields[TTRT_ABI_NUM_FIELDS];

static inline uint32_t ttrt_abi_get(const struct ttrt_abi *abi, int field)
{
	return *(const uint32_t *)((const char *)abi + ttrt_abi_fields[field].member);
}

static inline void ttrt_abi_set(struct ttrt_abi *abi, int field, uint32_t value)
{
	*(uint32_t *)((char *)abi + ttrt_abi_fields[field].member) = value;
	abi->have[field] = 1;
}

/* The profile of ttfs's own firmware (tt/l1_map.h). Never fails. */
void ttrt_abi_builtin(struct ttrt_abi *out);
/* An empty profile: no field set. */
void ttrt_abi_clear(struct ttrt_abi *out, const char *name, const char *source);

/* "key = value" lines (name, source, tt_metal_commit, compiler and one
 * "file = " line per file of a derived profile, then every field in table
 * order; a missing field as "key = missing"). Caller frees *out. */
int ttrt_abi_render(const struct ttrt_abi *abi, char **out, size_t *len);
/* The reverse: reads text in that format. Unknown keys and malformed lines
 * are -EINVAL with "line N: ..." in err; fields absent stay missing. */
int ttrt_abi_parse(const char *text, size_t len, struct ttrt_abi *out, char *err,
		   size_t errlen);
int ttrt_abi_load_file(const char *path, struct ttrt_abi *out, char *err, size_t errlen);

/* Derive a profile from the tt-metal tree at tt_metal_home: find the
 * headers the probe needs where the tree keeps them (derive_tree.c), write
 * the probe (probe_source.c) into a fresh directory under work_dir and
 * compile it as tt-metal's build compiles BRISC firmware (its defines,
 * include paths and header order; derive_compile.c) with the SFPI
 * compiler when sfpi_path is set (NULL or "": not), else
 * riscv64-unknown-elf-g++, else the host g++, and read the constants from
 * the object. Nothing runs on the target. The profile is named "derived",
 * its source says the tree, its commit is the tree's
 * (ttrt_abi_tt_metal_commit), compiler and files say how and from what.
 * 0 even when some fields are missing (ttrt_abi_check names them);
 * -ENOENT when the tree lacks a header (err names it, where it was looked
 * for and what to do), -ENOEXEC when the probe does not compile (err: the
 * file, what it lacks and what to do, and where the compiler's output
 * was kept), or another -errno. */
int ttrt_abi_derive(const char *tt_metal_home, const char *sfpi_path, const char *work_dir,
		    struct ttrt_abi *out, char *err, size_t errlen);
/* The constants of a compiled probe (an ELF object) into out. */
int ttrt_abi_read_probe(const char *object, struct ttrt_abi *out, char *err, size_t errlen);
/* The commit of a tt-metal tree: .git/HEAD (following a ref and
 * packed-refs), else the first line of a VERSION file, else "unknown". */
void ttrt_abi_tt_metal_commit(const char *tt_metal_home, char *buf, size_t len);

/* Saved profiles shipped with ttfs (runtime/abi/profiles, installed in
 * $datadir/ttfs/abi), chosen by name: abi = tt-metal-2f3626c4. */
/* Whether s has the form of a saved profile's name (letters, digits,
 * '.', '-', '_'; not "builtin" or "derived"). */
int ttrt_abi_is_saved_name(const char *s);
/* The file of saved profile name into path: 0, or -ENOENT with the names
 * there are and where they were looked for in err. */
int ttrt_abi_saved_path(const char *name, char *path, size_t len, char *err, size_t errlen);

/* Whether the host can boot and launch with this profile: 0, or -EINVAL
 * with why not in err (the fields missing, a mask that is neither 32 nor 64
 * bits wide, a launch message that does not fit its ring slot ...). */
int ttrt_abi_check(const struct ttrt_abi *abi, char *err, size_t errlen);

/* ---- the launch message, independent of any layout ---- */

struct ttrt_rta_offset {
	uint16_t rta_offset;
	uint16_t crta_offset;
};

#define TTRT_ABI_MAX_CORE_TYPES 4
#define TTRT_ABI_PROCESSORS     5
#define TTRT_ABI_MAX_CBS        64
#define TTRT_ABI_MAX_LAUNCH_MSG 256

/* What a launch message says, whatever its byte layout. The firmware sees
 * it only through ttrt_abi_encode_launch. */
struct ttrt_launch {
	uint32_t kernel_config_base[TTRT_ABI_MAX_CORE_TYPES];
	uint16_t sem_offset[TTRT_ABI_MAX_CORE_TYPES];
	uint16_t local_cb_offset;
	uint16_t remote_cb_offset;
	struct ttrt_rta_offset rta_offset[TTRT_ABI_PROCESSORS];
	uint8_t mode;
	uint32_t kernel_text_offset[TTRT_ABI_PROCESSORS];
	uint64_t local_cb_mask;
	uint8_t brisc_noc_id;
	uint8_t brisc_noc_mode;
	uint8_t min_remote_cb_start_index;
	uint8_t exit_erisc_kernel;
	uint32_t host_assigned_id;
	uint32_t enables;
	uint16_t watcher_kernel_ids[TTRT_ABI_PROCESSORS];
	uint16_t ncrisc_kernel_size16;
	uint8_t sub_device_origin_x;
	uint8_t sub_device_origin_y;
	uint8_t preload;
};

/* Lays msg out in abi's launch_msg_t: launch_msg_size bytes in buf (at
 * most TTRT_ABI_MAX_LAUNCH_MSG), little-endian, unused bytes zero.
 * -EINVAL for a profile that fails ttrt_abi_check, or a CB mask wider
 * than the profile's. */
int ttrt_abi_encode_launch(const struct ttrt_abi *abi, const struct ttrt_launch *msg,
			   uint8_t *buf, size_t buflen);
/* The reverse, from launch_msg_size bytes. */
int ttrt_abi_decode_launch(const struct ttrt_abi *abi, const uint8_t *buf, size_t len,
			   struct ttrt_launch *msg);

/* Absolute L1 addresses of the mailbox parts the host writes and polls. */
static inline uint32_t ttrt_abi_launch_addr(const struct ttrt_abi *abi, uint32_t slot)
{
	return abi->mailbox_base + abi->mbox_launch + slot * abi->launch_msg_size;
}
static inline uint32_t ttrt_abi_go_addr(const struct ttrt_abi *abi, uint32_t index)
{
	return abi->mailbox_base + abi->mbox_go_messages + index * abi->go_msg_size;
}
static inline uint32_t ttrt_abi_go_signal_addr(const struct ttrt_abi *abi, uint32_t index)
{
	return ttrt_abi_go_addr(abi, index) + abi->go_signal;
}
static inline uint32_t ttrt_abi_mbox_addr(const struct ttrt_abi *abi, uint32_t mbox_offset)
{
	return abi->mailbox_base + mbox_offset;
}

#ifdef __cplusplus
}
#endif

#endif /* TTRT_ABI_H */
