// Raw-word buffers (spec page "The WGSL backend": buffers are raw words, so layouts equal the
// SPIR-V target's). A constant buffer is `array<vec4<u32>, N>`, a structured or byte-address
// buffer `array<u32>` (`array<atomic<u32>>` when the entry point uses atomics on it). Every
// access computes its word index from the reflected layout and bit-casts; a vector inside one
// 16-byte row of a constant buffer is read as a swizzle. Structs and arrays are read and written
// by helper functions, one per buffer and layout.
#include <fmt/compile.h>
#include <fmt/format.h>

#include <iterator>

#include "ir/type_rules.hpp"
#include "types/types_query.hpp"
#include "wgsl/printer.hpp"
#include "textgen/format.hpp"

namespace oneshader::wgsl {

namespace {

const char* kLetters = "xyzw";

bool is_uniform(const ir::Global* g) {
    return g->space() == sema::AddressSpace::Uniform || g->space() == sema::AddressSpace::PushConstant;
}

}  // namespace

std::string Printer::buffer_word_index(const BufferRef& r, std::uint32_t extra) const {
    std::uint32_t c = r.word + extra;
    if (r.dynamic.empty()) return textgen::cat(textgen::Decimal(c), 'u');
    if (c == 0) return r.dynamic;
    return textgen::cat('(', r.dynamic, " + ", textgen::Decimal(c), "u)");
}

std::string Printer::read_word(const BufferRef& r, std::uint32_t extra) {
    std::string out;
    append_word(out, r, extra);
    return out;
}

void Printer::append_word(std::string& out, const BufferRef& r, std::uint32_t extra) {
    // Written into `out` in place: a vector or matrix read is several words, and each word built
    // as its own strings (the name, the index, the access) was three allocations.
    global_name(r.buffer);  // named first, so the reference below is the map's own
    const std::string& name = global_names_.find(r.buffer)->second;
    const std::uint32_t c = r.word + extra;
    if (is_uniform(r.buffer)) {
        if (r.dynamic.empty()) {
            textgen::append_all(out, name, '[', textgen::Decimal(c / 4), "].", kLetters[c % 4]);
            return;
        }
        std::string w = buffer_word_index(r, extra);
        textgen::append_all(out, name, '[', w, " / 4u][", w, " % 4u]");
        return;
    }
    const bool atomic = is_atomic_global(r.buffer);
    if (atomic) out += "atomicLoad(&";
    textgen::append_all(out, name, '[');
    if (r.dynamic.empty()) textgen::append_all(out, textgen::Decimal(c), 'u');
    else if (c == 0) out += r.dynamic;
    else textgen::append_all(out, '(', r.dynamic, " + ", textgen::Decimal(c), "u)");
    out += ']';
    if (atomic) out += ')';
}

std::string Printer::atomic_word(const BufferRef& r) {
    return textgen::format(FMT_COMPILE("&{}[{}]"), global_name(r.buffer), buffer_word_index(r, 0));
}

void Printer::write_word(const BufferRef& r, std::uint32_t extra, const std::string& bits) {
    global_name(r.buffer);  // named first, so the reference below is the map's own
    const std::string& name = global_names_.find(r.buffer)->second;
    std::string w = buffer_word_index(r, extra);
    if (is_atomic_global(r.buffer)) out().line_of("atomicStore(&", name, '[', w, "], ", bits, ");");
    else out().line_of(name, '[', w, "] = ", bits, ';');
}

std::string Printer::read_half(const BufferRef& r, std::uint32_t k) {
    std::uint32_t at = r.half + k;
    // Through f32, which holds every f16 exactly (naga 25 does not index a bitcast to vec2<f16>).
    return textgen::format(FMT_COMPILE("f16(unpack2x16float({})[{}])"), read_word(r, at / 2), at % 2);
}

void Printer::write_half(const BufferRef& r, std::uint32_t k, const std::string& value) {
    if (is_atomic_global(r.buffer)) {
        refuse("WGSL: a 16-bit value in a buffer that atomics also use; use 32-bit types in that buffer");
        return;
    }
    // The other half of the word keeps its bits (a read-modify-write of the word).
    std::uint32_t at = r.half + k;
    std::string bits = at % 2 == 0 ? textgen::format(FMT_COMPILE("(pack2x16float(vec2<f32>(f32({}), 0.0)) & 0xffffu)"), value)
                                   : textgen::format(FMT_COMPILE("(pack2x16float(vec2<f32>(0.0, f32({}))) & 0xffff0000u)"), value);
    write_word(r, at / 2, textgen::format(FMT_COMPILE("(({} & {}) | {})"), read_word(r, at / 2), at % 2 == 0 ? "0xffff0000u" : "0xffffu", bits));
}

BufferRef Printer::buffer_step(const BufferRef& in, const ir::Value* index, const sema::Type*& element) {
    BufferRef r = in;
    auto c = ir::constant_int_value(index);
    auto add = [&](std::uint32_t words_per_index) {
        if (c) {
            r.word += static_cast<std::uint32_t>(*c) * words_per_index;
            return;
        }
        std::string term = words_per_index == 1 ? u32_value(index)
                                                : textgen::format(FMT_COMPILE("({} * {}u)"), u32_value(index), words_per_index);
        r.dynamic = r.dynamic.empty() ? term : textgen::format(FMT_COMPILE("({} + {})"), r.dynamic, term);
    };
    if (!r.layout) {
        // The root of a structured buffer (an element) or a byte-address buffer (a word).
        const auto* rt = r.buffer->value_type()->as<sema::ResourceType>();
        if (rt && sema::is_structured_buffer(rt->resource) && rt->element) {
            add(layouts_.structured_stride(rt->element) / 4);
            r.layout = layouts_.layout(rt->element, sema::LayoutRule::Storage);
        } else {
            add(1);
            r.layout = layouts_.layout(module_.types().scalar(sema::ScalarKind::UInt), sema::LayoutRule::Storage);
        }
        return r;
    }
    const sema::TypeLayout* l = r.layout;
    // 16-bit values lie at 2-byte offsets: a constant step moves by halves, a dynamic one only by whole words.
    auto add_bytes = [&](std::uint32_t bytes_per_index) {
        if (!c) {
            if (bytes_per_index % 4 != 0)
                refuse("WGSL: a run-time index into 16-bit values in a buffer (packed two to a 32-bit word); index "
                       "32-bit values instead");
            add(bytes_per_index / 4);
            return;
        }
        std::uint32_t bytes = r.half * 2 + static_cast<std::uint32_t>(*c) * bytes_per_index;
        r.word += bytes / 4;
        r.half = bytes % 4 / 2;
    };
    const sema::ScalarType* component = l->type ? sema::component_type(l->type) : nullptr;
    const bool sixteen = component && component->bits == 16;
    if (r.row) {
        add(r.step);
        r.row = false;
        r.layout = layouts_.layout(sema::component_type(l->type), sema::LayoutRule::Storage);
        return r;
    }
    switch (l->kind) {
        case sema::LayoutKind::Struct: {
            std::uint32_t k = static_cast<std::uint32_t>(c.value_or(0));
            const auto* st = l->type->as<sema::StructType>();
            std::uint32_t source = st && st->base ? (k == 0 ? sema::MemberLayout::kBaseMember : k - 1) : k;
            if (const sema::MemberLayout* m = sema::find_member(*l, source)) {
                std::uint32_t bytes = r.half * 2 + m->offset;
                r.word += bytes / 4;
                r.half = bytes % 4 / 2;
                r.layout = m->type;
                return r;
            }
            malformed("a buffer struct member without a layout");
            return r;
        }
        case sema::LayoutKind::Array:
            add_bytes(l->stride);
            r.layout = l->element;
            return r;
        case sema::LayoutKind::Matrix: {
            if (sixteen) {
                refuse("WGSL: a 16-bit matrix in a buffer; use a 32-bit matrix in the buffer");
                return r;
            }
            // HLSL row i: column-major storage keeps its components a matrix stride apart.
            std::uint32_t stride = l->matrix_stride / 4;
            if (l->packing == MatrixPacking::ColumnMajor) {
                add(1);
                r.step = stride;
            } else {
                add(stride);
                r.step = 1;
            }
            r.row = true;
            return r;
        }
        case sema::LayoutKind::Vector:
        case sema::LayoutKind::Scalar:
            if (sixteen) add_bytes(2);
            else add(1);
            r.layout = layouts_.layout(sema::component_type(l->type), sema::LayoutRule::Storage);
            return r;
    }
    (void)element;
    return r;
}

namespace {

// Opens the cast that reads u32 word(s) as the scalar kind of `s` (`bitcast<f32>(`), in the
// buffer the words then follow into; false, and nothing written, for u32 itself.
bool open_bits(std::string& out, const sema::ScalarType* s, std::uint32_t n) {
    const char* t = sema::is_float_kind(s->scalar) ? "f32" : sema::is_signed_kind(s->scalar) ? "i32" : nullptr;
    if (!t) return false;
    if (n > 1) textgen::append_all(out, "bitcast<vec", textgen::Decimal(n), '<', t, ">>(");
    else textgen::append_all(out, "bitcast<", t, ">(");
    return true;
}

std::string to_bits(const std::string& v, const sema::ScalarType* s) {
    if (!sema::is_float_kind(s->scalar) && !sema::is_signed_kind(s->scalar)) return v;
    return textgen::cat("bitcast<u32>(", v, ')');
}

}  // namespace

std::string Printer::buffer_read(const BufferRef& r, const sema::Type* t) {
    const sema::TypeLayout* l = r.layout;
    if (!l) {
        malformed("a whole structured or byte-address buffer read");
        return "0";
    }
    const sema::ScalarType* s = sema::component_type(t);
    if (s && s->bits == 16 && l->kind != sema::LayoutKind::Array && l->kind != sema::LayoutKind::Struct) {
        if (l->kind == sema::LayoutKind::Matrix || r.row || !sema::is_float_kind(s->scalar)) {
            refuse("WGSL: a 16-bit matrix or integer in a buffer; use 32-bit types in the buffer");
            return "0";
        }
        if (l->kind == sema::LayoutKind::Scalar) return read_half(r, 0);
        std::string e = textgen::format(FMT_COMPILE("vec{}<f16>("), l->components);
        for (std::uint32_t k = 0; k < l->components; ++k) {
            std::string h = read_half(r, k);
            textgen::append_all(e, k ? ", " : "", h);
        }
        e += ')';
        return e;
    }
    if (r.half != 0) {
        refuse("WGSL: a struct or array at a 2-byte offset in a buffer; align it to 4 bytes");
        return "0";
    }
    auto vector_at = [&](std::uint32_t n, std::uint32_t step, std::uint32_t base) {
        std::string e;
        const bool cast = open_bits(e, s, n);
        if (is_uniform(r.buffer) && r.dynamic.empty() && step == 1 && (r.word + base) % 4 + n <= 4) {
            // Inside one row of a constant buffer: one swizzle.
            std::uint32_t w = r.word + base;
            textgen::append_format(e, FMT_COMPILE("{}[{}]."), global_name(r.buffer), w / 4);
            e.append(kLetters + w % 4, n);
        } else {
            textgen::append_format(e, FMT_COMPILE("vec{}<u32>("), n);
            for (std::uint32_t k = 0; k < n; ++k) {
                if (k) e += ", ";
                append_word(e, r, base + k * step);
            }
            e += ')';
        }
        if (cast) e += ')';
        return e;
    };
    if (r.row) {
        std::uint32_t n = l->columns;
        return vector_at(n, r.step, 0);
    }
    switch (l->kind) {
        case sema::LayoutKind::Scalar: {
            std::string e;
            if (!open_bits(e, s, 1)) return read_word(r, 0);
            textgen::append_all(e, read_word(r, 0), ')');
            return e;
        }
        case sema::LayoutKind::Vector: return vector_at(l->components, 1, 0);
        case sema::LayoutKind::Matrix: {
            std::uint32_t stride = l->matrix_stride / 4;
            bool column_major = l->packing == MatrixPacking::ColumnMajor;
            std::string e = type(t) + "(";
            for (std::uint32_t row = 0; row < l->rows; ++row) {
                e += row ? ", " : "";
                e += column_major ? vector_at(l->columns, stride, row) : vector_at(l->columns, 1, row * stride);
            }
            return e + ")";
        }
        case sema::LayoutKind::Array:
        case sema::LayoutKind::Struct: break;
    }
    // A helper per buffer and layout, reading from a word index.
    std::string key = textgen::format(FMT_COMPILE("load {} {}"), global_name(r.buffer), static_cast<const void*>(l));
    std::string fn = "load_" + global_name(r.buffer) + "_" + std::to_string(helper_keys_.size());
    auto known = helper_names_.find(key);
    if (known == helper_names_.end()) {
        fn = names_.fresh(fn);
        helper_names_[key] = fn;
        textgen::TextWriter saved;
        std::swap(saved, body_);
        BufferRef at{r.buffer, 0, "w", l, false, 1};
        std::string ty = type(t);
        out().open("fn " + fn + "(w: u32) -> " + ty + " {");
        if (l->kind == sema::LayoutKind::Array) {
            const auto* a = t->as<sema::ArrayType>();
            out().line_of("var r: ", ty, ";");
            out().open(textgen::format(FMT_COMPILE("for (var i = 0u; i < {}u; i++) {{"), l->length));
            BufferRef e{r.buffer, 0, textgen::format(FMT_COMPILE("(w + i * {}u)"), l->stride / 4), l->element, false, 1};
            out().line_of("r[i] = ", buffer_read(e, a ? a->element : t), ";");
            out().close("}");
            out().line("return r;");
        } else {
            const auto* st = t->as<sema::StructType>();
            std::string e = ty + "(";
            std::uint32_t n = (st && st->base ? 1 : 0) + (st ? std::uint32_t(st->members.size()) : 0);
            for (std::uint32_t k = 0; k < n; ++k) {
                std::uint32_t source = st->base ? (k == 0 ? sema::MemberLayout::kBaseMember : k - 1) : k;
                const sema::Type* mt = ir::composite_element_type(module_.types(), t, k);
                const sema::MemberLayout* ml = sema::find_member(*l, source);
                e += k ? ", " : "";
                if (!ml) {
                    e += zero(mt);
                    continue;
                }
                BufferRef mr{r.buffer, ml->offset / 4, "w", ml->type, false, 1, ml->offset % 4 / 2};
                e += buffer_read(mr, mt);
            }
            out().line_of("return ", e, ");");
        }
        out().close("}");
        out().line("");
        helpers_ += body_.text();
        std::swap(saved, body_);
        helper_keys_.insert(key);
    } else {
        fn = known->second;
    }
    return fn + "(" + buffer_word_index(r, 0) + ")";
}

void Printer::buffer_write(const BufferRef& r, const std::string& v, const sema::Type* t) {
    const sema::TypeLayout* l = r.layout;
    if (!l) {
        malformed("a whole structured or byte-address buffer write");
        return;
    }
    const sema::ScalarType* s = sema::component_type(t);
    // The value once, then its words.
    std::string tmp = locals_.fresh("st");
    if (s && s->bits == 16 && l->kind != sema::LayoutKind::Array && l->kind != sema::LayoutKind::Struct) {
        if (l->kind == sema::LayoutKind::Matrix || r.row || !sema::is_float_kind(s->scalar)) {
            refuse("WGSL: a 16-bit matrix or integer in a buffer; use 32-bit types in the buffer");
            return;
        }
        if (l->kind == sema::LayoutKind::Scalar) {
            write_half(r, 0, v);
            return;
        }
        out().line_of("let ", tmp, " = ", v, ";");
        for (std::uint32_t k = 0; k < l->components; ++k) write_half(r, k, tmp + "." + kLetters[k]);
        return;
    }
    if (r.half != 0) {
        refuse("WGSL: a struct or array at a 2-byte offset in a buffer; align it to 4 bytes");
        return;
    }
    auto components = [&](std::uint32_t n, std::uint32_t step, std::uint32_t base, const std::string& vec) {
        for (std::uint32_t k = 0; k < n; ++k)
            write_word(r, base + k * step, to_bits(n > 1 ? vec + "." + kLetters[k] : vec, s));
    };
    if (r.row) {
        out().line_of("let ", tmp, " = ", v, ";");
        components(l->columns, r.step, 0, tmp);
        return;
    }
    switch (l->kind) {
        case sema::LayoutKind::Scalar: write_word(r, 0, to_bits(v, s)); return;
        case sema::LayoutKind::Vector:
            out().line_of("let ", tmp, " = ", v, ";");
            components(l->components, 1, 0, tmp);
            return;
        case sema::LayoutKind::Matrix: {
            out().line_of("let ", tmp, " = ", v, ";");
            std::uint32_t stride = l->matrix_stride / 4;
            bool column_major = l->packing == MatrixPacking::ColumnMajor;
            for (std::uint32_t row = 0; row < l->rows; ++row) {
                std::string rv = textgen::format(FMT_COMPILE("{}[{}]"), tmp, row);
                if (column_major) components(l->columns, stride, row, rv);
                else components(l->columns, 1, row * stride, rv);
            }
            return;
        }
        case sema::LayoutKind::Array:
        case sema::LayoutKind::Struct: break;
    }
    std::string key = textgen::format(FMT_COMPILE("store {} {}"), global_name(r.buffer), static_cast<const void*>(l));
    std::string fn;
    auto known = helper_names_.find(key);
    if (known == helper_names_.end()) {
        fn = names_.fresh("store_" + global_name(r.buffer) + "_" + std::to_string(helper_keys_.size()));
        helper_names_[key] = fn;
        textgen::TextWriter saved;
        std::swap(saved, body_);
        textgen::Namer saved_locals = locals_;
        locals_.open_scope(names_);
        locals_.reserve("w");
        locals_.reserve("v");
        std::string ty = type(t);
        out().open("fn " + fn + "(w: u32, v: " + ty + ") {");
        if (l->kind == sema::LayoutKind::Array) {
            const auto* a = t->as<sema::ArrayType>();
            out().open(textgen::format(FMT_COMPILE("for (var i = 0u; i < {}u; i++) {{"), l->length));
            locals_.reserve("i");
            BufferRef e{r.buffer, 0, textgen::format(FMT_COMPILE("(w + i * {}u)"), l->stride / 4), l->element, false, 1};
            buffer_write(e, "v[i]", a ? a->element : t);
            out().close("}");
        } else {
            const auto* st = t->as<sema::StructType>();
            std::uint32_t n = (st && st->base ? 1 : 0) + (st ? std::uint32_t(st->members.size()) : 0);
            for (std::uint32_t k = 0; k < n; ++k) {
                std::uint32_t source = st->base ? (k == 0 ? sema::MemberLayout::kBaseMember : k - 1) : k;
                const sema::Type* mt = ir::composite_element_type(module_.types(), t, k);
                for (const sema::MemberLayout& m : l->members)
                    if (m.source_index == source) {
                        BufferRef mr{r.buffer, m.offset / 4, "w", m.type, false, 1, m.offset % 4 / 2};
                        buffer_write(mr, "v." + struct_member(st, k), mt);
                    }
            }
        }
        out().close("}");
        out().line("");
        helpers_ += body_.text();
        std::swap(saved, body_);
        locals_ = saved_locals;
        helper_keys_.insert(key);
    } else {
        fn = known->second;
    }
    out().line_of(fn, "(", buffer_word_index(r, 0), ", ", v, ");");
}

}  // namespace oneshader::wgsl
