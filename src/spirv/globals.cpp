// Module-scope variables: private and groupshared globals, resources with their descriptor
// decorations, and stage variables with locations, built-ins and interpolation. Stage arrays and
// matrices arrive split into one variable per element or row, and clip/cull distances and the
// sample mask merged into one built-in array each (the raise list, spirv/raise.cpp, does both).
#include "spirv/emitter.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {
namespace {

spv::StorageClass storage_class(sema::AddressSpace s) {
    switch (s) {
    case sema::AddressSpace::Function: return spv::StorageClass::Function;
    case sema::AddressSpace::Private: return spv::StorageClass::Private;
    case sema::AddressSpace::Workgroup: return spv::StorageClass::Workgroup;
    case sema::AddressSpace::Uniform: return spv::StorageClass::Uniform;
    case sema::AddressSpace::UniformConstant: return spv::StorageClass::UniformConstant;
    case sema::AddressSpace::StorageBuffer: return spv::StorageClass::StorageBuffer;
    case sema::AddressSpace::PushConstant: return spv::StorageClass::PushConstant;
    case sema::AddressSpace::Input: return spv::StorageClass::Input;
    case sema::AddressSpace::Output: return spv::StorageClass::Output;
    }
    return spv::StorageClass::Private;
}

spv::ImageFormat spirv_format(ir::ImageFormat f) {
    using F = ir::ImageFormat;
    using S = spv::ImageFormat;
    switch (f) {
    case F::Unknown: return S::Unknown;
    case F::Rgba32f: return S::Rgba32f;
    case F::Rgba16f: return S::Rgba16f;
    case F::R32f: return S::R32f;
    case F::Rgba8: return S::Rgba8;
    case F::Rgba8snorm: return S::Rgba8Snorm;
    case F::Rg32f: return S::Rg32f;
    case F::Rg16f: return S::Rg16f;
    case F::R11g11b10f: return S::R11fG11fB10f;
    case F::R16f: return S::R16f;
    case F::Rgba16: return S::Rgba16;
    case F::Rgb10a2: return S::Rgb10A2;
    case F::Rg16: return S::Rg16;
    case F::Rg8: return S::Rg8;
    case F::R16: return S::R16;
    case F::R8: return S::R8;
    case F::Rgba16snorm: return S::Rgba16Snorm;
    case F::Rg16snorm: return S::Rg16Snorm;
    case F::Rg8snorm: return S::Rg8Snorm;
    case F::R16snorm: return S::R16Snorm;
    case F::R8snorm: return S::R8Snorm;
    case F::Rgba32i: return S::Rgba32i;
    case F::Rgba16i: return S::Rgba16i;
    case F::Rgba8i: return S::Rgba8i;
    case F::R32i: return S::R32i;
    case F::Rg32i: return S::Rg32i;
    case F::Rg16i: return S::Rg16i;
    case F::Rg8i: return S::Rg8i;
    case F::R16i: return S::R16i;
    case F::R8i: return S::R8i;
    case F::Rgba32ui: return S::Rgba32ui;
    case F::Rgba16ui: return S::Rgba16ui;
    case F::Rgba8ui: return S::Rgba8ui;
    case F::R32ui: return S::R32ui;
    case F::Rgb10a2ui: return S::Rgb10a2ui;
    case F::Rg32ui: return S::Rg32ui;
    case F::Rg16ui: return S::Rg16ui;
    case F::Rg8ui: return S::Rg8ui;
    case F::R16ui: return S::R16ui;
    case F::R8ui: return S::R8ui;
    case F::R64ui: return S::R64ui;
    case F::R64i: return S::R64i;
    }
    return S::Unknown;
}

// The formats every Vulkan device supports for storage images without StorageImageExtendedFormat.
bool core_storage_format(spv::ImageFormat f) {
    using S = spv::ImageFormat;
    switch (f) {
    case S::Rgba32f: case S::Rgba16f: case S::R32f: case S::Rgba8: case S::Rgba8Snorm: case S::Rgba32i:
    case S::Rgba16i: case S::Rgba8i: case S::R32i: case S::Rgba32ui: case S::Rgba16ui: case S::Rgba8ui:
    case S::R32ui:
        return true;
    default: return false;
    }
}

}  // namespace

