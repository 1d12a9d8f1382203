// cse: common subexpression elimination along the dominator tree.
//
// What it does: walks the dominator tree from the entry with a scoped table of available
// expressions. An instruction equal to one that dominates it (same opcode, type, operands,
// immediates, intrinsic id and precise flag; commutative operands in either order) is replaced by
// it. Candidates: pure instructions (arithmetic, composites, access chains; phis excepted), pure
// intrinsics, and reads of memory nothing in the shader can write: loads from constant buffers,
// push constants, stage inputs and read-only resources, and texel and byte loads, sizes and
// lengths of read-only resources.
// Requires: a valid module. Preserves: the CFG and structure.
#include <cstdint>
#include <vector>

#include "intrinsics/id.hpp"
#include "ir/builder.hpp"
#include "ir/cfg.hpp"
#include "ir/dominators.hpp"
#include "ir/util.hpp"
#include "opt/opt_util.hpp"
#include "opt/passes.hpp"
#include "types/types_query.hpp"

namespace oneshader::opt {

using namespace ir;

namespace {

// True when nothing in a shader can write the memory `p` points into.
bool read_only_pointer(Value* p) {
    Value* root = pointer_root(p);
    const Global* g = root ? root->as<Global>() : nullptr;
    if (!g) return false;
    switch (g->space()) {
    case sema::AddressSpace::Uniform:
    case sema::AddressSpace::PushConstant:
    case sema::AddressSpace::Input:
        return true;
    case sema::AddressSpace::UniformConstant:
    case sema::AddressSpace::StorageBuffer: {
        const auto* r = sema::innermost_element(g->value_type())->as<sema::ResourceType>();
        return r && !sema::is_writable(r->resource);
    }
    default:
        return false;
    }
}

bool candidate(const Instruction* i) {
    if (!i->has_result()) return false;
    switch (i->opcode) {
    case Opcode::Phi:
    case Opcode::Alloca:
        return false;
    case Opcode::Load:
        return read_only_pointer(i->operands[0]);
    case Opcode::TextureLoad:
    case Opcode::TextureQuerySize:
    case Opcode::TextureQueryLevels:
    case Opcode::TextureQuerySamples:
    case Opcode::ByteAddressLoad:
    case Opcode::BufferLength:
        return read_only_pointer(i->operands[0]);
    case Opcode::CallIntrinsic:
                // A derivative depends on the neighbouring lanes as well as the operands: two calls with
        // the same operands in different control flow may differ.
        return removable_when_unused(i) && !intrinsics::takes_derivatives(i->intrinsic);
    default:
        return is_pure(i->opcode);
    }
}

bool commutative(const Instruction* i) {
    switch (i->opcode) {
    case Opcode::Add:
    case Opcode::Mul:
    case Opcode::BitAnd:
    case Opcode::BitOr:
    case Opcode::BitXor:
    case Opcode::LogicalAnd:
    case Opcode::LogicalOr:
    case Opcode::Eq:
    case Opcode::Ne:
        return !i->precise;
    default:
        return false;
    }
}

bool same(const Instruction* a, const Instruction* b, bool swapped) {
    if (a->opcode != b->opcode || a->type() != b->type() || a->precise != b->precise ||
        a->immediates != b->immediates || a->intrinsic != b->intrinsic || a->operands.size() != b->operands.size())
        return false;
    if (!swapped) return a->operands == b->operands;
    return a->operands.size() == 2 && a->operands[0] == b->operands[1] && a->operands[1] == b->operands[0];
}

bool equal(const Instruction* a, const Instruction* b) {
    return same(a, b, false) || (commutative(a) && same(a, b, true));
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) { return (h ^ v) * 0x100000001B3ull; }

std::uint64_t hash_of(const Instruction* i) {
    // Order-independent over the operands, so both orders of a commutative pair meet.
    std::uint64_t h = mix(0xCBF29CE484222325ull, static_cast<std::uint64_t>(i->opcode));
    h = mix(h, reinterpret_cast<std::uintptr_t>(i->type()));
    std::uint64_t ops = 0;
    for (const Value* v : i->operands) ops += (reinterpret_cast<std::uintptr_t>(v) >> 3) * 0x9E3779B97F4A7C15ull;
    for (std::int64_t imm : i->immediates) h = mix(h, static_cast<std::uint64_t>(imm));
    h = mix(h, static_cast<std::uint64_t>(i->intrinsic));
    h = mix(h, ops);
    h ^= h >> 29;  // the table indexes by the low bits: fold the high ones in
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 32);
}

// The available expressions: open addressing over the instructions, at most half full. The walk
// removes entries in the reverse order it added them, and an entry added last never lies inside
// the probe sequence of an older one (those slots were taken when the older one went in), so a
// removal only empties its slot. At most one entry equals any instruction: an equal one is
// replaced, never added.
class ScopedTable {
public:
    explicit ScopedTable(std::size_t n) {
        std::size_t cap = 16;
        while (cap < 2 * n) cap *= 2;
        slots_.assign(cap, nullptr);
        mask_ = cap - 1;
        added_.reserve(n);  // at most one entry per instruction
    }
    Instruction* find(const Instruction* i) const {
        for (std::size_t s = hash_of(i) & mask_; slots_[s]; s = (s + 1) & mask_)
            if (equal(slots_[s], i)) return slots_[s];
        return nullptr;
    }
    void add(Instruction* i) {
        std::size_t s = hash_of(i) & mask_;
        while (slots_[s]) s = (s + 1) & mask_;
        slots_[s] = i;
        added_.push_back(s);
    }
    std::size_t mark() const { return added_.size(); }
    // Removes everything added since `mark`, newest first.
    void pop_to(std::size_t mark) {
        while (added_.size() > mark) {
            slots_[added_.back()] = nullptr;
            added_.pop_back();
        }
    }

private:
    std::vector<Instruction*> slots_;
    std::vector<std::size_t> added_;
    std::size_t mask_ = 0;
};

}  // namespace

