#pragma once
// The WGSL printer of one entry point: per-call state and the pieces each file prints
// (module.cpp: what the entry reaches, declarations, the entry wrapper; types.cpp: types and
// constants; statements.cpp: function bodies from the statement tree; expressions.cpp:
// arithmetic, composites, memory and calls; matrices.cpp: matrix operations row by row;
// buffers.cpp: raw-word buffers; textures.cpp; atomics.cpp; intrinsics.cpp).
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "support/arena.hpp"
#include "support/pointer_map.hpp"
#include "textgen/namer.hpp"
#include "textgen/source_at.hpp"
#include "textgen/stmt.hpp"
#include "textgen/writer.hpp"
#include "types/layout.hpp"
#include "wgsl/wgsl.hpp"

namespace oneshader::wgsl {

// A place in a raw-word buffer: the word index (a constant plus a u32 expression), the layout
// of what lies there, and for a matrix row of a column-major matrix the words between its
// components.
struct BufferRef {
    const ir::Global* buffer = nullptr;
    std::uint32_t word = 0;
    std::string dynamic;  // a u32 expression added to `word`; empty when none
    const sema::TypeLayout* layout = nullptr;  // null at a structured/byte-address buffer's root
    bool row = false;         // a row of the matrix `layout`
    std::uint32_t step = 1;   // words between a row's components
    std::uint32_t half = 0;   // 16-bit values: 1 when the value starts in the upper half of `word`
};

// What a pointer operand designates: a WGSL reference (a variable, `(*p)`, `v.m[i]`), or a
// place in a raw-word buffer.
struct Ref {
    bool in_buffer = false;
    std::string text;  // the reference, when not in a buffer
    BufferRef buffer;
    const ir::Global* root = nullptr;  // the global it starts from, when any
};

// An R x C integer or bool matrix with R, C >= 2, which WGSL holds as `array<vecC<T>, R>` (its
// HLSL rows; WGSL matrices hold floats only); null for any other type.
const sema::MatrixType* row_array(const sema::Type* t);

class Printer {
public:
    Printer(const ir::Module& module, const ir::EntryPoint& entry, const Options& options,
            support::DiagnosticEngine& diags);
    std::string run();

    // --- failure -----------------------------------------------------------------------------
    void refuse(const std::string& message);    // OSH5202, at the instruction being printed
    void malformed(const std::string& message); // OSH5201
    bool failed() const { return failed_; }

    // --- types and constants (types.cpp) -------------------------------------------------------
    std::string type(const sema::Type* t);
    std::string scalar(const sema::ScalarType* s);
    std::string constant(const ir::Constant* c);
    void append_constant(std::string& out, const ir::Constant* c);  // composites element by element
    std::string zero(const sema::Type* t);
    // `expr` of type `from` as `to` (same shape): a constructor conversion.
    std::string convert(const std::string& expr, const sema::Type* from, const sema::Type* to);
    std::string convert_bits(const std::string& expr, const sema::Type* from, const sema::Type* to);
    std::string struct_member(const sema::StructType* s, std::uint32_t index);

    // --- values and statements (expressions.cpp, statements.cpp) --------------------------------
    std::string value(const ir::Value* v);
    std::string u32_value(const ir::Value* v);  // an index as a u32 expression
    std::string expression(const ir::Instruction* i);
    // value() and expression() appended to `out`: the operators compose their operands in place
    // instead of each level returning a string of its own.
    void append_value(std::string& out, const ir::Value* v);
    void append_expression(std::string& out, const ir::Instruction* i);
    std::string operation(const ir::Instruction* i);  // what append_expression does not compose in place
    // Instructions that need statements of their own (stores, atomics, calls without results,
    // out parameters): printed in place; true when handled.
    bool statement(const ir::Instruction* i, const std::string& result_name);
    Ref pointer(const ir::Value* p);
    std::string load(const ir::Value* ptr, const sema::Type* t);
    void store(const ir::Value* ptr, const std::string& v, const sema::Type* t);
    std::string fresh_local(std::string_view hint) { return locals_.fresh(hint); }