const GlobalInfo* Emitter::global_info(const ir::Global* g) const {
    const GlobalInfo* const* info = globals_info_.find(g);
    return info ? *info : nullptr;
}

void Emitter::decorate_stage_variable(const ir::Global* g, Id var, std::optional<std::uint32_t> location) {
    bool input = g->space() == sema::AddressSpace::Input;
    if (location) decorate(var, spv::Decoration::Location, {*location});
    bool pixel_in = input && stage() == ir::ShaderStage::Pixel;
    bool vertex_out = !input && stage() == ir::ShaderStage::Vertex;
    if (!pixel_in && !vertex_out) return;
    if (g->builtin) return;
    // Integer, bool and double varyings carry nointerpolation by now (flat_integer_varyings).
    if (g->interpolation & sema::kInterpNoInterpolation) {
        decorate(var, spv::Decoration::Flat);
        return;
    }
    if (g->interpolation & sema::kInterpNoPerspective) decorate(var, spv::Decoration::NoPerspective);
    if (g->interpolation & sema::kInterpCentroid) decorate(var, spv::Decoration::Centroid);
    if (g->interpolation & sema::kInterpSample) {
        // The Sample decoration needs SampleRateShading wherever it appears (vertex outputs too).
        decorate(var, spv::Decoration::Sample);
        capability(spv::Capability::SampleRateShading);
    }
}

namespace {

struct BuiltInMapping {
    spv::BuiltIn builtin;
    std::optional<spv::Capability> capability;
};

BuiltInMapping map_builtin(ir::BuiltIn b, ir::ShaderStage stage, bool input) {
    using B = ir::BuiltIn;
    using S = spv::BuiltIn;
    using C = spv::Capability;
    switch (b) {
    case B::Position: return {S::Position, {}};
    case B::FragCoord: return {S::FragCoord, {}};
    case B::VertexIndex: return {S::VertexIndex, {}};
    case B::InstanceIndex: return {S::InstanceIndex, {}};
    case B::BaseVertex: return {S::BaseVertex, C::DrawParameters};
    case B::BaseInstance: return {S::BaseInstance, C::DrawParameters};
    case B::DrawIndex: return {S::DrawIndex, C::DrawParameters};
    case B::PointSize: return {S::PointSize, {}};
    case B::ClipDistance: return {S::ClipDistance, C::ClipDistance};
    case B::CullDistance: return {S::CullDistance, C::CullDistance};
    case B::PrimitiveId: return {S::PrimitiveId, C::Geometry};
    case B::Layer:
        return {S::Layer, stage == ir::ShaderStage::Pixel && input ? C::Geometry : C::ShaderLayer};
    case B::ViewportIndex:
        return {S::ViewportIndex, stage == ir::ShaderStage::Pixel && input ? C::MultiViewport : C::ShaderViewportIndex};
    case B::ViewIndex: return {S::ViewIndex, C::MultiView};
    case B::FrontFacing: return {S::FrontFacing, {}};
    case B::SampleIndex: return {S::SampleId, C::SampleRateShading};
    case B::SampleMask: return {S::SampleMask, {}};
    case B::FragDepth: case B::FragDepthGreaterEqual: case B::FragDepthLessEqual: return {S::FragDepth, {}};
    case B::FragStencilRef: return {S::FragStencilRefEXT, C::StencilExportEXT};
    case B::Barycentrics: return {S::BaryCoordKHR, C::FragmentBarycentricKHR};
    case B::HelperInvocation: return {S::HelperInvocation, {}};
    case B::GlobalInvocationId: return {S::GlobalInvocationId, {}};
    case B::LocalInvocationId: return {S::LocalInvocationId, {}};
    case B::LocalInvocationIndex: return {S::LocalInvocationIndex, {}};
    case B::WorkgroupId: return {S::WorkgroupId, {}};
    case B::NumWorkgroups: return {S::NumWorkgroups, {}};
    case B::SubgroupLocalInvocationId: return {S::SubgroupLocalInvocationId, C::GroupNonUniform};
    case B::SubgroupSize: return {S::SubgroupSize, C::GroupNonUniform};
    case B::BarycentricsNoPerspective: return {S::BaryCoordNoPerspKHR, C::FragmentBarycentricKHR};
    case B::FullyCovered: return {S::FullyCoveredEXT, C::FragmentFullyCoveredEXT};
    case B::ShadingRate: return {S::ShadingRateKHR, C::FragmentShadingRateKHR};
    case B::PrimitiveShadingRate: return {S::PrimitiveShadingRateKHR, C::FragmentShadingRateKHR};
    case B::DeviceIndex: return {S::DeviceIndex, C::DeviceGroup};
    }
    return {S::Position, {}};
}

}  // namespace

