#pragma once
// What every optimizer test needs: IR text in, one pass (or the whole pipeline) with the verifier
// after every pass, IR text out.
#include "../ir/ir_fixture.hpp"
#include "opt/optimizer.hpp"

namespace oneshader::opt::test {

using ir::test::IrFixture;

// A module whose 16-bit types are 16 bits wide (-enable-16bit-types).
struct Fixture16 {
    support::Arena arena;
    support::Interner interner{arena};
    sema::TypeContext types{arena, sema::TypeOptions{true}};
    ir::Module module{arena, types};
    void parse(std::string_view text) {
        std::vector<std::string> errors;
        for (const ir::ParseError& e : ir::parse_module(text, module, interner)) errors.push_back(ir::format_error(e));
        INFO(text);
        REQUIRE(errors == std::vector<std::string>{});
    }
};

// Parses `input` (which must verify), runs the pass `pass` over it with verification, and returns
// the printed module.
template <class F = IrFixture>
std::string after_pass(std::string_view pass, std::string_view input) {
    F f;
    f.parse(input);
    REQUIRE(ir::verify(f.module) == std::vector<std::string>{});
    Options o;
    o.verify_each_pass = true;
    OptimizeResult r = run_pass(f.module, pass, o);
    INFO(r.failed_pass << ": " << r.message);
    REQUIRE(r.ok);
    return ir::print_module(f.module);
}

// The same for the whole pipeline.
inline std::string after_optimize(std::string_view input, Options o = {}) {
    IrFixture f;
    f.parse(input);
    REQUIRE(ir::verify(f.module) == std::vector<std::string>{});
    o.verify_each_pass = true;
    OptimizeResult r = optimize(f.module, o);
    INFO(r.failed_pass << ": " << r.message);
    REQUIRE(r.ok);
    return ir::print_module(f.module);
}

// Runs a pass over text and checks the printed result; a pass that must leave the text as it is
// gets the same text twice.
inline void check_pass(std::string_view pass, std::string_view input, std::string_view expected) {
    std::string out = after_pass(pass, input);
    CHECK(out == expected);
    // The result reads back as itself.
    CHECK(ir::test::reprint(out) == out);
}

inline void check_optimize(std::string_view input, std::string_view expected) {
    std::string out = after_optimize(input);
    CHECK(out == expected);
    CHECK(ir::test::reprint(out) == out);
}

}  // namespace oneshader::opt::test
