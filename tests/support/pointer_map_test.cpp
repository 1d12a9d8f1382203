#include <catch2/catch.hpp>

#include <vector>

#include "support/pointer_map.hpp"

using namespace oneshader::support;

TEST_CASE("pointer map: clearing after a big fill, then small ones, keeps every lookup right", "[pointer_map]") {
    std::vector<int> objects(20000);
    PointerMap<const int*, int> map;
    for (int k = 0; k < 20000; ++k) map.emplace(&objects[k], k);
    CHECK(map.size() == 20000);
    map.clear();
    CHECK(map.empty());
    CHECK(map.find(&objects[7]) == nullptr);
    // Small fills of a table that once held many (the table shrinks on the next clear).
    for (int round = 0; round < 3; ++round) {
        for (int k = 0; k < 5; ++k) map[&objects[k * 1000 + round]] = k + round;
        CHECK(map.size() == 5);
        for (int k = 0; k < 5; ++k) {
            const auto* e = map.find(&objects[k * 1000 + round]);
            REQUIRE(e);
            CHECK(e->second == k + round);
        }
        CHECK(map.find(&objects[999]) == nullptr);
        map.clear();
        CHECK(map.find(&objects[round]) == nullptr);
    }
    // And it grows again.
    for (int k = 0; k < 20000; ++k) map.emplace(&objects[k], -k);
    CHECK(map.size() == 20000);
    CHECK(map.find(&objects[19999])->second == -19999);
}
