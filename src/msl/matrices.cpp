// Matrix operations Metal does not take whole. Metal matrices hold float and half only, so an
// R x C integer or bool matrix is `array<TC, R>`: its HLSL rows, as buffers store them (and as the
// SPIR-V target's arrays of rows). Indexing, construction, insertion, copies, parameters and
// returns are those of any array; what an array lacks is printed here: operators, comparisons,
// select, conversions and bit-casts row by row, any/all over the rows, mul and transpose as helper
// functions (one per shape, written once), and whole copies in threadgroup memory, where the
// matrix is a C array of rows. Float matrices share the row-by-row forms where C++ reads the
// operator otherwise (`*` is the product) or not at all (comparisons, select by a bool matrix,
// bit-casts).
#include <fmt/compile.h>
#include <fmt/format.h>

#include "ir/opcode.hpp"
#include "msl/printer.hpp"
#include "types/types_query.hpp"
#include "textgen/format.hpp"

namespace oneshader::msl {

using ir::Opcode;

const sema::MatrixType* row_array(const sema::Type* t) {
    const auto* m = t->value_type()->as<sema::MatrixType>();
    return m && m->rows > 1 && m->cols > 1 && !sema::is_float_kind(m->element->scalar) ? m : nullptr;
}

namespace {

const char* const kLetters = "xyzw";

// A matrix Metal holds as a matrix or a row array (at least 2x2).
const sema::MatrixType* real_matrix(const sema::Type* t) {
    const auto* m = t->value_type()->as<sema::MatrixType>();
    return m && m->rows > 1 && m->cols > 1 ? m : nullptr;
}

bool is_operator(Opcode o) {
    switch (o) {
    case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::Div: case Opcode::Rem: case Opcode::BitAnd:
    case Opcode::BitOr: case Opcode::BitXor: case Opcode::LogicalAnd: case Opcode::LogicalOr: case Opcode::Shl:
    case Opcode::Shr: case Opcode::Neg: case Opcode::BitNot: case Opcode::LogicalNot: return true;
    default: return false;
    }
}

// `static R name(params) { return body; }`.
std::string helper_text(const std::string& result, const std::string& name, const std::string& params,
                        const std::string& body) {
    return "static " + result + " " + name + "(" + params + ")\n{\n    return " + body + ";\n}\n\n";
}

}  // namespace

std::string Printer::row_of(const ir::Value* v, std::uint32_t r) {
    const auto* m = real_matrix(v->type());
    const sema::Type* row = m ? module_.types().vector(m->element, m->cols) : v->type();
    // A constant's row is its own constant, not an index into the whole one.
    if (const auto* c = v->as<ir::Constant>()) {
        if (c->constant_kind == ir::ConstantKind::Composite && r < c->elements.size()) return constant(c->elements[r]);
        if (m && (c->constant_kind == ir::ConstantKind::Zero || c->constant_kind == ir::ConstantKind::Undef))
            return type_name(row) + "(" + scalar_literal(m->element, 0) + ")";
    }
    return textgen::format(FMT_COMPILE("{}[{}]"), expr(v), r);
}

bool Printer::reads_rows(const ir::Instruction* i) const {
    const sema::Type* t = i->type()->value_type();
    const sema::Type* first = i->operands.empty() ? nullptr : i->operands[0]->type();
    Opcode o = i->opcode;
    if (o == Opcode::Mul || o == Opcode::Div || o == Opcode::Rem || o == Opcode::Bitcast)
        return real_matrix(t) != nullptr;
    if (is_operator(o)) return row_array(t) != nullptr;
    if (ir::is_comparison(o)) return first && real_matrix(first);
    if (o == Opcode::Select) return real_matrix(t) && real_matrix(first);
    if (o == Opcode::Convert) return row_array(t) || (first && row_array(first));
    if (o == Opcode::CallIntrinsic)
        return (i->intrinsic == intrinsics::Id::All || i->intrinsic == intrinsics::Id::Any) && first &&
               real_matrix(first);
    return false;
}

std::optional<std::string> Printer::matrix_expr(const ir::Instruction* i) {
    const sema::Type* t = i->type()->value_type();
    const sema::Type* first = i->operands.empty() ? nullptr : i->operands[0]->type()->value_type();
    Opcode o = i->opcode;
    if (o == Opcode::MatMul) {
        const sema::Type* b = i->operands[1]->type()->value_type();
        if (!row_array(first) && !row_array(b)) return std::nullopt;
        return integer_product(i);
    }
    if (o == Opcode::CallIntrinsic) {
        using intrinsics::Id;
        if (i->intrinsic == Id::Transpose && first && row_array(first)) return transpose_rows(i);
        if ((i->intrinsic != Id::All && i->intrinsic != Id::Any) || !first || !real_matrix(first)) return std::nullopt;
        // all/any of each row, joined: Metal's take bool vectors.
        const auto* m = real_matrix(first);
        const sema::Type* row = module_.types().vector(m->element, m->cols);
        std::string s = "(";
        for (std::uint32_t r = 0; r < m->rows; ++r) {
            std::string line = row_of(i->operands[0], r);
            if (!sema::is_bool(first))
                line = textgen::format(FMT_COMPILE("bool{}({} != {}({}))"), m->cols, line, type_name(row), scalar_literal(m->element, 0));
            s += (r ? (i->intrinsic == Id::All ? " && " : " || ") : "") +
                 std::string(i->intrinsic == Id::All ? "all(" : "any(") + line + ")";
        }
        return s + ")";
    }
    if (!reads_rows(i)) return std::nullopt;
    const sema::MatrixType* result = real_matrix(t);
    if (!result) return std::nullopt;
    const sema::Type* row_type = module_.types().vector(result->element, result->cols);
    const auto* fm = first ? real_matrix(first) : nullptr;
    const sema::Type* operand_row = fm ? module_.types().vector(fm->element, fm->cols) : row_type;
    // `T{row 0, row 1}` for a row array, `floatRxC(row 0, row 1)` for a float matrix.
    bool braces = row_array(t) != nullptr;
    std::string s = type_name(t) + (braces ? "{" : "(");
    for (std::uint32_t r = 0; r < result->rows; ++r) {
        std::string line;
        if (is_operator(o) || ir::is_comparison(o)) {
            std::string b = i->operands.size() > 1 ? row_of(i->operands[1], r) : "";
            line = operator_text(i, row_of(i->operands[0], r), b, row_type, operand_row);
        } else if (o == Opcode::Select) {
            line = "select(" + row_of(i->operands[2], r) + ", " + row_of(i->operands[1], r) + ", " +
                   row_of(i->operands[0], r) + ")";
        } else if (o == Opcode::Convert) {
            line = type_name(row_type) + "(" + row_of(i->operands[0], r) + ")";
        } else {  // Bitcast
            line = "as_type<" + type_name(row_type) + ">(" + row_of(i->operands[0], r) + ")";
        }
        s += (r ? ", " : "") + line;
    }
    return s + (braces ? "}" : ")");
}

std::string Printer::integer_product(const ir::Instruction* i) {
    const sema::Type* a = i->operands[0]->type()->value_type();
    const sema::Type* b = i->operands[1]->type()->value_type();
    const sema::ScalarType* element = sema::component_type(a);
    if (!element || element->scalar == sema::ScalarKind::Bool) {
        unsupported("mul of bool matrices", "Convert them to int first");
        return "0";
    }
    const auto* ma = row_array(a);
    const auto* mb = row_array(b);
    std::string ta = type_name(a), tb = type_name(b), tr = type_name(i->type());
    std::string args = "(" + expr(i->operands[0]) + ", " + expr(i->operands[1]) + ")";
    std::string key = "mul " + ta + " " + tb;
    auto known = helper_names_.find(key);
    if (known != helper_names_.end()) return known->second + args;
    auto shape = [](const sema::Type* t) {
        if (const auto* m = t->as<sema::MatrixType>()) return textgen::format(FMT_COMPILE("{}x{}"), unsigned{m->rows}, unsigned{m->cols});
        return textgen::format(FMT_COMPILE("v{}"), sema::component_count(t));
    };
    std::string name = file_names_.fresh(textgen::format(FMT_COMPILE("mul_{}_{}_{}"), scalar_name(element), shape(a), shape(b)));
    // Sums of products, spelled out: Metal's dot takes float vectors only.
    std::string body;
    if (ma && !mb) {
        // mul(M, v): row r of M dotted with v.
        body = tr + "(";
        for (std::uint32_t r = 0; r < ma->rows; ++r) {
            body += r ? ", (" : "(";
            for (std::uint32_t k = 0; k < ma->cols; ++k)
                body += textgen::format(FMT_COMPILE("{}(a[{}].{} * b.{})"), k ? " + " : "", r, kLetters[k], kLetters[k]);
            body += ")";
        }
        body += ")";
    } else if (!ma) {
        // mul(v, M): the rows of M scaled by v's components and added.
        body = "(";
        for (std::uint32_t r = 0; r < mb->rows; ++r) body += textgen::format(FMT_COMPILE("{}(a.{} * b[{}])"), r ? " + " : "", kLetters[r], r);
        body += ")";
    } else {
        // mul(A, B): row r of the product is B's rows scaled by the components of A's row r, added.
        body = tr + "{";
        for (std::uint32_t r = 0; r < ma->rows; ++r) {
            body += r ? ", (" : "(";
            for (std::uint32_t k = 0; k < mb->rows; ++k)
                body += textgen::format(FMT_COMPILE("{}(a[{}].{} * b[{}])"), k ? " + " : "", r, kLetters[k], k);
            body += ")";
        }
        body += "}";
    }
    helpers_ += helper_text(tr, name, ta + " a, " + tb + " b", body);
    helper_names_[key] = name;
    return name + args;
}

std::string Printer::transpose_rows(const ir::Instruction* i) {
    const sema::Type* a = i->operands[0]->type()->value_type();
    const auto* m = row_array(a);
    std::string ta = type_name(a), tr = type_name(i->type());
    std::string args = std::string("(").append(expr(i->operands[0])).append(")");
    std::string key = "transpose " + ta;
    auto known = helper_names_.find(key);
    if (known != helper_names_.end()) return known->second + args;
    std::string name = file_names_.fresh(textgen::format(FMT_COMPILE("transpose_{}_{}x{}"), scalar_name(m->element), m->rows, m->cols));
    // Row c of the transpose is column c of the matrix.
    std::string row = type_name(module_.types().vector(m->element, m->rows));
    std::string body = tr + "{";
    for (std::uint32_t c = 0; c < m->cols; ++c) {
        body += (c ? ", " : "") + row + "(";
        for (std::uint32_t r = 0; r < m->rows; ++r) body += textgen::format(FMT_COMPILE("{}m[{}].{}"), r ? ", " : "", r, kLetters[c]);
        body += ")";
    }
    helpers_ += helper_text(tr, name, ta + " m", body + "}");
    helper_names_[key] = name;
    return name + args;
}

std::string Printer::load_rows(const std::string& lvalue, const sema::MatrixType* m) {
    std::string s = type_name(m) + "{";
    for (std::uint32_t r = 0; r < m->rows; ++r) s += textgen::format(FMT_COMPILE("{}{}[{}]"), r ? ", " : "", lvalue, r);
    return s + "}";
}

void Printer::store_rows(const std::string& lvalue, const sema::MatrixType* m, const std::string& v) {
    std::string tmp = local_names_.fresh("rows");
    out_.line_of(type_name(m), " ", tmp, " = ", v, ";");
    for (std::uint32_t r = 0; r < m->rows; ++r) out_.format_line(FMT_COMPILE("{}[{}] = {}[{}];"), lvalue, r, tmp, r);
}

}  // namespace oneshader::msl
