// The numbers layouts.hpp gives for VkDescriptorType, VkShaderStageFlagBits, VkFormat and
// VkVertexInputRate are Vulkan's: checked against the Vulkan headers when they are installed, and
// every vertex format has a Vulkan, Metal and WebGPU form.
#include "layout_shaders.hpp"

#if defined(ONESHADER_HAVE_VULKAN_HEADERS)
#include <vulkan/vulkan_core.h>
#endif

using namespace oneshader;
using namespace oneshader::layouts;

#if defined(ONESHADER_HAVE_VULKAN_HEADERS)
namespace {
template <class A, class B>
constexpr bool same(A a, B b) {
    return static_cast<std::uint32_t>(a) == static_cast<std::uint32_t>(b);
}
using D = vulkan::DescriptorType;
using F = vulkan::Format;
static_assert(same(D::Sampler, VK_DESCRIPTOR_TYPE_SAMPLER));
static_assert(same(D::CombinedImageSampler, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER));
static_assert(same(D::SampledImage, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE));
static_assert(same(D::StorageImage, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE));
static_assert(same(D::UniformTexelBuffer, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER));
static_assert(same(D::StorageTexelBuffer, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER));
static_assert(same(D::UniformBuffer, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER));
static_assert(same(D::StorageBuffer, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER));
static_assert(same(D::UniformBufferDynamic, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC));
static_assert(same(D::StorageBufferDynamic, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC));
static_assert(same(vulkan::StageVertexBit, VK_SHADER_STAGE_VERTEX_BIT));
static_assert(same(vulkan::StageFragmentBit, VK_SHADER_STAGE_FRAGMENT_BIT));
static_assert(same(vulkan::StageComputeBit, VK_SHADER_STAGE_COMPUTE_BIT));
static_assert(same(vulkan::VertexInputRate::Vertex, VK_VERTEX_INPUT_RATE_VERTEX));
static_assert(same(vulkan::VertexInputRate::Instance, VK_VERTEX_INPUT_RATE_INSTANCE));
static_assert(same(F::R8G8Unorm, VK_FORMAT_R8G8_UNORM) && same(F::R8G8Snorm, VK_FORMAT_R8G8_SNORM));
static_assert(same(F::R8G8Uint, VK_FORMAT_R8G8_UINT) && same(F::R8G8Sint, VK_FORMAT_R8G8_SINT));
static_assert(same(F::R8G8B8A8Unorm, VK_FORMAT_R8G8B8A8_UNORM) && same(F::R8G8B8A8Snorm, VK_FORMAT_R8G8B8A8_SNORM));
static_assert(same(F::R8G8B8A8Uint, VK_FORMAT_R8G8B8A8_UINT) && same(F::R8G8B8A8Sint, VK_FORMAT_R8G8B8A8_SINT));
static_assert(same(F::A2B10G10R10UnormPack32, VK_FORMAT_A2B10G10R10_UNORM_PACK32));
static_assert(same(F::R16G16Unorm, VK_FORMAT_R16G16_UNORM) && same(F::R16G16Snorm, VK_FORMAT_R16G16_SNORM));
static_assert(same(F::R16G16Uint, VK_FORMAT_R16G16_UINT) && same(F::R16G16Sint, VK_FORMAT_R16G16_SINT));
static_assert(same(F::R16G16Sfloat, VK_FORMAT_R16G16_SFLOAT));
static_assert(same(F::R16G16B16A16Unorm, VK_FORMAT_R16G16B16A16_UNORM));
static_assert(same(F::R16G16B16A16Snorm, VK_FORMAT_R16G16B16A16_SNORM));
static_assert(same(F::R16G16B16A16Uint, VK_FORMAT_R16G16B16A16_UINT));
static_assert(same(F::R16G16B16A16Sint, VK_FORMAT_R16G16B16A16_SINT));
static_assert(same(F::R16G16B16A16Sfloat, VK_FORMAT_R16G16B16A16_SFLOAT));
static_assert(same(F::R32Uint, VK_FORMAT_R32_UINT) && same(F::R32Sint, VK_FORMAT_R32_SINT) &&
              same(F::R32Sfloat, VK_FORMAT_R32_SFLOAT));
static_assert(same(F::R32G32Uint, VK_FORMAT_R32G32_UINT) && same(F::R32G32Sint, VK_FORMAT_R32G32_SINT) &&
              same(F::R32G32Sfloat, VK_FORMAT_R32G32_SFLOAT));
static_assert(same(F::R32G32B32Uint, VK_FORMAT_R32G32B32_UINT) && same(F::R32G32B32Sint, VK_FORMAT_R32G32B32_SINT) &&
              same(F::R32G32B32Sfloat, VK_FORMAT_R32G32B32_SFLOAT));
static_assert(same(F::R32G32B32A32Uint, VK_FORMAT_R32G32B32A32_UINT) &&
              same(F::R32G32B32A32Sint, VK_FORMAT_R32G32B32A32_SINT) &&
              same(F::R32G32B32A32Sfloat, VK_FORMAT_R32G32B32A32_SFLOAT));
}  // namespace
#endif

TEST_CASE("every vertex format has a Vulkan, Metal and WebGPU form of its size", "[layouts]") {
    for (unsigned i = 1; i <= static_cast<unsigned>(VertexFormat::Unorm10_10_10_2); ++i) {
        const auto f = static_cast<VertexFormat>(i);
        INFO(to_string(f));
        CHECK(vulkan::format(f) != vulkan::Format::Undefined);
        CHECK_FALSE(vulkan::to_string(vulkan::format(f)).empty());
        CHECK(metal::format(f) != metal::VertexFormat::Invalid);
        CHECK_FALSE(metal::to_string(metal::format(f)).empty());
        CHECK_FALSE(webgpu::format_string(f).empty());
    }
    // The names end in the WebGPU spelling of the reflection's.
    CHECK(webgpu::format_string(VertexFormat::Unorm10_10_10_2) == "unorm10-10-10-2");
    CHECK(webgpu::format_string(VertexFormat::Float16x4) == "float16x4");
    CHECK(vulkan::stage_flags(ShaderStages(StageVertex | StageCompute)) == 0x21u);
    CHECK(vulkan::stage_flags_to_string(0x11) == "Vertex, Fragment");
    CHECK(webgpu::visibility(ShaderStages(StagePixel | StageCompute)) == 6u);
}
