#include "textgen/structurize.hpp"

#include <algorithm>
#include <vector>

#include "ir/structured.hpp"
#include "support/pointer_map.hpp"
#include "support/small_vec.hpp"
#include "textgen/value_uses.hpp"

namespace oneshader::textgen {

namespace {

// The deepest expression of inlined values: past it a value is named (structurize.hpp).
constexpr std::uint32_t kMaxInlineDepth = 32;
static_assert(kMaxInlineDepth < 256, "inline_depth_ holds a byte");

using ir::Block;
using ir::Instruction;
using ir::kNoBlock;
using ir::Opcode;

// Where a region's branches go.
struct Ctx {
    std::uint32_t stop = kNoBlock;  // reaching it ends the region
    std::uint32_t loop = kNoBlock;  // the innermost loop header
    std::uint32_t brk = kNoBlock;   // the innermost loop or switch header
    bool continuing = false;        // the region is a loop's continue construct
    SwitchCase* this_case = nullptr;  // the region is this case's body, at the top of its switch
    // That switch's cases by target block: a search of the case list per branch made a switch of
    // many cases quadratic.
    const support::PointerMap<const Block*, SwitchCase*>* case_of = nullptr;
    Stmt* switch_stmt = nullptr;      // the innermost switch inside the innermost loop
};

class Structurizer {
public:
    Structurizer(const ir::Function& f, support::Arena& arena) : f_(f), arena_(arena), sc_(f), cfg_(sc_.cfg()), uses_(f) {}

    StructurizeResult run() {
        StructurizeResult r;
        if (f_.blocks.empty()) {
            r.error = std::string("@").append(f_.name) + ": the function has no blocks";
            return r;
        }
        visited_.assign(cfg_.size(), 0);
        auto* sf = arena_.make<StructuredFunction>();
        sf->function = &f_;
        for (const Block* b : f_.blocks)
            for (const Instruction* i : b->instructions)
                if (i->opcode == Opcode::Phi) sf->phis.push_back(i);
        values_.assign(uses_.count(), nullptr);
        inline_depth_.assign(uses_.count(), 0);
        region(0, Ctx{}, sf->body);
        if (!error_.empty()) {
            r.error = std::string("@").append(f_.name) + " " + error_;
            return r;
        }
        r.function = sf;
        return r;
    }

private:
    Stmt* add(StmtList& l, StmtKind k) {
        Stmt* s = arena_.make<Stmt>();
        s->kind = k;
        if (l.last) l.last->next = s;
        else l.first = s;
        l.last = s;
        return s;
    }
    void fail(std::uint32_t b, const std::string& why) {
        if (error_.empty()) error_ = "bb" + std::to_string(b) + ": " + why;
    }
    std::uint32_t index(const Block* b) const { return cfg_.index(b); }

    void region(std::uint32_t b, const Ctx& ctx, StmtList& out) {
        while (error_.empty()) {
            if (b >= cfg_.size() || !cfg_.reachable(b)) return fail(b, "the region runs into a block nothing reaches");
            if (visited_[b]) return fail(b, "the block is reached a second time: the control flow is not structured");
            visited_[b] = 1;
            const Block* blk = f_.blocks[b];
            const Instruction* t = blk->terminator();
            if (!t) return fail(b, "the block has no terminator");
            std::uint32_t next = kNoBlock;
            if (blk->structure == ir::StructureKind::Loop) {
                loop(b, out);
                next = sc_.merge(b);
            } else {
                instructions(blk, out);
                switch (t->opcode) {
                case Opcode::Branch: {
                    const std::uint32_t y = index(t->targets[0]);
                    assigns(b, y, out);
                    if (jump(y, ctx, out)) return;
                    b = y;
                    continue;
                }
                case Opcode::CondBranch:
                    if (blk->structure != ir::StructureKind::Selection) return two_way(b, t, ctx, out);
                    selection(b, t, ctx, out);
                    next = sc_.merge(b);
                    break;
                case Opcode::Switch:
                    if (blk->structure != ir::StructureKind::Selection)
                        return fail(b, "a switch without a selection marker");
                    switch_(b, t, ctx, out);
                    next = sc_.merge(b);
                    break;
                case Opcode::Return:
                    add(out, StmtKind::Return)->inst = t;
                    return;
                case Opcode::Kill:
                    add(out, StmtKind::Kill)->inst = t;
                    return;
                default:
                    add(out, StmtKind::Unreachable)->inst = t;
                    return;
                }
            }
            // After a construct: its merge block, when anything reaches it.
            if (next == kNoBlock || !cfg_.reachable(next) || jump(next, ctx, out)) return;
            b = next;
        }
    }

