/* SPDX-License-Identifier: Apache-2.0
 *
 * The simulated chip's ARC, as far as the host reads it (reference
 * /blackhole-abi.md §6): the reset unit's scratch registers at NOC
 * 0x80030400 (boot status, telemetry pointers) and, in CSM at 0x10000000,
 * a telemetry table of {tag, index} entries and its data array. Values of
 * a P100A at work; AICLK follows SET_POWER_STATE, as the ARC firmware
 * raises it for MAX_AI_CLK.
 */
#include "fake_kmd_internal.h"

#include <string.h>

#define SCRATCH(n)   (0x30400u + 4u * (n))
#define CSM_BASE     0x10000000u
#define TABLE_OFF    0x100u
#define DATA_OFF     0x800u

static const uint16_t tags[] = { 1, 2, 5, 6, 7, 8, 11, 14, 15, 16, 28, 32, 34, 36, 40 };
#define NTAGS (sizeof(tags) / sizeof(tags[0]))

static void put(uint8_t *base, uint32_t off, uint32_t v)
{
	memcpy(base + off, &v, 4);
}

static int index_of(uint16_t tag)
{
	for (unsigned i = 0; i < NTAGS; i++)
		if (tags[i] == tag)
			return (int)i;
	return 0;
}

static void set_tag(uint16_t tag, uint32_t v)
{
	put(fake.csm, DATA_OFF + 4u * (uint32_t)index_of(tag), v);
}

void fake_arc_init(void)
{
	put(fake.arc, SCRATCH(2), 5);                      /* boot status: ready */
	put(fake.arc, SCRATCH(12), CSM_BASE + DATA_OFF);
	put(fake.arc, SCRATCH(13), CSM_BASE + TABLE_OFF);
	put(fake.csm, TABLE_OFF, 0x00010000u);             /* version 1.0.0 */
	put(fake.csm, TABLE_OFF + 4, NTAGS);
	/* Entries in reverse tag order: a reader must use the index. */
	for (unsigned i = 0; i < NTAGS; i++)
		put(fake.csm, TABLE_OFF + 8 + 4 * i,
		    tags[NTAGS - 1 - i] | (uint32_t)(NTAGS - 1 - i) << 16);
	set_tag(1, 0x43u << 4);                          /* card type 0x43: p100a */
	set_tag(2, 0x0BADCAFEu);
	set_tag(5, 100);
	set_tag(6, 780);
	set_tag(7, 42);
	set_tag(8, 55);
	set_tag(11, (uint32_t)(47.25 * 65536));
	set_tag(14, 800);
	set_tag(15, 900);
	set_tag(16, 540);
	set_tag(28, 0x12050000u);                        /* bundle 18.5.0.0 */
	set_tag(32, 1234);
	set_tag(34, 0x3FFFu & ~(3u << 12));              /* 12 of 14 columns */
	set_tag(36, 0xFFu & ~(1u << fake.harvest_dram));
	set_tag(40, 1);
}

void fake_arc_power(uint32_t flags)
{
	set_tag(14, (flags & KMD_POWER_MAX_AI_CLK) ? 1350 : 800);
}
