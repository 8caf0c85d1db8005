/* SPDX-License-Identifier: Apache-2.0
 *
 * The tt-kmd ioctl ABI the kmd backend uses (API version 2, tt-kmd 2.x),
 * written from reference/blackhole-abi.md §1: request numbers, and the
 * argument structs with every size and offset checked by static_assert
 * against the table there, so a layout slip fails the build, not a card.
 *
 * Every request is _IO(0xFA, nr) with no size bits; the argument is one
 * struct {in; out;}. Shared by the backend and the simulated tt-kmd of
 * the tests (tests/kmd_fake), which must answer with the same bytes.
 */
#ifndef TTRT_KMD_ABI_H
#define TTRT_KMD_ABI_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#define KMD_IOCTL_MAGIC 0xFAu
#define KMD_IOCTL(nr) ((unsigned long)((KMD_IOCTL_MAGIC << 8) | (nr)))

#define KMD_GET_DEVICE_INFO   KMD_IOCTL(0)
#define KMD_QUERY_MAPPINGS    KMD_IOCTL(2)
#define KMD_GET_DRIVER_INFO   KMD_IOCTL(5)
#define KMD_RESET_DEVICE      KMD_IOCTL(6)
#define KMD_ALLOCATE_TLB      KMD_IOCTL(11)
#define KMD_FREE_TLB          KMD_IOCTL(12)
#define KMD_CONFIGURE_TLB     KMD_IOCTL(13)
#define KMD_SET_POWER_STATE   KMD_IOCTL(15)

/* The ioctl API version this backend speaks (GET_DRIVER_INFO.driver_version). */
#define KMD_API_VERSION 2u

#define KMD_VENDOR_TENSTORRENT 0x1E52u
#define KMD_DEVICE_BLACKHOLE   0xB140u

#define KMD_TLB_2M        (2ull << 20)
#define KMD_TLB_ORDER_RELAXED 0
#define KMD_TLB_ORDER_STRICT  1
#define KMD_TLB_ORDER_POSTED  2

/* Fixed mmap offsets (KMD memory.c): BAR mappings, then TLB windows. */
#define KMD_MMAP_TLB_UC (6ull << 36)
#define KMD_MMAP_TLB_WC (7ull << 36)

struct kmd_get_device_info {
	struct {
		uint32_t output_size_bytes;
	} in;
	struct {
		uint32_t output_size_bytes;
		uint16_t vendor_id;
		uint16_t device_id;
		uint16_t subsystem_vendor_id;
		uint16_t subsystem_id;
		uint16_t bus_dev_fn;          /* bits 0-2 fn, 3-7 dev, 8-15 bus */
		uint16_t max_dma_buf_size_log2;
		uint16_t pci_domain;
		uint16_t reserved;
	} out;
};
static_assert(sizeof(struct kmd_get_device_info) == 24, "GET_DEVICE_INFO is 24 bytes");
static_assert(offsetof(struct kmd_get_device_info, out.vendor_id) == 8, "vendor_id @8");
static_assert(offsetof(struct kmd_get_device_info, out.device_id) == 10, "device_id @10");
static_assert(offsetof(struct kmd_get_device_info, out.subsystem_id) == 14, "subsystem_id @14");
static_assert(offsetof(struct kmd_get_device_info, out.bus_dev_fn) == 16, "bus_dev_fn @16");
static_assert(offsetof(struct kmd_get_device_info, out.pci_domain) == 20, "pci_domain @20");

struct kmd_get_driver_info {
	struct {
		uint32_t output_size_bytes;
	} in;
	struct {
		uint32_t output_size_bytes;
		uint32_t driver_version;      /* the ioctl API version */
		uint8_t major, minor, patch;
		uint8_t reserved0;
	} out;
};
static_assert(sizeof(struct kmd_get_driver_info) == 16, "GET_DRIVER_INFO is 16 bytes");
static_assert(offsetof(struct kmd_get_driver_info, out.driver_version) == 8, "version @8");
static_assert(offsetof(struct kmd_get_driver_info, out.major) == 12, "major @12");
static_assert(offsetof(struct kmd_get_driver_info, out.patch) == 14, "patch @14");

struct kmd_mapping {
	uint32_t mapping_id;
	uint32_t reserved;
	uint64_t mapping_base;
	uint64_t mapping_size;
};
static_assert(sizeof(struct kmd_mapping) == 24, "tenstorrent_mapping is 24 bytes");

#define KMD_MAX_MAPPINGS 6
#define KMD_MAPPING_RESOURCE0_UC 1

