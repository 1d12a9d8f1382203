// -fspv-reflect: the HLSL facts DXC writes into the module for reflection tools (SPIRV-Reflect,
// RenderDoc): each stage variable's semantic as written (UserSemantic, from
// SPV_GOOGLE_hlsl_functionality1), each resource's HLSL type (UserTypeGOOGLE, from
// SPV_GOOGLE_user_type) and the counter of each append/consume buffer (CounterBuffer). The
// lowering keeps the texts on the globals only when this is asked for.
#include <unordered_set>

#include "spirv/emitter.hpp"

namespace oneshader::spirv {

void Emitter::hlsl_reflection() {
    if (!options_.reflect) return;
    extension("SPV_GOOGLE_hlsl_functionality1");
    extension("SPV_GOOGLE_user_type");
    // Two parameters with one system value share a built-in variable: one decoration each.
    std::unordered_set<Id> semantic_done;
    for (const ir::Global* g : used_globals_) {
        const GlobalInfo* info = global_info(g);
        if (!info || !info->variable) continue;
        if (!g->semantic.empty() && semantic_done.insert(info->variable).second)
            annotations_.add_with_string(spv::Op::OpDecorateString,
                                         {info->variable, static_cast<std::uint32_t>(spv::Decoration::UserSemantic)},
                                         g->semantic);
        if (!g->user_type.empty())
            annotations_.add_with_string(spv::Op::OpDecorateString,
                                         {info->variable, static_cast<std::uint32_t>(spv::Decoration::UserTypeGOOGLE)},
                                         g->user_type);
        if (g->counter_for)
            if (const GlobalInfo* buffer = global_info(g->counter_for); buffer && buffer->variable)
                annotations_.add(spv::Op::OpDecorateId,
                                 {buffer->variable, static_cast<std::uint32_t>(spv::Decoration::CounterBuffer), info->variable});
    }
}

}  // namespace oneshader::spirv
