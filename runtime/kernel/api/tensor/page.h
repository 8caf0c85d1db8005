// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's tensor_accessor::Page: one page of a tensor, its NOC address,
// its page id and whether it is padding past the tensor's end (the pages()
// and shard_pages() ranges give none). An endpoint of the object NOC API
// (experimental/tensor.h), args {offset_bytes}.
#pragma once

#include <stdint.h>

namespace tensor_accessor {

class Page {
public:
	Page(uint64_t noc_addr, uint32_t global_page_id, bool is_padding = false)
		: noc_addr_(noc_addr), page_id_(global_page_id), is_padding_(is_padding)
	{
	}

	uint64_t noc_addr() const { return noc_addr_; }
	uint32_t page_id() const { return page_id_; }
	bool is_padding() const { return is_padding_; }

private:
	uint64_t noc_addr_;
	uint32_t page_id_;
	bool is_padding_;
};

}  // namespace tensor_accessor