struct kmd_query_mappings {
	struct {
		uint32_t output_mapping_count;
		uint32_t reserved;
	} in;
	struct kmd_mapping out[KMD_MAX_MAPPINGS];
};
static_assert(offsetof(struct kmd_query_mappings, out) == 8, "mappings @8");
static_assert(offsetof(struct kmd_query_mappings, out[1].mapping_base) == 8 + 24 + 8,
	      "mapping_base @8 of each 24-byte entry");

struct kmd_allocate_tlb {
	struct {
		uint64_t size;
		uint64_t reserved;
	} in;
	struct {
		uint32_t id;
		uint32_t reserved0;
		uint64_t mmap_offset_uc;
		uint64_t mmap_offset_wc;
		uint64_t reserved1;
	} out;
};
static_assert(sizeof(struct kmd_allocate_tlb) == 48, "ALLOCATE_TLB is 48 bytes");
static_assert(offsetof(struct kmd_allocate_tlb, out.id) == 16, "id @16");
static_assert(offsetof(struct kmd_allocate_tlb, out.mmap_offset_uc) == 24, "uc @24");
static_assert(offsetof(struct kmd_allocate_tlb, out.mmap_offset_wc) == 32, "wc @32");

struct kmd_free_tlb {
	struct {
		uint32_t id;
	} in;
};
static_assert(sizeof(struct kmd_free_tlb) == 4, "FREE_TLB is 4 bytes");

struct kmd_noc_tlb_config {
	uint64_t addr;                /* window-aligned NOC-local address */
	uint16_t x_end, y_end;        /* unicast target */
	uint16_t x_start, y_start;    /* multicast rectangle start */
	uint8_t noc;
	uint8_t mcast;
	uint8_t ordering;             /* KMD_TLB_ORDER_* */
	uint8_t linked;
	uint8_t static_vc;            /* 0 on Blackhole (a known HW issue) */
	uint8_t reserved0[3];
	uint32_t reserved1[2];
};
static_assert(sizeof(struct kmd_noc_tlb_config) == 32, "tlb config is 32 bytes");
static_assert(offsetof(struct kmd_noc_tlb_config, x_end) == 8, "x_end @8");
static_assert(offsetof(struct kmd_noc_tlb_config, y_end) == 10, "y_end @10");
static_assert(offsetof(struct kmd_noc_tlb_config, x_start) == 12, "x_start @12");
static_assert(offsetof(struct kmd_noc_tlb_config, y_start) == 14, "y_start @14");
static_assert(offsetof(struct kmd_noc_tlb_config, noc) == 16, "noc @16");
static_assert(offsetof(struct kmd_noc_tlb_config, ordering) == 18, "ordering @18");
static_assert(offsetof(struct kmd_noc_tlb_config, static_vc) == 20, "static_vc @20");

struct kmd_configure_tlb {
	struct {
		uint32_t id;
		uint32_t reserved;
		struct kmd_noc_tlb_config config;
	} in;
	struct {
		uint64_t reserved;
	} out;
};
static_assert(sizeof(struct kmd_configure_tlb) == 48, "CONFIGURE_TLB is 48 bytes");
static_assert(offsetof(struct kmd_configure_tlb, in.config) == 8, "config @8");
static_assert(offsetof(struct kmd_configure_tlb, out) == 40, "out @40");

#define KMD_RESET_ASIC 4u
#define KMD_RESET_POST 6u

struct kmd_reset_device {
	struct {
		uint32_t output_size_bytes;
		uint32_t flags;
	} in;
	struct {
		uint32_t output_size_bytes;
		uint32_t result;              /* 0 = ok */
	} out;
};
static_assert(sizeof(struct kmd_reset_device) == 16, "RESET_DEVICE is 16 bytes");
static_assert(offsetof(struct kmd_reset_device, out.result) == 12, "result @12");

#define KMD_POWER_MAX_AI_CLK    (1u << 0)
#define KMD_POWER_MRISC_PHY     (1u << 1)
#define KMD_POWER_TENSIX_ENABLE (1u << 2)
#define KMD_POWER_L2CPU_ENABLE  (1u << 3)

struct kmd_set_power_state {
	uint32_t argsz;               /* = sizeof */
	uint32_t flags;               /* = 0 */
	uint8_t reserved0;
	uint8_t validity;             /* bits 0-3: valid flags; 4-7: valid settings */
	uint16_t power_flags;
	uint16_t power_settings[14];
};
static_assert(sizeof(struct kmd_set_power_state) == 40, "SET_POWER_STATE is 40 bytes");
static_assert(offsetof(struct kmd_set_power_state, validity) == 9, "validity @9");
static_assert(offsetof(struct kmd_set_power_state, power_flags) == 10, "power_flags @10");
static_assert(offsetof(struct kmd_set_power_state, power_settings) == 12, "settings @12");

/* The name of a request, for messages. */
const char *kmd_ioctl_name(unsigned long request);

#endif
