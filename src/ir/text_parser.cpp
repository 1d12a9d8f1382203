// Module structure and instructions of the IR text form; types and constants are in
// text_parser_values.cpp.
#include "ir/text_parser.hpp"

#include <charconv>

#include "ir/text_parser_impl.hpp"
#include "types/types_print.hpp"

namespace oneshader::ir {

std::string format_error(const ParseError& e) {
    return std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message;
}

std::vector<ParseError> parse_module(std::string_view text, Module& m, support::Interner& interner) {
    return text::Parser(m, interner).run(text);
}

namespace text {

namespace {

std::optional<std::uint8_t> interpolation_from_name(std::string_view s) {
    if (s == "linear") return sema::kInterpLinear;
    if (s == "centroid") return sema::kInterpCentroid;
    if (s == "nointerpolation") return sema::kInterpNoInterpolation;
    if (s == "noperspective") return sema::kInterpNoPerspective;
    if (s == "sample") return sema::kInterpSample;
    return std::nullopt;
}

}  // namespace

// --- errors and small pieces ------------------------------------------------------------------

bool Parser::error(std::uint32_t column, std::string message) {
    // One error per line: what follows a bad token is noise.
    if (line_failed_) return false;
    line_failed_ = true;
    if (errors_.size() < kMaxErrors) errors_.push_back({line_, column, std::move(message)});
    return false;
}

bool Parser::error_at(Ref r, std::string message) {
    if (errors_.size() < kMaxErrors) errors_.push_back({r.line, r.column, std::move(message)});
    return false;
}

bool Parser::expect(Cursor& c, char punct, std::string_view what) {
    Token t = c.next();
    if (t.is(punct)) return true;
    return error(t.column, "expected " + std::string(what) +
                               (t.kind == Tok::End ? std::string(" at the end of the line")
                                                   : ", found '" + std::string(t.text) + "'"));
}

bool Parser::expect_word(Cursor& c, std::string_view word) {
    Token t = c.next();
    if (t.is_word(word)) return true;
    return error(t.column, "expected '" + std::string(word) + "'");
}

bool Parser::expect_end(Cursor& c) {
    Token t = c.next();
    if (t.kind == Tok::End || t.kind == Tok::Comment) return true;
    return error(t.column, "unexpected '" + std::string(t.text) + "'");
}

bool Parser::parse_u32(Cursor& c, std::uint32_t& out) {
    Token t = c.next();
    if (t.kind != Tok::Number) return error(t.column, "expected a number");
    auto r = std::from_chars(t.text.data(), t.text.data() + t.text.size(), out);
    if (r.ec != std::errc() || r.ptr != t.text.data() + t.text.size())
        return error(t.column, "expected an unsigned 32-bit number");
    return true;
}

bool Parser::parse_i64(Cursor& c, std::int64_t& out) {
    Token t = c.next();
    if (t.kind != Tok::Number) return error(t.column, "expected an integer");
    const char* b = t.text.data();
    const char* e = b + t.text.size();
    auto r = std::from_chars(b, e, out);
    if (r.ec == std::errc::result_out_of_range && *b != '-') {
        // Unsigned 64-bit case values above INT64_MAX keep their bits.
        std::uint64_t u = 0;
        r = std::from_chars(b, e, u);
        out = static_cast<std::int64_t>(u);
    }
    if (r.ec != std::errc() || r.ptr != e) return error(t.column, "expected a 64-bit integer");
    return true;
}

bool Parser::parse_int_list(Cursor& c, char close, decltype(Instruction::immediates)& out) {
    if (c.peek().is(close)) {
        c.next();
        return true;
    }
    while (true) {
        std::int64_t v = 0;
        if (!parse_i64(c, v)) return false;
        out.push_back(v);
        Token t = c.next();
        if (t.is(close)) return true;
        if (!t.is(',')) return error(t.column, std::string("expected ',' or '") + close + "'");
    }
}

// --- module level ------------------------------------------------------------------------------

std::vector<ParseError> Parser::run(std::string_view text) {
    std::size_t pos = 0;
    while (pos <= text.size() && errors_.size() < kMaxErrors) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        ++line_;
        line_failed_ = false;
        parse_line(text.substr(pos, end - pos));
        pos = end + 1;
    }
    finish_module();
    return std::move(errors_);
}

void Parser::parse_line(std::string_view line) {
    line_text_ = line;
    Cursor c(line);
    Token t = c.peek();
    if (t.kind == Tok::End || t.kind == Tok::Comment) return;
    if (fn_) {
        if (t.is('}')) {
            c.next();
            if (expect_end(c)) finish_function();
            return;
        }
        Cursor look = c;
        look.next();
        if (t.kind == Tok::Ident && look.next().is(':')) {
            parse_block_header(c);
            return;
        }
        parse_instruction(c);
        return;
    }
    if (t.is_word("struct")) {
        parse_struct(c);
    } else if (t.is_word("spec")) {
        parse_spec(c);
    } else if (t.is_word("func")) {
        parse_function_header(c);
    } else if (t.is_word("entry")) {
        parse_entry(c);
    } else if (t.kind == Tok::Local) {
        parse_global(c);
    } else {
        error(t.column, "expected struct, spec, a global, func or entry");
    }
}

bool Parser::parse_struct(Cursor& c) {
    c.next();
    Token name = c.next();
    if (name.kind != Tok::Ident) return error(name.column, "expected a struct name");
    Ref at{line_, name.column};
    sema::StructType* s = struct_named(name.text, at);
    StructRecord& rec = structs_.at(name.text);
    if (rec.defined) return error(name.column, "struct " + std::string(name.text) + " is defined twice");
    const sema::StructType* base = nullptr;
    if (c.peek().is(':')) {
        c.next();
        Token bt = c.peek();
        const sema::Type* b = parse_type(c);
        if (!b) return false;
        base = b->as<sema::StructType>();
        if (!base || base == s) return error(bt.column, "a base must be another struct");
    }
    if (!expect(c, '{', "'{'")) return false;
    std::vector<sema::StructMember> members;
    while (!c.peek().is('}')) {
        if (!members.empty() && !expect(c, ',', "',' or '}'")) return false;
        Token mn = c.next();
        if (mn.kind != Tok::Ident) return error(mn.column, "expected a member name");
        if (!expect(c, ':', "':' and the member's type")) return false;
        sema::StructMember m;
        m.name = interner_.intern(mn.text);
        m.type = parse_type(c);
        if (!m.type) return false;
        // Attributes of the member, in any order.
        while (c.peek().kind == Tok::Ident) {
            Token a = c.next();
            if (a.text == "precise") {
                m.precise = true;
                continue;
            }
            if (!expect(c, '(', "'('")) return false;
            if (a.text == "semantic") {
                Token sem = c.next();
                if (sem.kind != Tok::Ident) return error(sem.column, "expected a semantic");
                m.semantic = interner_.intern(sem.text);
            } else if (a.text == "interp") {
                do {
                    Token w = c.next();
                    std::optional<std::uint8_t> bit = interpolation_from_name(w.text);
                    if (w.kind != Tok::Ident || !bit) return error(w.column, "unknown interpolation");
                    m.interpolation |= *bit;
                } while (c.peek().is(',') && (c.next(), true));
            } else if (a.text == "offset") {
                std::uint32_t v = 0;
                if (!parse_u32(c, v)) return false;
                m.vk_offset = v;
            } else if (a.text == "packoffset") {
                sema::PackOffset p;
                if (!parse_u32(c, p.reg) || !expect(c, ',', "','") || !parse_u32(c, p.component)) return false;
                m.packoffset = p;
            } else if (a.text == "location") {
                std::uint32_t v = 0;
                if (!parse_u32(c, v)) return false;
                m.vk_location = v;
            } else {
                return error(a.column, "unknown member attribute '" + std::string(a.text) + "'");
            }
            if (!expect(c, ')', "')'")) return false;
        }
        members.push_back(m);
    }
    c.next();
    if (!expect_end(c)) return false;
    types_.define_struct(s, base, members);
    rec.defined = true;
    return true;
}

bool Parser::parse_spec(Cursor& c) {
    c.next();
    Token idt = c.peek();
    std::uint32_t id = 0;
    if (!parse_u32(c, id)) return false;
    std::string_view name;
    if (c.peek().kind == Tok::Ident) name = c.next().text;
    if (!expect(c, '=', "'=' and the default value")) return false;
    Token vt = c.peek();
    Constant* value = parse_constant(c);
    if (!value) return false;
    const auto* s = value->type()->as<sema::ScalarType>();
    if (!s || !value->is_scalar()) return error(vt.column, "a specialization constant is a scalar");
    if (m_.find_spec_constant(id)) return error(idt.column, "specialization constant " + std::to_string(id) + " is defined twice");
    if (!expect_end(c)) return false;
    m_.add_spec_constant(s, id, value, name);
    return true;
}

bool Parser::parse_global(Cursor& c) {
    Token label = c.next();
    if (!expect(c, '=', "'='") || !expect_word(c, "global")) return false;
    if (globals_.count(label.text)) return error(label.column, std::string("%").append(label.text) + " is defined twice");
    Token st = c.next();
    std::optional<sema::AddressSpace> space;
    for (std::uint8_t k = 0; k <= static_cast<std::uint8_t>(sema::AddressSpace::Output); ++k)
        if (sema::address_space_name(static_cast<sema::AddressSpace>(k)) == st.text)
            space = static_cast<sema::AddressSpace>(k);
    if (st.kind != Tok::Ident || !space) return error(st.column, "expected the global's address space");
    const sema::Type* type = parse_type(c);
    if (!type) return false;
    Global* g = m_.add_global(*space, type, {});
    while (c.peek().kind == Tok::Ident) {
        Token a = c.next();
        if (!expect(c, '(', "'('")) return false;
        std::uint32_t v = 0;
        if (a.text == "set" || a.text == "binding" || a.text == "location") {
            if (!parse_u32(c, v)) return false;
            (a.text == "set" ? g->set : a.text == "binding" ? g->binding : g->location) = v;
        } else if (a.text == "input_attachment") {
            if (!parse_u32(c, v)) return false;
            g->input_attachment_index = v;
        } else if (a.text == "per_vertex") {
            if (!parse_u32(c, v)) return false;
            if (v != 3) return error(a.column, "per_vertex takes 3, the vertices of a triangle");
            g->per_vertex = true;
        } else if (a.text == "builtin") {
            Token w = c.next();
            std::optional<BuiltIn> b = builtin_from_name(w.text);
            if (!b) return error(w.column, "unknown builtin '" + std::string(w.text) + "'");
            g->builtin = b;
        } else if (a.text == "interp") {
            do {
                Token w = c.next();
                std::optional<std::uint8_t> bit = interpolation_from_name(w.text);
                if (w.kind != Tok::Ident || !bit) return error(w.column, "unknown interpolation");
                g->interpolation |= *bit;
            } while (c.peek().is(',') && (c.next(), true));
        } else if (a.text == "semantic" || a.text == "user_type") {
            Token w = c.next();
            if (w.kind != Tok::String) return error(w.column, "expected a quoted text");
            (a.text == "semantic" ? g->semantic : g->user_type) = m_.arena().copy(w.text);
        } else if (a.text == "counter_for") {
            Token w = c.next();
            auto it = w.kind == Tok::Local ? globals_.find(w.text) : globals_.end();
            if (it == globals_.end()) return error(w.column, "expected an earlier global");
            g->counter_for = it->second;
        } else if (a.text == "format") {
            Token w = c.next();
            std::optional<ImageFormat> f = image_format_from_name(w.text);
            if (!f) return error(w.column, "unknown image format '" + std::string(w.text) + "'");
            g->image_format = *f;
        } else {
            return error(a.column, "unknown global attribute '" + std::string(a.text) + "'");
        }
        if (!expect(c, ')', "')'")) return false;
    }
    if (c.peek().is('=')) {
        c.next();
        g->initializer = parse_constant(c);
        if (!g->initializer) return false;
    }
    if (c.peek().is('!') && !parse_location(c, g->loc)) return false;
    Token end = c.next();
    if (end.kind == Tok::Comment) m_.set_name(g, end.text);
    else if (end.kind != Tok::End) return error(end.column, "unexpected '" + std::string(end.text) + "'");
    globals_.emplace(label.text, g);
    return true;
}

bool Parser::parse_function_header(Cursor& c) {
    c.next();
    Token name = c.next();
    if (name.kind != Tok::Func) return error(name.column, "expected @name");
    if (functions_.count(name.text)) return error(name.column, "function @" + std::string(name.text) + " is defined twice");
    if (!expect(c, '(', "'('")) return false;
    std::vector<std::pair<Token, const sema::Type*>> args;
    while (!c.peek().is(')')) {
        if (!args.empty() && !expect(c, ',', "',' or ')'")) return false;
        Token a = c.next();
        if (a.kind != Tok::Local) return error(a.column, "expected an argument (%argN)");
        if (!expect(c, ':', "':' and the argument's type")) return false;
        const sema::Type* t = parse_type(c);
        if (!t) return false;
        args.push_back({a, t});
    }
    c.next();
    Token arrow = c.next();
    if (!(arrow.kind == Tok::Punct && arrow.text == "->"))
        return error(arrow.column, "expected '->' and the result type");
    const sema::Type* result = parse_type(c);
    if (!result || !expect(c, '{', "'{'")) return false;
    Token comment = c.next();
    if (comment.kind != Tok::End && comment.kind != Tok::Comment)
        return error(comment.column, "unexpected '" + std::string(comment.text) + "'");

    Function* f = m_.add_function(name.text, result);
    functions_.emplace(name.text, f);
    fn_ = f;
    fn_at_ = Ref{line_, name.column};
    block_ = nullptr;
    values_.clear();
    blocks_.clear();
    block_order_.clear();
    value_fixups_.clear();
    // The comment names the arguments in order: `; x, , y` (an unnamed one is empty).
    std::string_view names = comment.kind == Tok::Comment ? comment.text : std::string_view();
    for (auto& [label, type] : args) {
        std::string_view arg_name;
        if (!names.empty()) {
            std::size_t comma = names.find(',');
            arg_name = names.substr(0, comma);
            names = comma == std::string_view::npos ? std::string_view() : names.substr(comma + 1);
            while (!arg_name.empty() && arg_name.front() == ' ') arg_name.remove_prefix(1);
            while (!arg_name.empty() && arg_name.back() == ' ') arg_name.remove_suffix(1);
        }
        Argument* a = m_.add_argument(f, type, arg_name);
        if (!values_.emplace(label.text, a).second)
            return error(label.column, std::string("%").append(label.text) + " is defined twice");
    }
    return true;
}

bool Parser::parse_entry(Cursor& c) {
    c.next();
    Token st = c.next();
    std::optional<ShaderStage> stage = stage_from_name(st.text);
    if (st.kind != Tok::Ident || !stage) return error(st.column, "expected vertex, pixel or compute");
    Token fname = c.next();
    if (fname.kind != Tok::Func) return error(fname.column, "expected @function");
    EntryPoint* e = m_.add_entry_point(*stage, nullptr);
    callee_fixups_.push_back({nullptr, e, fname.text, Ref{line_, fname.column}});
    while (c.peek().kind == Tok::Ident) {
        Token a = c.next();
        if (!expect(c, '(', "'('")) return false;
        if (a.text == "workgroup_size") {
            for (int k = 0; k < 3; ++k)
                if ((k && !expect(c, ',', "','")) || !parse_u32(c, e->workgroup_size[k])) return false;
            if (!expect(c, ')', "')'")) return false;
        } else if (a.text == "inputs" || a.text == "outputs") {
            auto& list = a.text == "inputs" ? e->inputs : e->outputs;
            while (!c.peek().is(')')) {
                if (!list.empty() && !expect(c, ',', "',' or ')'")) return false;
                Global* g = nullptr;
                if (!parse_global_ref(c, g)) return false;
                list.push_back(g);
            }
            c.next();
        } else {
            return error(a.column, "unknown entry point attribute '" + std::string(a.text) + "'");
        }
    }
    return expect_end(c);
}

}  // namespace text
}  // namespace oneshader::ir
