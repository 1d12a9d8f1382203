// Byte-address `Load<T>`/`Store<T>` of any T, as DXC lays it out: a byte-address buffer is a
// runtime array of 32-bit words, so every scalar of T is assembled from (or split into) words.
//
// T sits where sema::byte_address_placement (types/byte_address_layout.hpp) puts it. A 32-bit
// scalar is one word; a 64-bit scalar two words, low word first; a 16-bit scalar half a word, the
// low half at even multiples of two bytes.
//
// One difference from DXC, on purpose: DXC picks a 16-bit value's half from the offset within T only
// (so `Load<half>(2)` reads the low half of word 0) and stores a 16-bit value by writing its whole
// word. Here the half comes from the whole address, and a 16-bit store keeps the other half of the
// word (read, mask, or, write; not atomic, like any byte-address store).
#include "spirv/byte_address.hpp"

#include <algorithm>
#include <optional>

#include "ir/type_rules.hpp"
#include "types/byte_address_layout.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {

using spv::Op;

namespace {

std::uint32_t round_up(std::uint32_t v, std::uint32_t a) { return a ? (v + a - 1) / a * a : v; }
std::uint32_t placed_size(const sema::Type* t) { return sema::byte_address_placement(t).size; }

// One Load<T> or Store<T>: the buffer, the address, and the recursion over T.
class ByteAccess {
public:
    ByteAccess(Emitter& e, Id buffer, bool nonuniform, const ir::Value* address)
        : e_(e), buffer_(buffer), nonuniform_(nonuniform), uint_(e.type_int(32, false)),
          word_pointer_(e.type_pointer(e.storage_buffer_class(), uint_)) {
        if (auto c = ir::constant_int_value(address)) known_ = static_cast<std::uint32_t>(*c);
        else address_ = e.value(address);
        if (!known_) first_ = e_.op_result(Op::OpShiftRightLogical, uint_, {address_, e_.constant_u32(2)});
    }

    Id load(const sema::Type* t, std::uint32_t offset) {
        t = t->value_type();
        if (const auto* s = t->as<sema::ScalarType>()) return load_scalar(s, offset);
        if (const auto* v = t->as<sema::VectorType>()) {
            Operands parts;
            for (std::uint32_t k = 0; k < v->count; ++k) parts.push_back(load_scalar(v->element, offset + k * bytes(v->element)));
            return e_.op_result(Op::OpCompositeConstruct, e_.value_type(t), parts);
        }
        if (const auto* m = t->as<sema::MatrixType>()) return load_matrix(m, offset);
        if (const auto* a = t->as<sema::ArrayType>()) {
            std::uint32_t stride = placed_size(a->element);
            Operands parts;
            for (std::uint32_t k = 0; k < a->length; ++k) parts.push_back(load(a->element, offset + k * stride));
            return e_.op_result(Op::OpCompositeConstruct, e_.value_type(t), parts);
        }
        if (const auto* st = t->as<sema::StructType>()) {
            Operands parts;
            for_each_member(st, offset, [&](const sema::Type* m, std::uint32_t at) { parts.push_back(load(m, at)); });
            return e_.op_result(Op::OpCompositeConstruct, e_.value_type(t), parts);
        }
        e_.fail(support::DiagCode::spirv_malformed_input, "a byte-address load of a type with no memory layout");
        return 0;
    }

    void store(const sema::Type* t, std::uint32_t offset, Id v) {
        t = t->value_type();
        if (const auto* s = t->as<sema::ScalarType>()) return store_scalar(s, offset, v);
        if (const auto* vt = t->as<sema::VectorType>()) {
            Id component = e_.type_scalar(vt->element);
            for (std::uint32_t k = 0; k < vt->count; ++k)
                store_scalar(vt->element, offset + k * bytes(vt->element),
                             e_.op_result(Op::OpCompositeExtract, component, {v, k}));
            return;
        }
        if (const auto* m = t->as<sema::MatrixType>()) return store_matrix(m, offset, v);
        if (const auto* a = t->as<sema::ArrayType>()) {
            std::uint32_t stride = placed_size(a->element);
            Id element = e_.value_type(a->element);
            for (std::uint32_t k = 0; k < a->length; ++k)
                store(a->element, offset + k * stride, e_.op_result(Op::OpCompositeExtract, element, {v, k}));
            return;
        }
        if (const auto* st = t->as<sema::StructType>()) {
            std::uint32_t index = 0;
            for_each_member(st, offset, [&](const sema::Type* m, std::uint32_t at) {
                store(m, at, e_.op_result(Op::OpCompositeExtract, e_.value_type(m), {v, index++}));
            });
            return;
        }
        e_.fail(support::DiagCode::spirv_malformed_input, "a byte-address store of a type with no memory layout");
    }

private:
    static std::uint32_t bytes(const sema::ScalarType* s) { return s->bits / 8u; }

