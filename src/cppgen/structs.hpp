#pragma once
// C++ structs for buffer layouts: members at the shader's offsets with explicit padding, nested
// HLSL structs as structs of their own, and static_asserts on every offset and on the size.
#include <string>
#include <vector>

#include "cppgen/context.hpp"
#include "oneshader/reflection.hpp"

namespace oneshader::cppgen {

struct StructDef {
    std::string name;               // in the scope the defs are written to
    std::vector<std::string> uses;  // the names of other defs its members use
    std::string text;               // the definition and its static_asserts, at the scope's indentation
};

class StructWriter {
public:
    // `qualifier` names the scope the structs go to (`Sprite::`), so that member types are
    // spelled qualified and a member may have its type's name.
    StructWriter(std::string qualifier, int level, Scope& scope, Problems& problems)
        : qualifier_(std::move(qualifier)), level_(level), scope_(scope), problems_(problems) {}

    // The struct for a block or element layout named `name`, and first the structs it contains;
    // returns the C++ name ("" when the layout cannot be written). `what` says what it is for
    // diagnostics ("constant buffer 'Frame'").
    std::string add(const std::string& name, const ReflectedType& layout, const std::string& what);
    const std::vector<StructDef>& defs() const { return defs_; }
    // The C++ type of a member: `float`, `oneshader::generated::Vector<float, 3>`, ...; arrays put
    // their extents in `suffix`.
    std::string spell(const ReflectedType& t, std::string& suffix, const std::string& what);

private:
    std::string qualifier_;
    int level_;
    Scope& scope_;
    Problems& problems_;
    std::vector<StructDef> defs_;
    struct Known {
        std::string hlsl_name;
        ReflectedType layout;
        std::string cpp_name;
    };
    std::vector<Known> known_;
    std::vector<std::string>* uses_ = nullptr;
};

std::string scalar_spelling(ScalarKind k);
std::uint32_t scalar_size(ScalarKind k);

}  // namespace oneshader::cppgen
