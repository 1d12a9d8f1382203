// support::FlatMap: the one-array hash map behind the type and layout caches.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "support/flat_map.hpp"

namespace oneshader::support::test {
namespace {

struct Key {
    const void* p = nullptr;
    std::uint32_t n = 0;
    friend bool operator==(const Key& a, const Key& b) { return a.p == b.p && a.n == b.n; }
};
struct KeyHash {
    // Deliberately weak (aligned pointers and small numbers): the map must spread them itself.
    std::size_t operator()(const Key& k) const { return reinterpret_cast<std::uintptr_t>(k.p) ^ k.n; }
};

TEST_CASE("flat map: finds what was inserted, through growth, and nothing else", "[support][flat_map]") {
    std::vector<std::uint64_t> objects(5000);
    FlatMap<Key, const std::uint64_t*, KeyHash> map;
    CHECK(map.find(Key{&objects[0], 0}) == nullptr);
    for (std::size_t i = 0; i < objects.size(); ++i)
        for (std::uint32_t n = 0; n < 2; ++n) map.insert(Key{&objects[i], n}, n ? &objects[i] : nullptr);
    CHECK(map.size() == 2 * objects.size());
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const auto* const* zero = map.find(Key{&objects[i], 0});
        const auto* const* one = map.find(Key{&objects[i], 1});
        REQUIRE(zero != nullptr);  // a null value is a value: the layout cache stores "no layout"
        CHECK(*zero == nullptr);
        REQUIRE(one != nullptr);
        CHECK(*one == &objects[i]);
        CHECK(map.find(Key{&objects[i], 2}) == nullptr);
    }
}

TEST_CASE("flat map: get_or_insert adds once and returns the same value after", "[support][flat_map]") {
    std::vector<std::uint64_t> objects(1000);
    FlatMap<Key, int, KeyHash> map;
    for (std::size_t i = 0; i < objects.size(); ++i) map.get_or_insert(Key{&objects[i], 7}, 1) += static_cast<int>(i);
    for (std::size_t i = 0; i < objects.size(); ++i) {
        int& v = map.get_or_insert(Key{&objects[i], 7}, -1);  // present: the initial value is not used
        CHECK(v == 1 + static_cast<int>(i));
    }
    CHECK(map.size() == objects.size());
}

}  // namespace
}  // namespace oneshader::support::test
