// place_interlock: the critical section of a pixel shader's rasterizer-ordered accesses.
//
// Rewrites: in the function of every pixel entry point that reaches an access of a
// rasterizer-ordered view (a RasterizerOrdered* global, or an array of them), inserts
// `interlock_begin` and `interlock_end` so that every path through the function executes each
// at most once, begin before end, with every such access between them. An access is what DXC
// brackets: a load or store through a pointer into the view, a texture_load or texture_store of
// it, a texture size, levels or samples query (DXC loads the image for them), a byte-address load
// or store; a call counts as one when the callee reaches an access (or is given a pointer into a
// view). Atomics and buffer lengths are not accesses, as in DXC (OpImageTexelPointer and
// OpArrayLength take the variable, not a load of it).
//
// Placement, on the reachable blocks: a point of the function is inside the section when it is
// reachable from an access and reaches an access (the accesses themselves included), so along any
// path the section is one stretch. Begin goes where a path enters it: just before the first
// access of a block whose start is outside, or on an edge from a block ending outside to one
// starting inside; end where a path leaves it: just after the last access of a block whose end is
// outside, or on an edge from inside to outside. An edge's instruction goes at the end of its
// source when every successor of the source needs it (a begin) or at the start of its target,
// after the phis, when every predecessor of the target does (an end; each tried the other way
// round next), and otherwise on a new block splitting the edge, laid out after the source. This is where
// SPIRV-Tools' InvocationInterlockPlacementPass, which DXC runs after wrapping each access in its
// own begin and end, leaves them: a section in straight-line code runs from the first access to
// the last, one in a loop body moves out of the loop, one in a single arm of a branch stays in the
// arm, and one that continues after a branch gets its begin (or end) on the other arms. (The pass
// also begins the section on the other arm when only one arm accesses a view and nothing after
// the branch does, without ever ending it there; here that arm gets neither.)
//
// Requires: a verified module whose functions do not recurse (HLSL's).
// Preserves: every other instruction; other entry points and functions called from entry points
// (they never hold begin or end: the section is placed around the call).
//
// Why: the SPIR-V backend expresses rasterizer ordering with SPV_EXT_fragment_shader_interlock,
// whose begin and end must be in the entry point's function and execute once per invocation.
#include "raise/buffers.hpp"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "ir/util.hpp"
#include "types/types_query.hpp"

namespace oneshader::raise {
namespace {

using ir::Block;
using ir::Instruction;
using ir::Opcode;

const ir::Global* root_global(const ir::Value* p) {
    for (int guard = 0; p && guard < 4096; ++guard) {
        if (const auto* g = p->as<ir::Global>()) return g;
        const auto* i = p->as<Instruction>();
        if (!i || i->opcode != Opcode::AccessChain || i->operands.empty()) return nullptr;
        p = i->operands[0];
    }
    return nullptr;
}

bool rasterizer_ordered(const ir::Global* g) {
    const sema::Type* t = g ? sema::innermost_element(g->value_type()) : nullptr;
    const auto* r = t ? t->as<sema::ResourceType>() : nullptr;
    return r && r->rasterizer_ordered;
}

bool points_into_view(const ir::Value* v) {
    return v && v->type()->is<sema::PointerType>() && rasterizer_ordered(root_global(v));
}

class PlaceInterlock {
public:
    explicit PlaceInterlock(ir::Module& m) : m_(m) {}

    bool run() {
        if (place_interlock_idle(m_)) return false;
        bool changed = false;
        for (ir::EntryPoint* ep : m_.entry_points)
            if (ep->stage == ir::ShaderStage::Pixel && ep->function) changed |= place(ep->function);
        return changed;
    }

private:
    // Whether the function (or one it calls) accesses a view.
    bool reaches_access(const ir::Function* f) {
        if (auto it = reaches_.find(f); it != reaches_.end()) return it->second;
        reaches_[f] = false;  // HLSL does not recurse; this only guards against a malformed module
        bool found = false;
        for (const Block* b : f->blocks)
            for (const Instruction* i : b->instructions)
                if (is_access(i)) found = true;
        reaches_[f] = found;
        return found;
    }

