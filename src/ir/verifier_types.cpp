// The type rules of each opcode (spec: "Opcode conventions").
#include <algorithm>
#include <vector>

#include "ir/type_rules.hpp"
#include "ir/verifier_impl.hpp"
#include "types/types_query.hpp"

namespace oneshader::ir::verify_detail {

namespace {

using sema::Type;

const sema::PointerType* pointer_of(const Value* v) { return v->type()->as<sema::PointerType>(); }

// The resource a pointer operand points at, or null.
const sema::ResourceType* resource_of(const Value* v) {
    const auto* p = pointer_of(v);
    return p ? p->pointee->as<sema::ResourceType>() : nullptr;
}

bool is_bool_scalar(const Type* t) { return t->is<sema::ScalarType>() && sema::is_bool(t); }
bool is_int_scalar(const Type* t) { return t->is<sema::ScalarType>() && sema::is_integer(t); }

// Same kind of shape (scalar, vector N, matrix RxC), whatever the components.
bool same_shape(const Type* a, const Type* b) {
    if (a->kind() != b->kind()) return false;
    if (const auto* va = a->as<sema::VectorType>()) return va->count == b->as<sema::VectorType>()->count;
    if (const auto* ma = a->as<sema::MatrixType>()) {
        const auto* mb = b->as<sema::MatrixType>();
        return ma->rows == mb->rows && ma->cols == mb->cols;
    }
    return a->is<sema::ScalarType>();
}

}  // namespace

void FunctionCheck::check_types(const Instruction* i) const {
    const auto& ops = i->operands;
    const Type* rt = i->type();
    auto expect_type = [&](std::size_t k, const Type* want, const char* role) {
        if (ops[k]->type() != want)
            fail(i, std::string(role) + " has type " + type(ops[k]->type()) + ", expected " + type(want));
    };
    auto texture_operand = [&](bool storage_only) -> const sema::ResourceType* {
        const sema::ResourceType* r = resource_of(ops[0]);
        // A subpass input is read like a texture (texture_load at (0, 0)), never written.
        bool ok = r && (sema::is_texture(r->resource) || sema::is_typed_buffer(r->resource) ||
                        (!storage_only && sema::is_subpass_input(r->resource)));
        if (ok && storage_only) ok = sema::is_storage_texture(r->resource) || r->resource == sema::ResourceKind::RWBuffer;
        if (!ok) {
            fail(i, std::string("operand 0 must point to a ") + (storage_only ? "read-write " : "") +
                        "texture or typed buffer, not " + type(ops[0]->type()));
            return nullptr;
        }
        return r;
    };
    auto sampler_operand = [&](bool comparison) {
        const sema::ResourceType* s = resource_of(ops[1]);
        sema::ResourceKind want =
            comparison ? sema::ResourceKind::SamplerComparisonState : sema::ResourceKind::SamplerState;
        if (!s || s->resource != want)
            fail(i, std::string("operand 1 must point to a ") + (comparison ? "SamplerComparisonState" : "SamplerState"));
    };
    // A sparse sampling or load gives the struct {uint code, texel}.
    auto sparse_result = [&]() {
        const auto* st = rt->as<sema::StructType>();
        if (!st) return;
        if (st->base || st->members.size() != 2 || st->members[0].type != m.types().scalar(sema::ScalarKind::UInt) ||
            !sema::is_basic(st->members[1].type))
            fail(i, "a sparse result is a struct of a uint code and a texel, not " + type(rt));
    };
    auto offsets = [&](std::size_t skip) {
        if (i->immediates.size() > skip + 3) fail(i, "a texel offset has at most 3 components");
    };

    switch (i->opcode) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
    case Opcode::Div:
    case Opcode::Rem:
    case Opcode::BitAnd:
    case Opcode::BitOr:
    case Opcode::BitXor:
    case Opcode::Shl:
    case Opcode::Shr: {
        bool bits = i->opcode >= Opcode::BitAnd;
        if (bits ? !sema::is_integer(ops[0]->type()) : !sema::is_numeric(ops[0]->type()))
            fail(i, std::string("operands must be ") + (bits ? "integer" : "numeric") + ", not " + type(ops[0]->type()));
        expect_type(1, ops[0]->type(), "operand 1");
        if (rt != ops[0]->type()) fail(i, "result type " + type(rt) + " differs from the operands' " + type(ops[0]->type()));
        break;
    }
    case Opcode::Neg:
    case Opcode::BitNot:
    case Opcode::LogicalNot: {
        bool ok = i->opcode == Opcode::Neg      ? sema::is_numeric(ops[0]->type())
                  : i->opcode == Opcode::BitNot ? sema::is_integer(ops[0]->type())
                                                : sema::is_bool(ops[0]->type());
        if (!ok) fail(i, "operand has the wrong kind of type: " + type(ops[0]->type()));
        if (rt != ops[0]->type()) fail(i, "result type " + type(rt) + " differs from the operand's " + type(ops[0]->type()));
        break;
    }
    case Opcode::LogicalAnd:
    case Opcode::LogicalOr:
        if (!sema::is_bool(ops[0]->type())) fail(i, "operands must be bool, not " + type(ops[0]->type()));
        expect_type(1, ops[0]->type(), "operand 1");
        if (rt != ops[0]->type()) fail(i, "result type " + type(rt) + " differs from the operands'");
        break;
    case Opcode::Eq:
    case Opcode::Ne:
    case Opcode::Lt:
    case Opcode::Le:
    case Opcode::Gt:
    case Opcode::Ge: {
        if (!sema::is_basic(ops[0]->type())) fail(i, "cannot compare " + type(ops[0]->type()));
        expect_type(1, ops[0]->type(), "operand 1");
        const Type* want = comparison_result_type(m.types(), ops[0]->type());
        if (want && rt != want) fail(i, "result type " + type(rt) + ", expected " + type(want));
        break;
    }
    case Opcode::Select: {
        const Type* c = ops[0]->type();
        if (!sema::is_bool(c) || !(c->is<sema::ScalarType>() || same_shape(c, rt)))
            fail(i, "condition must be bool or bool of the result's shape, not " + type(c));
        expect_type(1, rt, "operand 1");
        expect_type(2, rt, "operand 2");
        break;
    }
    case Opcode::Convert:
        if (!sema::is_basic(ops[0]->type()) || !sema::is_basic(rt) || !same_shape(ops[0]->type(), rt))
            fail(i, "converts between scalars, vectors or matrices of one shape, not " + type(ops[0]->type()) +
                        " to " + type(rt));
        break;
    case Opcode::BitFieldExtract:
    case Opcode::BitFieldInsert: {
        const auto* base = ops[0]->type()->as<sema::ScalarType>();
        if (!base || !sema::is_integer(base)) fail(i, "the base must be an integer scalar, not " + type(ops[0]->type()));
        if (rt != ops[0]->type()) fail(i, "result type " + type(rt) + " differs from the base's " + type(ops[0]->type()));
        std::size_t at = 1;
        if (i->opcode == Opcode::BitFieldInsert) expect_type(at++, ops[0]->type(), "the field");
        const sema::Type* uint_t = m.types().scalar(sema::ScalarKind::UInt);
        std::optional<std::int64_t> offset = ops[at]->type() == uint_t ? constant_int_value(ops[at]) : std::nullopt;
        std::optional<std::int64_t> count = ops[at + 1]->type() == uint_t ? constant_int_value(ops[at + 1]) : std::nullopt;
        if (!offset || !count) {
            fail(i, "the offset and count must be uint constants");
        } else if (base && (*count < 1 || *offset + *count > base->bits)) {
            fail(i, "the bits " + std::to_string(*offset) + " to " + std::to_string(*offset + *count) +
                        " are not a field of " + type(base));
        }
        break;
    }
    case Opcode::Bitcast: {
        const Type* from = ops[0]->type();
        if (!sema::is_basic(from) || !sema::is_basic(rt) ||
            sema::component_count(from) * sema::bit_width(from) != sema::component_count(rt) * sema::bit_width(rt))
            fail(i, "bitcast needs basic types of the same size, not " + type(from) + " to " + type(rt));
        break;
    }
    case Opcode::CompositeConstruct: {
        if (const auto* v = rt->as<sema::VectorType>()) {
            std::uint32_t total = 0;
            for (const Value* o : ops) {
                if (sema::component_type(o->type()) != v->element || o->type()->is<sema::MatrixType>()) {
                    fail(i, "a " + type(rt) + " is built from " + type(v->element) + " scalars and vectors, not " +
                                type(o->type()));
                    return;
                }
                total += sema::component_count(o->type());
            }
            if (total != v->count) fail(i, "gives " + std::to_string(total) + " components for a " + type(rt));
            break;
        }
        std::size_t count = 0;
        for (std::size_t k = 0; k < ops.size(); ++k) {
            const Type* et = composite_element_type(m.types(), rt, static_cast<std::int64_t>(k));
            if (!et) break;
            ++count;
            if (ops[k]->type() != et->value_type())
                fail(i, "element " + std::to_string(k) + " has type " + type(ops[k]->type()) + ", expected " +
                            type(et->value_type()));
        }
        const auto* arr = rt->as<sema::ArrayType>();
        bool sized = !arr || arr->length != 0;
        if (!sized || count != ops.size() || !composite_element_type(m.types(), rt, 0) ||
            composite_element_type(m.types(), rt, static_cast<std::int64_t>(ops.size())))
            fail(i, "a " + type(rt) + " cannot be built from " + std::to_string(ops.size()) + " elements");
        break;
    }
    case Opcode::CompositeExtract:
    case Opcode::CompositeInsert: {
        const Type* at = composite_path_type(m.types(), ops[0]->type(), i->immediates);
        if (!at || i->immediates.empty()) {
            fail(i, "indices do not lead into " + type(ops[0]->type()));
            break;
        }
        if (i->opcode == Opcode::CompositeExtract && rt != at->value_type())
            fail(i, "result type " + type(rt) + ", expected " + type(at->value_type()));
        if (i->opcode == Opcode::CompositeInsert) {
            expect_type(1, at->value_type(), "the inserted value");
            if (rt != ops[0]->type()) fail(i, "result type must be the composite's");
        }
        break;
    }
    case Opcode::Swizzle:
    case Opcode::VectorShuffle: {
        const auto* v0 = ops[0]->type()->as<sema::VectorType>();
        std::uint32_t available = v0 ? v0->count : 0;
        if (i->opcode == Opcode::VectorShuffle) {
            const auto* v1 = ops[1]->type()->as<sema::VectorType>();
            if (!v0 || !v1 || v0->element != v1->element) {
                fail(i, "operands must be vectors of one component type");
                break;
            }
            available += v1->count;
        } else if (!v0) {
            fail(i, "operand must be a vector, not " + type(ops[0]->type()));
            break;
        }
        for (std::int64_t c : i->immediates)
            if (c < 0 || c >= available) fail(i, "component " + std::to_string(c) + " is out of range");
        std::size_t n_out = i->immediates.size();
        const Type* want = n_out == 1 && i->opcode == Opcode::Swizzle
                               ? static_cast<const Type*>(v0->element)
                               : (n_out >= 1 && n_out <= 4 ? m.types().vector(v0->element, std::uint32_t(n_out)) : nullptr);
        if (!want) fail(i, "selects " + std::to_string(n_out) + " components; 1 to 4 are possible");
        else if (rt != want) fail(i, "result type " + type(rt) + ", expected " + type(want));
        break;
    }
    case Opcode::Splat: {
        const auto* v = rt->as<sema::VectorType>();
        if (!v || ops[0]->type() != v->element)
            fail(i, "splats a scalar into a vector of it, not " + type(ops[0]->type()) + " into " + type(rt));
        break;
    }
    case Opcode::MatMul: {
        const Type* want = matmul_result_type(m.types(), ops[0]->type(), ops[1]->type());
        if (!want) fail(i, "cannot multiply " + type(ops[0]->type()) + " by " + type(ops[1]->type()));
        else if (rt != want) fail(i, "result type " + type(rt) + ", expected " + type(want));
        break;
    }
    case Opcode::Alloca: {
        const auto* p = rt->as<sema::PointerType>();
        if (!p || p->space != sema::AddressSpace::Function) fail(i, "result must be a pointer in function space");
        else if (!pointers_are_resource_refs(p->pointee))
            fail(i, "pointers cannot be stored in memory (only resource references, until legalize_resources)");
        break;
    }
    case Opcode::Load: {
        const auto* p = pointer_of(ops[0]);
        if (!p) fail(i, "loads through a pointer, not " + type(ops[0]->type()));
        else if (rt != p->pointee->value_type()) fail(i, "result type " + type(rt) + ", expected " + type(p->pointee->value_type()));
        break;
    }
    case Opcode::Store: {
        const auto* p = pointer_of(ops[0]);
        if (!p) {
            fail(i, "stores through a pointer, not " + type(ops[0]->type()));
            break;
        }
        if (p->space == sema::AddressSpace::Input || p->space == sema::AddressSpace::Uniform ||
            p->space == sema::AddressSpace::UniformConstant || p->space == sema::AddressSpace::PushConstant)
            fail(i, "cannot store to read-only memory (" + type(p) + ")");
        expect_type(1, p->pointee->value_type(), "the stored value");
        break;
    }
    case Opcode::AccessChain: {
        const auto* p = pointer_of(ops[0]);
        if (!p) {
            fail(i, "the base must be a pointer, not " + type(ops[0]->type()));
            break;
        }
        const Type* t = p->pointee;
        for (std::size_t k = 1; k < ops.size(); ++k) {
            const Type* next = access_chain_step(m.types(), t, ops[k], k == 1);
            if (!next) {
                fail(i, "index " + std::to_string(k - 1) + " (" + n.value(ops[k]) + ") does not select into " + type(t));
                return;
            }
            t = next;
        }
        const Type* want = m.types().pointer(p->space, t);
        if (rt != want) fail(i, "result type " + type(rt) + ", expected " + type(want));
        break;
    }
    case Opcode::CounterOf: {
        const auto* p = pointer_of(ops[0]);
        const auto* r = p ? p->pointee->as<sema::ResourceType>() : nullptr;
        if (!r || !sema::is_structured_buffer(r->resource))
            fail(i, "takes a pointer to a structured buffer, not " + type(ops[0]->type()));
        const auto* rp = rt ? rt->as<sema::PointerType>() : nullptr;
        const auto* rr = rp ? rp->pointee->as<sema::ResourceType>() : nullptr;
        if (!rp || rp->space != sema::AddressSpace::StorageBuffer || !rr ||
            rr->resource != sema::ResourceKind::RWByteAddressBuffer)
            fail(i, "result type " + type(rt) + ", expected a storage pointer to RWByteAddressBuffer");
        break;
    }
    case Opcode::Call: {
        const Function* callee = i->callee;
        if (!callee) {
            fail(i, "no callee");
            break;
        }
        bool in_module = false;
        for (const Function* g : m.functions) in_module = in_module || g == callee;
        if (!in_module) {
            fail(i, "the callee is not in the module");
            break;
        }
        if (ops.size() != callee->arguments.size()) {
            fail(i, "passes " + std::to_string(ops.size()) + " arguments to @" + std::string(callee->name) +
                        ", which takes " + std::to_string(callee->arguments.size()));
            break;
        }
        for (std::size_t k = 0; k < ops.size(); ++k)
            if (ops[k]->type() != callee->arguments[k]->type())
                fail(i, "argument " + std::to_string(k) + " has type " + type(ops[k]->type()) + ", expected " +
                            type(callee->arguments[k]->type()));
        if (rt != callee->result_type) fail(i, "result type " + type(rt) + ", expected " + type(callee->result_type));
        break;
    }
    case Opcode::CallIntrinsic:
        if (i->intrinsic == intrinsics::Id::None || i->intrinsic >= intrinsics::Id::Count)
            fail(i, "no intrinsic");
        else if (!intrinsics::survives_lowering(i->intrinsic))
            // The backends' tables have no row for these: the lowering writes them as other
            // instructions (mul, select, barriers, atomics...) or they are refused before it.
            fail(i, "'" + std::string(intrinsics::name(i->intrinsic)) + "' is never a call in the IR");
        else if (i->intrinsic == intrinsics::Id::Printf &&
                 (i->immediates.size() != 1 || i->immediates[0] < 0 ||
                  std::size_t(i->immediates[0]) >= m.strings().size()))
            fail(i, "printf names no module string as its format");
        break;
    case Opcode::TextureSample:
    case Opcode::TextureSampleBias:
    case Opcode::TextureSampleLevel:
    case Opcode::TextureSampleGrad:
    case Opcode::TextureSampleCompare:
    case Opcode::TextureSampleCompareLevelZero:
    case Opcode::TextureGather:
    case Opcode::TextureGatherCompare:
    case Opcode::TextureQueryLod: {
        const sema::ResourceType* r = texture_operand(false);
        if (r && !sema::is_texture(r->resource)) fail(i, "samples a texture, not a buffer");
        bool cmp = i->opcode == Opcode::TextureSampleCompare || i->opcode == Opcode::TextureSampleCompareLevelZero ||
                   i->opcode == Opcode::TextureGatherCompare;
        // CalculateLevelOfDetail takes either sampler (HLSL has both overloads); the level of
        // detail does not depend on the comparison.
        const sema::ResourceType* s = resource_of(ops[1]);
        if (i->opcode == Opcode::TextureQueryLod && s && s->resource == sema::ResourceKind::SamplerComparisonState)
            cmp = true;
        sampler_operand(cmp);
        if (!sema::is_float(ops[2]->type())) fail(i, "the coordinate must be float, not " + type(ops[2]->type()));
        std::size_t fixed = i->opcode == Opcode::TextureSampleGrad                                 ? 5
                            : i->opcode == Opcode::TextureSample || i->opcode == Opcode::TextureGather ||
                                      i->opcode == Opcode::TextureQueryLod
                                ? 3
                                : 4;
        if (ops.size() > fixed && ops[fixed]->type() != m.types().scalar(sema::ScalarKind::Float))
            fail(i, "the level-of-detail clamp must be a float, not " + type(ops[fixed]->type()));
        sparse_result();
        if (i->opcode == Opcode::TextureGather) {
            if (i->immediates.empty() || i->immediates[0] < 0 || i->immediates[0] > 3)
                fail(i, "a gather's component is 0 to 3");
            offsets(1);
        } else {
            offsets(0);
        }
        break;
    }
    case Opcode::TextureLoad:
        texture_operand(false);
        sparse_result();
        if (!sema::is_integer(ops[1]->type())) fail(i, "the coordinate must be integer, not " + type(ops[1]->type()));
        offsets(0);
        break;
    case Opcode::TextureStore:
        texture_operand(true);
        if (!sema::is_integer(ops[1]->type())) fail(i, "the coordinate must be integer, not " + type(ops[1]->type()));
        break;
    case Opcode::TextureQuerySize:
    case Opcode::TextureQueryLevels:
    case Opcode::TextureQuerySamples:
        texture_operand(false);
        if (!sema::is_integer(rt)) fail(i, "a texture query gives integers, not " + type(rt));
        break;
    case Opcode::ByteAddressLoad:
    case Opcode::ByteAddressStore: {
        const sema::ResourceType* r = resource_of(ops[0]);
        bool store = i->opcode == Opcode::ByteAddressStore;
        if (!r || !sema::is_byte_address_buffer(r->resource) ||
            (store && r->resource != sema::ResourceKind::RWByteAddressBuffer))
            fail(i, std::string("operand 0 must point to a ") + (store ? "RWByteAddressBuffer" : "byte-address buffer"));
        if (!is_int_scalar(ops[1]->type())) fail(i, "the byte offset must be an integer scalar");
        break;
    }
    case Opcode::BufferLength: {
        const sema::ResourceType* r = resource_of(ops[0]);
        if (!r || !(sema::is_structured_buffer(r->resource) || sema::is_byte_address_buffer(r->resource)))
            fail(i, "operand must point to a structured or byte-address buffer");
        if (rt != m.types().scalar(sema::ScalarKind::UInt)) fail(i, "result must be uint");
        break;
    }
    case Opcode::AtomicRmw:
    case Opcode::AtomicCompareExchange: {
        if (i->opcode == Opcode::AtomicRmw &&
            (i->immediates.size() != 1 || i->immediates[0] < 0 || i->immediates[0] > std::int64_t(AtomicOp::Exchange)))
            fail(i, "needs one atomic operation");
        std::size_t values = i->opcode == Opcode::AtomicRmw ? 1 : 2;
        bool on_texture = ops.size() == values + 2;
        const Type* target = nullptr;
        if (on_texture) {
            const sema::ResourceType* r = texture_operand(true);
            if (r && r->element) target = r->element;
            if (!sema::is_integer(ops[1]->type())) fail(i, "the coordinate must be integer");
        } else if (const auto* p = pointer_of(ops[0])) {
            if (p->space != sema::AddressSpace::Workgroup && p->space != sema::AddressSpace::StorageBuffer)
                fail(i, "atomics work on workgroup or storage memory, not " + type(p));
            target = p->pointee;
        } else {
            fail(i, "operand 0 must be a pointer");
        }
        // SM 6.6 adds one float atomic: the exchange of a 32-bit float.
        bool float_exchange = target && i->opcode == Opcode::AtomicRmw &&
                              i->immediates.size() == 1 && i->immediates[0] == std::int64_t(AtomicOp::Exchange) &&
                              target->value_type() == m.types().scalar(sema::ScalarKind::Float);
        if (target && !is_int_scalar(target) && !float_exchange)
            fail(i, "atomics work on integer scalars (and exchange on float), not " + type(target));
        for (std::size_t k = ops.size() - values; k < ops.size(); ++k) expect_type(k, rt, "a value");
        // A signed min/max on a uint word (a byte-address buffer's) compares the word as an int.
        bool signed_on_word = target && i->opcode == Opcode::AtomicRmw && i->immediates.size() == 1 &&
                              (i->immediates[0] == std::int64_t(AtomicOp::Min) ||
                               i->immediates[0] == std::int64_t(AtomicOp::Max)) &&
                              target->value_type() == m.types().scalar(sema::ScalarKind::UInt) &&
                              rt == m.types().scalar(sema::ScalarKind::Int);
        if (target && rt != target->value_type() && !signed_on_word)
            fail(i, "result type " + type(rt) + ", expected " + type(target));
        break;
    }
    case Opcode::Barrier:
        if (i->immediates.size() != 1 || i->immediates[0] <= 0 || i->immediates[0] > kBarrierAllFlags)
            fail(i, "needs barrier flags");
        break;
    case Opcode::NonUniformIndex:
        if (!is_int_scalar(ops[0]->type())) fail(i, "the index must be an integer scalar");
        if (rt != ops[0]->type()) fail(i, "result type must be the index's");
        break;
    case Opcode::Phi:
        for (std::size_t k = 0; k < ops.size(); ++k)
            if (ops[k]->type() != rt)
                fail(i, "incoming value " + std::to_string(k) + " has type " + type(ops[k]->type()) + ", expected " + type(rt));
        break;
    case Opcode::CondBranch:
        if (!is_bool_scalar(ops[0]->type())) fail(i, "the condition must be a bool scalar, not " + type(ops[0]->type()));
        break;
    case Opcode::Switch: {
        const Type* st = ops[0]->type();
        if (!is_int_scalar(st)) {
            fail(i, "the selector must be an integer scalar, not " + type(st));
            break;
        }
        // Sorted, so that a switch of thousands of cases is checked in n log n, not n^2.
        std::vector<std::int64_t> values(i->immediates.begin(), i->immediates.end());
        std::sort(values.begin(), values.end());
        for (std::size_t k = 1; k < values.size(); ++k)
            if (values[k] == values[k - 1] && (k < 2 || values[k - 2] != values[k]))
                fail(i, "case " + std::to_string(values[k]) + " appears twice");
        break;
    }
    case Opcode::Return:
        if (f.result_type->kind() == sema::TypeKind::Void) {
            if (!ops.empty()) fail(i, "@" + std::string(f.name) + " returns void");
        } else if (ops.empty()) {
            fail(i, "@" + std::string(f.name) + " returns " + type(f.result_type));
        } else {
            expect_type(0, f.result_type, "the returned value");
        }
        break;
    case Opcode::Branch:
    case Opcode::Kill:
    case Opcode::Unreachable:
    case Opcode::InterlockBegin:
    case Opcode::InterlockEnd:
        break;
    }
}

}  // namespace oneshader::ir::verify_detail
