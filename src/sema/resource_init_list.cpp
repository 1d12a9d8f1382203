// Initializer lists that hold resources: `Material m = { gTex, gSamp, 1.0 };`,
// `Texture2D ts[2] = { gA, gB };`. HLSL flattens them as any initializer list (structs base
// first, arrays by element, vectors by component), with each resource one slot of its own that
// only a resource of the same type fills. The lowering builds the reference struct or array
// from them (lower_init.cpp) and legalize_resources (opt/) resolves each use to one global.
#include <fmt/format.h>

#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

// The slots `t` flattens to: a component type per scalar, a resource type per resource, one per
// bit field; false when there are more than kMaxFlatScalars.
bool leaf_slots(const Type* t, std::vector<const Type*>& out, int depth) {
    if (depth > 64 || out.size() > kMaxFlatScalars) return false;
    if (t->is<ResourceType>()) {
        out.push_back(t->value_type());
    } else if (is_basic(t)) {
        out.insert(out.end(), component_count(t), component_type(t));
    } else if (const ArrayType* a = t->as<ArrayType>()) {
        for (std::uint32_t i = 0; i < a->length; ++i)
            if (!leaf_slots(a->element, out, depth + 1)) return false;
    } else if (const StructType* s = t->as<StructType>()) {
        if (s->base && !leaf_slots(s->base, out, depth + 1)) return false;
        for (const StructMember& m : s->members) {
            if (!m.bit_fields.empty()) out.insert(out.end(), m.bit_fields.size(), component_type(m.type));
            else if (!leaf_slots(m.type, out, depth + 1)) return false;
        }
    }
    return out.size() <= kMaxFlatScalars;
}

}  // namespace

BExpr* Checker::resource_init_list(std::vector<BExpr*>& leaves, const Type* target, SourceRange range) {
    std::vector<const Type*> have;
    for (BExpr* l : leaves) {
        if (!leaf_slots(l->type, have, 0)) {
            report(DiagCode::bad_initializer, range,
                   fmt::format("The initializer list has more than {} values. Initialize the members separately.",
                               kMaxFlatScalars));
            return error_expr(range);
        }
    }
    const Type* t = target;
    if (const ArrayType* a = t->as<ArrayType>(); a && a->length == 0) {
        std::vector<const Type*> per;
        leaf_slots(a->element, per, 0);
        if (per.empty() || have.empty() || have.size() % per.size() != 0) {
            report(DiagCode::bad_initializer, range,
                   fmt::format("The initializer has {} values, which is not a whole number of '{}' elements.",
                               have.size(), tname(a->element)));
            return error_expr(range);
        }
        t = types.array(a->element, std::uint32_t(have.size() / per.size()));
    }
    std::vector<const Type*> want;
    if (!leaf_slots(t, want, 0)) {
        report(DiagCode::bad_initializer, range,
               fmt::format("'{}' has more than {} values; an initializer list fills them one by one. Initialize the "
                           "members separately.",
                           tname(t), kMaxFlatScalars));
        return error_expr(range);
    }
    if (want.size() != have.size()) {
        report(DiagCode::bad_initializer, range,
               fmt::format("The initializer list has {} value{} (each resource counts as one), but '{}' needs {}.",
                           have.size(), have.size() == 1 ? "" : "s", tname(t), want.size()));
        return error_expr(range);
    }
    std::size_t cursor = 0;
    for (BExpr*& l : leaves) {
        std::vector<const Type*> own;
        leaf_slots(l->type, own, 0);
        for (std::size_t k = 0; k < own.size(); ++k) {
            const Type* w = want[cursor + k];
            const Type* h = own[k];
            const auto* wr = w->as<ResourceType>();
            const auto* hr = h->as<ResourceType>();
            if (!wr && !hr) continue;
            if (wr && is_block_buffer(wr->resource)) {
                report(DiagCode::bad_initializer, l->range,
                       fmt::format("'{}' cannot be set by an initializer list. Declare the ConstantBuffer or "
                                   "TextureBuffer as a global and use it by name.",
                                   tname(w)));
                return error_expr(range);
            }
            if (w != h) {
                report(DiagCode::bad_initializer, l->range,
                       fmt::format("Value {} of the initializer list is a '{}', but its place in '{}' holds a '{}'. "
                                   "Resources fill only places of the same resource type, one each.",
                                   cursor + k + 1, tname(h), tname(t), tname(w)));
                return error_expr(range);
            }
        }
        if (is_basic(l->type) && !own.empty()) {
            // The scalars take their slots' type, as in any initializer list, when the slots agree.
            bool uniform = true;
            for (std::size_t k = 0; k < own.size(); ++k) uniform = uniform && want[cursor + k] == want[cursor];
            l = fit_leaf(l, uniform ? want[cursor]->as<ScalarType>() : nullptr);
        }
        cursor += own.size();
    }
    auto* list = make<BInitList>(range);
    list->type = t;
    list->elements = to_span(leaves);
    return list;
}

}  // namespace oneshader::sema
