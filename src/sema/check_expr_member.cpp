// Member access and indexing: struct fields (through base structs), swizzles on vectors and
// scalars (`xyzw` or `rgba`), matrix element selections (`_m00`, `_11`, concatenated), array,
// vector and matrix indexing, resource element access (`Tex[uint2]`, `Buf[i]`) and
// `Tex.mips[level][pos]` / `Tex.sample[s][pos]`.
#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

int swizzle_index(char c, int& set) {
    static constexpr std::string_view kXyzw = "xyzw", kRgba = "rgba";
    std::size_t i = kXyzw.find(c);
    if (i != std::string_view::npos) {
        if (set == 2) return -1;
        set = 1;
        return int(i);
    }
    i = kRgba.find(c);
    if (i != std::string_view::npos) {
        if (set == 1) return -1;
        set = 2;
        return int(i);
    }
    return -1;
}

}  // namespace

BExpr* Checker::swizzle(BExpr* base, std::string_view text, SourceRange range) {
    base = materialize(base);
    const ScalarType* c = component_type(base->type);
    std::uint32_t n = base->type->is<ScalarType>() ? 1 : base->type->as<VectorType>()->count;
    auto* s = make<BSwizzle>(range);
    s->base = base;
    int set = 0;
    bool dup = false;
    if (text.empty() || text.size() > 4) {
        report(DiagCode::invalid_swizzle, range,
               fmt::format("'.{}' is not a swizzle: use one to four of x, y, z, w (or r, g, b, a).", text));
        return error_expr(range);
    }
    for (char ch : text) {
        int i = swizzle_index(ch, set);
        if (i < 0 || std::uint32_t(i) >= n) {
            report(DiagCode::invalid_swizzle, range,
                   i < 0 ? fmt::format("'.{}' is not a swizzle of '{}': use x, y, z, w or r, g, b, a, without mixing the "
                                       "two sets.",
                                       text, tname(base->type))
                         : fmt::format("'.{}' selects a component that '{}' does not have; it has {}.", text,
                                       tname(base->type), n));
            return error_expr(range);
        }
        for (std::uint8_t k = 0; k < s->count; ++k)
            if (s->components[k] == i) dup = true;
        s->components[s->count++] = std::uint8_t(i);
    }
    s->type = s->count == 1 ? static_cast<const Type*>(c) : types.vector(c, s->count);
    s->lvalue = base->lvalue;
    // A swizzle of a bit field reads it; it cannot be written through (as DXC: not assignable).
    bool bit_field = base->kind == BExprKind::Field && static_cast<const BField*>(base)->bit_width != 0;
    s->assignable = base->assignable && !dup && !bit_field;
    return s;
}

