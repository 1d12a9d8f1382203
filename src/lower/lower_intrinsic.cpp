// Intrinsic functions. Most become CallIntrinsic with the table's id and the operands in HLSL order
// (out parameters as pointers to temporaries copied back afterwards, as the spec says for modf,
// frexp and sincos); the rest have opcodes of their own: mul (Mul, MatMul, dot), the Interlocked
// family (AtomicRmw / AtomicCompareExchange on the destination's pointer or texel), the barriers
// (Barrier with BarrierFlags), NonUniformResourceIndex (NonUniformIndex), select, and/or, and clip
// (a conditional kill).
#include <fmt/format.h>

#include "lower/lowerer.hpp"
#include "intrinsics/table.hpp"
#include "sema/input_path.hpp"

namespace oneshader::lower {

namespace {

using Intrinsic = intrinsics::Id;

std::optional<std::uint32_t> barrier_flags(Intrinsic id) {
    switch (id) {
    case Intrinsic::AllMemoryBarrier: return ir::kBarrierWorkgroupMemory | ir::kBarrierDeviceMemory;
    case Intrinsic::AllMemoryBarrierWithGroupSync:
        return ir::kBarrierWorkgroupMemory | ir::kBarrierDeviceMemory | ir::kBarrierGroupSync;
    case Intrinsic::DeviceMemoryBarrier: return ir::kBarrierDeviceMemory;
    case Intrinsic::DeviceMemoryBarrierWithGroupSync: return ir::kBarrierDeviceMemory | ir::kBarrierGroupSync;
    case Intrinsic::GroupMemoryBarrier: return ir::kBarrierWorkgroupMemory;
    case Intrinsic::GroupMemoryBarrierWithGroupSync: return ir::kBarrierWorkgroupMemory | ir::kBarrierGroupSync;
    default: return std::nullopt;
    }
}

}  // namespace

ir::Value* Lowerer::intrinsic(const sema::BIntrinsicCall* e) {
    auto id = static_cast<Intrinsic>(e->id);
    std::string_view name = intrinsics::row(id, e->overload) ? intrinsics::name(id) : e->name.str();
    const Type* result = concrete(e->type);
    if (auto flags = barrier_flags(id)) {
        b_.barrier(*flags);
        return nullptr;
    }
    switch (id) {
    case Intrinsic::Mul:
        if (e->args.size() == 2) {
            // Operands in source order: a call's arguments are evaluated in an unspecified order.
            ir::Value* a = rvalue(e->args[0]);
            ir::Value* bv = rvalue(e->args[1]);
            return mul(a, bv, result);
        }
        break;
    case Intrinsic::NonUniformResourceIndex:
        if (e->args.size() == 1) return b_.unary(ir::Opcode::NonUniformIndex, rvalue(e->args[0]));
        break;
    case Intrinsic::Select:
        if (e->args.size() == 3) {
            ir::Value* c = rvalue(e->args[0]);
            ir::Value* a = convert(rvalue(e->args[1]), result);
            ir::Value* b = convert(rvalue(e->args[2]), result);
            return b_.select(c, a, b);
        }
        break;
    case Intrinsic::And:
    case Intrinsic::Or:
        if (e->args.size() == 2) {
            ir::Value* a = convert(rvalue(e->args[0]), result);
            ir::Value* b = convert(rvalue(e->args[1]), result);
            return b_.binary(id == Intrinsic::And ? ir::Opcode::LogicalAnd : ir::Opcode::LogicalOr, a, b);
        }
        break;
    case Intrinsic::Clip:
        if (e->args.size() == 1) {
            clip(rvalue(e->args[0]));
            return nullptr;
        }
        break;
    case Intrinsic::InterlockedAdd:
    case Intrinsic::InterlockedAnd:
    case Intrinsic::InterlockedOr:
    case Intrinsic::InterlockedXor:
    case Intrinsic::InterlockedMin:
    case Intrinsic::InterlockedMax:
    case Intrinsic::InterlockedExchange:
    case Intrinsic::InterlockedCompareExchange:
    case Intrinsic::InterlockedCompareStore: return interlocked(e, name);
    case Intrinsic::EvaluateAttributeAtSample:
    case Intrinsic::EvaluateAttributeCentroid:
    case Intrinsic::EvaluateAttributeSnapped:
        // These read a stage input where it is interpolated, which a copy in a local cannot say.
        unsupported(e->range, fmt::format("'{}'", name));
        return nullptr;
    case Intrinsic::GetAttributeAtVertex: return attribute_at_vertex(e);
    case Intrinsic::Printf: {
        // The values in source order; the format is a module string the call names by index.
        ValueList values;
        for (std::size_t k = 0; k < e->args.size(); ++k) values.push_back(convert(rvalue(e->args[k]), e->params[k].type));
        ir::Instruction* call = b_.intrinsic(id, result, values);
        call->immediates.push_back(m_.add_string(e->format));
        return nullptr;
    }
    default: break;
    }
    ValueList args;
    std::vector<OutArg> outs;
    for (std::size_t k = 0; k < e->args.size(); ++k) {
        sema::ParamDirection dir = k < e->params.size() ? e->params[k].direction : sema::ParamDirection::In;
        if (dir == sema::ParamDirection::In) {
            ir::Value* v = rvalue(e->args[k]);
            if (k < e->params.size() && e->params[k].type) v = convert(v, e->params[k].type);
            args.push_back(v);
        } else {
            OutArg o = out_arg(e->args[k], k < e->params.size() ? e->params[k].type : nullptr,
                               dir == sema::ParamDirection::InOut);
            args.push_back(o.temp);
            outs.push_back(o);
        }
    }
    ir::Instruction* r = b_.intrinsic(id, result, args);
    for (const OutArg& o : outs) copy_back(o);
    return result->is<sema::VoidType>() ? nullptr : r;
}

ir::Value* Lowerer::attribute_at_vertex(const sema::BIntrinsicCall* e) {
    // Sema checked that the argument names a per-vertex input of the entry point (or a part of
    // it): the value is read from that stage variable at the vertex, and the swizzles and indices
    // above the input select from it as they would from the parameter.
    if (e->args.size() != 2) return nullptr;
    sema::InputPath path = sema::input_path(e->args[0]);
    auto it = path.param ? per_vertex_.find({path.param, path.members}) : per_vertex_.end();
    if (it == per_vertex_.end()) {
        unsupported(e->range, "'GetAttributeAtVertex' outside the entry point that declares its input");
        return nullptr;
    }
    ir::Value* vertex = rvalue(e->args[1]);
    ir::Global* g = it->second;
    if (!g->per_vertex_read.valid()) g->per_vertex_read = e->range.begin;
    per_vertex_place_ = Place{};
    per_vertex_place_.kind = Place::Kind::Pointer;
    per_vertex_place_.ptr = access(g, {vertex});
    per_vertex_place_.type = path.input->type;
    per_vertex_node_ = path.input;
    ir::Value* v = load(place(e->args[0]));
    per_vertex_node_ = nullptr;
    // A bool input is a uint variable (Vulkan has no bool varyings).
    return convert(v, concrete(e->type));
}

ir::Value* Lowerer::mul(ir::Value* a, ir::Value* b, const Type* result) {
    const Type* ta = a->type();
    const Type* tb = b->type();
    bool sa = ta->is<sema::ScalarType>(), sb = tb->is<sema::ScalarType>();
    bool va = ta->is<sema::VectorType>(), vb = tb->is<sema::VectorType>();
    ir::Instruction* r = nullptr;
    if (sa && sb) {
        r = b_.mul(a, b);
    } else if (sa || sb) {
        // A scalar times a vector or matrix scales every component.
        if (sa) r = b_.mul(splat_to(a, tb), b);
        else r = b_.mul(a, splat_to(b, ta));
    } else if (va && vb) {
        ir::Value* ops[] = {a, b};
        r = b_.intrinsic(Intrinsic::Dot, result, ops);
    } else {
        r = b_.matmul(a, b);
    }
    r->precise = precise_;
    return convert(r, result);
}

ir::Value* Lowerer::interlocked(const sema::BIntrinsicCall* e, std::string_view name) {
    auto id = static_cast<Intrinsic>(e->id);
    if (e->args.size() < 2) return nullptr;
    Place dest = place(e->args[0]);
    ValueList ops;
    if (dest.kind == Place::Kind::Pointer && dest.whole()) {
        ops.push_back(dest.ptr);
    } else if (dest.kind == Place::Kind::Texel && dest.whole()) {
        ops.push_back(dest.ptr);
        ops.push_back(dest.coord);
    } else {
        if (dest.ok()) unsupported(e->range, fmt::format("'{}' on this destination", name));
        return nullptr;
    }
    const Type* t = concrete(e->args[0]->type);
    bool cmpxchg = id == Intrinsic::InterlockedCompareExchange || id == Intrinsic::InterlockedCompareStore;
    ir::Value* original = nullptr;
    if (cmpxchg) {
        if (e->args.size() < 3) return nullptr;
        ops.push_back(convert(rvalue(e->args[1]), t));
        ops.push_back(convert(rvalue(e->args[2]), t));
        original = b_.atomic_compare_exchange(ops);
        if (id == Intrinsic::InterlockedCompareExchange && e->args.size() > 3) store_out(e->args[3], original);
        return nullptr;
    }
    ir::AtomicOp op = ir::AtomicOp::Add;
    switch (id) {
    case Intrinsic::InterlockedAnd: op = ir::AtomicOp::And; break;
    case Intrinsic::InterlockedOr: op = ir::AtomicOp::Or; break;
    case Intrinsic::InterlockedXor: op = ir::AtomicOp::Xor; break;
    case Intrinsic::InterlockedMin: op = ir::AtomicOp::Min; break;
    case Intrinsic::InterlockedMax: op = ir::AtomicOp::Max; break;
    case Intrinsic::InterlockedExchange: op = ir::AtomicOp::Exchange; break;
    default: break;
    }
    ops.push_back(convert(rvalue(e->args[1]), t));
    original = b_.atomic_rmw(op, ops);
    // The original value converts to the out argument's own type (an int for a uint destination).
    if (e->args.size() > 2) store_out(e->args[2], original);
    return nullptr;
}

void Lowerer::clip(ir::Value* x) {
    // clip(x) discards the pixel when any component of x is below zero.
    const Type* t = x->type();
    const sema::ScalarType* s = sema::component_type(t);
    ir::Value* zero = m_.zero_constant(t);
    (void)s;
    ir::Value* below = b_.compare(ir::Opcode::Lt, x, zero);
    if (!t->is<sema::ScalarType>()) {
        ir::Value* ops[] = {below};
        below = b_.intrinsic(Intrinsic::Any, scalar(sema::ScalarKind::Bool), ops);
    }
    ir::Block* header = cur_;
    ir::Block* kill = new_block("clip.discard");
    ir::Block* merge = new_block("clip.merge");
    ir::Builder::mark_selection(header, merge);
    b_.cond_br(below, kill, merge);
    set_block(kill);
    b_.kill();
    set_block(merge);
}

}  // namespace oneshader::lower
