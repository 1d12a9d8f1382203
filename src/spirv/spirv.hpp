#pragma once
// The SPIR-V backend (spec: "The SPIR-V backend"): one entry point of an IR module, and everything
// it reaches, as a SPIR-V 1.5 binary for Vulkan 1.2. docs/spirv.md lists the mapping decisions.
#include <cstdint>
#include <string>
#include <vector>

#include "ir/module.hpp"
#include "support/diagnostics.hpp"
#include "types/layout.hpp"

namespace oneshader::spirv {

struct Options {
    // OpName / OpMemberName for globals, functions, values and struct members.
    bool keep_names = true;
    // Buffer layouts are worked out here from each resource's element type under DXC's rules; the
    // default matrix packing (-Zpr) has to match what the front end used.
    sema::LayoutOptions layout;
    // Debug information (debug_info.cpp): none by default, and then not a word changes. File
    // names, texts and positions come from the diagnostics engine's source manager.
    SpirvDebugInfo debug;
    std::uint32_t source_version = 600;  // OpSource's version: the shader model, as DXC writes it (ps_6_1: 610)
    std::string tool;                    // OpModuleProcessed's text (SpirvDebugInfo::tool)

    // The SPIR-V version of the target environment (-fspv-target-env, spec page "The SPIR-V
    // backend" for 1.5): 1.0 for Vulkan 1.0, 1.3 for Vulkan 1.1, 1.5 for Vulkan 1.2 and newer and
    // for universal1.5. Older versions change storage buffers, the interface list and the
    // extensions that later versions made core (target_env.cpp).
    std::uint32_t version = kSpirv15;
    // -fspv-extension: when not empty, the only extensions the module may declare ("KHR" allows
    // every SPV_KHR_ one), as in DXC.
    std::vector<std::string> allowed_extensions;
    // -fspv-entrypoint-name: the name OpEntryPoint gives (empty: the HLSL function's).
    std::string entry_point_name;
    // -fvk-invert-y: a vertex shader's SV_Position.y is negated as it is written, for D3D's
    // clip-space y direction.
    bool invert_y = false;
    // -fspv-reflect: the UserSemantic, UserTypeGOOGLE and CounterBuffer decorations (reflect.cpp).
    bool reflect = false;
    // -fspv-preserve-bindings: declare every resource global of the module, used or not.
    bool preserve_bindings = false;
    // -fvk-use-dx-position-w: a pixel shader reads SV_Position.w as 1 / FragCoord.w.
    bool dx_position_w = false;
    // -fvk-support-nonzero-base-vertex / -instance: SV_VertexID is VertexIndex - BaseVertex,
    // SV_InstanceID InstanceIndex - BaseInstance.
    bool nonzero_base_vertex = false;
    bool nonzero_base_instance = false;

    static constexpr std::uint32_t kSpirv10 = 0x00010000u;
    static constexpr std::uint32_t kSpirv13 = 0x00010300u;
    static constexpr std::uint32_t kSpirv14 = 0x00010400u;
    static constexpr std::uint32_t kSpirv15 = 0x00010500u;
};

// The words of the module, or nothing after reporting OSH50xx errors. Same module and options,
// same words.
std::vector<std::uint32_t> emit(const ir::Module& module, const ir::EntryPoint& entry, const Options& options,
                                support::DiagnosticEngine& diags);

}  // namespace oneshader::spirv
