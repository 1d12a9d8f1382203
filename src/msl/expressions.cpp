// Instructions as C++ expressions, pointers as the lvalues they name. Every operator is
// parenthesized, so the printed text never depends on C++ precedence; conversions are Metal's
// constructor calls (`float4(x)`), never C casts, which clang reads as bit casts on vectors.
#include <fmt/compile.h>
#include <fmt/format.h>

#include "ir/type_rules.hpp"
#include "msl/printer.hpp"
#include "types/types_query.hpp"
#include "textgen/format.hpp"

namespace oneshader::msl {

using ir::Opcode;

namespace {

const char* binary_operator(Opcode o) {
    switch (o) {
    case Opcode::Add: return "+";
    case Opcode::Sub: return "-";
    case Opcode::Mul: return "*";
    case Opcode::Div: return "/";
    case Opcode::Rem: return "%";
    case Opcode::BitAnd: return "&";
    case Opcode::BitOr: return "|";
    case Opcode::BitXor: return "^";
    case Opcode::LogicalAnd: return "&&";
    case Opcode::LogicalOr: return "||";
    case Opcode::Eq: return "==";
    case Opcode::Ne: return "!=";
    case Opcode::Lt: return "<";
    case Opcode::Le: return "<=";
    case Opcode::Gt: return ">";
    case Opcode::Ge: return ">=";
    default: return nullptr;
    }
}

std::string component_name(std::int64_t k) {
    static const char* names[] = {"x", "y", "z", "w"};
    return k >= 0 && k < 4 ? names[k] : "x";
}

bool is_vector_type(const sema::Type* t) {
    const auto* v = t->value_type()->as<sema::VectorType>();
    return v && v->count > 1;
}

}  // namespace

void Printer::append_expr(std::string& out, const ir::Value* v) {
    if (const auto* i = v->as<ir::Instruction>(); i && !i->type()->is<sema::PointerType>() && !names_.find(v)) {
        append_instruction_expr(out, i);
        return;
    }
    if (const auto* e = names_.find(v); e && !v->as<ir::Constant>()) {
        out += e->second;
        return;
    }
    out += expr(v);
}

std::string Printer::expr(const ir::Value* v) {
    if (const auto* c = v->as<ir::Constant>()) return constant(c);
    if (const auto* e = names_.find(v)) return e->second;
    if (const auto* s = v->as<ir::SpecConstant>()) {
        if (const auto* e = spec_names_.find(s)) return e->second;
        fail(support::DiagCode::msl_malformed_input, "a specialization constant the entry point does not declare");
        return "0";
    }
    if (const auto* i = v->as<ir::Instruction>()) {
        if (i->type()->is<sema::PointerType>()) {
            std::optional<Place> p = place(i);
            return p ? p->lvalue : "0";
        }
        return instruction_expr(i);
    }
    if (const auto* g = v->as<ir::Global>()) {
        if (const auto* e = global_info_.find(g)) return e->second.name;
    }
    fail(support::DiagCode::msl_malformed_input, "a value the function cannot see");
    return "0";
}

// Lane `matrix_row` of the stored line `line` (e.g. "[2]") of a column-major matrix in buffer
// memory: a named lane for a constant row; in constant memory a copy's lane otherwise (no member
// function runs on a constant-space object).
std::string Printer::stored_lane(const Place& p, const std::string& line) {
    std::string base = p.lvalue + line;
    if (p.matrix_row_constant) return base + "." + component_name(*p.matrix_row_constant);
    const auto* m = p.type->value_type()->as<sema::VectorType>();
    std::string elem = m ? scalar_name(m->element) : "float";
    if (p.space == sema::AddressSpace::Uniform || p.space == sema::AddressSpace::PushConstant)
        return textgen::format(FMT_COMPILE("{}{}({})[{}]"), elem, p.line_lanes, base, p.matrix_row);
    return base + "[" + p.matrix_row + "]";
}

std::optional<Place> Printer::place(const ir::Value* v) {
    if (const auto* g = v->as<ir::Global>()) {
        const auto* e = global_info_.find(g);
        if (!e) {
            fail(support::DiagCode::msl_malformed_input, "a global the entry point does not reach");
            return std::nullopt;
        }
        Place p;
        p.lvalue = e->second.name;
        p.space = g->space();
        p.type = g->value_type();
        return p;
    }
    if (const auto* a = v->as<ir::Argument>()) {
        Place p;
        p.lvalue = expr(a);
        const auto* pt = a->type()->as<sema::PointerType>();
        p.space = pt ? pt->space : sema::AddressSpace::Function;
        p.type = pt ? pt->pointee : a->type();
        return p;
    }
    const auto* i = v->as<ir::Instruction>();
    if (!i) {
        fail(support::DiagCode::msl_malformed_input, "a pointer that is not a variable, global or access chain");
        return std::nullopt;
    }
    if (i->opcode == Opcode::Alloca) {
        Place p;
        p.lvalue = expr(i);
        p.type = i->type()->as<sema::PointerType>()->pointee;
        return p;
    }
    if (i->opcode != Opcode::AccessChain) {
        fail(support::DiagCode::msl_malformed_input, "a pointer made by an instruction other than an access chain");
        return std::nullopt;
    }
    std::optional<Place> base = place(i->operands[0]);
    if (!base) return std::nullopt;
    Place cur = *base;
    const ir::Global* global = nullptr;
    for (const ir::Value* b = i->operands[0];;) {
        if (const auto* bi = b->as<ir::Instruction>(); bi && bi->opcode == Opcode::AccessChain) {
            b = bi->operands[0];
            continue;
        }
        global = b->as<ir::Global>();
        break;
    }
    for (std::size_t k = 1; k < i->operands.size(); ++k) {
        const ir::Value* index = i->operands[k];
        const sema::Type* t = cur.type->value_type();
        std::string ix = expr(index);
        if (const auto* r = t->as<sema::ResourceType>()) {
            using sema::ResourceKind;
            const sema::TypeLayout* l = nullptr;
            if (const auto* e = global_info_.find(global)) l = e->second.layout;
            if (sema::is_block_buffer(r->resource)) {
                cur.type = r->element;
                cur.layout = l;
                --k;  // the same index selects inside the element
                continue;
            }
            if (sema::is_structured_buffer(r->resource)) {
                cur.lvalue = cur.lvalue + "[" + ix + "]";
                if (l && layouts_.structured_stride(r->element) > l->size) cur.lvalue += ".value";
                cur.type = r->element;
                cur.layout = l;
                continue;
            }
            if (sema::is_byte_address_buffer(r->resource)) {
                cur.lvalue = cur.lvalue + "[" + ix + "]";
                cur.type = module_.types().scalar(sema::ScalarKind::UInt);
                cur.layout = nullptr;
                continue;
            }
            if (sema::is_storage_texture(r->resource) || r->resource == ResourceKind::RWBuffer) {
                // A texel pointer: only atomics take it (refused there).
                cur.texture = global;
                cur.type = r->element;
                continue;
            }
            fail(support::DiagCode::msl_malformed_input, "an access chain into a texture or sampler");
            return std::nullopt;
        }
        if (const auto* a = t->as<sema::ArrayType>()) {
            cur.lvalue = cur.lvalue + "[" + ix + "]";
            cur.type = a->element;
            if (const auto* er = a->element->as<sema::ResourceType>()) {
                if (sema::is_block_buffer(er->resource)) cur.lvalue = "(*" + cur.lvalue + ")";
                continue;
            }
            if (cur.layout) {
                if (cur.layout->stride > cur.layout->element->size) cur.lvalue += ".value";
                cur.layout = cur.layout->element;
            }
            continue;
        }
        if (const auto* s = t->as<sema::StructType>()) {
            std::optional<std::int64_t> c = ir::constant_int_value(index);
            if (!c) {
                fail(support::DiagCode::msl_malformed_input, "a struct member index that is not a constant");
                return std::nullopt;
            }
            std::uint32_t m = static_cast<std::uint32_t>(*c);
            bool base_member = s->base && m == 0;
            std::uint32_t source = s->base ? m - 1 : m;
            cur.type = base_member ? s->base : s->members[source].type;
            if (cur.layout) {
                const sema::MemberLayout* ml =
                    sema::find_member(*cur.layout, base_member ? sema::MemberLayout::kBaseMember : source);
                const sema::TypeLayout* found = ml ? ml->type : nullptr;
                if (!found) {
                    unsupported("an access to a buffer struct member without bytes");
                    return std::nullopt;
                }
                if (base_member) textgen::append_all(cur.lvalue, ".base");
                else textgen::append_all(cur.lvalue, '.', layout_member_name(ml->name));
                cur.layout = found;
            } else {
                cur.lvalue += "." + member_name(s, m);
            }
            continue;
        }
        if (const auto* mt = t->as<sema::MatrixType>()) {
            cur.type = module_.types().vector(mt->element, mt->cols);
            if (cur.layout && cur.layout->packing == MatrixPacking::ColumnMajor) {
                cur.matrix_row = ix;  // the row is spread over the stored columns
                std::uint32_t bytes = cur.layout->scalar == sema::ScalarKind::Half ? 2 : 4;
                cur.line_lanes = cur.layout->matrix_stride ? cur.layout->matrix_stride / bytes : mt->rows;
                if (auto c = ir::constant_int_value(index)) cur.matrix_row_constant = *c;
            } else if (cur.layout) {
                std::uint32_t bytes = cur.layout->scalar == sema::ScalarKind::Half ? 2 : 4;
                cur.line_lanes = cur.layout->matrix_stride ? cur.layout->matrix_stride / bytes : mt->cols;
                cur.lvalue += "[" + ix + "]";
                cur.layout = nullptr;
            } else {
                cur.lvalue += "[" + ix + "]";
            }
            continue;
        }
        if (const auto* vt = t->as<sema::VectorType>()) {
            cur.type = vt->element;
            if (!cur.matrix_row.empty()) {
                cur.lvalue = stored_lane(cur, "[" + ix + "]");
                cur.matrix_row.clear();
                cur.layout = nullptr;
                cur.line_lanes = 0;
                continue;
            }
            bool stored = cur.layout || cur.line_lanes;
            if (vt->count > 1) {
                std::optional<std::int64_t> c = ir::constant_int_value(index);
                if (stored && c) {
                    cur.lvalue += "." + component_name(*c);  // packed vectors have named lanes
                } else if (stored && (cur.space == sema::AddressSpace::Uniform ||
                                      cur.space == sema::AddressSpace::PushConstant)) {
                    // No member function runs on a constant-space object: read a copy.
                    std::uint32_t lanes = cur.line_lanes ? cur.line_lanes : vt->count;
                    cur.lvalue = textgen::format(FMT_COMPILE("{}{}({})[{}]"), scalar_name(vt->element), lanes, cur.lvalue, ix);
                } else {
                    cur.lvalue += "[" + ix + "]";
                }
            }
            cur.layout = nullptr;
            cur.line_lanes = 0;
            continue;
        }
        fail(support::DiagCode::msl_malformed_input, "an access chain into a scalar");
        return std::nullopt;
    }
    return cur;
}

bool Printer::needs_statement(const ir::Instruction* i) const {
    switch (i->opcode) {
    case Opcode::CompositeInsert:
    case Opcode::AtomicCompareExchange: return true;
    case Opcode::AtomicRmw: return true;
    default: return false;
    }
}

std::string Printer::operator_text(const ir::Instruction* i, const std::string& a, const std::string& b,
                                   const sema::Type* t, const sema::Type* operand) {
    std::string out;
    append_operator(out, i, OperandText{&a}, OperandText{&b}, t, operand);
    return out;
}

void Printer::append_operator(std::string& out, const ir::Instruction* i, OperandText a, OperandText b,
                              const sema::Type* t, const sema::Type* operand) {
    auto put = [&](const OperandText& o) {
        if (o.text) out += *o.text;
        else append_expr(out, o.value);
    };
    auto infix = [&](std::string_view open, std::string_view between, std::string_view close) {
        out += open;
        put(a);
        out += between;
        put(b);
        out += close;
    };
    auto binary = [&] { infix("(", textgen::cat(' ', binary_operator(i->opcode), ' '), ")"); };
    const Opcode o = i->opcode;
    switch (o) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
    case Opcode::Div:
    case Opcode::Rem:
    case Opcode::BitAnd:
    case Opcode::BitOr:
    case Opcode::BitXor:
    case Opcode::LogicalAnd:
    case Opcode::LogicalOr:
        if (o == Opcode::Rem && sema::is_float(t)) return infix("fmod(", ", ", ")");
        if (o == Opcode::Div && i->precise && sema::is_float(t)) return infix("precise::divide(", ", ", ")");
        if ((o == Opcode::LogicalAnd || o == Opcode::LogicalOr) && is_vector_type(t))
            return infix("(", o == Opcode::LogicalAnd ? " & " : " | ", ")");
        return binary();
    case Opcode::Eq:
    case Opcode::Ne:
    case Opcode::Lt:
    case Opcode::Le:
    case Opcode::Gt:
    case Opcode::Ge:
        // Vector comparisons give an integer mask here as in C++; the bool vector is explicit.
        if (is_vector_type(t) && !sema::is_bool(operand)) out += type_name(t);
        return binary();
    case Opcode::Neg:
    case Opcode::BitNot:
    case Opcode::LogicalNot:
        out += o == Opcode::Neg ? "(-" : o == Opcode::BitNot ? "(~" : "(!";
        put(a);
        out += ')';
        return;
    case Opcode::Shl:
    case Opcode::Shr: {
        // HLSL masks the shift count to the width.
        const sema::ScalarType* e = sema::component_type(i->operands[1]->type());
        std::uint32_t width = e ? (e->bits ? e->bits : 32) : 32;
        std::string mask = e ? scalar_literal(e, width - 1) : "31";
        out += '(';
        put(a);
        out += o == Opcode::Shl ? " << (" : " >> (";
        put(b);
        textgen::append_all(out, " & ", mask, "))");
        return;
    }
    default:
        fail(support::DiagCode::msl_malformed_input,
             textgen::format(FMT_COMPILE("an operator the printer does not know ({})"), ir::mnemonic(o)));
        out += '0';
        return;
    }
}