BExpr* Checker::member_of(BExpr* base, Symbol member, SourceRange range, SourceRange member_range) {
    if (!ok(base)) return error_expr(range);
    std::string_view name = member.str();
    const Type* t = base->type;
    if (t->is<ScalarType>() || t->is<VectorType>()) return swizzle(base, name, member_range);
    if (const MatrixType* m = t->as<MatrixType>()) {
        // `_m01` (zero-based) or `_12` (one-based), one to four of them concatenated.
        auto* me = make<BMatrixElements>(member_range);
        me->base = base;
        std::string_view rest = name;
        bool bad = false, dup = false;
        while (!rest.empty() && !bad) {
            if (me->count == 4 || rest[0] != '_') {
                bad = true;
                break;
            }
            bool zero = rest.size() >= 4 && rest[1] == 'm';
            std::size_t len = zero ? 4 : 3;
            if (rest.size() < len) {
                bad = true;
                break;
            }
            int r = rest[len - 2] - '0', c = rest[len - 1] - '0';
            if (!zero) {
                --r;
                --c;
            }
            if (r < 0 || c < 0 || r >= m->rows || c >= m->cols) {
                bad = true;
                break;
            }
            for (std::uint8_t k = 0; k < me->count; ++k)
                if (me->rows[k] == r && me->cols[k] == c) dup = true;
            me->rows[me->count] = std::uint8_t(r);
            me->cols[me->count] = std::uint8_t(c);
            ++me->count;
            rest = rest.substr(len);
        }
        if (bad || me->count == 0) {
            report(DiagCode::invalid_swizzle, member_range,
                   fmt::format("'.{}' is not an element of '{}': use _m<row><col> from 0 or _<row><col> from 1, such as "
                               "_m00 or _11.",
                               name, tname(t)));
            return error_expr(range);
        }
        me->type = me->count == 1 ? static_cast<const Type*>(m->element) : types.vector(m->element, me->count);
        me->lvalue = base->lvalue;
        me->assignable = base->assignable && !dup;
        return me;
    }
    if (const StructType* st = t->as<StructType>()) {
        BExpr* cur = base;
        int depth = 0;
        for (const StructType* s = st; s && depth < 64; s = s->base, ++depth) {
            for (std::uint32_t i = 0; i < s->members.size(); ++i) {
                const StructMember& m = s->members[i];
                const BitField* bits = nullptr;
                if (!m.bit_fields.empty()) {
                    // A storage unit: its bit fields are the members; the unit has no name of its own.
                    for (const BitField& b : m.bit_fields)
                        if (b.name == member) bits = &b;
                    if (!bits) continue;
                } else if (m.name != member) {
                    continue;
                }
                auto* f = make<BField>(member_range);
                f->base = cur;
                f->owner = s;
                f->index = i;
                f->type = m.type;
                f->lvalue = cur->lvalue;
                f->assignable = cur->assignable;
                if (bits) {
                    f->bit_offset = bits->offset;
                    f->bit_width = bits->width;
                }
                return f;
            }
            if (StructInfo* info = info_of(s))
                if (const Entity* e = find_local(info->scope, member); e && e->kind == EntityKind::Variable)
                    return var_ref(e->var, member_range);  // a static member through an object
            if (s->base) {
                auto* b = make<BBaseCast>(cur->range);
                b->operand = cur;
                b->type = s->base;
                b->lvalue = cur->lvalue;
                b->assignable = cur->assignable;
                cur = b;
            }
        }
        std::vector<std::string_view> names;
        depth = 0;
        for (const StructType* s = st; s && depth < 64; s = s->base, ++depth) {
            for (const StructMember& m : s->members) {
                if (m.bit_fields.empty()) names.push_back(m.name.str());
                for (const BitField& b : m.bit_fields) names.push_back(b.name.str());
            }
            if (StructInfo* info = info_of(s))
                for (const ScopeEntry& n : info->scope->in_order()) names.push_back(n.name.str());
        }
        std::string hint = did_you_mean(name, names);
        if (hint.empty()) hint = " Check the struct's declaration for the member's name.";
        report(DiagCode::no_such_member, member_range,
               fmt::format("The struct '{}' has no member '{}'.{}", st->name.str(), name, hint));
        return error_expr(range);
    }
    if (const ResourceType* r = t->as<ResourceType>()) {
        if (is_block_buffer(r->resource) && r->element && r->element->is<StructType>()) {
            // `Cb.Member` on a ConstantBuffer<T> or TextureBuffer<T>: the block reads like a T.
            return member_of(convert(base, r->element, ConvertWhy::Operand), member, range, member_range);
        }
        std::vector<std::string_view> names;
        if (options.intrinsics) options.intrinsics->method_names(r->resource, names);
        report(DiagCode::no_such_member, member_range,
               fmt::format("'{}' has no member '{}'; resource methods must be called with arguments.{}", tname(t), name,
                           did_you_mean(name, names)));
        return error_expr(range);
    }
    report(DiagCode::no_such_member, member_range,
           fmt::format("'{}' has no members, so '.{}' cannot be used on it.", tname(t), name));
    return error_expr(range);
}

BExpr* Checker::check_member(const syntax::MemberExpr* e) {
    SourceRange range(e->loc);
    BExpr* base = check_expr(e->base);
    if (!ok(base)) return error_expr(range);
    if (base->type->is<ResourceType>() && (e->member.str() == "mips" || e->member.str() == "sample")) {
        report(DiagCode::invalid_index, range,
               fmt::format("'.{}' must be indexed twice: {}.{}[level][position].", e->member.str(), "Tex", e->member.str()));
        return error_expr(range);
    }
    return member_of(base, e->member, range, SourceRange(e->member_loc));
}

