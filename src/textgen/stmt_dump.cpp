#include "textgen/stmt_dump.hpp"

#include "ir/printer.hpp"
#include "textgen/writer.hpp"

namespace oneshader::textgen {

namespace {

class Dumper {
public:
    explicit Dumper(const StructuredFunction& f) : n_(f.function->module, f.function) {}

    std::string run(const StructuredFunction& f) {
        list(f.body);
        return w_.take();
    }

private:
    std::string v(const ir::Value* x) const { return x ? n_.value(x) : std::string("?"); }
    std::string op(const ir::Instruction* i) const { return std::string(ir::mnemonic(i->opcode)); }

    void list(const StmtList& l) {
        for (const Stmt* s = l.first; s; s = s->next) stmt(*s);
    }

    void block(const std::string& head, const StmtList& l) {
        w_.open(head + " {");
        list(l);
        w_.close("}");
    }
    // `head { first } second_head { second }`, or only the first part when `second` is empty.
    void pair(const std::string& head, const StmtList& first, const std::string& second_head, const StmtList& second) {
        w_.open(head + " {");
        list(first);
        if (!second.empty()) {
            w_.dedent();
            w_.open("} " + second_head + " {");
            list(second);
        }
        w_.close("}");
    }

    void stmt(const Stmt& s) {
        switch (s.kind) {
        case StmtKind::Value: w_.line((s.inlined ? "inline " : "let ") + v(s.inst) + " = " + op(s.inst)); break;
        case StmtKind::Effect: w_.line("effect " + op(s.inst)); break;
        case StmtKind::Variable: w_.line("var " + v(s.inst) + " = alloca"); break;
        case StmtKind::Assign:
            w_.line(v(s.phi) + " <- " + (s.source ? "snapshot " + v(s.source->phi) : v(s.value)));
            break;
        case StmtKind::Snapshot: w_.line("snapshot " + v(s.phi)); break;
        case StmtKind::If:
            pair("if " + v(s.cond), s.then_body, "else", s.else_body);
            break;
        case StmtKind::Switch:
            w_.open("switch " + v(s.cond) + (s.breaks_loop ? " (breaks loop)" : "") + " {");
            for (const SwitchCase* c = s.cases; c; c = c->next) {
                std::string head = "case";
                for (std::int64_t value : c->values) head.append(" ").append(std::to_string(value));
                if (c->is_default) head += " default";
                if (c->falls_into) head += " (falls through)";
                block(head, c->body);
            }
            w_.close("}");
            break;
        case StmtKind::Loop:
            pair("loop " + n_.block(s.header), s.body, "continuing", s.continuing);
            break;
        case StmtKind::BreakIf: w_.line("break if " + std::string(s.negate ? "!" : "") + v(s.cond)); break;
        case StmtKind::Break: w_.line(s.loop_from_switch ? "break loop" : "break"); break;
        case StmtKind::Continue: w_.line("continue"); break;
        case StmtKind::Return:
            w_.line(s.inst->operands.empty() ? std::string("return") : "return " + v(s.inst->operands[0]));
            break;
        case StmtKind::Kill: w_.line("kill"); break;
        case StmtKind::Unreachable: w_.line("unreachable"); break;
        }
    }

    ir::Numbering n_;
    TextWriter w_;
};

}  // namespace

std::string dump(const StructuredFunction& f) { return Dumper(f).run(f); }

}  // namespace oneshader::textgen
