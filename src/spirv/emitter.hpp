#pragma once
// The state of one emit() call, shared by the files that emit each instruction family. Nothing
// here outlives the call. Output order never depends on pointer values: the maps keyed by pointers
// are only looked up, and everything written follows the module's own order.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ir/module.hpp"
#include "ir/small_vec.hpp"
#include "spirv/pointer_table.hpp"
#include "spirv/spirv.hpp"
#include "spirv/word_table.hpp"
#include "spirv/words.hpp"
#include "support/arena.hpp"
#include "support/diagnostics.hpp"
#include "types/layout.hpp"

namespace oneshader::spirv {

using Id = std::uint32_t;
// An operand list being gathered: nearly all fit inline, so gathering one allocates nothing.
using Operands = ir::SmallVec<std::uint32_t, 16>;
inline Operands repeat(std::uint32_t v, std::size_t n) {
    Operands out;
    out.assign(n, v);
    return out;
}

struct GlobalInfo {
    Id variable = 0;                  // the variable itself
    Id pointee = 0;                   // the SPIR-V type the variable holds
    const sema::TypeLayout* layout = nullptr;  // buffers: the layout of the element / contents
    spv::StorageClass storage = spv::StorageClass::Private;
};

// What an IR pointer value is in SPIR-V.
struct PointerInfo {
    Id id = 0;                                  // the SPIR-V pointer
    spv::StorageClass storage = spv::StorageClass::Function;
    const sema::Type* pointee = nullptr;        // the IR's pointee type
    Id spirv_pointee = 0;                       // the SPIR-V type pointed to
    const sema::TypeLayout* layout = nullptr;   // pointee in buffer memory: its explicit layout
    const sema::ResourceType* buffer = nullptr; // a whole buffer resource: chains must enter it
    bool nonuniform = false;
};

class Emitter {
public:
    Emitter(const ir::Module& module, const ir::EntryPoint& entry, const Options& options,
            support::DiagnosticEngine& diags);
    std::vector<std::uint32_t> run();

    // --- diagnostics (emitter_module.cpp) -------------------------------------------------------
    // Reports an OSH50xx error; emission goes on so every problem is reported, but no words come back.
    void fail(support::DiagCode code, const std::string& message);
    void unsupported(const std::string& what);  // OSH5002
    // OSH5002: a column-major integer matrix in a buffer (the member being laid out, if any).
    void unsupported_integer_matrix(const sema::TypeLayout* l);
    bool failed() const { return failed_; }
    // OSH5001 for each instruction a stream could not write because it needed more words than
    // SPIR-V's 16-bit word count allows (instruction_limit.cpp), at the instruction being emitted.
    // Runs after every instruction: the common case, nothing oversized, is one flag test.
    void report_oversized() {
        if (oversized_pending_) report_oversized_streams();
    }
    void report_oversized_streams();
    void report_oversized(InstructionStream& s);

    // --- ids, capabilities, names --------------------------------------------------------------
    Id new_id() { return next_id_++; }
    void capability(spv::Capability c) { add_once(capabilities_, static_cast<std::uint32_t>(c)); }
    void extension(std::string_view name);
    void name(Id id, std::string_view n);
    void member_name(Id id, std::uint32_t member, std::string_view n);
    void decorate(Id id, spv::Decoration d, std::initializer_list<std::uint32_t> extra = {});
    void member_decorate(Id id, std::uint32_t member, spv::Decoration d, std::initializer_list<std::uint32_t> extra = {});
    Id glsl_std_450();
    // printf: the NonSemantic.DebugPrintf import, and the OpString of module string `k`, made once.
    Id debug_printf_set();
    Id printf_format(std::size_t k);