    // The statement for a branch to y that leaves the region; false when y continues it.
    bool jump(std::uint32_t y, const Ctx& ctx, StmtList& out) {
        if (y == ctx.stop) return true;
        if (ctx.loop != kNoBlock && y == sc_.continue_target(ctx.loop)) {
            add(out, StmtKind::Continue);
            return true;
        }
        if (ctx.brk != kNoBlock && y == sc_.merge(ctx.brk)) {
            add(out, StmtKind::Break);
            return true;
        }
        if (ctx.loop != kNoBlock && y == sc_.merge(ctx.loop)) {
            add(out, StmtKind::Break)->loop_from_switch = true;
            if (ctx.switch_stmt) ctx.switch_stmt->breaks_loop = true;
            return true;
        }
        if (ctx.this_case && ctx.case_of)
            if (const auto* e = ctx.case_of->find(f_.blocks[y]); e && e->second != ctx.this_case) {
                SwitchCase* c = e->second;
                if (ctx.this_case->next != c) fail(y, "a case falls through into a case that does not follow it");
                ctx.this_case->falls_into = c;
                return true;
            }
        return false;
    }

    // One arm of a two-way branch or switch: the edge's phi assignments, then its jump or the
    // statements from its target.
    void arm(std::uint32_t from, std::uint32_t to, const Ctx& ctx, StmtList& out) {
        assigns(from, to, out);
        if (!jump(to, ctx, out)) region(to, ctx, out);
    }

    void selection(std::uint32_t b, const Instruction* t, const Ctx& ctx, StmtList& out) {
        Stmt* s = add(out, StmtKind::If);
        s->cond = t->operands[0];
        s->header = f_.blocks[b];
        Ctx inner = ctx;
        inner.stop = sc_.merge(b);
        inner.this_case = nullptr;
        arm(b, index(t->targets[0]), inner, s->then_body);
        arm(b, index(t->targets[1]), inner, s->else_body);
    }

    // A cond_br without a marker: one side jumps. At the end of a continuing that goes back to
    // the header or leaves the loop, it is `break if`.
    void two_way(std::uint32_t b, const Instruction* t, const Ctx& ctx, StmtList& out) {
        const std::uint32_t t0 = index(t->targets[0]), t1 = index(t->targets[1]);
        const std::uint32_t merge = sc_.merge(ctx.loop);
        if (ctx.continuing && ((t0 == ctx.stop && t1 == merge) || (t1 == ctx.stop && t0 == merge)) &&
            !header_phi_read_after_loop(ctx.loop)) {
            const bool back_on_true = t0 == ctx.stop;
            const Stmt* before = out.last;
            assigns(b, back_on_true ? t1 : t0, out);
            assigns(b, back_on_true ? t0 : t1, out);
            if (out.last != before) force_let(t->operands[0]);
            Stmt* s = add(out, StmtKind::BreakIf);
            s->cond = t->operands[0];
            s->negate = back_on_true;
            return;
        }
        Stmt* s = add(out, StmtKind::If);
        s->cond = t->operands[0];
        s->header = f_.blocks[b];
        Ctx inner = ctx;
        inner.this_case = nullptr;
        arm(b, t0, inner, s->then_body);
        arm(b, t1, inner, s->else_body);
    }