    template <class F>
    void for_each_member(const sema::StructType* st, std::uint32_t offset, F&& f) {
        std::uint32_t at = 0;
        auto visit = [&](const sema::Type* m) {
            sema::ByteAddressPlacement p = sema::byte_address_placement(m);
            at = round_up(at, p.align);
            f(m, offset + at);
            at += p.size;
        };
        if (st->base) visit(st->base);
        for (const sema::StructMember& m : st->members) visit(m.type);
    }

    // HLSL element (i, j) of an R x C matrix is scalar j * R + i: DXC stores matrices by columns.
    Id load_matrix(const sema::MatrixType* m, std::uint32_t offset) {
        std::uint32_t e = bytes(m->element);
        auto at = [&](std::uint32_t i, std::uint32_t j) { return offset + (j * m->rows + i) * e; };
        Operands rows;
        if (m->rows == 1 || m->cols == 1) {  // a vector in SPIR-V, components in row order
            for (std::uint32_t i = 0; i < m->rows; ++i)
                for (std::uint32_t j = 0; j < m->cols; ++j) rows.push_back(load_scalar(m->element, at(i, j)));
            return e_.op_result(Op::OpCompositeConstruct, e_.value_type(m), rows);
        }
        Id row_type = e_.type_vector(e_.type_scalar(m->element), m->cols);
        for (std::uint32_t i = 0; i < m->rows; ++i) {
            Operands row;
            for (std::uint32_t j = 0; j < m->cols; ++j) row.push_back(load_scalar(m->element, at(i, j)));
            rows.push_back(e_.op_result(Op::OpCompositeConstruct, row_type, row));
        }
        return e_.op_result(Op::OpCompositeConstruct, e_.value_type(m), rows);
    }

    void store_matrix(const sema::MatrixType* m, std::uint32_t offset, Id v) {
        std::uint32_t e = bytes(m->element);
        Id component = e_.type_scalar(m->element);
        bool flat = m->rows == 1 || m->cols == 1;
        for (std::uint32_t j = 0; j < m->cols; ++j)
            for (std::uint32_t i = 0; i < m->rows; ++i) {
                Id x = flat ? e_.op_result(Op::OpCompositeExtract, component, {v, i * m->cols + j})
                            : e_.op_result(Op::OpCompositeExtract, component, {v, i, j});
                store_scalar(m->element, offset + (j * m->rows + i) * e, x);
            }
    }

    // The byte address `offset` bytes past the access's address.
    Id address_plus(std::uint32_t offset) {
        if (known_) return e_.constant_u32(*known_ + offset);
        return offset == 0 ? address_ : e_.op_result(Op::OpIAdd, uint_, {address_, e_.constant_u32(offset)});
    }

    // A pointer to the word holding byte `offset` of a 4-byte-aligned piece.
    Id word(std::uint32_t offset) {
        Id index = known_          ? e_.constant_u32((*known_ + offset) / 4)
                   : offset < 4    ? first_
                                   : e_.op_result(Op::OpIAdd, uint_, {first_, e_.constant_u32(offset / 4)});
        return word_at(index);
    }

    // A word loaded through a non-uniformly chosen buffer is non-uniform too (DXC decorates the load).
    Id load(Id ptr) {
        Id w = e_.op_result(Op::OpLoad, uint_, {ptr});
        if (nonuniform_) e_.decorate(w, spv::Decoration::NonUniform);
        return w;
    }

    Id word_at(Id index) {
        Id ptr = e_.op_result(Op::OpAccessChain, word_pointer_, {buffer_, e_.constant_u32(0), index});
        if (nonuniform_) e_.decorate(ptr, spv::Decoration::NonUniform);
        return ptr;
    }

    // The word and the shift of the 16-bit value at `offset`: its half follows the whole address.
    std::pair<Id, Id> half(std::uint32_t offset) {
        if (known_) {
            std::uint32_t a = *known_ + offset;
            return {word_at(e_.constant_u32(a / 4)), e_.constant_u32((a & 2u) * 8u)};
        }
        Id a = address_plus(offset);
        Id index = e_.op_result(Op::OpShiftRightLogical, uint_, {a, e_.constant_u32(2)});
        Id shift = e_.op_result(Op::OpBitwiseAnd, uint_,
                                {e_.op_result(Op::OpShiftLeftLogical, uint_, {a, e_.constant_u32(3)}), e_.constant_u32(16)});
        return {word_at(index), shift};
    }