std::string Printer::instruction_expr(const ir::Instruction* i) {
    std::string out;
    append_instruction_expr(out, i);
    return out;
}

void Printer::append_instruction_expr(std::string& out, const ir::Instruction* i) {
    textgen::SourceAt::Scope here(at_, i);
    if (std::optional<std::string> rows = matrix_expr(i)) {
        out += *rows;
        return;
    }
    const sema::Type* t = i->type()->value_type();
    const Opcode o = i->opcode;
    switch (o) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
    case Opcode::Div:
    case Opcode::Rem:
    case Opcode::BitAnd:
    case Opcode::BitOr:
    case Opcode::BitXor:
    case Opcode::LogicalAnd:
    case Opcode::LogicalOr:
    case Opcode::Eq:
    case Opcode::Ne:
    case Opcode::Lt:
    case Opcode::Le:
    case Opcode::Gt:
    case Opcode::Ge:
    case Opcode::Shl:
    case Opcode::Shr:
        append_operator(out, i, OperandText{nullptr, i->operands[0]}, OperandText{nullptr, i->operands[1]}, t,
                        i->operands[0]->type());
        return;
    case Opcode::Neg:
    case Opcode::BitNot:
    case Opcode::LogicalNot:
        append_operator(out, i, OperandText{nullptr, i->operands[0]}, OperandText{}, t, i->operands[0]->type());
        return;
    case Opcode::Select:
        if (is_vector_type(i->operands[0]->type())) {
            out += "select(";
            append_expr(out, i->operands[2]);
            out += ", ";
            append_expr(out, i->operands[1]);
            out += ", ";
            append_expr(out, i->operands[0]);
        } else {
            out += '(';
            append_expr(out, i->operands[0]);
            out += " ? ";
            append_expr(out, i->operands[1]);
            out += " : ";
            append_expr(out, i->operands[2]);
        }
        out += ')';
        return;
    case Opcode::Convert:
    case Opcode::Bitcast:
        if (o == Opcode::Convert) textgen::append_all(out, type_name(t), '(');
        else textgen::append_all(out, "as_type<", type_name(t), ">(");
        append_expr(out, i->operands[0]);
        out += ')';
        return;
    case Opcode::CallIntrinsic:
        if (append_intrinsic_call(out, i)) return;
        break;
    case Opcode::CompositeExtract:
        append_expr(out, i->operands[0]);
        out += element_path(i->operands[0]->type(), i->immediates);
        return;
    case Opcode::Swizzle: {
        const auto* src = i->operands[0]->type()->value_type()->as<sema::VectorType>();
        if (!src || src->count == 1) {
            if (i->immediates.size() != 1) break;  // `T(e)`, below
            append_expr(out, i->operands[0]);
            return;
        }
        if (sema::is_bool(t) && i->immediates.size() > 1) break;  // a constructor, below
        append_expr(out, i->operands[0]);
        out += '.';
        for (std::int64_t k : i->immediates) out += component_name(k);
        return;
    }
    case Opcode::CompositeConstruct:
        // A vector or a matrix of columns: `T(a, b, ...)` (structs and row arrays below).
        if (const auto* v = t->as<sema::VectorType>(); (v && v->count > 1) || (t->is<sema::MatrixType>() && !row_array(t))) {
            textgen::append_all(out, type_name(t), '(');
            for (std::size_t k = 0; k < i->operands.size(); ++k) {
                if (k) out += ", ";
                append_expr(out, i->operands[k]);
            }
            out += ')';
            return;
        }
        break;
    default: break;
    }
    std::string text = instruction_text(i);
    // An empty buffer without storage of its own takes the text's; others append it.
    if (out.empty() && out.capacity() < text.size()) out = std::move(text);
    else out += text;
}

