// Struct declarations: forward declarations, data members (semantics, interpolation modifiers,
// [[vk::location]], [[vk::offset]], [[oneshader::format]]), static members, nested types, single
// inheritance, member functions (bodies checked once the struct is complete, so they see every
// member) and struct templates (kept as syntax; instances are made in templates.cpp).
#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

std::uint8_t interpolation_bits(std::uint32_t m) {
    std::uint8_t bits = 0;
    if (m & syntax::ModLinear) bits |= kInterpLinear;
    if (m & syntax::ModCentroid) bits |= kInterpCentroid;
    if (m & syntax::ModNoInterpolation) bits |= kInterpNoInterpolation;
    if (m & syntax::ModNoPerspective) bits |= kInterpNoPerspective;
    if (m & syntax::ModSample) bits |= kInterpSample;
    return bits;
}

}  // namespace

void Checker::declare_struct_member_var(StructInfo* s, const syntax::VarDecl* d) {
    if (d->is_template) {
        report(DiagCode::unsupported_feature, SourceRange(d->loc),
               fmt::format("A variable template cannot be a struct member here. Declare '{}' as a variable template "
                           "outside the struct, or make the struct a template with a static member.",
                           d->name.str()));
        return;
    }
    const Type* t = resolve_type(d->type, d->modifiers, d->pragma_packing);
    if (t && !d->dims.empty()) t = apply_dims(t, d->dims, d->loc);
    if (!t) return;
    if (d->modifiers & syntax::ModStatic) {
        refuse_bit_width(d, "a static member");
        Variable* v = global_variable(d, t);
        v->storage = StorageClass::StaticMember;
        v->owner = s->type;
        Entity e;
        e.kind = EntityKind::Variable;
        e.loc = d->loc;
        e.var = v;
        if (!declare(s->scope, d->name, e, SourceRange(d->loc))) return;
        globals.push_back(v);
        if (d->init) check_global_initializer(v, d);
        return;
    }
    if (t->is<VoidType>() || (t->is<StructType>() && !t->as<StructType>()->defined)) {
        report(DiagCode::incomplete_type, SourceRange(d->loc),
               fmt::format("The member '{}' has the incomplete type '{}'. Define the type before this struct.",
                           d->name.str(), tname(t)));
        return;
    }
    // Every walk over values (layout, reflection, flattening, constants) recurses once per level,
    // so the depth is bounded here, before any of them runs.
    if (type_nesting(t) >= kMaxTypeNesting) {
        report(DiagCode::type_nesting_too_deep, SourceRange(d->loc),
               fmt::format("The member '{}' nests structs and arrays {} levels deep in '{}'; at most {} are allowed. "
                           "Flatten the type.",
                           d->name.str(), type_nesting(t) + 1, s->type->name.str(), kMaxTypeNesting));
        return;
    }
    if (d->init)
        report(DiagCode::bad_initializer, SourceRange(d->init->loc),
               "Struct members cannot have default values in HLSL. Initialize the variable instead.");
    if (d->bit_width) {
        declare_bit_field(s, d, t);
        return;
    }
    // A data member that is no bit field ends a run of them.
    close_bit_unit(s);
    StructMember m;
    m.name = d->name;
    m.type = t;
    m.range = SourceRange(d->loc);
    m.interpolation = interpolation_bits(d->modifiers);
    m.precise = (d->modifiers & syntax::ModPrecise) != 0;
    for (const syntax::Annotation& a : d->annotations) {
        if (a.kind == syntax::AnnotationKind::Semantic) m.semantic = a.name;
        else
            report(DiagCode::invalid_modifier, SourceRange(a.loc),
                   "Struct members take semantics only; register and packoffset belong on globals and cbuffer members.");
    }
    if (const syntax::Attribute* off = find_attribute(d->attributes, "vk", "offset")) m.vk_offset = explicit_offset(off);
    read_stage_attributes(d->attributes, m.vk_location, m.vk_builtin);
    // Data members share the struct scope with methods: a clash is a redefinition. A hash set, as a
    // struct may have 100,000 members.
    if (s->member_names.find(m.name)) {
        report(DiagCode::redefinition, SourceRange(d->loc),
               fmt::format("The struct '{}' already has a member '{}'. Rename one of them.", s->type->name.str(),
                           d->name.str()));
        return;
    }
    s->member_names.insert(m.name, true);
    std::string_view format;
    if (const syntax::Attribute* f = find_attribute(d->attributes, "oneshader", "format")) {
        if (f->args.size() == 1 && f->args[0]->kind == syntax::ExprKind::StringLiteral)
            format = static_cast<const syntax::StringLiteralExpr*>(f->args[0])->value;
        else
            report(DiagCode::bad_attribute_argument, SourceRange(f->loc),
                   "oneshader::format takes one string, a vertex format such as \"unorm8x4\".");
    }
    s->members.push_back(m);
    s->formats.push_back(format);
}

