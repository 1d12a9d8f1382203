// Function bodies from the statement tree (textgen::structurize): lets, variables, phis as
// variables, if/switch/loop. A loop is `for (;;)` whose continuing statements are printed at its
// end and again before each `continue` (spec: "The loop's continue block is repeated before each
// continue"); a switch case that runs into the next one is a C++ fall-through, and a break out of
// the loop from inside a switch sets a flag tested after it.
#include <fmt/compile.h>
#include <fmt/format.h>

#include "msl/printer.hpp"
#include "textgen/structure_cache.hpp"
#include "textgen/structurize.hpp"
#include "types/types_query.hpp"

namespace oneshader::msl {

using textgen::Stmt;
using textgen::StmtKind;

namespace {

bool ends_in_jump(const textgen::StmtList& l) {
    if (!l.last) return false;
    switch (l.last->kind) {
    case StmtKind::Break:
    case StmtKind::Continue:
    case StmtKind::Return:
    case StmtKind::Kill:
    case StmtKind::Unreachable: return true;
    default: return false;
    }
}

void mark_inlined(const textgen::StmtList& l, std::vector<const ir::Value*>& inlined,
                  support::PointerSet<const ir::Value*>& forced) {
    for (const Stmt* s = l.first; s; s = s->next) {
        if (s->kind == StmtKind::Value && s->inst) {
            if (s->inlined) inlined.push_back(s->inst);
            // An access chain is printed at each use: what it reads must not move (bind it).
            if (s->inst->type()->is<sema::PointerType>() && !s->inlined)
                for (const ir::Value* o : s->inst->operands) forced.insert(o);
        }
        mark_inlined(s->then_body, inlined, forced);
        mark_inlined(s->else_body, inlined, forced);
        mark_inlined(s->body, inlined, forced);
        mark_inlined(s->continuing, inlined, forced);
        for (const textgen::SwitchCase* c = s->cases; c; c = c->next) mark_inlined(c->body, inlined, forced);
    }
}

bool has_precise(const ir::Function* f) {
    for (const ir::Block* b : f->blocks)
        for (const ir::Instruction* i : b->instructions)
            if (i->precise) return true;
    return false;
}

}  // namespace

void Printer::print_function(const ir::Function* f, bool is_entry) {
    function_ = f;
    in_entry_ = is_entry;
    names_ = {};
    inlinable_.clear();
    local_names_.open_scope(file_names_);
    out_.clear();
    textgen::StructurizeResult sr = options_.structures ? options_.structures->get(*f)
                                                          : textgen::structurize(*f, const_cast<ir::Module&>(module_).arena());
    if (!sr.function) {
        fail(support::DiagCode::internal_error, "internal compiler error (MSL: the function does not structurize): " +
                                                    sr.error);
        return;
    }
    // The inlined values less the forced ones: pointer sets, as this is asked of every value.
    std::vector<const ir::Value*> inlined;
    std::size_t instructions = 0;
    for (const ir::Block* b : f->blocks) instructions += b->instructions.size();
    inlined.reserve(instructions);
    support::PointerSet<const ir::Value*> forced;
    mark_inlined(sr.function->body, inlined, forced);
    // A matrix read row by row (matrices.cpp) is named: inlined, it would be computed once per row.
    for (const ir::Block* b : f->blocks)
        for (const ir::Instruction* i : b->instructions)
            if (reads_rows(i))
                for (const ir::Value* o : i->operands)
                    if (o->type()->value_type()->is<sema::MatrixType>()) forced.insert(o);
    inlinable_.reserve(inlined.size());
    for (const ir::Value* v : inlined)
        if (!forced.contains(v)) inlinable_.insert(v);

    precise_function_ = has_precise(f);
    if (is_entry) {
        print_entry_signature();
    } else {
        std::string params;
        for (const ir::Argument* a : f->arguments) {
            std::string n = local_names_.fresh(a->name().empty() ? std::string_view("arg") : a->name());
            names_[a] = n;
            if (!params.empty()) params += ", ";
            if (const auto* p = a->type()->as<sema::PointerType>()) {
                params += reference_param(p->space, p->pointee, n);
            } else {
                params += type_name(a->type()) + " " + n;
            }
        }
        if (const auto* e = function_globals_.find(f))
            for (const ir::Global* g : e->second) {
                if (!params.empty()) params += ", ";
                params += global_info_[g].param;
            }
        if (uses_lane_) params += std::string(params.empty() ? "" : ", ") + "uint oneshader_lane";
        if (uses_lane_count_) params += std::string(params.empty() ? "" : ", ") + "uint oneshader_lane_count";
        out_.line_of("static ", type_name(f->result_type), ' ', function_names_[f], '(', params, ')');
        out_.open("{");
        print_precise_pragmas();
    }
    if (is_entry) print_entry_prologue();
    for (const ir::Instruction* phi : sr.function->phis) {
        std::string n = local_names_.fresh(phi->name().empty() ? std::string_view("phi") : phi->name());
        names_[phi] = n;
        out_.line_of(type_name(phi->type()), " ", n, " = {};");
    }
    loops_.clear();
    print_list(sr.function->body);
    bool returns_value = is_entry ? entry_returns_value_ : !f->result_type->is<sema::VoidType>();
    if (returns_value && !ends_in_jump(sr.function->body)) out_.line("return {};");
    out_.close("}");
    out_.line("");
}

void Printer::print_precise_pragmas() {
    if (!precise_function_) return;
    // Metal's fast math reassociates and contracts unless told not to (spec: "precise"); the
    // pragmas must open the function's body.
    out_.line("#pragma clang fp reassociate(off)");
    out_.line("#pragma clang fp contract(off)");
}

// `(a == b)` as a condition: clang warns of the doubled parentheses.
std::string condition(std::string e) {
    if (e.size() < 2 || e.front() != '(' || e.back() != ')') return e;
    int depth = 0;
    for (std::size_t k = 0; k < e.size(); ++k) {
        depth += e[k] == '(' ? 1 : e[k] == ')' ? -1 : 0;
        if (depth == 0 && k + 1 < e.size()) return e;
    }
    return e.substr(1, e.size() - 2);
}

void Printer::print_list(const textgen::StmtList& l) {
    for (const Stmt* s = l.first; s && !failed_; s = s->next) print_stmt(s);
}

void Printer::print_stmt(const Stmt* s) {
    switch (s->kind) {
    case StmtKind::Value: {
        const ir::Instruction* i = s->inst;
        const sema::Type* t = i->type()->value_type();
        if (i->type()->is<sema::PointerType>() || sema::is_resource_or_array(t)) return;
        if (inlinable_.count(i) && !needs_statement(i)) return;
        std::string n = local_names_.fresh(i->name().empty() ? std::string_view("v") : i->name());
        if (needs_statement(i)) {
            statement_value(i, n);
        } else {
            // Built in one buffer kept for every statement (no expression prints a let).
            std::string& e = statement_text_;
            e.clear();
            append_instruction_expr(e, i);
            out_.line_of(type_name(t), ' ', n, " = ", e, ';');
        }
        names_[i] = std::move(n);
        return;
    }
    case StmtKind::Effect: effect(s->inst); return;
    case StmtKind::Variable: {
        const ir::Instruction* i = s->inst;
        std::string n = local_names_.fresh(i->name().empty() ? std::string_view("var") : i->name());
        const sema::Type* t = i->type()->as<sema::PointerType>()->pointee;
        if (const auto* st = sema::innermost_element(t)->as<sema::StructType>()) declare_struct(st);
        out_.line_of(type_name(t), " ", n, " = {};");
        names_[i] = n;
        return;
    }
    case StmtKind::Assign: {
        std::string v;
        if (s->source) {
            auto it = snapshots_.find(s->source);
            v = it != snapshots_.end() ? it->second : "0";
        } else {
            v = expr(s->value);
        }
        out_.line_of(names_[s->phi], " = ", v, ";");
        return;
    }
    case StmtKind::Snapshot: {
        std::string n = local_names_.fresh("saved");
        out_.line_of(type_name(s->phi->type()), " ", n, " = ", names_[s->phi], ";");
        snapshots_[s] = n;
        return;
    }
    case StmtKind::If: {
        // An arm that jumps away (break, continue, return) is printed as the `if` and the other
        // arm after it, at this level: what the other arm defines is used after the `if`.
        bool then_jumps = ends_in_jump(s->then_body), else_jumps = ends_in_jump(s->else_body);
        if (else_jumps && !then_jumps) {
            out_.open("if (!" + expr(s->cond) + ") {");
            print_list(s->else_body);
            out_.close("}");
            print_list(s->then_body);
            return;
        }
        if (then_jumps && !else_jumps && !s->else_body.empty()) {
            out_.open("if (" + condition(expr(s->cond)) + ") {");
            print_list(s->then_body);
            out_.close("}");
            print_list(s->else_body);
            return;
        }
        out_.open("if (" + condition(expr(s->cond)) + ") {");
        print_list(s->then_body);
        if (!s->else_body.empty()) {
            out_.dedent();
            out_.open("} else {");
            print_list(s->else_body);
        }
        out_.close("}");
        return;
    }
    case StmtKind::Switch: {
        std::string flag;
        if (s->breaks_loop) {
            flag = local_names_.fresh("leave_loop");
            out_.line_of("bool ", flag, " = false;");
        }
        switch_flags_.push_back(flag);
        const sema::ScalarType* st = sema::component_type(s->cond->type());
        out_.open("switch (" + condition(expr(s->cond)) + ") {");
        for (const textgen::SwitchCase* c = s->cases; c; c = c->next) {
            for (std::int64_t v : c->values)
                out_.line_of("case ", (st ? scalar_literal(st, static_cast<std::uint64_t>(v)) : std::to_string(v)), ":");
            if (c->is_default) out_.line("default:");
            out_.open("{");
            print_list(c->body);
            if (!c->falls_into && !ends_in_jump(c->body)) out_.line("break;");
            out_.close("}");
        }
        out_.close("}");
        switch_flags_.pop_back();
        if (!flag.empty()) out_.line_of("if (", flag, ") break;");
        return;
    }
    case StmtKind::Loop: {
        out_.open("for (;;) {");
        loops_.push_back(&s->continuing);
        std::vector<std::string> saved_flags;
        saved_flags.swap(switch_flags_);
        print_list(s->body);
        print_list(s->continuing);
        switch_flags_.swap(saved_flags);
        loops_.pop_back();
        out_.close("}");
        return;
    }
    case StmtKind::BreakIf:
        out_.line_of("if (", (s->negate ? std::string("!").append(expr(s->cond)) : condition(expr(s->cond))), ") break;");
        return;
    case StmtKind::Break:
        if (s->loop_from_switch && !switch_flags_.empty() && !switch_flags_.back().empty())
            out_.line_of(switch_flags_.back(), " = true;");
        out_.line("break;");
        return;
    case StmtKind::Continue:
        if (!loops_.empty()) {
            const textgen::StmtList* cont = loops_.back();
            loops_.pop_back();  // a continue inside the continuing belongs to no nested loop here
            print_list(*cont);
            loops_.push_back(cont);
            if (ends_in_jump(*cont)) return;
        }
        out_.line("continue;");
        return;
    case StmtKind::Return: print_return(s->inst); return;
    case StmtKind::Kill:
        out_.line("discard_fragment();");
        if (in_entry_) {
            out_.line(entry_returns_value_ ? "return {};" : "return;");
        } else {
            // Spec "Known deviations": the caller keeps running with writes suppressed.
            out_.line(function_->result_type->is<sema::VoidType>() ? "return;" : "return {};");
        }
        return;
    case StmtKind::Unreachable: {
        bool returns_value = in_entry_ ? entry_returns_value_ : !function_->result_type->is<sema::VoidType>();
        out_.line(returns_value ? "return {};" : "return;");
        return;
    }
    }
}

void Printer::print_return(const ir::Instruction* ret) {
    if (in_entry_) {
        out_.line(entry_return());
        return;
    }
    if (ret && !ret->operands.empty()) out_.line_of("return ", expr(ret->operands[0]), ";");
    else out_.line("return;");
}

}  // namespace oneshader::msl