    // --- types (types.cpp) ----------------------------------------------------------------------
    Id type_void();
    Id type_bool();
    Id type_int(std::uint32_t bits, bool is_signed);
    Id type_float(std::uint32_t bits);
    Id type_vector(Id component, std::uint32_t count);
    Id type_pointer(spv::StorageClass sc, Id pointee);
    Id type_function(Id result, std::span<const Id> params);
    Id type_scalar(const sema::ScalarType* s);  // bool is OpTypeBool here
    // The type of a value of `t` in registers and Function/Private/Workgroup memory.
    Id value_type(const sema::Type* t);
    // The explicitly laid-out type of buffer memory; bool becomes a 32-bit uint.
    Id layout_type(const sema::TypeLayout* l);
    Id layout_member_type(const sema::MemberLayout& m);  // layout_type of a struct member
    // The image type of a texture or typed buffer; `format` for storage images.
    Id image_type(const sema::ResourceType* r, spv::ImageFormat format);
    Id sampled_image_type(Id image);
    Id runtime_array(Id element, std::uint32_t stride);
    // Member decorations of one laid-out member: Offset, and MatrixStride/major for matrices.
    void decorate_member_layout(Id structure, std::uint32_t index, std::uint32_t offset, const sema::TypeLayout* l);
    Id type_sampler();
    Id type_struct(std::span<const Id> members) { return type_of(spv::Op::OpTypeStruct, members); }
    Id type_struct(std::initializer_list<Id> members) { return type_of(spv::Op::OpTypeStruct, members); }
    // The scalar SPIR-V type that holds one component of `t` in registers.
    Id component_type_of(const sema::Type* t);

    // --- constants (types.cpp) ------------------------------------------------------------------
    Id constant_u32(std::uint32_t v);
    Id constant_i32(std::int32_t v);
    Id constant_f32(float v);
    Id constant_scalar(const sema::ScalarType* s, std::uint64_t bits);
    Id constant_null(Id type);
    Id constant_composite(Id type, std::span<const Id> parts);
    // A composite of `count` copies of `part`.
    Id constant_composite_splat(Id type, Id part, std::uint32_t count);
    Id undef(Id type);
    Id constant(const ir::Constant* c);
    Id spec_constant(const ir::SpecConstant* c);
    // A constant of `like`'s shape (scalar or vector) with every component `bits`.
    Id constant_splat(const sema::Type* like, std::uint64_t bits);

    // --- globals and the interface (globals.cpp) ------------------------------------------------
    void declare_global(const ir::Global* g);
    const GlobalInfo* global_info(const ir::Global* g) const;
    Operands interface_ids() const;
    void decorate_stage_variable(const ir::Global* g, Id var, std::optional<std::uint32_t> location);
    // -fspv-reflect's decorations of every declared global (reflect.cpp).
    void hlsl_reflection();
    // A built-in input the IR has no global for (WaveGetLaneIndex/WaveGetLaneCount read
    // SubgroupLocalInvocationId/SubgroupSize): declared once per entry point, in the interface.
    Id builtin_input(spv::BuiltIn builtin, Id type, std::string_view debug_name);

    // --- debug information (debug_info.cpp) ---------------------------------------------------------
    // Module-level debug instructions, before anything else is emitted: file strings, sources,
    // the NonSemantic compilation unit.
    void debug_module();
    // The source position of `i` before it, unless the block already stands at that position.
    void debug_line(const ir::Instruction* i);
    // A new block starts without a position (OpLine's reach ends at a block's end).
    void debug_block() { debug_at_ = {}; }
    // A module-level OpExtInst (the NonSemantic set's DebugSource and the like).
    Id op_global_ext(Id type, std::span<const std::uint32_t> operands);
    Id op_global_ext(Id type, std::initializer_list<std::uint32_t> operands) {
        return op_global_ext(type, std::span<const std::uint32_t>(operands.begin(), operands.size()));
    }

    // --- functions and control flow (control_flow.cpp) ------------------------------------------
    void emit_function(const ir::Function* f);
    Id function_id(const ir::Function* f);

    // --- instruction families -------------------------------------------------------------------
    bool emit_arithmetic(const ir::Instruction* i);   // arithmetic.cpp
    bool emit_composite(const ir::Instruction* i);    // composites.cpp
    bool emit_memory(const ir::Instruction* i);       // memory.cpp
    bool emit_image(const ir::Instruction* i);        // images.cpp
    bool emit_buffer(const ir::Instruction* i);       // buffers.cpp
    bool emit_atomic(const ir::Instruction* i);       // atomics.cpp
    bool emit_intrinsic(const ir::Instruction* i);    // intrinsics.cpp

