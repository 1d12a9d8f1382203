#pragma once
// The members a generated class has for one compile (a file without variants, or one variant):
// its structs, Bindings, specialization constants, entry points and reflection text.
#include <string>
#include <vector>

#include "cppgen/context.hpp"
#include "cppgen/structs.hpp"
#include "oneshader/cpp_header.hpp"
#include "oneshader/oneshader.hpp"

namespace oneshader::cppgen {

inline constexpr const char* kSupport = "::oneshader::generated::";

struct Body {
    std::vector<StructDef> structs;  // buffer, push-constant, element and vertex structs, in use order
    std::string bindings;            // struct Bindings, at the class's indentation
    std::string specialization;      // SpecializationConstants and Specialization, or empty
    std::string entries;             // one struct per entry point
    std::string reflection;          // reflection_data
    std::vector<std::string> entry_names;  // the C++ names, in reflection order
};

// `qualifier` is the class's qualified name with `::` (`Sprite::`), `level` the indentation of its
// members; `scope` is the class's name scope.
Body build_body(const CompileResult& result, const std::string& qualifier, int level, Scope& scope, Problems& problems);

std::string bindings_text(const ShaderReflection& r, int level, Scope& scope, Problems& problems,
                          const std::vector<std::string>& push_struct_names);
std::string specialization_text(const ShaderReflection& r, int level, Scope& scope, Problems& problems);
std::string entry_text(const CompileResult& result, const EntryPointInfo& e, const std::string& cpp_name,
                       const std::string& vertex_struct, int level);
// A char array's initializer for `text`: adjacent string literals, one per line, each at `level`;
// past kMaxLiteralBytes (or a line past kMaxLiteralPiece) a braced list of character literals.
inline constexpr std::size_t kMaxLiteralBytes = 65535;
inline constexpr std::size_t kMaxLiteralPiece = 16380;
std::string text_literal(std::string_view text, int level);
std::string push_constant_name(const ShaderReflection& r, const PushConstantInfo& p);
// The namespace and class name are C++ names (OSH0006 when not).
std::optional<Diagnostic> check_header_options(std::string_view source_path, const CppHeaderOptions& options);
const TargetSlot* slot_of(const std::vector<TargetSlot>& slots, Target t);

}  // namespace oneshader::cppgen
