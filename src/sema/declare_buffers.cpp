// cbuffer/tbuffer blocks and the descriptors of resources: the block's struct and layout
// (packoffset, vk::offset, overlaps → OSH0332), the member variables that name its contents, and
// the explicit slot of every resource from [[vk::binding]] or register().
#include <charconv>

#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

// `c1` / `t0` / `space2`: the number after a known prefix.
std::optional<std::uint32_t> number_after(std::string_view text, std::size_t prefix) {
    if (text.size() <= prefix) return std::nullopt;
    std::uint32_t v = 0;
    auto [p, ec] = std::from_chars(text.data() + prefix, text.data() + text.size(), v);
    if (ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
    return v;
}

// The component count of a 1xN or Nx1 matrix.
std::uint32_t matrix_span(const Type* t) {
    const auto* m = t->as<MatrixType>();
    return m ? std::max(m->rows, m->cols) : 0;
}

}  // namespace

BufferBlock* Checker::new_block(BufferKind kind, Symbol name, SourceLoc loc) {
    BufferBlock* b = make<BufferBlock>();
    b->kind = kind;
    b->name = name;
    b->loc = loc;
    buffers.push_back(b);
    return b;
}

void Checker::check_layout_bounds(const TypeLayout* layout, std::string_view name, SourceRange where) {
    if (!layout) return;
    if (layout->too_large)
        report(DiagCode::layout_too_large, where,
               fmt::format("'{}' has an offset, stride or size past {} bytes, which SPIR-V cannot express. Make its "
                           "arrays smaller.",
                           name, kMaxLayoutBytes));
    else if (layout->fxc_split_matrix)
        report(DiagCode::layout_rule_unsupported, where,
               fmt::format("'{}' holds a '{}', which -fvk-use-dx-layout's cbuffer packing stores one component per "
                           "16-byte row; that is not supported. Declare it as a vector (float{} for a column-major "
                           "1x{}), or make it row_major.",
                           name, tname(layout->fxc_split_matrix), matrix_span(layout->fxc_split_matrix),
                           matrix_span(layout->fxc_split_matrix)));
    else if (layout->tree_nodes > kMaxLayoutTreeNodes)
        report(DiagCode::layout_too_large, where,
               fmt::format("'{}' has {} members and arrays when its layout is written out for reflection; at most {} "
                           "are allowed. Nest fewer struct members of struct types.",
                           name, layout->tree_nodes, kMaxLayoutTreeNodes));
}

std::optional<std::uint32_t> Checker::explicit_offset(const syntax::Attribute* off) {
    if (off->args.size() != 1) return std::nullopt;
    std::optional<std::int64_t> o = integer_constant(off->args[0], "the vk::offset argument");
    if (!o) return std::nullopt;
    if (*o < 0 || std::uint64_t(*o) > kMaxLayoutBytes) {
        report(DiagCode::bad_attribute_argument, SourceRange(off->args[0]->loc),
               fmt::format("[[vk::offset({})]] is not a byte offset: it must be from 0 to {}.", *o, kMaxLayoutBytes));
        return std::nullopt;
    }
    return std::uint32_t(*o);
}

