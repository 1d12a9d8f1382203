#include "layouts/layout_words.hpp"

#include <algorithm>


namespace oneshader::layouts {

std::string_view to_string(LayoutErrorKind kind) {
    switch (kind) {
    case LayoutErrorKind::EntryPointNotFound: return "EntryPointNotFound";
    case LayoutErrorKind::ResourceConflict: return "ResourceConflict";
    case LayoutErrorKind::PushConstantConflict: return "PushConstantConflict";
    case LayoutErrorKind::DuplicateStage: return "DuplicateStage";
    case LayoutErrorKind::IncompatibleStages: return "IncompatibleStages";
    case LayoutErrorKind::InvalidVertexInput: return "InvalidVertexInput";
    case LayoutErrorKind::MissingTarget: return "MissingTarget";
    case LayoutErrorKind::Unsupported: return "Unsupported";
    case LayoutErrorKind::UnknownName: return "UnknownName";
    case LayoutErrorKind::WrongType: return "WrongType";
    }
    return "Unsupported";
}

std::string_view stage_word(Stage stage) {
    switch (stage) {
    case Stage::Vertex: return "vertex";
    case Stage::Pixel: return "pixel";
    case Stage::Compute: return "compute";
    }
    return "vertex";
}

ShaderStages stage_bit(Stage stage) {
    switch (stage) {
    case Stage::Vertex: return StageVertex;
    case Stage::Pixel: return StagePixel;
    case Stage::Compute: return StageCompute;
    }
    return StageNone;
}

std::string describe(const ResourceLayout& r) {
    std::string text = "'" + r.name + "' (" + std::string(to_string(r.kind)) + ", ";
    text += r.hlsl_type.empty() ? std::string("cbuffer") : r.hlsl_type;
    if (r.descriptor_heap) text += ", descriptor heap";
    else if (r.unbounded) text += ", unbounded array";
    else if (r.count != 1) text += ", array of " + std::to_string(r.count);
    if (!r.image_format.empty()) text += ", format " + r.image_format;
    return text + ")";
}

std::string quoted_list(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& n : names) text += (text.empty() ? "'" : ", '") + n + "'";
    return text;
}

std::uint32_t vertex_format_bytes(VertexFormat format) {
    using F = VertexFormat;
    switch (format) {
    case F::None: return 0;
    case F::Uint8x2: case F::Sint8x2: case F::Unorm8x2: case F::Snorm8x2: return 2;
    case F::Uint8x4: case F::Sint8x4: case F::Unorm8x4: case F::Snorm8x4: case F::Uint16x2: case F::Sint16x2:
    case F::Unorm16x2: case F::Snorm16x2: case F::Float16x2: case F::Float32: case F::Uint32: case F::Sint32:
    case F::Unorm10_10_10_2: return 4;
    case F::Uint16x4: case F::Sint16x4: case F::Unorm16x4: case F::Snorm16x4: case F::Float16x4: case F::Float32x2:
    case F::Uint32x2: case F::Sint32x2: return 8;
    case F::Float32x3: case F::Uint32x3: case F::Sint32x3: return 12;
    case F::Float32x4: case F::Uint32x4: case F::Sint32x4: return 16;
    }
    return 0;
}

void add_names(std::vector<std::string>& to, const std::vector<std::string>& from) {
    for (const std::string& n : from)
        if (std::find(to.begin(), to.end(), n) == to.end()) to.push_back(n);
}

bool is_buffer(ResourceKind kind) {
    return kind == ResourceKind::ConstantBuffer || kind == ResourceKind::ReadOnlyStorageBuffer ||
           kind == ResourceKind::StorageBuffer;
}

const TargetSlot* ResourceLayout::slot(Target target) const {
    for (const TargetSlot& s : slots)
        if (s.target == target) return &s;
    return nullptr;
}

}  // namespace oneshader::layouts
