// support::PoolVec: the arena-backed vector behind the IR's instruction lists. It must behave as
// the std::vector operations it stands in for, and reuse the storage a list outgrows.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "support/pool_vec.hpp"

namespace oneshader::support::test {
namespace {

std::vector<int> items(const PoolVec<int>& v) { return std::vector<int>(v.begin(), v.end()); }

}  // namespace

TEST_CASE("PoolVec grows from its pool, keeping its elements in order", "[support][pool_vec]") {
    Arena arena;
    VecPool pool(arena);
    PoolVec<int> v(pool);
    CHECK(v.empty());
    for (int k = 0; k < 100; ++k) v.push_back(k);
    REQUIRE(v.size() == 100);
    for (int k = 0; k < 100; ++k) CHECK(v[static_cast<std::size_t>(k)] == k);
    CHECK(v.front() == 0);
    CHECK(v.back() == 99);
    CHECK(v.capacity() >= 100);
    CHECK(v.capacity() * sizeof(int) == VecPool::kMinBytes << VecPool::size_class(v.capacity() * sizeof(int)));
}

TEST_CASE("PoolVec insert, erase, assign and resize", "[support][pool_vec]") {
    Arena arena;
    VecPool pool(arena);
    PoolVec<int> v(pool);
    const int init[] = {1, 2, 5};
    v.assign(std::begin(init), std::end(init));
    CHECK(items(v) == std::vector<int>{1, 2, 5});
    const int middle[] = {3, 4};
    CHECK(*v.insert(v.begin() + 2, std::begin(middle), std::end(middle)) == 3);
    CHECK(items(v) == std::vector<int>{1, 2, 3, 4, 5});
    CHECK(*v.insert(v.begin(), 0) == 0);
    CHECK(*v.insert(v.end(), 6) == 6);
    CHECK(items(v) == std::vector<int>{0, 1, 2, 3, 4, 5, 6});
    CHECK(*v.erase(v.begin() + 1, v.begin() + 3) == 3);
    CHECK(items(v) == std::vector<int>{0, 3, 4, 5, 6});
    v.erase(v.begin());
    CHECK(items(v) == std::vector<int>{3, 4, 5, 6});
    CHECK(erase_if(v, [](int x) { return x % 2 == 0; }) == 2);
    CHECK(items(v) == std::vector<int>{3, 5});
    v.resize(4, 9);
    CHECK(items(v) == std::vector<int>{3, 5, 9, 9});
    v.resize(1);
    CHECK(items(v) == std::vector<int>{3});
    v.pop_back();
    CHECK(v.empty());
    v.push_back(7);
    v.clear();
    CHECK(v.empty());
}

TEST_CASE("PoolVec inserts a range of its own elements", "[support][pool_vec]") {
    Arena arena;
    VecPool pool(arena);
    PoolVec<int> v(pool);
    for (int k : {1, 2}) v.push_back(k);
    v.insert(v.begin(), v.begin(), v.end());
    CHECK(items(v) == std::vector<int>{1, 2, 1, 2});
    // Past the capacity: the storage the growth gives back is the source.
    while (v.size() < v.capacity()) v.push_back(3);
    std::vector<int> want = items(v);
    want.insert(want.begin() + 1, want.begin(), want.end());
    v.insert(v.begin() + 1, v.begin(), v.end());
    CHECK(items(v) == want);
}

TEST_CASE("VecPool hands storage a vector outgrew to the next one of that size", "[support][pool_vec]") {
    Arena arena;
    VecPool pool(arena);
    PoolVec<std::uint64_t> a(pool);
    a.push_back(1);  // the smallest class: 8 elements of 8 bytes
    const std::uint64_t* first = a.data();
    for (std::uint64_t k = 0; k < 8; ++k) a.push_back(k);  // outgrows it
    CHECK(a.data() != first);
    PoolVec<std::uint64_t> b(pool);
    b.push_back(42);
    CHECK(b.data() == first);  // the storage a gave back
    CHECK(b[0] == 42);
    const std::size_t used = arena.bytes_used();
    PoolVec<std::uint64_t> c(pool);
    c.reserve(1);
    CHECK(arena.bytes_used() > used);  // nothing free of that size now: new storage
}

}  // namespace oneshader::support::test
