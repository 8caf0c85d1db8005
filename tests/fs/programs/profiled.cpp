// SPDX-License-Identifier: Apache-2.0
// Device profiler records: a zone with one nested inside it, the 64-bit
// value of runtime args 0 (low) and 1 (high) as timestamped data, event
// arg 2, then arg 3 more zones, one after the other.
#include <cstdint>
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
	DeviceZoneScopedN("outer");
	{
		DeviceZoneScopedN("inner");
	}
	uint64_t value = static_cast<uint64_t>(get_arg_val<uint32_t>(1)) << 32 | get_arg_val<uint32_t>(0);
	DeviceTimestampedData("value", value);
	DeviceRecordEvent(get_arg_val<uint32_t>(2));
	for (uint32_t i = 0; i < get_arg_val<uint32_t>(3); i++) {
		DeviceZoneScopedN("loop");
	}
}
