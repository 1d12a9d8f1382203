#include "driver/codegen.hpp"

#include <fmt/format.h>

#include <bit>
#include <cstring>
#include <memory>

#include "ir/module.hpp"
#include "ir/verifier.hpp"
#include "lower/lower.hpp"
#include "opt/optimizer.hpp"
#include "spirv/raise.hpp"
#include "spirv/spirv.hpp"

namespace oneshader::driver {

namespace {

Stage public_stage(ir::ShaderStage s) {
    switch (s) {
        case ir::ShaderStage::Vertex: return Stage::Vertex;
        case ir::ShaderStage::Pixel: return Stage::Pixel;
        case ir::ShaderStage::Compute: return Stage::Compute;
    }
    return Stage::Vertex;
}

std::vector<std::uint8_t> to_bytes(const std::vector<std::uint32_t>& words) {
    // SPIR-V files are little-endian words: on a little-endian host that is the words' memory as
    // it is; elsewhere they are written byte by byte, so the host order never leaks.
    std::vector<std::uint8_t> bytes(words.size() * 4);
    if constexpr (std::endian::native == std::endian::little) {
        if (!words.empty()) std::memcpy(bytes.data(), words.data(), bytes.size());
    } else {
        for (std::size_t k = 0; k < words.size(); ++k)
            for (int i = 0; i < 4; ++i) bytes[4 * k + i] = static_cast<std::uint8_t>(words[k] >> (8 * i));
    }
    return bytes;
}

}  // namespace

std::unique_ptr<ir::Module> lower_and_optimize(support::CompileContext& ctx, FrontEnd& fe, bool optimize,
                                               opt::Options oo) {
    auto lowered = std::make_unique<ir::Module>(ctx.arena, fe.types);
    if (!lower::lower_program(*fe.program, *lowered, fe.layouts, ctx.diags)) return nullptr;
    if (oo.verify_each_pass) {
        for (const std::string& problem : ir::verify(*lowered))
            ctx.diags.report(support::DiagCode::internal_error, support::SourceRange({1, 0}),
                             "internal compiler error (the lowered IR does not verify): " + problem);
        if (ctx.diags.has_errors()) return nullptr;
    }
    if (!optimize) return lowered;
    // A failed optimization is rare: rather than copy every body up front to restore it, the
    // program is lowered again (deterministically; its diagnostics were reported the first time)
    // and compiled unoptimized.
    oo.restore_on_failure = false;
    if (opt::optimize_or_fall_back(*lowered, oo, ctx.diags)) return lowered;
    support::DiagnosticEngine again(ctx.sources);
    lowered = std::make_unique<ir::Module>(ctx.arena, fe.types);
    if (!lower::lower_program(*fe.program, *lowered, fe.layouts, again)) return nullptr;
    return lowered;
}

void generate_code(support::CompileContext& ctx, FrontEnd& fe, const CompileOptions& options,
                   std::span<const Target> targets, std::vector<ShaderBlob>& blobs) {
    support::SourceRange at({1, 0});
    for (Target t : targets) {
        if (t == Target::SpirV) continue;
        ctx.diags.report(support::DiagCode::stage_not_implemented, at,
                         fmt::format("the {} backend is not implemented in this build yet; compile for SPIR-V "
                                     "(--target spirv) instead",
                                     t == Target::Msl ? "Metal Shading Language" : "WGSL"));
    }
    if (ctx.diags.has_errors()) return;

    // One optimization for all entry points: each backend emits only what its entry point reaches.
    opt::Options oo;
    oo.verify_each_pass = options.verify_ir;
    std::unique_ptr<ir::Module> lowered = lower_and_optimize(ctx, fe, options.optimize, oo);
    if (!lowered) return;
    // SPIR-V is the only backend, so its raise list runs on the optimized module itself; every
    // entry point is emitted from the raised module. A second backend will need a module of its
    // own (lowered again, or copied) to raise for its target.
    spirv::raise(*lowered);
    if (options.verify_ir) {
        for (const std::string& problem : ir::verify(*lowered))
            ctx.diags.report(support::DiagCode::internal_error, at,
                             "internal compiler error (the raised IR does not verify): " + problem);
        if (ctx.diags.has_errors()) return;
    }
    const ir::Module& module = *lowered;

    spirv::Options so;
    so.keep_names = options.keep_names;
    so.layout = sema::LayoutOptions{options.default_matrix_packing};
    std::vector<ShaderBlob> out;
    for (const ir::EntryPoint* ep : module.entry_points) {
        std::vector<std::uint32_t> words = spirv::emit(module, *ep, so, ctx.diags);
        if (words.empty()) continue;
        ShaderBlob blob;
        blob.entry_point = std::string(ep->function->name);
        blob.stage = public_stage(ep->stage);
        blob.target = Target::SpirV;
        blob.data = to_bytes(words);
        out.push_back(std::move(blob));
    }
    if (ctx.diags.has_errors()) return;
    for (ShaderBlob& b : out) blobs.push_back(std::move(b));
}

}  // namespace oneshader::driver