void Checker::finish_block(BufferBlock* b, std::vector<StructMember>& members, std::vector<Variable*>& vars) {
    if (b->kind == BufferKind::TBuffer && layouts.options().rules == BufferLayoutRules::DX)
        report(DiagCode::layout_rule_unsupported, SourceRange(b->loc),
               fmt::format("tbuffer '{}' with -fvk-use-dx-layout is not supported (DXC packs it with the cbuffer "
                           "rules). Make it a cbuffer, or a StructuredBuffer of a struct.",
                           b->name.str()));
    StructType* st = types.create_struct(b->name);
    types.define_struct(st, nullptr, members);
    b->type = st;
    LayoutRule rule = b->kind == BufferKind::TBuffer ? LayoutRule::Storage : LayoutRule::Constant;
    b->layout = layouts.layout(st, rule);
    check_layout_bounds(b->layout, b->name.str(), SourceRange(b->loc));
    b->members = to_span(vars);
    for (Variable* v : vars) v->buffer = b;
    if (b->layout) {
        for (const MemberOverlap& o : find_overlaps(*b->layout)) {
            const MemberLayout& first = b->layout->members[o.first];
            const MemberLayout& second = b->layout->members[o.second];
            SourceRange where = second.source_index < members.size() ? members[second.source_index].range : SourceRange(b->loc);
            report(DiagCode::packoffset_overlap, where,
                   fmt::format("'{}' (bytes {} to {}) overlaps '{}' (bytes {} to {}) in '{}'. Give them packoffsets "
                               "that do not overlap.",
                               second.name, second.offset, second.offset + second.type->size, first.name, first.offset,
                               first.offset + first.type->size, b->name.str()));
        }
    }
    Resource* r = make<Resource>();
    r->name = b->name;
    r->loc = b->loc;
    r->kind = b->kind == BufferKind::TBuffer ? ResourceKind::TextureBuffer : ResourceKind::ConstantBuffer;
    r->type = types.resource(r->kind, st);
    r->buffer = b;
    b->resource = r;
    resources.push_back(r);
}

void Checker::declare_buffer(const syntax::BufferDecl* d) {
    if (const syntax::Attribute* pc = find_attribute(d->attributes, "vk", "push_constant")) {
        report(DiagCode::push_constant_misuse, SourceRange(pc->loc),
               fmt::format("[[vk::push_constant]] cannot be put on a cbuffer (DXC rejects it too). Declare a struct "
                           "and a push-constant global of it instead: struct {0}Data {{ ... }}; "
                           "[[vk::push_constant]] {0}Data {0};",
                           d->name.str()));
        return;
    }
    BufferBlock* b = new_block(d->is_tbuffer ? BufferKind::TBuffer : BufferKind::CBuffer, d->name, d->loc);
    std::vector<StructMember> members;
    std::vector<Variable*> vars;
    for (const syntax::Decl* md : d->members) {
        if (!md) continue;
        check_known_attributes(md->attributes, false);
        if (md->kind != syntax::DeclKind::Var) {
            // Structs and functions declared inside a cbuffer are ordinary global declarations.
            declare_decl(md);
            continue;
        }
        const auto* vd = static_cast<const syntax::VarDecl*>(md);
        const Type* t = resolve_type(vd->type, vd->modifiers, vd->pragma_packing);
        if (t && !vd->dims.empty()) t = apply_dims(t, vd->dims, vd->loc);
        if (!t) continue;
        if (is_resource_or_array(t)) {
            // DXC hoists resources declared in a cbuffer out to the global scope.
            declare_global_var(vd);
            continue;
        }
        if (vd->modifiers & (syntax::ModStatic | syntax::ModGroupShared)) {
            report(DiagCode::invalid_modifier, SourceRange(vd->loc),
                   "static and groupshared variables cannot be cbuffer members. Declare them outside the cbuffer.");
            continue;
        }
        if (t->is<ArrayType>() && t->as<ArrayType>()->length == 0) {
            report(DiagCode::invalid_array_size, SourceRange(vd->loc),
                   fmt::format("The cbuffer member '{}' needs an array size.", vd->name.str()));
            continue;
        }
        refuse_bit_width(vd, "a cbuffer member");
        Variable* v = global_variable(vd, t);
        v->storage = StorageClass::BufferMember;
        v->is_const = true;
        v->member_index = std::uint32_t(members.size());
        StructMember m;
        m.name = vd->name;
        m.type = t;
        m.range = SourceRange(vd->loc);
        for (const syntax::Annotation& a : vd->annotations) {
            if (a.kind != syntax::AnnotationKind::PackOffset) continue;
            std::string_view reg = a.name.str();
            std::optional<std::uint32_t> n = reg.size() > 1 && reg[0] == 'c' ? number_after(reg, 1) : std::nullopt;
            std::uint32_t comp = 0;
            std::string_view c = a.component.str();
            bool comp_ok = c.empty() || (c.size() == 1 && std::string_view("xyzwrgba").find(c[0]) != std::string_view::npos);
            if (comp_ok && !c.empty()) comp = std::uint32_t(std::string_view("xyzwrgba").find(c[0]) % 4);
            if (!n || !comp_ok) {
                report(DiagCode::bad_register, SourceRange(a.loc),
                       fmt::format("'packoffset({}{}{})' is not a constant register: write packoffset(c2) or "
                                   "packoffset(c2.y).",
                                   reg, c.empty() ? "" : ".", c));
                continue;
            }
            m.packoffset = PackOffset{*n, comp};
        }
        if (const syntax::Attribute* off = find_attribute(vd->attributes, "vk", "offset")) m.vk_offset = explicit_offset(off);
        Entity e;
        e.kind = EntityKind::Variable;
        e.loc = vd->loc;
        e.var = v;
        if (!declare(scope, vd->name, e, SourceRange(vd->loc))) continue;
        globals.push_back(v);
        members.push_back(m);
        vars.push_back(v);
    }
    finish_block(b, members, vars);
    Resource* r = b->resource;
    for (const syntax::Annotation& a : d->annotations) {
        if (a.kind != syntax::AnnotationKind::Register) continue;
        std::string_view reg = a.name.str();
        std::optional<std::uint32_t> n = reg.size() > 1 ? number_after(reg, 1) : std::nullopt;
        if (!n) {
            report(DiagCode::bad_register, SourceRange(a.loc),
                   fmt::format("'register({})' is not a register: write register(b0) or register(b0, space1).", reg));
            continue;
        }
        record_register(r, reg, *n, a);
    }
    if (const syntax::Attribute* vb = find_attribute(d->attributes, "vk", "binding")) {
        if (!vb->args.empty())
            record_vk_binding(r, *vb);
    }
}