    // --- matrices WGSL does not take whole (matrices.cpp) ----------------------------------------
    // The instruction row by row, or through a helper function, when its result or first operand
    // is a matrix that WGSL's operator or built-in would not take (an integer or bool matrix; a
    // float one for `*`, `/`, `%`, comparisons, select, conversions and bit-casts); nullopt when
    // the plain form applies.
    std::optional<std::string> matrix_expression(const ir::Instruction* i);
    std::string row_of(const ir::Value* v, std::uint32_t r);  // HLSL row r of a matrix operand
    // Whether matrix_expression reads the instruction's matrix operands row by row (each once per row).
    bool reads_rows(const ir::Instruction* i) const;
    std::string integer_product(const ir::Instruction* i);     // mul with an integer matrix
    std::string transpose_rows(const ir::Instruction* i);      // transpose of an integer or bool matrix

    // --- buffers (buffers.cpp) -----------------------------------------------------------------
    std::string buffer_word_index(const BufferRef& r, std::uint32_t extra) const;
    std::string read_word(const BufferRef& r, std::uint32_t extra);
    void append_word(std::string& out, const BufferRef& r, std::uint32_t extra);  // read_word's text, appended
    void write_word(const BufferRef& r, std::uint32_t extra, const std::string& bits);
    // The 16-bit value `k` halves after `r` (spec page "16-bit and 64-bit types": halves packed in 32-bit words).
    std::string read_half(const BufferRef& r, std::uint32_t k);
    void write_half(const BufferRef& r, std::uint32_t k, const std::string& value);
    std::string buffer_read(const BufferRef& r, const sema::Type* t);
    void buffer_write(const BufferRef& r, const std::string& v, const sema::Type* t);
    BufferRef buffer_step(const BufferRef& r, const ir::Value* index, const sema::Type*& element);
    std::string atomic_word(const BufferRef& r);
    BufferRef byte_address(const ir::Instruction* i, const sema::Type* t);  // `&B[w]` of an atomic buffer word

    // --- textures, atomics, intrinsics -----------------------------------------------------------
    std::string texture_expression(const ir::Instruction* i);
    void texture_store(const ir::Instruction* i);
    bool atomic(const ir::Instruction* i, const std::string& result_name);
    std::string intrinsic(const ir::Instruction* i);
    // A call of a WGSL built-in function under the table's name (the Function rows but the
    // shapes intrinsic() rewrites) appended to `out` in place; false, with nothing written, else.
    bool append_intrinsic_call(std::string& out, const ir::Instruction* i);
    void append_call(std::string& out, std::string_view name, const ir::Instruction* i);  // name(a, b, ...)
    bool intrinsic_statement(const ir::Instruction* i, const std::string& result_name);
    void barrier(const ir::Instruction* i);

    textgen::TextWriter& out() { return body_; }
    const ir::EntryPoint& entry() const { return entry_; }
    sema::LayoutEngine& layouts() { return layouts_; }
    const sema::TypeLayout* buffer_layout(const ir::Global* g);
    std::string global_name(const ir::Global* g);
    bool is_atomic_global(const ir::Global* g) const { return atomic_globals_.count(g) != 0; }
    bool is_depth_texture(const ir::Global* g) const { return depth_textures_.count(g) != 0; }
    const ir::Global* root_global(const ir::Value* p) const;
    // A resource its declaration already refused (arrays, typed and append/consume buffers): its
    // uses add no message of their own.
    bool refused_resource(const ir::Global* g) const;
    void use_subgroups() { subgroups_ = true; }
    void add_helper(const std::string& text) { helpers_ += text; }
    // Helper functions already written, by key.
    std::set<std::string>& helper_keys() { return helper_keys_; }

private:
    void collect();
    void collect_function(const ir::Function* f);
    void declare_global(const ir::Global* g);
    void declare_resource(const ir::Global* g);
    void print_function(const ir::Function* f);
    void print_entry_wrapper();
    void print_list(const textgen::StmtList& list);
    // print_list() for a block `levels` below the current one (as WGSL's nesting limit counts).
    void print_block(const textgen::StmtList& list, std::uint32_t levels);
    static constexpr std::uint32_t kMaxStatementDepth = 127;
    std::uint32_t block_depth_ = 1;  // the level of the block being printed: a function's body is 1
    void print_stmt(const textgen::Stmt& s);
    void print_return(const ir::Instruction* ret);
    bool ends_in_component(const ir::Instruction* chain);
    std::string declare_struct(const sema::StructType* s);
    std::string storage_texture_format(const ir::Global* g);

