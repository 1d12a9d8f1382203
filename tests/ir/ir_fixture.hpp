#pragma once
// What every IR test needs: a module with its arena, interner and types, and shortcuts to read
// IR text into it.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "ir/module.hpp"
#include "ir/printer.hpp"
#include "ir/text_parser.hpp"
#include "ir/verifier.hpp"
#include "support/arena.hpp"
#include "support/interner.hpp"
#include "types/types.hpp"

namespace oneshader::ir::test {

struct IrFixture {
    support::Arena arena;
    support::Interner interner{arena};
    sema::TypeContext types{arena};
    Module module{arena, types};

    std::vector<std::string> parse_errors(std::string_view text) {
        std::vector<std::string> out;
        for (const ParseError& e : parse_module(text, module, interner)) out.push_back(format_error(e));
        return out;
    }

    // Parses text that must be correct.
    Module& parse(std::string_view text) {
        std::vector<std::string> errors = parse_errors(text);
        INFO(text);
        REQUIRE(errors == std::vector<std::string>{});
        return module;
    }

    const sema::ScalarType* scalar(sema::ScalarKind k) { return types.scalar(k); }
};

// Reads text into a fresh module and prints it back.
inline std::string reprint(std::string_view text) {
    IrFixture f;
    f.parse(text);
    return print_module(f.module);
}

// The verifier's messages for a module given as text (which must parse).
inline std::vector<std::string> verify_text(std::string_view text) {
    IrFixture f;
    f.parse(text);
    return verify(f.module);
}

}  // namespace oneshader::ir::test
