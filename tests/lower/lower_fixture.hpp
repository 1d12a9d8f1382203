#pragma once
// Runs HLSL through the whole front end (driver::lower_source) and gives the lowered module, its
// dump, the verifier's messages and the diagnostics, for the lowering tests. Corpus files are read
// with the options their header comments ask for (tests/common/corpus_files.hpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "corpus_files.hpp"
#include "ir/printer.hpp"
#include "ir/text_parser.hpp"
#include "ir/verifier.hpp"
#include "driver/lowered_source.hpp"
#include "lower/lower.hpp"

namespace lower_test {

using namespace oneshader;
namespace fs = std::filesystem;

struct Lowered {
    std::unique_ptr<driver::LoweredSource> fe;
    std::string text;                  // the dump; empty when the front end failed
    std::vector<std::string> problems; // the verifier's messages

    std::string diagnostics() const {
        std::string out;
        for (const support::Diag& d : fe->ctx.diags.diagnostics()) out += fe->ctx.diags.format(d) + "\n";
        return out;
    }
    std::string errors() const {
        std::string out;
        for (const support::Diag& d : fe->ctx.diags.diagnostics())
            if (d.severity == support::DiagSeverity::Error) out += fe->ctx.diags.format(d) + "\n";
        return out;
    }
    std::vector<std::string> codes() const {
        std::vector<std::string> out;
        for (const support::Diag& d : fe->ctx.diags.diagnostics()) out.push_back(support::format_code(d.code));
        return out;
    }
};

inline Lowered finish(std::unique_ptr<driver::LoweredSource> fe) {
    Lowered l;
    l.fe = std::move(fe);
    if (l.fe->ok()) {
        l.text = ir::print_module(l.fe->module);
        l.problems = ir::verify(l.fe->module);
    }
    return l;
}

inline Lowered lower_text(std::string_view source, const CompileOptions& options = {}) {
    return finish(driver::lower_source(source, "t.hlsl", options, true));
}

inline Lowered lower_file(const fs::path& path) {
    return finish(driver::lower_source(corpus::read_text(path), path.generic_string(), corpus::options_for(path), false));
}

inline fs::path corpus_root() { return corpus::root(); }

// Every .hlsl file of the corpus outside spec/errors/, sorted.
inline std::vector<fs::path> corpus_files() { return corpus::shader_files(); }

// print(parse(text)), or the parse errors.
inline std::string reprint(const std::string& text) {
    support::Arena arena;
    support::Interner interner(arena);
    sema::TypeContext types(arena);
    ir::Module m(arena, types);
    std::vector<ir::ParseError> errors = ir::parse_module(text, m, interner);
    if (!errors.empty()) {
        std::string out = "parse errors:\n";
        for (const ir::ParseError& e : errors) out += ir::format_error(e) + "\n";
        return out;
    }
    return ir::print_module(m);
}

}  // namespace lower_test
