// Function bodies of the IR text form: block headers with their structure notes, instructions,
// and the references resolved when a function or the module ends.
#include "ir/text_parser_impl.hpp"

namespace oneshader::ir::text {

Block* Parser::block_ref(const Token& t) {
    auto it = blocks_.find(t.text);
    if (it != blocks_.end()) return it->second.block;
    // Referenced before its label: placed in the function when the label comes.
    Block* b = m_.arena().make<Block>(fn_);
    blocks_.emplace(t.text, BlockRecord{b, false, Ref{line_, t.column}});
    block_order_.push_back(t.text);
    return b;
}

bool Parser::parse_block_ref(Cursor& c, Block*& out) {
    Token t = c.next();
    if (t.kind != Tok::Ident) return error(t.column, "expected a block (bbN)");
    out = block_ref(t);
    return true;
}

bool Parser::parse_block_header(Cursor& c) {
    Token label = c.next();
    c.next();  // ':'
    Block* b = block_ref(label);
    BlockRecord& rec = blocks_.at(label.text);
    if (rec.defined) return error(label.column, std::string(label.text) + " is defined twice");
    rec.defined = true;
    fn_->blocks.push_back(b);
    block_ = b;
    Token t = c.next();
    if (t.kind == Tok::Comment) return parse_block_notes(t.text, b);
    if (t.kind != Tok::End) return error(t.column, "unexpected '" + std::string(t.text) + "' after a block label");
    return true;
}

bool Parser::parse_block_notes(std::string_view comment, Block* b) {
    auto base = static_cast<std::uint32_t>(comment.data() - line_text_.data()) + 1;
    Cursor c(comment, base);
    while (true) {
        Token t = c.next();
        if (t.kind == Tok::End) return true;
        if (t.is('(')) {
            // The name runs to the last ')' and may hold anything.
            std::string_view rest = comment.substr(t.column - base + 1);
            std::size_t close = rest.rfind(')');
            if (close == std::string_view::npos || close + 1 != rest.size())
                return error(t.column, "a block name ends with ')' at the end of the line");
            m_.set_name(b, rest.substr(0, close));
            return true;
        }
        if (t.is_word("selection") || t.is_word("loop")) {
            b->structure = t.text == "loop" ? StructureKind::Loop : StructureKind::Selection;
            continue;
        }
        if (t.is_word("merge") || t.is_word("continue")) {
            if (!expect(c, '=', "'='")) return false;
            Block* target = nullptr;
            if (!parse_block_ref(c, target)) return false;
            (t.text == "merge" ? b->merge : b->continue_block) = target;
            continue;
        }
        if (t.is_word("hint")) {
            if (!expect(c, '=', "'='")) return false;
            Token h = c.next();
            std::optional<ControlHint> hint = control_hint_from_name(h.text);
            if (h.kind != Tok::Ident || !hint) return error(h.column, "unknown control hint");
            b->hint = *hint;
            // `unroll(4)`, the '(' right after the word; a '(' after a space is the block's name,
            // `(loop.header)` or `(4)`.
            Cursor after = c;
            const Token open = after.next();
            const bool adjacent = open.column == h.column + h.text.size();
            if (*hint == ControlHint::Unroll && open.is('(') && adjacent && after.peek().kind == Tok::Number) {
                c.next();
                if (!parse_u32(c, b->unroll_count) || !expect(c, ')', "')'")) return false;
            }
            continue;
        }
        return error(t.column, "unknown block note '" + std::string(t.text) + "'");
    }
}

namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

bool Parser::parse_operands(Cursor& c, Instruction* i, bool in_parens) {
    if (in_parens ? c.peek().is(')') : !starts_operand(c.peek())) return true;
    while (true) {
        if (!parse_operand(c, i)) return false;
        if (!c.peek().is(',')) return true;
        c.next();
    }
}

bool Parser::parse_location(Cursor& c, support::SourceLoc& out) {
    c.next();  // '!'
    support::SourceLoc loc;
    if (!expect_word(c, "loc") || !expect(c, '(', "'('")) return false;
    std::uint32_t file_column = c.peek().column;
    if (!parse_u32(c, loc.file) || !expect(c, ':', "':'") || !parse_u32(c, loc.offset) || !expect(c, ')', "')'"))
        return false;
    if (!loc.valid()) return error(file_column, "a location's file is numbered from 1");
    out = loc;
    return true;
}

bool Parser::parse_instruction(Cursor& c) {
    Token first = c.next();
    Token label;
    bool has_label = first.kind == Tok::Local;
    if (has_label) {
        label = first;
        if (!expect(c, '=', "'='")) return false;
        first = c.next();
    }
    std::optional<Opcode> op = first.kind == Tok::Ident ? opcode_from_mnemonic(first.text) : std::nullopt;
    if (!op) return error(first.column, "unknown opcode '" + std::string(first.text) + "'");
    const OpcodeInfo& info = opcode_info(*op);
    if (info.result == ResultRule::Yes && !has_label)
        return error(first.column, std::string("'").append(info.mnemonic) + "' defines a value: write %N = " +
                                       std::string(info.mnemonic) + " ...");
    if (info.result == ResultRule::No && has_label)
        return error(label.column, std::string("'").append(info.mnemonic) + "' defines no value");
    if (!block_) return error(first.column, "an instruction before the first block label");

    Instruction* i = m_.make_instruction(*op, nullptr);
    if (c.peek().is_word("precise")) {
        c.next();
        i->precise = true;
    }
    switch (info.syntax) {
    case OpSyntax::Plain:
        if (!parse_operands(c, i, false)) return false;
        break;
    case OpSyntax::IndexList:
        if (!parse_operands(c, i, false) || !expect(c, '[', "'[' and the indices") ||
            !parse_int_list(c, ']', i->immediates))
            return false;
        break;
    case OpSyntax::Offset:
    case OpSyntax::Gather:
        if (!parse_operands(c, i, false)) return false;
        if (info.syntax == OpSyntax::Gather) {
            std::int64_t component = 0;
            if (!expect_word(c, "component") || !expect(c, '(', "'('") || !parse_i64(c, component) ||
                !expect(c, ')', "')'"))
                return false;
            i->immediates.push_back(component);
        }
        if (c.peek().is_word("offset")) {
            c.next();
            std::size_t before = i->immediates.size();
            if (!expect(c, '(', "'('") || !parse_int_list(c, ')', i->immediates)) return false;
            if (i->immediates.size() == before) return error(c.column(), "an offset has 1 to 3 components");
        }
        break;
    case OpSyntax::Atomic: {
        Token w = c.next();
        std::optional<AtomicOp> a = atomic_op_from_name(w.text);
        if (w.kind != Tok::Ident || !a) return error(w.column, "expected an atomic operation (add, sub, and, or, xor, min, max, exchange)");
        i->immediates.push_back(static_cast<std::int64_t>(*a));
        if (!parse_operands(c, i, false)) return false;
        break;
    }
    case OpSyntax::Barrier: {
        std::int64_t flags = 0;
        Token w = c.next();
        if (!w.is_word("none")) {
            while (true) {
                std::optional<BarrierFlags> f = barrier_flag_from_name(w.text);
                if (w.kind != Tok::Ident || !f)
                    return error(w.column, "expected barrier flags (group_sync, workgroup_memory, device_memory)");
                flags |= *f;
                if (!c.peek().is('|')) break;
                c.next();
                w = c.next();
            }
        }
        i->immediates.push_back(flags);
        break;
    }
    case OpSyntax::Intrinsic:
    case OpSyntax::Call: {
        Token name = c.next();
        if (info.syntax == OpSyntax::Call) {
            if (name.kind != Tok::Func) return error(name.column, "expected @function");
            callee_fixups_.push_back({i, nullptr, name.text, Ref{line_, name.column}});
        } else {
            if (name.kind != Tok::Ident) return error(name.column, "expected the intrinsic's name");
            i->intrinsic = intrinsics::from_name(name.text);
            if (i->intrinsic == intrinsics::Id::None)
                return error(name.column, "unknown intrinsic '" + std::string(name.text) + "'");
        }
        if (!expect(c, '(', "'('")) return false;
        if (i->intrinsic == intrinsics::Id::Printf) {
            Token f = c.next();
            if (f.kind != Tok::String) return error(f.column, "expected printf's format as a \"string\"");
            std::string text;
            for (std::size_t k = 0; k < f.text.size(); ++k) {
                if (f.text[k] != '\\') {
                    text += f.text[k];
                    continue;
                }
                int hi = k + 2 < f.text.size() ? hex_value(f.text[k + 1]) : -1;
                int lo = hi >= 0 ? hex_value(f.text[k + 2]) : -1;
                if (lo < 0) return error(f.column, "a '\\' in a string is followed by two hex digits");
                text += static_cast<char>(hi * 16 + lo);
                k += 2;
            }
            i->immediates.push_back(m_.add_string(text));
            if (c.peek().is(',')) c.next();
        }
        if (!parse_operands(c, i, true) || !expect(c, ')', "')'")) return false;
        break;
    }
    case OpSyntax::Phi:
        do {
            if (!expect(c, '[', "'[value, bbN]'") || !parse_operand(c, i) || !expect(c, ',', "','")) return false;
            Block* from = nullptr;
            if (!parse_block_ref(c, from) || !expect(c, ']', "']'")) return false;
            i->targets.push_back(from);
        } while (c.peek().is(',') && (c.next(), true));
        break;
    case OpSyntax::Branch: {
        std::size_t targets = *op == Opcode::CondBranch ? 2 : 1;
        if (*op == Opcode::CondBranch && (!parse_operand(c, i) || !expect(c, ',', "','"))) return false;
        for (std::size_t k = 0; k < targets; ++k) {
            Block* t = nullptr;
            if ((k && !expect(c, ',', "','")) || !parse_block_ref(c, t)) return false;
            i->targets.push_back(t);
        }
        break;
    }
    case OpSyntax::Switch: {
        Block* def = nullptr;
        if (!parse_operand(c, i) || !expect_word(c, "default") || !parse_block_ref(c, def) ||
            !expect(c, '[', "'[' and the cases"))
            return false;
        i->targets.push_back(def);
        if (c.peek().is(']')) {
            c.next();
            break;
        }
        while (true) {
            std::int64_t v = 0;
            Block* t = nullptr;
            if (!parse_i64(c, v) || !expect(c, ':', "':'") || !parse_block_ref(c, t)) return false;
            i->immediates.push_back(v);
            i->targets.push_back(t);
            Token n = c.next();
            if (n.is(']')) break;
            if (!n.is(',')) return error(n.column, "expected ',' or ']'");
        }
        break;
    }
    }

    if (has_label) {
        if (!expect(c, ':', "': type' after a value's instruction")) return false;
        Token tt = c.peek();
        const sema::Type* type = parse_type(c);
        if (!type) return false;
        if (type->kind() == sema::TypeKind::Void) return error(tt.column, "a value cannot be void");
        i->set_type(type);
    }
    if (c.peek().is('!') && !parse_location(c, i->loc)) return false;
    Token end = c.next();
    if (end.kind == Tok::Comment && has_label) {
        m_.set_name(i, end.text);
    } else if (end.kind != Tok::End && end.kind != Tok::Comment) {
        return error(end.column, "unexpected '" + std::string(end.text) + "'");
    }
    if (has_label && !values_.emplace(label.text, i).second)
        return error(label.column, "%" + std::string(label.text) + " is defined twice");
    block_->instructions.push_back(i);
    i->block = block_;
    return true;
}

void Parser::finish_function() {
    for (const ValueFixup& f : value_fixups_) {
        auto it = values_.find(f.label);
        if (it == values_.end()) {
            error_at(f.at, std::string("%").append(f.label) + " is never defined");
            continue;
        }
        f.inst->operands[f.operand] = it->second;
    }
    for (std::string_view name : block_order_) {
        const BlockRecord& r = blocks_.at(name);
        if (!r.defined) error_at(r.first, std::string(name) + " is never defined");
    }
    fn_ = nullptr;
    block_ = nullptr;
}

void Parser::finish_module() {
    if (fn_) {
        error_at(fn_at_, "function @" + std::string(fn_->name) + " has no closing '}'");
        finish_function();
    }
    for (const CalleeFixup& f : callee_fixups_) {
        auto it = functions_.find(f.name);
        if (it == functions_.end()) {
            error_at(f.at, "no function @" + std::string(f.name));
            continue;
        }
        if (f.inst) f.inst->callee = it->second;
        if (f.entry) f.entry->function = it->second;
    }
    for (std::string_view name : struct_order_) {
        const StructRecord& r = structs_.at(name);
        if (!r.defined) error_at(r.first, "struct " + std::string(name) + " is never defined");
    }
}

}  // namespace oneshader::ir::text