Id Emitter::buffer_block_type(const sema::ResourceType* r, const ir::Global* g, GlobalInfo& info) {
    using sema::ResourceKind;
    bool push = g->space() == sema::AddressSpace::PushConstant;
    Operands members;
    struct MemberPlacement {
        std::uint32_t offset;
        const sema::TypeLayout* layout;
    };
    ir::SmallVec<MemberPlacement, 16> decorations;
    ir::SmallVec<std::string_view, 16> names;
    // Built in a buffer kept across resources: most of these names are too long to stay inline.
    std::string& type_name = type_name_;
    bool texture = r->resource == ResourceKind::TextureBuffer;  // tbuffer, TextureBuffer<T>
    if (sema::is_block_buffer(r->resource)) {
        sema::LayoutRule rule = push || texture ? sema::LayoutRule::Storage : sema::LayoutRule::Constant;
        info.layout = r->element ? layouts_.layout(r->element, rule) : nullptr;
        if (!info.layout) {
            unsupported("a constant buffer whose element has no byte layout");
            return type_void();
        }
        if (info.layout->kind == sema::LayoutKind::Struct) {
            for (const sema::MemberLayout& m : info.layout->members) {
                members.push_back(layout_member_type(m));
                decorations.push_back({m.offset, m.type});
                names.push_back(m.source_index == sema::MemberLayout::kBaseMember ? std::string_view("base") : m.name);
            }
            type_name.assign(push ? "type.PushConstant." : texture ? "type.TextureBuffer." : "type.ConstantBuffer.");
            type_name.append(info.layout->name);
        } else {
            members.push_back(layout_type(info.layout));
            decorations.push_back({0, info.layout});
            names.push_back("value");
            type_name = push ? "type.PushConstant" : texture ? "type.TextureBuffer" : "type.ConstantBuffer";
        }
    } else if (sema::is_structured_buffer(r->resource)) {
        info.layout = r->element ? layouts_.layout(r->element, sema::LayoutRule::Storage) : nullptr;
        if (!info.layout) {
            unsupported("a structured buffer whose element has no byte layout");
            return type_void();
        }
        members.push_back(runtime_array(layout_type(info.layout), layouts_.structured_stride(r->element)));
        decorations.push_back({0, info.layout});
        names.push_back("elements");
        type_name = "type.StructuredBuffer";
    } else {
        info.layout = layouts_.layout(types().scalar(sema::ScalarKind::UInt), sema::LayoutRule::Storage);
        members.push_back(runtime_array(type_int(32, false), 4));
        decorations.push_back({0, info.layout});
        names.push_back("words");
        type_name = "type.ByteAddressBuffer";
    }
    Id id = new_id();
    Operands words{id};
    words.insert(words.end(), members.begin(), members.end());
    globals_.add(spv::Op::OpTypeStruct, words);
    decorate(id, r->resource == ResourceKind::ConstantBuffer ? spv::Decoration::Block : storage_buffer_decoration());
    name(id, type_name);
    // Read-only storage buffers (StructuredBuffer, ByteAddressBuffer, tbuffer, TextureBuffer<T>):
    // every member NonWritable, as DXC decorates them.
    bool read_only = !sema::is_writable(r->resource) && r->resource != ResourceKind::ConstantBuffer;
    for (std::uint32_t i = 0; i < members.size(); ++i) {
        member_name(id, i, names[i]);
        decorate_member_layout(id, i, decorations[i].offset, decorations[i].layout);
        if (read_only) member_decorate(id, i, spv::Decoration::NonWritable);
    }
    return id;
}

