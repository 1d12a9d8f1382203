// Declarations: variables, functions, structs and classes, constant buffers, typedefs,
// namespaces, enums and templates, with their annotations (semantics, register, packoffset).
#include <fmt/format.h>

#include <algorithm>

#include "syntax/parser_impl.hpp"

namespace oneshader::syntax {

using support::DiagCode;

TranslationUnit* Parser::parse_translation_unit() {
    auto* tu = make<TranslationUnit>();
    parse_declaration_seq(false);
    tu->decls = take(decls_, 0);
    return tu;
}

void Parser::parse_declaration_seq(bool in_braces) {
    while (!at_eof() && !(in_braces && at(TokenKind::RBrace))) {
        std::size_t before = pos_;
        if (at(TokenKind::RBrace)) {
            error_here(DiagCode::parse_expected_declaration, "unmatched '}'; check the braces before it");
            advance();
        } else {
            parse_declaration(false);
        }
        if (pos_ == before) {
            if (!recovering_) expected(DiagCode::parse_expected_declaration, "a declaration");
            synchronize();
        } else {
            recover();
        }
    }
}

void Parser::declare_type(Symbol name, bool is_template) {
    if (!name) return;
    tok_info_pos_ = SIZE_MAX;
    NameInfo& i = info(name);
    i.user_type = true;
    if (is_template) i.user_template = true;
}

void Parser::parse_declaration(bool local) {
    DepthGuard guard(*this);
    if (!guard.ok) return;
    std::span<Attribute> attrs;
    if (at(TokenKind::LBracket)) attrs = parse_attributes();
    switch (keyword()) {
        case Keyword::Struct:
        case Keyword::Class:
            // `struct S s;` declares a variable of an existing struct type.
            if (peek().is(TokenKind::Identifier) && peek(2).is(TokenKind::Identifier)) break;
            parse_struct(attrs, {}, false);
            return;
        case Keyword::Cbuffer:
        case Keyword::Tbuffer:
            if (local) {
                error_here(DiagCode::parse_expected_statement,
                           fmt::format("'{}' blocks are only allowed at file scope", tok().text));
                return;
            }
            parse_buffer(attrs);
            return;
        case Keyword::Typedef: parse_typedef(attrs); return;
        case Keyword::Using: parse_using(attrs, {}, false); return;
        case Keyword::Namespace:
            if (local) {
                error_here(DiagCode::parse_expected_statement, "namespaces are only allowed at file scope");
                return;
            }
            parse_namespace(attrs);
            return;
        case Keyword::Enum: parse_enum(attrs); return;
        case Keyword::Template: parse_template_declaration(attrs, local); return;
        case Keyword::Interface:
            error_here(DiagCode::parse_unsupported_feature,
                       "'interface' is not supported; use a struct with member functions, or templates");
            return;
        default: break;
    }
    if (at(TokenKind::Semicolon)) {
        advance();  // an empty declaration, e.g. after a function body `};`
        return;
    }
    if (!at(TokenKind::Identifier) && !at(TokenKind::ColonColon)) {
        expected(DiagCode::parse_expected_declaration, "a declaration");
        return;
    }
    parse_variable_or_function(attrs, {}, false, local);
}

std::uint32_t Parser::parse_modifiers() {
    std::uint32_t mods = 0;
    for (;;) {
        if (at_modifier()) {
            mods |= tok_info().cls.modifier;
            advance();
            continue;
        }
        // Geometry-shader primitive qualifiers (`triangle float4 v[3]`) and mesh-shader output
        // qualifiers (`out vertices V v[64]`). Only where a type follows, as these spellings are
        // ordinary names elsewhere.
        if (at(TokenKind::Identifier) && peek().is(TokenKind::Identifier)) {
            std::string_view s = tok().text;
            std::string_view stage;
            if (s == "point" || s == "line" || s == "triangle" || s == "lineadj" || s == "triangleadj")
                stage = "geometry";
            else if (s == "vertices" || s == "indices" || s == "primitives" || s == "payload")
                stage = "mesh";
            if (!stage.empty()) {
                error_here(DiagCode::parse_unsupported_feature,
                           fmt::format("'{}' declares a {}-shader parameter, and {} shaders are not supported; "
                                       "OneShader compiles vertex, pixel and compute shaders",
                                       s, stage, stage));
                advance();
                continue;
            }
        }
        return mods;
    }
}

PragmaPacking Parser::pragma_packing_here() const {
    const auto& pragmas = options_.pack_matrix;
    if (pragmas.empty()) return PragmaPacking::None;
    auto it = std::upper_bound(pragmas.begin(), pragmas.end(), pos_,
                               [](std::size_t p, const pp::PackMatrixPragma& m) { return p < m.token_index; });
    if (it == pragmas.begin()) return PragmaPacking::None;
    --it;
    return it->packing == MatrixPacking::RowMajor ? PragmaPacking::RowMajor : PragmaPacking::ColumnMajor;
}

bool Parser::reject_pointer_declarator() {
    if (!at(TokenKind::Star) && !at(TokenKind::Amp) && !at(TokenKind::AmpAmp)) return false;
    error_here(DiagCode::parse_unsupported_feature,
               fmt::format("HLSL has no pointers or references, so '{}' cannot be used in a declaration; use "
                           "'out' or 'inout' parameters to return values",
                           tok().text));
    return true;
}

void Parser::parse_variable_or_function(std::span<Attribute> attrs, std::span<TemplateParam> tparams,
                                        bool is_template, bool local) {
    PragmaPacking packing = pragma_packing_here();
    std::uint32_t mods = parse_modifiers();
    if (at_struct_definition() && !is_template) {
        // `static struct { ... } g;`, `const struct S { ... } k = {...};`
        StructDecl* s = parse_struct_definition(attrs, {}, false, {});
        if (!s) return;
        if (accept(TokenKind::Semicolon)) return;
        if (!at(TokenKind::Identifier) || keyword() != Keyword::None) {
            expected(DiagCode::parse_expected_identifier, "a name for the variable");
            return;
        }
        SourceLoc name_loc = loc();
        Symbol name = tok().ident;
        advance();
        parse_declarators(attrs, mods, type_naming(s), name_loc, name, packing);
        return;
    }
    TypeSyntax* type = parse_type();
    if (!type) return;
    if (reject_pointer_declarator()) return;

    if (at_keyword(Keyword::Operator)) {
        auto* f = make<FunctionDecl>(loc());
        f->attributes = attrs;
        f->modifiers = mods;
        f->return_type = type;
        f->template_params = tparams;
        f->is_template = is_template;
        parse_operator_name(f);
        if (!f->name) return;
        parse_function_rest(f, local);
        return;
    }
    bool name_ok = at(TokenKind::Identifier) &&
                   (keyword() == Keyword::None || (keyword() == Keyword::Modifier && tok_info().cls.contextual));
    if (!name_ok) {
        expected(DiagCode::parse_expected_identifier, "a name for the declaration");
        return;
    }
    QualifiedName q = parse_qualified_name();
    // `template<> float f<float>(float x)` and `template<> static const float pi<float> = ...`:
    // the arguments of an explicit specialization follow the name.
    std::span<TemplateArg> spec_args;
    bool has_spec_args = false;
    if (is_template && tparams.empty() && at(TokenKind::Less)) {
        has_spec_args = true;
        if (!parse_template_args(spec_args)) return;
    } else if (is_template && at(TokenKind::Less)) {
        error_here(DiagCode::parse_unsupported_feature,
                   fmt::format("'{}<...>' after 'template<...>' is a partial specialization, which only struct "
                               "templates support (C++ has none for functions); for a function write an overload, for "
                               "a variable use a static member of a partially specialized struct template",
                               q.last().str()));
        return;
    }
    if (at(TokenKind::LParen)) {
        auto* f = make<FunctionDecl>(q.loc);
        f->attributes = attrs;
        f->modifiers = mods;
        f->return_type = type;
        f->qualified_name = q;
        f->name = q.last();
        f->template_params = tparams;
        f->is_template = is_template;
        f->specialization_args = spec_args;
        f->has_specialization_args = has_spec_args;
        parse_function_rest(f, local);
        return;
    }
    if (is_template && (q.parts.size() > 1 || q.qualifier)) {
        error(DiagCode::parse_unsupported_feature, q.loc,
              "an out-of-line definition of a static member of a struct template is not supported; initialize the "
              "member inside the struct ('static const T k = ...;')");
        return;
    }
    std::size_t first = decls_.size();
    if (is_template && q.last()) {
        // Known before the initializer and later uses, so `pi<float>` parses as template arguments.
        info(q.last()).user_template = true;
        tok_info_pos_ = SIZE_MAX;
    }
    parse_declarators(attrs, mods, type, q.loc, q.last(), packing);
    if (is_template) {
        if (decls_.size() != first + 1) {
            error(DiagCode::parse_unsupported_feature, q.loc,
                  "a variable template declares one variable; write one template per variable");
            return;
        }
        auto* v = static_cast<VarDecl*>(decls_[first]);
        v->template_params = tparams;
        v->is_template = true;
        v->specialization_args = spec_args;
        v->is_specialization = tparams.empty();
    }
    if (q.parts.size() > 1 && first < decls_.size()) static_cast<VarDecl*>(decls_[first])->qualified_name = q;
}

void Parser::parse_operator_name(FunctionDecl* f) {
    advance();  // operator
    SourceLoc at_loc = loc();
    std::string spelling;
    switch (kind()) {
        case TokenKind::LParen:
            if (!peek().is(TokenKind::RParen)) break;
            advance();
            spelling = "()";
            break;
        case TokenKind::LBracket:
            if (!peek().is(TokenKind::RBracket)) break;
            advance();
            spelling = "[]";
            break;
        case TokenKind::Plus: case TokenKind::Minus: case TokenKind::Star: case TokenKind::Slash:
        case TokenKind::Percent: case TokenKind::PlusPlus: case TokenKind::MinusMinus: case TokenKind::Amp:
        case TokenKind::Pipe: case TokenKind::Caret: case TokenKind::Tilde: case TokenKind::Bang:
        case TokenKind::AmpAmp: case TokenKind::PipePipe: case TokenKind::Less: case TokenKind::Greater:
        case TokenKind::LessEqual: case TokenKind::GreaterEqual: case TokenKind::EqualEqual:
        case TokenKind::BangEqual: case TokenKind::LessLess: case TokenKind::GreaterGreater: case TokenKind::Equal:
        case TokenKind::PlusEqual: case TokenKind::MinusEqual: case TokenKind::StarEqual: case TokenKind::SlashEqual:
        case TokenKind::PercentEqual: case TokenKind::AmpEqual: case TokenKind::PipeEqual: case TokenKind::CaretEqual:
        case TokenKind::LessLessEqual: case TokenKind::GreaterGreaterEqual:
            spelling = std::string(token_kind_spelling(kind()));
            break;
        default: break;
    }
    if (spelling.empty()) {
        expected(DiagCode::parse_expected_token, "an operator after 'operator'");
        return;
    }
    f->is_operator = true;
    f->op = spelling == "()" ? TokenKind::LParen : spelling == "[]" ? TokenKind::LBracket : kind();
    advance();
    f->name = intern("operator" + spelling);
    f->loc = at_loc;
    f->qualified_name.loc = at_loc;
    std::size_t mark = symbols_.size();
    symbols_.push_back(f->name);
    f->qualified_name.parts = take(symbols_, mark);
}

void Parser::parse_function_rest(FunctionDecl* f, bool local) {
    // Known before the body so recursive and later calls with `f<T>(...)` parse.
    if (f->is_template && f->name) {
        info(f->name).user_template = true;
        tok_info_pos_ = SIZE_MAX;
    }
    f->params = parse_parameter_list();
    if (at_keyword(Keyword::Modifier) && tok().text == "const") {
        f->is_const = true;
        advance();
    }
    f->annotations = parse_annotations();
    decls_.push_back(f);
    if (at(TokenKind::LBrace)) {
        if (local) {
            error_here(DiagCode::parse_expected_statement,
                       "functions cannot be defined inside functions; move it to file scope");
            synchronize();
            return;
        }
        f->body = parse_block();
        return;
    }
    expect(TokenKind::Semicolon, "after the function declaration");
}

std::span<ParamDecl*> Parser::parse_parameter_list() {
    advance();  // (
    std::size_t mark = params_.size();
    bool saved = greater_closes_;
    greater_closes_ = false;
    // `f(void)` is an empty list.
    if (at(TokenKind::Identifier) && tok().text == "void" && peek().is(TokenKind::RParen)) advance();
    if (!at(TokenKind::RParen)) {
        for (;;) {
            ParamDecl* p = parse_parameter();
            if (!p) break;
            params_.push_back(p);
            if (!accept(TokenKind::Comma) || at_eof()) break;
        }
    }
    greater_closes_ = saved;
    std::span<ParamDecl*> out = take(params_, mark);
    expect(TokenKind::RParen, "after the parameters");
    return out;
}

ParamDecl* Parser::parse_parameter() {
    std::span<Attribute> attrs;
    if (at(TokenKind::LBracket)) attrs = parse_attributes();
    auto* p = make<ParamDecl>(loc());
    p->attributes = attrs;
    p->modifiers = parse_modifiers();
    p->type = parse_type();
    if (!p->type) return nullptr;
    if (reject_pointer_declarator()) return nullptr;
    if (at(TokenKind::Identifier) &&
        (keyword() == Keyword::None || (keyword() == Keyword::Modifier && tok_info().cls.contextual))) {
        p->loc = loc();
        p->name = tok().ident;
        advance();
    }
    p->dims = parse_array_dims();
    p->annotations = parse_annotations();
    if (accept(TokenKind::Equal)) p->default_value = parse_assignment();
    return p;
}

void Parser::parse_declarators(std::span<Attribute> attrs, std::uint32_t mods, TypeSyntax* type, SourceLoc name_loc,
                               Symbol name, PragmaPacking packing) {
    for (;;) {
        auto* v = make<VarDecl>(name_loc);
        v->name = name;
        v->attributes = attrs;
        v->modifiers = mods;
        v->type = type;
        v->pragma_packing = packing;
        v->dims = parse_array_dims();
        v->annotations = parse_annotations(&v->bit_width);
        if (accept(TokenKind::Equal)) v->init = parse_initializer();
        decls_.push_back(v);
        if (!accept(TokenKind::Comma)) break;
        if (reject_pointer_declarator()) return;
        if (!at(TokenKind::Identifier)) {
            expected(DiagCode::parse_expected_identifier, "a name after ','");
            return;
        }
        name_loc = loc();
        name = tok().ident;
        advance();
    }
    expect(TokenKind::Semicolon, "after the declaration");
}

std::span<Expr*> Parser::parse_array_dims() {
    if (!at(TokenKind::LBracket)) return {};  // the usual case: nothing to collect
    std::size_t mark = exprs_.size();
    while (at(TokenKind::LBracket) && !at_eof()) {
        advance();
        Expr* size = nullptr;
        if (!at(TokenKind::RBracket)) {
            bool saved = greater_closes_;
            greater_closes_ = false;
            size = parse_expression();
            greater_closes_ = saved;
        }
        exprs_.push_back(size);
        if (!expect(TokenKind::RBracket, "after the array size")) break;
    }
    return take(exprs_, mark);
}

std::span<Annotation> Parser::parse_annotations(Expr** bit_width) {
    if (!at(TokenKind::Colon)) return {};  // the usual case: nothing to collect
    std::size_t mark = annotations_.size();
    while (at(TokenKind::Colon) && !at_eof()) {
        advance();
        Annotation a;
        a.loc = loc();
        // A name alone is a semantic; a width is anything else, or a name (a constant) that an
        // operator follows, or sizeof.
        bool width_here = at(TokenKind::Identifier)
                              ? keyword() == Keyword::Sizeof ||
                                    (keyword() == Keyword::None &&
                                     (binary_precedence(peek().kind) > 0 || peek().is(TokenKind::Question)))
                              : !at(TokenKind::Semicolon) && !at(TokenKind::LBrace) && !at(TokenKind::Comma) &&
                                    !at(TokenKind::Equal) && !at_eof();
        if (width_here) {
            // `uint a : 4;`: a bit field's width (HLSL 2021), a constant expression.
            SourceLoc at_width = loc();
            bool saved = greater_closes_;
            greater_closes_ = false;
            Expr* width = parse_conditional();
            greater_closes_ = saved;
            if (!width) break;
            if (!bit_width) {
                error(DiagCode::bad_bit_field, at_width,
                      "only data members of a struct can be bit fields ('uint a : 4;' inside 'struct S { ... }'); "
                      "this declaration cannot have a width");
            } else if (*bit_width) {
                error(DiagCode::bad_bit_field, at_width, "a bit field has one width; remove the second ': width'");
            } else {
                *bit_width = width;
            }
            continue;
        }
        if (!at(TokenKind::Identifier)) {
            expected(DiagCode::parse_invalid_annotation, "a semantic, 'register(...)' or 'packoffset(...)' after ':'");
            break;
        }
        Keyword k = keyword();
        if (k == Keyword::Register) {
            if (!parse_register(a)) break;
        } else if (k == Keyword::PackOffset) {
            if (!parse_packoffset(a)) break;
        } else {
            a.kind = AnnotationKind::Semantic;
            a.name = tok().ident;
            advance();
        }
        annotations_.push_back(a);
    }
    return take(annotations_, mark);
}

bool Parser::parse_register(Annotation& a) {
    a.kind = AnnotationKind::Register;
    advance();  // register
    if (!expect(TokenKind::LParen, "after 'register'")) return false;
    Symbol parts[3];
    SourceLoc locs[3];
    int count = 0;
    std::size_t mark = exprs_.size();
    for (;;) {
        if (!at(TokenKind::Identifier)) {
            expected(DiagCode::parse_invalid_annotation, "a register such as 't0', 'b1' or 'space2'");
            return false;
        }
        if (count == 3) {
            error_here(DiagCode::parse_invalid_annotation,
                       "too many arguments to 'register'; write register(t0) or register(t0, space1)");
            return false;
        }
        locs[count] = loc();
        parts[count++] = tok().ident;
        advance();
        if (accept(TokenKind::LBracket)) {
            exprs_.push_back(parse_expression());
            if (!expect(TokenKind::RBracket, "after the register index")) return false;
        }
        if (!accept(TokenKind::Comma)) break;
    }
    a.subscript = take(exprs_, mark);
    if (!expect(TokenKind::RParen, "after the register")) return false;
    auto is_space = [](Symbol s) { return s.str().size() > 5 && s.str().substr(0, 5) == "space"; };
    switch (count) {
        case 1:
            if (is_space(parts[0])) a.space = parts[0];
            else a.name = parts[0];
            break;
        case 2:
            if (is_space(parts[1])) {
                a.name = parts[0];
                a.space = parts[1];
            } else {
                a.profile = parts[0];
                a.name = parts[1];
            }
            break;
        default:
            a.profile = parts[0];
            a.name = parts[1];
            a.space = parts[2];
            break;
    }
    return true;
}

bool Parser::parse_packoffset(Annotation& a) {
    a.kind = AnnotationKind::PackOffset;
    advance();  // packoffset
    if (!expect(TokenKind::LParen, "after 'packoffset'")) return false;
    if (!at(TokenKind::Identifier)) {
        expected(DiagCode::parse_invalid_annotation, "a constant register such as 'c1' or 'c1.y'");
        return false;
    }
    a.name = tok().ident;
    advance();
    if (accept(TokenKind::Dot)) {
        if (!at(TokenKind::Identifier)) {
            expected(DiagCode::parse_invalid_annotation, "a component (x, y, z or w) after '.'");
            return false;
        }
        a.component = tok().ident;
        advance();
    }
    return expect(TokenKind::RParen, "after the packoffset");
}

bool Parser::at_struct_definition() {
    if (!at_keyword(Keyword::Struct) && !at_keyword(Keyword::Class)) return false;
    if (peek().is(TokenKind::LBrace)) return true;
    return peek().is(TokenKind::Identifier) && (peek(2).is(TokenKind::LBrace) || peek(2).is(TokenKind::Colon));
}

Symbol Parser::name_after_struct_body() const {
    std::size_t j = pos_;
    while (j < toks_.size() && !toks_[j].is(TokenKind::LBrace)) ++j;
    int depth = 0;
    for (; j < toks_.size(); ++j) {
        if (toks_[j].is(TokenKind::LBrace)) ++depth;
        else if (toks_[j].is(TokenKind::RBrace) && --depth == 0) break;
    }
    if (j + 1 >= toks_.size() || !toks_[j + 1].is(TokenKind::Identifier)) return {};
    return toks_[j + 1].ident;
}

TypeSyntax* Parser::type_naming(const StructDecl* s) {
    auto* t = make<TypeSyntax>();
    t->loc = s->loc;
    std::size_t mark = symbols_.size();
    symbols_.push_back(s->name);
    t->name.loc = s->loc;
    t->name.parts = take(symbols_, mark);
    return t;
}

StructDecl* Parser::parse_struct_definition(std::span<Attribute> attrs, std::span<TemplateParam> tparams,
                                            bool is_template, Symbol unnamed_name) {
    auto* s = make<StructDecl>(loc());
    s->attributes = attrs;
    s->is_class = at_keyword(Keyword::Class);
    s->template_params = tparams;
    s->is_template = is_template;
    advance();
    if (at(TokenKind::Identifier) && keyword() == Keyword::None) {
        s->loc = loc();
        s->name = tok().ident;
        // Known before the members, so they can name the struct (methods returning it, `S::k`).
        declare_type(s->name, is_template);
        advance();
    }
    if (s->name && at(TokenKind::Less)) {
        // `template<> struct S<int>` / `template<typename T> struct S<T, 4>`: a specialization.
        if (!is_template) {
            error_here(DiagCode::parse_unsupported_feature,
                       fmt::format("a specialization of '{}' needs 'template<...>' before 'struct' ('template<> "
                                   "struct {}<...>' for an explicit one)",
                                   s->name.str(), s->name.str()));
            return nullptr;
        }
        s->is_specialization = true;
        if (!parse_template_args(s->specialization_args)) return nullptr;
    }
    if (accept(TokenKind::Colon)) {
        if (at_keyword(Keyword::Public) || at_keyword(Keyword::Private) || at_keyword(Keyword::Protected)) advance();
        s->base = parse_type();
        if (!s->base) return nullptr;
    }
    if (!s->name && at(TokenKind::LBrace)) {
        // An unnamed struct is named for what declares it: the typedef's name, as C++ names it
        // for linkage, or a name no source can spell, so its variables and members still have a
        // type sema can look up.
        s->name = unnamed_name ? unnamed_name : intern(fmt::format("anon.{}", ++anonymous_structs_));
        s->is_unnamed = true;
        declare_type(s->name, false);
    }
    decls_.push_back(s);
    if (at(TokenKind::LBrace)) {
        s->is_definition = true;
        parse_struct_members(s);
        return s;
    }
    if (!s->name) {
        expected(DiagCode::parse_expected_token, "'{' to start the struct body");
    } else if (at(TokenKind::Semicolon)) {
        advance();
    } else {
        expected(DiagCode::parse_expected_token, "'{' or ';' after the struct name");
    }
    return nullptr;
}

void Parser::parse_struct(std::span<Attribute> attrs, std::span<TemplateParam> tparams, bool is_template) {
    StructDecl* s = parse_struct_definition(attrs, tparams, is_template, {});
    if (!s) return;
    if (at(TokenKind::Identifier)) {
        // `struct S { ... } s;` and `struct { ... } s;` also declare variables of the new type.
        SourceLoc name_loc = loc();
        Symbol name = tok().ident;
        advance();
        parse_declarators(attrs, 0, type_naming(s), name_loc, name, pragma_packing_here());
        return;
    }
    expect(TokenKind::Semicolon, "after the struct definition");
}

void Parser::parse_struct_members(StructDecl* s) {
    SourceLoc open = loc();
    advance();  // {
    std::size_t mark = decls_.size();
    while (!at(TokenKind::RBrace) && !at_eof()) {
        std::size_t before = pos_;
        Keyword k = keyword();
        if ((k == Keyword::Public || k == Keyword::Private || k == Keyword::Protected) &&
            peek().is(TokenKind::Colon)) {
            advance();
            advance();
            continue;
        }
        parse_declaration(false);
        if (pos_ == before) {
            if (!recovering_) expected(DiagCode::parse_expected_declaration, "a member declaration");
            synchronize();
        } else {
            recover();
        }
    }
    s->members = take(decls_, mark);
    if (!expect(TokenKind::RBrace, "to close the struct")) ctx_.diags.note(support::SourceRange(open), "the struct opened here");
}

void Parser::parse_buffer(std::span<Attribute> attrs) {
    auto* b = make<BufferDecl>(loc());
    b->attributes = attrs;
    b->is_tbuffer = at_keyword(Keyword::Tbuffer);
    advance();
    if (!at(TokenKind::Identifier) || keyword() != Keyword::None) {
        expected(DiagCode::parse_expected_identifier, fmt::format("a name for the {}", b->is_tbuffer ? "tbuffer" : "cbuffer"));
        return;
    }
    b->loc = loc();
    b->name = tok().ident;
    advance();
    b->annotations = parse_annotations();
    decls_.push_back(b);
    if (!at(TokenKind::LBrace)) {
        expected(DiagCode::parse_expected_token, "'{' to start the buffer body");
        return;
    }
    SourceLoc open = loc();
    advance();
    std::size_t mark = decls_.size();
    parse_declaration_seq(true);
    b->members = take(decls_, mark);
    if (!expect(TokenKind::RBrace, "to close the buffer")) {
        ctx_.diags.note(support::SourceRange(open), "the buffer opened here");
        return;
    }
    accept(TokenKind::Semicolon);
}

void Parser::parse_typedef(std::span<Attribute> attrs) {
    advance();  // typedef
    std::uint32_t mods = parse_modifiers();
    TypeSyntax* type = nullptr;
    Symbol defined;  // the struct `typedef struct [S] {...}` defines
    if (at_struct_definition()) {
        StructDecl* s = parse_struct_definition(attrs, {}, false, name_after_struct_body());
        if (!s) return;
        defined = s->name;
        type = type_naming(s);
    } else if ((at_keyword(Keyword::Struct) || at_keyword(Keyword::Class)) && peek().is(TokenKind::Identifier) &&
               !peek(2).is(TokenKind::Less) && !peek(2).is(TokenKind::ColonColon)) {
        // `typedef struct S S;` names the struct before (or after) its definition, as in C: the
        // elaborated name declares it.
        auto* s = make<StructDecl>(peek().loc);
        s->attributes = attrs;
        s->is_class = at_keyword(Keyword::Class);
        s->name = peek().ident;
        declare_type(s->name, false);
        advance();
        advance();
        decls_.push_back(s);
        defined = s->name;
        type = type_naming(s);
    } else {
        type = parse_type();
    }
    if (!type) return;
    for (;;) {
        if (reject_pointer_declarator()) return;
        if (!at(TokenKind::Identifier) || keyword() != Keyword::None) {
            expected(DiagCode::parse_expected_identifier, "a name for the typedef");
            return;
        }
        if (tok().ident == defined && !peek().is(TokenKind::LBracket)) {
            // `typedef struct {...} X;` named the struct X already, and `typedef struct X {...} X;`
            // repeats its name: neither declares anything more.
            advance();
            if (!accept(TokenKind::Comma)) break;
            continue;
        }
        auto* t = make<TypedefDecl>(loc());
        t->attributes = attrs;
        t->name = tok().ident;
        t->modifiers = mods;
        t->type = type;
        declare_type(t->name, false);
        advance();
        t->dims = parse_array_dims();
        decls_.push_back(t);
        if (!accept(TokenKind::Comma)) break;
    }
    expect(TokenKind::Semicolon, "after the typedef");
}

void Parser::parse_using(std::span<Attribute> attrs, std::span<TemplateParam> tparams, bool is_template) {
    advance();  // using
    if (at_keyword(Keyword::Namespace)) {
        error_here(DiagCode::parse_unsupported_feature,
                   "'using namespace' is not supported; qualify the names with 'Namespace::'");
        return;
    }
    if (!at(TokenKind::Identifier) || keyword() != Keyword::None) {
        expected(DiagCode::parse_expected_identifier, "a name after 'using'");
        return;
    }
    auto* t = make<TypedefDecl>(loc());
    t->attributes = attrs;
    t->name = tok().ident;
    t->is_using = true;
    t->template_params = tparams;
    t->is_template = is_template;
    advance();
    if (!expect(TokenKind::Equal, "after the alias name")) return;
    t->modifiers = parse_modifiers();
    t->type = parse_type();
    if (!t->type) return;
    t->dims = parse_array_dims();
    declare_type(t->name, is_template);
    decls_.push_back(t);
    expect(TokenKind::Semicolon, "after the alias");
}

void Parser::parse_namespace(std::span<Attribute> attrs) {
    auto* n = make<NamespaceDecl>(loc());
    n->attributes = attrs;
    advance();  // namespace
    if (!at(TokenKind::Identifier) || keyword() != Keyword::None) {
        expected(DiagCode::parse_expected_identifier, "a name after 'namespace'");
        return;
    }
    n->loc = loc();
    n->name = tok().ident;
    info(n->name).is_namespace = true;
    tok_info_pos_ = SIZE_MAX;
    advance();
    decls_.push_back(n);
    // `namespace A::B { ... }` is `namespace A { namespace B { ... } }`.
    std::vector<NamespaceDecl*> chain{n};
    while (at(TokenKind::ColonColon) && peek().is(TokenKind::Identifier) && keyword_at(1) == Keyword::None) {
        advance();
        auto* inner = make<NamespaceDecl>(loc());
        inner->attributes = attrs;
        inner->name = tok().ident;
        info(inner->name).is_namespace = true;
        tok_info_pos_ = SIZE_MAX;
        advance();
        chain.push_back(inner);
    }
    if (!at(TokenKind::LBrace)) {
        expected(DiagCode::parse_expected_token, "'{' after the namespace name");
        return;
    }
    SourceLoc open = loc();
    advance();
    std::size_t mark = decls_.size();
    parse_declaration_seq(true);
    for (std::size_t i = chain.size(); i-- > 1;) {
        chain[i]->decls = take(decls_, mark);
        decls_.push_back(chain[i]);
    }
    n->decls = take(decls_, mark);
    if (!expect(TokenKind::RBrace, "to close the namespace"))
        ctx_.diags.note(support::SourceRange(open), "the namespace opened here");
}

void Parser::parse_enum(std::span<Attribute> attrs) {
    auto* e = make<EnumDecl>(loc());
    e->attributes = attrs;
    advance();  // enum
    if (at_keyword(Keyword::Class) || at_keyword(Keyword::Struct)) {
        e->is_class = true;
        advance();
    }
    if (at(TokenKind::Identifier) && keyword() == Keyword::None) {
        e->loc = loc();
        e->name = tok().ident;
        declare_type(e->name, false);
        advance();
    }
    if (accept(TokenKind::Colon)) {
        e->underlying = parse_type();
        if (!e->underlying) return;
    }
    decls_.push_back(e);
    if (!at(TokenKind::LBrace)) {
        expected(DiagCode::parse_expected_token, "'{' to start the enum body");
        return;
    }
    advance();
    std::size_t mark = enumerators_.size();
    while (!at(TokenKind::RBrace) && !at_eof()) {
        if (!at(TokenKind::Identifier) || keyword() != Keyword::None) {
            expected(DiagCode::parse_expected_identifier, "an enumerator name");
            break;
        }
        Enumerator en;
        en.loc = loc();
        en.name = tok().ident;
        advance();
        if (accept(TokenKind::Equal)) en.value = parse_conditional();
        enumerators_.push_back(en);
        if (!accept(TokenKind::Comma)) break;
    }
    e->enumerators = take(enumerators_, mark);
    if (!expect(TokenKind::RBrace, "to close the enum")) return;
    expect(TokenKind::Semicolon, "after the enum");
}

void Parser::parse_template_declaration(std::span<Attribute> attrs, bool local) {
    if (local) {
        error_here(DiagCode::parse_expected_statement, "templates can only be declared at file scope");
        return;
    }
    std::span<TemplateParam> tparams = parse_template_parameter_list();
    if (recovering_) return;
    if (at(TokenKind::LBracket)) {
        std::span<Attribute> more = parse_attributes();
        if (attrs.empty()) attrs = more;
    }
    if (at_keyword(Keyword::Struct) || at_keyword(Keyword::Class)) {
        parse_struct(attrs, tparams, true);
        return;
    }
    if (at_keyword(Keyword::Using)) {
        parse_using(attrs, tparams, true);
        return;
    }
    parse_variable_or_function(attrs, tparams, true, false);
}

std::span<TemplateParam> Parser::parse_template_parameter_list() {
    advance();  // template
    if (!expect(TokenKind::Less, "after 'template'")) return {};
    std::size_t mark = tparams_.size();
    bool saved = greater_closes_;
    greater_closes_ = true;
    while (!at(TokenKind::Greater) && !at(TokenKind::GreaterGreater) && !at_eof()) {
        TemplateParam p;
        p.loc = loc();
        bool type_param = at_keyword(Keyword::Typename) || at_keyword(Keyword::Class);
        if (type_param) {
            advance();
        } else {
            p.value_type = parse_type();
            if (!p.value_type) break;
        }
        if (!at(TokenKind::Identifier) || keyword() != Keyword::None) {
            expected(DiagCode::parse_expected_identifier, "a template parameter name");
            break;
        }
        p.loc = loc();
        p.name = tok().ident;
        if (type_param) declare_type(p.name, false);
        advance();
        if (accept(TokenKind::Equal)) {
            if (type_param) p.default_type = parse_type();
            else p.default_value = parse_conditional();
        }
        tparams_.push_back(p);
        if (!accept(TokenKind::Comma)) break;
    }
    greater_closes_ = saved;
    std::span<TemplateParam> out = take(tparams_, mark);
    if (!expect_template_close()) return {};
    return out;
}

}  // namespace oneshader::syntax
