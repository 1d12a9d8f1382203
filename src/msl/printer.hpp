#pragma once
// The MSL printer's per-call state, shared by the files that print its parts: types.cpp (type
// names, constants), buffers.cpp (laid-out buffer structs and the conversions to and from them),
// module.cpp (what the entry point reaches, lifted globals, the entry function's signature and the
// file), statements.cpp (function bodies from the statement tree), expressions.cpp (instructions),
// matrices.cpp (integer and bool matrices, matrix operations row by row), textures.cpp (textures,
// samplers, atomics) and intrinsics.cpp (intrinsics.def).
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "msl/msl.hpp"
#include "support/pointer_map.hpp"
#include "textgen/namer.hpp"
#include "textgen/padded_struct.hpp"
#include "textgen/source_at.hpp"
#include "textgen/stmt.hpp"
#include "textgen/writer.hpp"

namespace oneshader::msl {

// How the printer reaches a global from inside a function: its name there, and how a helper
// that uses it declares the parameter that carries it (spec: module-scope variables are locals of
// the entry function, passed to helpers by reference; resources are entry arguments).
struct GlobalInfo {
    std::string name;
    std::string param;  // the helper parameter declaration
    const sema::TypeLayout* layout = nullptr;  // buffers: the element's layout
    std::string layout_name;                   // the printed laid-out struct (or element type)
};

// A C++ expression for a pointer value: the lvalue it names, the address space it lives in, and
// for buffer memory the layout node of what it points at (buffer memory holds laid-out types).
struct Place {
    std::string lvalue;
    sema::AddressSpace space = sema::AddressSpace::Function;
    const sema::TypeLayout* layout = nullptr;
    const sema::Type* type = nullptr;  // the pointee's value type
    // A column-major matrix row in buffer memory: `lvalue` is the matrix's lines, `row` the row.
    std::string matrix_row;
    const ir::Global* texture = nullptr;  // a pointer into a storage texture (atomics)
    // A row of a row-major matrix in buffer memory: the lanes of its printed line type.
    std::uint32_t line_lanes = 0;
    std::optional<std::int64_t> matrix_row_constant;
};

// An R x C integer or bool matrix with R, C >= 2, which MSL holds as `array<TC, R>` (its HLSL
// rows; Metal matrices hold float and half only); null for any other type.
const sema::MatrixType* row_array(const sema::Type* t);

class Printer;
std::string condition(std::string e);  // without the outer parentheses (statements.cpp)
// `T name[n]` for a laid-out value (buffers.cpp); the wrapper struct of an element padded to
// `stride`; a layout member's printed name.
std::string layout_declarator(Printer& p, const sema::TypeLayout* l, const std::string& name);
std::string element_wrapper(Printer& p, const sema::TypeLayout* element, std::uint32_t stride);
std::string layout_member_name(std::string_view source);

class Printer {
public:
    Printer(const ir::Module& m, const ir::EntryPoint& e, const Options& o, support::DiagnosticEngine& d);
    EmitResult run();

    // --- diagnostics ---
    void fail(support::DiagCode code, const std::string& message);
    // OSH5101 "MSL does not support <what>. <instead>, or compile this shader for SPIR-V only."
    void unsupported(const std::string& what, const std::string& instead = "");
    bool failed() const { return failed_; }

    // --- types (types.cpp) ---
    std::string type_name(const sema::Type* t);  // register form
    std::string scalar_name(const sema::ScalarType* s);
    std::string declare(const sema::Type* t, const std::string& name);
    std::string declare_c(const sema::Type* t, const std::string& name);  // C arrays (threadgroup)
    std::string reference_param(sema::AddressSpace space, const sema::Type* t, const std::string& name);  // `float x[4]`-style for C arrays
    std::string struct_name(const sema::StructType* s);
    std::string member_name(const sema::StructType* s, std::uint32_t index);  // IR member index
    std::string constant(const ir::Constant* c);
    std::string scalar_literal(const sema::ScalarType* s, std::uint64_t bits);
    void declare_struct(const sema::StructType* s);

    // --- buffers (buffers.cpp) ---
    std::string layout_type(const sema::TypeLayout* l);  // the storage form's type name
    std::string load_from(const std::string& lvalue, const sema::TypeLayout* l, const sema::Type* t,
                          sema::AddressSpace space);
    void store_to(const std::string& lvalue, const sema::TypeLayout* l, const sema::Type* t, const std::string& v);
    void declare_layout_struct(const sema::TypeLayout* l);
    const sema::TypeLayout* buffer_layout(const ir::Global* g);
    struct MemberPair {
        std::string stored, reg;  // the member's name in the laid-out and in the register struct
        const sema::TypeLayout* layout = nullptr;
        const sema::Type* type = nullptr;
    };
    template <class F> void for_each_member(const sema::TypeLayout* l, const sema::StructType* s, F&& f);

    // --- expressions (expressions.cpp) ---
    std::string expr(const ir::Value* v);
    std::optional<Place> place(const ir::Value* p);
    std::string stored_lane(const Place& p, const std::string& line);
    std::string instruction_expr(const ir::Instruction* i);
    // expr() and instruction_expr() appended to `out`: the operators compose their operands in
    // place instead of each level returning a string of its own.
    void append_expr(std::string& out, const ir::Value* v);
    void append_instruction_expr(std::string& out, const ir::Instruction* i);
    std::string instruction_text(const ir::Instruction* i);  // what append_instruction_expr does not compose in place
    bool needs_statement(const ir::Instruction* i) const;
    void statement_value(const ir::Instruction* i, const std::string& name);  // Insert, cmpxchg...
    void effect(const ir::Instruction* i);
    std::string call_args(const ir::Instruction* i);
    std::string element_path(const sema::Type* t, std::span<const std::int64_t> indices);
    std::string operator_text(const ir::Instruction* i, const std::string& a, const std::string& b,
                              const sema::Type* t, const sema::Type* operand);
    // An operand of append_operator: text printed already, or a value printed into the buffer.
    struct OperandText {
        const std::string* text = nullptr;
        const ir::Value* value = nullptr;
    };
    // The scalar or vector operator `i` appended to `out`: `t` is the result's type, `operand` the
    // operands'. operator_text() is the same into a string of its own.
    void append_operator(std::string& out, const ir::Instruction* i, OperandText a, OperandText b,
                         const sema::Type* t, const sema::Type* operand);