    // --- values in the current function ---------------------------------------------------------
    // The id of an operand that is a value (not a pointer).
    Id value(const ir::Value* v);
    // What a pointer operand is.
    const PointerInfo* pointer(const ir::Value* v);
    // Each record is its own arena object, so the pointers pointer() hands out stay valid.
    void set_pointer(const ir::Value* v, PointerInfo p) { pointers_.set(v, arena_.make<PointerInfo>(p)); }
    // The id reserved for an instruction's result; the emitter of that instruction defines it.
    Id result_id(const ir::Instruction* i);
    // Records `id` as the instruction's value; copies it into the reserved id when a phi already
    // referred to the instruction.
    void define(const ir::Instruction* i, Id id);
    // Appends an instruction to the current function body.
    void op(spv::Op o, std::span<const std::uint32_t> operands) { body_->add(o, operands); }
    void op(spv::Op o, std::initializer_list<std::uint32_t> operands) { body_->add(o, operands); }
    // Appends an instruction that yields a value of `type`; returns its id (new unless given).
    Id op_result(spv::Op o, Id type, std::initializer_list<std::uint32_t> operands, Id result = 0) {
        return op_result(o, type, std::span<const std::uint32_t>(operands.begin(), operands.size()), result);
    }
    Id op_result(spv::Op o, Id type, std::span<const std::uint32_t> operands, Id result = 0);
    Id ext_inst(Id type, std::uint32_t glsl_op, std::span<const Id> args, Id result = 0);
    Id ext_inst(Id type, std::uint32_t glsl_op, std::initializer_list<Id> args, Id result = 0) {
        return ext_inst(type, glsl_op, std::span<const Id>(args.begin(), args.size()), result);
    }
    // An R x C matrix with R, C >= 2: R vectors of C components in SPIR-V (an OpTypeMatrix of
    // floats, an OpTypeArray of rows otherwise), so component-wise operations go row by row.
    bool is_matrix(const sema::Type* t) const;
    bool is_float_matrix(const sema::Type* t) const;  // is_matrix and an OpTypeMatrix
    // Integer and bool matrices, arrays of rows (integer_matrices.cpp): mul without OpMatrixTimes*,
    // transpose without OpTranspose.
    Id integer_product(const ir::Instruction* i);
    Id transpose_rows(Id v, const sema::MatrixType* m);
    // A matrix bit-cast row by row (OpBitcast takes scalars and vectors only).
    Id bitcast_rows(Id v, const sema::Type* from, const sema::Type* to);

    // Memory helpers (memory.cpp).
    Id load_pointer(const PointerInfo& p, const sema::Type* value_type);
    void store_pointer(const PointerInfo& p, Id value, const sema::Type* value_type);
    // Between the layout form (buffer memory) and the value form of one value.
    Id from_layout(Id v, const sema::TypeLayout* l, const sema::Type* t);
    Id to_layout(Id v, const sema::TypeLayout* l, const sema::Type* t);
    // The same conversion member by member, for SPIR-V before 1.4, which has no OpCopyLogical.
    Id copy_by_members(Id v, const sema::TypeLayout* l, bool into_layout);
    // OpSelect with a scalar condition for SPIR-V before 1.4 (arithmetic.cpp).
    Id select_before_14(const ir::Instruction* i);
    // OpSelect of matrices with a bool matrix condition, row by row (arithmetic.cpp).
    Id select_rows(const ir::Instruction* i);
    // -fvk-invert-y: the stored value with SV_Position.y negated when `store` writes it.
    Id invert_position_y(const ir::Instruction* store, Id v);
    // -fvk-use-dx-position-w and -fvk-support-nonzero-base-*: a loaded built-in as D3D reads it
    // (dx_builtins.cpp).
    Id dx_builtin_load(const ir::Instruction* load, Id v);