void Emitter::declare_resource(const ir::Global* g, GlobalInfo& info) {
    const sema::Type* t = g->value_type();
    std::uint32_t count = 0;
    bool runtime = false;  // an unbounded array: one binding holding as many descriptors as the layout gives
    if (const auto* a = t->as<sema::ArrayType>()) {
        if (a->element->is<sema::ArrayType>()) unsupported("multi-dimensional resource arrays");
        count = a->length;
        runtime = a->length == 0;
        t = a->element;
    }
    const auto* r = t->as<sema::ResourceType>();
    if (!r) {
        if (g->space() == sema::AddressSpace::UniformConstant || g->space() == sema::AddressSpace::PushConstant)
            unsupported("a resource global whose type is not a resource");
        else
            unsupported("a buffer global whose type is not a buffer resource");
        info.pointee = type_void();
        return;
    }
    Id element = 0;
    if (sema::is_sampler(r->resource)) {
        element = type_sampler();
    } else if (sema::is_subpass_input(r->resource)) {
        element = image_type(r, spv::ImageFormat::Unknown);
    } else if (sema::is_texture(r->resource) || sema::is_typed_buffer(r->resource)) {
        spv::ImageFormat format = spirv_format(g->image_format);
        bool storage = sema::is_storage_texture(r->resource) || r->resource == sema::ResourceKind::RWBuffer;
        // 64-bit integer texels exist only as R64ui/R64i (SPV_EXT_shader_image_int64), as DXC gives them.
        bool wide = r->element && sema::is_integer(r->element) && bits_of(r->element) == 64;
        if (storage && format == spv::ImageFormat::Unknown && (wide || atomic_textures_.contains(g))) {
            // Vulkan allows texel atomics only on R32 (and R64) formats; the element type says which one.
            bool is_signed = is_signed_int_type(r->element);
            format = wide ? (is_signed ? spv::ImageFormat::R64i : spv::ImageFormat::R64ui)
                          : (is_signed ? spv::ImageFormat::R32i : spv::ImageFormat::R32ui);
        }
        if (wide) {
            extension("SPV_EXT_shader_image_int64");
            capability(spv::Capability::Int64ImageEXT);
        }
        if (storage && format == spv::ImageFormat::Unknown) {
            capability(spv::Capability::StorageImageReadWithoutFormat);
            capability(spv::Capability::StorageImageWriteWithoutFormat);
        }
        if (storage && format != spv::ImageFormat::Unknown && !core_storage_format(format)) {
            if (format == spv::ImageFormat::R64ui || format == spv::ImageFormat::R64i) {
                extension("SPV_EXT_shader_image_int64");
                capability(spv::Capability::Int64ImageEXT);
            } else {
                capability(spv::Capability::StorageImageExtendedFormats);
            }
        }
        element = image_type(r, format);
    } else {
        element = buffer_block_type(r, g, info);
    }
    if (runtime) {
        // As DXC: OpTypeRuntimeArray of the resource type, no stride (descriptors have no bytes).
        capability(spv::Capability::RuntimeDescriptorArray);
        info.pointee = type_of(spv::Op::OpTypeRuntimeArray, {element});
    } else {
        info.pointee = count ? type_of(spv::Op::OpTypeArray, {element, constant_u32(count)}) : element;
    }
    if (count || runtime) resource_array_elements_[info.pointee] = element;
    info.variable = new_id();
    globals_.add(spv::Op::OpVariable,
                 {type_pointer(info.storage, info.pointee), info.variable, static_cast<std::uint32_t>(info.storage)});
    if (g->input_attachment_index)
        decorate(info.variable, spv::Decoration::InputAttachmentIndex, {*g->input_attachment_index});
    if (g->space() != sema::AddressSpace::PushConstant) {
        decorate(info.variable, spv::Decoration::DescriptorSet, {g->set.value_or(0)});
        decorate(info.variable, spv::Decoration::Binding, {g->binding.value_or(0)});
    }
}