    // --- matrices Metal does not take whole (matrices.cpp) ---
    // The instruction row by row, or through a helper function, when its result or first operand
    // is an integer or bool matrix, or a float one under an operator C++ would read otherwise
    // (`*` is the product) or not at all (comparisons, select by a bool matrix, bit-casts);
    // nullopt when the plain form applies.
    std::optional<std::string> matrix_expr(const ir::Instruction* i);
    std::string row_of(const ir::Value* v, std::uint32_t r);  // HLSL row r of a matrix operand
    bool reads_rows(const ir::Instruction* i) const;           // matrix_expr reads operands once per row
    std::string integer_product(const ir::Instruction* i);
    std::string transpose_rows(const ir::Instruction* i);
    // An integer or bool matrix in threadgroup memory is a C array of rows (no member function runs
    // on a threadgroup object): the whole of it read and written row by row.
    std::string load_rows(const std::string& lvalue, const sema::MatrixType* m);
    void store_rows(const std::string& lvalue, const sema::MatrixType* m, const std::string& v);

    // --- textures, atomics, barriers (textures.cpp) ---
    std::string texture_expr(const ir::Instruction* i);
    std::string texture_type(const ir::Global* g, const sema::ResourceType* r);
    std::string atomic_pointer(const Place& p, const sema::Type* value_type);
    void atomic_statement(const ir::Instruction* i, const std::string& result);
    std::string barrier(const ir::Instruction* i);

    // --- intrinsics (intrinsics.cpp) ---
    std::string intrinsic_expr(const ir::Instruction* i);
    // A call of an intrinsic Metal has under a name of its own (the table's Call rows) appended
    // to `out` in place; false, with nothing written, for every other intrinsic.
    bool append_intrinsic_call(std::string& out, const ir::Instruction* i);
    void intrinsic_effect(const ir::Instruction* i);

    // --- statements (statements.cpp) ---
    void print_function(const ir::Function* f, bool is_entry);
    void print_list(const textgen::StmtList& l);
    void print_precise_pragmas();
    void print_stmt(const textgen::Stmt* s);
    void print_return(const ir::Instruction* ret);

    // --- module (module.cpp) ---
    void collect();
    void print_entry_signature();
    void print_entry_prologue();
    std::string entry_return();

    const ir::Module& module_;
    const ir::EntryPoint& entry_;
    const Options& options_;
    support::DiagnosticEngine& diags_;
    bool failed_ = false;
    textgen::SourceAt at_;  // the instruction being printed: where a refusal is reported
    sema::LayoutEngine own_layouts_;  // when the options bring no engine
    sema::LayoutEngine& layouts_;
    textgen::TextWriter out_;          // the current function
    textgen::TextWriter decls_;        // structs, constants, helpers before the functions
    textgen::Namer file_names_{textgen::NameTarget::Msl};
    textgen::Namer local_names_{textgen::NameTarget::Msl};
    std::string entry_name_;

    // What the entry point reaches.
    std::vector<const ir::Function*> functions_;  // callees before callers, the entry last
    support::PointerMap<const ir::Function*, std::vector<const ir::Global*>> function_globals_;
    std::vector<const ir::Global*> globals_;      // reached, module order
    support::PointerSet<const ir::Global*> reached_globals_;  // the same, to ask whether one is
    support::PointerMap<const ir::Global*, GlobalInfo> global_info_;
    std::vector<const ir::SpecConstant*> spec_constants_;
    std::vector<ResourceSlot> slots_;
    support::PointerSet<const ir::Global*> written_textures_, read_textures_, compare_textures_, atomic_textures_;
    bool uses_lane_ = false, uses_lane_count_ = false;

    // Printed once per file.
    support::PointerSet<const sema::StructType*> declared_structs_;
    support::PointerMap<const sema::StructType*, std::string> struct_names_;
    support::PointerMap<const sema::TypeLayout*, std::string> layout_names_;
    std::set<std::string> declared_helpers_;
    std::map<std::string, std::string> helper_names_;  // load/store helpers by layout, type and space
    std::string helpers_;                              // their text, printed after the structs
    support::PointerMap<const ir::Function*, std::string> function_names_;

    // Per function.
    const ir::Function* function_ = nullptr;
    bool in_entry_ = false;
    support::PointerMap<const ir::Value*, std::string> names_;  // lets, phis, variables, arguments
    std::string statement_text_;  // the expression of the let being printed
    support::PointerSet<const ir::Value*> inlinable_;           // Value statements marked inlined
    bool precise_function_ = false;
    bool entry_returns_value_ = false;
    std::vector<const textgen::StmtList*> loops_;         // the continuing of each loop around
    std::vector<std::string> switch_flags_;               // per switch: the leave-the-loop flag
    support::PointerMap<const textgen::Stmt*, std::string> snapshots_;
    support::PointerMap<const ir::SpecConstant*, std::string> spec_names_;
};

}  // namespace oneshader::msl