std::string Printer::instruction_text(const ir::Instruction* i) {
    const sema::Type* t = i->type()->value_type();
    auto op = [&](std::size_t k) { return expr(i->operands[k]); };
    // Operators, selects, conversions, extracts, intrinsics by name, vector and matrix
    // constructors and plain swizzles are appended in place (append_instruction_expr).
    switch (i->opcode) {
    case Opcode::CompositeConstruct: {
        // One lane (a scalar), a struct or an array of rows.
        std::string args;
        for (std::size_t k = 0; k < i->operands.size(); ++k) {
            std::string e = op(k);
            textgen::append_all(args, k ? ", " : "", e);
        }
        if (const auto* v = t->as<sema::VectorType>(); v && v->count == 1) return args;
        if (const auto* s = t->as<sema::StructType>()) declare_struct(s);
        return textgen::cat(type_name(t), '{', args, '}');
    }
    case Opcode::Swizzle: {
        // Lanes of a scalar, or a bool vector built lane by lane.
        const auto* src = i->operands[0]->type()->value_type()->as<sema::VectorType>();
        std::string e = op(0);
        if (!src || src->count == 1) return type_name(t) + "(" + e + ")";
        std::string args;
        for (std::size_t k = 0; k < i->immediates.size(); ++k)
            args += (k ? ", " : "") + e + "." + component_name(i->immediates[k]);
        return type_name(t) + "(" + args + ")";
    }
    case Opcode::VectorShuffle: {
        const auto* a = i->operands[0]->type()->value_type()->as<sema::VectorType>();
        std::uint32_t n = a ? a->count : 1;
        std::string x = op(0), y = op(1);
        std::string args;
        for (std::size_t k = 0; k < i->immediates.size(); ++k) {
            std::int64_t c = i->immediates[k];
            std::string lane = c < n ? (n == 1 ? x : x + "." + component_name(c))
                                     : (y + "." + component_name(c - n));
            args += (k ? ", " : "") + lane;
        }
        return type_name(t) + "(" + args + ")";
    }
    case Opcode::Splat: {
        if (const auto* v = t->as<sema::VectorType>(); v && v->count == 1) return op(0);
        return type_name(t) + "(" + op(0) + ")";
    }
    case Opcode::MatMul: {
        const sema::Type* a = i->operands[0]->type()->value_type();
        const sema::Type* b = i->operands[1]->type()->value_type();
        // HLSL rows are MSL columns: mul(a, b) is b * a (spec: "Matrices").
        if (a->is<sema::MatrixType>() || b->is<sema::MatrixType>()) return "(" + op(1) + " * " + op(0) + ")";
        return "(" + op(0) + " * " + op(1) + ")";
    }
    case Opcode::Load: {
        std::optional<Place> p = place(i->operands[0]);
        if (!p) return "0";
        if (sema::is_resource_or_array(p->type->value_type()))
            return p->lvalue;
        if (!p->matrix_row.empty()) {
            const auto* v = t->as<sema::VectorType>();
            std::string args;
            std::uint32_t n = v ? v->count : 1;
            for (std::uint32_t k = 0; k < n; ++k) args += (k ? ", " : "") + stored_lane(*p, textgen::format(FMT_COMPILE("[{}]"), k));
            return type_name(t) + "(" + args + ")";
        }
        if (p->layout) return load_from(p->lvalue, p->layout, t, p->space);
        if (p->line_lanes) {
            const auto* v = t->as<sema::VectorType>();
            std::uint32_t n = v ? v->count : 1;
            std::string e = textgen::format(FMT_COMPILE("{}{}({})"), v ? scalar_name(v->element) : "float", p->line_lanes, p->lvalue);
            return n == p->line_lanes ? e : e + "." + std::string("xyzw").substr(0, n);
        }
        if (p->space == sema::AddressSpace::Workgroup && t->is<sema::ArrayType>()) {
            unsupported("copying a whole groupshared array", "Copy its elements");
            return "0";
        }
        if (const auto* m = row_array(t); m && p->space == sema::AddressSpace::Workgroup) return load_rows(p->lvalue, m);
        return p->lvalue;
    }
    case Opcode::NonUniformIndex: return op(0);
    case Opcode::Call: return i->callee ? function_names_[i->callee] + "(" + call_args(i) + ")" : "0";
    case Opcode::CallIntrinsic: return intrinsic_expr(i);
    case Opcode::TextureSample:
    case Opcode::TextureSampleBias:
    case Opcode::TextureSampleLevel:
    case Opcode::TextureSampleGrad:
    case Opcode::TextureSampleCompare:
    case Opcode::TextureSampleCompareLevelZero:
    case Opcode::TextureGather:
    case Opcode::TextureGatherCompare:
    case Opcode::TextureLoad:
    case Opcode::TextureQuerySize:
    case Opcode::TextureQueryLevels:
    case Opcode::TextureQuerySamples:
    case Opcode::TextureQueryLod:
    case Opcode::ByteAddressLoad:
    case Opcode::BufferLength: return texture_expr(i);
    default: break;
    }
    fail(support::DiagCode::msl_malformed_input,
         textgen::format(FMT_COMPILE("an instruction the printer cannot write as an expression ({})"), ir::mnemonic(i->opcode)));
    return "0";
}