void Checker::refuse_bit_width(const syntax::VarDecl* d, std::string_view where) {
    if (!d->bit_width) return;
    report(DiagCode::bad_bit_field, SourceRange(d->bit_width->loc),
           fmt::format("'{}' is {}, which cannot be a bit field: only data members of a struct can have a width "
                       "('uint a : 4;' inside 'struct S {{ ... }}'). Remove ': width'.",
                       d->name.str(), where));
}

bool Checker::declare_bit_field(StructInfo* s, const syntax::VarDecl* d, const Type* t) {
    SourceRange at(d->loc);
    std::string_view name = d->name.str();
    if (!d->dims.empty()) {
        report(DiagCode::bad_bit_field, at,
               fmt::format("The bit field '{}' is an array; a bit field is one integer. Use an array of whole "
                           "integers and shift and mask them.",
                           name));
        return false;
    }
    const ScalarType* st = t->as<ScalarType>();
    bool integer = st && (st->scalar == ScalarKind::Int || st->scalar == ScalarKind::UInt ||
                          st->scalar == ScalarKind::Int16 || st->scalar == ScalarKind::UInt16 ||
                          st->scalar == ScalarKind::Int64 || st->scalar == ScalarKind::UInt64);
    if (!integer) {
        report(DiagCode::bad_bit_field, at,
               fmt::format("The bit field '{}' has the type '{}'; a bit field must be an integer scalar: int, uint, "
                           "int16_t, uint16_t (with -enable-16bit-types), int64_t or uint64_t.",
                           name, tname(t)));
        return false;
    }
    std::optional<std::int64_t> width = integer_constant(d->bit_width, "a bit field's width");
    if (!width) return false;
    if (*width <= 0 || *width > st->bits) {
        report(DiagCode::bad_bit_field, SourceRange(d->bit_width->loc),
               *width <= 0 ? fmt::format("The bit field '{}' is {} bits wide; a bit field has at least 1 bit.", name,
                                         *width)
                           : fmt::format("The bit field '{}' is {} bits wide, more than its type '{}' has ({}). Use a "
                                         "width of at most {}, or a wider type.",
                                         name, *width, tname(t), st->bits, st->bits));
        return false;
    }
    for (const syntax::Annotation& a : d->annotations) {
        report(DiagCode::bad_bit_field, SourceRange(a.loc),
               fmt::format("The bit field '{}' cannot have a {}; bit fields are not allowed with HLSL annotations.",
                           name, a.kind == syntax::AnnotationKind::Semantic ? "semantic" : "register or packoffset"));
        return false;
    }
    if (const syntax::Attribute* off = find_attribute(d->attributes, "vk", "offset")) {
        report(DiagCode::bad_bit_field, SourceRange(off->loc),
               fmt::format("The bit field '{}' cannot have [[vk::offset]]: it shares its storage with the bit fields "
                           "around it. Put the offset on a whole member.",
                           name));
        return false;
    }
    if (s->member_names.find(d->name)) {
        report(DiagCode::redefinition, at,
               fmt::format("The struct '{}' already has a member '{}'. Rename one of them.", s->type->name.str(), name));
        return false;
    }
    s->member_names.insert(d->name, true);
    // DXC's packing: a bit field joins the unit the previous data member opened when it has the same
    // type and fits above the bits taken; otherwise it opens a unit of its own type.
    auto bits = static_cast<std::uint32_t>(*width);
    std::uint32_t offset = 0;
    bool joins = false;
    if (s->open_unit != SIZE_MAX && s->members[s->open_unit].type == t) {
        const BitField& last = s->unit_fields.back();
        offset = std::uint32_t(last.offset) + last.width;
        joins = offset + bits <= st->bits;
    }
    if (!joins) {
        close_bit_unit(s);
        offset = 0;
        StructMember unit;
        unit.name = d->name;
        unit.type = t;
        unit.range = at;
        s->open_unit = s->members.size();
        s->members.push_back(unit);
        s->formats.emplace_back();
    }
    BitField f;
    f.name = d->name;
    f.offset = static_cast<std::uint8_t>(offset);
    f.width = static_cast<std::uint8_t>(bits);
    f.range = at;
    s->unit_fields.push_back(f);
    return true;
}

void Checker::close_bit_unit(StructInfo* s) {
    if (s->open_unit == SIZE_MAX) return;
    s->members[s->open_unit].bit_fields = to_span(s->unit_fields);
    s->unit_fields.clear();
    s->open_unit = SIZE_MAX;
}

