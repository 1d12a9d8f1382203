#include "driver/codegen.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <memory>
#include <optional>

#include "driver/entry_features.hpp"
#include "ir/clone.hpp"
#include "ir/module.hpp"
#include "ir/verifier.hpp"
#include "lower/lower.hpp"
#include "msl/msl.hpp"
#include "msl/raise.hpp"
#include "opt/optimizer.hpp"
#include "raise/transform.hpp"
#include "reflect/builder.hpp"
#include "support/small_vec.hpp"
#include "spirv/raise.hpp"
#include "spirv/spirv.hpp"
#include "textgen/structure_cache.hpp"
#include "wgsl/raise.hpp"
#include "wgsl/wgsl.hpp"

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

namespace {

// The resource globals (by name) the functions each entry point reaches use.
ReachedResources reached_resources(const ir::Module& m) {
    ReachedResources out;
    // Under "": every resource global of the module, so that a resource that has none (or another
    // name) is never taken for one an entry point stopped reaching.
    std::set<std::string, std::less<>>& all = out[std::string()];
    for (const ir::Global* g : m.globals)
        if (g->global_kind() == ir::GlobalKind::Resource) all.insert(std::string(g->name()));
    for (const ir::EntryPoint* ep : m.entry_points) {
        if (!ep->function) continue;
        std::set<std::string, std::less<>>& names = out[std::string(ep->function->name)];
        std::vector<const ir::Function*> work{ep->function};
        std::set<const ir::Function*> seen{ep->function};
        while (!work.empty()) {
            const ir::Function* f = work.back();
            work.pop_back();
            for (const ir::Block* b : f->blocks)
                for (const ir::Instruction* i : b->instructions) {
                    if (i->opcode == ir::Opcode::Call && i->callee && seen.insert(i->callee).second)
                        work.push_back(i->callee);
                    for (const ir::Value* op : i->operands)
                        if (const auto* g = op->as<ir::Global>(); g && g->global_kind() == ir::GlobalKind::Resource)
                            names.insert(std::string(g->name()));
                }
        }
    }
    return out;
}

// Lowers the program and resolves its resource variables; null after an error.
std::unique_ptr<ir::Module> lower_and_legalize(support::CompileContext& ctx, FrontEnd& fe, support::DiagnosticEngine& diags,
                                               const opt::Options& oo, const lower::Options& lo,
                                               ReachedResources* reached) {
    auto lowered = std::make_unique<ir::Module>(ctx.arena, fe.types);
    if (!lower::lower_program(*fe.program, *lowered, fe.layouts, diags, lo)) return nullptr;
    if (oo.verify_each_pass) {
        for (const std::string& problem : ir::verify(*lowered))
            diags.report(support::DiagCode::internal_error, support::SourceRange({1, 0}),
                         "internal compiler error (the lowered IR does not verify): " + problem);
        if (diags.has_errors()) return nullptr;
    }
    // A global struct of resources is one resource per member, and the code may use only some.
    bool resource_structs = false;
    for (const sema::Variable* v : fe.program->globals) resource_structs = resource_structs || !v->member_resources.empty();
    if (!opt::needs_resource_legalization(*lowered)) {
        if (reached && resource_structs) *reached = reached_resources(*lowered);
        return lowered;
    }
    if (!opt::legalize_resources(*lowered, diags, oo)) return nullptr;
    if (oo.verify_each_pass) {
        for (const std::string& problem : ir::verify(*lowered))
            diags.report(support::DiagCode::internal_error, support::SourceRange({1, 0}),
                         "internal compiler error (the IR after legalize_resources does not verify): " + problem);
        if (diags.has_errors()) return nullptr;
    }
    if (reached) *reached = reached_resources(*lowered);
    return lowered;
}

}  // namespace

std::unique_ptr<ir::Module> lower_and_optimize(support::CompileContext& ctx, FrontEnd& fe, bool optimize,
                                               opt::Options oo, std::string* printed, const lower::Options& lo,
                                               ReachedResources* reached) {
    support::DiagnosticEngine& diags = ctx.diags;
    std::unique_ptr<ir::Module> lowered = lower_and_legalize(ctx, fe, diags, oo, lo, reached);
    if (!lowered) return nullptr;
    if (!optimize) return lowered;
    // A failed optimization is rare: rather than copy every body up front to restore it, the
    // program is lowered again (deterministically; its diagnostics were reported the first time)
    // and compiled unoptimized.
    oo.restore_on_failure = false;
    if (opt::optimize_or_fall_back(*lowered, oo, diags, printed)) return lowered;
    if (diags.has_errors()) return nullptr;
    support::DiagnosticEngine again(ctx.sources);
    return lower_and_legalize(ctx, fe, again, oo, lo, nullptr);
}

