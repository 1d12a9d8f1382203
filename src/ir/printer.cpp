#include "ir/printer.hpp"

#include <algorithm>
#include <charconv>
#include <unordered_set>

#include "ir/float_bits.hpp"
#include "types/types_print.hpp"
#include "types/types_query.hpp"

namespace oneshader::ir {

namespace {

void collect_type(const sema::Type* t, std::unordered_set<const sema::StructType*>& seen,
                  std::vector<const sema::StructType*>& out) {
    while (t) {
        if (const auto* p = t->as<sema::PointerType>()) {
            t = p->pointee;
        } else if (const auto* a = t->as<sema::ArrayType>()) {
            t = a->element;
        } else if (const auto* r = t->as<sema::ResourceType>()) {
            t = r->element;
        } else if (const auto* s = t->as<sema::StructType>()) {
            if (!seen.insert(s).second) return;
            out.push_back(s);
            collect_type(s->base, seen, out);
            for (const sema::StructMember& m : s->members) collect_type(m.type, seen, out);
            return;
        } else {
            return;
        }
    }
}

std::string float_text(std::uint64_t bits, unsigned width) {
    double v = float_value(bits, width);
    if (v != v) {
        char buf[32];
        auto r = std::to_chars(buf, buf + sizeof buf, bits, 16);
        return "nan(0x" + std::string(buf, r.ptr) + ")";
    }
    if (v == 1.0 / 0.0) return "inf";
    if (v == -1.0 / 0.0) return "-inf";
    char buf[64];
    std::to_chars_result r = width == 64 ? std::to_chars(buf, buf + sizeof buf, v)
                                         : std::to_chars(buf, buf + sizeof buf, static_cast<float>(v));
    std::string s(buf, r.ptr);
    // A float literal always shows it is one, so `1.0:float` never reads as an integer.
    if (s.find_first_of(".e") == std::string::npos) s += ".0";
    return s;
}

std::string scalar_literal(const Constant* c) {
    const auto* s = c->type()->as<sema::ScalarType>();
    if (!s) return "?";
    if (s->scalar == sema::ScalarKind::Bool) return c->bits ? "true" : "false";
    if (sema::is_float_kind(s->scalar)) return float_text(c->bits, s->bits);
    if (sema::is_signed_kind(s->scalar)) return std::to_string(sign_extend(c->bits, s->bits));
    return std::to_string(c->bits);
}

// A constant inside a composite: its type is the parent's element type, so only the value is written.
void element_text(std::string& out, const Constant* c) {
    switch (c->constant_kind) {
    case ConstantKind::Scalar:
        out += scalar_literal(c);
        return;
    case ConstantKind::Zero:
        out += "zero";
        return;
    case ConstantKind::Undef:
        out += "undef";
        return;
    case ConstantKind::Composite:
        out += '{';
        for (std::size_t i = 0; i < c->elements.size(); ++i) {
            if (i) out += ", ";
            element_text(out, c->elements[i]);
        }
        out += '}';
        return;
    }
}

std::string interp_text(std::uint8_t bits) {
    static const char* kNames[] = {"linear", "centroid", "nointerpolation", "noperspective", "sample"};
    std::string out;
    for (unsigned b = 0; b < 5; ++b) {
        if (!(bits & (1u << b))) continue;
        if (!out.empty()) out += ',';
        out += kNames[b];
    }
    return out;
}

std::string member_text(const sema::StructMember& m, const StructNames& names) {
    std::string out = std::string(m.name.str()) + ": " + type_text(m.type, names);
    if (!m.semantic.empty()) out += " semantic(" + std::string(m.semantic.str()) + ")";
    if (m.interpolation) out += " interp(" + interp_text(m.interpolation) + ")";
    if (m.precise) out += " precise";
    if (m.vk_offset) out += " offset(" + std::to_string(*m.vk_offset) + ")";
    if (m.packoffset)
        out += " packoffset(" + std::to_string(m.packoffset->reg) + ", " + std::to_string(m.packoffset->component) + ")";
    if (m.vk_location) out += " location(" + std::to_string(*m.vk_location) + ")";
    return out;
}

class Printer {
public:
    Printer(const Module& m, const PrintOptions& options) : m_(m), options_(options) {
        names_ = name_structs(m, &structs_);
    }