    bool is_access(const Instruction* i) {
        switch (i->opcode) {
        case Opcode::Load:
        case Opcode::Store:
        case Opcode::TextureLoad:
        case Opcode::TextureStore:
        case Opcode::TextureQuerySize:
        case Opcode::TextureQueryLevels:
        case Opcode::TextureQuerySamples:
        case Opcode::ByteAddressLoad:
        case Opcode::ByteAddressStore:
            return !i->operands.empty() && points_into_view(i->operands[0]);
        case Opcode::Call:
            if (i->callee && reaches_access(i->callee)) return true;
            [[fallthrough]];
        case Opcode::CallIntrinsic:
            for (const ir::Value* v : i->operands)
                if (points_into_view(v)) return true;
            return false;
        default:
            return false;
        }
    }

    Instruction* make(Opcode op) {
        Instruction* i = m_.make_instruction(op, m_.types().void_type());
        return i;
    }

    static std::size_t after_phis(const Block* b) {
        std::size_t k = 0;
        while (k < b->instructions.size() && b->instructions[k]->opcode == Opcode::Phi) ++k;
        return k;
    }

    static void insert_at(Block* b, std::size_t at, Instruction* i, support::SourceLoc loc) {
        i->block = b;
        i->loc = loc;
        b->instructions.insert(b->instructions.begin() + static_cast<std::ptrdiff_t>(at), i);
    }

