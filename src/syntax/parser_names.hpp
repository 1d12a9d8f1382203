#pragma once
// What an identifier spelling means to the parser before any declaration is seen: a keyword, a
// declaration modifier, or a built-in type name. Keywords are identifiers in the token stream
// (token.hpp), so the parser classifies each distinct spelling once and caches the answer.
#include <cstdint>
#include <string_view>

namespace oneshader::syntax {

enum class Keyword : std::uint8_t {
    None,
    // declarations
    Struct, Class, Cbuffer, Tbuffer, Typedef, Namespace, Enum, Template, Typename, Using, Operator,
    Register, PackOffset, Public, Private, Protected,
    // statements
    If, Else, For, While, Do, Switch, Case, Default, Break, Continue, Return, Discard,
    // expressions
    True, False, This, Sizeof,
    // modifiers (see modifier_of)
    Modifier,
    // recognised only to say they are not supported
    Interface, Goto, Asm,
};

struct NameClass {
    Keyword keyword = Keyword::None;
    std::uint32_t modifier = 0;   // the Modifier bit when keyword == Modifier
    bool contextual = false;      // a modifier only when an identifier follows (`sample`, `linear`)
    bool builtin_type = false;    // float4, min16float3, Texture2D, SamplerState, void, ...
    bool builtin_template = false;  // may take template arguments: vector, matrix, Texture2D, ...
};

NameClass classify_name(std::string_view spelling);
// The same for a caller that has the interner's hash of the spelling at hand.
NameClass classify_name(std::string_view spelling, std::uint32_t hash);

}  // namespace oneshader::syntax