    // --- the target environment (target_env.cpp) -----------------------------------------------
    // Storage buffers: the StorageBuffer class from SPIR-V 1.3, Uniform (with BufferBlock) before.
    spv::StorageClass storage_buffer_class() const;
    spv::Decoration storage_buffer_decoration() const;
    // Only Input and Output variables are listed on OpEntryPoint before SPIR-V 1.4.
    bool lists_every_global() const { return options_.version >= Options::kSpirv14; }
    // Adds the extensions the version lacks for the capabilities used, refuses what it cannot
    // express, and checks the extensions against -fspv-extension.
    void apply_target_env();
    // Loads the handle behind a texture or sampler pointer, decorated NonUniform when it is.
    Id load_handle(const ir::Value* resource_pointer, const sema::ResourceType** kind = nullptr);
    // Element-wise conversion helpers shared by several families (arithmetic.cpp).
    Id convert_value(Id v, const sema::Type* from, const sema::Type* to);
    Id bool_from_uint(Id v, const sema::Type* t);   // t: the bool type wanted
    Id uint_from_bool(Id v, const sema::Type* t);   // t: the bool type given

    // Narrows a four-component image result to the IR's result type.
    Id narrow_texel(Id v4, const sema::Type* component, const sema::Type* wanted, Id result);

    const ir::Module& module() const { return module_; }
    const ir::EntryPoint& entry() const { return entry_; }
    const Options& options() const { return options_; }
    sema::TypeContext& types() const { return module_.types(); }
    sema::LayoutEngine& layouts() { return layouts_; }
    ir::ShaderStage stage() const { return entry_.stage; }
    void note_execution_mode(spv::ExecutionMode m) { add_once(execution_modes_, static_cast<std::uint32_t>(m)); }
    const ir::Instruction* current() const { return current_; }
    void set_current(const ir::Instruction* i) { current_ = i; }
    void mark_nonuniform(const ir::Value* v) { nonuniform_.set(v, true); }
    bool is_nonuniform(const ir::Value* v) const { return nonuniform_.contains(v); }
    void propagate_nonuniform(const ir::Instruction* i, Id result);  // arithmetic.cpp

private:
    Id type_of(spv::Op o, std::span<const std::uint32_t> operands);
    Id type_of(spv::Op o, std::initializer_list<std::uint32_t> operands) {
        return type_of(o, std::span<const std::uint32_t>(operands.begin(), operands.size()));
    }
    Id constant_of(spv::Op o, Id type, std::span<const std::uint32_t> operands);
    Id constant_of(spv::Op o, Id type, std::initializer_list<std::uint32_t> operands) {
        return constant_of(o, type, std::span<const std::uint32_t>(operands.begin(), operands.size()));
    }
    Id value_type_uncached(const sema::Type* t);
    Id constant_uncached(const ir::Constant* c);
    // Capabilities and execution modes are few: a short list, sorted when the module is written.
    static void add_once(std::vector<std::uint32_t>& list, std::uint32_t v) {
        for (std::uint32_t x : list)
            if (x == v) return;
        list.push_back(v);
    }
    Id struct_value_type(const sema::StructType* s);
    Id struct_layout_type(const sema::TypeLayout* l);
    void collect(const ir::Function* f, std::vector<const ir::Function*>& order, PointerTable<bool>& seen);
    void record_global(const ir::Global* g, GlobalInfo&& info) {
        globals_info_.get_or_insert(g, arena_.make<GlobalInfo>(std::move(info)));
    }
    void declare_resource(const ir::Global* g, GlobalInfo& info);
    // The SPV_KHR_16bit_storage capability a global of `storage` holding 16-bit values needs.
    void note_16bit_storage(const ir::Global* g, spv::StorageClass storage);
    Id buffer_block_type(const sema::ResourceType* r, const ir::Global* g, GlobalInfo& info);
    bool emit_instruction(const ir::Instruction* i);

    const ir::Module& module_;
    const ir::EntryPoint& entry_;
    const Options& options_;
    support::DiagnosticEngine& diags_;
    support::Arena arena_;
    sema::LayoutEngine layouts_;
    bool failed_ = false;
    bool oversized_pending_ = false;  // a watched stream marked an instruction as oversized
    std::set<std::string> reported_;

