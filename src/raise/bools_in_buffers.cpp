// bools_in_buffers: a bool in buffer memory is a 32-bit uint, converted where it is loaded and
// stored.
//
// Rewrites: every buffer resource (constant, structured and push-constant buffers, arrays of them)
// whose element holds a bool gets the element type with each bool, bool vector and bool array
// made the uint of the same shape, structs copied with the same name and members; the global, and
// every access chain from it, points to the converted types. A load of a value holding bools
// loads the converted value and turns it back (`ne v, 0u` per bool, extract and construct
// around them); a store does the opposite (`select v, 1u, 0u`). A byte-address load of a bool
// type loads uints and compares them with zero; a byte-address store of one selects 1u or 0u
// first. The last instruction of a converted load takes the load's name.
//
// A bool matrix becomes a uint matrix of the same shape and orientation, converted as a whole
// (`convert`); the targets without integer matrices (MSL, WGSL) refuse it there.
//
// Requires: a verified module. Refuses a pointer into such a buffer passed to a function (inline
// first).
// Preserves: buffers without bools, every other global and instruction, offsets (a bool already
// takes four bytes in every HLSL layout).
//
// Why: HLSL's bool is four bytes in buffers, but SPIR-V's OpTypeBool has no size and cannot be
// laid out, Metal's bool is one byte, and WGSL's bool is not host-shareable: in every target the
// memory holds a 32-bit word and the shader converts. Doing it once on the IR leaves each printer
// with buffers of plain numbers.
#include "raise/buffers.hpp"

#include "ir/builder.hpp"
#include "ir/type_rules.hpp"
#include "ir/util.hpp"
#include "types/types_query.hpp"

#include <vector>

namespace oneshader::raise {
namespace {

bool has_bool(const sema::Type* t) {
    if (!t) return false;
    t = t->value_type();
    if (const sema::ScalarType* s = sema::component_type(t)) return s->scalar == sema::ScalarKind::Bool;
    if (const auto* a = t->as<sema::ArrayType>()) return has_bool(a->element);
    if (const auto* r = t->as<sema::ResourceType>()) return has_bool(r->element);
    if (const auto* p = t->as<sema::PointerType>()) return has_bool(p->pointee);
    if (const auto* s = t->as<sema::StructType>()) {
        if (s->base && has_bool(s->base)) return true;
        for (const sema::StructMember& m : s->members)
            if (has_bool(m.type)) return true;
    }
    return false;
}

bool is_buffer(const ir::Global* g) {
    sema::AddressSpace s = g->space();
    return s == sema::AddressSpace::Uniform || s == sema::AddressSpace::StorageBuffer ||
           s == sema::AddressSpace::PushConstant;
}

class BoolsInBuffers {
public:
    explicit BoolsInBuffers(ir::Module& m) : m_(m), types_(m.types()), b_(m) {}

    TransformResult run() {
        bool byte_address = false;
        for (ir::Global* g : m_.globals) {
            if (g->global_kind() != ir::GlobalKind::Resource || !is_buffer(g)) continue;
            const auto* r = sema::innermost_element(g->value_type())->as<sema::ResourceType>();
            byte_address = byte_address || (r && sema::is_byte_address_buffer(r->resource));
            if (!has_bool(g->value_type())) continue;
            if (!users_) users_.emplace(ir::build_users(m_));
            changed_ = true;
            g->set_type(convert(g->type()));
            rewrite_pointer(g);
        }
        // Byte-address accesses carry their type on the instruction: only a module with such a
        // buffer is walked for them.
        if (byte_address) {
            // A rewrite inserts conversions into the block: walk a copy of its list (one buffer for
            // every block).
            std::vector<ir::Instruction*> original;
            for (ir::Function* f : m_.functions)
                for (ir::Block* blk : f->blocks) {
                    original.assign(blk->instructions.begin(), blk->instructions.end());
                    for (ir::Instruction* i : original) rewrite_byte_access(i);
                }
        }
        TransformResult r;
        r.changed = changed_;
        r.refusal = refusal_;
        r.refusal_at = refusal_at_;
        if (refusal_.empty()) {
            ir::apply_replacements(m_, replacements_);
            ir::remove_instructions(dead_);
        }
        return r;
    }

private:
    // `t` with every bool made a 32-bit uint of the same shape.
    const sema::Type* convert(const sema::Type* t) {
        if (!has_bool(t)) return t;
        if (const auto* known = converted_.find(t)) return known->second;
        const sema::Type* out = t;
        const sema::Type* vt = t->value_type();
        const sema::ScalarType* u = types_.scalar(sema::ScalarKind::UInt);
        if (vt->is<sema::ScalarType>()) {
            out = u;
        } else if (const auto* v = vt->as<sema::VectorType>()) {
            out = types_.vector(u, v->count);
        } else if (const auto* mt = t->as<sema::MatrixType>()) {
            // `t` itself, not its value type, here and below: the orientation decides the layout.
            out = types_.matrix(u, mt->rows, mt->cols, mt->orientation);
        } else if (const auto* a = t->as<sema::ArrayType>()) {
            out = types_.array(convert(a->element), a->length);
        } else if (const auto* r = t->as<sema::ResourceType>()) {
            out = types_.resource(r->resource, convert(r->element), r->samples, r->rasterizer_ordered);
        } else if (const auto* p = t->as<sema::PointerType>()) {
            out = types_.pointer(p->space, convert(p->pointee));
        } else if (const auto* s = vt->as<sema::StructType>()) {
            sema::StructType* copy = types_.create_struct(s->name);
            std::vector<sema::StructMember> members(s->members.begin(), s->members.end());
            for (sema::StructMember& member : members) member.type = convert(member.type);
            const auto* base = s->base ? convert(s->base)->as<sema::StructType>() : nullptr;
            types_.define_struct(copy, base, members);
            out = copy;
        }
        converted_.emplace(t, out);
        return out;
    }

