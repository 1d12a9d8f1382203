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
    // `template<> float f<float>(float x) {...}`: used in place of the template for these
    // arguments (specializations take no part in overload resolution, as in C++).
    struct Specialization {
        std::vector<TemplateValue> args;
        const syntax::FunctionDecl* decl = nullptr;
        Scope* scope = nullptr;
    };
    std::vector<Specialization> specializations;
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
    std::vector<Instance> instances;  // of the template and of its specializations alike
    // `template<> struct S<int>` and `template<typename T> struct S<T, 4>`: an instance whose
    // arguments match one of these is made from it instead (the most specialized one).
    struct Specialization {
        const syntax::StructDecl* decl = nullptr;
        Scope* scope = nullptr;
    };
    std::vector<Specialization> specializations;
};

// A variable template `template<typename T> static const T pi = T(3.14159);`: one static global
// per distinct argument list, named with its arguments (`pi<float>`).
struct VarTemplate {
    const syntax::VarDecl* decl = nullptr;
    Scope* scope = nullptr;
    struct Instance {
        std::vector<TemplateValue> args;
        Variable* var = nullptr;
    };
    std::vector<Instance> instances;
    struct Specialization {  // `template<> static const float pi<float> = 3.14159f;`
        std::vector<TemplateValue> args;
        const syntax::VarDecl* decl = nullptr;
        Scope* scope = nullptr;
    };
    std::vector<Specialization> specializations;
};

}  // namespace oneshader::sema