    std::string run() {
        for (const sema::StructType* s : structs_) print_struct(s);
        section();
        for (const SpecConstant* s : m_.spec_constants) {
            out_ += "spec " + std::to_string(s->id);
            if (!s->name().empty()) out_ += " " + std::string(s->name());
            out_ += " = ";
            out_ += s->default_value ? constant_text(s->default_value, names_) : std::string("<null>");
            out_ += '\n';
        }
        section();
        Numbering globals(&m_, nullptr, &names_);
        for (const Global* g : m_.globals) print_global(globals, g);
        for (const Function* f : m_.functions) {
            section();
            print_function(f);
        }
        section();
        for (const EntryPoint* e : m_.entry_points) print_entry(globals, e);
        while (out_.ends_with("\n\n")) out_.pop_back();
        return std::move(out_);
    }

private:
    // One blank line between non-empty sections.
    void section() {
        if (!out_.empty() && !out_.ends_with("\n\n")) out_ += '\n';
    }

    void print_struct(const sema::StructType* s) {
        out_ += "struct " + names_.at(s);
        if (s->base) out_ += " : " + type_text(s->base, names_);
        out_ += " {";
        for (std::size_t i = 0; i < s->members.size(); ++i) {
            out_ += i ? ", " : " ";
            out_ += member_text(s->members[i], names_);
        }
        out_ += s->members.empty() ? "}\n" : " }\n";
    }

    void print_global(const Numbering& n, const Global* g) {
        out_ += n.value(g) + " = global " + std::string(sema::address_space_name(g->space())) + " " +
                type_text(g->value_type(), names_);
        if (g->set) out_ += " set(" + std::to_string(*g->set) + ")";
        if (g->binding) out_ += " binding(" + std::to_string(*g->binding) + ")";
        if (g->location) out_ += " location(" + std::to_string(*g->location) + ")";
        if (g->builtin) out_ += " builtin(" + std::string(builtin_name(*g->builtin)) + ")";
        if (g->interpolation) out_ += " interp(" + interp_text(g->interpolation) + ")";
        if (g->per_vertex) out_ += " per_vertex(3)";
        if (g->input_attachment_index) out_ += " input_attachment(" + std::to_string(*g->input_attachment_index) + ")";
        if (g->image_format != ImageFormat::Unknown)
            out_ += " format(" + std::string(image_format_name(g->image_format)) + ")";
        if (!g->semantic.empty()) out_ += " semantic(\"" + std::string(g->semantic) + "\")";
        if (!g->user_type.empty()) out_ += " user_type(\"" + std::string(g->user_type) + "\")";
        if (g->counter_for) out_ += " counter_for(" + n.value(g->counter_for) + ")";
        if (g->initializer) out_ += " = " + constant_text(g->initializer, names_);
        location(g->loc);
        comment_name(g->name());
        out_ += '\n';
    }

    void location(support::SourceLoc loc) {
        if (options_.locations && loc.valid())
            out_ += " !loc(" + std::to_string(loc.file) + ":" + std::to_string(loc.offset) + ")";
    }

    void comment_name(std::string_view name) {
        if (!name.empty()) out_ += " ; " + std::string(name);
    }

    void print_entry(const Numbering& n, const EntryPoint* e) {
        out_ += "entry " + std::string(stage_name(e->stage)) + " @" +
                (e->function ? std::string(e->function->name) : std::string("<null>"));
        if (e->stage == ShaderStage::Compute || e->workgroup_size != std::array<std::uint32_t, 3>{0, 0, 0})
            out_ += " workgroup_size(" + std::to_string(e->workgroup_size[0]) + ", " +
                    std::to_string(e->workgroup_size[1]) + ", " + std::to_string(e->workgroup_size[2]) + ")";
        auto list = [&](const char* word, const std::vector<Global*>& gs) {
            if (gs.empty()) return;
            out_ += std::string(" ") + word + "(";
            for (std::size_t i = 0; i < gs.size(); ++i) out_ += (i ? ", " : "") + n.value(gs[i]);
            out_ += ")";
        };
        list("inputs", e->inputs);
        list("outputs", e->outputs);
        out_ += '\n';
    }

