// EntryLayout::with_vertex_overrides: the engine's vertex layout in place of the shader's, checked
// by the rules every API shares (spec: "OneShader" package page, "Pipeline layouts").
#include "layouts/layout_words.hpp"

namespace oneshader::layouts {

namespace {

enum class FormatClass : std::uint8_t { Float, Uint, Sint };

FormatClass format_class(VertexFormat f) {
    using F = VertexFormat;
    switch (f) {
    case F::Uint8x2: case F::Uint8x4: case F::Uint16x2: case F::Uint16x4: case F::Uint32: case F::Uint32x2:
    case F::Uint32x3: case F::Uint32x4: return FormatClass::Uint;
    case F::Sint8x2: case F::Sint8x4: case F::Sint16x2: case F::Sint16x4: case F::Sint32: case F::Sint32x2:
    case F::Sint32x3: case F::Sint32x4: return FormatClass::Sint;
    default: return FormatClass::Float;
    }
}

std::optional<FormatClass> input_class(ScalarKind s) {
    switch (s) {
    case ScalarKind::Float: case ScalarKind::Half: return FormatClass::Float;
    case ScalarKind::UInt: case ScalarKind::UInt16: return FormatClass::Uint;
    case ScalarKind::Int: case ScalarKind::Int16: return FormatClass::Sint;
    default: return std::nullopt;
    }
}

std::string_view class_formats(FormatClass c) {
    switch (c) {
    case FormatClass::Float: return "a float, unorm, snorm or half format";
    case FormatClass::Uint: return "a Uint format";
    case FormatClass::Sint: return "a Sint format";
    }
    return "";
}

std::string_view scalar_word(ScalarKind s) {
    switch (s) {
    case ScalarKind::Float: return "float";
    case ScalarKind::Half: return "half";
    case ScalarKind::UInt: return "uint";
    case ScalarKind::Int: return "int";
    default: return to_string(s);
    }
}

}  // namespace

Result<EntryLayout> EntryLayout::with_vertex_overrides(const VertexLayoutOverrides& overrides) const {
    auto invalid = [&](std::string message) {
        return layout_error(LayoutErrorKind::InvalidVertexInput, "Entry point '" + entry_point + "': " + message);
    };
    if (!vertex)
        return invalid(stage == Stage::Vertex ? "it reads no vertex attributes, so there is nothing to override."
                                              : "it is a " + std::string(stage_word(stage)) +
                                                    " shader; vertex overrides apply to vertex shaders.");
    EntryLayout out = *this;
    VertexLayout& v = *out.vertex;
    if (overrides.stride) {
        if (*overrides.stride == 0) return invalid("the vertex stride must not be 0.");
        v.stride = *overrides.stride;
    }
    for (const auto& [location, o] : overrides.attributes) {
        VertexAttributeLayout* a = nullptr;
        for (VertexAttributeLayout& candidate : v.attributes)
            if (candidate.location == location) a = &candidate;
        if (!a)
            return invalid("the shader reads no vertex input at location " + std::to_string(location) +
                           "; override only the locations it reads.");
        if (o.format == VertexFormat::None) return invalid("the override of location " + std::to_string(location) + " has no format.");
        const std::optional<FormatClass> want = input_class(a->scalar);
        if (!want || format_class(o.format) != *want)
            return invalid("location " + std::to_string(location) + " ('" + a->name + "') is a " +
                           std::string(scalar_word(a->scalar)) + " input, which cannot read " +
                           std::string(to_string(o.format)) + "; use " +
                           std::string(class_formats(want.value_or(FormatClass::Float))) + ".");
        a->format = o.format;
        a->offset = o.offset;
    }
    for (const VertexAttributeLayout& a : v.attributes) {
        const std::uint32_t size = vertex_format_bytes(a.format);
        const std::uint32_t align = size < 4 ? size : 4;
        if (align != 0 && a.offset % align != 0)
            return invalid("location " + std::to_string(a.location) + " (" + std::string(to_string(a.format)) +
                           ") is at offset " + std::to_string(a.offset) + ", which is not a multiple of " +
                           std::to_string(align) + ".");
        if (std::uint64_t(a.offset) + size > v.stride)
            return invalid("location " + std::to_string(a.location) + " (" + std::string(to_string(a.format)) +
                           " at offset " + std::to_string(a.offset) + ", " + std::to_string(size) +
                           " bytes) does not fit in the stride of " + std::to_string(v.stride) + " bytes.");
    }
    return out;
}

}  // namespace oneshader::layouts
