#include "reflect/builder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>

#include "reflect/enum_names.hpp"
#include "msl/msl.hpp"
#include "reflect/msl_slots.hpp"
#include "support/pointer_map.hpp"
#include "wgsl/bindings.hpp"
#include "wgsl/wgsl.hpp"
#include "types/types_print.hpp"
#include "types/types_query.hpp"

namespace oneshader::reflect {

namespace {

ScalarKind public_scalar(sema::ScalarKind k, bool sixteen_bit) {
    using S = sema::ScalarKind;
    switch (k) {
        case S::Bool: return ScalarKind::Bool;
        case S::Int: case S::LiteralInt: return ScalarKind::Int;
        case S::UInt: return ScalarKind::UInt;
        case S::Float: case S::LiteralFloat: return ScalarKind::Float;
        case S::Double: return ScalarKind::Double;
        case S::Int16: return ScalarKind::Int16;
        case S::UInt16: return ScalarKind::UInt16;
        case S::Int64: return ScalarKind::Int64;
        case S::UInt64: return ScalarKind::UInt64;
        // Half and the min-precision types are what they are in memory: 16-bit with
        // -enable-16bit-types, 32-bit otherwise.
        case S::Half: case S::Min16Float: case S::Min10Float: return sixteen_bit ? ScalarKind::Half : ScalarKind::Float;
        case S::Min16Int: case S::Min12Int: return sixteen_bit ? ScalarKind::Int16 : ScalarKind::Int;
        case S::Min16UInt: return sixteen_bit ? ScalarKind::UInt16 : ScalarKind::UInt;
    }
    return ScalarKind::Float;
}

ScalarKind public_scalar(const sema::ScalarType* s) { return public_scalar(s->scalar, s->bits == 16); }

// Layout trees are as deep as the struct nesting the front end accepted.
ReflectedType convert_layout(const sema::TypeLayout& l) {
    ReflectedType t;
    t.size = l.size;
    t.alignment = l.alignment;
    const sema::ScalarType* component = l.type ? sema::component_type(l.type) : nullptr;
    bool sixteen = component && component->bits == 16;
    t.scalar = public_scalar(l.scalar, sixteen);
    switch (l.kind) {
        case sema::LayoutKind::Scalar: t.kind = ReflectedTypeKind::Scalar; break;
        case sema::LayoutKind::Vector:
            t.kind = ReflectedTypeKind::Vector;
            t.components = l.components;
            break;
        case sema::LayoutKind::Matrix:
            t.kind = ReflectedTypeKind::Matrix;
            t.components = l.rows;
            t.columns = l.columns;
            t.matrix_stride = l.matrix_stride;
            t.packing = l.packing == MatrixPacking::RowMajor ? MatrixLayout::RowMajor : MatrixLayout::ColumnMajor;
            break;
        case sema::LayoutKind::Array:
            t.kind = ReflectedTypeKind::Array;
            t.length = l.length;
            t.stride = l.stride;
            if (l.element) t.element = std::make_unique<ReflectedType>(convert_layout(*l.element));
            break;
        case sema::LayoutKind::Struct:
            t.kind = ReflectedTypeKind::Struct;
            t.name = std::string(l.name);
            for (const sema::MemberLayout& m : l.members) {
                if (!m.type) continue;
                const auto* st = l.type ? l.type->as<sema::StructType>() : nullptr;
                const sema::StructMember* sm = st && m.source_index < st->members.size() ? &st->members[m.source_index]
                                                                                         : nullptr;
                if (!sm || sm->bit_fields.empty()) {
                    t.members.push_back({std::string(m.name), m.offset, convert_layout(*m.type)});
                    continue;
                }
                // A storage unit of bit fields: each field is a member at the unit's offset, with its bits.
                ReflectedType unit = convert_layout(*m.type);
                for (const sema::BitField& f : sm->bit_fields)
                    t.members.push_back({std::string(f.name.str()), m.offset, unit, f.offset, f.width});
            }
            break;
    }
    return t;
}

ResourceKind public_kind(sema::ResourceKind k) {
    using R = sema::ResourceKind;
    switch (k) {
        case R::ConstantBuffer: return ResourceKind::ConstantBuffer;
        case R::SamplerState: return ResourceKind::Sampler;
        case R::SamplerComparisonState: return ResourceKind::ComparisonSampler;
        case R::Buffer: return ResourceKind::UniformTexelBuffer;
        case R::RWBuffer: return ResourceKind::StorageTexelBuffer;
        case R::StructuredBuffer: case R::ByteAddressBuffer: case R::TextureBuffer: return ResourceKind::ReadOnlyStorageBuffer;
        case R::RWStructuredBuffer: case R::AppendStructuredBuffer: case R::ConsumeStructuredBuffer:
        case R::RWByteAddressBuffer: return ResourceKind::StorageBuffer;
        case R::SubpassInput: case R::SubpassInputMS: return ResourceKind::InputAttachment;
        default: return sema::is_storage_texture(k) ? ResourceKind::StorageTexture : ResourceKind::SampledTexture;
    }
}

std::uint8_t stage_bit(Stage s) {
    switch (s) {
        case Stage::Vertex: return StageVertex;
        case Stage::Pixel: return StagePixel;
        case Stage::Compute: return StageCompute;
    }
    return StageNone;
}

BuiltIn public_builtin(sema::SystemValue sv) {
    using V = sema::SystemValue;
    switch (sv) {
        case V::Position: return BuiltIn::Position;
        case V::Depth: case V::DepthGreaterEqual: case V::DepthLessEqual: return BuiltIn::FragDepth;
        case V::Coverage: return BuiltIn::SampleMask;
        case V::VertexID: return BuiltIn::VertexIndex;
        case V::InstanceID: return BuiltIn::InstanceIndex;
        case V::IsFrontFace: return BuiltIn::FrontFacing;
        case V::SampleIndex: return BuiltIn::SampleIndex;
        case V::PrimitiveID: return BuiltIn::PrimitiveId;
        case V::ClipDistance: return BuiltIn::ClipDistance;
        case V::CullDistance: return BuiltIn::CullDistance;
        case V::DispatchThreadID: return BuiltIn::GlobalInvocationId;
        case V::GroupID: return BuiltIn::WorkgroupId;
        case V::GroupThreadID: return BuiltIn::LocalInvocationId;
        case V::GroupIndex: return BuiltIn::LocalInvocationIndex;
        case V::RenderTargetArrayIndex: return BuiltIn::Layer;
        case V::ViewportArrayIndex: return BuiltIn::ViewportIndex;
        case V::ViewID: return BuiltIn::ViewIndex;
        case V::StencilRef: return BuiltIn::FragStencilRef;
        case V::Barycentrics: return BuiltIn::Barycentrics;
        case V::InnerCoverage: return BuiltIn::FullyCovered;
        case V::ShadingRate: return BuiltIn::ShadingRate;
        case V::PointSize: return BuiltIn::PointSize;
        case V::HelperInvocation: return BuiltIn::HelperInvocation;
        case V::StartVertexLocation: case V::BaseVertex: return BuiltIn::BaseVertex;
        case V::StartInstanceLocation: case V::BaseInstance: return BuiltIn::BaseInstance;
        case V::DrawIndex: return BuiltIn::DrawIndex;
        case V::DeviceIndex: return BuiltIn::DeviceIndex;
        default: return BuiltIn::None;
    }
}

Interpolation public_interpolation(std::uint8_t bits, bool is_integer) {
    // Integer varyings are always flat, whatever the source says (Vulkan requires it).
    if (is_integer || (bits & sema::kInterpNoInterpolation)) return Interpolation::Flat;
    bool noperspective = bits & sema::kInterpNoPerspective;
    if (bits & sema::kInterpCentroid) return noperspective ? Interpolation::NoPerspectiveCentroid : Interpolation::Centroid;
    if (bits & sema::kInterpSample) return noperspective ? Interpolation::NoPerspectiveSample : Interpolation::Sample;
    return noperspective ? Interpolation::NoPerspective : Interpolation::Default;
}

std::string lower_ascii(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// A stage variable occupies one location per array element or matrix row; reflection lists
// each of them, because that is what a vertex attribute or a varying is to the graphics API.
struct Slice {
    const sema::ScalarType* scalar = nullptr;  // component type of one location
    std::uint32_t components = 0;              // components of one location
    std::uint32_t count = 0;                   // how many locations
};

Slice per_location(const sema::Type* t) {
    std::uint32_t count = 1;
    // Array dimensions are bounded (16) by the front end.
    while (auto* a = t->as<sema::ArrayType>()) {
        count *= std::max<std::uint32_t>(a->length, 1);
        t = a->element;
    }
    if (auto* m = t->as<sema::MatrixType>()) return {m->element, m->cols, count * m->rows};
    return {sema::component_type(t), sema::component_count(t), count};
}

struct ResourceUse {
    const sema::Resource* resource;
    std::uint8_t stages = StageNone;
};

}  // namespace

std::uint32_t vertex_format_size(VertexFormat f) {
    switch (f) {
        case VertexFormat::None: return 0;
        case VertexFormat::Uint8x2: case VertexFormat::Sint8x2: case VertexFormat::Unorm8x2: case VertexFormat::Snorm8x2:
            return 2;
        case VertexFormat::Uint8x4: case VertexFormat::Sint8x4: case VertexFormat::Unorm8x4: case VertexFormat::Snorm8x4:
        case VertexFormat::Uint16x2: case VertexFormat::Sint16x2: case VertexFormat::Unorm16x2:
        case VertexFormat::Snorm16x2: case VertexFormat::Float16x2: case VertexFormat::Float32: case VertexFormat::Uint32:
        case VertexFormat::Sint32: case VertexFormat::Unorm10_10_10_2:
            return 4;
        case VertexFormat::Uint16x4: case VertexFormat::Sint16x4: case VertexFormat::Unorm16x4:
        case VertexFormat::Snorm16x4: case VertexFormat::Float16x4: case VertexFormat::Float32x2:
        case VertexFormat::Uint32x2: case VertexFormat::Sint32x2:
            return 8;
        case VertexFormat::Float32x3: case VertexFormat::Uint32x3: case VertexFormat::Sint32x3: return 12;
        case VertexFormat::Float32x4: case VertexFormat::Uint32x4: case VertexFormat::Sint32x4: return 16;
    }
    return 0;
}

VertexFormat vertex_format_for(const sema::ScalarType* s, std::uint32_t n, std::string_view attribute) {
    if (!attribute.empty()) {
        std::string want = lower_ascii(attribute);
        for (unsigned i = 1; i <= static_cast<unsigned>(VertexFormat::Unorm10_10_10_2); ++i)
            if (lower_ascii(to_string(static_cast<VertexFormat>(i))) == want) return static_cast<VertexFormat>(i);
        return VertexFormat::None;
    }
    if (!s) return VertexFormat::None;
    if (n < 1 || n > 4) return VertexFormat::None;
    ScalarKind k = public_scalar(s);
    static constexpr VertexFormat f32[] = {VertexFormat::Float32, VertexFormat::Float32x2, VertexFormat::Float32x3,
                                           VertexFormat::Float32x4};
    static constexpr VertexFormat u32[] = {VertexFormat::Uint32, VertexFormat::Uint32x2, VertexFormat::Uint32x3,
                                           VertexFormat::Uint32x4};
    static constexpr VertexFormat s32[] = {VertexFormat::Sint32, VertexFormat::Sint32x2, VertexFormat::Sint32x3,
                                           VertexFormat::Sint32x4};
    switch (k) {
        case ScalarKind::Float: return f32[n - 1];
        case ScalarKind::UInt: case ScalarKind::Bool: return u32[n - 1];
        case ScalarKind::Int: return s32[n - 1];
        // 16-bit attributes exist only in pairs and fours.
        case ScalarKind::Half: return n == 2 ? VertexFormat::Float16x2 : n == 4 ? VertexFormat::Float16x4 : VertexFormat::None;
        case ScalarKind::Int16: return n == 2 ? VertexFormat::Sint16x2 : n == 4 ? VertexFormat::Sint16x4 : VertexFormat::None;
        case ScalarKind::UInt16: return n == 2 ? VertexFormat::Uint16x2 : n == 4 ? VertexFormat::Uint16x4 : VertexFormat::None;
        default: return VertexFormat::None;
    }
}

ShaderReflection build_reflection(const sema::Program& program, sema::LayoutEngine& layouts, const BuildOptions& options) {
    ShaderReflection r;
    r.source = std::string(options.source_name);
    r.targets.assign(options.targets.begin(), options.targets.end());

    // Which stages reach each resource and push-constant block.
    std::vector<ResourceUse> uses;
    support::PointerMap<const sema::Resource*, std::size_t> use_index(program.resources.size());
    for (const sema::Resource* res : program.resources) {
        use_index.emplace(res, uses.size());
        uses.push_back({res});
    }
    auto use_of = [&](const sema::Resource* res) -> ResourceUse* {
        const auto* it = use_index.find(res);
        return it ? &uses[it->second] : nullptr;
    };
    std::vector<std::pair<const sema::BufferBlock*, std::uint8_t>> push_stages;
    for (const sema::EntryPoint* ep : program.entry_points) {
        for (const sema::Variable* v : ep->globals_used) {
            sema::Resource* one = v->resource;
            if (!one && v->buffer) one = v->buffer->resource;
            std::span<sema::Resource* const> several = v->member_resources;  // a global struct of resources
            if (one) several = std::span<sema::Resource* const>(&one, 1);
            for (const sema::Resource* res : several) {
                if (options.reaches && !options.reaches(ep->function->name.str(), res->name.str())) continue;
                if (ResourceUse* u = use_of(res)) u->stages |= stage_bit(ep->stage);
            }
        }
        if (ep->push_constant) {
            auto it = std::find_if(push_stages.begin(), push_stages.end(),
                                   [&](const auto& p) { return p.first == ep->push_constant; });
            if (it == push_stages.end()) push_stages.push_back({ep->push_constant, stage_bit(ep->stage)});
            else it->second |= stage_bit(ep->stage);
        }
    }

    // WGSL's slots (wgsl/bindings.hpp): the Vulkan ones, except that a resource sharing its
    // binding with an earlier one that an entry point uses moves to a free binding, as the backend
    // prints it. The hidden counter of a used append/consume buffer is a resource of its own there,
    // right after its buffer, so it takes part too.
    std::vector<wgsl::BindingSlot> vulkan;
    for (const ResourceUse& u : uses) {
        if (u.stages == StageNone) continue;
        vulkan.push_back({u.resource->binding.set, u.resource->binding.binding});
        if (u.resource->counter_binding)
            vulkan.push_back({u.resource->counter_descriptor_set(), *u.resource->counter_binding});
    }
    std::vector<wgsl::BindingSlot> wgsl_slots = wgsl::wgsl_bindings(vulkan);
    std::size_t next_wgsl = 0;
    const MslSlots msl(program);
    for (const ResourceUse& u : uses) {
        const sema::Resource& res = *u.resource;
        wgsl::BindingSlot wgsl_slot{res.binding.set, res.binding.binding};
        wgsl::BindingSlot wgsl_counter{res.counter_descriptor_set(), res.counter_binding.value_or(0)};
        if (u.stages != StageNone) {
            wgsl_slot = wgsl_slots[next_wgsl++];
            if (res.counter_binding) wgsl_counter = wgsl_slots[next_wgsl++];
        }
        ResourceInfo info;
        info.name = res.buffer && res.buffer->kind == sema::BufferKind::Globals ? "Globals" : std::string(res.name.str());
        info.kind = public_kind(res.kind);
        const sema::Type* element_type = sema::innermost_element(res.type);
        // The declared type's own name: RasterizerOrderedTexture2D, not the RWTexture2D it works as.
        const auto* declared = element_type ? element_type->as<sema::ResourceType>() : nullptr;
        info.resource_type =
            enum_from_name<ResourceTypeKind>(declared ? sema::resource_type_name(declared) : sema::resource_kind_name(res.kind),
                                             kResourceTypeKindCount)
                .value_or(ResourceTypeKind::ConstantBuffer);
        bool object = !res.buffer || res.buffer->kind == sema::BufferKind::ConstantBuffer ||
                      res.buffer->kind == sema::BufferKind::TextureBuffer;
        info.hlsl_type = object ? sema::type_name(element_type) : std::string();
        info.count = res.count;
        if (const auto* a = res.type ? res.type->as<sema::ArrayType>() : nullptr) info.unbounded = a->length == 0;
        info.descriptor_heap = res.heap != sema::DescriptorHeap::None;
        info.stages = u.stages;
        info.image_format = std::string(res.image_format);
        info.input_attachment_index = res.input_attachment_index;
        info.slots.reserve(options.targets.size());
        if (res.counter_binding) info.counter_slots.reserve(options.targets.size());
        for (Target t : options.targets) {
            // SPIR-V's slot is the descriptor set and binding; Metal's the argument index (set 0);
            // WGSL's the group and binding the backend prints.
            if (t == Target::Msl) {
                std::optional<MslIndex> m = msl.of(&res);
                info.slots.push_back({t, 0, m ? m->index : 0});
                if (res.counter_binding) info.counter_slots.push_back({t, 0, m && m->counter ? *m->counter : 0});
                continue;
            }
            if (t == Target::Wgsl) {
                info.slots.push_back({t, wgsl_slot.group, wgsl_slot.binding});
                if (res.counter_binding) info.counter_slots.push_back({t, wgsl_counter.group, wgsl_counter.binding});
                continue;
            }
            info.slots.push_back({t, res.binding.set, res.binding.binding});
            if (res.counter_binding) info.counter_slots.push_back({t, res.counter_descriptor_set(), *res.counter_binding});
        }
        if (res.buffer && res.buffer->layout) {
            info.layout = convert_layout(*res.buffer->layout);
        } else if (auto* rt = element_type->as<sema::ResourceType>();
                   rt && sema::is_structured_buffer(rt->resource) && rt->element) {
            if (const sema::TypeLayout* l = layouts.layout(rt->element, sema::layout_rule_for(rt->resource)))
                info.layout = convert_layout(*l);
        }
        r.resources.push_back(std::move(info));
    }

    for (const sema::BufferBlock* b : program.buffers) {
        if (b->kind != sema::BufferKind::PushConstant || !b->layout) continue;
        PushConstantInfo p;
        p.name = std::string(b->name.str());
        for (const auto& [block, stages] : push_stages)
            if (block == b) p.stages = stages;
        p.layout = convert_layout(*b->layout);
        p.slots.reserve(options.targets.size());
        for (Target t : options.targets) {
            // WebGPU has no push constants: a uniform buffer after every binding of the highest group.
            if (t == Target::Wgsl) {
                wgsl::BindingSlot pc = wgsl::push_constant_binding(wgsl_slots);
                p.slots.push_back({t, pc.group, pc.binding});
            }
            // MSL takes the block as `constant T&` at the next buffer index (spec page "The MSL backend").
            if (t == Target::Msl)
                if (std::optional<std::uint32_t> m = msl.of(b)) p.slots.push_back({t, 0, *m});
        }
        r.push_constants.push_back(std::move(p));
    }

    for (const sema::SpecConstant& sc : program.spec_constants) {
        SpecConstantInfo s;
        s.name = std::string(sc.var->name.str());
        s.id = sc.id;
        const sema::ScalarType* st = sema::component_type(sc.var->type);
        using S = sema::ScalarKind;
        if (st && st->scalar == S::Bool) {
            s.type = SpecConstantType::Bool;
            s.default_bits = sc.default_value.as_bool() ? 1u : 0u;
        } else if (st && sema::is_float_kind(st->scalar)) {
            s.type = SpecConstantType::Float;
            float f = static_cast<float>(sc.default_value.as_float());
            std::memcpy(&s.default_bits, &f, sizeof f);
        } else {
            s.type = st && st->scalar == S::UInt ? SpecConstantType::UInt : SpecConstantType::Int;
            s.default_bits = static_cast<std::uint32_t>(sc.default_value.as_int());
        }
        s.slots.reserve(options.targets.size());
        for (Target t : options.targets) s.slots.push_back({t, sc.id, s.name});
        r.spec_constants.push_back(std::move(s));
    }

    for (const sema::EntryPoint* ep : program.entry_points) {
        EntryPointInfo e;
        e.name = std::string(ep->function->name.str());
        if (std::find(options.targets.begin(), options.targets.end(), Target::Wgsl) != options.targets.end())
            e.wgsl_entry_point = wgsl::entry_function_name(e.name);
        e.stage = ep->stage;
        if (std::find(options.targets.begin(), options.targets.end(), Target::Msl) != options.targets.end())
            e.msl_function_name = msl::entry_function_name(e.name);
        if (ep->stage == Stage::Compute)
            for (int i = 0; i < 3; ++i) e.workgroup_size[i] = ep->numthreads[i];
        std::uint32_t vertex_offset = 0;
        auto add_variables = [&](std::span<const sema::StageVariable> vars, bool inputs) {
            for (const sema::StageVariable& v : vars) {
                Slice slice = per_location(v.type);
                const sema::ScalarType* st = slice.scalar;
                for (std::uint32_t i = 0; i < slice.count; ++i) {
                    StageVariable out;
                    out.name = slice.count > 1 ? fmt::format("{}[{}]", v.name, i) : std::string(v.name);
                    out.semantic = std::string(v.semantic_name);
                    out.semantic_index = v.semantic_index + i;
                    out.built_in = public_builtin(v.builtin);
                    if (v.builtin == sema::SystemValue::User) out.location = v.location + i;
                    else if (v.builtin == sema::SystemValue::Target) out.location = v.location + i;
                    out.scalar = st ? public_scalar(st) : ScalarKind::Float;
                    out.components = slice.components;
                    bool integer = st && (sema::is_integer_kind(st->scalar) || st->scalar == sema::ScalarKind::Bool);
                    bool varying = (ep->stage == Stage::Pixel && inputs) || (ep->stage == Stage::Vertex && !inputs);
                    if (varying && v.builtin == sema::SystemValue::User)
                        out.interpolation = public_interpolation(v.interpolation, integer);
                    if (ep->stage == Stage::Vertex && inputs && v.builtin == sema::SystemValue::User) {
                        out.format = vertex_format_for(st, slice.components, v.format);
                        out.offset = vertex_offset;
                        vertex_offset += vertex_format_size(out.format);
                    }
                    (inputs ? e.inputs : e.outputs).push_back(std::move(out));
                }
            }
        };
        add_variables(ep->inputs, true);
        add_variables(ep->outputs, false);
        if (ep->stage == Stage::Vertex) e.vertex_stride = vertex_offset;

        support::PointerSet<const sema::Resource*> reached;
        for (const sema::Variable* v : ep->globals_used) {
            sema::Resource* one = v->resource ? v->resource : v->buffer ? v->buffer->resource : nullptr;
            std::span<sema::Resource* const> several = v->member_resources;
            if (one) several = std::span<sema::Resource* const>(&one, 1);
            for (const sema::Resource* res : several)
                if (!options.reaches || options.reaches(ep->function->name.str(), res->name.str())) reached.insert(res);
        }
        for (const ResourceUse& u : uses) {
            if (reached.contains(u.resource))
                e.used_resources.push_back(u.resource->buffer && u.resource->buffer->kind == sema::BufferKind::Globals
                                               ? "Globals"
                                               : std::string(u.resource->name.str()));
        }
        if (ep->push_constant) e.push_constant = std::string(ep->push_constant->name.str());
        for (const sema::SpecConstant& sc : program.spec_constants)
            for (const sema::Variable* v : ep->globals_used)
                if (v == sc.var) e.used_spec_constants.push_back(std::string(sc.var->name.str()));
        r.entry_points.push_back(std::move(e));
    }
    return r;
}

}  // namespace oneshader::reflect
