// Entry points: `Name_body` is the HLSL function as written; the wrapper `Name` (the IR entry
// point) loads the stage inputs into the body's parameters, calls it and stores the outputs.
// Stage variables are Input/Output globals, one per flattened leaf, with a location (user
// semantics and SV_Target<n>) or a built-in; an array or matrix is one global whose backend
// splits it into one location per element or row.
#include <fmt/format.h>

#include "ir/type_rules.hpp"
#include "lower/lowerer.hpp"

namespace oneshader::lower {

namespace {

ir::ShaderStage ir_stage(Stage s) {
    switch (s) {
    case Stage::Vertex: return ir::ShaderStage::Vertex;
    case Stage::Pixel: return ir::ShaderStage::Pixel;
    case Stage::Compute: return ir::ShaderStage::Compute;
    }
    return ir::ShaderStage::Compute;
}

std::optional<ir::BuiltIn> builtin_of(sema::SystemValue sv, Stage stage, std::uint8_t interpolation) {
    using S = sema::SystemValue;
    using B = ir::BuiltIn;
    switch (sv) {
    case S::User:
    case S::Target: return std::nullopt;
    // SV_Position is the clip-space position a vertex shader writes and the window position a
    // pixel shader reads, as in SPIR-V.
    case S::Position: return stage == Stage::Pixel ? B::FragCoord : B::Position;
    case S::Depth: return B::FragDepth;
    case S::DepthGreaterEqual: return B::FragDepthGreaterEqual;
    case S::DepthLessEqual: return B::FragDepthLessEqual;
    case S::StencilRef: return B::FragStencilRef;
    case S::Coverage: return B::SampleMask;
    case S::VertexID: return B::VertexIndex;
    case S::InstanceID: return B::InstanceIndex;
    case S::IsFrontFace: return B::FrontFacing;
    case S::SampleIndex: return B::SampleIndex;
    case S::PrimitiveID: return B::PrimitiveId;
    case S::ClipDistance: return B::ClipDistance;
    case S::CullDistance: return B::CullDistance;
    case S::RenderTargetArrayIndex: return B::Layer;
    case S::ViewportArrayIndex: return B::ViewportIndex;
    case S::DispatchThreadID: return B::GlobalInvocationId;
    case S::GroupID: return B::WorkgroupId;
    case S::GroupThreadID: return B::LocalInvocationId;
    case S::GroupIndex: return B::LocalInvocationIndex;
    case S::ViewID: return B::ViewIndex;
    case S::ShadingRate: return stage == Stage::Pixel ? B::ShadingRate : B::PrimitiveShadingRate;
    // SV_Barycentrics0/1: the noperspective one is BaryCoordNoPersp (DXC).
    case S::Barycentrics:
        return (interpolation & sema::kInterpNoPerspective) ? B::BarycentricsNoPerspective : B::Barycentrics;
    case S::InnerCoverage: return B::FullyCovered;
    case S::StartVertexLocation:
    case S::BaseVertex: return B::BaseVertex;
    case S::StartInstanceLocation:
    case S::BaseInstance: return B::BaseInstance;
    case S::PointSize: return B::PointSize;
    case S::HelperInvocation: return B::HelperInvocation;
    case S::DrawIndex: return B::DrawIndex;
    case S::DeviceIndex: return B::DeviceIndex;
    }
    return std::nullopt;
}

}  // namespace

const Type* Lowerer::uint_like(const Type* t) {
    const sema::ScalarType* u = types_.scalar(sema::ScalarKind::UInt);
    if (const auto* a = t->as<sema::ArrayType>()) return types_.array(uint_like(a->element), a->length);
    if (const auto* v = t->as<sema::VectorType>()) return types_.vector(u, v->count);
    if (const auto* m = t->as<sema::MatrixType>()) return types_.matrix(u, m->rows, m->cols);
    return u;
}

void Lowerer::lower_entry(const sema::EntryPoint* ep) {
    const sema::Function* f = ep->function;
    std::string name(f->name.str());
    for (const sema::Variable* p : f->params) {
        if (p->type && sema::contains_resource(p->type)) {
            unsupported(p->loc, fmt::format("the entry point parameter '{}' that holds a resource", p->name.str()));
            return;
        }
    }
    ir::Function* body = function_for(f, {}, name + "_body");
    if (!body) return;
    ir::Function* wrapper = m_.add_function(name, types_.void_type());
    ir::EntryPoint* entry = m_.add_entry_point(ir_stage(ep->stage), wrapper);
    if (ep->stage == Stage::Compute)
        entry->workgroup_size = {ep->numthreads[0], ep->numthreads[1], ep->numthreads[2]};

    // The names are built in one buffer: most are too long for a string's inline storage.
    std::string global_name;
    auto stage_global = [&](const sema::StageVariable& v, bool output) {
        global_name.assign(output ? "out.var." : "in.var.");
        global_name += v.semantic.str();
        std::optional<ir::BuiltIn> builtin = builtin_of(v.builtin, ep->stage, v.interpolation);
        const Type* type = concrete(v.type);
        // Vulkan's compute IDs are uint3 variables whatever the parameter says (`uint id`, `int2 g`):
        // the wrapper's load converts, as DXC's does.
        if (builtin && (*builtin == ir::BuiltIn::GlobalInvocationId || *builtin == ir::BuiltIn::WorkgroupId ||
                        *builtin == ir::BuiltIn::LocalInvocationId))
            type = types_.vector(types_.scalar(sema::ScalarKind::UInt), 3);
        // SV_InnerCoverage is a uint in HLSL and the bool FullyCoveredEXT in Vulkan.
        if (builtin && *builtin == ir::BuiltIn::FullyCovered) type = types_.scalar(sema::ScalarKind::Bool);
        // Bool varyings are uint variables (of the same width), converted at the copy, as DXC does:
        // Vulkan has no bool interface variables.
        if (!builtin && sema::is_bool(sema::innermost_element(type))) type = uint_like(type);
        // One value per vertex of the primitive (PerVertexKHR): the parameter gets vertex 0's.
        if (v.per_vertex && !output) type = types_.array(type, 3);
        ir::Global* g = m_.add_global(output ? sema::AddressSpace::Output : sema::AddressSpace::Input, type,
                                      global_name);
        g->loc = v.loc;
        if (builtin) g->builtin = *builtin;
        else g->location = v.location;
        g->interpolation = v.interpolation;
        g->per_vertex = v.per_vertex && !output;
        if (options_.hlsl_reflection) g->semantic = m_.arena().copy(v.semantic.str());
        (output ? entry->outputs : entry->inputs).push_back(g);
        return g;
    };
    std::vector<ir::Global*> inputs, outputs;
    inputs.reserve(ep->inputs.size());
    outputs.reserve(ep->outputs.size());
    for (const sema::StageVariable& v : ep->inputs) inputs.push_back(stage_global(v, false));
    for (const sema::StageVariable& v : ep->outputs) outputs.push_back(stage_global(v, true));

    begin_function(wrapper, nullptr);
    // The wrapper is the entry point's: its copies of stage variables are at its declaration.
    if (ep->function) b_.set_loc(ep->function->loc);
    if (init_globals_) b_.call(init_globals_, {});

    // The place inside a parameter (or the result) that a flattened stage variable names.
    auto leaf_pointer = [&](ir::Value* base, const sema::StageVariable& v) {
        ir::Value* ptr = base;
        const Type* t = base->type()->as<sema::PointerType>()->pointee;
        for (std::uint32_t m : v.member_path) {
            const auto* s = t->as<sema::StructType>();
            if (!s) break;
            std::int64_t index = m == sema::StageVariable::kBaseMember ? 0 : ir_member(s, m);
            ptr = access(ptr, {int_c(static_cast<std::int32_t>(index))});
            t = ir::composite_element_type(types_, t, index);
        }
        return ptr;
    };

    ValueList args;
    InstructionList temps;
    for (std::uint32_t k = 0; k < f->params.size(); ++k) {
        const sema::Variable* p = f->params[k];
        ir::Instruction* temp = new_alloca(concrete(p->type), p->name.str());
        temps.push_back(temp);
        if (p->direction != sema::ParamDirection::Out) {
            for (std::size_t i = 0; i < ep->inputs.size(); ++i) {
                const sema::StageVariable& v = ep->inputs[i];
                if (v.param_index != k) continue;
                ir::Value* leaf = leaf_pointer(temp, v);
                const Type* want = leaf->type()->as<sema::PointerType>()->pointee->value_type();
                // An ordinary read of a per-vertex input is its first vertex's value (DXC).
                ir::Value* from = inputs[i];
                if (inputs[i]->per_vertex) {
                    from = access(inputs[i], {int_c(0)});
                    per_vertex_[{p, std::vector<std::uint32_t>(v.member_path.begin(), v.member_path.end())}] = inputs[i];
                }
                b_.store(leaf, convert(b_.load(from), want));
            }
        }
        args.push_back(p->direction == sema::ParamDirection::In ? static_cast<ir::Value*>(b_.load(temp)) : temp);
    }
    ir::Instruction* result = b_.call(body, args);
    ir::Instruction* result_temp = nullptr;
    if (!body->result_type->is<sema::VoidType>()) {
        result_temp = new_alloca(body->result_type, "result");
        b_.store(result_temp, result);
    }
    for (std::size_t i = 0; i < ep->outputs.size(); ++i) {
        const sema::StageVariable& v = ep->outputs[i];
        ir::Value* base = v.param_index == sema::StageVariable::kResult
                              ? static_cast<ir::Value*>(result_temp)
                              : (v.param_index < temps.size() ? temps[v.param_index] : nullptr);
        if (!base) continue;
        ir::Value* leaf = leaf_pointer(base, v);
        b_.store(outputs[i], convert(b_.load(leaf), outputs[i]->value_type()));
    }
    b_.ret();
    end_function();
}

}  // namespace oneshader::lower
