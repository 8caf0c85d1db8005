// SPDX-License-Identifier: Apache-2.0
//
// TensorAccessor::pages(start, end): a range over pages start..end-1 of a
// buffer, each a tensor_accessor::Page (its NOC address and page id), as
// tt-metal's Pages / PagesAddressIterator.
#pragma once

#include "api/tensor/page.h"

namespace tensor_accessor {

template <typename Accessor>
class PagesAddressIterator {
public:
	PagesAddressIterator(const Accessor &accessor, uint32_t page_id, uint8_t noc)
		: accessor_(&accessor), page_id_(page_id), noc_(noc)
	{
	}

	Page operator*() const
	{
		return Page(accessor_->get_noc_addr(page_id_, 0, noc_), page_id_);
	}
	PagesAddressIterator &operator++()
	{
		page_id_++;
		return *this;
	}
	PagesAddressIterator operator++(int)
	{
		PagesAddressIterator before = *this;
		page_id_++;
		return before;
	}
	bool operator==(const PagesAddressIterator &o) const { return page_id_ == o.page_id_; }
	bool operator!=(const PagesAddressIterator &o) const { return page_id_ != o.page_id_; }

private:
	const Accessor *accessor_;
	uint32_t page_id_;
	uint8_t noc_;
};

template <typename Accessor>
class Pages {
public:
	using iterator = PagesAddressIterator<Accessor>;

	Pages(const Accessor &accessor, uint32_t start, uint32_t end, uint8_t noc)
		: accessor_(accessor), start_(start), end_(end), noc_(noc)
	{
	}

	iterator begin() const { return iterator(accessor_, start_, noc_); }
	iterator end() const { return iterator(accessor_, end_, noc_); }

private:
	const Accessor &accessor_;
	uint32_t start_, end_;
	uint8_t noc_;
};

}  // namespace tensor_accessor