void Emitter::declare_global(const ir::Global* g) {
    GlobalInfo info;
    info.storage = storage_class(g->space());
    if (info.storage == spv::StorageClass::StorageBuffer) info.storage = storage_buffer_class();
    switch (g->global_kind()) {
    case ir::GlobalKind::Private:
    case ir::GlobalKind::Workgroup: {
        info.pointee = value_type(g->value_type());
        info.variable = new_id();
        Operands words{type_pointer(info.storage, info.pointee), info.variable,
                                         static_cast<std::uint32_t>(info.storage)};
        if (g->initializer) words.push_back(constant(g->initializer));
        globals_.add(spv::Op::OpVariable, words);
        break;
    }
    case ir::GlobalKind::Input:
    case ir::GlobalKind::Output: {
        const sema::Type* t = g->value_type()->value_type();
        if (sema::contains_resource(t) || t->is<sema::StructType>()) {
            unsupported("struct-typed stage variables (the lowering splits them)");
        }
        // SV_IsFrontFace is FrontFacing, a bool built-in; user bool varyings are not (DXC declares
        // them as uint and converts at each access).
        if (sema::is_bool(t) && !g->builtin) unsupported("bool stage variables");
        if (!g->builtin && !g->per_vertex && (t->is<sema::ArrayType>() || is_matrix(t))) {
            fail(support::DiagCode::spirv_malformed_input,
                 "a stage array or matrix the raise list did not split (run spirv::raise first)");
            break;
        }
        bool array_builtin = g->builtin && (*g->builtin == ir::BuiltIn::ClipDistance ||
                                            *g->builtin == ir::BuiltIn::CullDistance ||
                                            *g->builtin == ir::BuiltIn::SampleMask);
        if (array_builtin && !t->is<sema::ArrayType>()) {
            fail(support::DiagCode::spirv_malformed_input,
                 "a clip/cull distance or sample mask the raise list did not merge (run spirv::raise first)");
            break;
        }
        info.pointee = value_type(t);
        info.variable = new_id();
        globals_.add(spv::Op::OpVariable, {type_pointer(info.storage, info.pointee), info.variable,
                                           static_cast<std::uint32_t>(info.storage)});
        if (g->builtin) {
            BuiltInMapping m = map_builtin(*g->builtin, stage(), info.storage == spv::StorageClass::Input);
            decorate(info.variable, spv::Decoration::BuiltIn, {static_cast<std::uint32_t>(m.builtin)});
            if (m.capability) capability(*m.capability);
            // The extensions DXC declares with each (those core in SPIR-V 1.3, multiview, device
            // groups and draw parameters, come from target_env.cpp for older targets).
            switch (*g->builtin) {
            case ir::BuiltIn::FragStencilRef: extension("SPV_EXT_shader_stencil_export"); break;
            case ir::BuiltIn::Barycentrics:
            case ir::BuiltIn::BarycentricsNoPerspective: extension("SPV_KHR_fragment_shader_barycentric"); break;
            case ir::BuiltIn::FullyCovered: extension("SPV_EXT_fragment_fully_covered"); break;
            case ir::BuiltIn::ShadingRate:
            case ir::BuiltIn::PrimitiveShadingRate: extension("SPV_KHR_fragment_shading_rate"); break;
            default: break;
            }
            // Barycentric weights take the centroid and sample qualifiers (DXC); the built-in
            // itself says whether they are perspective-correct.
            if (*g->builtin == ir::BuiltIn::Barycentrics || *g->builtin == ir::BuiltIn::BarycentricsNoPerspective) {
                if (g->interpolation & sema::kInterpCentroid) decorate(info.variable, spv::Decoration::Centroid);
                if (g->interpolation & sema::kInterpSample) {
                    decorate(info.variable, spv::Decoration::Sample);
                    capability(spv::Capability::SampleRateShading);
                }
            }
            if (*g->builtin == ir::BuiltIn::FragDepthGreaterEqual) note_execution_mode(spv::ExecutionMode::DepthGreater);
            if (*g->builtin == ir::BuiltIn::FragDepthLessEqual) note_execution_mode(spv::ExecutionMode::DepthLess);
            if (*g->builtin == ir::BuiltIn::SampleMask && info.storage == spv::StorageClass::Input &&
                stage() == ir::ShaderStage::Pixel) {
                // Reading the coverage mask is per-sample state.
                capability(spv::Capability::SampleRateShading);
            }
            if (info.storage == spv::StorageClass::Input && stage() == ir::ShaderStage::Pixel &&
                sema::is_integer(t)) {
                decorate(info.variable, spv::Decoration::Flat);
            }
        } else {
            decorate_stage_variable(g, info.variable, g->location);
            if (g->per_vertex) {
                // GetAttributeAtVertex: the values of the primitive's vertices, as DXC declares them.
                decorate(info.variable, spv::Decoration::PerVertexKHR);
                capability(spv::Capability::FragmentBarycentricKHR);
                extension("SPV_KHR_fragment_shader_barycentric");
            }
        }
        break;
    }
    case ir::GlobalKind::Resource: declare_resource(g, info); break;
    }
    if (info.variable && !g->name().empty()) name(info.variable, g->name());
    if (info.variable) note_16bit_storage(g, info.storage);
    record_global(g, std::move(info));
}

