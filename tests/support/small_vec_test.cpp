// support::SmallVec: the inline-first vector behind instruction operands and graph edges. It must
// stay inside the object while the elements fit, since that is what saves the allocations.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "support/small_vec.hpp"

namespace oneshader::support::test {
namespace {

using Vec = SmallVec<int, 4>;

std::vector<int> items(const Vec& v) { return std::vector<int>(v.begin(), v.end()); }

// The elements live inside the object exactly while the capacity is the inline one.
bool is_inline(const Vec& v) {
    const auto* object = reinterpret_cast<const unsigned char*>(&v);
    const auto* data = reinterpret_cast<const unsigned char*>(v.data());
    return data >= object && data < object + sizeof(Vec);
}

}  // namespace

TEST_CASE("SmallVec range insert stays inline while the elements fit", "[support][small_vec]") {
    Vec v{1};
    const int more[] = {2, 3, 4};
    v.insert(v.end(), std::begin(more), std::end(more));
    CHECK(items(v) == std::vector<int>{1, 2, 3, 4});
    CHECK(v.capacity() == 4);
    CHECK(is_inline(v));

    Vec w{1, 4};
    const int middle[] = {2, 3};
    w.insert(w.begin() + 1, std::begin(middle), std::end(middle));
    CHECK(items(w) == std::vector<int>{1, 2, 3, 4});
    CHECK(is_inline(w));
}

TEST_CASE("SmallVec range insert past the inline room grows once, at least doubling", "[support][small_vec]") {
    Vec v{1, 2, 3};
    const int more[] = {4, 5};
    v.insert(v.end(), std::begin(more), std::end(more));
    CHECK(items(v) == std::vector<int>{1, 2, 3, 4, 5});
    CHECK(v.capacity() == 8);
    CHECK_FALSE(is_inline(v));

    // Room left on the heap: no further growth.
    const int two[] = {6, 7};
    v.insert(v.begin(), std::begin(two), std::end(two));
    CHECK(items(v) == std::vector<int>{6, 7, 1, 2, 3, 4, 5});
    CHECK(v.capacity() == 8);

    // A range larger than double the capacity is taken whole.
    Vec big;
    std::vector<int> many(20);
    for (int k = 0; k < 20; ++k) many[static_cast<std::size_t>(k)] = k;
    big.insert(big.end(), many.begin(), many.end());
    CHECK(items(big) == many);
    CHECK(big.capacity() == 20);
}

TEST_CASE("SmallVec range insert of its own elements", "[support][small_vec]") {
    // Inline, with room: the source is shifted by the insert itself.
    Vec v{1, 2};
    v.insert(v.begin(), v.begin(), v.end());
    CHECK(items(v) == std::vector<int>{1, 2, 1, 2});
    CHECK(is_inline(v));
    // Growing: the source is the storage the growth frees.
    v.insert(v.begin() + 1, v.begin(), v.end());
    CHECK(items(v) == std::vector<int>{1, 1, 2, 1, 2, 2, 1, 2});
}

}  // namespace oneshader::support::test
