#pragma once
// Runs HLSL through the preprocessor, the parser and semantic analysis with the real intrinsic
// table, and gives the program and the diagnostics in compact forms for the check_* tests.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "preprocess/preprocessor.hpp"
#include "sema/intrinsic_table.hpp"
#include "sema/sema.hpp"
#include "support/context.hpp"
#include "syntax/parser.hpp"

namespace check_test {

using namespace oneshader;
using namespace oneshader::sema;

struct Checked {
    explicit Checked(const CompileOptions& o)
        : options(o),
          types(ctx.arena, TypeOptions{o.enable_16bit_types}),
          layouts(ctx.arena, LayoutOptions{o.default_matrix_packing}) {}

    CompileOptions options;
    support::CompileContext ctx;
    TypeContext types;
    LayoutEngine layouts;
    pp::PreprocessOutput pp;
    syntax::TranslationUnit* tu = nullptr;
    Program* program = nullptr;

    // Each diagnostic as "OSHnnnn line:col" (errors and warnings).
    std::vector<std::string> diags() const {
        std::vector<std::string> out;
        for (const support::Diag& d : ctx.diags.diagnostics()) {
            support::PresumedLoc p = ctx.sources.presumed(d.range.begin);
            out.push_back(fmt::format("{} {}:{}", support::format_code(d.code), p.line, p.column));
        }
        return out;
    }
    std::vector<std::string> codes() const {
        std::vector<std::string> out;
        for (const support::Diag& d : ctx.diags.diagnostics()) out.push_back(support::format_code(d.code));
        return out;
    }
    std::string messages() const {
        std::string out;
        for (const support::Diag& d : ctx.diags.diagnostics()) out += ctx.diags.format(d) + "\n";
        return out;
    }
    std::string errors() const {
        std::string out;
        for (const support::Diag& d : ctx.diags.diagnostics())
            if (d.severity == support::DiagSeverity::Error) out += ctx.diags.format(d) + "\n";
        return out;
    }
    const Resource* resource(std::string_view name) const {
        for (const Resource* r : program->resources)
            if (r->name.str() == name) return r;
        FAIL("no resource " << name);
        return nullptr;
    }
    const BufferBlock* buffer(std::string_view name) const {
        for (const BufferBlock* b : program->buffers)
            if (b->name.str() == name) return b;
        FAIL("no buffer " << name);
        return nullptr;
    }
    const EntryPoint* entry(std::string_view name) const {
        for (const EntryPoint* e : program->entry_points)
            if (e->function->name.str() == name) return e;
        FAIL("no entry point " << name);
        return nullptr;
    }
    const Function* function(std::string_view name) const {
        for (const Function* f : program->functions)
            if (f->name.str() == name) return f;
        FAIL("no function " << name);
        return nullptr;
    }
};

inline void run(Checked& c, support::FileId f, bool from_text) {
    c.pp = pp::run_preprocessor(c.ctx, f, c.options, from_text);
    syntax::ParseOptions po;
    po.pack_matrix = c.pp.pack_matrix;
    c.tu = syntax::parse(c.ctx, c.pp.tokens, po);
    CheckOptions co;
    co.intrinsics = &builtin_intrinsics();
    co.entry_points = c.options.entry_points;
    c.program = analyze(c.ctx, c.types, c.layouts, *c.tu, co);
}

inline std::unique_ptr<Checked> check_text(std::string_view text, const CompileOptions& options = {}) {
    auto c = std::make_unique<Checked>(options);
    support::FileId f = c->ctx.sources.add("t.hlsl", std::string(text));
    run(*c, f, true);
    return c;
}

inline std::unique_ptr<Checked> check_file(const std::filesystem::path& path, const CompileOptions& options) {
    auto c = std::make_unique<Checked>(options);
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    c->ctx.files_read.push_back(path.generic_string());
    support::FileId f = c->ctx.sources.add(path.generic_string(), ss.str());
    run(*c, f, false);
    return c;
}

// The diagnostics of a snippet, "OSHnnnn line:col" each.
inline std::vector<std::string> diags_of(std::string_view text, const CompileOptions& options = {}) {
    return check_text(text, options)->diags();
}

using V = std::vector<std::string>;

}  // namespace check_test
