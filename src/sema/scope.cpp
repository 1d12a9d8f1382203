// Scopes and name lookup: declaration, unqualified lookup outwards through function, struct
// (with bases) and namespace scopes, qualified `A::B::c` lookup, and the names shown in
// "Did you mean" suggestions.
#include <algorithm>
#include <cstring>

#include "sema/checker.hpp"

namespace oneshader::sema {

Scope* Checker::new_scope(ScopeKind kind, Scope* parent) {
    Scope* s = make<Scope>();
    s->kind = kind;
    s->parent = parent;
    return s;
}

namespace {

constexpr std::uint32_t kLinearScopeSize = 8;  // up to this many names a scan beats hashing

ScopeEntry* find_entry(const Scope* s, Symbol name) {
    if (!s->slots) {
        for (std::uint32_t i = 0; i < s->count; ++i)
            if (s->entries[i].name == name) return &s->entries[i];
        return nullptr;
    }
    for (std::uint32_t k = name.hash() & s->slot_mask;; k = (k + 1) & s->slot_mask) {
        std::uint32_t v = s->slots[k];
        if (v == 0) return nullptr;
        if (s->entries[v - 1].name == name) return &s->entries[v - 1];
    }
}

void index_entry(Scope* s, std::uint32_t i) {
    std::uint32_t k = s->entries[i].name.hash() & s->slot_mask;
    while (s->slots[k]) k = (k + 1) & s->slot_mask;
    s->slots[k] = i + 1;
}

// Rebuilds the index at a size that keeps it at most half full.
void reindex(support::Arena& arena, Scope* s) {
    std::uint32_t size = 32;
    while (size < 2 * s->capacity) size *= 2;
    s->slots = arena.make_array<std::uint32_t>(size).data();
    s->slot_mask = size - 1;
    for (std::uint32_t i = 0; i < s->count; ++i) index_entry(s, i);
}

void add_entry(support::Arena& arena, Scope* s, Symbol name, const Entity& e) {
    if (s->count == s->capacity) {
        // Grown in the arena; the old array is simply left behind.
        std::uint32_t cap = s->capacity ? s->capacity * 2 : 4;
        auto* grown = static_cast<ScopeEntry*>(arena.allocate(sizeof(ScopeEntry) * cap, alignof(ScopeEntry)));
        if (s->count) std::memcpy(static_cast<void*>(grown), s->entries, sizeof(ScopeEntry) * s->count);
        s->entries = grown;
        s->capacity = cap;
        if (s->slots || cap > kLinearScopeSize) {
            s->entries[s->count++] = ScopeEntry{name, e};
            reindex(arena, s);
            return;
        }
    }
    s->entries[s->count] = ScopeEntry{name, e};
    if (s->slots) index_entry(s, s->count);
    ++s->count;
}

}  // namespace

bool Checker::declare(Scope* s, Symbol name, const Entity& e, SourceRange where) {
    if (name.empty()) return true;
    ScopeEntry* found = find_entry(s, name);
    if (!found) {
        add_entry(arena, s, name, e);
        return true;
    }
    Entity& old = found->entity;
    if (old.kind == EntityKind::Overloads && e.kind == EntityKind::Overloads) {
        for (Function* f : e.overloads->functions) old.overloads->functions.push_back(f);
        for (FunctionTemplate* t : e.overloads->templates) old.overloads->templates.push_back(t);
        return true;
    }
    // A struct declared again (forward declaration then definition) is handled by the caller.
    report(DiagCode::redefinition, where,
           fmt::format("'{}' is already declared in this scope. Rename one of the declarations.", name.str()));
    diags.note(SourceRange(old.loc), "the earlier declaration is here");
    return false;
}

const Entity* Checker::find_local(const Scope* s, Symbol name) const {
    const ScopeEntry* e = find_entry(s, name);
    return e ? &e->entity : nullptr;
}

StructInfo* Checker::info_of(const StructType* s) const {
    auto it = struct_infos.find(s);
    return it == struct_infos.end() ? nullptr : it->second;
}

const Entity* Checker::lookup_in_struct(const StructInfo* s, Symbol name, const StructInfo** found_in) const {
    // Base chains are finite (a struct cannot derive from itself), but bound the walk anyway.
    for (int depth = 0; s && depth < 64; ++depth, s = s->base) {
        if (const ScopeEntry* found = find_entry(s->scope, name)) {
            if (found_in) *found_in = s;
            return &found->entity;
        }
    }
    return nullptr;
}

const Entity* Checker::lookup(Symbol name) const {
    for (const Scope* s = scope; s; s = s->parent) {
        if (s->kind == ScopeKind::Struct && s->owner) {
            if (const Entity* e = lookup_in_struct(s->owner, name)) return e;
            continue;
        }
        if (const ScopeEntry* e = find_entry(s, name)) return &e->entity;
    }
    return nullptr;
}

Scope* Checker::scope_of_entity(const Entity& e) {
    if (e.ns) return e.ns;  // namespaces, and the scope of an enum's enumerators
    if (e.kind == EntityKind::Type && e.type)
        if (const StructType* st = e.type->as<StructType>())
            if (StructInfo* info = info_of(st)) return info->scope;
    return nullptr;
}

const Entity* Checker::lookup_qualified(const syntax::QualifiedName& q, SourceRange where, bool report_missing) {
    if (q.parts.empty()) return nullptr;
    if (q.parts.size() == 1 && !q.global && !q.qualifier) {
        const Entity* e = lookup(q.parts[0]);
        if (!e && report_missing) report_undeclared(q.parts[0], where, true);
        return e;
    }
    const Entity* e = nullptr;
    Scope* s = q.global ? global_scope : nullptr;
    if (q.qualifier) {
        // `Pair<float>::Inner`: the rest is looked up in the instance.
        const Type* qt = resolve_type(q.qualifier);
        const StructType* st = qt ? qt->as<StructType>() : nullptr;
        StructInfo* info = st ? info_of(st) : nullptr;
        if (!info) {
            // A qualifier that did not resolve has been reported already.
            if (qt)
                report(DiagCode::undeclared_name, where,
                       fmt::format("'{}' is not a struct, so '::' cannot name a member of it.", tname(qt)));
            return nullptr;
        }
        s = info->scope;
    }
    for (std::size_t i = 0; i < q.parts.size(); ++i) {
        Symbol part = q.parts[i];
        if (!s) {
            e = lookup(part);
        } else if (s->kind == ScopeKind::Struct && s->owner) {
            e = lookup_in_struct(s->owner, part);
        } else {
            e = find_local(s, part);
        }
        if (!e) {
            if (report_missing) {
                std::vector<std::string_view> names;
                if (s)
                    for (const ScopeEntry& n : s->in_order()) names.push_back(n.name.str());
                report(DiagCode::undeclared_name, where,
                       fmt::format("'{}' is not declared{}.{}", part.str(),
                                   s && s->name ? fmt::format(" in '{}'", s->name.str()) : std::string(),
                                   s ? did_you_mean(part.str(), names) : did_you_mean(part.str(), {})));
            }
            return nullptr;
        }
        if (i + 1 < q.parts.size()) {
            s = scope_of_entity(*e);
            if (!s) {
                if (report_missing)
                    report(DiagCode::undeclared_name, where,
                           fmt::format("'{}' is not a namespace or struct, so '{}::' cannot name something in it.",
                                       part.str(), part.str()));
                return nullptr;
            }
        }
    }
    return e;
}

void Checker::visible_names(std::vector<std::string_view>& out) const {
    for (const Scope* s = scope; s; s = s->parent) {
        if (s->kind == ScopeKind::Struct && s->owner) {
            int depth = 0;
            for (const StructInfo* i = s->owner; i && depth < 64; i = i->base, ++depth)
                for (const ScopeEntry& n : i->scope->in_order()) out.push_back(n.name.str());
            continue;
        }
        for (const ScopeEntry& n : s->in_order()) out.push_back(n.name.str());
    }
}

void Checker::report_undeclared(Symbol name, SourceRange where, bool include_intrinsics) {
    if (name.str() == "ResourceDescriptorHeap" || name.str() == "SamplerDescriptorHeap") {
        // Reached only for a heap named without an index (descriptor_heaps.cpp types indexed reads).
        report(DiagCode::type_mismatch, where,
               fmt::format("'{}' (Shader Model 6.6 dynamic resources) is used by index only: initialize a variable of "
                           "the {} type you read with {}[i].",
                           name.str(), name.str() == "SamplerDescriptorHeap" ? "sampler" : "resource", name.str()));
        return;
    }
    std::vector<std::string_view> names;
    visible_names(names);
    if (include_intrinsics && options.intrinsics) options.intrinsics->function_names(names);
    std::string hint = did_you_mean(name.str(), names);
    if (hint.empty()) hint = " Declare it before this line, or check the spelling.";
    report(DiagCode::undeclared_name, where, fmt::format("'{}' is not declared.{}", name.str(), hint));
}

}  // namespace oneshader::sema
