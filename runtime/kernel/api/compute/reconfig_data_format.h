// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's data format reconfiguration between ops on CBs of different
// formats. Here every unpack and pack takes the CB's own format from the
// build's descriptors, so there is nothing to reconfigure: these accept
// the same arguments and do nothing.
#pragma once

// Each TRISC keeps only its part of a call: the others' arguments go unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "api/compute/common_globals.h"

template <bool to_from_int8 = false, typename... T>
ALWI void reconfig_data_format(T...)
{
}

template <bool to_from_int8 = false, typename... T>
ALWI void reconfig_data_format_srca(T...)
{
}

template <bool to_from_int8 = false, typename... T>
ALWI void reconfig_data_format_srcb(T...)
{
}

template <bool is_tile_dim_reconfig_en = false, typename... T>
ALWI void pack_reconfig_data_format(T...)
{
}

template <typename... T>
ALWI void pack_reconfig_l1_acc(T...)
{
}

#pragma GCC diagnostic pop
