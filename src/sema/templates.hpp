#pragma once
// Templates as the checker keeps them: the definition's syntax, where it was declared, and one
// instance per distinct argument list (templates.cpp). Internal to src/sema.
#include <cstdint>
#include <vector>

#include "sema/bound.hpp"
#include "syntax/ast.hpp"

namespace oneshader::sema {

struct Scope;
struct StructInfo;

// A template argument: a type, or a value of a non-type parameter.
struct TemplateValue {
    const Type* type = nullptr;
    std::int64_t value = 0;
    friend bool operator==(const TemplateValue& a, const TemplateValue& b) {
        return a.type == b.type && (a.type != nullptr || a.value == b.value);
    }
};

struct FunctionTemplate {
    const syntax::FunctionDecl* decl = nullptr;
    Scope* scope = nullptr;         // where it was declared
    StructInfo* owner = nullptr;
    struct Instance {
        std::vector<TemplateValue> args;
        Function* function = nullptr;
    };
    std::vector<Instance> instances;
};

// A struct template, or an alias template (`template<typename T> using V = vector<T, 2>;`),
// which shares its uses as a type: `alias` is set and `decl` null.
struct StructTemplate {
    const syntax::StructDecl* decl = nullptr;
    const syntax::TypedefDecl* alias = nullptr;
    Scope* scope = nullptr;
    struct Instance {
        std::vector<TemplateValue> args;
        const StructType* type = nullptr;
    };
    std::vector<Instance> instances;
};

}  // namespace oneshader::sema