    void print_function(const Function* f) {
        Numbering n(&m_, f, &names_);
        out_ += "func @" + std::string(f->name) + "(";
        bool any_name = false;
        for (std::size_t i = 0; i < f->arguments.size(); ++i) {
            const Argument* a = f->arguments[i];
            out_ += (i ? ", " : "") + n.value(a) + ": " + type_text(a->type(), names_);
            any_name = any_name || !a->name().empty();
        }
        out_ += ") -> " + type_text(f->result_type, names_) + " {";
        if (any_name) {
            out_ += " ;";
            for (std::size_t i = 0; i < f->arguments.size(); ++i)
                out_ += (i ? ", " : " ") + std::string(f->arguments[i]->name());
        }
        out_ += '\n';
        for (const Block* b : f->blocks) {
            print_block_header(n, b);
            for (const Instruction* i : b->instructions) print_instruction(n, i);
        }
        out_ += "}\n";
    }

    void print_block_header(const Numbering& n, const Block* b) {
        out_ += n.block(b) + ":";
        std::string notes;
        auto add = [&](const std::string& s) {
            if (!notes.empty()) notes += ' ';
            notes += s;
        };
        // Each note on its own, so that a header the verifier rejects (a selection without its
        // merge block, say) still prints as the text it was read from.
        if (b->structure == StructureKind::Selection) add("selection");
        if (b->structure == StructureKind::Loop) add("loop");
        if (b->merge) add("merge=" + n.block(b->merge));
        if (b->continue_block) add("continue=" + n.block(b->continue_block));
        if (b->hint != ControlHint::None) {
            std::string h = "hint=" + std::string(control_hint_name(b->hint));
            if (b->hint == ControlHint::Unroll && b->unroll_count) h += "(" + std::to_string(b->unroll_count) + ")";
            add(h);
        }
        if (!b->name().empty()) add("(" + std::string(b->name()) + ")");
        if (!notes.empty()) out_ += " ; " + notes;
        out_ += '\n';
    }

    std::string operand_list(const Numbering& n, const Instruction* i) {
        std::string s;
        for (std::size_t k = 0; k < i->operands.size(); ++k) s += (k ? ", " : "") + n.value(i->operands[k]);
        return s;
    }

    // The text between quotes with '"', '\\' and every byte outside printable ASCII as \xx (two hex
    // digits), so a string token never holds a quote and a line never breaks.
    static std::string quoted_string(std::string_view v) {
        static constexpr char kHex[] = "0123456789abcdef";
        std::string s = "\"";
        for (char ch : v) {
            auto u = static_cast<unsigned char>(ch);
            if (u >= 0x20 && u < 0x7F && ch != '"' && ch != '\\') {
                s += ch;
            } else {
                s += '\\';
                s += kHex[u >> 4];
                s += kHex[u & 15];
            }
        }
        return s + "\"";
    }

    static std::string int_list(std::span<const std::int64_t> v) {
        std::string s;
        for (std::size_t k = 0; k < v.size(); ++k) s += (k ? ", " : "") + std::to_string(v[k]);
        return s;
    }

