// sroa: scalar replacement of aggregates.
//
// What it does: a function-local variable (alloca) of struct type, or of array type with at most
// kMaxArrayElements elements, becomes one variable per member or element when every use of it is
//   - an access chain whose first index is a constant in range,
//   - a load of the whole value (rebuilt with construct from loads of the parts), or
//   - a store of a whole value (stored part by part through extracts).
// Chains that go deeper keep their other indices on the part's variable; nested aggregates are
// split by the next round of the pipeline. The new variables sit where the old one was.
// Requires: a valid module. Preserves: the CFG and structure; leaves loads and stores for mem2reg.
#include "ir/builder.hpp"
#include "ir/type_rules.hpp"
#include "ir/util.hpp"
#include "opt/passes.hpp"

namespace oneshader::opt {

using namespace ir;

namespace {

constexpr std::uint32_t kMaxArrayElements = 16;
constexpr std::uint32_t kMaxMembers = 64;

std::uint32_t part_count(const sema::Type* t) {
    if (const auto* a = t->as<sema::ArrayType>()) return a->length <= kMaxArrayElements ? a->length : 0;
    if (const auto* s = t->as<sema::StructType>()) {
        std::uint32_t n = static_cast<std::uint32_t>(s->members.size()) + (s->base ? 1 : 0);
        return n <= kMaxMembers ? n : 0;
    }
    return 0;
}

bool splittable(const Instruction* a, std::uint32_t n, const UserMap& users) {
    auto it = users.find(a);
    if (it == users.end()) return false;
    for (const Use& u : it->second) {
        const Instruction* i = u.user;
        if (u.operand != 0) return false;  // the address escapes (stored as a value, passed on)
        if (i->opcode == Opcode::Load || i->opcode == Opcode::Store) continue;
        if (i->opcode != Opcode::AccessChain) return false;
        std::optional<std::int64_t> k = constant_int_value(i->operands[1]);
        if (!k || *k < 0 || *k >= std::int64_t(n)) return false;
    }
    return true;
}

}  // namespace

PassResult sroa(Module& m, Function& f, FunctionAnalyses& an, const Options& o) {
    std::vector<Instruction*> allocas;
    for (Block* b : f.blocks)
        for (Instruction* i : b->instructions)
            if (i->opcode == Opcode::Alloca) {
                const auto* pt = i->type()->as<sema::PointerType>();
                if (o.resource_references_only && !(pt && holds_resource_ref(pt->pointee))) continue;
                if (pt && part_count(pt->pointee) != 0) allocas.push_back(i);
            }
    if (allocas.empty()) return {};  // no aggregate variables: no user map to build
    const UserMap& users = an.pointer_users();
    Builder b(m);
    // The parts, loads and stores go before instructions of what is often one large block.
    b.defer_insertions();
    Replacements repl;
    SmallVec<Instruction*, 8> dead;
    bool changed = false;
    for (Instruction* a : allocas) {
        const auto* pt = a->type()->as<sema::PointerType>();
        if (!pt) continue;
        const sema::Type* agg = pt->pointee;
        std::uint32_t n = part_count(agg);
        if (n == 0 || !splittable(a, n, users)) continue;
        SmallVec<Instruction*, 16> parts;  // one per member or element; most aggregates are small
        b.set_insert_before(a);
        for (std::uint32_t k = 0; k < n; ++k) {
            const sema::Type* et = composite_element_type(m.types(), agg, k);
            if (!et) {
                b.place_deferred();
                return PassResult::fail("sroa: no element type for a split variable");
            }
            Instruction* p = b.alloca_var(et);
            if (!a->name().empty()) m.set_name(p, std::string(a->name()) + "." + std::to_string(k));
            parts.push_back(p);
        }
        for (const Use& u : users.find(a)->second) {
            Instruction* i = u.user;
            if (i->opcode == Opcode::AccessChain) {
                std::size_t k = static_cast<std::size_t>(*constant_int_value(i->operands[1]));
                if (i->operands.size() == 2) {
                    repl[i] = parts[k];
                    dead.push_back(i);
                } else {
                    i->operands.erase(i->operands.begin() + 1);
                    i->operands[0] = parts[k];
                }
            } else if (i->opcode == Opcode::Load) {
                b.set_insert_before(i);
                SmallVec<Value*, 16> values;
                for (Instruction* p : parts) values.push_back(b.load(p));
                Instruction* whole = b.construct(i->type(), values);
                repl[i] = whole;
                dead.push_back(i);
            } else {  // Store
                b.set_insert_before(i);
                for (std::uint32_t k = 0; k < n; ++k) {
                    Instruction* e = b.extract(i->operands[1], {std::int64_t(k)});
                    b.store(parts[k], e);
                }
                dead.push_back(i);
            }
        }
        dead.push_back(a);
        changed = true;
    }
    b.place_deferred();
    remove_instructions(dead);
    apply_replacements(f, repl);
    return {changed, {}};
}

}  // namespace oneshader::opt
