// polyfill_bitfields, polyfill_wide_bitfields
// Rewrites: `%r = bitfield_extract %base, o, c : T` and `%r = bitfield_insert %base, %field, o, c : T`
//   (HLSL 2021 struct bit fields, T an integer scalar of N bits, o and c uint constants) into shifts
//   and masks in T:
//     extract, unsigned T   (%base >> o) & (2^c - 1)
//     extract, signed T     (%base << (N - o - c)) >> (N - c), an arithmetic shift: the sign extends
//     insert                (%base & ~((2^c - 1) << o)) | ((%field & (2^c - 1)) << o)
//   leaving out shifts by 0; a field of all N bits is `%base & ~0` (extract) or `%field & ~0` (insert).
//   polyfill_bitfields rewrites every one (MSL and WGSL print integer operations on the unit);
//   polyfill_wide_bitfields only those of a T that is not 32 bits wide (SPIR-V keeps
//   OpBitFieldUExtract/SExtract/Insert, as DXC writes them, but Vulkan takes only 32-bit bases).
// Requires: a valid module (the verifier's rule for the two opcodes).
// Preserves: %r (its name and users), the value computed.
#include <cstdint>
#include <optional>
#include <vector>

#include "ir/builder.hpp"
#include "ir/type_rules.hpp"
#include "raise/calls.hpp"
#include "raise/polyfills.hpp"
#include "types/types_query.hpp"

namespace oneshader::raise {

namespace {

// The bits of a scalar integer constant (a zero constant included); nothing for other values.
std::optional<std::uint64_t> known_bits(const ir::Value* v) {
    const auto* c = v->as<ir::Constant>();
    if (!c || !v->type()->is<sema::ScalarType>()) return std::nullopt;
    if (c->constant_kind == ir::ConstantKind::Zero) return 0;
    if (c->constant_kind == ir::ConstantKind::Scalar) return c->bits;
    return std::nullopt;
}

// Whether the variant rewrites `i`: a bit field extract or insert (of a width other than 32 bits).
bool rewritten(const ir::Instruction* i, bool wide_only) {
    if (i->opcode != ir::Opcode::BitFieldExtract && i->opcode != ir::Opcode::BitFieldInsert) return false;
    const auto* t = i->type()->as<sema::ScalarType>();
    return t && !(wide_only && t->bits == 32);
}

bool idle(const ir::Module& module, bool wide_only) {
    for (const ir::Function* f : module.functions)
        for (const ir::Block* b : f->blocks)
            for (const ir::Instruction* i : b->instructions)
                if (rewritten(i, wide_only)) return false;
    return true;
}

TransformResult polyfill(ir::Module& module, bool wide_only) {
    TransformResult result;
    std::vector<ir::Instruction*> found;
    for (ir::Function* f : module.functions)
        for (ir::Block* b : f->blocks)
            for (ir::Instruction* i : b->instructions)
                if (rewritten(i, wide_only)) found.push_back(i);
    ir::Builder b(module);
    b.defer_insertions();  // one pass over each block, however many calls it holds
    for (ir::Instruction* i : found) {
        const auto* t = i->type()->as<sema::ScalarType>();
        bool insert = i->opcode == ir::Opcode::BitFieldInsert;
        std::optional<std::int64_t> offset = ir::constant_int_value(i->operands[insert ? 2 : 1]);
        std::optional<std::int64_t> count = ir::constant_int_value(i->operands[insert ? 3 : 2]);
        if (!offset || !count) continue;  // the verifier's rule says they are constants
        const std::uint32_t n = t->bits, o = std::uint32_t(*offset), c = std::uint32_t(*count);
        auto k = [&](std::uint64_t bits) { return module.scalar_constant(t, bits); };
        const std::uint64_t mask = c >= 64 ? ~0ull : (1ull << c) - 1;
        ir::Value* base = i->operands[0];
        b.set_insert_before(i);
        result.changed = true;
        if (c == n) {
            rewrite_as(i, ir::Opcode::BitAnd, {insert ? i->operands[1] : base, k(~0ull)});
            continue;
        }
        if (insert) {
            // A constant field (the usual `s.a = 3;`) or base is masked and shifted here.
            ir::Value* field = nullptr;
            if (std::optional<std::uint64_t> f = known_bits(i->operands[1])) {
                field = k((*f & mask) << o);
            } else {
                field = b.binary(ir::Opcode::BitAnd, i->operands[1], k(mask));
                if (o) field = b.binary(ir::Opcode::Shl, field, k(o));
            }
            std::optional<std::uint64_t> known_base = known_bits(base);
            ir::Value* kept = known_base ? static_cast<ir::Value*>(k(*known_base & ~(mask << o)))
                                         : b.binary(ir::Opcode::BitAnd, base, k(~(mask << o)));
            rewrite_as(i, ir::Opcode::BitOr, {kept, field});
        } else if (sema::is_signed_kind(t->scalar)) {
            ir::Value* up = n - o - c ? b.binary(ir::Opcode::Shl, base, k(n - o - c)) : base;
            rewrite_as(i, ir::Opcode::Shr, {up, k(n - c)});
        } else {
            ir::Value* down = o ? b.binary(ir::Opcode::Shr, base, k(o)) : base;
            rewrite_as(i, ir::Opcode::BitAnd, {down, k(mask)});
        }
    }
    b.place_deferred();
    return result;
}

}  // namespace

TransformResult polyfill_bitfields(ir::Module& module) { return polyfill(module, false); }

TransformResult polyfill_wide_bitfields(ir::Module& module) { return polyfill(module, true); }

bool polyfill_bitfields_idle(const ir::Module& module) { return idle(module, false); }

bool polyfill_wide_bitfields_idle(const ir::Module& module) { return idle(module, true); }

}  // namespace oneshader::raise
