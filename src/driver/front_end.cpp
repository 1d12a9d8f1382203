#include "driver/front_end.hpp"

#include "preprocess/include_log.hpp"
#include "sema/intrinsic_table.hpp"
#include "sema/sema.hpp"
#include "syntax/parser.hpp"

namespace oneshader::driver {

FrontEnd::FrontEnd(support::CompileContext& ctx, const CompileOptions& options)
    : types(ctx.arena, sema::TypeOptions{options.enable_16bit_types}),
      layouts(ctx.arena, sema::LayoutOptions{options.default_matrix_packing, options.buffer_layout}) {}

void run_front_end_into(FrontEnd& fe, support::CompileContext& ctx, support::FileId main_file,
                        const CompileOptions& options, bool from_text, std::vector<IncludeLookup>* include_log) {
    fe.preprocessed = pp::run_preprocessor(ctx, main_file, options, from_text, include_log);
    if (ctx.diags.has_errors()) return;
    syntax::ParseOptions po;
    po.pack_matrix = fe.preprocessed.pack_matrix;
    fe.unit = syntax::parse(ctx, fe.preprocessed.tokens, po);
    if (ctx.diags.has_errors() || !fe.unit) return;
    sema::CheckOptions co;
    co.intrinsics = &sema::builtin_intrinsics();
    co.entry_points = options.entry_points;
    co.bindings = &options.bindings;
    co.spec_overrides = options.specialization_overrides;
    sema::Program* program = sema::analyze(ctx, fe.types, fe.layouts, *fe.unit, co);
    if (!ctx.diags.has_errors()) fe.program = program;
}

std::unique_ptr<FrontEnd> run_front_end(support::CompileContext& ctx, support::FileId main_file,
                                        const CompileOptions& options, bool from_text,
                                        std::vector<IncludeLookup>* include_log) {
    auto fe = std::make_unique<FrontEnd>(ctx, options);
    run_front_end_into(*fe, ctx, main_file, options, from_text, include_log);
    return fe;
}

}  // namespace oneshader::driver
