#pragma once
// Everything one compile owns: its arena, identifiers, sources and diagnostics. Created by the
// driver per call, so compiles on different threads share nothing.
#include <string>
#include <vector>

#include "support/arena.hpp"
#include "support/diagnostics.hpp"
#include "support/interner.hpp"
#include "support/source_manager.hpp"

namespace oneshader::support {

struct CompileContext {
    explicit CompileContext(DiagOptions diag_options = {})
        : interner(arena), diags(sources, diag_options) {}

    Arena arena;
    Interner interner;
    SourceManager sources;
    DiagnosticEngine diags;
    std::vector<std::string> files_read;  // in the order they were first read, no repeats
};

}  // namespace oneshader::support
