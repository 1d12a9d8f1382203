// Statements as structured control flow. Every if and switch header names its merge block, every
// loop header its merge and continue blocks, so backends get SPIR-V's merge instructions directly.
// Shapes:
//
//   if:      header: cond_br c, then, else|merge          (selection, merge)
//   for:     header: br cond        cond: cond_br c, body, merge
//            body ... br continue   continue: step; br header          (loop, merge, continue)
//   while:   as for without a step
//   do:      header: br body        body ... br continue
//            continue: cond_br c, header, merge
//   switch:  header: switch s, default, [cases]; each section falls through to the next
//
// Nothing after return/break/continue/discard is lowered (the current block is closed); a merge
// block that nothing reaches holds only `unreachable`, and an unreachable continue block just
// branches back to its header, as SPIR-V wants.
#include <fmt/format.h>

#include "lower/lowerer.hpp"

namespace oneshader::lower {

namespace {

ir::ControlHint selection_hint(const sema::ControlHints& h) {
    if (h.flatten) return ir::ControlHint::Flatten;
    if (h.branch) return ir::ControlHint::Branch;
    return ir::ControlHint::None;
}

ir::ControlHint loop_hint(const sema::ControlHints& h) {
    if (h.unroll) return ir::ControlHint::Unroll;
    if (h.loop) return ir::ControlHint::DontUnroll;
    return ir::ControlHint::None;
}

}  // namespace

void Lowerer::stmt(const BStmt* s) {
    if (!s || !open()) return;
    if (!enter(support::SourceRange(s->loc))) return;
    LocScope at(b_, s->loc);
    switch (s->kind) {
    case sema::BStmtKind::Block: block_stmt(static_cast<const sema::BBlock*>(s)); break;
    case sema::BStmtKind::VarDecl: var_decl(static_cast<const sema::BVarDecl*>(s)); break;
    case sema::BStmtKind::Expr: rvalue(static_cast<const sema::BExprStmt*>(s)->expr); break;
    case sema::BStmtKind::If: if_stmt(static_cast<const sema::BIf*>(s)); break;
    case sema::BStmtKind::For: for_stmt(static_cast<const sema::BFor*>(s)); break;
    case sema::BStmtKind::While: while_stmt(static_cast<const sema::BWhile*>(s)); break;
    case sema::BStmtKind::DoWhile: do_stmt(static_cast<const sema::BDoWhile*>(s)); break;
    case sema::BStmtKind::Switch: switch_stmt(static_cast<const sema::BSwitch*>(s)); break;
    case sema::BStmtKind::Break:
    case sema::BStmtKind::Continue: {
        bool is_break = s->kind == sema::BStmtKind::Break;
        LoopTargets* t = nullptr;
        for (std::size_t i = targets_.size(); i-- > 0;) {
            if (is_break || targets_[i].continue_target) {
                t = &targets_[i];
                break;
            }
        }
        if (!t) {
            unsupported(s->loc, is_break ? "'break' outside a loop or switch" : "'continue' outside a loop");
            break;
        }
        if (is_break) t->broke = true;
        else t->continued = true;
        b_.br(is_break ? t->break_target : t->continue_target);
        terminate();
        break;
    }
    case sema::BStmtKind::Return: {
        const auto* r = static_cast<const sema::BReturn*>(s);
        if (r->value && !fn_->result_type->is<sema::VoidType>()) {
            ir::Value* v = rvalue(r->value);
            if (open()) b_.ret(convert(v, fn_->result_type));
        } else {
            if (r->value) rvalue(r->value);  // `return f();` in a void function still calls f
            if (open()) b_.ret();
        }
        terminate();
        break;
    }
    case sema::BStmtKind::Discard:
        b_.kill();
        terminate();
        break;
    }
    leave();
}

void Lowerer::block_stmt(const sema::BBlock* b) {
    for (const BStmt* s : b->stmts) {
        if (!open()) break;  // dead code after a jump is not lowered
        stmt(s);
    }
}

void Lowerer::var_decl(const sema::BVarDecl* d) {
    const sema::Variable* v = d->var;
    if (!v || !v->type) return;
    // A local array of resources holds references like a resource local (is_ref_resource), one
    // per element, and takes the general path below.
    bool ref_array = v->type->is<sema::ArrayType>() && concrete(v->type) != v->type;
    if (sema::is_resource_or_array(v->type) && !is_ref_resource(v->type) && !ref_array) {
        // A local ConstantBuffer<T> names the resource it is initialized with.
        if (v->type->is<sema::ArrayType>() || !v->init) {
            unsupported(v->loc, fmt::format("the local array of ConstantBuffers or TextureBuffers '{}' (index the "
                                            "global array instead)",
                                            v->name.str()));
            return;
        }
        Place p = place(v->init);
        if (p.kind != Place::Kind::Pointer) {
            unsupported(v->loc, fmt::format("the local resource '{}'", v->name.str()));
            return;
        }
        locals_[v] = p.ptr;
        return;
    }
    if (v->storage == sema::StorageClass::StaticLocal) {
        ir::Global* g = static_local_global(v);
        auto flag = static_local_flags_.find(v);
        if (!g || flag == static_local_flags_.end()) return;
        // if (!initialized) { initialized = true; v = init; }
        ir::Value* done = b_.load(flag->second);
        ir::Block* header = cur_;
        ir::Block* then_bb = new_block("static.init");
        ir::Block* merge = new_block("static.merge");
        ir::Builder::mark_selection(header, merge);
        b_.cond_br(done, merge, then_bb);
        set_block(then_bb);
        b_.store(flag->second, m_.bool_constant(true));
        ir::Value* value = rvalue(v->init);
        if (open()) {
            b_.store(g, convert(value, g->value_type()));
            b_.br(merge);
        }
        set_block(merge);
        return;
    }
    if (is_ref_resource(v->type)) {
        // A local resource is a variable holding a reference to a resource global; every use
        // loads it, and legalize_resources (opt/) resolves each use to one global.
        ir::Instruction* slot = new_alloca(concrete(v->type), v->name.str());
        locals_[v] = slot;
        if (v->init) {
            Place p = place(v->init);
            if (p.kind == Place::Kind::Pointer && p.count == 0) b_.store(slot, p.ptr);
            else if (p.ok()) unsupported(v->init->range, fmt::format("initializing the local resource '{}' from this expression", v->name.str()));
        }
        return;
    }
    ir::Instruction* ptr = new_alloca(concrete(v->type), v->name.str());
    locals_[v] = ptr;
    if (v->init) {
        bool saved = precise_;
        precise_ = precise_ || v->precise;
        ir::Value* value = rvalue(v->init);
        if (open()) b_.store(ptr, convert(value, concrete(v->type)));
        precise_ = saved;
    }
}

void Lowerer::close_merge(ir::Block* merge, bool reached) {
    set_block(merge);
    if (!reached) {
        b_.unreachable();
        terminate();
    }
}

void Lowerer::if_stmt(const sema::BIf* s) {
    ir::Value* c = rvalue(s->cond);
    if (!open()) return;
    ir::Block* header = cur_;
    ir::Block* then_bb = new_block("if.then");
    ir::Block* else_bb = s->else_stmt ? new_block("if.else") : nullptr;
    ir::Block* merge = new_block("if.merge");
    ir::Builder::mark_selection(header, merge, selection_hint(s->hints));
    b_.cond_br(c, then_bb, else_bb ? else_bb : merge);
    bool reached = else_bb == nullptr;
    set_block(then_bb);
    stmt(s->then_stmt);
    if (open()) {
        b_.br(merge);
        reached = true;
    }
    if (else_bb) {
        set_block(else_bb);
        stmt(s->else_stmt);
        if (open()) {
            b_.br(merge);
            reached = true;
        }
    }
    close_merge(merge, reached);
}

void Lowerer::for_stmt(const sema::BFor* s) { loop(s->hints, s->init, s->cond, s->step, s->body, true); }
void Lowerer::while_stmt(const sema::BWhile* s) { loop(s->hints, nullptr, s->cond, nullptr, s->body, true); }
void Lowerer::do_stmt(const sema::BDoWhile* s) { loop(s->hints, nullptr, s->cond, nullptr, s->body, false); }

void Lowerer::loop(const sema::ControlHints& hints, const BStmt* init, const BExpr* cond, const BExpr* step,
                   const BStmt* body, bool cond_first) {
    if (init) stmt(init);
    if (!open()) return;
    ir::Block* header = new_block("loop.header");
    ir::Block* body_bb = new_block("loop.body");
    ir::Block* cont = new_block("loop.continue");
    ir::Block* merge = new_block("loop.merge");
    b_.br(header);
    set_block(header);
    ir::Builder::mark_loop(header, merge, cont, loop_hint(hints), hints.unroll ? hints.unroll_count : 0);
    bool merge_reached = false;
    if (cond_first && cond) {
        ir::Block* cond_bb = new_block("loop.cond");
        b_.br(cond_bb);
        set_block(cond_bb);
        ir::Value* c = rvalue(cond);
        b_.cond_br(c, body_bb, merge);
        merge_reached = true;
    } else {
        b_.br(body_bb);
    }
    set_block(body_bb);
    targets_.push_back(LoopTargets{merge, cont});
    stmt(body);
    LoopTargets t = targets_.back();
    targets_.pop_back();
    bool cont_reached = t.continued;
    if (open()) {
        b_.br(cont);
        cont_reached = true;
    }
    merge_reached = merge_reached || t.broke;
    set_block(cont);
    if (cont_reached) {
        if (step) rvalue(step);
        if (!cond_first && cond) {
            ir::Value* c = rvalue(cond);
            b_.cond_br(c, header, merge);
            merge_reached = true;
        } else {
            b_.br(header);
        }
    } else {
        b_.br(header);
    }
    close_merge(merge, merge_reached);
}

void Lowerer::switch_stmt(const sema::BSwitch* s) {
    ir::Value* selector = rvalue(s->cond);
    if (!open()) return;
    ir::Block* header = cur_;
    std::vector<ir::Block*> sections;
    for (std::size_t i = 0; i < s->sections.size(); ++i) sections.push_back(new_block("switch.case"));
    ir::Block* merge = new_block("switch.merge");
    ir::Block* default_target = merge;
    std::vector<ir::SwitchCase> cases;
    for (std::size_t i = 0; i < s->sections.size(); ++i) {
        if (s->sections[i].is_default) default_target = sections[i];
        for (std::int64_t v : s->sections[i].values) cases.push_back({v, sections[i]});
    }
    ir::Builder::mark_selection(header, merge);
    b_.switch_(selector, default_target, cases);
    bool reached = default_target == merge;
    targets_.push_back(LoopTargets{merge, nullptr});
    for (std::size_t i = 0; i < s->sections.size(); ++i) {
        set_block(sections[i]);
        for (const BStmt* st : s->sections[i].stmts) {
            if (!open()) break;
            stmt(st);
        }
        if (open()) {
            // Fall through to the next section, or leave after the last.
            b_.br(i + 1 < sections.size() ? sections[i + 1] : merge);
            if (i + 1 == sections.size()) reached = true;
        }
    }
    reached = reached || targets_.back().broke;
    targets_.pop_back();
    close_merge(merge, reached);
}

}  // namespace oneshader::lower