    const ir::Module& module_;
    const ir::EntryPoint& entry_;
    const Options& options_;
    support::DiagnosticEngine& diags_;
    support::Arena arena_;
    sema::LayoutEngine own_layouts_;  // when the options bring no engine
    sema::LayoutEngine& layouts_;
    bool failed_ = false;
    std::set<std::string> reported_;
    textgen::SourceAt at_;  // the instruction being printed
    // resource_slots(module_), computed on first use: every resource declaration looks its slot up.
    // Options::module_slots, or own_slots_ once computed.
    const std::vector<std::pair<const ir::Global*, BindingSlot>>* slots_ = nullptr;
    std::optional<std::vector<std::pair<const ir::Global*, BindingSlot>>> own_slots_;
    // slots_ as a map, and Options::slots sorted by name (stably: the last entry of a name wins,
    // as in the list), built on first use: a search of both per resource made a module of many
    // resources quadratic.
    support::PointerMap<const ir::Global*, BindingSlot> slot_by_global_;
    std::vector<std::pair<std::string_view, BindingSlot>> slot_by_name_;

    textgen::Namer names_{textgen::NameTarget::Wgsl};  // module scope
    textgen::Namer locals_{textgen::NameTarget::Wgsl}; // the function being printed
    std::vector<const ir::Function*> functions_;      // callees before callers; the entry last
    std::vector<const ir::Global*> globals_;          // reached, module order
    // Sets of the two, to ask whether one is there (a search of the lists per operand and per
    // call made many resources or calls quadratic).
    support::PointerSet<const ir::Function*> collected_functions_;
    support::PointerSet<const ir::Global*> reached_globals_;
    support::PointerSet<const ir::Global*> written_globals_;
    support::PointerSet<const ir::Global*> read_globals_;
    support::PointerSet<const ir::Global*> atomic_globals_;
    support::PointerSet<const ir::Global*> depth_textures_;
    support::PointerMap<const ir::Value*, std::string> value_names_;  // looked up per use
    std::string statement_text_;  // the expression of the `let` being printed
    support::PointerMap<const sema::StructType*, std::string> struct_names_;
    support::PointerMap<const ir::Function*, std::string> function_names_;
    support::PointerMap<const ir::Global*, std::string> global_names_;
    support::PointerSet<const ir::Instruction*> inlined_;
    support::PointerSet<const ir::Instruction*> hoisted_;
    support::PointerSet<const ir::Instruction*> row_operands_;  // matrices read row by row: never inlined
    support::PointerSet<const ir::Instruction*> pointer_lets_;
    support::PointerMap<const ir::Instruction*, std::string> buffer_pointer_words_;
    std::set<const ir::SpecConstant*> specs_;
    const ir::Function* current_ = nullptr;
    bool subgroups_ = false;
    bool derivatives_ = false;
    bool f16_ = false;
    bool precise_warned_ = false;
    std::string structs_;
    std::string helpers_;
    textgen::TextWriter body_;
    std::set<std::string> helper_keys_;
    std::map<std::string, std::string> helper_names_;
    std::set<std::uint32_t> loop_flag_ids_;
    std::vector<std::string> break_flags_;  // innermost switch that breaks its loop: the flag
    std::string lane_index_, lane_count_;  // private copies of the subgroup built-ins, when read
    std::string lane_declarations_;
    std::string entry_output_;              // the entry's return struct, when it has outputs
    support::PointerMap<const textgen::Stmt*, std::string> snapshots_;
};

}  // namespace oneshader::wgsl