// `.x`, `[2]`, `.member` for the extract/insert indices into a value of type `t`.
std::string Printer::element_path(const sema::Type* t, std::span<const std::int64_t> indices) {
    std::string e;
    const sema::Type* at = t->value_type();
    for (std::int64_t k : indices) {
        if (const auto* v = at->as<sema::VectorType>()) {
            if (v->count > 1) e.append(".").append(component_name(k));
            at = v->element;
        } else if (const auto* m = at->as<sema::MatrixType>()) {
            e.append("[").append(std::to_string(k)).append("]");
            at = module_.types().vector(m->element, m->cols);
        } else if (const auto* a = at->as<sema::ArrayType>()) {
            e.append("[").append(std::to_string(k)).append("]");
            at = a->element;
        } else if (const auto* s = at->as<sema::StructType>()) {
            e.append(".").append(member_name(s, static_cast<std::uint32_t>(k)));
            bool base = s->base && k == 0;
            at = base ? s->base : s->members[static_cast<std::size_t>(s->base ? k - 1 : k)].type;
        }
    }
    return e;
}

std::string Printer::call_args(const ir::Instruction* i) {
    std::string args;
    for (const ir::Value* a : i->operands) {
        if (!args.empty()) args += ", ";
        if (a->type()->is<sema::PointerType>()) {
            std::optional<Place> p = place(a);
            args += p ? p->lvalue : "0";
        } else {
            args += expr(a);
        }
    }
    if (i->callee)
        if (const auto* e = function_globals_.find(i->callee))
            for (const ir::Global* g : e->second) {
                if (!args.empty()) args += ", ";
                args += global_info_[g].name;
            }
    if (i->callee && uses_lane_) args += std::string(args.empty() ? "" : ", ") + "oneshader_lane";
    if (i->callee && uses_lane_count_) args += std::string(args.empty() ? "" : ", ") + "oneshader_lane_count";
    return args;
}

