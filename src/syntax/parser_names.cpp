#include "syntax/parser_names.hpp"

#include <array>

#include "syntax/ast.hpp"

namespace oneshader::syntax {

namespace {

struct KeywordEntry {
    std::string_view spelling;
    Keyword keyword;
};

constexpr std::array kKeywords{
    KeywordEntry{"struct", Keyword::Struct},       KeywordEntry{"class", Keyword::Class},
    KeywordEntry{"cbuffer", Keyword::Cbuffer},     KeywordEntry{"tbuffer", Keyword::Tbuffer},
    KeywordEntry{"typedef", Keyword::Typedef},     KeywordEntry{"namespace", Keyword::Namespace},
    KeywordEntry{"enum", Keyword::Enum},           KeywordEntry{"template", Keyword::Template},
    KeywordEntry{"typename", Keyword::Typename},   KeywordEntry{"using", Keyword::Using},
    KeywordEntry{"operator", Keyword::Operator},   KeywordEntry{"register", Keyword::Register},
    KeywordEntry{"packoffset", Keyword::PackOffset}, KeywordEntry{"public", Keyword::Public},
    KeywordEntry{"private", Keyword::Private},     KeywordEntry{"protected", Keyword::Protected},
    KeywordEntry{"if", Keyword::If},               KeywordEntry{"else", Keyword::Else},
    KeywordEntry{"for", Keyword::For},             KeywordEntry{"while", Keyword::While},
    KeywordEntry{"do", Keyword::Do},               KeywordEntry{"switch", Keyword::Switch},
    KeywordEntry{"case", Keyword::Case},           KeywordEntry{"default", Keyword::Default},
    KeywordEntry{"break", Keyword::Break},         KeywordEntry{"continue", Keyword::Continue},
    KeywordEntry{"return", Keyword::Return},       KeywordEntry{"discard", Keyword::Discard},
    KeywordEntry{"true", Keyword::True},           KeywordEntry{"false", Keyword::False},
    KeywordEntry{"this", Keyword::This},           KeywordEntry{"sizeof", Keyword::Sizeof},
    KeywordEntry{"interface", Keyword::Interface}, KeywordEntry{"goto", Keyword::Goto},
    KeywordEntry{"asm", Keyword::Asm},             KeywordEntry{"__asm", Keyword::Asm},
};

constexpr std::array<std::string_view, kModifierCount> kModifierSpellings{
    "static", "const", "groupshared", "uniform", "extern", "precise", "row_major", "column_major",
    "snorm", "unorm", "nointerpolation", "linear", "centroid", "noperspective", "sample",
    "in", "out", "inout", "inline", "volatile", "shared",
};

// Spellings that are common variable names in real shaders (`float4 sample = ...`), so they act
// as modifiers only where a type or another modifier follows.
constexpr auto kContextualModifiers = std::to_array<std::string_view>({
    "precise", "snorm", "unorm", "linear", "centroid", "noperspective", "sample",
});

constexpr auto kScalarTypes = std::to_array<std::string_view>({
    "bool", "int", "uint", "dword", "half", "float", "double", "min16float", "min10float", "min16int",
    "min12int", "min16uint", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t",
    "float16_t", "float32_t", "float64_t",
});

// Object types. Those that take template arguments come first.
constexpr auto kObjectTypes = std::to_array<std::string_view>({
    "vector", "matrix",
    "Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray", "Texture2DMS", "Texture2DMSArray",
    "Texture3D", "TextureCube", "TextureCubeArray",
    "RWTexture1D", "RWTexture1DArray", "RWTexture2D", "RWTexture2DArray", "RWTexture3D",
    "RasterizerOrderedTexture1D", "RasterizerOrderedTexture1DArray", "RasterizerOrderedTexture2D",
    "RasterizerOrderedTexture2DArray", "RasterizerOrderedTexture3D", "RasterizerOrderedBuffer",
    "RasterizerOrderedStructuredBuffer",
    "Buffer", "RWBuffer", "StructuredBuffer", "RWStructuredBuffer", "AppendStructuredBuffer",
    "ConsumeStructuredBuffer", "ConstantBuffer", "TextureBuffer",
    "InputPatch", "OutputPatch", "PointStream", "LineStream", "TriangleStream",
    // no template arguments
    "ByteAddressBuffer", "RWByteAddressBuffer", "SamplerState", "SamplerComparisonState",
    "RaytracingAccelerationStructure", "void",
});
constexpr std::size_t kFirstPlainObjectType = 36;
static_assert(kObjectTypes[kFirstPlainObjectType] == "ByteAddressBuffer");

bool is_scalar(std::string_view s) {
    for (std::string_view t : kScalarTypes)
        if (s == t) return true;
    return false;
}

// `float4`, `min16float3`, `float16_t2x2`, `bool1x4`: a scalar spelling and 1-4 or 1-4x1-4.
bool is_vector_or_matrix(std::string_view s) {
    auto dim = [](char c) { return c >= '1' && c <= '4'; };
    if (s.size() >= 2 && dim(s.back()) && is_scalar(s.substr(0, s.size() - 1))) return true;
    if (s.size() >= 4 && dim(s.back()) && s[s.size() - 2] == 'x' && dim(s[s.size() - 3]) &&
        is_scalar(s.substr(0, s.size() - 3)))
        return true;
    return false;
}

}  // namespace

std::string_view modifier_spelling(int index) {
    return index >= 0 && index < kModifierCount ? kModifierSpellings[static_cast<std::size_t>(index)] : "";
}

NameClass classify_name(std::string_view s) {
    NameClass c;
    if (s.empty()) return c;
    for (const KeywordEntry& k : kKeywords) {
        if (k.spelling == s) {
            c.keyword = k.keyword;
            return c;
        }
    }
    for (std::size_t i = 0; i < kModifierSpellings.size(); ++i) {
        if (kModifierSpellings[i] == s) {
            c.keyword = Keyword::Modifier;
            c.modifier = 1u << i;
            for (std::string_view cm : kContextualModifiers)
                if (cm == s) c.contextual = true;
            return c;
        }
    }
    if (is_scalar(s) || is_vector_or_matrix(s) || s == "sampler" || s == "sampler1D" || s == "sampler2D" ||
        s == "sampler3D" || s == "samplerCUBE") {
        c.builtin_type = true;
        return c;
    }
    for (std::size_t i = 0; i < kObjectTypes.size(); ++i) {
        if (kObjectTypes[i] == s) {
            c.builtin_type = true;
            c.builtin_template = i < kFirstPlainObjectType;
            return c;
        }
    }
    return c;
}

}  // namespace oneshader::syntax