BExpr* Checker::check_index(const syntax::IndexExpr* e) {
    SourceRange range(e->loc);
    // `Tex.mips[level][pos]` / `Tex.sample[s][pos]`
    if (e->base && e->base->kind == syntax::ExprKind::Index) {
        const auto* inner = static_cast<const syntax::IndexExpr*>(e->base);
        if (inner->base && inner->base->kind == syntax::ExprKind::Member) {
            const auto* m = static_cast<const syntax::MemberExpr*>(inner->base);
            std::string_view mn = m->member.str();
            if (mn == "mips" || mn == "sample") {
                BExpr* res = check_expr(m->base);
                const ResourceType* rt = ok(res) ? res->type->as<ResourceType>() : nullptr;
                if (rt && is_texture(rt->resource) && !is_storage_texture(rt->resource)) {
                    bool sample = mn == "sample";
                    if (sample != is_multisampled(rt->resource)) {
                        report(DiagCode::invalid_index, range,
                               sample ? "'.sample' is only for multisampled textures; use '.mips' here."
                                      : "'.mips' is not available on multisampled textures; use '.sample'.");
                        return error_expr(range);
                    }
                    auto* n = make<BMipsIndex>(range);
                    n->resource = res;
                    n->sample = sample;
                    n->level = convert(materialize(check_expr(inner->index)), scalar(ScalarKind::UInt), ConvertWhy::Index);
                    std::uint32_t coords = texture_coordinate_count(rt->resource) + (is_arrayed(rt->resource) ? 1 : 0);
                    const Type* pos_t = coords == 1 ? static_cast<const Type*>(scalar(ScalarKind::UInt))
                                                    : types.vector(ScalarKind::UInt, coords);
                    n->position = convert(materialize(check_expr(e->index)), pos_t, ConvertWhy::Index);
                    n->type = rt->element;
                    if (!ok(n->level) || !ok(n->position)) return error_expr(range);
                    return n;
                }
            }
        }
    }
    if (e->base && e->base->kind == syntax::ExprKind::Name) {
        const auto* n = static_cast<const syntax::NameExpr*>(e->base);
        std::string_view name = n->name.parts.size() == 1 && !n->name.global && !n->name.qualifier
                                    ? n->name.parts[0].str()
                                    : std::string_view();
        if ((name == "ResourceDescriptorHeap" || name == "SamplerDescriptorHeap") && !lookup(n->name.parts[0]))
            return heap_read(name == "SamplerDescriptorHeap" ? DescriptorHeap::Samplers : DescriptorHeap::Resources, e);
    }
    BExpr* base = check_expr(e->base);
    BExpr* index = check_expr(e->index);
    if (!ok(base) || !ok(index)) return error_expr(range);
    const Type* t = base->type;
    if (t->is<StructType>()) {
        BExpr* args[] = {index};
        bool found = false;
        BExpr* call = call_operator(intern("operator[]"), base, std::span<BExpr*>(args, 1), range, &found);
        if (found) return call;
        report(DiagCode::invalid_index, range,
               fmt::format("'{}' cannot be indexed: it declares no operator[].", tname(t)));
        return error_expr(range);
    }
    if (const ResourceType* r = t->as<ResourceType>()) {
        ResourceKind k = r->resource;
        if (is_byte_address_buffer(k) || is_sampler(k) || is_block_buffer(k) ||
            k == ResourceKind::AppendStructuredBuffer || k == ResourceKind::ConsumeStructuredBuffer ||
            is_multisampled(k) || k == ResourceKind::TextureCube || k == ResourceKind::TextureCubeArray) {
            report(DiagCode::invalid_index, range,
                   fmt::format("'{}' cannot be indexed with []. Use its methods (Load, Sample, ...).", tname(t)));
            return error_expr(range);
        }
        std::uint32_t coords = is_texture(k) ? texture_coordinate_count(k) + (is_arrayed(k) ? 1 : 0) : 1;
        const Type* idx_t = coords == 1 ? static_cast<const Type*>(scalar(ScalarKind::UInt)) : types.vector(ScalarKind::UInt, coords);
        if (!is_integer(index->type) && !is_literal_kind(component_type(index->type) ? component_type(index->type)->scalar : ScalarKind::Bool)) {
            report(DiagCode::invalid_index, index->range,
                   fmt::format("'{}' is indexed with integer coordinates ({}), not '{}'.", tname(t), tname(idx_t),
                               tname(index->type)));
            return error_expr(range);
        }
        if (base->kind == BExprKind::VarRef)
            if (Variable* v = static_cast<const BVarRef*>(base)->var; v && v->resource) ++v->resource->named_directly;
        auto* n = make<BResourceIndex>(range);
        n->resource = base;
        n->index = convert(materialize(index), idx_t, ConvertWhy::Index);
        n->type = r->element;
        n->lvalue = is_writable(k);
        n->assignable = is_writable(k);
        if (!ok(n->index)) return error_expr(range);
        return n;
    }
    if (!is_basic(index->type) || component_count(index->type) != 1 ||
        (!is_integer(index->type) && !is_literal_kind(component_type(index->type)->scalar) &&
         !is_float(index->type) && !is_bool(index->type))) {
        report(DiagCode::invalid_index, index->range,
               fmt::format("An index must be an integer scalar, not '{}'.", tname(index->type)));
        return error_expr(range);
    }
    auto* n = make<BIndex>(range);
    n->base = base;
    n->index = convert(materialize(index), is_integer(index->type) && !is_literal_kind(component_type(index->type)->scalar)
                                               ? index->type
                                               : static_cast<const Type*>(scalar(ScalarKind::UInt)),
                       ConvertWhy::Index);
    n->lvalue = base->lvalue;
    n->assignable = base->assignable;
    std::uint32_t length = 0;
    if (const ArrayType* a = t->as<ArrayType>()) {
        n->type = a->element;
        length = a->length;
    } else if (const VectorType* v = t->as<VectorType>()) {
        n->type = v->element;
        length = v->count;
    } else if (const MatrixType* m = t->as<MatrixType>()) {
        n->type = types.vector(m->element, m->cols);
        length = m->rows;
    } else {
        report(DiagCode::invalid_index, range, fmt::format("'{}' cannot be indexed.", tname(t)));
        return error_expr(range);
    }
    if (length) {
        ConstResult c = const_eval(n->index);
        if (c.value && !c.uses_spec_constant && (c.value->as_int() < 0 || c.value->as_int() >= std::int64_t(length))) {
            report(DiagCode::invalid_index, index->range,
                   fmt::format("The index {} is out of range for '{}', which has {} element{}.", c.value->as_int(),
                               tname(t), length, length == 1 ? "" : "s"));
            return error_expr(range);
        }
    }
    return n;
}

}  // namespace oneshader::sema
