#include <catch2/catch.hpp>

#include <string>

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
