// DXC's options that make a built-in read as Direct3D defines it, applied where the input is
// loaded: -fvk-use-dx-position-w (a pixel shader's SV_Position.w is the clip-space w, where
// Vulkan's FragCoord.w is its reciprocal) and -fvk-support-nonzero-base-vertex / -instance
// (SV_VertexID and SV_InstanceID count from the draw's first vertex and instance, where Vulkan's
// VertexIndex and InstanceIndex include the base).
#include "spirv/emitter.hpp"

namespace oneshader::spirv {

namespace {

const ir::Global* input_builtin(const ir::Value* v, ir::BuiltIn which) {
    const auto* g = v->as<ir::Global>();
    return g && g->global_kind() == ir::GlobalKind::Input && g->builtin && *g->builtin == which ? g : nullptr;
}

}  // namespace

Id Emitter::dx_builtin_load(const ir::Instruction* load, Id v) {
    const ir::Value* from = load->operands[0];
    const sema::Type* t = load->type();
    if (options_.dx_position_w && stage() == ir::ShaderStage::Pixel) {
        if (input_builtin(from, ir::BuiltIn::FragCoord)) {
            Id component = component_type_of(t);
            Id w = op_result(spv::Op::OpCompositeExtract, component, {v, 3});
            Id one = constant_f32(1.0f);
            Id reciprocal = op_result(spv::Op::OpFDiv, component, {one, w});
            return op_result(spv::Op::OpCompositeInsert, value_type(t), {reciprocal, v, 3});
        }
        const auto* chain = from->as<ir::Instruction>();
        if (chain && chain->opcode == ir::Opcode::AccessChain && chain->operands.size() == 2 &&
            input_builtin(chain->operands[0], ir::BuiltIn::FragCoord)) {
            const auto* index = chain->operands[1]->as<ir::Constant>();
            if (!index) {
                unsupported("-fvk-use-dx-position-w with a component of SV_Position chosen at run time");
                return v;
            }
            if (index->bits != 3) return v;
            Id one = constant_f32(1.0f);
            return op_result(spv::Op::OpFDiv, value_type(t), {one, v});
        }
    }
    if (stage() != ir::ShaderStage::Vertex) return v;
    for (auto [index, base, on] : {std::tuple{ir::BuiltIn::VertexIndex, spv::BuiltIn::BaseVertex, options_.nonzero_base_vertex},
                                   std::tuple{ir::BuiltIn::InstanceIndex, spv::BuiltIn::BaseInstance,
                                              options_.nonzero_base_instance}}) {
        if (!on || !input_builtin(from, index)) continue;
        capability(spv::Capability::DrawParameters);
        Id type = value_type(t);
        Id first = builtin_input(base, type, base == spv::BuiltIn::BaseVertex ? "gl_BaseVertex" : "gl_BaseInstance");
        Id first_value = op_result(spv::Op::OpLoad, type, {first});
        return op_result(spv::Op::OpISub, type, {v, first_value});
    }
    return v;
}

}  // namespace oneshader::spirv
