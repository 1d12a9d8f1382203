#include "syntax/parser_names.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "support/interner.hpp"
#include "syntax/ast.hpp"

namespace oneshader::syntax {

namespace {

constexpr auto kModifierSpellings = std::to_array<std::string_view>({
    "static", "const", "groupshared", "uniform", "extern", "precise", "row_major", "column_major",
    "snorm", "unorm", "nointerpolation", "linear", "centroid", "noperspective", "sample",
    "in", "out", "inout", "inline", "volatile", "shared",
});
static_assert(kModifierSpellings.size() == kModifierCount);

// Spellings that are common variable names in real shaders (`float4 sample = ...`), so they act
// as modifiers only where a type or another modifier follows.
constexpr auto kContextualModifiers = std::to_array<std::string_view>({
    "precise", "snorm", "unorm", "linear", "centroid", "noperspective", "sample",
});

constexpr auto kScalarTypes = std::to_array<std::string_view>({
    "bool", "int", "uint", "dword", "half", "float", "double", "min16float", "min10float", "min16int",
    "min12int", "min16uint", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t",
    "float16_t", "float32_t", "float64_t", "int8_t4_packed", "uint8_t4_packed",
});

// Object types that take template arguments.
constexpr auto kTemplateObjectTypes = std::to_array<std::string_view>({
    "vector", "matrix",
    "Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray", "Texture2DMS", "Texture2DMSArray",
    "Texture3D", "TextureCube", "TextureCubeArray",
    "RWTexture1D", "RWTexture1DArray", "RWTexture2D", "RWTexture2DArray", "RWTexture3D",
    "RasterizerOrderedTexture1D", "RasterizerOrderedTexture1DArray", "RasterizerOrderedTexture2D",
    "RasterizerOrderedTexture2DArray", "RasterizerOrderedTexture3D", "RasterizerOrderedBuffer",
    "RasterizerOrderedStructuredBuffer",
    "Buffer", "RWBuffer", "StructuredBuffer", "RWStructuredBuffer", "AppendStructuredBuffer",
    "ConsumeStructuredBuffer", "ConstantBuffer", "TextureBuffer",
    "SubpassInput", "SubpassInputMS", "InputPatch", "OutputPatch", "PointStream", "LineStream", "TriangleStream",
});

constexpr auto kPlainObjectTypes = std::to_array<std::string_view>({
    "ByteAddressBuffer", "RWByteAddressBuffer", "RasterizerOrderedByteAddressBuffer", "SamplerState",
    "SamplerComparisonState",
    "RaytracingAccelerationStructure", "void", "sampler", "sampler1D", "sampler2D", "sampler3D", "samplerCUBE",
});

struct KeywordEntry {
    std::string_view spelling;
    Keyword keyword;
};

constexpr auto kKeywords = std::to_array<KeywordEntry>({
    {"struct", Keyword::Struct},       {"class", Keyword::Class},         {"cbuffer", Keyword::Cbuffer},
    {"tbuffer", Keyword::Tbuffer},     {"typedef", Keyword::Typedef},     {"namespace", Keyword::Namespace},
    {"enum", Keyword::Enum},           {"template", Keyword::Template},   {"typename", Keyword::Typename},
    {"using", Keyword::Using},         {"operator", Keyword::Operator},   {"register", Keyword::Register},
    {"packoffset", Keyword::PackOffset}, {"public", Keyword::Public},     {"private", Keyword::Private},
    {"protected", Keyword::Protected}, {"if", Keyword::If},               {"else", Keyword::Else},
    {"for", Keyword::For},             {"while", Keyword::While},         {"do", Keyword::Do},
    {"switch", Keyword::Switch},       {"case", Keyword::Case},           {"default", Keyword::Default},
    {"break", Keyword::Break},         {"continue", Keyword::Continue},   {"return", Keyword::Return},
    {"discard", Keyword::Discard},     {"true", Keyword::True},           {"false", Keyword::False},
    {"this", Keyword::This},           {"sizeof", Keyword::Sizeof},       {"interface", Keyword::Interface},
    {"goto", Keyword::Goto},           {"asm", Keyword::Asm},             {"__asm", Keyword::Asm},
});

struct Entry {
    std::string_view spelling;
    NameClass cls;
};

constexpr std::size_t kTableSize = kKeywords.size() + kModifierSpellings.size() + kScalarTypes.size() +
                                   kTemplateObjectTypes.size() + kPlainObjectTypes.size();

// Every fixed spelling in one table, built at compile time.
constexpr std::array<Entry, kTableSize> make_table() {
    std::array<Entry, kTableSize> t{};
    std::size_t n = 0;
    for (const KeywordEntry& k : kKeywords) t[n++] = {k.spelling, NameClass{k.keyword, 0, false, false, false}};
    for (std::size_t i = 0; i < kModifierSpellings.size(); ++i) {
        bool contextual = false;
        for (std::string_view c : kContextualModifiers) contextual = contextual || c == kModifierSpellings[i];
        t[n++] = {kModifierSpellings[i], NameClass{Keyword::Modifier, 1u << i, contextual, false, false}};
    }
    for (std::string_view s : kScalarTypes) t[n++] = {s, NameClass{Keyword::None, 0, false, true, false}};
    for (std::string_view s : kTemplateObjectTypes) t[n++] = {s, NameClass{Keyword::None, 0, false, true, true}};
    for (std::string_view s : kPlainObjectTypes) t[n++] = {s, NameClass{Keyword::None, 0, false, true, false}};
    std::sort(t.begin(), t.end(), [](const Entry& a, const Entry& b) { return a.spelling < b.spelling; });
    return t;
}

constexpr std::array<Entry, kTableSize> kTable = make_table();

}  // namespace

std::string_view modifier_spelling(int index) {
    return index >= 0 && index < kModifierCount ? kModifierSpellings[static_cast<std::size_t>(index)] : "";
}

namespace {

// The vector and matrix shorthands of every scalar type (`float4`, `half3x2`, `uint8_t4_packed1`),
// spelled one after another in one constant array: scalar + R and scalar + R + 'x' + C for R and
// C in 1..4.
constexpr std::size_t kShorthandsPerScalar = 4 * (1 + 4);

constexpr std::size_t shorthand_chars() {
    std::size_t n = 0;
    for (std::string_view s : kScalarTypes) n += 4 * (s.size() + 1) + 16 * (s.size() + 3);
    return n;
}

constexpr std::array<char, shorthand_chars()> make_shorthands() {
    std::array<char, shorthand_chars()> out{};
    std::size_t n = 0;
    for (std::string_view s : kScalarTypes)
        for (char r = '1'; r <= '4'; ++r) {
            for (char c : s) out[n++] = c;
            out[n++] = r;
            for (char k = '1'; k <= '4'; ++k) {
                for (char c : s) out[n++] = c;
                out[n++] = r;
                out[n++] = 'x';
                out[n++] = k;
            }
        }
    return out;
}

constexpr std::array<char, shorthand_chars()> kShorthands = make_shorthands();

// Every spelling with a fixed meaning, shorthands included, in one open-addressing table built at
// compile time: the parser classifies each distinct identifier of every compile, so this is one
// probe instead of a search, and a process builds nothing on its first compile.
constexpr std::size_t kSpellingCount = kTableSize + kScalarTypes.size() * kShorthandsPerScalar;

constexpr std::size_t spelling_slots() {
    std::size_t size = 64;
    while (size < kSpellingCount * 2) size *= 2;
    return size;
}

constexpr std::array<Entry, spelling_slots()> make_spelling_index() {
    std::array<Entry, spelling_slots()> slots{};
    const std::size_t mask = slots.size() - 1;
    auto put = [&](const Entry& e) {
        std::size_t i = support::Interner::hash_of(e.spelling) & mask;
        while (!slots[i].spelling.empty()) i = (i + 1) & mask;
        slots[i] = e;
    };
    for (const Entry& e : kTable) put(e);
    std::size_t at = 0;
    for (std::string_view s : kScalarTypes)
        for (int r = 0; r < 4; ++r) {
            put({std::string_view(kShorthands.data() + at, s.size() + 1), NameClass{Keyword::None, 0, false, true, false}});
            at += s.size() + 1;
            for (int k = 0; k < 4; ++k) {
                put({std::string_view(kShorthands.data() + at, s.size() + 3),
                     NameClass{Keyword::None, 0, false, true, false}});
                at += s.size() + 3;
            }
        }
    return slots;
}

constexpr std::array<Entry, spelling_slots()> kSpellingIndex = make_spelling_index();

}  // namespace

NameClass classify_name(std::string_view s) { return classify_name(s, support::Interner::hash_of(s)); }

NameClass classify_name(std::string_view s, std::uint32_t hash) {
    if (s.empty()) return {};
    constexpr std::size_t mask = kSpellingIndex.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const Entry& e = kSpellingIndex[i];
        if (e.spelling.empty()) return {};
        if (e.spelling == s) return e.cls;
    }
}

}  // namespace oneshader::syntax
