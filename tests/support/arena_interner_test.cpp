#include <catch2/catch.hpp>

#include <string>
#include <utility>

#include "support/arena.hpp"
#include "support/interner.hpp"

using namespace oneshader::support;

TEST_CASE("arena hands out aligned, distinct memory across blocks", "[arena]") {
    Arena arena(128);
    std::uintptr_t prev = 0;
    for (int i = 0; i < 1000; ++i) {
        auto* p = static_cast<double*>(arena.allocate(sizeof(double) * 3, alignof(double)));
        REQUIRE(reinterpret_cast<std::uintptr_t>(p) % alignof(double) == 0);
        REQUIRE(reinterpret_cast<std::uintptr_t>(p) != prev);
        p[0] = p[1] = p[2] = i;
        prev = reinterpret_cast<std::uintptr_t>(p);
    }
    CHECK(arena.bytes_used() == 1000 * sizeof(double) * 3);
    CHECK(arena.bytes_reserved() >= arena.bytes_used());
}

TEST_CASE("arena serves requests larger than a block", "[arena]") {
    Arena arena(64);
    auto span = arena.make_array<std::uint32_t>(100000);
    REQUIRE(span.size() == 100000);
    for (auto v : span) REQUIRE(v == 0);
    span.back() = 7;
    CHECK(span.back() == 7);
}

TEST_CASE("arena runs destructors of non-trivial objects", "[arena]") {
    int destroyed = 0;
    struct Counter {
        int* n;
        explicit Counter(int* c) : n(c) {}
        ~Counter() { ++*n; }
    };
    {
        Arena arena;
        arena.make<Counter>(&destroyed);
        arena.make<Counter>(&destroyed);
        auto* s = arena.make<std::string>(200, 'x');  // owns heap memory, freed by its destructor
        CHECK(s->size() == 200);
        CHECK(destroyed == 0);
    }
    CHECK(destroyed == 2);
}

TEST_CASE("arena copies strings and arrays", "[arena]") {
    Arena arena;
    std::string src = "float4";
    std::string_view copy = arena.copy(src);
    src[0] = 'x';
    CHECK(copy == "float4");
    CHECK(arena.copy("").empty());
    const int values[] = {1, 2, 3};
    auto c = arena.copy_array<int>(values);
    REQUIRE(c.size() == 3);
    CHECK(c[2] == 3);
}

TEST_CASE("interner returns one symbol per spelling", "[interner]") {
    Arena arena;
    Interner in(arena);
    Symbol a = in.intern("Atlas");
    Symbol b = in.intern(std::string("At") + "las");
    Symbol c = in.intern("atlas");
    CHECK(a == b);
    CHECK(a != c);
    CHECK(a.str() == "Atlas");
    CHECK(in.find("Atlas") == a);
    CHECK(!in.find("Missing"));
    CHECK(in.intern("").str().empty());
    CHECK(in.intern("") == in.intern(""));
}

TEST_CASE("interner keeps symbols stable while growing", "[interner]") {
    Arena arena;
    Interner in(arena);
    std::vector<Symbol> syms;
    for (int i = 0; i < 20000; ++i) syms.push_back(in.intern("name" + std::to_string(i)));
    CHECK(in.size() == 20000);
    for (int i = 0; i < 20000; ++i) {
        REQUIRE(in.intern("name" + std::to_string(i)) == syms[i]);
        REQUIRE(syms[i].str() == "name" + std::to_string(i));
    }
}

TEST_CASE("interner tells apart spellings of one length and one hash", "[interner]") {
    // FNV-1a collisions of equal length: only the text comparison can separate them, at each of
    // its lengths (one eight-byte step and a tail, one eight-byte load, two four-byte loads).
    const std::pair<const char*, const char*> pairs[] = {
        {"gvlva", "yomxs"},           {"ssbxxc", "xfirpd"},           {"aqoshaf", "yuhvxhe"},
        {"piwdhasl", "gsrcvivr"},     {"piqfbudqc", "iplzvnwur"},     {"sardxbfxwjhy", "dsimcdsxzqpb"},
        {"ylopatdlwpatmrcz", "flflnlnravwyrtfj"},
    };
    Arena arena;
    Interner interner(arena);
    for (const auto& [a, b] : pairs) {
        REQUIRE(Interner::hash_of(a) == Interner::hash_of(b));
        Symbol sa = interner.intern(a);
        CHECK(interner.find(b).empty());
        Symbol sb = interner.intern(b);
        CHECK(sa != sb);
        CHECK(sa.str() == a);
        CHECK(sb.str() == b);
        CHECK(interner.intern(a) == sa);
        CHECK(interner.find(b) == sb);
    }
    // Short spellings differing in one byte, at every position.
    for (std::size_t n = 1; n <= 9; ++n) {
        std::string base(n, 'a');
        Symbol first = interner.intern(base);
        for (std::size_t k = 0; k < n; ++k) {
            std::string other = base;
            other[k] = 'b';
            CHECK(interner.intern(other) != first);
            CHECK(interner.intern(other).str() == other);
        }
        CHECK(interner.intern(base) == first);
    }
}