    Id load_scalar(const sema::ScalarType* s, std::uint32_t offset) {
        Id type = e_.type_scalar(s);
        if (s->scalar == sema::ScalarKind::Bool) {
            e_.fail(support::DiagCode::spirv_malformed_input,
                    "a byte-address access of bools the raise list did not convert (run spirv::raise first)");
            return 0;
        }
        if (s->bits == 32) {
            Id w = load(word(offset));
            return type == uint_ ? w : e_.op_result(Op::OpBitcast, type, {w});
        }
        if (s->bits == 64) {
            Id u64 = e_.type_int(64, false);
            Id low = e_.op_result(Op::OpUConvert, u64, {load(word(offset))});
            Id high = e_.op_result(Op::OpUConvert, u64, {load(word(offset + 4))});
            high = e_.op_result(Op::OpShiftLeftLogical, u64, {high, e_.constant_u32(32)});
            Id v = e_.op_result(Op::OpBitwiseOr, u64, {low, high});
            return type == u64 ? v : e_.op_result(Op::OpBitcast, type, {v});
        }
        auto [ptr, shift] = half(offset);
        Id u16 = e_.type_int(16, false);
        Id w = e_.op_result(Op::OpShiftRightLogical, uint_, {load(ptr), shift});
        Id v = e_.op_result(Op::OpUConvert, u16, {w});
        return type == u16 ? v : e_.op_result(Op::OpBitcast, type, {v});
    }

    void store_scalar(const sema::ScalarType* s, std::uint32_t offset, Id v) {
        Id type = e_.type_scalar(s);
        if (s->scalar == sema::ScalarKind::Bool) {
            e_.fail(support::DiagCode::spirv_malformed_input,
                    "a byte-address access of bools the raise list did not convert (run spirv::raise first)");
            return;
        }
        if (s->bits == 32) {
            e_.op(Op::OpStore, {word(offset), type == uint_ ? v : e_.op_result(Op::OpBitcast, uint_, {v})});
            return;
        }
        if (s->bits == 64) {
            Id u64 = e_.type_int(64, false);
            Id bits = type == u64 ? v : e_.op_result(Op::OpBitcast, u64, {v});
            Id low = e_.op_result(Op::OpUConvert, uint_, {bits});
            Id high = e_.op_result(Op::OpUConvert, uint_,
                                   {e_.op_result(Op::OpShiftRightLogical, u64, {bits, e_.constant_u32(32)})});
            e_.op(Op::OpStore, {word(offset), low});
            e_.op(Op::OpStore, {word(offset + 4), high});
            return;
        }
        Id u16 = e_.type_int(16, false);
        Id bits = type == u16 ? v : e_.op_result(Op::OpBitcast, u16, {v});
        Id wide = e_.op_result(Op::OpUConvert, uint_, {bits});
        auto [ptr, shift] = half(offset);
        Id keep = e_.op_result(Op::OpNot, uint_, {e_.op_result(Op::OpShiftLeftLogical, uint_, {e_.constant_u32(0xFFFFu), shift})});
        Id old = e_.op_result(Op::OpBitwiseAnd, uint_, {load(ptr), keep});
        Id placed = e_.op_result(Op::OpShiftLeftLogical, uint_, {wide, shift});
        e_.op(Op::OpStore, {ptr, e_.op_result(Op::OpBitwiseOr, uint_, {old, placed})});
    }

    Emitter& e_;
    Id buffer_;
    bool nonuniform_;
    Id uint_;
    Id word_pointer_;
    std::optional<std::uint32_t> known_;  // the address, when it is a constant
    Id address_ = 0;
    Id first_ = 0;  // address >> 2, when the address is not a constant
};

}  // namespace

Id emit_byte_address_load(Emitter& e, Id buffer, bool nonuniform, const ir::Value* address, const sema::Type* t) {
    ByteAccess access(e, buffer, nonuniform, address);
    return access.load(t, 0);
}

void emit_byte_address_store(Emitter& e, Id buffer, bool nonuniform, const ir::Value* address, Id value,
                             const sema::Type* t) {
    ByteAccess access(e, buffer, nonuniform, address);
    access.store(t, 0, value);
}

}  // namespace oneshader::spirv