    void print_instruction(const Numbering& n, const Instruction* i) {
        out_ += "  ";
        if (i->has_result()) out_ += n.value(i) + " = ";
        const OpcodeInfo& info = opcode_info(i->opcode);
        std::string line(info.mnemonic);
        if (i->precise) line += " precise";
        auto append = [&](const std::string& s) {
            if (!s.empty()) line += " " + s;
        };
        switch (info.syntax) {
        case OpSyntax::Plain:
            append(operand_list(n, i));
            break;
        case OpSyntax::IndexList:
            append(operand_list(n, i));
            append("[" + int_list(i->immediates) + "]");
            break;
        case OpSyntax::Offset:
            append(operand_list(n, i));
            if (!i->immediates.empty()) append("offset(" + int_list(i->immediates) + ")");
            break;
        case OpSyntax::Gather:
            append(operand_list(n, i));
            if (!i->immediates.empty()) {
                append("component(" + std::to_string(i->immediates[0]) + ")");
                if (i->immediates.size() > 1)
                    append("offset(" + int_list(std::span(i->immediates).subspan(1)) + ")");
            }
            break;
        case OpSyntax::Atomic: {
            std::int64_t op = i->immediates.empty() ? -1 : i->immediates[0];
            append(op >= 0 && op <= static_cast<std::int64_t>(AtomicOp::Exchange)
                       ? std::string(atomic_op_name(static_cast<AtomicOp>(op)))
                       : "op(" + std::to_string(op) + ")");
            append(operand_list(n, i));
            break;
        }
        case OpSyntax::Barrier: {
            std::int64_t flags = i->immediates.empty() ? 0 : i->immediates[0];
            std::string s;
            for (BarrierFlags f : {kBarrierGroupSync, kBarrierWorkgroupMemory, kBarrierDeviceMemory})
                if (flags & f) s += (s.empty() ? "" : "|") + std::string(barrier_flag_name(f));
            append(s.empty() ? "none" : s);
            break;
        }
        case OpSyntax::Intrinsic: {
            // The HLSL name, so that IR text reads like the source and parses back to the id.
            std::string ops = operand_list(n, i);
            // printf's format (a module string) leads its operands, as in the source.
            if (i->intrinsic == intrinsics::Id::Printf && !i->immediates.empty()) {
                std::int64_t k = i->immediates[0];
                std::string text = k >= 0 && std::size_t(k) < m_.strings().size()
                                       ? quoted_string(m_.strings()[std::size_t(k)])
                                       : "string(" + std::to_string(k) + ")";
                ops = ops.empty() ? text : text + ", " + ops;
            }
            append(std::string(intrinsics::name(i->intrinsic)) + "(" + ops + ")");
            break;
        }
        case OpSyntax::Call:
            append("@" + (i->callee ? std::string(i->callee->name) : std::string("<null>")) + "(" +
                   operand_list(n, i) + ")");
            break;
        case OpSyntax::Phi:
            for (std::size_t k = 0; k < i->operands.size(); ++k) {
                std::string from = k < i->targets.size() ? n.block(i->targets[k]) : std::string("bb?");
                line += (k ? ", [" : " [") + n.value(i->operands[k]) + ", " + from + "]";
            }
            break;
        case OpSyntax::Branch: {
            std::string s = operand_list(n, i);
            for (const Block* t : i->targets) s += (s.empty() ? "" : ", ") + n.block(t);
            append(s);
            break;
        }
        case OpSyntax::Switch: {
            append(operand_list(n, i));
            append("default " + (i->targets.empty() ? std::string("bb?") : n.block(i->targets[0])));
            const sema::Type* st = i->operands.empty() ? nullptr : i->operands[0]->type();
            bool is_unsigned = st && sema::is_integer(st) && !sema::is_signed(st);
            std::string cases;
            for (std::size_t k = 0; k < i->immediates.size(); ++k) {
                std::int64_t v = i->immediates[k];
                cases += (k ? ", " : "") +
                         (is_unsigned ? std::to_string(static_cast<std::uint64_t>(v)) : std::to_string(v)) + ": " +
                         (k + 1 < i->targets.size() ? n.block(i->targets[k + 1]) : std::string("bb?"));
            }
            append("[" + cases + "]");
            break;
        }
        }
        out_ += line;
        if (i->has_result()) out_ += " : " + type_text(i->type(), names_);
        location(i->loc);
        if (i->has_result()) comment_name(i->name());
        out_ += '\n';
    }

