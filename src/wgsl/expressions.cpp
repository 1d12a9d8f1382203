// Values as expressions: arithmetic, comparisons, conversions, composites, loads, stores, access
// chains and calls. Every compound expression is parenthesized, so inlined operands never need
// precedence rules (WGSL also forbids mixing some operators without parentheses).
#include <fmt/compile.h>
#include <fmt/format.h>

#include "ir/type_rules.hpp"
#include "types/byte_address_layout.hpp"
#include "types/types_print.hpp"
#include "types/types_query.hpp"
#include "wgsl/printer.hpp"
#include "textgen/format.hpp"

namespace oneshader::wgsl {

namespace {

const char* swizzle_letter(std::int64_t k) {
    static const char* const kLetters[] = {"x", "y", "z", "w"};
    return k >= 0 && k < 4 ? kLetters[k] : "x";
}

bool is_vector(const sema::Type* t) {
    const auto* v = t->as<sema::VectorType>();
    return v && v->count > 1;
}

// A matrix WGSL keeps as a matrix (at least 2x2).
const sema::MatrixType* real_matrix(const sema::Type* t) {
    const auto* m = t->as<sema::MatrixType>();
    return m && m->rows > 1 && m->cols > 1 ? m : nullptr;
}

}  // namespace

void Printer::append_value(std::string& out, const ir::Value* v) {
    if (const auto* c = v->as<ir::Constant>()) {
        append_constant(out, c);
        return;
    }
    if (const auto* g = v->as<ir::Global>()) {
        global_name(g);  // named first, so the text below is the map's own (no copy)
        out += global_names_.find(g)->second;
        return;
    }
    if (auto known = value_names_.find(v); known != value_names_.end()) {
        out += known->second;
        return;
    }
    if (const auto* i = v->as<ir::Instruction>(); i && inlined_.count(i)) {
        append_expression(out, i);
        return;
    }
    out += value(v);
}

std::string Printer::value(const ir::Value* v) {
    if (const auto* c = v->as<ir::Constant>()) return constant(c);
    if (const auto* g = v->as<ir::Global>()) return global_name(g);
    auto known = value_names_.find(v);
    if (known != value_names_.end()) return known->second;
    if (const auto* i = v->as<ir::Instruction>()) {
        if (inlined_.count(i)) return expression(i);
    }
    malformed("a value used before its definition");
    return "0";
}

std::string Printer::u32_value(const ir::Value* v) {
    if (auto c = ir::constant_int_value(v)) return textgen::format(FMT_COMPILE("{}u"), static_cast<std::uint32_t>(*c));
    std::string e = value(v);
    const sema::ScalarType* s = sema::component_type(v->type());
    if (s && s->scalar == sema::ScalarKind::UInt) return e;
    return "u32(" + e + ")";
}

Ref Printer::pointer(const ir::Value* p) {
    Ref r;
    if (const auto* g = p->as<ir::Global>()) {
        r.root = g;
        if (g->global_kind() == ir::GlobalKind::Resource) {
            const auto* rt = g->value_type()->as<sema::ResourceType>();
            r.in_buffer = true;
            r.buffer.buffer = g;
            // ConstantBuffer<T> and TextureBuffer<T> are entered as T itself; structured and
            // byte-address buffers by element or word (their root has no layout).
            if (!rt || sema::is_block_buffer(rt->resource)) r.buffer.layout = buffer_layout(g);
            return r;
        }
        r.text = global_name(g);
        return r;
    }
    const auto* i = p->as<ir::Instruction>();
    if (!i) {
        // A pointer argument: its name is `(*arg)`.
        r.text = value(p);
        return r;
    }
    if (i->opcode == ir::Opcode::Alloca) {
        r.text = value(i);
        return r;
    }
    if (i->opcode != ir::Opcode::AccessChain) {
        malformed("a pointer that is not a variable or an access chain");
        return r;
    }
    if (pointer_lets_.count(i)) {
        Ref base = pointer(i->operands[0]);
        // Re-derive the layout, then use the let's word index.
        Ref full = base;
        full.root = root_global(i);
        if (!base.in_buffer) {
            full.text = value_names_[i];
            return full;
        }
        const sema::Type* t = nullptr;
        for (std::size_t k = 1; k < i->operands.size(); ++k) full.buffer = buffer_step(full.buffer, i->operands[k], t);
        auto w = buffer_pointer_words_.find(i);
        if (w != buffer_pointer_words_.end()) {
            full.buffer.word = 0;
            full.buffer.dynamic = w->second;
        }
        return full;
    }
    r = pointer(i->operands[0]);
    const sema::Type* t = i->operands[0]->type()->as<sema::PointerType>()->pointee;
    for (std::size_t k = 1; k < i->operands.size(); ++k) {
        const ir::Value* index = i->operands[k];
        if (r.in_buffer) {
            r.buffer = buffer_step(r.buffer, index, t);
            continue;
        }
        auto c = ir::constant_int_value(index);
        if (const auto* s = t->as<sema::StructType>()) {
            textgen::append_all(r.text, '.', struct_member(s, static_cast<std::uint32_t>(c.value_or(0))));
            t = ir::composite_element_type(module_.types(), t, c.value_or(0));
            continue;
        }
        if (const auto* m = t->as<sema::MatrixType>(); m && !real_matrix(m)) {
            // A one-row matrix is its row; a one-column matrix's row is a component.
            if (m->rows == 1) {
                t = ir::composite_element_type(module_.types(), t, 0);
                continue;
            }
        }
        if (const auto* v = t->as<sema::VectorType>(); v && v->count == 1) {
            // A one-component vector (a one-column matrix's row) is a scalar.
            t = v->element;
            continue;
        }
        if (is_vector(t) && c) r.text += std::string(".") + swizzle_letter(*c);
        else textgen::append_all(r.text, '[', c ? textgen::format(FMT_COMPILE("{}"), *c) : value(index), ']');
        t = c ? ir::composite_element_type(module_.types(), t, *c) : ir::composite_element_type(module_.types(), t, 0);
    }
    return r;
}

std::string Printer::load(const ir::Value* ptr, const sema::Type* t) {
    Ref r = pointer(ptr);
    if (r.in_buffer) return buffer_read(r.buffer, t);
    if (r.root && is_atomic_global(r.root) && t->is<sema::ScalarType>()) return "atomicLoad(&" + r.text + ")";
    return r.text;
}

void Printer::store(const ir::Value* ptr, const std::string& v, const sema::Type* t) {
    Ref r = pointer(ptr);
    if (r.in_buffer) {
        buffer_write(r.buffer, v, t);
        return;
    }
    if (r.root && is_atomic_global(r.root) && t->is<sema::ScalarType>()) {
        out().line_of("atomicStore(&", r.text, ", ", v, ");");
        return;
    }
    out().line_of(r.text, " = ", v, ';');
}

namespace {

const char* binary_operator(ir::Opcode op) {
    using O = ir::Opcode;
    switch (op) {
        case O::Add: return "+";
        case O::Sub: return "-";
        case O::Mul: return "*";
        case O::Div: return "/";
        case O::Rem: return "%";
        case O::BitAnd: return "&";
        case O::BitOr: return "|";
        case O::BitXor: return "^";
        case O::LogicalAnd: return "&";
        case O::LogicalOr: return "|";
        case O::Eq: return "==";
        case O::Ne: return "!=";
        case O::Lt: return "<";
        case O::Le: return "<=";
        case O::Gt: return ">";
        case O::Ge: return ">=";
        default: return nullptr;
    }
}

}  // namespace

// The words of a byte-address load or store: operand 1 is the byte offset, `t` what is moved.
BufferRef Printer::byte_address(const ir::Instruction* i, const sema::Type* t) {
    BufferRef b = pointer(i->operands[0]).buffer;
    b.dynamic = textgen::cat('(', u32_value(i->operands[1]), " >> 2u)");
    if (auto c = ir::constant_int_value(i->operands[1])) {
        b.dynamic.clear();
        b.word = static_cast<std::uint32_t>(*c) >> 2;
    }
    b.layout = layouts_.layout(t, sema::LayoutRule::Storage);
    if (!b.layout) malformed("a byte-address access of a type without a layout");
    // Load<T>/Store<T> place T as DXC does (the SPIR-V target's words); the buffer layout this
    // printer reads through must put every scalar there too, or the targets would disagree.
    else if (!sema::byte_address_layout_matches(t, b.layout))
        refuse("WGSL: Load<T>/Store<T> of '" + sema::type_name(t) +
               "' on a byte-address buffer, whose members DXC places at multiples of their alignment (a float3 at "
               "a multiple of 16 bytes, a matrix by tight columns) where this target's buffer layout would not; "
               "pad the struct so each member already sits there, or compile this shader for SPIR-V only");
    return b;
}

std::string Printer::expression(const ir::Instruction* i) {
    std::string out;
    append_expression(out, i);
    return out;
}

void Printer::append_expression(std::string& out, const ir::Instruction* i) {
    using O = ir::Opcode;
    textgen::SourceAt::Scope here(at_, i);
    if (i->precise && !precise_warned_) {
        precise_warned_ = true;
        diags_.report(support::DiagCode::wgsl_precise, at_.range(),
                      "'precise' arithmetic is compiled, but WGSL cannot forbid a multiply-add being fused or a sum "
                      "being reordered, so the result may differ in the last bits from the other targets. Use 'fma' "
                      "where the exact rounding matters, or leave WGSL out of the targets for this shader.");
    }
    if (std::optional<std::string> rows = matrix_expression(i)) {
        out += *rows;
        return;
    }
    switch (i->opcode) {
        case O::Add: case O::Sub: case O::Mul: case O::Div: case O::Rem:
        case O::BitAnd: case O::BitOr: case O::BitXor: case O::LogicalAnd: case O::LogicalOr:
        case O::Eq: case O::Ne: case O::Lt: case O::Le: case O::Gt: case O::Ge:
            // Matrices that need rows (component-wise `*`, comparisons) went to matrix_expression.
            out += '(';
            append_value(out, i->operands[0]);
            textgen::append_all(out, ' ', binary_operator(i->opcode), ' ');
            append_value(out, i->operands[1]);
            out += ')';
            return;
        case O::Neg:
        case O::BitNot:
        case O::LogicalNot:
            out += i->opcode == O::Neg ? "(-" : i->opcode == O::BitNot ? "(~" : "(!";
            append_value(out, i->operands[0]);
            out += ')';
            return;
        case O::Select:
            out += "select(";
            append_value(out, i->operands[2]);
            out += ", ";
            append_value(out, i->operands[1]);
            out += ", ";
            append_value(out, i->operands[0]);
            out += ')';
            return;
        case O::Convert:
        case O::Bitcast:
            if (i->opcode == O::Convert) textgen::append_all(out, type(i->type()), '(');
            else textgen::append_all(out, "bitcast<", type(i->type()), ">(");
            append_value(out, i->operands[0]);
            out += ')';
            return;
        case O::CompositeExtract: {
            append_value(out, i->operands[0]);
            const sema::Type* ct = i->operands[0]->type();
            for (std::int64_t k : i->immediates) {
                if (const auto* st = ct->as<sema::StructType>()) {
                    textgen::append_all(out, '.', struct_member(st, static_cast<std::uint32_t>(k)));
                } else if (const auto* m = ct->as<sema::MatrixType>(); m && !real_matrix(m)) {
                    if (m->rows > 1) textgen::append_all(out, '.', swizzle_letter(k));  // a column: one row's lane
                } else if (is_vector(ct)) {
                    textgen::append_all(out, '.', swizzle_letter(k));
                } else if (!ct->is<sema::VectorType>()) {  // a one-component vector is a scalar
                    textgen::append_format(out, FMT_COMPILE("[{}]"), k);
                }
                ct = ir::composite_element_type(module_.types(), ct, k);
            }
            return;
        }
        case O::Swizzle:
            if (is_vector(i->operands[0]->type())) {
                append_value(out, i->operands[0]);
                out += '.';
                for (std::int64_t k : i->immediates) out += swizzle_letter(k);
                return;
            }
            if (i->immediates.size() == 1) {
                append_value(out, i->operands[0]);
                return;
            }
            break;
        case O::CallIntrinsic:
            if (append_intrinsic_call(out, i)) return;
            break;
        case O::Splat:
            textgen::append_all(out, type(i->type()), '(');
            append_value(out, i->operands[0]);
            out += ')';
            return;
        case O::CompositeConstruct: {
            const sema::Type* t = i->type();
            textgen::append_all(out, type(t), '(');
            const auto* m = t->as<sema::MatrixType>();
            const bool flatten = m && !real_matrix(m);
            for (std::size_t k = 0; k < i->operands.size(); ++k) {
                if (k) out += ", ";
                append_value(out, i->operands[k]);
                // One-row/column matrices are vectors: a constructor from rows takes their components.
                if (flatten && is_vector(i->operands[k]->type()) && m->cols == 1) out += ".x";
            }
            out += ')';
            return;
        }
        default: break;
    }
    std::string text = operation(i);
    // An empty buffer without storage of its own takes the text's; others append it.
    if (out.empty() && out.capacity() < text.size()) out = std::move(text);
    else out += text;
}

std::string Printer::operation(const ir::Instruction* i) {
    using O = ir::Opcode;
    const sema::Type* t = i->type();
    auto op = [&](std::size_t k) { return value(i->operands[k]); };
    switch (i->opcode) {
        case O::Shl:
        case O::Shr: {
            // HLSL masks the shift count to the width; WGSL requires a u32 count below it.
            std::uint32_t n = sema::component_count(t);
            std::string count = op(1);
            const sema::ScalarType* cs = sema::component_type(i->operands[1]->type());
            std::string u = n > 1 ? textgen::format(FMT_COMPILE("vec{}<u32>"), n) : "u32";
            if (!cs || cs->scalar != sema::ScalarKind::UInt) count = u + "(" + count + ")";
            std::string mask = n > 1 ? u + "(31u)" : "31u";
            return "(" + op(0) + (i->opcode == O::Shl ? " << " : " >> ") + "(" + count + " & " + mask + "))";
        }
        case O::Swizzle: return type(t) + "(" + op(0) + ")";  // several copies of a scalar
        case O::VectorShuffle: {
            std::uint32_t n0 = sema::component_count(i->operands[0]->type());
            std::string a = op(0), b = op(1), s = type(t) + "(";
            bool first = true;
            for (std::int64_t k : i->immediates) {
                std::string src = std::uint32_t(k) < n0 ? a : b;
                std::uint32_t idx = std::uint32_t(k) < n0 ? std::uint32_t(k) : std::uint32_t(k) - n0;
                std::uint32_t count = std::uint32_t(k) < n0 ? n0 : sema::component_count(i->operands[1]->type());
                s += (first ? "" : ", ") + (count > 1 ? src + "." + swizzle_letter(idx) : src);
                first = false;
            }
            return s + ")";
        }
        case O::MatMul: {
            const sema::Type* a = i->operands[0]->type();
            const sema::Type* b = i->operands[1]->type();
            const auto* ma = a->as<sema::MatrixType>();
            const auto* mb = b->as<sema::MatrixType>();
            if ((ma && !real_matrix(ma)) || (mb && !real_matrix(mb))) {
                refuse("WGSL: matrix products with one-row or one-column matrices are not supported; use dot() or "
                       "a float2x2-or-larger matrix");
                return "0";
            }
            // Transposed storage: HLSL mul(a, b) is b * a in WGSL.
            if (!ma && !mb) return "(" + op(0) + " * " + op(1) + ")";
            return "(" + op(1) + " * " + op(0) + ")";
        }
        case O::Load: return load(i->operands[0], t);
        case O::Call: {
            std::string s = function_names_[i->callee] + "(";
            for (std::size_t k = 0; k < i->operands.size(); ++k) {
                const ir::Value* a = i->operands[k];
                std::string e;
                if (a->type()->is<sema::PointerType>()) {
                    Ref r = pointer(a);
                    if (r.in_buffer) {
                        refuse("WGSL: passing a part of a buffer to an out or inout parameter is not supported; copy "
                               "it into a local first");
                    }
                    e = "&" + r.text;
                } else {
                    e = value(a);
                }
                s += (k ? ", " : "") + e;
            }
            return s + ")";
        }
        case O::CallIntrinsic: return intrinsic(i);
        case O::NonUniformIndex: return op(0);
        case O::ByteAddressLoad: {
            BufferRef b = byte_address(i, t);
            if (!b.layout) return "0";
            return buffer_read(b, t);
        }
        case O::BufferLength: {
            const ir::Global* g = root_global(i->operands[0]);
            if (!g) return "0u";
            std::string words = "arrayLength(&" + global_name(g) + ")";
            const auto* rt = g->value_type()->as<sema::ResourceType>();
            if (rt && sema::is_structured_buffer(rt->resource) && rt->element) {
                std::uint32_t stride = layouts_.structured_stride(rt->element) / 4;
                return convert("(" + words + " / " + std::to_string(std::max<std::uint32_t>(stride, 1)) + "u)",
                               module_.types().scalar(sema::ScalarKind::UInt), t);
            }
            return convert("(" + words + " * 4u)", module_.types().scalar(sema::ScalarKind::UInt), t);
        }
        case O::TextureSample: case O::TextureSampleBias: case O::TextureSampleLevel: case O::TextureSampleGrad:
        case O::TextureSampleCompare: case O::TextureSampleCompareLevelZero: case O::TextureGather:
        case O::TextureGatherCompare: case O::TextureLoad: case O::TextureQuerySize: case O::TextureQueryLevels:
        case O::TextureQuerySamples: case O::TextureQueryLod:
            return texture_expression(i);
        default:
            malformed(textgen::format(FMT_COMPILE("the instruction '{}' as an expression"), ir::mnemonic(i->opcode)));
            return "0";
    }
}

bool Printer::statement(const ir::Instruction* i, const std::string& result_name) {
    using O = ir::Opcode;
    textgen::SourceAt::Scope here(at_, i);
    switch (i->opcode) {
        case O::Store: store(i->operands[0], value(i->operands[1]), i->operands[1]->type()); return true;
        case O::ByteAddressStore: {
            const sema::Type* t = i->operands[2]->type();
            BufferRef b = byte_address(i, t);
            if (!b.layout) return true;
            buffer_write(b, value(i->operands[2]), t);
            return true;
        }
        case O::CompositeInsert: {
            // WGSL has no functional insert: a copy in a variable, one member set.
            out().line_of("var ", result_name, " = ", value(i->operands[0]), ";");
            std::string path = result_name;
            const sema::Type* ct = i->type();
            for (std::int64_t k : i->immediates) {
                if (const auto* st = ct->as<sema::StructType>()) textgen::append_all(path, '.', struct_member(st, std::uint32_t(k)));
                else if (is_vector(ct)) path += std::string(".") + swizzle_letter(k);
                else if (const auto* m = ct->as<sema::MatrixType>(); m && !real_matrix(m)) {
                    if (m->cols == 1 && m->rows > 1) path += std::string(".") + swizzle_letter(k);
                } else if (!ct->is<sema::VectorType>()) path += textgen::format(FMT_COMPILE("[{}]"), k);
                ct = ir::composite_element_type(module_.types(), ct, k);
            }
            if (path == result_name) out().line_of(result_name, " = ", value(i->operands[1]), ";");
            else out().line_of(path, " = ", value(i->operands[1]), ";");
            return true;
        }
        case O::Call:
            if (i->type()->is<sema::VoidType>()) {
                out().line_of(expression(i), ";");
                return true;
            }
            out().line_of("let ", result_name, " = ", expression(i), ";");
            return true;
        case O::TextureStore: texture_store(i); return true;
        case O::AtomicRmw:
        case O::AtomicCompareExchange: return atomic(i, result_name);
        case O::Barrier: barrier(i); return true;
        case O::CallIntrinsic: return intrinsic_statement(i, result_name);
        default: return false;
    }
}

}  // namespace oneshader::wgsl