    // A value of `t` (holding bools) from its converted form `v`, and back.
    ir::Value* from_uint(ir::Value* v, const sema::Type* t) {
        t = t->value_type();
        if (!has_bool(t)) return v;
        // A matrix converts as a whole: each target converts it row by row.
        if (t->is<sema::MatrixType>()) return b_.convert(v, t);
        if (sema::is_basic(t)) return b_.compare(ir::Opcode::Ne, v, splat(t, 0));
        return rebuild(v, t, t, [this](ir::Value* e, const sema::Type* et) { return from_uint(e, et); });
    }
    ir::Value* to_uint(ir::Value* v, const sema::Type* t) {
        t = t->value_type();
        if (!has_bool(t)) return v;
        if (t->is<sema::MatrixType>()) return b_.convert(v, convert(t));
        if (sema::is_basic(t)) return b_.select(v, splat(t, 1), splat(t, 0));
        return rebuild(v, t, convert(t), [this](ir::Value* e, const sema::Type* et) { return to_uint(e, et); });
    }
    // Extracts each element of the array or struct `v`, passes it through `each` with the type
    // it has in `original` (the type holding bools), and constructs a `result` of the parts.
    template <class Each>
    ir::Value* rebuild(ir::Value* v, const sema::Type* original, const sema::Type* result, Each each) {
        std::vector<ir::Value*> parts;
        std::uint32_t n = element_count(original);
        for (std::uint32_t k = 0; k < n; ++k) {
            ir::Value* e = b_.extract(v, {static_cast<std::int64_t>(k)});
            parts.push_back(each(e, ir::composite_element_type(types_, original, k)));
        }
        return b_.construct(result, parts);
    }
    static std::uint32_t element_count(const sema::Type* t) {
        if (const auto* a = t->as<sema::ArrayType>()) return a->length;
        if (const auto* s = t->as<sema::StructType>()) return static_cast<std::uint32_t>(s->members.size()) + (s->base ? 1 : 0);
        return 0;
    }
    // A uint constant of `like`'s shape (scalar or vector) with every component `v`.
    ir::Value* splat(const sema::Type* like, std::uint32_t v) {
        ir::Constant* c = m_.uint_constant(v);
        std::uint32_t n = sema::component_count(like);
        if (n == 1) return c;
        std::vector<ir::Constant*> parts(n, c);
        return m_.composite_constant(types_.vector(types_.scalar(sema::ScalarKind::UInt), n), parts);
    }

    void rewrite_pointer(ir::Value* pointer) {
        for (const ir::Use& u : (*users_)[pointer]) {
            ir::Instruction* i = u.user;
            if (i->opcode == ir::Opcode::AccessChain && u.operand == 0) {
                i->set_type(convert(i->type()));
                rewrite_pointer(i);
            } else if (i->opcode == ir::Opcode::Load) {
                if (!has_bool(i->type())) continue;
                if (sema::contains_resource(i->type())) {
                    i->set_type(convert(i->type()));  // a handle: nothing to convert in registers
                    continue;
                }
                b_.set_insert_before(i);
                ir::Value* v = from_uint(b_.load(pointer), i->type());
                if (auto* vi = v->as<ir::Instruction>()) vi->set_name_raw(i->name());
                replacements_.emplace(i, v);
                dead_.push_back(i);
            } else if (i->opcode == ir::Opcode::Store && u.operand == 0) {
                b_.set_insert_before(i);
                i->operands[1] = to_uint(i->operands[1], i->operands[1]->type());
            } else if (i->opcode == ir::Opcode::Call) {
                refuse("passing a pointer into shared or buffer memory to a function (inline it first)", i->loc);
            }
        }
    }

    void rewrite_byte_access(ir::Instruction* i) {
        if (i->opcode == ir::Opcode::ByteAddressLoad && has_bool(i->type())) {
            changed_ = true;
            const sema::Type* t = i->type();
            b_.set_insert_before(i);
            ir::Instruction* words = b_.make(ir::Opcode::ByteAddressLoad, convert(t), i->operands);
            ir::Value* v = from_uint(words, t);
            if (auto* vi = v->as<ir::Instruction>()) vi->set_name_raw(i->name());
            replacements_.emplace(i, v);
            dead_.push_back(i);
        } else if (i->opcode == ir::Opcode::ByteAddressStore && i->operands.size() == 3 &&
                   has_bool(i->operands[2]->type())) {
            changed_ = true;
            b_.set_insert_before(i);
            i->operands[2] = to_uint(i->operands[2], i->operands[2]->type());
        }
    }

    // `at`: the use refused, when the refusal comes from one (a type's has no single place).
    void refuse(std::string why, support::SourceLoc at = {}) {
        if (!refusal_.empty()) return;
        refusal_ = std::move(why);
        refusal_at_ = at;
    }

    ir::Module& m_;
    sema::TypeContext& types_;
    ir::Builder b_;
    std::optional<ir::UserMap> users_;
    ir::PointerMap<const sema::Type*, const sema::Type*> converted_;
    ir::Replacements replacements_;
    std::vector<ir::Instruction*> dead_;
    std::string refusal_;
    support::SourceLoc refusal_at_;
    bool changed_ = false;
};

}  // namespace

TransformResult bools_in_buffers(ir::Module& m) { return BoolsInBuffers(m).run(); }

}  // namespace oneshader::raise