    void switch_(std::uint32_t b, const Instruction* t, const Ctx& ctx, StmtList& out) {
        // The phis a case's block gets from the switch are assigned before it: a case that falls
        // through into that block assigns its own values on its way in, and those must stand.
        // Each target once, at its first place (marked, not searched: a switch can have thousands).
        support::PointerSet<const Block*> assigned;
        assigned.reserve(t->targets.size());
        for (const Block* tb : t->targets)
            if (assigned.insert(tb)) assigns(b, index(tb), out);
        Stmt* s = add(out, StmtKind::Switch);
        s->cond = t->operands[0];
        s->header = f_.blocks[b];
        // One clause per distinct target, in block order, each with its case values in the order
        // written: the (target, value) pairs sorted by target once, stably.
        std::vector<std::uint32_t> targets;
        for (const Block* tb : t->targets) targets.push_back(index(tb));
        std::sort(targets.begin(), targets.end());
        targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
        std::vector<std::pair<std::uint32_t, std::int64_t>> values;
        for (std::size_t k = 0; k + 1 < t->targets.size() && k < t->immediates.size(); ++k)
            values.push_back({index(t->targets[k + 1]), t->immediates[k]});
        std::stable_sort(values.begin(), values.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        support::PointerMap<const Block*, SwitchCase*> case_of(targets.size());
        SwitchCase* last = nullptr;
        std::size_t v = 0;
        std::vector<std::int64_t> mine;
        for (std::uint32_t target : targets) {
            auto* c = arena_.make<SwitchCase>();
            c->target = f_.blocks[target];
            c->is_default = t->targets[0] == c->target;
            mine.clear();
            while (v < values.size() && values[v].first < target) ++v;
            for (; v < values.size() && values[v].first == target; ++v) mine.push_back(values[v].second);
            c->values = arena_.copy_array<std::int64_t>(mine);
            case_of.emplace(c->target, c);
            if (last) last->next = c;
            else s->cases = c;
            last = c;
        }
        Ctx inner = ctx;
        inner.stop = sc_.merge(b);
        inner.brk = b;
        inner.continuing = false;
        inner.case_of = &case_of;
        inner.switch_stmt = s;
        for (SwitchCase* c = s->cases; c; c = c->next) {
            inner.this_case = c;
            const std::uint32_t target = index(c->target);
            if (!jump(target, inner, c->body)) region(target, inner, c->body);
        }
    }

    // A loop starts a new context: breaks and continues inside it are its own.
    void loop(std::uint32_t h, StmtList& out) {
        const Block* blk = f_.blocks[h];
        Stmt* s = add(out, StmtKind::Loop);
        s->header = blk;
        Ctx body;
        body.stop = sc_.continue_target(h);
        body.loop = h;
        body.brk = h;
        instructions(blk, s->body);
        const Instruction* t = blk->terminator();
        if (t->opcode != Opcode::Branch) return fail(h, "a loop header that does not end in br");
        arm(h, index(t->targets[0]), body, s->body);
        const std::uint32_t cont = sc_.continue_target(h);
        if (cont == kNoBlock || !cfg_.reachable(cont)) return;
        Ctx c = body;
        c.stop = h;
        c.continuing = true;
        region(cont, c, s->continuing);
    }

    // The instructions of a block that are not phis or its terminator, as statements.
    void instructions(const Block* blk, StmtList& out) {
        for (const Instruction* i : blk->instructions) {
            if (i->opcode == Opcode::Phi || ir::is_terminator(i->opcode)) continue;
            if (i->opcode == Opcode::Alloca) {
                add(out, StmtKind::Variable)->inst = i;
            } else if (i->has_result()) {
                Stmt* s = add(out, StmtKind::Value);
                s->inst = i;
                const std::uint32_t k = uses_.number(i);
                values_[k] = s;
                if (!uses_.may_inline(i)) continue;
                // The depth of the expression it heads: its inlined operands are earlier in this
                // block, so already numbered. A deeper one is a `let`: the printers recurse per
                // level, and a generated chain of thousands of operations overflowed the stack.
                std::uint32_t depth = 1;
                for (const ir::Value* o : i->operands)
                    if (const Instruction* oi = o->as<Instruction>()) {
                        const std::uint32_t n = uses_.number(oi);
                        if (n != ValueUses::kNotInFunction && values_[n] && values_[n]->inlined)
                            depth = std::max<std::uint32_t>(depth, inline_depth_[n] + 1u);
                    }
                if (depth > kMaxInlineDepth) continue;
                s->inlined = true;
                inline_depth_[k] = static_cast<std::uint8_t>(depth);
            } else {
                add(out, StmtKind::Effect)->inst = i;
            }
        }
    }

    void force_let(const ir::Value* v) {
        const Instruction* i = v->as<Instruction>();
        if (!i) return;
        const std::uint32_t k = uses_.number(i);
        if (k != ValueUses::kNotInFunction && values_[k]) values_[k]->inlined = false;
    }

    // The phi assignments of the edge from -> to.
    void assigns(std::uint32_t from, std::uint32_t to, StmtList& out) {
        if (to >= cfg_.size()) return;
        const Block* fb = f_.blocks[from];
        const Block* tb = f_.blocks[to];
        // A handful of phis per edge: kept inline, as this runs on every edge of every function.
        struct EdgeValue {
            const Instruction* phi;
            const ir::Value* value;  // what the phi takes on this edge
        };
        struct Snapshot {
            const ir::Value* phi;  // a phi of the target block read on this edge
            const Stmt* stmt;      // the statement that copies it first
        };
        support::SmallVec<EdgeValue, 4> edge;
        for (const Instruction* p : tb->instructions) {
            if (p->opcode != Opcode::Phi) break;
            const std::size_t k = incoming_index(p, fb);
            if (k < p->operands.size()) edge.push_back({p, p->operands[k]});
        }
        support::SmallVec<Snapshot, 4> snapshots;
        for (auto [p, v] : edge) {
            const Instruction* vi = v->as<Instruction>();
            if (!vi || vi == p || vi->opcode != Opcode::Phi || vi->block != tb) continue;
            // A copy for the lambda: clang before 16 cannot capture a structured binding.
            const ir::Value* value = v;
            if (std::any_of(snapshots.begin(), snapshots.end(), [&](const auto& s) { return s.phi == value; })) continue;
            Stmt* s = add(out, StmtKind::Snapshot);
            s->phi = vi;
            snapshots.push_back({v, s});
        }
        for (auto [p, v] : edge) {
            if (v == p) continue;
            Stmt* s = add(out, StmtKind::Assign);
            s->phi = p;
            s->value = v;
            for (const auto& [sv, ss] : snapshots)
                if (sv == v) s->source = ss;
        }
    }

    // The position of `fb` among phi p's incoming blocks (the first, as a phi lists each once), or
    // past the end. A switch's merge block has a phi operand per case, and scanning them on
    // every edge made a switch of thousands of cases quadratic: a phi with many edges looks its
    // block up in a table of its block's first such phi (a block's phis list their edges in one
    // order, which each use checks).
    std::size_t incoming_index(const Instruction* p, const Block* fb) {
        constexpr std::size_t kScanned = 8;
        const std::size_t n = std::min(p->targets.size(), p->operands.size());
        if (n > kScanned) {
            auto [entry, added] = incoming_table_of_.emplace(p->block, static_cast<std::uint32_t>(incoming_tables_.size()));
            if (added) {
                incoming_tables_.emplace_back(n);
                for (std::size_t k = 0; k < n; ++k) incoming_tables_.back().emplace(p->targets[k], static_cast<std::uint32_t>(k));
            }
            const auto* at = incoming_tables_[entry->second].find(fb);
            if (at && at->second < n && p->targets[at->second] == fb) return at->second;
        }
        for (std::size_t k = 0; k < n; ++k)
            if (p->targets[k] == fb) return k;
        return n;
    }

    // True when a phi of loop header h is read outside the loop (a phi operand is read at the
    // end of its incoming block).
    bool header_phi_read_after_loop(std::uint32_t h) const {
        const Block* hb = f_.blocks[h];
        for (const Block* b : f_.blocks)
            for (const Instruction* i : b->instructions)
                for (std::size_t k = 0; k < i->operands.size(); ++k) {
                    const Instruction* d = i->operands[k] ? i->operands[k]->as<Instruction>() : nullptr;
                    if (!d || d->opcode != Opcode::Phi || d->block != hb) continue;
                    const Block* at = i->opcode == Opcode::Phi && k < i->targets.size() ? i->targets[k] : b;
                    const std::uint32_t x = index(at);
                    if (x != kNoBlock && cfg_.reachable(x) && !sc_.inside(h, x)) return true;
                }
        return false;
    }

    const ir::Function& f_;
    support::Arena& arena_;
    ir::StructuredConstructs sc_;
    const ir::Cfg& cfg_;
    std::vector<std::uint8_t> visited_;
    ValueUses uses_;
    std::vector<Stmt*> values_;  // by ValueUses number: the Value statement of each instruction
    // By ValueUses number, for an inlined value: the depth of the expression it heads (1: its
    // operands are all named).
    std::vector<std::uint8_t> inline_depth_;
    // incoming_index()'s tables: by block, the index of its table; each maps an incoming block
    // to its position in the block's first phi with many edges.
    support::PointerMap<const Block*, std::uint32_t> incoming_table_of_;
    std::vector<support::PointerMap<const Block*, std::uint32_t>> incoming_tables_;
    std::string error_;
};

}  // namespace

StructurizeResult structurize(const ir::Function& f, support::Arena& arena) { return Structurizer(f, arena).run(); }

}  // namespace oneshader::textgen
