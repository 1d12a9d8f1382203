// Statements: blocks with their scopes, local declarations (static locals, resource-typed
// locals, sizes from initializers), control flow with its attributes, switch sections with
// constant, distinct case labels and fall-through, break/continue placement, returns converted
// to the result type, and the "returns on every path" analysis behind OSH0312.
#include <unordered_set>

#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

ControlHints Checker::hints_of(std::span<const syntax::Attribute> attrs) {
    check_known_attributes(attrs, true);
    ControlHints h;
    for (const syntax::Attribute& a : attrs) {
        if (!a.ns.empty()) continue;
        std::string_view n = a.name.str();
        if (n == "unroll") {
            h.unroll = true;
            if (!a.args.empty())
                if (auto c = integer_constant(a.args[0], "the unroll count")) h.unroll_count = std::uint32_t(*c);
        } else if (n == "loop") h.loop = true;
        else if (n == "fastopt") h.fastopt = true;
        else if (n == "allow_uav_condition") h.allow_uav_condition = true;
        else if (n == "branch") h.branch = true;
        else if (n == "flatten") h.flatten = true;
        else if (n == "forcecase") h.forcecase = true;
        else if (n == "call") h.call = true;
    }
    return h;
}

BBlock* Checker::check_block(const syntax::BlockStmt* b, bool scoped) {
    auto* out = make<BBlock>(b->loc);
    Scope* saved = scope;
    if (scoped) push(new_scope(ScopeKind::Block, scope));
    support::SmallVec<BStmt*, 16> stmts;
    for (const syntax::Stmt* s : b->stmts) {
        if (diags.limit_reached()) break;
        if (BStmt* bs = check_stmt(s)) stmts.push_back(bs);
    }
    scope = saved;
    out->stmts = to_span(stmts);
    return out;
}

BStmt* Checker::check_local_decl(const syntax::DeclStmt* s) {
    auto* block = make<BBlock>(s->loc);
    support::SmallVec<BStmt*, 8> decls;
    for (const syntax::Decl* d : s->decls) {
        if (!d) continue;
        check_known_attributes(d->attributes, false);
        if (d->kind != syntax::DeclKind::Var) {
            // Local structs, typedefs and enums are ordinary declarations in the block's scope.
            if (d->kind == syntax::DeclKind::Function) {
                report(DiagCode::redefinition, SourceRange(d->loc),
                       "Functions cannot be defined inside functions. Move it to the top level.");
                continue;
            }
            declare_decl(d);
            continue;
        }
        const auto* vd = static_cast<const syntax::VarDecl*>(d);
        refuse_bit_width(vd, "a local variable");
        const Type* t = resolve_type(vd->type, vd->modifiers, vd->pragma_packing);
        if (t && !vd->dims.empty()) t = apply_dims(t, vd->dims, vd->loc);
        Variable* v = make<Variable>();
        v->name = vd->name;
        v->loc = vd->loc;
        v->type = t;
        v->precise = (vd->modifiers & syntax::ModPrecise) != 0;
        v->is_const = (vd->modifiers & syntax::ModConst) != 0;
        v->storage = (vd->modifiers & syntax::ModStatic) ? StorageClass::StaticLocal : StorageClass::Local;
        if (vd->modifiers & syntax::ModGroupShared)
            report(DiagCode::invalid_modifier, SourceRange(vd->loc),
                   "groupshared variables must be declared at the top level, outside functions.");
        if (t && vd->init) {
            BExpr* init = check_init(vd->init, t);
            if (ok(init) && t->is<ArrayType>() && t->as<ArrayType>()->length == 0) t = v->type = init->type;
            v->init = convert(init, t, ConvertWhy::Init);
            if (v->is_const && ok(v->init) && t->is<ScalarType>()) {
                ConstResult c = const_eval(v->init);
                if (c.value && !c.uses_spec_constant) v->const_value = c.value;
            }
        } else if (t && t->is<ArrayType>() && t->as<ArrayType>()->length == 0) {
            report(DiagCode::invalid_array_size, SourceRange(vd->loc),
                   fmt::format("The array '{}' needs a size or an initializer list.", vd->name.str()));
        } else if (t && v->is_const && !vd->init) {
            report(DiagCode::bad_initializer, SourceRange(vd->loc),
                   fmt::format("The constant '{}' needs an initializer.", vd->name.str()));
        }
        if (t && t->is<VoidType>()) {
            report(DiagCode::type_mismatch, SourceRange(vd->loc), "A variable cannot have type 'void'.");
            v->type = nullptr;
        }
        // Declared after its initializer is checked: `float x = x;` sees an outer x, as in C.
        Entity e;
        e.kind = EntityKind::Variable;
        e.loc = vd->loc;
        e.var = v;
        declare(scope, vd->name, e, SourceRange(vd->loc));
        auto* bd = make<BVarDecl>(vd->loc);
        bd->var = v;
        decls.push_back(bd);
    }
    if (decls.size() == 1) return decls[0];
    block->stmts = to_span(decls);
    return block;
}

