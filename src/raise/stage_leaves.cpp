#include "raise/stage_leaves.hpp"

#include "ir/type_rules.hpp"
#include "types/types_query.hpp"

namespace oneshader::raise {
namespace {

// The children a value of `t` is built from: array elements, matrix rows, vector components.
std::pair<std::uint32_t, const sema::Type*> children(sema::TypeContext& types, const sema::Type* t) {
    t = t->value_type();
    if (const auto* a = t->as<sema::ArrayType>()) return {a->length, a->element};
    if (const auto* m = t->as<sema::MatrixType>()) return {m->rows, types.vector(m->element, m->cols)};
    if (const auto* v = t->as<sema::VectorType>()) return {v->count, v->element};
    return {0, nullptr};
}

}  // namespace

bool is_real_matrix(const sema::Type* t) {
    const auto* m = t->value_type()->as<sema::MatrixType>();
    return m && m->rows >= 2 && m->cols >= 2;
}

bool is_leaf(const sema::Type* t, bool scalar_leaves) {
    t = t->value_type();
    if (t->is<sema::ScalarType>()) return true;
    // With scalar leaves a one-component vector is not one either: its one component is (a float1
    // clip distance is a float of the array, stored through an extract).
    if (t->is<sema::VectorType>()) return !scalar_leaves;
    if (t->is<sema::MatrixType>()) return !scalar_leaves && !is_real_matrix(t);
    return false;
}

void leaves_of(sema::TypeContext& types, const sema::Type* t, bool scalar_leaves, std::vector<const sema::Type*>& out) {
    t = t->value_type();
    if (is_leaf(t, scalar_leaves)) {
        out.push_back(t);
        return;
    }
    auto [n, child] = children(types, t);
    if (!child) {
        out.push_back(t);  // a struct: never a stage variable (the lowering splits them)
        return;
    }
    for (std::uint32_t k = 0; k < n; ++k) leaves_of(types, child, scalar_leaves, out);
}

std::uint32_t leaf_count(sema::TypeContext& types, const sema::Type* t, bool scalar_leaves) {
    t = t->value_type();
    if (is_leaf(t, scalar_leaves)) return 1;
    auto [n, child] = children(types, t);
    return child ? n * leaf_count(types, child, scalar_leaves) : 1;
}

void LeafRewriter::rewrite(ir::Global* g, bool scalar_leaves, const LeafPointer& leaf_pointer) {
    if (!users_) users_.emplace(ir::build_users(m_));
    scalar_leaves_ = scalar_leaves;
    leaf_pointer_ = &leaf_pointer;
    visit(g, 0, g->value_type());
}

std::string LeafRewriter::finish() {
    if (refusal_.empty()) {
        ir::apply_replacements(m_, replacements_);
        ir::remove_instructions(dead_);
    }
    return refusal_;
}

ir::Value* LeafRewriter::build(const sema::Type* t, std::uint32_t& next) {
    if (is_leaf(t, scalar_leaves_)) return b_.load((*leaf_pointer_)(b_, next++));
    auto [n, child] = children(m_.types(), t);
    std::vector<ir::Value*> parts;
    parts.reserve(n);
    for (std::uint32_t k = 0; k < n; ++k) parts.push_back(build(child, next));
    return b_.construct(t->value_type(), parts);
}

void LeafRewriter::scatter(ir::Value* v, const sema::Type* t, std::uint32_t& next) {
    if (is_leaf(t, scalar_leaves_)) {
        b_.store((*leaf_pointer_)(b_, next++), v);
        return;
    }
    auto [n, child] = children(m_.types(), t);
    for (std::uint32_t k = 0; k < n; ++k) scatter(b_.extract(v, {static_cast<std::int64_t>(k)}), child, next);
}

void LeafRewriter::visit(ir::Value* pointer, std::uint32_t first, const sema::Type* t) {
    sema::TypeContext& types = m_.types();
    for (const ir::Use& u : (*users_)[pointer]) {
        ir::Instruction* i = u.user;
        if (i->opcode == ir::Opcode::Load) {
            b_.set_insert_before(i);
            std::uint32_t next = first;
            ir::Value* v = build(t, next);
            if (auto* vi = v->as<ir::Instruction>()) vi->set_name_raw(i->name());
            replacements_.emplace(i, v);
            dead_.push_back(i);
        } else if (i->opcode == ir::Opcode::Store && u.operand == 0) {
            b_.set_insert_before(i);
            std::uint32_t next = first;
            scatter(i->operands[1], t, next);
            dead_.push_back(i);
        } else if (i->opcode == ir::Opcode::AccessChain && u.operand == 0) {
            // Constant indices pick leaves until one leaf is left; what follows indexes inside it.
            std::uint32_t at = first;
            std::uint32_t count = leaf_count(types, t, scalar_leaves_);
            const sema::Type* ty = t;
            std::size_t k = 1;
            for (; k < i->operands.size(); ++k) {
                if (is_leaf(ty, scalar_leaves_) && count == 1) break;
                std::optional<std::int64_t> c = ir::constant_int_value(i->operands[k]);
                auto [n, child] = children(types, ty);
                if (!c || *c < 0 || static_cast<std::uint64_t>(*c) >= n) {
                    refuse("a dynamic index into a stage-variable array or matrix", i);
                    return;
                }
                count = leaf_count(types, child, scalar_leaves_);
                at += static_cast<std::uint32_t>(*c) * count;
                ty = child;
            }
            dead_.push_back(i);
            if (k == i->operands.size()) {
                visit(i, at, ty);
                continue;
            }
            b_.set_insert_before(i);
            ir::Value* leaf = (*leaf_pointer_)(b_, at);
            std::vector<ir::Value*> rest(i->operands.begin() + static_cast<std::ptrdiff_t>(k), i->operands.end());
            replacements_.emplace(i, b_.access_chain(leaf, rest));
        } else {
            refuse("a stage-variable array or matrix used other than by loads, stores and access chains", i);
            return;
        }
    }
}

}  // namespace oneshader::raise
