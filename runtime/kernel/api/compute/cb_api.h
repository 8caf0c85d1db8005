// SPDX-License-Identifier: Apache-2.0
//
// Circular buffers on the compute side, as tt-metal's: the unpacker
// (TRISC0) waits for and pops input pages, the packer (TRISC2) reserves
// and pushes output pages; math never touches a CB. The page counters are
// the same overlay stream registers the data-movement side uses.
// Calling one with a CB the program never configured, or for more pages
// than the CB holds (which would wait forever), stops the TRISC with a
// fault naming the call and the CB.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"
#include "ttfs/cb_interface.h"

ALWI void cb_wait_front(uint32_t cbid, uint32_t ntiles)
{
	UNPACK((ttfs::tx::cb_wait_front(cbid, ntiles)));
}

ALWI void cb_pop_front(uint32_t cbid, uint32_t ntiles)
{
	UNPACK((ttfs::tx::cb_pop_front(cbid, ntiles)));
}

ALWI void cb_reserve_back(uint32_t cbid, uint32_t ntiles)
{
	PACK((ttfs::tx::cb_reserve_back(cbid, ntiles)));
}

ALWI void cb_push_back(uint32_t cbid, uint32_t ntiles)
{
	PACK((ttfs::tx::cb_push_back(cbid, ntiles)));
}

#pragma GCC diagnostic pop
