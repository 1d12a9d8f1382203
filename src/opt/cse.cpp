// cse: common subexpression elimination along the dominator tree.
//
// What it does: walks the dominator tree from the entry with a scoped table of available
// expressions. An instruction equal to one that dominates it (same opcode, type, operands,
// immediates, intrinsic name and precise flag; commutative operands in either order) is replaced by
// it. Candidates: pure instructions (arithmetic, composites, access chains; phis excepted), pure
// intrinsics, and reads of memory nothing in the shader can write: loads from constant buffers,
// push constants, stage inputs and read-only resources, and texel and byte loads, sizes and
// lengths of read-only resources.
// Requires: a valid module. Preserves: the CFG and structure.
#include <unordered_map>

#include "ir/builder.hpp"
#include "ir/cfg.hpp"
#include "ir/dominators.hpp"
#include "ir/util.hpp"
#include "opt/opt_util.hpp"
#include "opt/passes.hpp"
#include "sema/types_query.hpp"

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
        return removable_when_unused(i) && i->intrinsic.rfind("dd", 0) != 0 && i->intrinsic != "fwidth";
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

struct Key {
    const Instruction* i;
};

bool same(const Instruction* a, const Instruction* b, bool swapped) {
    if (a->opcode != b->opcode || a->type() != b->type() || a->precise != b->precise ||
        a->immediates != b->immediates || a->intrinsic != b->intrinsic || a->operands.size() != b->operands.size())
        return false;
    if (!swapped) return a->operands == b->operands;
    return a->operands.size() == 2 && a->operands[0] == b->operands[1] && a->operands[1] == b->operands[0];
}

struct KeyHash {
    std::size_t operator()(const Key& k) const {
        // Order-independent over the operands, so both orders of a commutative pair meet.
        std::size_t h = std::hash<int>()(static_cast<int>(k.i->opcode)) * 31 + std::hash<const void*>()(k.i->type());
        std::size_t ops = 0;
        for (const Value* v : k.i->operands) ops += std::hash<const void*>()(v) * 0x9e3779b97f4a7c15ull;
        for (std::int64_t imm : k.i->immediates) h = h * 131 + std::hash<std::int64_t>()(imm);
        return h ^ ops ^ std::hash<std::string_view>()(k.i->intrinsic);
    }
};
struct KeyEq {
    bool operator()(const Key& a, const Key& b) const {
        return same(a.i, b.i, false) || (commutative(a.i) && same(a.i, b.i, true));
    }
};

}  // namespace

PassResult cse(Module&, Function& f, const Options&) {
    if (f.blocks.empty()) return {};
    Cfg cfg(f);
    DominatorTree dom = DominatorTree::dominators(cfg);
    // Lookup only: which dominating instruction is found never depends on iteration order.
    std::unordered_multimap<Key, Instruction*, KeyHash, KeyEq> table;
    Replacements repl;
    std::vector<Instruction*> removed;
    auto resolve = [&](Value* v) {
        for (std::size_t guard = 0; guard <= repl.size(); ++guard) {
            auto it = repl.find(v);
            if (it == repl.end()) break;
            v = it->second;
        }
        return v;
    };

    // Iterative dominator-tree walk; each frame remembers what its block added to the table.
    struct Frame {
        std::uint32_t block;
        std::size_t next_child = 0;
        std::vector<Instruction*> added;
    };
    std::vector<Frame> stack;
    stack.push_back({cfg.graph().root, 0, {}});
    bool entered = false;
    while (!stack.empty()) {
        Frame& fr = stack.back();
        if (!entered) {
            for (Instruction* i : cfg.block(fr.block)->instructions) {
                for (Value*& op : i->operands) op = resolve(op);
                if (!candidate(i)) continue;
                auto it = table.find(Key{i});
                if (it != table.end()) {
                    repl[i] = it->second;
                    removed.push_back(i);
                } else {
                    table.emplace(Key{i}, i);
                    fr.added.push_back(i);
                }
            }
        }
        auto children = dom.children(fr.block);
        if (fr.next_child < children.size()) {
            std::uint32_t c = children[fr.next_child++];
            stack.push_back({c, 0, {}});
            entered = false;
            continue;
        }
        for (Instruction* i : fr.added) {
            auto range = table.equal_range(Key{i});
            for (auto it = range.first; it != range.second; ++it)
                if (it->second == i) {
                    table.erase(it);
                    break;
                }
        }
        stack.pop_back();
        entered = true;
    }
    if (removed.empty()) return {};
    apply_replacements(f, repl);
    for (Instruction* i : removed) remove_instruction(i);
    return {true, {}};
}

}  // namespace oneshader::opt
