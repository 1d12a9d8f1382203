#pragma once
// The state of one lowering, shared by the lower_*.cpp files. Internal to src/lower.
//
// Expressions lower two ways: as a value (`rvalue`) or as a Place, the storage an lvalue names.
// Resources are Places too: a pointer to the resource global or an access chain into a resource
// array, which is what texture and buffer opcodes take. Function bodies are lowered from a work
// list, so a deep call graph never deepens the C++ stack.
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/builder.hpp"
#include "ir/small_vec.hpp"
#include "ir/type_rules.hpp"
#include "lower/lower.hpp"
#include "lower/node_table.hpp"
#include "support/pointer_map.hpp"
#include "types/types_query.hpp"

namespace oneshader::lower {

using sema::BExpr;
using sema::BStmt;
using sema::Type;

// Short lists gathered while lowering one node: kept inline, so gathering them allocates nothing.
using ValueList = ir::SmallVec<ir::Value*, 8>;
using ConstantList = ir::SmallVec<ir::Constant*, 8>;
using IndexList = ir::SmallVec<std::int64_t, 8>;
using ConstValueList = ir::SmallVec<sema::ConstValue, 16>;
using InstructionList = ir::SmallVec<ir::Instruction*, 8>;

// Where an lvalue lives.
struct Place {
    enum class Kind : std::uint8_t {
        None,     // an error was reported
        Pointer,  // `ptr` points at the whole value (a resource, when its pointee is one)
        Texel,    // element `coord` of the texture or typed buffer `ptr` (RWTexture2D[p])
        Value,    // not addressable: `value` (a swizzle of an rvalue)
    };
    Kind kind = Kind::None;
    ir::Value* ptr = nullptr;
    ir::Value* coord = nullptr;
    ir::Value* value = nullptr;
    const Type* type = nullptr;  // the value type of what ptr/coord/value names
    // A selection of components on top of it: vector components (`cols` unused) or matrix
    // elements (`rows`, `cols`). count 0: the whole.
    std::uint8_t count = 0;
    bool matrix = false;
    std::uint8_t rows[4] = {};
    std::uint8_t cols[4] = {};
    // A bit field (HLSL 2021) of the integer scalar named above, its storage unit: bits
    // [bit_offset, bit_offset + bit_width), read by extracting them and written by inserting them
    // into the unit read back. bit_width 0: the whole.
    std::uint8_t bit_offset = 0;
    std::uint8_t bit_width = 0;

    bool ok() const { return kind != Kind::None; }
    // The whole value ptr/coord/value names, no selection or bit field of it.
    bool whole() const { return count == 0 && bit_width == 0; }
};

// One resource argument of a function copy: the global and the indices into it, constant ones
// by value and run-time ones passed as extra arguments.
struct ResourceArg {
    ir::Global* global = nullptr;  // null: the reference is passed as an argument (`value`)
    ir::Value* value = nullptr;    // a reference that is not known at lowering (a local, a `?:`)
    std::vector<std::optional<std::int64_t>> indices;  // nullopt: a run-time index
    std::vector<ir::Value*> dynamic;                   // the run-time indices, in order (caller side)
};

// A function body waiting to be lowered.
struct PendingBody {
    const sema::Function* fn = nullptr;
    ir::Function* out = nullptr;
    std::vector<ResourceArg> resources;  // per resource parameter, in parameter order
};

// Makes a statement's or expression's position the location of what is lowered from it
// (ir::Instruction::loc) while it lowers, then gives the enclosing one back: an operator lowered
// after its operands gets its own position, not its last operand's.
class LocScope {
public:
    LocScope(ir::Builder& b, support::SourceLoc loc) : b_(b), saved_(b.loc()) {
        if (loc.valid()) b.set_loc(loc);
    }
    ~LocScope() { b_.set_loc(saved_); }
    LocScope(const LocScope&) = delete;
    LocScope& operator=(const LocScope&) = delete;

private:
    ir::Builder& b_;
    support::SourceLoc saved_;
};

struct LoopTargets {
    ir::Block* break_target = nullptr;
    ir::Block* continue_target = nullptr;  // null for a switch
    bool broke = false;      // some `break` branched to break_target
    bool continued = false;  // some `continue` branched to continue_target
};

class Lowerer {
public:
    Lowerer(const sema::Program& program, ir::Module& module, sema::LayoutEngine& layouts,
            support::DiagnosticEngine& diags, const Options& options);
    bool run();

