#pragma once
// What a name means where (the checker's scopes): entities, overload sets and the scope tree.
// Internal to src/sema; scope.cpp implements the lookups on Checker.
#include <cstdint>
#include <span>
#include <vector>

#include "sema/bound.hpp"
#include "support/small_vec.hpp"

namespace oneshader::sema {

struct Scope;
struct StructInfo;
struct FunctionTemplate;
struct StructTemplate;
struct VarTemplate;

struct OverloadSet {
    Symbol name;
    support::SmallVec<Function*, 2> functions;  // most names have one function
    std::vector<FunctionTemplate*> templates;
};

enum class EntityKind : std::uint8_t { Variable, Overloads, Type, Namespace, StructTemplate, VarTemplate };

// What a name means in a scope.
struct Entity {
    EntityKind kind = EntityKind::Variable;
    SourceLoc loc;
    Variable* var = nullptr;
    OverloadSet* overloads = nullptr;
    const Type* type = nullptr;
    Scope* ns = nullptr;
    StructTemplate* struct_template = nullptr;
    VarTemplate* var_template = nullptr;
};

enum class ScopeKind : std::uint8_t { Global, Namespace, Struct, Function, Block, Template };

struct ScopeEntry {
    Symbol name;
    Entity entity;
};

// Lives in the arena and owns nothing the arena must destroy: most scopes are blocks with a few
// names, so the entries are a flat array searched in order, and only a scope that grows past a
// handful of names gets an open-addressing index into it.
struct Scope {
    ScopeKind kind = ScopeKind::Block;
    Scope* parent = nullptr;
    Symbol name;                  // namespaces and structs
    StructInfo* owner = nullptr;  // Struct scopes
    ScopeEntry* entries = nullptr;  // in declaration order (suggestions list them so)
    std::uint32_t count = 0;
    std::uint32_t capacity = 0;
    std::uint32_t* slots = nullptr;  // entry index + 1, 0 for empty; null while the scope is small
    std::uint32_t slot_mask = 0;
    std::span<const ScopeEntry> in_order() const { return {entries, count}; }
};

}  // namespace oneshader::sema
