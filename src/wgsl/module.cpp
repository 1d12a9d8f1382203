// The module as a whole: what the entry point reaches, the declarations it needs (enables and
// diagnostics, structs, overrides, resources, variables), and the entry function that copies the
// stage inputs into private variables and the outputs into its return struct (spec page "The
// WGSL backend": stage I/O).
#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <set>

#include "textgen/structurize.hpp"
#include "types/types_print.hpp"
#include "types/types_query.hpp"
#include "wgsl/bindings.hpp"
#include "wgsl/printer.hpp"
#include "textgen/format.hpp"

namespace oneshader::wgsl {

std::string entry_function_name(std::string_view hlsl_name) {
    return textgen::legal_name(textgen::NameTarget::Wgsl, hlsl_name);
}

namespace {

bool is_bound_resource(const ir::Global* g) {
    return g->global_kind() == ir::GlobalKind::Resource && g->space() != sema::AddressSpace::PushConstant;
}

}  // namespace

std::vector<std::pair<const ir::Global*, BindingSlot>> resource_slots(const ir::Module& module) {
    // The resources some entry point of the module uses, as reflection counts them (a resource
    // only declared keeps its binding and moves nothing).
    support::PointerSet<const ir::Global*> used;
    support::PointerSet<const ir::Function*> seen;
    std::vector<const ir::Function*> work;
    work.reserve(module.functions.size());
    for (const ir::EntryPoint* ep : module.entry_points) work.push_back(ep->function);
    while (!work.empty()) {
        const ir::Function* f = work.back();
        work.pop_back();
        if (!seen.insert(f)) continue;
        for (const ir::Block* b : f->blocks)
            for (const ir::Instruction* i : b->instructions) {
                if (i->opcode == ir::Opcode::Call && i->callee) work.push_back(i->callee);
                for (const ir::Value* v : i->operands)
                    if (const auto* g = v->as<ir::Global>()) used.insert(g);
            }
    }
    // Reflection counts an append/consume buffer's hidden counter (the lowering's
    // `counter.var.<name>`) wherever it counts the buffer, even where only GetDimensions uses it.
    constexpr std::string_view counter_prefix = "counter.var.";
    for (const ir::Global* c : module.globals) {
        std::string_view n = c->name();
        if (n.size() <= counter_prefix.size() || n.substr(0, counter_prefix.size()) != counter_prefix) continue;
        std::string_view buffer = n.substr(counter_prefix.size());
        for (const ir::Global* g : module.globals) {
            if (g->name() != buffer || !used.contains(g)) continue;
            const auto* r = g->value_type()->as<sema::ResourceType>();
            // A RWStructuredBuffer has one only where IncrementCounter/DecrementCounter is called.
            if (r && (r->resource == sema::ResourceKind::AppendStructuredBuffer ||
                      r->resource == sema::ResourceKind::ConsumeStructuredBuffer ||
                      r->resource == sema::ResourceKind::RWStructuredBuffer)) {
                used.insert(c);
                break;
            }
        }
    }
    std::vector<const ir::Global*> resources;
    std::vector<BindingSlot> vulkan;
    resources.reserve(used.size());
    vulkan.reserve(used.size());
    for (const ir::Global* g : module.globals) {
        if (!is_bound_resource(g) || !used.contains(g)) continue;
        resources.push_back(g);
        vulkan.push_back({g->set.value_or(0), g->binding.value_or(0)});
    }
    std::vector<BindingSlot> wgsl = wgsl_bindings(vulkan);
    std::vector<std::pair<const ir::Global*, BindingSlot>> out;
    out.reserve(resources.size());
    for (std::size_t k = 0; k < resources.size(); ++k) out.push_back({resources[k], wgsl[k]});
    return out;
}

PushConstantSlot push_constant_slot(const ir::Module& module) {
    std::vector<BindingSlot> wgsl;
    for (const auto& [g, slot] : resource_slots(module)) wgsl.push_back(slot);
    BindingSlot b = push_constant_binding(wgsl);
    return PushConstantSlot{b.group, b.binding};
}

Printer::Printer(const ir::Module& module, const ir::EntryPoint& entry, const Options& options,
                 support::DiagnosticEngine& diags)
    : module_(module), entry_(entry), options_(options), diags_(diags), own_layouts_(arena_, options.layout),
      layouts_(options.layouts ? *options.layouts : own_layouts_) {}

void Printer::refuse(const std::string& message) {
    failed_ = true;
    // One message per distinct problem: a construct repeated in a loop body is one error.
    if (!reported_.insert(message).second) return;
    diags_.report(support::DiagCode::wgsl_not_expressible, at_.range(), message);
}

void Printer::malformed(const std::string& message) {
    failed_ = true;
    if (!reported_.insert(message).second) return;
    diags_.report(support::DiagCode::wgsl_malformed_input, at_.range(), "WGSL: malformed input: " + message);
}

const ir::Global* Printer::root_global(const ir::Value* p) const {
    while (p) {
        if (const auto* g = p->as<ir::Global>()) return g;
        const auto* i = p->as<ir::Instruction>();
        if (!i || i->opcode != ir::Opcode::AccessChain) return nullptr;
        p = i->operands[0];
    }
    return nullptr;
}

bool Printer::refused_resource(const ir::Global* g) const {
    if (!g || g->global_kind() != ir::GlobalKind::Resource) return false;
    if (g->value_type()->is<sema::ArrayType>()) return true;
    const auto* r = g->value_type()->as<sema::ResourceType>();
    using K = sema::ResourceKind;
    return r && (sema::is_typed_buffer(r->resource) || r->resource == K::Texture1DArray ||
                 r->resource == K::Texture2DMSArray || r->resource == K::RWTexture1DArray);
}

void Printer::collect_function(const ir::Function* f) {
    if (collected_functions_.contains(f)) return;
    if (f == current_) {
        refuse(textgen::format(FMT_COMPILE("the function '{}' calls itself; WGSL has no recursion. Rewrite it as a loop"),
                           f->name));
        return;
    }
    const ir::Function* caller = current_;
    current_ = f;
    auto note_global = [&](const ir::Value* v) {
        if (const auto* g = v->as<ir::Global>())
            if (reached_globals_.insert(g)) globals_.push_back(g);
        if (const auto* s = v->as<ir::SpecConstant>()) specs_.insert(s);
    };
    for (const ir::Block* b : f->blocks) {
        for (const ir::Instruction* i : b->instructions) {
            for (const ir::Value* v : i->operands) note_global(v);
            using O = ir::Opcode;
            switch (i->opcode) {
                case O::Call:
                    if (i->callee) collect_function(i->callee);
                    break;
                case O::CallIntrinsic:
                    // The entry function takes the subgroup built-ins these read as parameters.
                    if (i->intrinsic == intrinsics::Id::WaveGetLaneIndex) lane_index_ = "wave_lane_index";
                    if (i->intrinsic == intrinsics::Id::WaveGetLaneCount) lane_count_ = "wave_lane_count";
                    break;
                case O::Store:
                case O::ByteAddressStore:
                case O::TextureStore:
                    if (const ir::Global* g = root_global(i->operands[0])) written_globals_.insert(g);
                    break;
                case O::AtomicRmw:
                case O::AtomicCompareExchange:
                    if (const ir::Global* g = root_global(i->operands[0])) {
                        written_globals_.insert(g);
                        atomic_globals_.insert(g);
                    }
                    break;
                case O::TextureSampleCompare:
                case O::TextureSampleCompareLevelZero:
                case O::TextureGatherCompare:
                    if (const ir::Global* g = root_global(i->operands[0])) depth_textures_.insert(g);
                    break;
                case O::Load:
                case O::ByteAddressLoad:
                case O::TextureLoad:
                    if (const ir::Global* g = root_global(i->operands[0])) read_globals_.insert(g);
                    break;
                default: break;
            }
        }
    }
    current_ = caller;
    collected_functions_.insert(f);
    functions_.push_back(f);
}

void Printer::collect() {
    globals_.reserve(entry_.inputs.size() + entry_.outputs.size());
    for (const ir::Global* g : entry_.inputs)
        if (reached_globals_.insert(g)) globals_.push_back(g);
    for (const ir::Global* g : entry_.outputs)
        if (reached_globals_.insert(g)) globals_.push_back(g);
    collect_function(entry_.function);
    // Module order, as the IR lists them, so the text does not depend on the walk.
    std::vector<const ir::Global*> ordered;
    ordered.reserve(globals_.size());
    for (const ir::Global* g : module_.globals)
        if (reached_globals_.contains(g)) ordered.push_back(g);
    globals_ = std::move(ordered);
}

std::string Printer::global_name(const ir::Global* g) {
    auto known = global_names_.find(g);
    if (known != global_names_.end()) return known->second;
    std::string_view want = g->name();
    // Stage variables are named after their semantic (`in.var.TEXCOORD0`).
    std::string renamed;
    for (std::string_view prefix : {std::string_view("in.var."), std::string_view("out.var.")})
        if (want.starts_with(prefix)) {
            renamed = textgen::cat(prefix == "in.var." ? "in_" : "out_", want.substr(prefix.size()));
            want = renamed;
            break;
        }
    if (want.empty()) want = "g";
    std::string& n = global_names_[g];
    n = names_.fresh(want);
    return n;
}

const sema::TypeLayout* Printer::buffer_layout(const ir::Global* g) {
    const sema::Type* t = g->value_type();
    if (const auto* r = t->as<sema::ResourceType>()) {
        if (!r->element) return nullptr;
        return layouts_.layout(r->element, sema::layout_rule_for(r->resource));
    }
    // A push-constant block is its struct itself.
    return layouts_.layout(t, sema::LayoutRule::Storage);
}

std::string Printer::storage_texture_format(const ir::Global* g) {
    using F = ir::ImageFormat;
    switch (g->image_format) {
        case F::Rgba8: return "rgba8unorm";
        case F::Rgba8snorm: return "rgba8snorm";
        case F::Rgba8ui: return "rgba8uint";
        case F::Rgba8i: return "rgba8sint";
        case F::Rgba16ui: return "rgba16uint";
        case F::Rgba16i: return "rgba16sint";
        case F::Rgba16f: return "rgba16float";
        case F::R32ui: return "r32uint";
        case F::R32i: return "r32sint";
        case F::R32f: return "r32float";
        case F::Rg32ui: return "rg32uint";
        case F::Rg32i: return "rg32sint";
        case F::Rg32f: return "rg32float";
        case F::Rgba32ui: return "rgba32uint";
        case F::Rgba32i: return "rgba32sint";
        case F::Rgba32f: return "rgba32float";
        case F::Unknown:
            refuse(textgen::format(FMT_COMPILE("The storage texture '{}' has no texel format; WGSL needs one. Add "
                               "[[vk::image_format(\"...\")]] to its declaration."),
                               g->name()));
            return "r32float";
        default:
            refuse(textgen::format(FMT_COMPILE("The storage texture '{}' has the format '{}', which WebGPU storage textures do not "
                               "have; use rgba8, rgba16f, r32f, rg32f, rgba32f or an integer form of those."),
                               g->name(), ir::image_format_name(g->image_format)));
            return "r32float";
    }
}

void Printer::declare_resource(const ir::Global* g) {
    const sema::Type* t = g->value_type();
    std::string name = global_name(g);
    BindingSlot bs{g->set.value_or(0), g->binding.value_or(0)};
    if (g->space() == sema::AddressSpace::PushConstant) {
        PushConstantSlot pc = push_constant_slot(module_);
        bs = {pc.group, pc.binding};
    } else {
        if (!slots_) {
            slots_ = options_.module_slots ? options_.module_slots : &own_slots_.emplace(resource_slots(module_));
            slot_by_global_.reserve(slots_->size());
            for (const auto& [r, s] : *slots_) slot_by_global_[r] = s;
        }
        if (const auto* e = slot_by_global_.find(g)) bs = e->second;
    }
    if (!options_.slots.empty()) {
        if (slot_by_name_.empty()) {
            slot_by_name_.assign(options_.slots.begin(), options_.slots.end());
            std::stable_sort(slot_by_name_.begin(), slot_by_name_.end(),
                             [](const auto& x, const auto& y) { return x.first < y.first; });
        }
        auto after = std::upper_bound(slot_by_name_.begin(), slot_by_name_.end(), g->name(),
                                      [](std::string_view n, const auto& e) { return n < e.first; });
        if (after != slot_by_name_.begin() && std::prev(after)->first == g->name()) bs = std::prev(after)->second;
    }
    std::string slot = textgen::cat("@group(", textgen::Decimal(bs.group), ") @binding(", textgen::Decimal(bs.binding), ") ");
    if (t->is<sema::ArrayType>()) {
        refuse(textgen::format(FMT_COMPILE("'{}' is an array of resources, and WebGPU has no binding arrays; declare separate "
                           "resources or use a Texture2DArray instead"),
                           g->name()));
        return;
    }
    const auto* r = t->as<sema::ResourceType>();
    using K = sema::ResourceKind;
    if (!r || r->resource == K::ConstantBuffer) {
        const sema::TypeLayout* l = buffer_layout(g);
        std::uint32_t rows = l ? std::max<std::uint32_t>(1, (l->size + 15) / 16) : 1;
        out().line_of(slot, "var<uniform> ", name, ": array<vec4<u32>, ", textgen::Decimal(rows), ">;");
        return;
    }
    auto texel = [&](const sema::Type* e) {
        const sema::ScalarType* s = e ? sema::component_type(e) : nullptr;
        if (!s || sema::is_float_kind(s->scalar)) return std::string("f32");
        return std::string(sema::is_signed_kind(s->scalar) ? "i32" : "u32");
    };
    if (r->rasterizer_ordered) {
        refuse(fmt::format("'{}' is a rasterizer-ordered view ({}), and WGSL has no fragment shader interlock or raster "
                           "order groups; use a {} where overlapping fragments do not race",
                           g->name(), sema::resource_type_name(r), sema::resource_kind_name(r->resource)));
        return;
    }
    bool depth = is_depth_texture(g);
    switch (r->resource) {
        // A tbuffer or TextureBuffer<T> is one T in read-only storage: words, entered as T itself.
        case K::TextureBuffer:
            out().line_of(slot, "var<storage, read> ", name, ": array<u32>;");
            return;
        // An append or consume buffer is its elements; the lowering gave its hidden counter a
        // RWByteAddressBuffer global of its own (atomics make it array<atomic<u32>>), at the
        // counter binding reflection reports (beyond the spec's 1.2 list, docs/wgsl.md).
        case K::StructuredBuffer:
        case K::RWStructuredBuffer:
        case K::AppendStructuredBuffer:
        case K::ConsumeStructuredBuffer:
        case K::ByteAddressBuffer:
        case K::RWByteAddressBuffer: {
            bool written = written_globals_.count(g) != 0;
            std::string_view word = is_atomic_global(g) ? "atomic<u32>" : "u32";
            out().line_of(slot, "var<storage, ", written ? "read_write" : "read", "> ", name, ": array<", word, ">;");
            return;
        }
        case K::Buffer:
        case K::RWBuffer:
            refuse(textgen::format(FMT_COMPILE("'{}' is a typed buffer (Buffer<T>/RWBuffer<T>), which WGSL does not have; use a "
                               "StructuredBuffer<T> or RWStructuredBuffer<T> instead"),
                               g->name()));
            return;
        case K::SubpassInput:
        case K::SubpassInputMS:
            refuse(textgen::format(FMT_COMPILE("'{}' is an input attachment (SubpassInput), which WebGPU does not have; bind the "
                               "attachment as a Texture2D and textureLoad it at the fragment's position instead"),
                               g->name()));
            return;
        case K::SamplerState: out().line_of(slot, "var ", name, ": sampler;"); return;
        case K::SamplerComparisonState: out().line_of(slot, "var ", name, ": sampler_comparison;"); return;
        case K::Texture1DArray:
        case K::Texture2DMSArray:
        case K::RWTexture1DArray:
            refuse(textgen::format(FMT_COMPILE("'{}' is a {}, which WGSL does not have; use a 2D (array) texture"), g->name(),
                               r->resource == K::Texture2DMSArray ? "multisampled texture array" : "1D texture array"));
            return;
        default: break;
    }
    std::string ty;
    if (sema::is_storage_texture(r->resource)) {
        bool written = written_globals_.count(g) != 0, read = read_globals_.count(g) != 0;
        std::string format = storage_texture_format(g);
        std::string access = written && read ? "read_write" : written ? "write" : "read";
        if (access == "read_write" && format != "r32float" && format != "r32uint" && format != "r32sint")
            refuse(textgen::format(FMT_COMPILE("The storage texture '{}' is read and written in the format '{}'; WGSL reads and "
                               "writes one storage texture only as r32float, r32uint or r32sint"),
                               g->name(), format));
        std::string dim = r->resource == K::RWTexture1D     ? "1d"
                          : r->resource == K::RWTexture2D    ? "2d"
                          : r->resource == K::RWTexture2DArray ? "2d_array"
                                                            : "3d";
        ty = textgen::format(FMT_COMPILE("texture_storage_{}<{}, {}>"), dim, format, access);
    } else if (depth) {
        switch (r->resource) {
            case K::Texture2D: ty = "texture_depth_2d"; break;
            case K::Texture2DArray: ty = "texture_depth_2d_array"; break;
            case K::TextureCube: ty = "texture_depth_cube"; break;
            case K::TextureCubeArray: ty = "texture_depth_cube_array"; break;
            case K::Texture2DMS: ty = "texture_depth_multisampled_2d"; break;
            default:
                refuse(textgen::format(FMT_COMPILE("'{}' is sampled with a comparison sampler, and WGSL has no such depth texture "
                                   "of its shape; use a Texture2D, Texture2DArray or TextureCube"),
                                   g->name()));
                return;
        }
    } else {
        std::string e = texel(r->element);
        switch (r->resource) {
            case K::Texture1D: ty = "texture_1d<" + e + ">"; break;
            case K::Texture2D: ty = "texture_2d<" + e + ">"; break;
            case K::Texture2DArray: ty = "texture_2d_array<" + e + ">"; break;
            case K::Texture2DMS: ty = "texture_multisampled_2d<" + e + ">"; break;
            case K::Texture3D: ty = "texture_3d<" + e + ">"; break;
            case K::TextureCube: ty = "texture_cube<" + e + ">"; break;
            case K::TextureCubeArray: ty = "texture_cube_array<" + e + ">"; break;
            default: malformed("an unknown texture kind"); return;
        }
    }
    out().line_of(slot, "var ", name, ": ", ty, ";");
}

namespace {

struct BuiltinInfo {
    const char* name;
    const char* type;
};

std::optional<BuiltinInfo> builtin_info(ir::BuiltIn b) {
    using B = ir::BuiltIn;
    switch (b) {
        case B::Position:
        case B::FragCoord: return BuiltinInfo{"position", "vec4<f32>"};
        case B::VertexIndex: return BuiltinInfo{"vertex_index", "u32"};
        case B::InstanceIndex: return BuiltinInfo{"instance_index", "u32"};
        case B::FrontFacing: return BuiltinInfo{"front_facing", "bool"};
        case B::SampleIndex: return BuiltinInfo{"sample_index", "u32"};
        case B::SampleMask: return BuiltinInfo{"sample_mask", "u32"};
        case B::FragDepth:
        case B::FragDepthGreaterEqual:
        case B::FragDepthLessEqual: return BuiltinInfo{"frag_depth", "f32"};
        case B::GlobalInvocationId: return BuiltinInfo{"global_invocation_id", "vec3<u32>"};
        case B::LocalInvocationId: return BuiltinInfo{"local_invocation_id", "vec3<u32>"};
        case B::LocalInvocationIndex: return BuiltinInfo{"local_invocation_index", "u32"};
        case B::WorkgroupId: return BuiltinInfo{"workgroup_id", "vec3<u32>"};
        case B::NumWorkgroups: return BuiltinInfo{"num_workgroups", "vec3<u32>"};
        case B::SubgroupLocalInvocationId: return BuiltinInfo{"subgroup_invocation_id", "u32"};
        case B::SubgroupSize: return BuiltinInfo{"subgroup_size", "u32"};
        default: return std::nullopt;
    }
}

// `expr` of the WGSL built-in type `from` as the stage variable's `to` (fewer components, another
// integer signedness), or the other way for outputs.
std::string builtin_convert(Printer& p, const std::string& expr, std::string_view from, const sema::Type* to,
                            bool to_builtin) {
    std::string want = p.type(to);
    if (want == from) return expr;
    if (to_builtin) return std::string(from) + "(" + expr + ")";
    std::uint32_t n = sema::component_count(to);
    std::string e = expr;
    if (from.rfind("vec", 0) == 0 && n < std::uint32_t(from[3] - '0')) e += n == 1 ? ".x" : n == 2 ? ".xy" : ".xyz";
    return want + "(" + e + ")";
}

}  // namespace

void Printer::declare_global(const ir::Global* g) {
    textgen::SourceAt::Scope here(at_, g->loc);
    std::string name = global_name(g);
    switch (g->global_kind()) {
        case ir::GlobalKind::Resource: declare_resource(g); return;
        case ir::GlobalKind::Private:
            if (g->initializer) out().line_of("var<private> ", name, ": ", type(g->value_type()), " = ", constant(g->initializer), ";");
            else out().line_of("var<private> ", name, ": ", type(g->value_type()), ";");
            return;
        case ir::GlobalKind::Workgroup: {
            std::string t = type(g->value_type());
            if (is_atomic_global(g)) {
                const sema::Type* leaf = sema::innermost_element(g->value_type());
                if (!leaf->is<sema::ScalarType>()) {
                    refuse(textgen::format(FMT_COMPILE("the groupshared '{}' takes atomics on members of a struct; WGSL atomics "
                                       "need atomic types, so use a groupshared uint or int (array) for them"),
                                       g->name()));
                    return;
                }
                std::string s = type(leaf);
                t.replace(t.find(s), s.size(), "atomic<" + s + ">");
            }
            out().line_of("var<workgroup> ", name, ": ", t, ";");
            return;
        }
        case ir::GlobalKind::Input:
        case ir::GlobalKind::Output: {
            if (g->builtin == ir::BuiltIn::ClipDistance || g->builtin == ir::BuiltIn::CullDistance) {
                refuse("SV_ClipDistance and SV_CullDistance need WebGPU's optional clip-distances feature, which "
                       "this backend does not use; clip in the pixel shader with clip() or discard instead.");
                return;
            }
            if (g->builtin && !builtin_info(*g->builtin)) {
                using B = ir::BuiltIn;
                B b = *g->builtin;
                if (b == B::PrimitiveId || b == B::Layer || b == B::ViewportIndex)
                    refuse("SV_PrimitiveID, SV_RenderTargetArrayIndex and SV_ViewportArrayIndex are not available in "
                           "WGSL: WebGPU has no primitive index, layer or viewport index built-ins. Pass the value "
                           "through a vertex output or a buffer instead.");
                else
                    refuse(textgen::format(FMT_COMPILE("the built-in '{}' is not available in WGSL; pass the value through a buffer "
                                       "or a vertex output instead"),
                                       ir::builtin_name(b)));
                return;
            }
            if (!g->builtin && sema::component_type(g->value_type()) &&
                sema::component_type(g->value_type())->scalar == sema::ScalarKind::Bool) {
                refuse(textgen::format(FMT_COMPILE("the stage variable '{}' is a bool, and WGSL stage inputs and outputs cannot be; "
                                   "use uint and compare with 0"),
                                   g->name()));
                return;
            }
            out().line_of("var<private> ", name, ": ", type(g->value_type()), ";");
            return;
        }
    }
}

namespace {

std::string_view interpolation(std::uint8_t bits) {
    if (bits & sema::kInterpNoInterpolation) return "@interpolate(flat) ";
    const bool linear = bits & sema::kInterpNoPerspective;
    if (bits & sema::kInterpCentroid) return linear ? "@interpolate(linear, centroid) " : "@interpolate(perspective, centroid) ";
    if (bits & sema::kInterpSample) return linear ? "@interpolate(linear, sample) " : "@interpolate(perspective, sample) ";
    if (linear) return "@interpolate(linear) ";
    return "";
}

}  // namespace

void Printer::print_entry_wrapper() {
    const ir::Function* f = entry_.function;
    std::string name = function_names_[f];
    bool vertex = entry_.stage == ir::ShaderStage::Vertex, pixel = entry_.stage == ir::ShaderStage::Pixel;
    // Parameters: one per input, with its location or built-in. The signature and the copies into
    // the globals (one line each, separated by '\n') are each built in one buffer.
    std::string sig, copies;
    // Room for typical entries, so that a buffer does not grow entry by entry.
    sig.reserve(32 + 48 * entry_.inputs.size());
    copies.reserve(40 * entry_.inputs.size());
    textgen::append_all(sig, "fn ", name, '(');
    const char* separator = "";
    for (const ir::Global* g : entry_.inputs) {
        std::string pname = locals_.fresh(textgen::cat("in_", global_name(g)));
        std::string t = type(g->value_type());
        if (g->builtin) {
            auto b = builtin_info(*g->builtin);
            if (!b) continue;
            if (*g->builtin == ir::BuiltIn::SubgroupLocalInvocationId || *g->builtin == ir::BuiltIn::SubgroupSize)
                use_subgroups();
            textgen::append_all(sig, separator, "@builtin(", b->name, ") ", pname, ": ", b->type);
            const std::string global = global_name(g);
            textgen::append_all(copies, global, " = ", builtin_convert(*this, pname, b->type, g->value_type(), false), ";\n");
        } else {
            std::string_view interp = pixel ? interpolation(g->interpolation) : "";
            textgen::append_all(sig, separator, "@location(", textgen::Decimal(g->location.value_or(0)), ") ", interp, pname,
                                ": ", t);
            textgen::append_all(copies, global_name(g), " = ", pname, ";\n");
        }
        separator = ", ";
    }
    for (std::string* var : {&lane_index_, &lane_count_}) {
        if (var->empty()) continue;
        bool index = var == &lane_index_;
        std::string pname = locals_.fresh(textgen::cat("in_", *var));
        textgen::append_all(sig, separator, "@builtin(", index ? "subgroup_invocation_id" : "subgroup_size", ") ", pname,
                            ": u32");
        separator = ", ";
        textgen::append_all(copies, *var, " = ", pname, ";\n");
        textgen::append_all(lane_declarations_, "var<private> ", *var, ": u32;\n");
    }
    std::string output_struct;
    if (!entry_.outputs.empty()) {
        output_struct = names_.fresh(textgen::cat(name, "_Output"));
        std::string text = textgen::cat("struct ", output_struct, " {\n");
        textgen::Namer member_names{textgen::NameTarget::Wgsl};
        for (const ir::Global* g : entry_.outputs) {
            std::string m = member_names.fresh(textgen::cat(name, '_', global_name(g)));
            if (g->builtin) {
                auto b = builtin_info(*g->builtin);
                if (!b) continue;
                textgen::append_all(text, "    @builtin(", b->name, ") ", m, ": ", b->type, ",\n");
            } else {
                std::string_view interp = vertex ? interpolation(g->interpolation) : "";
                textgen::append_all(text, "    @location(", textgen::Decimal(g->location.value_or(0)), ") ", interp, m, ": ",
                                    type(g->value_type()), ",\n");
            }
        }
        text += "}\n\n";
        structs_ += text;
    }
    if (entry_.stage == ir::ShaderStage::Compute)
        out().line_of("@compute @workgroup_size(", textgen::Decimal(std::max<std::uint32_t>(1, entry_.workgroup_size[0])), ", ",
                      textgen::Decimal(std::max<std::uint32_t>(1, entry_.workgroup_size[1])), ", ",
                      textgen::Decimal(std::max<std::uint32_t>(1, entry_.workgroup_size[2])), ")");
    else
        out().line(vertex ? "@vertex" : pixel ? "@fragment" : "@compute");
    if (output_struct.empty()) sig += ") {";
    else textgen::append_all(sig, ") -> ", output_struct, " {");
    out().open(sig);
    out().lines(copies);
    entry_output_ = output_struct;
}

std::string Printer::run() {
    collect();
    if (failed_) return {};
    // Module-scope names first, so no local or helper takes one.
    for (const ir::Function* f : functions_) {
        std::string want = f == entry_.function ? entry_function_name(f->name) : std::string(f->name);
        function_names_[f] = names_.fresh(want);
    }
    for (const ir::Global* g : globals_) global_name(g);
    for (std::string* var : {&lane_index_, &lane_count_})
        if (!var->empty()) *var = names_.fresh(*var);
    for (const ir::SpecConstant* s : specs_) {
        std::string n = names_.fresh(s->name().empty() ? "spec" + std::to_string(s->id) : std::string(s->name()));
        value_names_[s] = n;
    }

    textgen::TextWriter decls;
    std::swap(decls, body_);
    // Overrides, in id order.
    std::vector<const ir::SpecConstant*> specs(specs_.begin(), specs_.end());
    std::sort(specs.begin(), specs.end(), [](auto* a, auto* b) { return a->id < b->id; });
    for (const ir::SpecConstant* s : specs) {
        if (s->id > 65535)
            refuse(textgen::format(FMT_COMPILE("the specialization constant '{}' has the id {}; WGSL override ids go up to 65535"),
                               s->name(), s->id));
        out().format_line(FMT_COMPILE("@id({}) override {}: {} = {};"), s->id, value_names_[s], type(s->type()),
                               constant(s->default_value));
    }
    for (const ir::Global* g : globals_) declare_global(g);
    std::swap(decls, body_);

    for (const ir::Function* f : functions_) print_function(f);
    if (failed_) return {};

    std::string text;
    // The header lines take under 128 characters.
    text.reserve(128 + structs_.size() + decls.text().size() + lane_declarations_.size() + helpers_.size() +
                 body_.text().size());
    if (f16_) text += "enable f16;\n";
    if (subgroups_) text += "enable subgroups;\n";
    if (subgroups_) text += "diagnostic(off, subgroup_uniformity);\n";
    if (derivatives_ && entry_.stage == ir::ShaderStage::Pixel) text += "diagnostic(off, derivative_uniformity);\n";
    if (!text.empty()) text += "\n";
    text += structs_;
    if (!decls.text().empty() || !lane_declarations_.empty()) textgen::append_all(text, decls.text(), lane_declarations_, '\n');
    text += helpers_;
    text += body_.text();
    return text;
}

std::string emit(const ir::Module& module, const ir::EntryPoint& entry, const Options& options,
                 support::DiagnosticEngine& diags) {
    Printer p(module, entry, options, diags);
    std::string text = p.run();
    if (p.failed()) return {};
    return text;
}

}  // namespace oneshader::wgsl