// register(xN, spaceM): the class, number and space as written; the slot they give depends on the
// binding options (bindings.cpp). A register without a space is in the default space.
void Checker::record_register(Resource* r, std::string_view reg, std::uint32_t number, const syntax::Annotation& a) {
    Binding& b = r->binding;
    b.explicit_binding = true;
    b.register_class = char(reg[0] >= 'A' && reg[0] <= 'Z' ? reg[0] - 'A' + 'a' : reg[0]);
    b.register_number = number;
    b.register_space = options.bindings ? options.bindings->default_space : 0;
    if (a.space) {
        std::optional<std::uint32_t> s = a.space.str().starts_with("space") ? number_after(a.space.str(), 5) : std::nullopt;
        if (s) b.register_space = *s;
        else
            report(DiagCode::bad_register, SourceRange(a.loc),
                   fmt::format("'{}' is not a register space: write space0, space1, ...", a.space.str()));
    }
    b.binding = number;
    b.set = b.register_space;
}

// [[vk::binding(b, s)]] wins over register() and every binding option; without a set it is in the
// default space, as in DXC.
void Checker::record_vk_binding(Resource* r, const syntax::Attribute& vb) {
    auto bnum = integer_constant(vb.args[0], "the vk::binding number");
    if (!bnum) return;
    r->binding.binding = std::uint32_t(*bnum);
    r->binding.set = options.bindings ? options.bindings->default_space : 0;
    r->binding.explicit_binding = true;
    r->binding.vk_binding = true;
    if (vb.args.size() > 1)
        if (auto snum = integer_constant(vb.args[1], "the vk::binding set")) r->binding.set = std::uint32_t(*snum);
}