namespace {

std::uint32_t spirv_version(SpirvTargetEnv env) {
    switch (env) {
    case SpirvTargetEnv::Vulkan1_0: return spirv::Options::kSpirv10;
    case SpirvTargetEnv::Vulkan1_1: return spirv::Options::kSpirv13;
    case SpirvTargetEnv::Vulkan1_2:
    case SpirvTargetEnv::Vulkan1_3:
    case SpirvTargetEnv::Universal1_5: break;
    }
    return spirv::Options::kSpirv15;
}

// Raises `module` for SPIR-V in place (unless `raised`: another target's raise already left it as
// SPIR-V's would) and appends one blob per entry point to `out`.
void emit_spirv(support::CompileContext& ctx, ir::Module& module, bool raised, const CompileOptions& options,
                std::string& printed_ir, std::vector<ShaderBlob>& out) {
    // Raised once, in place, for every entry point: each transform is per variable.
    spirv::RaiseOptions ro;
    ro.verify_each = options.verify_ir;
    ro.print_after = options.print_after;
    if (!raised && !spirv::raise(module, ro, ctx.diags, printed_ir)) return;

    spirv::Options so;
    so.keep_names = options.keep_names;
    so.layout = sema::LayoutOptions{options.default_matrix_packing, options.buffer_layout};
    so.version = spirv_version(options.spirv.target_env);
    so.allowed_extensions = options.spirv.extensions;
    so.entry_point_name = options.spirv.entry_point_name;
    so.invert_y = options.spirv.invert_y;
    so.reflect = options.spirv.reflect;
    so.preserve_bindings = options.spirv.preserve_bindings;
    so.dx_position_w = options.spirv.dx_position_w;
    so.nonzero_base_vertex = options.spirv.nonzero_base_vertex;
    so.nonzero_base_instance = options.spirv.nonzero_base_instance;
    so.debug = options.spirv_debug;
    // OpSource's version is the shader model times 100 plus the minor times 10, as DXC writes it.
    if (options.profile) so.source_version = static_cast<std::uint32_t>(options.profile->major * 100 + options.profile->minor * 10);
    if (so.debug.tool) so.tool = "oneshader " + std::string(version());
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
}

// Raises `module` for WGSL in place (unless `raised`: another target's raise already left it as
// WGSL's would) and appends one text blob per entry point to `out`.
void emit_wgsl(support::CompileContext& ctx, ir::Module& module, bool raised, textgen::StructureCache& structures,
               sema::LayoutEngine& layouts,
               const CompileOptions& options, const ShaderReflection* reflection, std::string& printed_ir,
               std::vector<ShaderBlob>& out) {
    wgsl::RaiseOptions ro;
    ro.verify_each = options.verify_ir;
    ro.print_after = options.print_after;
    if (!raised && !wgsl::raise(module, ro, ctx.diags, printed_ir)) return;
    wgsl::Options wo;
    wo.layout = sema::LayoutOptions{options.default_matrix_packing, options.buffer_layout};
    // The front end's engine has computed most layouts already: shared when its options are these.
    if (layouts.options() == wo.layout) wo.layouts = &layouts;
    wo.structures = &structures;
    // Reflection's WGSL slots: it sees every resource the source uses, the optimized module only
    // those left after dead code went.
    if (reflection) {
        auto add = [&](const std::string& name, const std::vector<TargetSlot>& slots) {
            for (const TargetSlot& s : slots)
                if (s.target == Target::Wgsl) wo.slots.push_back({name, wgsl::BindingSlot{s.set, s.binding}});
        };
        for (const ResourceInfo& r : reflection->resources) {
            add(r.name, r.slots);
            // An append/consume buffer's hidden counter, the lowering's `counter.var.<name>` global.
            add("counter.var." + r.name, r.counter_slots);
        }
        for (const PushConstantInfo& p : reflection->push_constants) add(p.name, p.slots);
    }
    // The binding slots are the module's, the same for every entry point: worked out once when
    // there are several.
    std::vector<std::pair<const ir::Global*, wgsl::BindingSlot>> slots;
    if (module.entry_points.size() > 1) {
        slots = wgsl::resource_slots(module);
        wo.module_slots = &slots;
    }
    for (const ir::EntryPoint* ep : module.entry_points) {
        std::string text = wgsl::emit(module, *ep, wo, ctx.diags);
        if (text.empty()) continue;
        ShaderBlob blob;
        blob.entry_point = std::string(ep->function->name);
        blob.stage = public_stage(ep->stage);
        blob.target = Target::Wgsl;
        blob.data.assign(text.begin(), text.end());
        out.push_back(std::move(blob));
    }
}

// Raises `module` for MSL in place (unless `raised`: another target's raise already left it as
// MSL's would) and appends one text blob per entry point to `out`.
void emit_msl(support::CompileContext& ctx, ir::Module& module, bool raised, textgen::StructureCache& structures,
              sema::LayoutEngine& layouts,
              const CompileOptions& options, std::string& printed_ir, std::vector<ShaderBlob>& out) {
    msl::RaiseOptions ro;
    ro.verify_each = options.verify_ir;
    ro.print_after = options.print_after;
    if (!raised && !msl::raise(module, ro, ctx.diags, printed_ir)) return;
    msl::Options mo;
    mo.layout = sema::LayoutOptions{options.default_matrix_packing, options.buffer_layout};
    if (layouts.options() == mo.layout) mo.layouts = &layouts;
    mo.structures = &structures;
    for (const ir::EntryPoint* ep : module.entry_points) {
        msl::EmitResult r = msl::emit(module, *ep, mo, ctx.diags);
        if (r.text.empty()) continue;
        ShaderBlob blob;
        blob.entry_point = std::string(ep->function->name);
        blob.stage = public_stage(ep->stage);
        blob.target = Target::Msl;
        blob.data.assign(r.text.begin(), r.text.end());
        out.push_back(std::move(blob));
    }
}

// The raise list of a target's backend.
std::span<const std::string_view> raise_list_of(Target t) {
    switch (t) {
        case Target::Msl: return msl::raise_list();
        case Target::Wgsl: return wgsl::raise_list();
        case Target::SpirV: break;
    }
    return spirv::raise_list();
}

}  // namespace