BStmt* Checker::check_switch(const syntax::SwitchStmt* s) {
    auto* sw = make<BSwitch>(s->loc);
    sw->hints = hints_of(s->attributes);
    BExpr* c = check_expr(s->cond);
    if (ok(c)) {
        c = materialize(c);
        if (!is_basic(c->type) || component_count(c->type) != 1 || !(is_integer(c->type) || is_bool(c->type))) {
            report(DiagCode::type_mismatch, c->range,
                   fmt::format("A switch needs an integer scalar, not '{}'.", tname(c->type)));
        } else if (!is_integer(c->type)) {
            c = convert(c, scalar(ScalarKind::Int), ConvertWhy::Condition);
        }
    }
    sw->cond = c;
    ++fn->switch_depth;
    Scope* saved = scope;
    push(new_scope(ScopeKind::Block, scope));
    std::vector<BSwitchSection> sections;
    std::unordered_set<std::int64_t> all_values;  // a hash set: a switch may have 100,000 labels
    bool seen_default = false;
    std::vector<std::int64_t> values;
    bool is_default = false;
    std::vector<BStmt*> body;
    bool open_labels = false;
    auto flush = [&]() {
        if (!open_labels) return;
        BSwitchSection sec;
        sec.values = to_span(values);
        sec.is_default = is_default;
        sec.stmts = to_span(body);
        sections.push_back(sec);
        values.clear();
        body.clear();
        is_default = false;
        open_labels = false;
    };
    std::span<syntax::Stmt* const> items;
    syntax::Stmt* single[1] = {s->body};
    if (s->body && s->body->kind == syntax::StmtKind::Block) items = static_cast<const syntax::BlockStmt*>(s->body)->stmts;
    else if (s->body) items = std::span<syntax::Stmt* const>(single, 1);
    for (const syntax::Stmt* st : items) {
        if (!st) continue;
        if (st->kind == syntax::StmtKind::Case || st->kind == syntax::StmtKind::Default) {
            if (!body.empty()) flush();
            open_labels = true;
            if (st->kind == syntax::StmtKind::Default) {
                if (seen_default)
                    report(DiagCode::duplicate_case, SourceRange(st->loc), "This switch already has a default label.");
                seen_default = true;
                is_default = true;
                continue;
            }
            std::optional<std::int64_t> v = integer_constant(static_cast<const syntax::CaseStmt*>(st)->value, "a case label");
            if (!v) continue;
            if (ok(c) && is_integer(c->type) && bit_width(c->type) == 32)
                v = is_signed(c->type) ? std::int64_t(std::int32_t(*v)) : std::int64_t(std::uint32_t(*v));
            if (!all_values.insert(*v).second) {
                report(DiagCode::duplicate_case, SourceRange(st->loc),
                       fmt::format("The case label {} appears twice in this switch. Remove one.", *v));
                continue;
            }
            values.push_back(*v);
            continue;
        }
        if (!open_labels) {
            report(DiagCode::misplaced_jump, SourceRange(st->loc),
                   "This statement in a switch comes before any case label, so it can never run.");
            continue;
        }
        if (BStmt* b = check_stmt(st)) body.push_back(b);
    }
    flush();
    scope = saved;
    --fn->switch_depth;
    sw->sections = to_span(sections);
    return sw;
}