void Checker::declare_resource_struct(Variable* v, const syntax::VarDecl* d, const StructType* s) {
    // As DXC: a global struct of resources is one resource per member, named `g.member`, each
    // taking the next binding (from [[vk::binding(b, set)]] when given); a struct that also holds
    // values is refused, as DXC refuses it ("global structures containing both resources and
    // non-resources are not supported").
    v->storage = StorageClass::Resource;
    v->is_const = true;
    SourceRange where(d->loc);
    for (const syntax::Annotation& a : d->annotations)
        if (a.kind == syntax::AnnotationKind::Register || a.kind == syntax::AnnotationKind::PackOffset) {
            report(DiagCode::unsupported_feature, SourceRange(a.loc),
                   fmt::format("register() on the struct of resources '{}' is not supported: its members take "
                               "consecutive bindings. Give the first one with [[vk::binding(b, set)]] instead.",
                               d->name.str()));
            return;
        }
    const syntax::Attribute* vb = find_attribute(d->attributes, "vk", "binding");
    std::optional<Binding> first;
    if (vb) {
        if (vb->args.empty() || vb->args.size() > 2) {
            report(DiagCode::bad_attribute_argument, SourceRange(vb->loc),
                   "vk::binding takes a binding number and an optional set: [[vk::binding(2, 1)]].");
        } else {
            Resource probe;
            record_vk_binding(&probe, *vb);
            if (probe.binding.vk_binding) first = probe.binding;
        }
    }
    std::vector<Resource*> leaves;
    bool ok = true;
    // Members in order, the base first; `path` is the member's name from the variable.
    struct Walker {
        Checker& c;
        const syntax::VarDecl* d;
        std::vector<Resource*>& leaves;
        bool& ok;
        void walk(const StructType* st, const std::string& path, int depth) {
            if (!ok || depth > 32) return;
            if (st->base) walk(st->base, path, depth + 1);
            for (const StructMember& m : st->members) {
                std::string name = path + "." + std::string(m.name.str());
                const ResourceType* r = m.type ? m.type->as<ResourceType>() : nullptr;
                const StructType* inner = m.type ? m.type->as<StructType>() : nullptr;
                if (inner && inner->holds_resource) {
                    walk(inner, name, depth + 1);
                    continue;
                }
                std::string_view why;
                if (!r && !contains_resource(m.type))
                    why = "global structures containing both resources and non-resources are not supported (DXC "
                          "refuses them too); move the values into a cbuffer or a separate global";
                else if (!r)
                    why = "an array of resources inside a global struct is not supported; declare the array as a "
                          "global of its own";
                else if (r->resource == ResourceKind::ConstantBuffer || has_counter(r->resource) ||
                         is_subpass_input(r->resource))
                    why = "constant buffers, append/consume buffers and subpass inputs cannot be members of a global "
                          "struct; declare them as globals of their own";
                if (!why.empty()) {
                    c.report(DiagCode::unsupported_feature, SourceRange(d->loc),
                             fmt::format("The member '{}' of the global '{}': {}.", name, d->name.str(), why));
                    ok = false;
                    return;
                }
                Resource* res = c.make<Resource>();
                res->name = c.intern(name);
                res->loc = d->loc;
                res->type = m.type;
                res->kind = r->resource;
                leaves.push_back(res);
            }
        }
    };
    Walker{*this, d, leaves, ok}.walk(s, std::string(d->name.str()), 0);
    if (!ok) return;
    for (std::size_t k = 0; k < leaves.size(); ++k) {
        Resource* r = leaves[k];
        r->member_of = v;
        if (first) {
            r->binding = *first;
            r->binding.binding = first->binding + std::uint32_t(k);
        }
        resources.push_back(r);
    }
    v->member_resources = to_span(leaves);
}

