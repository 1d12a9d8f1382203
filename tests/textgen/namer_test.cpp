// The namer: legal, unreserved, unique and deterministic names for each text target.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "textgen/namer.hpp"

namespace oneshader::textgen::test {
namespace {

TEST_CASE("namer: the spec's entry names", "[textgen][namer]") {
    CHECK(legal_name(NameTarget::Wgsl, "loop") == "loop_");
    CHECK(legal_name(NameTarget::Wgsl, "main") == "main");
    CHECK(legal_name(NameTarget::Msl, "main") == "main0");
    CHECK(legal_name(NameTarget::Msl, "fragment") == "fragment0");
    CHECK(legal_name(NameTarget::Msl, "loop") == "loop");
}

TEST_CASE("namer: keywords, reserved and predeclared words of each target", "[textgen][namer]") {
    for (const char* w : {"fn", "let", "var", "continuing", "override", "enable", "discard", "typedef", "sampler",
                          "f32", "vec4", "vec3f", "mat4x4", "mat2x3h", "textureSample", "select", "workgroup"})
        CHECK(is_reserved_name(NameTarget::Wgsl, w));
    for (const char* w : {"vec5", "mat4x5", "matrix4", "color", "Frame", "float4"})
        CHECK_FALSE(is_reserved_name(NameTarget::Wgsl, w));
    for (const char* w : {"class", "template", "kernel", "device", "constant", "threadgroup", "float4", "half3x3",
                          "packed_float3", "texture2d", "sampler", "uint", "dot", "main", "int"})
        CHECK(is_reserved_name(NameTarget::Msl, w));
    for (const char* w : {"float5", "color", "loop", "let", "vec4"}) CHECK_FALSE(is_reserved_name(NameTarget::Msl, w));
}

TEST_CASE("namer: names become valid identifiers", "[textgen][namer]") {
    CHECK(legal_name(NameTarget::Wgsl, "in.var.TEXCOORD0") == "in_var_TEXCOORD0");
    CHECK(legal_name(NameTarget::Msl, "type.Frame") == "type_Frame");
    CHECK(legal_name(NameTarget::Msl, "a..b__c") == "a_b_c");
    CHECK(legal_name(NameTarget::Wgsl, "__x") == "_x");
    CHECK(legal_name(NameTarget::Msl, "_Upper") == "v_Upper");
    CHECK(legal_name(NameTarget::Wgsl, "0start") == "v0start");
    CHECK(legal_name(NameTarget::Wgsl, "") == "v");
    CHECK(legal_name(NameTarget::Msl, "_") == "v");
    CHECK(legal_name(NameTarget::Wgsl, "_pad0") == "_pad0");
}

TEST_CASE("namer: a fresh name is the legal name, then the legal name with a suffix", "[textgen][namer]") {
    // Names legal as they are (short and past the 15 characters a string keeps inline), reserved
    // words, and names that legal_name changes: fresh() gives the same names whichever path it takes.
    const char* const wants[] = {"x",  "albedo_texture_sampler_state", "loop", "main", "a.b", "_Upper",
                                 "0start", "", "in.var.TEXCOORD0", "float4", "vec4", "__x"};
    for (NameTarget target : {NameTarget::Wgsl, NameTarget::Msl}) {
        Namer n(target);
        // Every name once, then every name again (never twice in a row): the second round's names
        // carry the first suffix.
        for (int round = 0; round < 2; ++round)
            for (const char* w : wants) {
                const std::string legal = legal_name(target, w);
                const std::string want = round == 0 ? legal : legal + (legal.back() == '_' ? "1" : "_1");
                INFO(w << " in round " << round);
                CHECK(n.fresh(w) == want);
            }
    }
}

TEST_CASE("namer: names are unique and the same on every run", "[textgen][namer]") {
    auto run = [] {
        Namer n(NameTarget::Wgsl);
        n.reserve("x_1");
        std::string out;
        for (const char* w : {"x", "x", "x", "loop", "loop", "a.b", "a_b", "x_2"}) out += n.fresh(w) + " ";
        return out;
    };
    CHECK(run() == "x x_2 x_3 loop_ loop_1 a_b a_b_1 x_2_1 ");
    CHECK(run() == run());
    Namer m(NameTarget::Msl);
    CHECK(m.fresh("main") == "main0");
    CHECK(m.fresh("main0") == "main0_1");
    // A copy opens a nested scope that knows the outer names.
    Namer inner = m;
    CHECK(inner.fresh("main") == "main0_2");
    CHECK(m.fresh("value") == "value");
    CHECK(inner.fresh("value") == "value");
}

TEST_CASE("namer: suffixes stay in order while the table grows under them", "[textgen][namer]") {
    // 5,000 names from one hint, with other names between them: the table grows many times while
    // a suffixed name is being added, and each hint still continues where it left off.
    for (NameTarget target : {NameTarget::Wgsl, NameTarget::Msl}) {
        Namer n(target);
        std::vector<std::string> given;
        for (int k = 0; k < 5000; ++k) {
            given.push_back(n.fresh("v"));
            if (k % 3 == 0) given.push_back(n.fresh("w" + std::to_string(k)));
        }
        CHECK(given[0] == "v");
        std::uint32_t next = 1;
        for (std::size_t k = 1; k < given.size(); ++k) {
            if (given[k][0] != 'v') continue;
            CHECK(given[k] == "v_" + std::to_string(next));
            ++next;
        }
        CHECK(next == 5000);
        std::sort(given.begin(), given.end());
        CHECK(std::adjacent_find(given.begin(), given.end()) == given.end());
        // A name the table already holds as a suffix of another hint is skipped.
        CHECK(n.fresh("w0") == "w0_1");
        n.reserve("w3_1");
        CHECK(n.fresh("w3") == "w3_2");
    }
    // A run of the same wanted name, a copy taken in the middle of it, and names reserved between:
    // each namer continues its own count.
    Namer outer(NameTarget::Msl);
    CHECK(outer.fresh("x") == "x");
    CHECK(outer.fresh("x") == "x_1");
    Namer inner = outer;
    CHECK(inner.fresh("x") == "x_2");
    CHECK(outer.fresh("x") == "x_2");
    outer.reserve("x_3");
    CHECK(outer.fresh("x") == "x_4");
    CHECK(inner.fresh("x") == "x_3");
    CHECK(inner.fresh("y") == "y");
    CHECK(inner.fresh("x") == "x_4");
    // Reserved words still get their target's mark before any suffix.
    Namer w(NameTarget::Wgsl);
    CHECK(w.fresh("vec4") == "vec4_");
    CHECK(w.fresh("vec4") == "vec4_1");
    Namer m(NameTarget::Msl);
    CHECK(m.fresh("float4") == "float40");
    CHECK(m.fresh("float4") == "float40_1");
}

TEST_CASE("namer: a scope opened over a parent", "[textgen][namer]") {
    for (NameTarget target : {NameTarget::Wgsl, NameTarget::Msl}) {
        Namer file(target);
        CHECK(file.fresh("f") == "f");
        CHECK(file.fresh("x") == "x");
        CHECK(file.fresh("x") == "x_1");
        Namer local(target);
        local.open_scope(file);
        // Names the parent gave are taken, suffixes continue past the parent's.
        CHECK(local.used("f"));
        CHECK(local.fresh("f") == "f_1");
        CHECK(local.fresh("x") == "x_2");
        CHECK(local.fresh("y") == "y");
        // The parent never learns the scope's names.
        CHECK_FALSE(file.used("y"));
        CHECK(file.fresh("y") == "y");
        // A name the parent gives after the scope opened is seen too (a helper named while a
        // function is printed): the scope does not give it again.
        CHECK(file.fresh("helper") == "helper");
        CHECK(local.fresh("helper") == "helper_1");
        file.reserve("x_3");
        CHECK(local.fresh("x") == "x_4");
        // A copy saves the scope; restoring it forgets what was given after.
        Namer saved = local;
        CHECK(local.fresh("z") == "z");
        local = saved;
        CHECK(local.fresh("z") == "z");
        // Reopened for the next function: empty again, over the same parent.
        local.open_scope(file);
        CHECK_FALSE(local.used("z"));
        CHECK(local.fresh("z") == "z");
        CHECK(local.fresh("x") == "x_2");
        // Reserved words keep their mark, and the marked name is checked against the parent.
        CHECK(file.fresh(target == NameTarget::Wgsl ? "loop" : "main") == (target == NameTarget::Wgsl ? "loop_" : "main0"));
        CHECK(local.fresh(target == NameTarget::Wgsl ? "loop" : "main") == (target == NameTarget::Wgsl ? "loop_1" : "main0_1"));
    }
    // A scope over a large parent, and a large scope reopened: names stay unique across both.
    Namer file(NameTarget::Msl);
    for (int k = 0; k < 3000; ++k) file.fresh("g" + std::to_string(k));
    Namer local(NameTarget::Msl);
    for (int round = 0; round < 2; ++round) {
        local.open_scope(file);
        std::vector<std::string> given;
        for (int k = 0; k < (round == 0 ? 2000 : 10); ++k) given.push_back(local.fresh("g" + std::to_string(k % 5)));
        for (const std::string& g : given) CHECK(g.find('_') != std::string::npos);
        CHECK(given[0] == "g0_1");
        std::sort(given.begin(), given.end());
        CHECK(std::adjacent_find(given.begin(), given.end()) == given.end());
    }
}

}  // namespace
}  // namespace oneshader::textgen::test