    Id next_id_ = 1;
    std::vector<std::uint32_t> capabilities_;
    std::vector<std::string_view> extensions_;  // literals
    std::vector<std::uint32_t> execution_modes_;
    bool interlock_ = false;  // the entry point has OpBegin/EndInvocationInterlockEXT (place_interlock)
    Id glsl_ = 0;
    Id debug_printf_ = 0;
    std::vector<Id> printf_formats_;  // by module string index; 0 until used
    InstructionStream names_, annotations_, globals_, functions_;
    WordTable types_by_shape_;      // opcode, operands
    WordTable constants_by_shape_;  // opcode, type, operands
    // Scalar types by width (16, 32, 64), asked for on nearly every instruction.
    Id int_types_[2][3] = {};  // [signed][width]
    Id float_types_[3] = {};
    Id bool_type_ = 0;
    Id void_type_ = 0;
    PointerTable<Id> value_types_;  // sema type -> value_type()
    PointerTable<Id> constants_;    // IR constant -> its id
    PointerTable<Id> struct_values_;    // sema struct type -> its value type
    PointerTable<Id> layouts_by_node_;  // type layout -> its laid-out type
    PointerTable<Id> spec_ids_;         // IR spec constant -> its id
    std::map<std::pair<Id, std::uint32_t>, Id> runtime_arrays_;
public:
    std::map<Id, Id> resource_array_elements_;  // resource array type -> element type
private:

    std::string type_name_;  // buffer_block_type's scratch
    std::string_view layout_member_;  // the struct member struct_layout_type is laying out
    std::vector<const ir::Global*> used_globals_;                       // module order
    std::map<std::uint32_t, Id> intrinsic_builtins_;                    // spv::BuiltIn -> variable
    PointerTable<bool> atomic_textures_;
    // Each record is its own arena object, so the pointers global_info() hands out stay valid.
    PointerTable<const GlobalInfo*> globals_info_;
    PointerTable<Id> function_ids_;

    // Per function.
    InstructionStream* body_ = nullptr;
    PointerTable<Id> values_;
    PointerTable<const PointerInfo*> pointers_;
    PointerTable<bool> nonuniform_;
    PointerTable<Id> labels_;      // the blocks being written, and only those
    PointerTable<bool> visited_;   // block_order's walk
    InstructionStream variables_;  // the function's OpVariables, written after its first label
    // A block's label; 0 for a block that is not written.
    Id label(const ir::Block* b) const {
        const Id* id = labels_.find(b);
        return id ? *id : 0;
    }
    // Blocks the entry reaches along terminator edges, for the function being written.
    PointerTable<bool> reachable_;
    std::vector<const ir::Block*> reach_work_;
    void mark_reachable(const ir::Function* f);
    bool reachable(const ir::Block* b) const { return reachable_.contains(b); }
    std::vector<const ir::Block*> block_order(const ir::Function* f);
    // Call operands that point into something other than a whole variable (a member, an element,
    // a global): the Function variable each is copied through (logical addressing passes only
    // memory object declarations to OpFunctionCall).
    std::map<std::pair<const ir::Instruction*, std::size_t>, Id> call_temps_;  // lookup only
    const ir::Instruction* current_ = nullptr;

    // Debug information (debug_info.cpp); all empty unless Options::debug asks for some.
    InstructionStream debug_strings_;    // OpString, OpSource, OpSourceContinued (before the names)
    InstructionStream debug_processed_;  // OpModuleProcessed (after the names)
    Id debug_set_ = 0;                   // the NonSemantic.Shader.DebugInfo.100 import
    std::vector<Id> debug_files_;        // per source file: its name's OpString (core) or DebugSource (NonSemantic)
    struct DebugPosition {
        support::FileId file = 0;
        std::uint32_t line = 0, column = 0;
        friend bool operator==(const DebugPosition&, const DebugPosition&) = default;
    };
    DebugPosition debug_at_;
};

// Small facts about IR types the families share.
bool is_float_type(const sema::Type* t);
bool is_signed_int_type(const sema::Type* t);
bool is_bool_type(const sema::Type* t);
std::uint32_t bits_of(const sema::Type* t);
// Constant buffers, structured and byte-address buffers: resources that are Block structs.
bool is_buffer_resource(const sema::ResourceType* r);
// Columns of a SPIR-V matrix made from HLSL matrix `m` (its HLSL rows); 0 for a degenerate matrix.
std::uint32_t spirv_columns(const sema::MatrixType* m);

}  // namespace oneshader::spirv
