#pragma once
// A module with its arena, interner and types, read from fuzzer bytes as IR text.
#include <string_view>

#include "ir/module.hpp"
#include "ir/text_parser.hpp"
#include "support/arena.hpp"
#include "support/interner.hpp"
#include "types/types.hpp"

namespace oneshader::fuzz {

struct IrModule {
    support::Arena arena;
    support::Interner interner{arena};
    sema::TypeContext types{arena};
    ir::Module module{arena, types};

    // True when the text was read completely.
    bool parse(std::string_view text) { return ir::parse_module(text, module, interner).empty(); }
};

}  // namespace oneshader::fuzz
