// SPDX-License-Identifier: Apache-2.0
//
// TensorAccessor::shard_pages(shard, start, end): a range over the pages of
// one shard of a sharded buffer, in their order on the bank, each a
// tensor_accessor::Page, as tt-metal's ShardPages /
// ShardPagesAddressIterator. A shard at the tensor's edge has slots past it
// (padding): the range skips them.
#pragma once

#include "api/tensor/page.h"

namespace tensor_accessor {

template <typename Accessor>
class ShardPagesAddressIterator {
public:
	ShardPagesAddressIterator(const Accessor &accessor, uint32_t shard_id, uint32_t slot,
				  uint32_t end, uint8_t noc)
		: accessor_(&accessor), shard_id_(shard_id), slot_(slot), end_(end), noc_(noc)
	{
		skip_padding();
	}

	Page operator*() const
	{
		uint32_t page_id = 0;

		Accessor::page_of_shard(shard_id_, slot_, page_id);
		return Page(accessor_->get_shard_noc_addr(
				    shard_id_, slot_ * accessor_->get_aligned_page_size(), noc_),
			    page_id);
	}
	ShardPagesAddressIterator &operator++()
	{
		slot_++;
		skip_padding();
		return *this;
	}
	ShardPagesAddressIterator operator++(int)
	{
		ShardPagesAddressIterator before = *this;
		++*this;
		return before;
	}
	bool operator==(const ShardPagesAddressIterator &o) const
	{
		return shard_id_ == o.shard_id_ && slot_ == o.slot_;
	}
	bool operator!=(const ShardPagesAddressIterator &o) const { return !(*this == o); }

private:
	void skip_padding()
	{
		uint32_t page_id;

		while (slot_ < end_ && !Accessor::page_of_shard(shard_id_, slot_, page_id))
			slot_++;
	}

	const Accessor *accessor_;
	uint32_t shard_id_, slot_, end_;
	uint8_t noc_;
};

template <typename Accessor>
class ShardPages {
public:
	using iterator = ShardPagesAddressIterator<Accessor>;

	ShardPages(const Accessor &accessor, uint32_t shard_id, uint32_t start, uint32_t end,
		   uint8_t noc)
		: accessor_(accessor), shard_id_(shard_id), start_(start), end_(end), noc_(noc)
	{
	}

	iterator begin() const { return iterator(accessor_, shard_id_, start_, end_, noc_); }
	iterator end() const { return iterator(accessor_, shard_id_, end_, end_, noc_); }

private:
	const Accessor &accessor_;
	uint32_t shard_id_, start_, end_;
	uint8_t noc_;
};

}  // namespace tensor_accessor