void Printer::statement_value(const ir::Instruction* i, const std::string& name) {
    textgen::SourceAt::Scope here(at_, i);
    const sema::Type* t = i->type()->value_type();
    if (i->opcode == Opcode::CompositeInsert) {
        out_.line(type_name(t) + " " + name + " = " + expr(i->operands[0]) + ";");
        out_.line(name + element_path(t, i->immediates) + " = " + expr(i->operands[1]) + ";");
        return;
    }
    atomic_statement(i, name);
}

void Printer::effect(const ir::Instruction* i) {
    textgen::SourceAt::Scope here(at_, i);
    switch (i->opcode) {
    case Opcode::Store: {
        std::optional<Place> p = place(i->operands[0]);
        if (!p) return;
        std::string v = expr(i->operands[1]);
        const sema::Type* t = i->operands[1]->type()->value_type();
        if (!p->matrix_row.empty()) {
            std::string tmp = local_names_.fresh("row");
            out_.line_of(type_name(t), " ", tmp, " = ", v, ";");
            const auto* vt = t->as<sema::VectorType>();
            for (std::uint32_t k = 0; k < (vt ? vt->count : 1u); ++k)
                out_.format_line(FMT_COMPILE("{}[{}][{}] = {}.{};"), p->lvalue, k, p->matrix_row, tmp, component_name(k));
            return;
        }
        if (p->layout) {
            store_to(p->lvalue, p->layout, t, v);
            return;
        }
        if (const auto* vt = t->as<sema::VectorType>(); vt && p->line_lanes > vt->count) {
            // A row of a row-major matrix in a buffer is a wider packed line (an int3 row with a
            // 16-byte stride is a packed_int4): its lanes one by one, the padding left alone.
            std::string tmp = local_names_.fresh("row");
            out_.line_of(type_name(t), " ", tmp, " = ", v, ";");
            for (std::uint32_t k = 0; k < vt->count; ++k)
                out_.format_line(FMT_COMPILE("{}.{} = {}.{};"), p->lvalue, component_name(k), tmp, component_name(k));
            return;
        }
        if (p->space == sema::AddressSpace::Workgroup && t->is<sema::ArrayType>()) {
            unsupported("copying a whole groupshared array", "Copy its elements");
            return;
        }
        if (const auto* m = row_array(t); m && p->space == sema::AddressSpace::Workgroup) {
            store_rows(p->lvalue, m, v);
            return;
        }
        out_.line_of(p->lvalue, " = ", v, ';');
        return;
    }
    case Opcode::Call: out_.line_of(function_names_[i->callee], "(", call_args(i), ");"); return;
    case Opcode::CallIntrinsic: intrinsic_effect(i); return;
    case Opcode::TextureStore:
    case Opcode::ByteAddressStore: out_.line_of(texture_expr(i), ";"); return;
    case Opcode::AtomicRmw:
    case Opcode::AtomicCompareExchange: atomic_statement(i, ""); return;
    case Opcode::Barrier: out_.line_of(barrier(i), ";"); return;
    default: break;
    }
    if (i->has_result()) {
        out_.line_of(instruction_expr(i), ";");
        return;
    }
    fail(support::DiagCode::msl_malformed_input,
         textgen::format(FMT_COMPILE("an instruction the printer cannot write as a statement ({})"), ir::mnemonic(i->opcode)));
}

}  // namespace oneshader::msl
