#pragma once
// The IR's text form (docs/ir.md has the grammar). Values are numbered in print order per
// function (%0, %1; arguments %arg0; globals %g0 module-wide), blocks by position (bb0), so the
// text depends on neither object identity nor names; names appear only in `;` comments.
// text_parser.hpp reads it back: print(parse(print(m))) == print(m).
#include <string>
#include <unordered_map>

#include "ir/module.hpp"
#include "ir/type_text.hpp"

namespace oneshader::ir {

struct PrintOptions {
    // Each instruction's and global's source location as a trailing `!loc(file:offset)` (file id and byte
    // offset, as support::SourceLoc holds them); the parser reads it back. Off by default: most
    // dumps and every golden test compare the IR itself.
    bool locations = false;
};

std::string print_module(const Module& m, const PrintOptions& options = {});

// How the dump refers to the values and blocks of one function; the verifier's messages use it
// so they point into the dump.
class Numbering {
public:
    // `names`, when given, must outlive the numbering; otherwise the module's are worked out.
    Numbering(const Module* m, const Function* f, const StructNames* names = nullptr);
    Numbering(const Numbering&) = delete;
    Numbering& operator=(const Numbering&) = delete;
    std::string value(const Value* v) const;  // "%3", "%arg0", "%g1", "spec(2 N)", "1.0:float"; "%?" when foreign
    std::string block(const Block* b) const;  // "bb2"; "bb?" for a block of another function
    const StructNames& struct_names() const { return *structs_; }

private:
    std::unordered_map<const Value*, std::uint32_t> values_;
    std::unordered_map<const Value*, std::uint32_t> globals_;
    std::unordered_map<const Block*, std::uint32_t> blocks_;
    const StructNames* structs_;
    StructNames own_structs_;
};

// Struct names for a module's dump: each struct its globals, constants, functions and
// instructions use, by declaration order, its own name made unique (`S`, `S.1`, `anon.0`).
StructNames name_structs(const Module& m, std::vector<const sema::StructType*>* in_order = nullptr);

// A constant as an operand: `1.5:float`, `-3:int`, `true:bool`, `float2{1.0, 2.0}`, `zero:T`,
// `undef:T`; floats round-trip exactly (`inf`, `nan(0x7fc00000)` for the rest).
std::string constant_text(const Constant* c, const StructNames& names);

}  // namespace oneshader::ir