    // ---- module scope (lower_module.cpp) ------------------------------------------------------
    void declare_globals();
    ir::Global* global_of(const sema::Variable* v);  // statics, groupshared, resources, buffer objects
    ir::Global* buffer_global(const sema::BufferBlock* b);
    std::string_view user_type_of(const sema::ResourceType* rt);
    ir::Global* resource_global(const sema::Resource* r);
    ir::Global* counter_of(ir::Global* buffer);
    ir::SpecConstant* spec_constant_of(const sema::Variable* v);
    ir::Global* static_local_global(const sema::Variable* v);
    ir::Function* init_globals_function();
    void finish_init_globals();

    // ---- entry points (lower_entry.cpp) -------------------------------------------------------
    void lower_entry(const sema::EntryPoint* ep);
    const Type* uint_like(const Type* t);  // `t` with uint components (bool stage variables)

    // ---- functions (lower_function.cpp) -------------------------------------------------------
    ir::Function* function_for(const sema::Function* f, std::vector<ResourceArg> resources, std::string_view name = {});
    void lower_body(const PendingBody& p);
    void drain_work_list();
    // Starts lowering into `f` (entry block made, per-function state reset); `s` is the HLSL
    // function, null for generated ones.
    void begin_function(ir::Function* f, const sema::Function* s);
    void end_function();
    std::string unique_function_name(std::string base);
    ir::Instruction* new_alloca(const Type* type, std::string_view name);
    ir::Block* new_block(std::string_view name);
    void set_block(ir::Block* b);
    bool open() const { return cur_ != nullptr; }
    void terminate() { cur_ = nullptr; }
    // A param or local variable's storage (or bound resource) in the current function.
    ir::Value* local_of(const sema::Variable* v) const;

    // ---- statements (lower_stmt.cpp) ----------------------------------------------------------
    void stmt(const BStmt* s);
    void block_stmt(const sema::BBlock* b);
    void var_decl(const sema::BVarDecl* d);
    void if_stmt(const sema::BIf* s);
    void for_stmt(const sema::BFor* s);
    void while_stmt(const sema::BWhile* s);
    void do_stmt(const sema::BDoWhile* s);
    void switch_stmt(const sema::BSwitch* s);
    void loop(const sema::ControlHints& hints, const BStmt* init, const BExpr* cond, const BExpr* step,
              const BStmt* body, bool cond_first);
    // Ends a construct whose merge block nothing reached: the merge holds only `unreachable`.
    void close_merge(ir::Block* merge, bool reached);

    // ---- expressions (lower_expr.cpp) ---------------------------------------------------------
    ir::Value* rvalue(const BExpr* e);
    ir::Value* literal(const sema::BLiteral* e);
    ir::Value* var_value(const sema::BVarRef* e);
    ir::Value* unary(const sema::BUnary* e);
    ir::Value* binary(const sema::BBinary* e);
    ir::Value* arith(sema::BinaryOp op, ir::Value* a, ir::Value* b);
    ir::Value* short_circuit(const sema::BBinary* e);
    ir::Value* assign(const sema::BAssign* e);
    ir::Value* inc_dec(const sema::BIncDec* e);
    ir::Value* conditional(const sema::BConditional* e);
    ir::Value* construct(const sema::BConstruct* e);
    ir::Value* convert_expr(const sema::BConvert* e);
    // Converts `v` to the value type `to` by shape and component (every ConversionKind).
    ir::Value* convert(ir::Value* v, const Type* to);
    ir::Value* convert_components(ir::Value* v, const sema::ScalarType* to);
    ir::Value* splat_to(ir::Value* scalar, const Type* to);
    // `(S)x`: every scalar of an array or struct type set from one scalar. One value per distinct
    // type, shared by every member of that type, so a DAG of structs costs its distinct types.
    ir::Value* splat_aggregate(ir::Value* scalar, const Type* to, std::unordered_map<const Type*, ir::Value*>& made);
    ir::Value* one_of(const Type* t);
    bool is_pure(const BExpr* e, int depth = 0) const;

