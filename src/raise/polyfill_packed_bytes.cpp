// polyfill_pack, polyfill_unpack, polyfill_dot4add, polyfill_msad4
// Rewrites the intrinsics that read or write four bytes packed in a uint into shifts, masks and
// 32-bit integer arithmetic on each byte, by their HLSL definitions:
//   pack_u8/pack_s8(v)      the low 8 bits of each component, x in the lowest byte;
//   pack_clamp_u8/_s8(v)    each signed component clamped to [0, 255] / [-128, 127] first;
//   unpack_u8u32/u8u16(p)   each byte zero-extended; unpack_s8s32/s8s16(p) sign-extended;
//   dot4add_u8packed(a, b, acc), dot4add_i8packed   acc + the sum of the four byte products
//                                                   (bytes unsigned / signed);
//   msad4(ref, src, accum)  for each k of 4, accum[k] + the sum over the bytes i of ref that
//                           are not 0 of |ref.byte[i] - window_k.byte[i]|, window_k the 4 bytes of
//                           the 64-bit src.x | src.y << 32 starting at byte k.
// Requires: a valid module (the operand types of intrinsics.def). For targets with no
//   instruction for them: MSL and WGSL all four, SPIR-V pack, unpack and msad4 (DXC's SPIR-V
//   for pack/unpack converts to 8-bit vectors, which needs the Int8 capability and the shaderInt8
//   feature; these shifts need neither and compute the same bits).
// Preserves: %r (its name and users), the value computed.
#include <array>
#include <utility>

#include "ir/builder.hpp"
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"
#include "types/types_query.hpp"

namespace oneshader::raise {

namespace {

using intrinsics::Id;

struct Bytes {
    ir::Module& module;
    ir::Builder& b;

    const sema::ScalarType* uint_type() const { return module.types().scalar(sema::ScalarKind::UInt); }
    const sema::ScalarType* int_type() const { return module.types().scalar(sema::ScalarKind::Int); }
    ir::Value* u(std::uint32_t v) const { return module.uint_constant(v); }
    ir::Value* i(std::int32_t v) const { return module.int_constant(v); }

