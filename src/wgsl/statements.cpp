// Function bodies from the statement tree (textgen/structurize.hpp): `if`, `switch` (a case that
// falls into the next one repeats that case's statements; `default` last; a flag variable for a
// `break` out of the loop around it), `loop` with `continuing` and `break if`, phis as variables.
#include <fmt/compile.h>
#include <fmt/format.h>

#include "ir/type_rules.hpp"
#include "textgen/structure_cache.hpp"
#include "textgen/structurize.hpp"
#include "types/types_query.hpp"
#include "wgsl/printer.hpp"
#include "textgen/format.hpp"

namespace oneshader::wgsl {

void Printer::print_function(const ir::Function* f) {
    current_ = f;
    locals_.open_scope(names_);
    bool is_entry = f == entry_.function;
    textgen::StructurizeResult sr = options_.structures ? options_.structures->get(*f) : textgen::structurize(*f, arena_);
    if (!sr.function) {
        malformed(textgen::format(FMT_COMPILE("the control flow of '{}' is not structured as WGSL needs ({})"), f->name, sr.error));
        return;
    }
    if (is_entry) {
        print_entry_wrapper();
    } else {
        std::string sig = "fn " + function_names_[f] + "(";
        for (std::size_t k = 0; k < f->arguments.size(); ++k) {
            const ir::Argument* a = f->arguments[k];
            std::string n = locals_.fresh(a->name().empty() ? "arg" : a->name());
            std::string t;
            if (const auto* pt = a->type()->as<sema::PointerType>()) {
                using S = sema::AddressSpace;
                if (pt->pointee->is<sema::ResourceType>()) {
                    // A texture or sampler parameter is passed as the handle itself.
                    t = "";
                    value_names_[a] = n;
                    refuse(textgen::format(FMT_COMPILE("the function '{}' takes a resource parameter; the WGSL backend needs "
                                       "resource arguments inlined (mark the function inline or pass the data "
                                       "instead)"),
                                       f->name));
                } else if (pt->space == S::Function || pt->space == S::Private || pt->space == S::Workgroup) {
                    t = textgen::format(FMT_COMPILE("ptr<{}, {}>"), pt->space == S::Function ? "function"
                                                   : pt->space == S::Private ? "private" : "workgroup",
                                    type(pt->pointee));
                    value_names_[a] = "(*" + n + ")";
                } else {
                    refuse(textgen::format(FMT_COMPILE("the function '{}' takes a pointer into buffer or stage memory; WGSL "
                                       "passes only local, private and groupshared pointers. Copy the value "
                                       "into a local first"),
                                       f->name));
                    t = "u32";
                }
            } else {
                t = type(a->type());
                value_names_[a] = n;
            }
            sig += (k ? ", " : "") + n + ": " + t;
        }
        sig += ")";
        if (!f->result_type->is<sema::VoidType>()) sig += " -> " + type(f->result_type);
        out().open(sig + " {");
    }
    // A value used outside its block may be used outside the statement list that defines it (an
    // `if` arm's value read in the loop's continuing): it is a function-scope variable, assigned
    // where the IR computes it. Values used only in their own block stay `let`.
    hoisted_.clear();
    for (const ir::Block* b : f->blocks)
        for (const ir::Instruction* i : b->instructions)
            for (std::size_t k = 0; k < i->operands.size(); ++k) {
                const auto* d = i->operands[k]->as<ir::Instruction>();
                if (!d || d->type()->is<sema::PointerType>() || d->opcode == ir::Opcode::Phi) continue;
                const ir::Block* use_block = i->opcode == ir::Opcode::Phi ? i->targets[k] : b;
                if (d->block != use_block) hoisted_.insert(d);
            }
    for (const ir::Block* b : f->blocks)
        for (const ir::Instruction* i : b->instructions)
            if (hoisted_.count(i)) {
                std::string n = locals_.fresh(i->name().empty() ? "v" : i->name());
                value_names_[i] = n;
                out().line_of("var ", n, ": ", type(i->type()), ";");
            }
    // A matrix read row by row (matrices.cpp) is named: inlined, it would be computed once per row.
    row_operands_.clear();
    for (const ir::Block* b : f->blocks)
        for (const ir::Instruction* i : b->instructions)
            if (reads_rows(i))
                for (const ir::Value* v : i->operands)
                    if (const auto* d = v->as<ir::Instruction>(); d && d->type()->is<sema::MatrixType>()) row_operands_.insert(d);
    for (const ir::Instruction* phi : sr.function->phis) {
        std::string n = locals_.fresh(phi->name().empty() ? "phi" : phi->name());
        value_names_[phi] = n;
        out().line_of("var ", n, ": ", type(phi->type()), ";");
    }
    print_list(sr.function->body);
    out().close("}");
    out().line("");
    current_ = nullptr;
}

bool Printer::ends_in_component(const ir::Instruction* chain) {
    // The pointee before the last index: a vector (or a matrix kept as one) means a component.
    const sema::Type* t = chain->operands[0]->type()->as<sema::PointerType>()->pointee;
    for (std::size_t k = 1; k + 1 < chain->operands.size(); ++k) {
        auto c = ir::constant_int_value(chain->operands[k]);
        t = ir::composite_element_type(module_.types(), t, c.value_or(0));
        if (!t) return false;
    }
    if (const auto* v = t->as<sema::VectorType>()) return v->count > 1;
    if (const auto* m = t->as<sema::MatrixType>()) return m->rows == 1 || m->cols == 1;
    return false;
}

void Printer::print_list(const textgen::StmtList& list) {
    // The list's statements are one level below its block. WGSL implementations accept statements
    // at most 127 levels deep (spec: limits), counted as Tint counts them: the function's body is
    // level 1, and each if, loop and switch is a level and each block and case one more.
    if (list.first && block_depth_ + 1 > kMaxStatementDepth) {
        // Reported at the first of the statements with a source location.
        support::SourceLoc at;
        for (const textgen::Stmt* s = list.first; s && !at.valid(); s = s->next) {
            if (s->inst) at = s->inst->loc;
            else if (const auto* c = s->cond ? s->cond->as<ir::Instruction>() : nullptr) at = c->loc;
        }
        textgen::SourceAt::Scope scope(at_, at);
        refuse(textgen::format(FMT_COMPILE("WGSL: statements here nest more than {} levels deep, the most WGSL "
                                           "implementations accept (each if, loop or switch and each of its blocks "
                                           "is a level); move the inner part of the nesting into a function"),
                               kMaxStatementDepth));
        return;
    }
    for (const textgen::Stmt* s = list.first; s; s = s->next) print_stmt(*s);
}

void Printer::print_block(const textgen::StmtList& list, std::uint32_t levels) {
    block_depth_ += levels;
    print_list(list);
    block_depth_ -= levels;
}

void Printer::print_return(const ir::Instruction* ret) {
    if (current_ == entry_.function) {
        if (entry_output_.empty()) {
            out().line("return;");
            return;
        }
        std::string e = entry_output_ + "(";
        bool first = true;
        for (const ir::Global* g : entry_.outputs) {
            std::string v = global_name(g);
            if (g->builtin) {
                // The WGSL built-in's own type (sample_mask is u32 whatever the HLSL type).
                std::string t = type(g->value_type());
                if (*g->builtin == ir::BuiltIn::SampleMask && t != "u32") v = "u32(" + v + ")";
            }
            e += (first ? "" : ", ") + v;
            first = false;
        }
        out().line_of("return ", e, ");");
        return;
    }
    if (ret && !ret->operands.empty()) out().line_of("return ", value(ret->operands[0]), ";");
    else out().line("return;");
}

void Printer::print_stmt(const textgen::Stmt& s) {
    using K = textgen::StmtKind;
    switch (s.kind) {
        case K::Value: {
            const ir::Instruction* i = s.inst;
            if (i->type()->is<sema::PointerType>()) {
                if (i->opcode != ir::Opcode::AccessChain) {
                    malformed("a pointer value that is not an access chain");
                    return;
                }
                if (s.inlined) {
                    inlined_.insert(i);
                    return;
                }
                Ref r = pointer(i);
                // WGSL takes no address of a vector component: such a chain is written out at
                // each use instead.
                if (!r.in_buffer && ends_in_component(i)) {
                    inlined_.insert(i);
                    return;
                }
                std::string n = locals_.fresh(i->name().empty() ? "p" : i->name());
                if (r.in_buffer) {
                    if (!r.buffer.dynamic.empty()) {
                        out().line_of("let ", n, " = ", buffer_word_index(r.buffer, 0), ';');
                        buffer_pointer_words_[i] = n;
                    }
                } else {
                    out().line_of("let ", n, " = &", r.text, ';');
                    value_names_[i] = textgen::cat("(*", n, ')');
                }
                pointer_lets_.insert(i);
                return;
            }
            bool hoisted = hoisted_.count(i) != 0;
            // A value printed where it is used takes no name. statement() below prints only
            // inserts and intrinsics with temporaries as statements among what may be inlined.
            if (s.inlined && !hoisted && !row_operands_.count(i) && i->opcode != ir::Opcode::CompositeInsert &&
                i->opcode != ir::Opcode::CallIntrinsic) {
                inlined_.insert(i);
                return;
            }
            std::string var = hoisted ? value_names_[i] : std::string();
            std::string n = locals_.fresh(i->name().empty() ? "v" : i->name());
            if (statement(i, n)) {
                value_names_[i] = n;
                if (hoisted) {
                    out().line_of(var, " = ", n, ';');
                    value_names_[i] = var;
                }
                return;
            }
            if (s.inlined && !hoisted && !row_operands_.count(i)) {
                inlined_.insert(i);
                return;
            }
            // Built in one buffer kept for every statement (no expression prints a statement).
            std::string& e = statement_text_;
            e.clear();
            append_expression(e, i);
            if (hoisted) {
                out().line_of(var, " = ", e, ';');
                return;
            }
            out().line_of("let ", n, " = ", e, ';');
            value_names_[i] = std::move(n);
            return;
        }
        case K::Effect:
            if (!statement(s.inst, "")) malformed(textgen::format(FMT_COMPILE("the instruction '{}' as a statement"), ir::mnemonic(s.inst->opcode)));
            return;
        case K::Variable: {
            const auto* pt = s.inst->type()->as<sema::PointerType>();
            std::string n = locals_.fresh(s.inst->name().empty() ? "x" : s.inst->name());
            value_names_[s.inst] = n;
            out().line_of("var ", n, ": ", type(pt->pointee), ";");
            return;
        }
        case K::Assign: {
            std::string v = s.source ? snapshots_[s.source] : value(s.value);
            out().line_of(value_names_[s.phi], " = ", v, ';');
            return;
        }
        case K::Snapshot: {
            std::string n = locals_.fresh(textgen::cat(value_names_[s.phi], "_old"));
            snapshots_[&s] = n;
            out().line_of("let ", n, " = ", value_names_[s.phi], ';');
            return;
        }
        case K::If:
            out().open(textgen::cat("if (", value(s.cond), ") {"));
            print_block(s.then_body, 2);
            if (!s.else_body.empty()) {
                out().close("} else {");
                out().indent();
                print_block(s.else_body, 2);
            }
            out().close("}");
            return;
        case K::Switch: {
            std::string flag;
            if (s.breaks_loop) {
                flag = locals_.fresh("leave_loop");
                out().line_of("var ", flag, " = false;");
            }
            break_flags_.push_back(flag);
            const sema::ScalarType* st = sema::component_type(s.cond->type());
            bool is_signed = st && sema::is_signed_kind(st->scalar);
            out().open("switch (" + value(s.cond) + ") {");
            const textgen::SwitchCase* def = nullptr;
            // The switch, the case and the case's block.
            auto body = [&](const textgen::SwitchCase* c) {
                for (const textgen::SwitchCase* k = c; k; k = k->falls_into) print_block(k->body, 3);
            };
            for (const textgen::SwitchCase* c = s.cases; c; c = c->next) {
                if (c->is_default) {
                    def = c;
                    continue;
                }
                std::string labels;
                for (std::int64_t v : c->values)
                    labels += (labels.empty() ? "" : ", ") +
                              (is_signed ? textgen::format(FMT_COMPILE("{}i"), static_cast<std::int32_t>(v))
                                         : textgen::format(FMT_COMPILE("{}u"), static_cast<std::uint32_t>(v)));
                if (labels.empty()) continue;
                out().open("case " + labels + ": {");
                body(c);
                out().close("}");
            }
            if (def) {
                std::string labels;
                for (std::int64_t v : def->values)
                    labels += (is_signed ? textgen::format(FMT_COMPILE("{}i"), static_cast<std::int32_t>(v))
                                         : textgen::format(FMT_COMPILE("{}u"), static_cast<std::uint32_t>(v))) +
                              ", ";
                out().open("case " + labels + "default: {");
                body(def);
                out().close("}");
            } else {
                out().line("default: {}");
            }
            out().close("}");
            break_flags_.pop_back();
            if (!flag.empty()) {
                out().open("if (" + flag + ") {");
                out().line("break;");
                out().close("}");
            }
            return;
        }
        case K::Loop:
            out().open("loop {");
            break_flags_.push_back("");
            print_block(s.body, 2);
            if (!s.continuing.empty()) {
                // The continuing block is inside the loop's block.
                out().open("continuing {");
                print_block(s.continuing, 3);
                out().close("}");
            }
            break_flags_.pop_back();
            out().close("}");
            return;
        case K::BreakIf: {
            std::string c = value(s.cond);
            if (s.negate)
                out().line_of("break if !(", c, ");");
            else
                out().line_of("break if ", c, ';');
            return;
        }
        case K::Break:
            if (s.loop_from_switch && !break_flags_.empty() && !break_flags_.back().empty())
                out().line_of(break_flags_.back(), " = true;");
            out().line("break;");
            return;
        case K::Continue: out().line("continue;"); return;
        case K::Return: print_return(s.inst); return;
        case K::Kill: out().line("discard;"); return;
        case K::Unreachable:
            // Never reached; a function with a result still needs a return for WGSL's behaviour
            // analysis.
            if (current_ && current_ != entry_.function && !current_->result_type->is<sema::VoidType>())
                out().line_of("return ", zero(current_->result_type), ';');
            return;
    }
}

}  // namespace oneshader::wgsl