    // ---- lvalues (lower_lvalue.cpp) -----------------------------------------------------------
    Place place(const BExpr* e);
    Place var_place(const sema::Variable* v, const BExpr* at);
    Place field_place(Place base, std::int64_t ir_index, const Type* type);
    Place index_place(Place base, ir::Value* index, const Type* type);
    Place resource_index_place(const sema::BResourceIndex* e);
    ir::Value* load(const Place& p);
    void store(const Place& p, ir::Value* v);
    // `v` converted to the type of the out argument `e` and stored there: the place first, then the
    // conversion (both emit instructions, so one call with both as arguments would depend on the compiler).
    void store_out(const BExpr* e, ir::Value* v);
    ir::Value* load_buffer_root(ir::Value* ptr, const Type* t);
    ir::Value* access(ir::Value* base, std::initializer_list<ir::Value*> indices);

    // ---- calls (lower_call.cpp) ---------------------------------------------------------------
    ir::Value* call(const sema::BCall* e);
    bool resource_arg(const Place& p, ResourceArg& out, const BExpr* at);
    // A temporary holding an lvalue's value for an out/inout argument, and the copy back.
    struct OutArg {
        Place target;
        const Type* target_type = nullptr;  // the argument's type, which the copy-back converts to
        ir::Instruction* temp = nullptr;    // of the parameter's type
    };
    // The temporary for an out/inout argument; `param` is the parameter's type (it may differ
    // from the argument's, converted both ways as sema checked).
    OutArg out_arg(const BExpr* arg, const Type* param, bool copy_in);
    void copy_back(const OutArg& a);

    // ---- intrinsics and methods (lower_intrinsic.cpp, lower_method.cpp) -----------------------
    ir::Value* intrinsic(const sema::BIntrinsicCall* e);
    ir::Value* mul(ir::Value* a, ir::Value* b, const Type* result);
    ir::Value* attribute_at_vertex(const sema::BIntrinsicCall* e);
    ir::Value* interlocked(const sema::BIntrinsicCall* e, std::string_view name);
    ir::Value* method(const sema::BMethodCall* e);
    ir::Value* texture_method(const sema::BMethodCall* e, const sema::ResourceType* r, ir::Value* res,
                              std::string_view name, std::span<const sema::ParamType> params);
    ir::Value* buffer_method(const sema::BMethodCall* e, const sema::ResourceType* r, ir::Value* res,
                             std::string_view name, std::span<const sema::ParamType> params);
    ir::Value* get_dimensions(const sema::BMethodCall* e, const sema::ResourceType* r, ir::Value* res,
                              std::span<const sema::ParamType> params);
    bool constant_offset(const BExpr* e, IndexList& out);
    void clip(ir::Value* x);

    // ---- initializers and constants (lower_init.cpp) ------------------------------------------
    ir::Value* init_list(const sema::BInitList* e);
    void flatten(ir::Value* v, ValueList& out, int depth = 0, bool refs = false);
    ir::Value* build(const Type* t, const ValueList& scalars, std::size_t& next, int depth = 0);
    ir::Constant* constant_of(const BExpr* e, const Type* t);
    ir::Constant* const_scalar(const sema::ScalarType* t, const sema::ConstValue& v);
    ir::Constant* build_constant(const Type* t, const ConstValueList& scalars, std::size_t& next);
    bool const_scalars(const BExpr* e, ConstValueList& out, int depth);