void generate_code(support::CompileContext& ctx, FrontEnd& fe, const CompileOptions& options,
                   std::span<const Target> targets, std::vector<ShaderBlob>& blobs, std::string& printed_ir,
                   ShaderReflection* reflection) {
    support::SourceRange at({1, 0});

    if (!options.print_after.empty()) {
        IrPassNames names = ir_pass_names();
        bool known = std::find(names.optimizer.begin(), names.optimizer.end(), options.print_after) !=
                         names.optimizer.end() ||
                     std::find(names.raise.begin(), names.raise.end(), options.print_after) != names.raise.end();
        if (!known) {
            ctx.diags.report(support::DiagCode::invalid_option, at,
                             fmt::format("print_after names '{}', which is no optimizer pass or raise transform",
                                         options.print_after));
            return;
        }
    }

    // One optimization for all entry points: each backend emits only what its entry point reaches.
    opt::Options oo;
    oo.verify_each_pass = options.verify_ir;
    oo.print_after = options.print_after;
    std::vector<ShaderBlob> out;
    std::vector<Target> wanted;
    wanted.reserve(targets.size());
    for (Target t : targets)
        if (std::find(wanted.begin(), wanted.end(), t) == wanted.end()) wanted.push_back(t);  // once each
    if (wanted.empty()) return;
    // The front end, lowering and optimizer run once. Each backend raises its module in place, so
    // every target but the last takes a copy of the optimized module (copying is linear and far
    // cheaper than lowering and optimizing again).
    lower::Options lo;
    lo.hlsl_reflection = options.spirv.reflect;
    ReachedResources reached;
    std::unique_ptr<ir::Module> optimized =
        lower_and_optimize(ctx, fe, options.optimize, oo, &printed_ir, lo, reflection ? &reached : nullptr);
    if (!optimized) return;
    if (reflection && !reached.empty()) {
        // Resolving resource variables may leave an entry point without resources the source
        // names (`t = kUseA ? gA : gB;`): reflection lists what the code uses.
        reflect::BuildOptions ro;
        ro.targets = reflection->targets;
        ro.source_name = reflection->source;
        ro.reaches = [&](std::string_view entry, std::string_view resource) {
            auto it = reached.find(entry);
            if (it == reached.end() || !reached[std::string()].count(resource)) return true;
            return it->second.count(resource) != 0;
        };
        *reflection = reflect::build_reflection(*fe.program, fe.layouts, ro);
    }
    if (reflection)
        for (const ir::EntryPoint* e : optimized->entry_points)
            for (EntryPointInfo& info : reflection->entry_points)
                if (e->function && info.name == e->function->name && info.stage == public_stage(e->stage))
                    info.features = entry_features(*e);
    // Targets whose raise lists have the same active transforms on the optimized module print
    // from one raised module (most modules: the lists differ in polyfills of intrinsics few
    // shaders call and in refusals and merges of constructs few use): one module copy and one
    // raise fewer for each. Not when a pass's dump is asked for, which each backend's raise prints.
    const bool may_share = wanted.size() > 1 && options.print_after.empty();
    raise::IdleTest before(*optimized);
    support::SmallVec<std::uint64_t, 3> active;  // each target's list: the transforms not idle
    support::SmallVec<std::size_t, 3> leader;    // the first target of each target's group
    std::size_t own_left = 0;                    // groups, each raising a module of its own
    for (std::size_t k = 0; k < wanted.size(); ++k) {
        const std::span<const std::string_view> list = raise_list_of(wanted[k]);
        active.push_back(may_share ? before.active(list) : ~std::uint64_t{0});
        leader.push_back(k);
        for (std::size_t j = 0; may_share && j < k && leader[k] == k; ++j)
            if (leader[j] == j && raise::IdleTest::same_active(raise_list_of(wanted[j]), active[j], list, active[k]))
                leader[k] = j;
        if (leader[k] == k) ++own_left;
    }
    // Each group's module, raised by its first target: the last group to raise takes the optimized
    // module, the others a copy of it. The statement trees of a module (built after its raise,
    // when it no longer changes) serve every text target of its group.
    support::SmallVec<ir::Module*, 3> group_module;
    group_module.resize(wanted.size(), nullptr);
    std::vector<std::unique_ptr<textgen::StructureCache>> structures(wanted.size());
    std::vector<std::unique_ptr<ir::Module>> copies;
    for (std::size_t k = 0; k < wanted.size(); ++k) {
        const std::size_t g = leader[k];
        const bool raised = g != k;
        if (!raised) {
            group_module[k] = optimized.get();
            if (--own_left > 0) {
                copies.push_back(std::make_unique<ir::Module>(ctx.arena, fe.types));
                ir::clone_module(*optimized, *copies.back());
                group_module[k] = copies.back().get();
            }
        }
        ir::Module& module = *group_module[g];
        if (wanted[k] != Target::SpirV && !structures[g]) structures[g] = std::make_unique<textgen::StructureCache>(module.arena());
        switch (wanted[k]) {
            case Target::SpirV: emit_spirv(ctx, module, raised, options, printed_ir, out); break;
            case Target::Wgsl:
                emit_wgsl(ctx, module, raised, *structures[g], fe.layouts, options, reflection, printed_ir, out);
                break;
            case Target::Msl: emit_msl(ctx, module, raised, *structures[g], fe.layouts, options, printed_ir, out); break;
        }
        if (ctx.diags.has_errors()) return;
        if (raised) continue;
        // What made the lists agree still holds after the raise: every transform of another
        // target's list that was idle before (its active ones are the ones this raise ran) is idle
        // on the result too (no transform calls an intrinsic a polyfill rewrites). Checked, since a
        // module raised for another target would print wrong code rather than fail.
        std::optional<raise::IdleTest> after;
        for (std::size_t m = k + 1; m < wanted.size(); ++m) {
            if (leader[m] != k) continue;
            if (!after) after.emplace(module);
            const std::span<const std::string_view> list = raise_list_of(wanted[m]);
            for (std::size_t i = 0; i < list.size(); ++i) {
                const std::string_view n = list[i];
                if ((active[m] >> i & 1) || after->idle(n)) continue;
                ctx.diags.report(support::DiagCode::internal_error, at,
                                 fmt::format("internal compiler error (the module raised for {} no longer suits {}: "
                                             "'{}' would change it; compile them in separate calls)",
                                             to_string(wanted[k]), to_string(wanted[m]), n));
                return;
            }
        }
    }
    blobs.reserve(blobs.size() + out.size());
    for (ShaderBlob& b : out) blobs.push_back(std::move(b));
}

}  // namespace oneshader::driver

namespace oneshader {

IrPassNames ir_pass_names() {
    IrPassNames out;
    for (std::string_view n : opt::pass_names()) out.optimizer.emplace_back(n);
    // Every backend's raise list, each name once.
    for (std::string_view n : spirv::raise_list())
        if (std::find(out.raise.begin(), out.raise.end(), n) == out.raise.end()) out.raise.emplace_back(n);
    for (std::string_view n : wgsl::raise_list())
        if (std::find(out.raise.begin(), out.raise.end(), n) == out.raise.end()) out.raise.emplace_back(n);
    for (std::string_view n : msl::raise_list())
        if (std::find(out.raise.begin(), out.raise.end(), n) == out.raise.end()) out.raise.emplace_back(n);
    return out;
}

}  // namespace oneshader