StructInfo* Checker::declare_struct(const syntax::StructDecl* d, std::span<const TemplateValue> targs, Scope* tscope) {
    if (d->is_specialization && !tscope) {
        declare_struct_specialization(d);
        return nullptr;
    }
    if (d->is_template && !tscope) {
        // `template<typename T> struct S;` then its definition: the definition replaces it.
        if (const Entity* old = find_local(scope, d->name);
            old && old->kind == EntityKind::StructTemplate && old->struct_template->decl &&
            !old->struct_template->decl->is_definition) {
            if (d->is_definition) old->struct_template->decl = d;
            return nullptr;
        }
        StructTemplate* t = make<StructTemplate>();
        t->decl = d;
        t->scope = scope;
        Entity e;
        e.kind = EntityKind::StructTemplate;
        e.loc = d->loc;
        e.struct_template = t;
        declare(scope, d->name, e, SourceRange(d->loc));
        return nullptr;
    }
    StructType* st = nullptr;
    if (!tscope && d->name) {
        if (const Entity* e = find_local(scope, d->name); e && e->kind == EntityKind::Type && e->type->is<StructType>()) {
            const StructType* old = e->type->as<StructType>();
            if (!d->is_definition) return info_of(old);  // a repeated forward declaration
            if (old->defined) {
                report(DiagCode::redefinition, SourceRange(d->loc),
                       fmt::format("The struct '{}' is already defined. Rename one of them.", d->name.str()));
                diags.note(SourceRange(e->loc), "the earlier definition is here");
                return nullptr;
            }
            st = const_cast<StructType*>(old);  // completing our own forward declaration
        }
    }
    StructInfo* info = nullptr;
    if (!st) {
        // A template instance is named with its arguments so messages and reflection tell them apart.
        std::string name(d->name.str());
        if (tscope) {
            name += '<';
            for (std::size_t i = 0; i < targs.size(); ++i) {
                if (i) name += ", ";
                name += targs[i].type ? tname(targs[i].type) : std::to_string(targs[i].value);
            }
            name += '>';
        }
        st = types.create_struct(intern(name));
        info = make<StructInfo>();
        info->type = st;
        info->decl = d;
        info->scope = new_scope(ScopeKind::Struct, tscope ? tscope : scope);
        info->scope->owner = info;
        info->scope->name = d->name;
        struct_infos.emplace(st, info);
        if (!tscope && d->name) {
            Entity e;
            e.kind = EntityKind::Type;
            e.loc = d->loc;
            e.type = st;
            declare(scope, d->name, e, SourceRange(d->loc));
        }
    } else {
        info = info_of(st);
        info->decl = d;
    }
    if (!d->is_definition) return info;

    if (d->base) {
        const Type* b = resolve_type(d->base);
        const StructType* bs = b ? b->as<StructType>() : nullptr;
        if (b && (!bs || !bs->defined || bs == st))
            report(DiagCode::type_mismatch, SourceRange(d->base->loc),
                   fmt::format("A struct can only derive from a defined struct, not '{}'.", tname(b)));
        else if (bs && bs->nesting >= kMaxTypeNesting)
            report(DiagCode::type_nesting_too_deep, SourceRange(d->base->loc),
                   fmt::format("Deriving from '{}' nests structs {} levels deep; at most {} are allowed. Flatten the "
                               "hierarchy.",
                               tname(b), bs->nesting + 1, kMaxTypeNesting));
        else if (bs)
            info->base = info_of(bs);
    }

    Scope* saved = scope;
    push(info->scope);
    // Template instances name themselves without arguments inside their body (`Pair` in Pair<T>).
    if (tscope && d->name) {
        Entity self;
        self.kind = EntityKind::Type;
        self.loc = d->loc;
        self.type = st;
        declare(info->scope, d->name, self, SourceRange(d->loc));
    }
    std::vector<const syntax::FunctionDecl*> methods;
    // About one data member per member declaration: sized once, not grown one member at a time.
    info->members.reserve(info->members.size() + d->members.size());
    info->formats.reserve(info->formats.size() + d->members.size());
    for (const syntax::Decl* md : d->members) {
        if (!md) continue;
        check_known_attributes(md->attributes, false);
        switch (md->kind) {
        case syntax::DeclKind::Var: declare_struct_member_var(info, static_cast<const syntax::VarDecl*>(md)); break;
        case syntax::DeclKind::Function: methods.push_back(static_cast<const syntax::FunctionDecl*>(md)); break;
        default: declare_decl(md); break;
        }
    }
    close_bit_unit(info);
    types.define_struct(st, info->base ? info->base->type : nullptr, info->members);
    structs.push_back(st);
    // Signatures first, then bodies, so methods can call methods declared after them.
    std::vector<std::pair<const syntax::FunctionDecl*, Function*>> defined;
    for (const syntax::FunctionDecl* fd : methods) {
        if (fd->is_template) {
            declare_function(fd, info);
            continue;
        }
        Function* f = build_signature(fd, info);
        if (!f) continue;
        OverloadSet* set = make<OverloadSet>();
        set->name = fd->name;
        set->functions.push_back(f);
        Entity e;
        e.kind = EntityKind::Overloads;
        e.loc = fd->loc;
        e.overloads = set;
        declare(info->scope, fd->name, e, SourceRange(fd->loc));
        if (fd->body) defined.emplace_back(fd, f);
    }
    for (auto& [fd, f] : defined) check_body(f, fd, info);
    scope = saved;
    return info;
}

}  // namespace oneshader::sema