    // ---- helpers (lowerer.cpp) ----------------------------------------------------------------
    void unsupported(support::SourceRange at, std::string_view what);
    void unsupported(support::SourceLoc at, std::string_view what) { unsupported(support::SourceRange(at), what); }
    // Literal kinds to int/float, orientation dropped. Asked of nearly every node, and nearly every
    // type asked about is a concrete scalar or vector already: that answer is found inline.
    const Type* concrete(const Type* t) {
        if (!t) return t;
        t = t->value_type();
        const sema::ScalarType* s = t->as<sema::ScalarType>();
        if (!s) {
            if (const auto* v = t->as<sema::VectorType>()) s = v->element;
        }
        if (s && s->scalar != sema::ScalarKind::LiteralInt && s->scalar != sema::ScalarKind::LiteralFloat) return t;
        return concrete_slow(t);
    }
    const Type* concrete_slow(const Type* t);
    // ---- resource references (lower_resources.cpp) --------------------------------------------
    // A resource whose values are references to a resource global (ir::is_resource_ref): every
    // resource but ConstantBuffer<T>, which reads as its T. concrete() maps such a resource to its
    // reference type, a struct holding resources to its mirror, and arrays of either to arrays of
    // those: locals, members, parameters, results, selects and phis then carry references that
    // legalize_resources resolves to globals.
    static bool is_ref_resource(const Type* t);
    const Type* reference_type(const Type* t);  // null when `t` holds no resource
    const sema::StructType* mirror_struct(const sema::StructType* s);
    // The storage a resource-typed lvalue names when it is a variable or member holding a
    // reference (a pointer to the reference), else what place() gives.
    Place place_slot(const BExpr* e);
    // `p` (the place of the resource-typed `e`) as the resource itself: a reference loaded from
    // its slot, or a reference value as a pointer place.
    Place resolve_reference(const BExpr* e, Place p);
    // The references to what `ptr` holds, as a value of `ref_type` (the reference type of an
    // array of resources): loaded from a variable holding them, or made for a global array.
    ir::Value* references_in(ir::Value* ptr, const Type* ref_type, support::SourceRange at);
    static bool is_place_kind(sema::BExprKind k);
    // A global struct of resources (sema::Variable::member_resources) as a value: its mirror
    // struct built from the member globals.
    ir::Value* resource_struct_value(const sema::Variable* v, const Type* t);
    // `g.a.b` naming one resource member of a global struct of resources: that member's global.
    ir::Global* resource_struct_member(const BExpr* e);
    const sema::ScalarType* scalar(sema::ScalarKind k) { return types_.scalar(k); }
    // Small indices are asked for constantly (every member access); the module interns them, so
    // remembering its answer changes nothing but the cost.
    ir::Constant* int_c(std::int32_t v) {
        if (v < 0 || v >= kSmallInts) return m_.int_constant(v);
        ir::Constant*& c = small_ints_[v];
        if (!c) c = m_.int_constant(v);
        return c;
    }
    ir::Constant* uint_c(std::uint32_t v) {
        if (v >= static_cast<std::uint32_t>(kSmallInts)) return m_.uint_constant(v);
        ir::Constant*& c = small_uints_[v];
        if (!c) c = m_.uint_constant(v);
        return c;
    }
    std::int64_t ir_member(const sema::StructType* s, std::uint32_t member) const {
        return s->base ? std::int64_t(member) + 1 : std::int64_t(member);
    }
    // Member `i` of a struct as the IR counts them (the base first).
    const Type* ir_member_type(const sema::StructType* s, std::size_t i) const;
    // The data member IR member `i` of a struct is (null for the base): a unit of bit fields
    // flattens to, and is built from, one scalar per field.
    const sema::StructMember* ir_struct_member(const sema::StructType* s, std::size_t i) const;
    // The storage unit of bit fields `m` holding `fields` (one value per field, in order); a constant
    // when they all are.
    ir::Value* pack_unit(const sema::StructMember& m, std::span<ir::Value* const> fields);
    ir::Value* undef(const Type* t) { return m_.undef_constant(concrete(t)); }
    // Guards recursion: false (after reporting once) when `depth_` passed the bound.
    bool enter(support::SourceRange at) {
        if (depth_ >= options_.max_depth) return too_deep(at);
        ++depth_;
        return true;
    }
    bool too_deep(support::SourceRange at);  // reports once; false
    void leave() { --depth_; }

