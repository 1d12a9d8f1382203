// The front end as one call: preprocess → parse → check → lower, each stage only when the ones
// before it reported no error (a later stage would only repeat their problems in its own words).
#include "lower/lower.hpp"
#include "preprocess/preprocessor.hpp"
#include "sema/intrinsic_table.hpp"
#include "sema/sema.hpp"
#include "syntax/parser.hpp"

namespace oneshader::lower {

namespace {

support::DiagOptions diag_options(const CompileOptions& options) {
    support::DiagOptions d;
    d.warnings_as_errors = options.warnings_as_errors;
    return d;
}

}  // namespace

FrontEnd::FrontEnd(const CompileOptions& o)
    : options(o),
      ctx(diag_options(o)),
      types(ctx.arena, sema::TypeOptions{o.enable_16bit_types}),
      layouts(ctx.arena, sema::LayoutOptions{o.default_matrix_packing}),
      module(ctx.arena, types) {}

std::unique_ptr<FrontEnd> run_front_end(std::string_view text, std::string_view path, const CompileOptions& options,
                                        bool from_text) {
    auto fe = std::make_unique<FrontEnd>(options);
    if (!from_text) fe->ctx.files_read.emplace_back(path);
    support::FileId file = fe->ctx.sources.add(std::string(path), std::string(text));
    pp::PreprocessOutput pp = pp::run_preprocessor(fe->ctx, file, fe->options, from_text);
    if (fe->ctx.diags.has_errors()) return fe;
    syntax::ParseOptions po;
    po.pack_matrix = pp.pack_matrix;
    syntax::TranslationUnit* tu = syntax::parse(fe->ctx, pp.tokens, po);
    if (!tu || fe->ctx.diags.has_errors()) return fe;
    sema::CheckOptions co;
    co.intrinsics = &sema::builtin_intrinsics();
    co.entry_points = fe->options.entry_points;
    fe->program = sema::analyze(fe->ctx, fe->types, fe->layouts, *tu, co);
    if (!fe->program || fe->ctx.diags.has_errors()) return fe;
    fe->lowered = lower_program(*fe->program, fe->module, fe->layouts, fe->ctx.diags);
    return fe;
}

}  // namespace oneshader::lower