    bool place(ir::Function* f) {
        // The reachable blocks, in layout order, and their edges (one per distinct target).
        std::unordered_map<const Block*, std::size_t> index;
        std::vector<Block*> blocks;
        {
            std::vector<Block*> work{f->entry()};
            std::unordered_map<const Block*, bool> seen{{f->entry(), true}};
            while (!work.empty()) {
                Block* b = work.back();
                work.pop_back();
                for (Block* s : ir::successors(b))
                    if (s && seen.emplace(s, true).second) work.push_back(s);
            }
            for (Block* b : f->blocks)
                if (seen.count(b)) {
                    index[b] = blocks.size();
                    blocks.push_back(b);
                }
        }
        const std::size_t n = blocks.size();
        std::vector<std::vector<std::size_t>> succs(n), preds(n);
        for (std::size_t k = 0; k < n; ++k)
            for (Block* s : ir::successors(blocks[k])) {
                std::size_t t = index.at(s);
                if (std::find(succs[k].begin(), succs[k].end(), t) != succs[k].end()) continue;
                succs[k].push_back(t);
                preds[t].push_back(k);
            }

        // Accesses per block: the first and the last.
        std::vector<Instruction*> first(n, nullptr), last(n, nullptr);
        bool any = false;
        for (std::size_t k = 0; k < n; ++k)
            for (Instruction* i : blocks[k]->instructions)
                if (is_access(i)) {
                    if (!first[k]) first[k] = i;
                    last[k] = i;
                    any = true;
                }
        if (!any) return false;

        // Reachable from an access (forward) and reaching one (backward), at block starts and ends.
        std::vector<char> f_in(n, 0), f_out(n, 0), b_in(n, 0), b_out(n, 0);
        for (bool again = true; again;) {
            again = false;
            for (std::size_t k = 0; k < n; ++k) {
                char in = 0;
                for (std::size_t p : preds[k]) in |= f_out[p];
                char out = in || first[k];
                if (in != f_in[k] || out != f_out[k]) again = true;
                f_in[k] = in;
                f_out[k] = out;
            }
        }
        for (bool again = true; again;) {
            again = false;
            for (std::size_t k = n; k-- > 0;) {
                char out = 0;
                for (std::size_t s : succs[k]) out |= b_in[s];
                char in = out || first[k];
                if (in != b_in[k] || out != b_out[k]) again = true;
                b_in[k] = in;
                b_out[k] = out;
            }
        }
        auto inside_start = [&](std::size_t k) { return f_in[k] && b_in[k]; };
        auto inside_end = [&](std::size_t k) { return f_out[k] && b_out[k]; };

        // Decide every insertion first, then make them, so the decisions see the original blocks.
        std::vector<Opcode> at_start(n, Opcode::Phi), at_end(n, Opcode::Phi);  // Phi: nothing
        struct Split {
            std::size_t from, to;
            Opcode op;
        };
        std::vector<Split> splits;
        for (std::size_t k = 0; k < n; ++k)
            for (std::size_t s : succs[k]) {
                bool begin = !inside_end(k) && inside_start(s);
                bool end = inside_end(k) && !inside_start(s);
                if (!begin && !end) continue;
                // Every edge out of k, or into s, needs the same instruction.
                bool all_out = true, all_in = true;
                for (std::size_t t : succs[k]) all_out = all_out && (begin ? inside_start(t) : !inside_start(t));
                for (std::size_t p : preds[s]) all_in = all_in && (begin ? !inside_end(p) : inside_end(p));
                Opcode op = begin ? Opcode::InterlockBegin : Opcode::InterlockEnd;
                // A begin prefers the source's end, an end the target's start (as the pass does).
                bool source_first = begin;
                if (source_first && all_out) at_end[k] = op;
                else if (all_in) at_start[s] = op;
                else if (all_out) at_end[k] = op;
                else splits.push_back({k, s, op});
            }

        for (std::size_t k = 0; k < n; ++k) {
            Block* b = blocks[k];
            // Within the block: around its accesses.
            if (first[k]) {
                if (!inside_end(k)) {
                    auto it = std::find(b->instructions.begin(), b->instructions.end(), last[k]);
                    insert_at(b, static_cast<std::size_t>(it - b->instructions.begin()) + 1, make(Opcode::InterlockEnd),
                              last[k]->loc);
                }
                if (!inside_start(k)) {
                    auto it = std::find(b->instructions.begin(), b->instructions.end(), first[k]);
                    insert_at(b, static_cast<std::size_t>(it - b->instructions.begin()), make(Opcode::InterlockBegin),
                              first[k]->loc);
                }
            }
            // On its edges: after its phis, and before its terminator.
            if (at_start[k] != Opcode::Phi) {
                std::size_t at = after_phis(b);
                support::SourceLoc loc = at < b->instructions.size() ? b->instructions[at]->loc : support::SourceLoc();
                insert_at(b, at, make(at_start[k]), loc);
            }
            if (at_end[k] != Opcode::Phi) {
                Instruction* term = b->terminator();
                std::size_t at = term ? b->instructions.size() - 1 : b->instructions.size();
                insert_at(b, at, make(at_end[k]), term ? term->loc : support::SourceLoc());
            }
        }
        for (const Split& sp : splits) split_edge(f, blocks[sp.from], blocks[sp.to], sp.op);
        return true;
    }

    // A new block on the edge from -> to holding `op`, laid out right after `from`.
    void split_edge(ir::Function* f, Block* from, Block* to, Opcode op) {
        Instruction* term = from->terminator();
        if (!term) return;
        Block* mid = m_.add_block(f);
        f->blocks.pop_back();
        f->blocks.insert(std::find(f->blocks.begin(), f->blocks.end(), from) + 1, mid);
        Instruction* x = make(op);
        insert_at(mid, 0, x, term->loc);
        Instruction* br = m_.make_instruction(Opcode::Branch, m_.types().void_type());
        br->targets.push_back(to);
        insert_at(mid, 1, br, term->loc);
        for (Block*& t : term->targets)
            if (t == to) t = mid;
        for (Instruction* i : to->instructions) {
            if (i->opcode != Opcode::Phi) break;
            for (Block*& t : i->targets)
                if (t == from) t = mid;
        }
    }

    ir::Module& m_;
    std::unordered_map<const ir::Function*, bool> reaches_;
};

}  // namespace

bool place_interlock_idle(const ir::Module& m) {
    for (const ir::Global* g : m.globals)
        if (rasterizer_ordered(g)) return false;
    return true;
}

TransformResult place_interlock(ir::Module& m) {
    TransformResult r;
    r.changed = PlaceInterlock(m).run();
    return r;
}

}  // namespace oneshader::raise