    const sema::Program& program_;
    ir::Module& m_;
    sema::TypeContext& types_;
    sema::LayoutEngine& layouts_;
    support::DiagnosticEngine& diags_;
    Options options_;
    ir::Builder b_;
    bool failed_ = false;
    bool depth_reported_ = false;
    // Scalar constants by (type, bits), direct-mapped: the module interns them, so remembering
    // its answers changes nothing but the cost.
    struct ScalarSlot {
        const sema::ScalarType* type = nullptr;
        std::uint64_t bits = 0;
        ir::Constant* constant = nullptr;
    };
    static constexpr std::size_t kScalarSlots = 64;
    ScalarSlot scalar_slots_[kScalarSlots] = {};
    static constexpr std::int32_t kSmallInts = 32;
    ir::Constant* small_ints_[kSmallInts] = {};
    ir::Constant* small_uints_[kSmallInts] = {};
    std::uint32_t depth_ = 0;

    // Module scope.
    NodeTable<ir::Global*> var_globals_;  // sema::Variable
    std::unordered_map<const sema::BufferBlock*, ir::Global*> buffer_globals_;
    NodeTable<ir::Global*> resource_globals_;  // sema::Resource
    std::unordered_map<const ir::Global*, ir::Global*> counters_;
    // The counters every view of ResourceDescriptorHeap shares (sema places them on one slot).
    ir::Global* heap_counters_ = nullptr;
    std::unordered_map<const sema::Variable*, ir::SpecConstant*> spec_constants_;
    std::unordered_map<const sema::Variable*, ir::Global*> static_local_flags_;
    std::vector<const sema::Variable*> dynamic_statics_;  // statics initialized in init_globals
    ir::Function* init_globals_ = nullptr;
    std::map<std::string, ir::Function*, std::less<>> copies_;  // function copies by key
    // The per-vertex stage variable of each (entry point parameter, member path) that has one.
    std::map<std::pair<const sema::Variable*, std::vector<std::uint32_t>>, ir::Global*> per_vertex_;
    // While GetAttributeAtVertex lowers its argument: the node that names the input, and the
    // place of the input at the chosen vertex (place() answers it for that node).
    const BExpr* per_vertex_node_ = nullptr;
    Place per_vertex_place_;
    std::map<std::string, int, std::less<>> names_;             // function names in use
    std::vector<PendingBody> work_;

    // The function being lowered.
    ir::Function* fn_ = nullptr;
    const sema::Function* sfn_ = nullptr;
    ir::Block* cur_ = nullptr;
    // The current function's locals, in the order made: end_function puts them at the front of its
    // entry block in one insert (one insert per local shifted the whole block each time, which
    // made a body of many locals quadratic).
    std::vector<ir::Instruction*> allocas_;
    // When each block of the current function was last placed (made, or entered while empty):
    // end_function lays the blocks out in that order, which is the order code is placed in them,
    // without moving a block inside the list at every placement (quadratic for a 100,000-case switch).
    support::PointerMap<const ir::Block*, std::uint64_t> placed_;
    std::uint64_t next_place_ = 0;
    NodeTable<ir::Value*> locals_;  // sema::Variable
    ir::Value* this_ptr_ = nullptr;
    std::vector<LoopTargets> targets_;
    bool precise_ = false;
    // The IR struct standing for each HLSL struct that holds resources (mirror_struct).
    std::unordered_map<const sema::StructType*, const sema::StructType*> mirrors_;
};

}  // namespace oneshader::lower
