#pragma once
// Buffer structs as a text backend prints them so every member sits at its reflected offset
// (spec page "The MSL backend": packed members and explicit padding; the same byte layout as the
// SPIR-V target). From a struct's layout (sema::TypeLayout, DXC's rules) it gives a
// target-neutral member list: the members in offset order with a padding member (`_pad0`,
// `_pad1`, ... in order) wherever bytes lie between one member's end and the next one's offset,
// and one at the end up to the struct's size.
//
// A member covers its layout's size: an array is `length` elements each followed by
// element_padding bytes up to the array stride, a matrix is its stored lines (columns when
// column-major) each followed by line_padding bytes up to the matrix stride, a vector or scalar
// is its components with no padding (the printer uses packed vectors), a nested struct is its own
// padded struct. So the printed sizes add up to the offsets. Members that overlap (packoffset,
// which sema reports as OSH0332) get no padding between them.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "types/layout.hpp"

namespace oneshader::textgen {

struct PaddedMember {
    static constexpr std::uint32_t kPadding = 0xFFFFFFFEu;

    std::string name;  // the source member's name, or `_padN`
    std::uint32_t offset = 0;
    std::uint32_t size = 0;
    const sema::TypeLayout* layout = nullptr;  // null for padding (`size` bytes)
    // sema::MemberLayout::source_index (kBaseMember for a base struct), or kPadding.
    std::uint32_t source_index = kPadding;
    // Arrays: the bytes after each element (stride minus the element's size). Matrices, and
    // arrays of matrices at their innermost element: the bytes after each stored line.
    std::uint32_t element_padding = 0;
    std::uint32_t line_padding = 0;

    bool is_padding() const { return layout == nullptr; }
};

struct PaddedStruct {
    const sema::TypeLayout* layout = nullptr;
    std::string_view name;
    std::uint32_t size = 0;
    std::uint32_t alignment = 1;
    std::vector<PaddedMember> members;
};

// The padded form of one struct layout (which must be LayoutKind::Struct).
PaddedStruct pad_struct(const sema::TypeLayout& s);

// The padded form of `root` and of every struct it holds, at any depth through members and
// arrays, each once, a struct after the structs it holds (the order a C++ printer declares
// them in); `root` is last when it is a struct.
std::vector<PaddedStruct> pad_structs(const sema::TypeLayout& root);

// The bytes a member of this layout covers when printed as padded_struct.hpp describes: every
// array element and matrix line followed by its padding. Less than the layout's size never; more
// under FXC's cbuffer packing (-fvk-use-dx-layout), which leaves out the last padding, and which a
// printer cannot express with one array or matrix.
std::uint64_t printed_size(const sema::TypeLayout& l);

// The bytes after each stored line of a matrix layout up to its matrix stride.
std::uint32_t matrix_line_padding(const sema::TypeLayout& m);

}  // namespace oneshader::textgen