    // Byte k of the uint `p`, zero-extended to uint.
    ir::Value* ubyte(ir::Value* p, std::uint32_t k) const {
        ir::Value* shifted = k == 0 ? p : b.binary(ir::Opcode::Shr, p, u(8 * k));
        return b.binary(ir::Opcode::BitAnd, shifted, u(0xff));
    }
    // Byte k of the uint `p`, sign-extended to int: moved to the top, then shifted back
    // arithmetically.
    ir::Value* sbyte(ir::Value* p, std::uint32_t k) const {
        ir::Value* top = k == 3 ? p : b.binary(ir::Opcode::Shl, p, u(8 * (3 - k)));
        return b.binary(ir::Opcode::Shr, b.bitcast(top, int_type()), i(24));
    }
    // The low 8 bits of parts[k] (each a uint) moved to byte k: the bytes 0 to 2 or-ed, and byte 3,
    // which the caller or-s in as the call's own instruction.
    std::pair<ir::Value*, ir::Value*> pack(std::span<ir::Value* const> parts) const {
        ir::Value* low = nullptr;
        ir::Value* top = nullptr;
        for (std::uint32_t k = 0; k < 4; ++k) {
            ir::Value* byte = k == 3 ? parts[k] : b.binary(ir::Opcode::BitAnd, parts[k], u(0xff));
            if (k) byte = b.binary(ir::Opcode::Shl, byte, u(8 * k));
            if (k == 3) top = byte;
            else low = low ? b.binary(ir::Opcode::BitOr, low, byte) : byte;
        }
        return {low, top};
    }
    ir::Value* clamp(ir::Value* x, std::int32_t lo, std::int32_t hi) const {
        ir::Value* max_args[] = {x, i(lo)};
        ir::Value* low = b.intrinsic(Id::Max, int_type(), max_args);
        ir::Value* min_args[] = {low, i(hi)};
        return b.intrinsic(Id::Min, int_type(), min_args);
    }
};

// The four components of a 4-vector as 32-bit values of the component's signedness.
std::array<ir::Value*, 4> widened_components(const Bytes& by, ir::Value* v) {
    std::array<ir::Value*, 4> out{};
    const sema::ScalarType* c = sema::component_type(v->type());
    bool s = c && sema::is_signed(c);
    for (std::int64_t k = 0; k < 4; ++k) {
        ir::Value* x = by.b.extract(v, {k});
        if (c && c->bits != 32) x = by.b.convert(x, s ? by.int_type() : by.uint_type());
        out[std::size_t(k)] = x;
    }
    return out;
}

}  // namespace

TransformResult polyfill_pack(ir::Module& module) {
    TransformResult result;
    ir::Builder b(module);
    b.defer_insertions();  // one pass over each block, however many calls it holds
    Bytes by{module, b};
    for (Id id : {Id::PackU8, Id::PackS8, Id::PackClampU8, Id::PackClampS8}) {
        for (ir::Instruction* call : calls_of(module, id)) {
            if (call->operands.size() != 1 || sema::component_count(call->operands[0]->type()) != 4) continue;
            b.set_insert_before(call);
            std::array<ir::Value*, 4> parts = widened_components(by, call->operands[0]);
            for (ir::Value*& p : parts) {
                if (id == Id::PackClampU8) p = by.clamp(p, 0, 255);
                if (id == Id::PackClampS8) p = by.clamp(p, -128, 127);
                if (sema::is_signed(p->type())) p = b.bitcast(p, by.uint_type());
            }
            auto [low, top] = by.pack(parts);
            result.changed = true;
            rewrite_as(call, ir::Opcode::BitOr, {low, top});
        }
    }
    b.place_deferred();
    return result;
}

TransformResult polyfill_unpack(ir::Module& module) {
    TransformResult result;
    ir::Builder b(module);
    b.defer_insertions();  // one pass over each block, however many calls it holds
    Bytes by{module, b};
    for (Id id : {Id::UnpackU8U32, Id::UnpackU8U16, Id::UnpackS8S32, Id::UnpackS8S16}) {
        for (ir::Instruction* call : calls_of(module, id)) {
            const sema::ScalarType* c = sema::component_type(call->type());
            if (call->operands.size() != 1 || !c) continue;
            b.set_insert_before(call);
            bool s = id == Id::UnpackS8S32 || id == Id::UnpackS8S16;
            ir::Value* p = call->operands[0];
            std::array<ir::Value*, 4> parts{};
            for (std::uint32_t k = 0; k < 4; ++k) {
                ir::Value* byte = s ? by.sbyte(p, k) : by.ubyte(p, k);
                parts[k] = byte->type() == c ? byte : b.convert(byte, c);
            }
            result.changed = true;
            rewrite_as(call, ir::Opcode::CompositeConstruct, {parts[0], parts[1], parts[2], parts[3]});
        }
    }
    b.place_deferred();
    return result;
}

TransformResult polyfill_dot4add(ir::Module& module) {
    TransformResult result;
    ir::Builder b(module);
    b.defer_insertions();  // one pass over each block, however many calls it holds
    Bytes by{module, b};
    for (Id id : {Id::Dot4AddU8Packed, Id::Dot4AddI8Packed}) {
        bool s = id == Id::Dot4AddI8Packed;
        for (ir::Instruction* call : calls_of(module, id)) {
            if (call->operands.size() != 3) continue;
            b.set_insert_before(call);
            ir::Value* sum = nullptr;
            for (std::uint32_t k = 0; k < 4; ++k) {
                ir::Value* x = s ? by.sbyte(call->operands[0], k) : by.ubyte(call->operands[0], k);
                ir::Value* y = s ? by.sbyte(call->operands[1], k) : by.ubyte(call->operands[1], k);
                ir::Value* product = b.mul(x, y);
                sum = sum ? b.add(sum, product) : product;
            }
            result.changed = true;
            rewrite_as(call, ir::Opcode::Add, {sum, call->operands[2]});
        }
    }
    b.place_deferred();
    return result;
}

TransformResult polyfill_msad4(ir::Module& module) {
    TransformResult result;
    ir::Builder b(module);
    b.defer_insertions();  // one pass over each block, however many calls it holds
    Bytes by{module, b};
    for (ir::Instruction* call : calls_of(module, Id::Msad4)) {
        if (call->operands.size() != 3) continue;
        b.set_insert_before(call);
        ir::Value* ref = call->operands[0];
        ir::Value* lo = b.extract(call->operands[1], {0});
        ir::Value* hi = b.extract(call->operands[1], {1});
        std::array<ir::Value*, 4> ref_bytes{};
        std::array<ir::Value*, 4> ref_zero{};
        for (std::uint32_t k = 0; k < 4; ++k) {
            ref_bytes[k] = b.bitcast(by.ubyte(ref, k), by.int_type());
            ref_zero[k] = b.compare(ir::Opcode::Eq, ref_bytes[k], by.i(0));
        }
        std::array<ir::Value*, 4> sums{};
        for (std::uint32_t w = 0; w < 4; ++w) {
            // The window of 4 bytes starting at byte w of src.x | src.y << 32.
            ir::Value* window = lo;
            if (w) {
                // One statement per instruction: a call's arguments run in an unspecified order.
                ir::Value* low_part = b.binary(ir::Opcode::Shr, lo, by.u(8 * w));
                ir::Value* high_part = b.binary(ir::Opcode::Shl, hi, by.u(32 - 8 * w));
                window = b.binary(ir::Opcode::BitOr, low_part, high_part);
            }
            ir::Value* sum = b.extract(call->operands[2], {std::int64_t(w)});
            for (std::uint32_t k = 0; k < 4; ++k) {
                ir::Value* diff = b.sub(ref_bytes[k], b.bitcast(by.ubyte(window, k), by.int_type()));
                ir::Value* abs_args[] = {diff};
                ir::Value* distance = b.bitcast(b.intrinsic(Id::Abs, by.int_type(), abs_args), by.uint_type());
                sum = b.add(sum, b.select(ref_zero[k], by.u(0), distance));
            }
            sums[w] = sum;
        }
        result.changed = true;
        rewrite_as(call, ir::Opcode::CompositeConstruct, {sums[0], sums[1], sums[2], sums[3]});
    }
    b.place_deferred();
    return result;
}

}  // namespace oneshader::raise