Resource* Checker::new_resource(Variable* var, const Type* type, std::span<const syntax::Attribute> attrs,
                                std::span<const syntax::Annotation> notes, SourceLoc loc) {
    const ResourceType* res = innermost_element(type)->as<ResourceType>();
    Resource* r = make<Resource>();
    r->name = var->name;
    r->loc = loc;
    r->type = type;
    r->kind = res->resource;
    r->var = var;
    var->resource = r;
    if (const ArrayType* a = type->as<ArrayType>()) {
        if (a->element->is<ArrayType>()) {
            report(DiagCode::unsupported_feature, SourceRange(loc),
                   fmt::format("'{}' is a multi-dimensional resource array, which is not supported. Use one "
                               "dimension and compute the index.",
                               var->name.str()));
        }
        r->count = a->length;
    }
    if (res->element && !res->element->is<ResourceType>() && !is_block_buffer(res->resource) &&
        !is_texture(res->resource) && res->resource != ResourceKind::Buffer && res->resource != ResourceKind::RWBuffer)
        check_layout_bounds(layouts.layout(res->element, LayoutRule::Storage), var->name.str(), SourceRange(loc));
    for (const syntax::Annotation& a : notes) {
        if (a.kind == syntax::AnnotationKind::PackOffset) {
            report(DiagCode::invalid_modifier, SourceRange(a.loc), "packoffset is only allowed on cbuffer members.");
            continue;
        }
        if (a.kind != syntax::AnnotationKind::Register) continue;
        std::string_view reg = a.name.str();
        std::optional<std::uint32_t> n = reg.size() > 1 ? number_after(reg, 1) : std::nullopt;
        char cls = reg.empty() ? '?' : reg[0];
        if (!n || std::string_view("tsubTSUB").find(cls) == std::string_view::npos) {
            report(DiagCode::bad_register, SourceRange(a.loc),
                   fmt::format("'register({})' is not a resource register: use t (textures, read-only buffers), "
                               "s (samplers), u (RW resources) or b (constant buffers) and a number, such as t0.",
                               reg));
            continue;
        }
        record_register(r, reg, *n, a);
    }
    if (const syntax::Attribute* vb = find_attribute(attrs, "vk", "binding")) {
        if (vb->args.empty() || vb->args.size() > 2) {
            report(DiagCode::bad_attribute_argument, SourceRange(vb->loc),
                   "vk::binding takes a binding number and an optional set: [[vk::binding(2, 1)]].");
        } else {
            record_vk_binding(r, *vb);
        }
    }
    if (const syntax::Attribute* cb = find_attribute(attrs, "vk", "counter_binding")) {
        if (!has_counter(r->kind) && r->kind != ResourceKind::RWStructuredBuffer)
            report(DiagCode::bad_attribute_argument, SourceRange(cb->loc),
                   "vk::counter_binding is only for RWStructuredBuffer, AppendStructuredBuffer and "
                   "ConsumeStructuredBuffer.");
        else if (cb->args.size() == 1)
            if (auto c = integer_constant(cb->args[0], "the vk::counter_binding number")) r->counter_binding = std::uint32_t(*c);
    }
    if (const syntax::Attribute* f = find_attribute(attrs, "vk", "image_format")) {
        // As in DXC: the format of a storage texture or a texel buffer (Buffer<T> too, for drivers
        // that want it); a sampled texture's format comes from its view.
        if (!is_storage_texture(r->kind) && r->kind != ResourceKind::RWBuffer && r->kind != ResourceKind::Buffer)
            report(DiagCode::bad_attribute_argument, SourceRange(f->loc),
                   fmt::format("vk::image_format is for RWTexture*, RWBuffer and Buffer resources, not '{}'. Remove it.",
                               tname(type)));
        else if (f->args.size() == 1 && f->args[0]->kind == syntax::ExprKind::StringLiteral)
            r->image_format = static_cast<const syntax::StringLiteralExpr*>(f->args[0])->value;
        else
            report(DiagCode::bad_attribute_argument, SourceRange(f->loc),
                   "vk::image_format takes one string, such as [[vk::image_format(\"rgba8\")]].");
    }
    const syntax::Attribute* ia = find_attribute(attrs, "vk", "input_attachment_index");
    if (ia && !is_subpass_input(r->kind)) {
        report(DiagCode::bad_attribute_argument, SourceRange(ia->loc),
               fmt::format("vk::input_attachment_index is for SubpassInput and SubpassInputMS, not '{}'. Remove it.",
                           tname(type)));
    } else if (ia && ia->args.size() == 1) {
        if (auto i = integer_constant(ia->args[0], "the vk::input_attachment_index number"); i && *i >= 0)
            r->input_attachment_index = std::uint32_t(*i);
    } else if (ia) {
        report(DiagCode::bad_attribute_argument, SourceRange(ia->loc),
               "vk::input_attachment_index takes one number: [[vk::input_attachment_index(0)]].");
    } else if (is_subpass_input(r->kind)) {
        // Vulkan matches an input attachment to the subpass's attachments by this index; there is no default.
        report(DiagCode::bad_attribute_argument, SourceRange(loc),
               fmt::format("'{}' needs [[vk::input_attachment_index(i)]]: the index of its attachment in the "
                           "subpass's input attachments.",
                           var->name.str()));
    }
    resources.push_back(r);
    return r;
}

}  // namespace oneshader::sema