BStmt* Checker::check_stmt(const syntax::Stmt* s) {
    if (!s) return nullptr;
    switch (s->kind) {
    case syntax::StmtKind::Block: {
        check_known_attributes(s->attributes, true);
        return check_block(static_cast<const syntax::BlockStmt*>(s), true);
    }
    case syntax::StmtKind::Decl: return check_local_decl(static_cast<const syntax::DeclStmt*>(s));
    case syntax::StmtKind::Expr: {
        check_known_attributes(s->attributes, true);
        auto* es = make<BExprStmt>(s->loc);
        es->expr = materialize(check_expr(static_cast<const syntax::ExprStmt*>(s)->expr));
        return es;
    }
    case syntax::StmtKind::If: {
        const auto* is = static_cast<const syntax::IfStmt*>(s);
        auto* b = make<BIf>(s->loc);
        b->hints = hints_of(s->attributes);
        b->cond = condition(check_expr(is->cond));
        Scope* saved = scope;
        push(new_scope(ScopeKind::Block, scope));
        b->then_stmt = check_stmt(is->then_stmt);
        scope = saved;
        if (is->else_stmt) {
            push(new_scope(ScopeKind::Block, scope));
            b->else_stmt = check_stmt(is->else_stmt);
            scope = saved;
        }
        return b;
    }
    case syntax::StmtKind::For: {
        const auto* fs = static_cast<const syntax::ForStmt*>(s);
        auto* b = make<BFor>(s->loc);
        b->hints = hints_of(s->attributes);
        // HLSL 2021 scopes the init declaration to the loop.
        Scope* saved = scope;
        push(new_scope(ScopeKind::Block, scope));
        b->init = check_stmt(fs->init);
        if (fs->cond) b->cond = condition(check_expr(fs->cond));
        if (fs->step) b->step = materialize(check_expr(fs->step));
        ++fn->loop_depth;
        b->body = check_stmt(fs->body);
        --fn->loop_depth;
        scope = saved;
        return b;
    }
    case syntax::StmtKind::While: {
        const auto* ws = static_cast<const syntax::WhileStmt*>(s);
        auto* b = make<BWhile>(s->loc);
        b->hints = hints_of(s->attributes);
        b->cond = condition(check_expr(ws->cond));
        Scope* saved = scope;
        push(new_scope(ScopeKind::Block, scope));
        ++fn->loop_depth;
        b->body = check_stmt(ws->body);
        --fn->loop_depth;
        scope = saved;
        return b;
    }
    case syntax::StmtKind::DoWhile: {
        const auto* ds = static_cast<const syntax::DoWhileStmt*>(s);
        auto* b = make<BDoWhile>(s->loc);
        b->hints = hints_of(s->attributes);
        Scope* saved = scope;
        push(new_scope(ScopeKind::Block, scope));
        ++fn->loop_depth;
        b->body = check_stmt(ds->body);
        --fn->loop_depth;
        scope = saved;
        b->cond = condition(check_expr(ds->cond));
        return b;
    }
    case syntax::StmtKind::Switch: return check_switch(static_cast<const syntax::SwitchStmt*>(s));
    case syntax::StmtKind::Case:
    case syntax::StmtKind::Default:
        report(DiagCode::misplaced_jump, SourceRange(s->loc), "A case or default label must be directly inside a switch.");
        return nullptr;
    case syntax::StmtKind::Break:
        if (fn->loop_depth == 0 && fn->switch_depth == 0) {
            report(DiagCode::misplaced_jump, SourceRange(s->loc), "'break' must be inside a loop or a switch.");
            return nullptr;
        }
        return make<BJump>(BStmtKind::Break, s->loc);
    case syntax::StmtKind::Continue:
        if (fn->loop_depth == 0) {
            report(DiagCode::misplaced_jump, SourceRange(s->loc), "'continue' must be inside a loop.");
            return nullptr;
        }
        return make<BJump>(BStmtKind::Continue, s->loc);
    case syntax::StmtKind::Discard: return make<BJump>(BStmtKind::Discard, s->loc);
    case syntax::StmtKind::Return: {
        const auto* rs = static_cast<const syntax::ReturnStmt*>(s);
        auto* b = make<BReturn>(s->loc);
        if (rs->value) {
            BExpr* v = check_expr(rs->value);
            if (fn->result->is<VoidType>()) {
                if (ok(v) && !v->type->is<VoidType>())
                    report(DiagCode::bad_return, SourceRange(s->loc),
                           fmt::format("The function '{}' returns void, so it cannot return a value. Remove the value "
                                       "or change the return type.",
                                       fn->fn->name.str()));
                return b;
            }
            b->value = convert(v, fn->result, ConvertWhy::Return);
        } else if (!fn->result->is<VoidType>()) {
            report(DiagCode::bad_return, SourceRange(s->loc),
                   fmt::format("The function '{}' must return a '{}' here.", fn->fn->name.str(), tname(fn->result)));
        }
        return b;
    }
    case syntax::StmtKind::Empty: return nullptr;
    }
    return nullptr;
}

bool Checker::always_returns(const BStmt* s) const {
    // Iterative over blocks; recursion only follows nested statements, whose depth the parser bounds.
    if (!s) return false;
    switch (s->kind) {
    case BStmtKind::Return:
    case BStmtKind::Discard: return true;
    case BStmtKind::Block: {
        for (const BStmt* c : static_cast<const BBlock*>(s)->stmts)
            if (always_returns(c)) return true;
        return false;
    }
    case BStmtKind::If: {
        const auto* i = static_cast<const BIf*>(s);
        return i->else_stmt && always_returns(i->then_stmt) && always_returns(i->else_stmt);
    }
    case BStmtKind::Switch: {
        const auto* sw = static_cast<const BSwitch*>(s);
        bool has_default = false;
        for (const BSwitchSection& sec : sw->sections) has_default = has_default || sec.is_default;
        if (!has_default || sw->sections.empty()) return false;
        // Every section must end in a return (falling through to a returning section counts);
        // a break anywhere leaves the switch.
        bool next_returns = false;
        for (std::size_t i = sw->sections.size(); i-- > 0;) {
            bool returns = next_returns;
            bool breaks = false;
            for (const BStmt* c : sw->sections[i].stmts) {
                if (c->kind == BStmtKind::Break) {
                    breaks = true;
                    break;
                }
                if (always_returns(c)) {
                    returns = true;
                    break;
                }
            }
            if (breaks) return false;
            if (!returns) return false;
            next_returns = true;
        }
        return true;
    }
    case BStmtKind::While: {
        // `while (true)` without break: the function ends inside the loop.
        const auto* w = static_cast<const BWhile*>(s);
        return w->cond && w->cond->kind == BExprKind::Literal && static_cast<const BLiteral*>(w->cond)->value.as_bool();
    }
    case BStmtKind::For: {
        const auto* f = static_cast<const BFor*>(s);
        return !f->cond;
    }
    case BStmtKind::DoWhile: return always_returns(static_cast<const BDoWhile*>(s)->body);
    default: return false;
    }
}

}  // namespace oneshader::sema
