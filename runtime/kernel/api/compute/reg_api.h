// SPDX-License-Identifier: Apache-2.0
//
// The DST handshake between math and pack, as on silicon (docs/tensix.md,
// "DST and its sections"): math acquires a free section, fills it and commits it; pack waits
// for a committed section, packs it and releases it, which zeroes it.
// With SyncHalf (the default) math fills one half while pack drains the
// other. Tile indices in copy_tile, the math ops, the SFPU ops and
// pack_tile are relative to the thread's current section.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

// Math: wait until a DST section is free for math (it is zero).
ALWI void tile_regs_acquire()
{
	MATH((ttfs::tx::math_acquire()));
}

// Math: hand the section to pack.
ALWI void tile_regs_commit()
{
	MATH((ttfs::tx::math_commit()));
}

// Pack: wait until math has committed a section.
ALWI void tile_regs_wait()
{
	PACK((ttfs::tx::pack_wait()));
}

// Pack: zero the packed section and give it back to math.
ALWI void tile_regs_release()
{
	PACK((ttfs::tx::pack_release()));
}

// The deprecated two-thread forms: acquire = math acquire + pack wait,
// release = math commit + pack release.
template <typename... T>
ALWI void acquire_dst(T...)
{
	MATH((ttfs::tx::math_acquire()));
	PACK((ttfs::tx::pack_wait()));
}

template <typename... T>
ALWI void release_dst(T...)
{
	MATH((ttfs::tx::math_commit()));
	PACK((ttfs::tx::pack_release()));
}

#pragma GCC diagnostic pop