    const Module& m_;
    PrintOptions options_;
    StructNames names_;
    std::vector<const sema::StructType*> structs_;
    std::string out_;
};

}  // namespace

StructNames name_structs(const Module& m, std::vector<const sema::StructType*>* in_order) {
    std::unordered_set<const sema::StructType*> seen;
    std::vector<const sema::StructType*> order;
    for (const SpecConstant* s : m.spec_constants) collect_type(s->type(), seen, order);
    for (const Global* g : m.globals) collect_type(g->type(), seen, order);
    for (const Constant* c : m.constants()) collect_type(c->type(), seen, order);
    for (const Function* f : m.functions) {
        collect_type(f->result_type, seen, order);
        for (const Argument* a : f->arguments) collect_type(a->type(), seen, order);
        for (const Block* b : f->blocks)
            for (const Instruction* i : b->instructions) collect_type(i->type(), seen, order);
    }
    std::sort(order.begin(), order.end(), [](auto* a, auto* b) { return a->id < b->id; });
    StructNames names;
    std::unordered_set<std::string> used;
    for (const sema::StructType* s : order) {
        std::string base = s->name.empty() ? std::string("anon") : std::string(s->name.str());
        // The text form's names are words: `$Globals` and template instances (`Pair<int>`)
        // print with '_' for the characters a word cannot hold.
        for (char& ch : base)
            if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '.'))
                ch = '_';
        if (base.front() >= '0' && base.front() <= '9') base.insert(base.begin(), '_');
        std::string name = base;
        for (std::uint32_t k = s->name.empty() ? 0 : 1; name == "anon" || used.count(name); ++k)
            name = base + "." + std::to_string(k);
        used.insert(name);
        names.emplace(s, name);
    }
    if (in_order) *in_order = std::move(order);
    return names;
}

std::string constant_text(const Constant* c, const StructNames& names) {
    switch (c->constant_kind) {
    case ConstantKind::Scalar:
        return scalar_literal(c) + ":" + type_text(c->type(), names);
    case ConstantKind::Zero:
        return "zero:" + type_text(c->type(), names);
    case ConstantKind::Undef:
        return "undef:" + type_text(c->type(), names);
    case ConstantKind::Composite: {
        std::string out = type_text(c->type(), names);
        std::string elements;
        element_text(elements, c);
        return out + elements;
    }
    }
    return "?";
}

Numbering::Numbering(const Module* m, const Function* f, const StructNames* names) : structs_(names) {
    if (m) {
        for (std::size_t i = 0; i < m->globals.size(); ++i) globals_.emplace(m->globals[i], std::uint32_t(i));
        if (!structs_) {
            own_structs_ = name_structs(*m);
            structs_ = &own_structs_;
        }
    }
    if (!structs_) structs_ = &own_structs_;
    if (!f) return;
    std::uint32_t next = 0;
    for (std::size_t i = 0; i < f->blocks.size(); ++i) {
        blocks_.emplace(f->blocks[i], std::uint32_t(i));
        for (const Instruction* inst : f->blocks[i]->instructions)
            if (inst->has_result()) values_.emplace(inst, next++);
    }
}

std::string Numbering::value(const Value* v) const {
    if (!v) return "<null>";
    switch (v->kind()) {
    case ValueKind::Constant:
        return constant_text(v->as<Constant>(), *structs_);
    case ValueKind::SpecConstant: {
        const auto* s = v->as<SpecConstant>();
        return "spec(" + std::to_string(s->id) + (s->name().empty() ? "" : " " + std::string(s->name())) + ")";
    }
    case ValueKind::Argument: {
        const auto* a = v->as<Argument>();
        return "%arg" + std::to_string(a->index);
    }
    case ValueKind::Global: {
        auto it = globals_.find(v);
        return it == globals_.end() ? std::string("%g?") : "%g" + std::to_string(it->second);
    }
    case ValueKind::Instruction: {
        auto it = values_.find(v);
        return it == values_.end() ? std::string("%?") : "%" + std::to_string(it->second);
    }
    }
    return "%?";
}

std::string Numbering::block(const Block* b) const {
    auto it = blocks_.find(b);
    return it == blocks_.end() ? std::string("bb?") : "bb" + std::to_string(it->second);
}

std::string print_module(const Module& m, const PrintOptions& options) { return Printer(m, options).run(); }

}  // namespace oneshader::ir