PassResult cse(Module&, Function& f, FunctionAnalyses& an, const Options&) {
    if (f.blocks.empty()) return {};
    const Cfg& cfg = an.cfg();
    const DominatorTree& dom = an.dominators();
    std::size_t count = 0;
    for (const Block* b : f.blocks) count += b->instructions.size();
    ScopedTable table(count);
    Replacements repl;
    std::vector<Instruction*> removed;

    // Iterative dominator-tree walk; each frame remembers where its block's additions begin.
    struct Frame {
        std::uint32_t block;
        std::size_t next_child = 0;
        std::size_t mark = 0;
    };
    std::vector<Frame> stack;
    stack.reserve(cfg.size());  // no deeper than the blocks: one allocation instead of one per doubling
    stack.push_back({cfg.graph().root, 0, table.mark()});
    bool entered = false;
    while (!stack.empty()) {
        Frame& fr = stack.back();
        if (!entered) {
            for (Instruction* i : cfg.block(fr.block)->instructions) {
                for (Value*& op : i->operands) op = resolve_replacement(op, repl);
                if (!candidate(i)) continue;
                if (Instruction* same_value = table.find(i)) {
                    repl[i] = same_value;
                    removed.push_back(i);
                } else {
                    table.add(i);
                }
            }
        }
        auto children = dom.children(fr.block);
        if (fr.next_child < children.size()) {
            std::uint32_t c = children[fr.next_child++];
            stack.push_back({c, 0, table.mark()});
            entered = false;
            continue;
        }
        table.pop_to(fr.mark);
        stack.pop_back();
        entered = true;
    }
    if (removed.empty()) return {};
    apply_replacements(f, repl);
    remove_instructions(removed);
    return {true, {}};
}

}  // namespace oneshader::opt
