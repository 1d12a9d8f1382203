// Expressions as values. Operators map to the IR's component-wise opcodes (the operand type says
// float, signed or unsigned); `&&`, `||` and a `?:` whose arms have effects become control flow
// joined by a phi, a pure `?:` (and any `?:` with a vector condition) a select; conversions are
// rebuilt from shapes, so every ConversionKind the front end produces lowers through one path.
#include <fmt/format.h>

#include "ir/float_bits.hpp"
#include "lower/lowerer.hpp"
#include "intrinsics/table.hpp"

namespace oneshader::lower {

ir::Value* Lowerer::rvalue(const BExpr* e) {
    if (!e) return nullptr;
    if (!e->type) {
        unsupported(e->range, "an expression that did not check");
        return m_.undef_constant(scalar(sema::ScalarKind::Int));
    }
    const Type* t = concrete(e->type);
    if (!open()) return t->is<sema::VoidType>() ? nullptr : m_.undef_constant(t);
    if (!enter(e->range)) return t->is<sema::VoidType>() ? nullptr : m_.undef_constant(t);
    LocScope at(b_, e->range.begin);
    ir::Value* v = nullptr;
    if (is_ref_resource(e->type)) {
        // A resource as a value is its reference (lower_resources.cpp).
        switch (e->kind) {
        case sema::BExprKind::VarRef:
        case sema::BExprKind::This:
        case sema::BExprKind::Field:
        case sema::BExprKind::BaseCast:
        case sema::BExprKind::Index:
        case sema::BExprKind::ResourceIndex: {
            Place p = place(e);
            v = p.kind == Place::Kind::Pointer && p.count == 0 ? p.ptr : m_.undef_constant(t);
            if (p.ok() && p.kind != Place::Kind::Pointer) unsupported(e->range, "this resource expression");
            leave();
            return v;
        }
        default: break;
        }
    }
    if (e->type->is<sema::ArrayType>() && t != e->type && is_place_kind(e->kind)) {
        // An array of resources as a value: the references to its elements (lower_resources.cpp).
        Place p = place_slot(e);
        v = p.kind == Place::Kind::Pointer && p.count == 0 ? references_in(p.ptr, t, e->range) : m_.undef_constant(t);
        if (p.ok() && p.kind != Place::Kind::Pointer) unsupported(e->range, "this array of resources");
        leave();
        return v;
    }
    switch (e->kind) {
    case sema::BExprKind::Literal: v = literal(static_cast<const sema::BLiteral*>(e)); break;
    case sema::BExprKind::VarRef: v = var_value(static_cast<const sema::BVarRef*>(e)); break;
    case sema::BExprKind::This:
    case sema::BExprKind::Field:
    case sema::BExprKind::BaseCast:
    case sema::BExprKind::Swizzle:
    case sema::BExprKind::MatrixElements:
    case sema::BExprKind::Index:
    case sema::BExprKind::ResourceIndex: v = load(place(e)); break;
    case sema::BExprKind::MipsIndex: {
        const auto* mi = static_cast<const sema::BMipsIndex*>(e);
        Place tex = place(mi->resource);
        ir::Value* level = rvalue(mi->level);
        ir::Value* pos = rvalue(mi->position);
        if (tex.kind == Place::Kind::Pointer) {
            ir::Value* ops[] = {tex.ptr, pos, level};
            v = b_.texture(ir::Opcode::TextureLoad, t, ops);
        } else {
            unsupported(e->range, "'.mips' or '.sample' on this resource");
        }
        break;
    }
    case sema::BExprKind::Unary: v = unary(static_cast<const sema::BUnary*>(e)); break;
    case sema::BExprKind::Binary: v = binary(static_cast<const sema::BBinary*>(e)); break;
    case sema::BExprKind::Assign: v = assign(static_cast<const sema::BAssign*>(e)); break;
    case sema::BExprKind::IncDec: v = inc_dec(static_cast<const sema::BIncDec*>(e)); break;
    case sema::BExprKind::Conditional: v = conditional(static_cast<const sema::BConditional*>(e)); break;
    case sema::BExprKind::Comma: {
        const auto* c = static_cast<const sema::BComma*>(e);
        rvalue(c->lhs);
        v = rvalue(c->rhs);
        break;
    }
    case sema::BExprKind::Call: v = call(static_cast<const sema::BCall*>(e)); break;
    case sema::BExprKind::IntrinsicCall: v = intrinsic(static_cast<const sema::BIntrinsicCall*>(e)); break;
    case sema::BExprKind::MethodCall: v = method(static_cast<const sema::BMethodCall*>(e)); break;
    case sema::BExprKind::Construct: v = construct(static_cast<const sema::BConstruct*>(e)); break;
    case sema::BExprKind::Convert: v = convert_expr(static_cast<const sema::BConvert*>(e)); break;
    case sema::BExprKind::InitList: v = init_list(static_cast<const sema::BInitList*>(e)); break;
    case sema::BExprKind::Error: unsupported(e->range, "an expression that did not check"); break;
    }
    leave();
    if (t->is<sema::VoidType>()) return nullptr;
    // Every path either produced a value or reported why not; keep the IR well formed either way.
    if (!v) v = m_.undef_constant(t);
    return v;
}

ir::Value* Lowerer::literal(const sema::BLiteral* e) {
    const auto* s = concrete(e->type)->as<sema::ScalarType>();
    if (!s) {
        unsupported(e->range, "a literal that is not a scalar");
        return nullptr;
    }
    return const_scalar(s, e->value);
}

ir::Value* Lowerer::var_value(const sema::BVarRef* e) {
    const sema::Variable* v = e->var;
    if (!v) return nullptr;
    if (v->storage == sema::StorageClass::SpecConstant) return spec_constant_of(v);
    if (v->const_value && v->is_const) {
        if (const auto* s = concrete(v->type)->as<sema::ScalarType>()) return const_scalar(s, *v->const_value);
    }
    if (v->storage == sema::StorageClass::Enumerator) {
        unsupported(e->range, "an enumerator without a value");
        return nullptr;
    }
    return load(var_place(v, e));
}

ir::Value* Lowerer::unary(const sema::BUnary* e) {
    ir::Value* a = rvalue(e->operand);
    ir::Instruction* r = nullptr;
    switch (e->op) {
    case sema::UnaryOp::Plus: return convert(a, concrete(e->type));
    case sema::UnaryOp::Negate: r = b_.unary(ir::Opcode::Neg, a); break;
    case sema::UnaryOp::LogicalNot: r = b_.unary(ir::Opcode::LogicalNot, convert(a, concrete(e->type))); break;
    case sema::UnaryOp::BitNot: r = b_.unary(ir::Opcode::BitNot, a); break;
    }
    if (r) r->precise = precise_;
    return r;
}

ir::Value* Lowerer::arith(sema::BinaryOp op, ir::Value* a, ir::Value* b) {
    using O = ir::Opcode;
    ir::Instruction* r = nullptr;
    bool ordering = op == sema::BinaryOp::Lt || op == sema::BinaryOp::Le || op == sema::BinaryOp::Gt || op == sema::BinaryOp::Ge;
    if (ordering && sema::is_bool(a->type())) {
        // HLSL orders bools as the ints 0 and 1; no target orders bools themselves.
        const Type* t = a->type()->value_type();
        const Type* as_int = scalar(sema::ScalarKind::Int);
        if (const auto* v = t->as<sema::VectorType>()) as_int = types_.vector(sema::ScalarKind::Int, v->count);
        if (const auto* m = t->as<sema::MatrixType>()) as_int = types_.matrix(sema::ScalarKind::Int, m->rows, m->cols);
        a = convert(a, as_int);
        b = convert(b, as_int);
    }
    switch (op) {
    case sema::BinaryOp::Add: r = b_.binary(O::Add, a, b); break;
    case sema::BinaryOp::Sub: r = b_.binary(O::Sub, a, b); break;
    case sema::BinaryOp::Mul: r = b_.binary(O::Mul, a, b); break;
    case sema::BinaryOp::Div: r = b_.binary(O::Div, a, b); break;
    case sema::BinaryOp::Rem: r = b_.binary(O::Rem, a, b); break;
    case sema::BinaryOp::Shl: r = b_.binary(O::Shl, a, b); break;
    case sema::BinaryOp::Shr: r = b_.binary(O::Shr, a, b); break;
    case sema::BinaryOp::BitAnd: r = b_.binary(O::BitAnd, a, b); break;
    case sema::BinaryOp::BitOr: r = b_.binary(O::BitOr, a, b); break;
    case sema::BinaryOp::BitXor: r = b_.binary(O::BitXor, a, b); break;
    case sema::BinaryOp::LogicalAnd: r = b_.binary(O::LogicalAnd, a, b); break;
    case sema::BinaryOp::LogicalOr: r = b_.binary(O::LogicalOr, a, b); break;
    case sema::BinaryOp::Eq: r = b_.compare(O::Eq, a, b); break;
    case sema::BinaryOp::Ne: r = b_.compare(O::Ne, a, b); break;
    case sema::BinaryOp::Lt: r = b_.compare(O::Lt, a, b); break;
    case sema::BinaryOp::Le: r = b_.compare(O::Le, a, b); break;
    case sema::BinaryOp::Gt: r = b_.compare(O::Gt, a, b); break;
    case sema::BinaryOp::Ge: r = b_.compare(O::Ge, a, b); break;
    }
    if (r) r->precise = precise_;
    return r;
}

ir::Value* Lowerer::binary(const sema::BBinary* e) {
    bool logical = e->op == sema::BinaryOp::LogicalAnd || e->op == sema::BinaryOp::LogicalOr;
    if (logical && concrete(e->type)->is<sema::ScalarType>()) return short_circuit(e);
    ir::Value* a = rvalue(e->lhs);
    ir::Value* b = rvalue(e->rhs);
    if (e->op == sema::BinaryOp::Shl || e->op == sema::BinaryOp::Shr) b = convert(b, a->type());
    else if (!logical) b = convert(b, a->type());
    return arith(e->op, a, b);
}

// a && b:  header: cond_br a, rhs, merge     rhs: b; br merge     merge: phi [false, header], [b, rhs]
// a || b:  header: cond_br a, merge, rhs     ...                  merge: phi [true, header], [b, rhs]
ir::Value* Lowerer::short_circuit(const sema::BBinary* e) {
    bool is_and = e->op == sema::BinaryOp::LogicalAnd;
    const Type* bool_t = scalar(sema::ScalarKind::Bool);
    ir::Value* a = convert(rvalue(e->lhs), bool_t);
    if (!open()) return a;
    ir::Block* header = cur_;
    ir::Block* rhs = new_block(is_and ? "and.rhs" : "or.rhs");
    ir::Block* merge = new_block(is_and ? "and.merge" : "or.merge");
    ir::Builder::mark_selection(header, merge);
    if (is_and) b_.cond_br(a, rhs, merge);
    else b_.cond_br(a, merge, rhs);
    set_block(rhs);
    ir::Value* b = convert(rvalue(e->rhs), bool_t);
    ir::Block* rhs_end = cur_;
    b_.br(merge);
    set_block(merge);
    ir::Instruction* phi = b_.phi(bool_t);
    ir::Builder::add_incoming(phi, m_.bool_constant(!is_and), header);
    ir::Builder::add_incoming(phi, b, rhs_end);
    return phi;
}

ir::Value* Lowerer::assign(const sema::BAssign* e) {
    if (is_ref_resource(e->target->type)) {
        // `tex = OtherTex;`: the variable or member holding the reference takes the new one.
        Place slot = place_slot(e->target);
        if (!slot.ok()) return nullptr;
        const auto* pt = slot.kind == Place::Kind::Pointer && slot.count == 0
                             ? slot.ptr->type()->as<sema::PointerType>()
                             : nullptr;
        if (e->compound || !pt || !ir::is_resource_ref(pt->pointee)) {
            unsupported(e->range, "assigning to this resource (only local resource variables and struct members can "
                                  "be assigned; copy a parameter into a local first)");
            return nullptr;
        }
        Place p = place(e->value);
        if (p.kind != Place::Kind::Pointer || p.count != 0) {
            if (p.ok()) unsupported(e->value->range, "assigning this resource expression");
            return nullptr;
        }
        b_.store(slot.ptr, p.ptr);
        return p.ptr;
    }
    if (sema::is_resource_or_array(e->target->type)) {
        unsupported(e->range, "assigning a whole array of resources or a ConstantBuffer (assign the elements)");
        return nullptr;
    }
    Place target = place(e->target);
    const Type* t = concrete(e->target->type);
    bool saved = precise_;
    if (e->target->kind == sema::BExprKind::VarRef) {
        const sema::Variable* v = static_cast<const sema::BVarRef*>(e->target)->var;
        precise_ = precise_ || (v && v->precise);
    }
    ir::Value* result = nullptr;
    if (!e->compound) {
        result = convert(rvalue(e->value), t);
    } else {
        const Type* ot = concrete(e->operand_type ? e->operand_type : e->target->type);
        ir::Value* current = convert(load(target), ot);
        ir::Value* rhs = convert(rvalue(e->value), ot);
        result = convert(arith(e->op, current, rhs), t);
    }
    precise_ = saved;
    store(target, result);
    return result;
}

ir::Value* Lowerer::inc_dec(const sema::BIncDec* e) {
    Place target = place(e->target);
    ir::Value* old = load(target);
    ir::Value* updated = arith(e->increment ? sema::BinaryOp::Add : sema::BinaryOp::Sub, old, one_of(old->type()));
    store(target, updated);
    return e->postfix ? old : updated;
}

bool Lowerer::is_pure(const BExpr* e, int depth) const {
    // Pure: no side effects and nothing a skipped arm must not do (calls, stores, resource reads,
    // derivatives). Such arms may both be evaluated and selected between.
    if (!e || depth > 64) return false;
    switch (e->kind) {
    case sema::BExprKind::Literal:
    case sema::BExprKind::VarRef:
    case sema::BExprKind::This: return true;
    case sema::BExprKind::Field: return is_pure(static_cast<const sema::BField*>(e)->base, depth + 1);
    case sema::BExprKind::BaseCast: return is_pure(static_cast<const sema::BBaseCast*>(e)->operand, depth + 1);
    case sema::BExprKind::Swizzle: return is_pure(static_cast<const sema::BSwizzle*>(e)->base, depth + 1);
    case sema::BExprKind::MatrixElements: return is_pure(static_cast<const sema::BMatrixElements*>(e)->base, depth + 1);
    case sema::BExprKind::Index: {
        const auto* i = static_cast<const sema::BIndex*>(e);
        // A dynamic index may be out of bounds in the arm not taken.
        return is_pure(i->base, depth + 1) && i->index->kind == sema::BExprKind::Literal;
    }
    case sema::BExprKind::Unary: return is_pure(static_cast<const sema::BUnary*>(e)->operand, depth + 1);
    case sema::BExprKind::Binary: {
        const auto* b = static_cast<const sema::BBinary*>(e);
        // Integer division by zero in the arm not taken must not trap-free become a value.
        if ((b->op == sema::BinaryOp::Div || b->op == sema::BinaryOp::Rem) && sema::is_integer(b->type)) return false;
        return is_pure(b->lhs, depth + 1) && is_pure(b->rhs, depth + 1);
    }
    case sema::BExprKind::Conditional: {
        const auto* c = static_cast<const sema::BConditional*>(e);
        return is_pure(c->cond, depth + 1) && is_pure(c->then_expr, depth + 1) && is_pure(c->else_expr, depth + 1);
    }
    case sema::BExprKind::Convert: return is_pure(static_cast<const sema::BConvert*>(e)->operand, depth + 1);
    case sema::BExprKind::Construct:
        for (const BExpr* p : static_cast<const sema::BConstruct*>(e)->parts)
            if (!is_pure(p, depth + 1)) return false;
        return true;
    case sema::BExprKind::InitList:
        for (const BExpr* p : static_cast<const sema::BInitList*>(e)->elements)
            if (!is_pure(p, depth + 1)) return false;
        return true;
    case sema::BExprKind::IntrinsicCall: {
        const auto* c = static_cast<const sema::BIntrinsicCall*>(e);
        const intrinsics::Row* row = intrinsics::row(intrinsics::Id(c->id), c->overload);
        if (!row || !(row->flags & intrinsics::kPure) || (row->flags & intrinsics::kDerivative)) return false;
        for (const BExpr* a : c->args)
            if (!is_pure(a, depth + 1)) return false;
        return true;
    }
    default: return false;
    }
}

ir::Value* Lowerer::conditional(const sema::BConditional* e) {
    const Type* t = concrete(e->type);
    bool vector_cond = !concrete(e->cond->type)->is<sema::ScalarType>();
    if (vector_cond || (is_pure(e->then_expr) && is_pure(e->else_expr))) {
        ir::Value* c = rvalue(e->cond);
        ir::Value* a = convert(rvalue(e->then_expr), t);
        ir::Value* b = convert(rvalue(e->else_expr), t);
        return b_.select(c, a, b);
    }
    ir::Value* c = convert(rvalue(e->cond), scalar(sema::ScalarKind::Bool));
    if (!open()) return nullptr;
    ir::Block* header = cur_;
    ir::Block* then_bb = new_block("cond.then");
    ir::Block* else_bb = new_block("cond.else");
    ir::Block* merge = new_block("cond.merge");
    ir::Builder::mark_selection(header, merge);
    b_.cond_br(c, then_bb, else_bb);
    set_block(then_bb);
    ir::Value* a = convert(rvalue(e->then_expr), t);
    ir::Block* then_end = cur_;
    b_.br(merge);
    set_block(else_bb);
    ir::Value* b = convert(rvalue(e->else_expr), t);
    ir::Block* else_end = cur_;
    b_.br(merge);
    set_block(merge);
    if (t->is<sema::VoidType>()) return nullptr;
    ir::Instruction* phi = b_.phi(t);
    ir::Builder::add_incoming(phi, a, then_end);
    ir::Builder::add_incoming(phi, b, else_end);
    return phi;
}

ir::Value* Lowerer::construct(const sema::BConstruct* e) {
    const Type* t = concrete(e->type);
    ValueList parts;
    for (const BExpr* p : e->parts) parts.push_back(rvalue(p));
    // A vector from scalars and vectors of its component type is one construct; anything else
    // goes through the flat scalar list, which is HLSL's own definition of construction.
    if (const auto* v = t->as<sema::VectorType>()) {
        std::uint32_t total = 0;
        bool direct = true;
        for (ir::Value* p : parts) {
            const Type* pt = p->type();
            direct = direct && !pt->is<sema::MatrixType>() && sema::component_type(pt) == v->element;
            total += sema::component_count(pt);
        }
        if (direct && total == v->count) {
            ConstantList constants;
            for (ir::Value* p : parts)
                if (auto* c = p->as<ir::Constant>(); c && c->is_scalar()) constants.push_back(c);
            if (constants.size() == parts.size()) return m_.composite_constant(t, constants);
            return b_.construct(t, parts);
        }
    }
    ValueList scalars;
    for (ir::Value* p : parts) flatten(p, scalars);
    std::size_t next = 0;
    return build(t, scalars, next);
}

ir::Value* Lowerer::convert_expr(const sema::BConvert* e) {
    const Type* t = concrete(e->type);
    if (e->conversion == sema::ConversionKind::LiteralToConcrete || e->operand->kind == sema::BExprKind::Literal) {
        if (ir::Constant* c = constant_of(e, t)) return c;
    }
    return convert(rvalue(e->operand), t);
}

ir::Value* Lowerer::convert_components(ir::Value* v, const sema::ScalarType* to) {
    const Type* from = v->type();
    if (sema::component_type(from) == to) return v;
    const Type* target = to;
    if (const auto* vt = from->as<sema::VectorType>()) target = types_.vector(to, vt->count);
    else if (const auto* mt = from->as<sema::MatrixType>()) target = types_.matrix(to, mt->rows, mt->cols);
    if (auto* c = v->as<ir::Constant>(); c && c->is_scalar() && target == to) {
        // Folding the conversion of a scalar constant keeps initializers and indices constant.
        const auto* fs = from->as<sema::ScalarType>();
        sema::ConstValue cv;
        if (fs->scalar == sema::ScalarKind::Bool) cv = sema::ConstValue::of_bool(c->bits != 0);
        else if (sema::is_float_kind(fs->scalar)) cv = sema::ConstValue::of_float(ir::float_value(c->bits, fs->bits));
        else if (sema::is_signed_kind(fs->scalar))
            cv = sema::ConstValue::of_int(ir::sign_extend(c->bits, fs->bits));
        else cv = sema::ConstValue::of_int(std::int64_t(c->bits));
        if (!(sema::is_float_kind(fs->scalar) && sema::is_integer_kind(to->scalar))) return const_scalar(to, cv);
    }
    return b_.convert(v, target);
}

ir::Value* Lowerer::splat_to(ir::Value* s, const Type* to) {
    if (const auto* v = to->as<sema::VectorType>()) return b_.splat(s, v->count);
    if (const auto* mt = to->as<sema::MatrixType>()) {
        ir::Value* row = b_.splat(s, mt->cols);
        ValueList rows;
        rows.assign(std::size_t{mt->rows}, row);
        return b_.construct(to, rows);
    }
    return s;
}

ir::Value* Lowerer::splat_aggregate(ir::Value* scalar, const Type* to,
                                    std::unordered_map<const Type*, ir::Value*>& made) {
    to = concrete(to);
    if (auto it = made.find(to); it != made.end()) return it->second;
    ValueList parts;
    if (const auto* at = to->as<sema::ArrayType>()) {
        ir::Value* element = splat_aggregate(scalar, at->element, made);
        parts.assign(std::size_t{at->length}, element);
    } else if (const auto* st = to->as<sema::StructType>()) {
        std::size_t n = st->members.size() + (st->base ? 1 : 0);
        for (std::size_t i = 0; i < n; ++i) {
            const sema::StructMember* m = ir_struct_member(st, i);
            if (m && !m->bit_fields.empty()) {
                // Every bit field of the unit gets the value (cut to its width).
                ValueList fields;
                fields.assign(m->bit_fields.size(), scalar);
                parts.push_back(pack_unit(*m, fields));
                continue;
            }
            parts.push_back(splat_aggregate(scalar, ir_member_type(st, i), made));
        }
    } else {
        return made[to] = convert(scalar, to);
    }
    ConstantList constants;
    for (ir::Value* p : parts)
        if (auto* c = p->as<ir::Constant>()) constants.push_back(c);
    ir::Value* r = constants.size() == parts.size() ? static_cast<ir::Value*>(m_.composite_constant(to, constants))
                                                    : b_.construct(to, parts);
    return made[to] = r;
}

ir::Value* Lowerer::convert(ir::Value* v, const Type* to) {
    if (!v || !to) return v;
    to = concrete(to);
    const Type* from = v->type();
    if (from == to || to->is<sema::VoidType>()) return v;
    if (sema::is_basic(from) && sema::is_basic(to)) {
        const sema::ScalarType* tc = sema::component_type(to);
        bool same_shape = from->kind() == to->kind() && sema::component_count(from) == sema::component_count(to);
        if (same_shape) {
            if (const auto* fm = from->as<sema::MatrixType>()) {
                const auto* tm = to->as<sema::MatrixType>();
                same_shape = fm->rows == tm->rows;
            }
        }
        if (same_shape) return convert_components(v, tc);
        if (from->is<sema::ScalarType>()) return splat_to(convert_components(v, tc), to);
        if (to->is<sema::ScalarType>()) {
            ir::Value* first = from->is<sema::MatrixType>() ? b_.extract(v, {0, 0}) : b_.extract(v, {0});
            return convert_components(first, tc);
        }
        const auto* fv = from->as<sema::VectorType>();
        const auto* tv = to->as<sema::VectorType>();
        if (fv && tv && tv->count < fv->count) {
            IndexList comps;
            for (std::uint32_t i = 0; i < tv->count; ++i) comps.push_back(i);
            ir::Value* s = comps.size() == 1 ? b_.construct(types_.vector(fv->element, 1), ValueList{b_.extract(v, {0})})
                                             : b_.swizzle(v, comps);
            return convert_components(s, tc);
        }
        const auto* fm = from->as<sema::MatrixType>();
        const auto* tm = to->as<sema::MatrixType>();
        if (fm && tm && tm->rows <= fm->rows && tm->cols <= fm->cols) {
            // Truncation keeps the top-left corner.
            ValueList rows;
            const Type* row_t = types_.vector(fm->element, tm->cols);
            for (std::uint32_t r = 0; r < tm->rows; ++r) {
                ir::Value* row = b_.extract(v, {r});
                if (tm->cols < fm->cols) {
                    ValueList comps;
                    for (std::uint32_t c = 0; c < tm->cols; ++c) comps.push_back(b_.extract(row, {c}));
                    row = b_.construct(row_t, comps);
                }
                rows.push_back(row);
            }
            return convert_components(b_.construct(types_.matrix(fm->element, tm->rows, tm->cols), rows), tc);
        }
    }
    if (const auto* fs = from->as<sema::StructType>()) {
        // A derived struct viewed as a base: the base is member 0, at every level.
        const sema::StructType* s = fs;
        ir::Value* cur = v;
        while (s && s->base) {
            cur = b_.extract(cur, {0});
            s = s->base;
            if (s == to) return cur;
        }
    }
    if (from->is<sema::ScalarType>() && (to->is<sema::ArrayType>() || to->is<sema::StructType>())) {
        std::unordered_map<const Type*, ir::Value*> made;
        return splat_aggregate(v, to, made);
    }
    // Everything else follows HLSL's flat rule: scalars in order, converted slot by slot.
    ValueList scalars;
    flatten(v, scalars);
    std::size_t next = 0;
    return build(to, scalars, next);
}

ir::Value* Lowerer::one_of(const Type* t) {
    const sema::ScalarType* s = sema::component_type(t);
    if (!s) return m_.undef_constant(t);
    ir::Constant* one = const_scalar(s, sema::ConstValue::of_int(1));
    if (t->is<sema::ScalarType>()) return one;
    if (const auto* v = t->as<sema::VectorType>()) {
        ConstantList parts;
        parts.assign(std::size_t{v->count}, one);
        return m_.composite_constant(t, parts);
    }
    if (const auto* mt = t->as<sema::MatrixType>()) {
        ConstantList parts;
        parts.assign(std::size_t{mt->cols}, one);
        ir::Constant* row = m_.composite_constant(types_.vector(s, mt->cols), parts);
        ConstantList rows;
        rows.assign(std::size_t{mt->rows}, row);
        return m_.composite_constant(t, rows);
    }
    return m_.undef_constant(t);
}

}  // namespace oneshader::lower
