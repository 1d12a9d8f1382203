// The target environment's SPIR-V version (-fspv-target-env): what SPIR-V 1.0 (Vulkan 1.0) and
// 1.3 (Vulkan 1.1) lack next to the 1.5 the backend otherwise writes, and -fspv-extension's list
// of the extensions a module may declare. The decisions follow DXC: storage buffers are Uniform
// blocks decorated BufferBlock before 1.3, wave operations need 1.3, and an extension that a
// later version made core is declared when the version is older.
#include <fmt/format.h>

#include <algorithm>

#include "spirv/emitter.hpp"

namespace oneshader::spirv {

namespace {

using C = spv::Capability;

// The first SPIR-V version each capability of the backend is core in without an extension, and
// the extension that brings it to older versions ("" where none does).
struct CapabilityOrigin {
    C capability;
    std::uint32_t core_since;
    std::string_view extension;
};

constexpr CapabilityOrigin kOrigins[] = {
    {C::GroupNonUniform, Options::kSpirv13, ""},
    {C::GroupNonUniformBallot, Options::kSpirv13, ""},
    {C::GroupNonUniformQuad, Options::kSpirv13, ""},
    {C::GroupNonUniformVote, Options::kSpirv13, ""},
    {C::GroupNonUniformArithmetic, Options::kSpirv13, ""},
    {C::GroupNonUniformShuffle, Options::kSpirv13, ""},
    {C::DrawParameters, Options::kSpirv13, "SPV_KHR_shader_draw_parameters"},
    {C::MultiView, Options::kSpirv13, "SPV_KHR_multiview"},
    {C::DeviceGroup, Options::kSpirv13, "SPV_KHR_device_group"},
    {C::StorageBuffer16BitAccess, Options::kSpirv13, "SPV_KHR_16bit_storage"},
    {C::UniformAndStorageBuffer16BitAccess, Options::kSpirv13, "SPV_KHR_16bit_storage"},
    {C::StoragePushConstant16, Options::kSpirv13, "SPV_KHR_16bit_storage"},
    {C::StorageInputOutput16, Options::kSpirv13, "SPV_KHR_16bit_storage"},
    {C::ShaderNonUniform, Options::kSpirv15, "SPV_EXT_descriptor_indexing"},
    {C::RuntimeDescriptorArray, Options::kSpirv15, "SPV_EXT_descriptor_indexing"},
    {C::SampledImageArrayNonUniformIndexing, Options::kSpirv15, "SPV_EXT_descriptor_indexing"},
    {C::StorageImageArrayNonUniformIndexing, Options::kSpirv15, "SPV_EXT_descriptor_indexing"},
    {C::UniformBufferArrayNonUniformIndexing, Options::kSpirv15, "SPV_EXT_descriptor_indexing"},
    {C::StorageBufferArrayNonUniformIndexing, Options::kSpirv15, "SPV_EXT_descriptor_indexing"},
    {C::UniformTexelBufferArrayNonUniformIndexing, Options::kSpirv15, "SPV_EXT_descriptor_indexing"},
    {C::StorageTexelBufferArrayNonUniformIndexing, Options::kSpirv15, "SPV_EXT_descriptor_indexing"},
};

std::string version_text(std::uint32_t v) { return fmt::format("{}.{}", (v >> 16) & 0xFF, (v >> 8) & 0xFF); }

bool allowed(const std::vector<std::string>& list, std::string_view extension) {
    if (list.empty()) return true;
    for (const std::string& e : list)
        if (e == extension || (e == "KHR" && extension.starts_with("SPV_KHR_"))) return true;
    return false;
}

}  // namespace

spv::StorageClass Emitter::storage_buffer_class() const {
    return options_.version >= Options::kSpirv13 ? spv::StorageClass::StorageBuffer : spv::StorageClass::Uniform;
}

spv::Decoration Emitter::storage_buffer_decoration() const {
    return options_.version >= Options::kSpirv13 ? spv::Decoration::Block : spv::Decoration::BufferBlock;
}

void Emitter::apply_target_env() {
    const std::uint32_t version = options_.version;
    for (const CapabilityOrigin& o : kOrigins) {
        if (version >= o.core_since) continue;
        if (std::find(capabilities_.begin(), capabilities_.end(), static_cast<std::uint32_t>(o.capability)) ==
            capabilities_.end())
            continue;
        if (!o.extension.empty()) {
            extension(o.extension);
            continue;
        }
        // DXC's words: wave operations need Vulkan 1.1.
        fail(support::DiagCode::spirv_not_expressible,
             fmt::format("SPIR-V: wave operations need SPIR-V {} (Vulkan 1.1), and the target environment gives "
                         "SPIR-V {}. Use -fspv-target-env=vulkan1.1 or newer.",
                         version_text(o.core_since), version_text(version)));
        break;
    }
    for (std::string_view e : extensions_) {
        if (allowed(options_.allowed_extensions, e)) continue;
        fail(support::DiagCode::spirv_not_expressible,
             fmt::format("SPIR-V: the shader needs the extension {}, which -fspv-extension does not permit. Add "
                         "-fspv-extension={} to the command line.",
                         e, e));
    }
}

}  // namespace oneshader::spirv
