#pragma once
// What the layout files share: the words of their messages (stage and resource descriptions as the
// spec prints them) and the small conversions every API's layout needs.
#include <cstdint>
#include <string>
#include <string_view>

#include "oneshader/layouts.hpp"

namespace oneshader::layouts {

std::string_view stage_word(Stage stage);  // "vertex", "pixel", "compute"
ShaderStages stage_bit(Stage stage);
// "'Albedo' (SampledTexture, Texture2D<float4>)", with ", array of 4" for arrays.
std::string describe(const ResourceLayout& resource);
// "'PsTex'", or "'A', 'B'" when several entry points use the resource.
std::string quoted_list(const std::vector<std::string>& names);
// Bytes of one attribute in a vertex buffer.
std::uint32_t vertex_format_bytes(VertexFormat format);
// Appends the names of `from` missing in `to`, keeping the order.
void add_names(std::vector<std::string>& to, const std::vector<std::string>& from);
bool is_buffer(ResourceKind kind);  // constant and storage buffers (not texel buffers)

inline LayoutError layout_error(LayoutErrorKind kind, std::string message) { return {kind, std::move(message)}; }

}  // namespace oneshader::layouts