Id Emitter::builtin_input(spv::BuiltIn builtin, Id type, std::string_view debug_name) {
    auto found = intrinsic_builtins_.find(static_cast<std::uint32_t>(builtin));
    if (found != intrinsic_builtins_.end()) return found->second;
    Id var = new_id();
    globals_.add(spv::Op::OpVariable, {type_pointer(spv::StorageClass::Input, type), var,
                                       static_cast<std::uint32_t>(spv::StorageClass::Input)});
    decorate(var, spv::Decoration::BuiltIn, {static_cast<std::uint32_t>(builtin)});
    // Integer inputs of a fragment shader are Flat, built-ins included (as for SV_PrimitiveID).
    if (stage() == ir::ShaderStage::Pixel) decorate(var, spv::Decoration::Flat);
    name(var, debug_name);
    intrinsic_builtins_.emplace(static_cast<std::uint32_t>(builtin), var);
    return var;
}

Operands Emitter::interface_ids() const {
    // Inputs first, then outputs, then the rest in module order.
    Operands ids;
    // Each id once, marked by number: a search of the list per global made an entry point with
    // thousands of globals quadratic.
    std::vector<bool> listed(next_id_, false);
    auto add = [&](Id id) {
        if (!id || (id < listed.size() && listed[id])) return;
        if (id < listed.size()) listed[id] = true;
        ids.push_back(id);
    };
    auto add_global = [&](const ir::Global* g) {
        const GlobalInfo* info = global_info(g);
        if (!info) return;
        if (!lists_every_global() && info->storage != spv::StorageClass::Input &&
            info->storage != spv::StorageClass::Output)
            return;
        add(info->variable);
    };
    for (const ir::Global* g : entry_.inputs) add_global(g);
    for (const ir::Global* g : entry_.outputs) add_global(g);
    for (const ir::Global* g : used_globals_) add_global(g);
    for (const auto& [builtin, var] : intrinsic_builtins_) add(var);
    return ids;
}

}  // namespace oneshader::spirv
