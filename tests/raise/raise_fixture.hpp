#pragma once
// What every raise test needs: IR text read and verified, one transform run on it by its table
// name, and the result verified and printed, so a test reads as IR text in, IR text out.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "ir/module.hpp"
#include "ir/printer.hpp"
#include "ir/text_parser.hpp"
#include "ir/verifier.hpp"
#include "raise/transform.hpp"
#include "types/types.hpp"
#include "support/arena.hpp"
#include "support/interner.hpp"

namespace oneshader::raise::test {

struct Raised {
    std::string text;     // the module printed after the transform
    std::string refusal;  // the transform's refusal; empty when it rewrote everything
    bool changed = false;
};

// Runs the transform `name` on `ir` (which must parse and verify); a result it did not refuse
// must verify and read back to the same text.
inline Raised raise_text(std::string_view ir, std::string_view name) {
    support::Arena arena;
    support::Interner interner{arena};
    sema::TypeContext types{arena};
    ir::Module module{arena, types};
    std::vector<std::string> errors;
    for (const ir::ParseError& e : ir::parse_module(ir, module, interner)) errors.push_back(ir::format_error(e));
    INFO(ir);
    REQUIRE(errors == std::vector<std::string>{});
    REQUIRE(ir::verify(module) == std::vector<std::string>{});
    const TransformInfo* t = find_transform(name);
    REQUIRE(t != nullptr);
    TransformResult r = t->run(module);
    Raised out;
    out.refusal = r.refusal;
    out.changed = r.changed;
    out.text = ir::print_module(module);
    if (r.refusal.empty()) {
        INFO(out.text);
        CHECK(ir::verify(module) == std::vector<std::string>{});
        support::Arena arena2;
        support::Interner interner2{arena2};
        sema::TypeContext types2{arena2};
        ir::Module again{arena2, types2};
        CHECK(ir::parse_module(out.text, again, interner2).empty());
        CHECK(ir::print_module(again) == out.text);
    }
    return out;
}

// Whether `line` is a whole line of `text`.
inline bool contains_line(std::string_view text, std::string_view line) {
    for (std::size_t at = text.find(line); at != std::string_view::npos; at = text.find(line, at + 1)) {
        const std::size_t end = at + line.size();
        if ((at == 0 || text[at - 1] == '\n') && end < text.size() && text[end] == '\n') return true;
    }
    return false;
}

}  // namespace oneshader::raise::test
