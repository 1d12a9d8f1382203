#pragma once
// Names in generated C++ (spec page "Generated bindings", "Names"): type names keep a spelling
// that has an upper-case letter and PascalCase the others; members keep the HLSL spelling with
// a C++ keyword escaped by a trailing `_`.
#include <string>
#include <string_view>

namespace oneshader::cppgen {

// `sprite` -> `Sprite`, `msdf_text` -> `MsdfText`, `UI-rect` -> `UI_rect`, `2d_sprite` -> `_2dSprite`.
std::string type_name(std::string_view name);
// `ALPHA_TEST` -> `AlphaTest`: macro-style names (all capitals) PascalCased, for variant names.
std::string pascal_case(std::string_view name);
// A member or enumerator: invalid characters become `_`, a keyword gets a trailing `_`.
std::string member_name(std::string_view name);
// `ALPHA_TEST` -> `alpha_test`: a Key field.
std::string snake_case(std::string_view name);
bool is_cpp_keyword(std::string_view name);
// The file name of a path, without directories and without the last extension.
std::string file_stem(std::string_view path);
std::string file_name(std::string_view path);
// A C++ string literal for `text` (quotes included), escaping what C++ needs escaped.
std::string string_literal(std::string_view text);

}  // namespace oneshader::cppgen
