#pragma once
// The typed ("bound") tree semantic analysis produces and the lowering to IR consumes.
//
// Everything lives in the compile's arena. Every expression has its type; the implicit
// conversions HLSL performs are explicit Convert nodes, so the lowering never re-derives a
// language rule. Names are resolved to the Variable or Function they mean, overloads and
// templates are resolved (a template instance is an ordinary Function), swizzles are component
// index lists, operators are either built-in ops on matching operand types or calls of user
// operator functions, and intrinsic and resource-method calls carry the intrinsic table's id.
//
// Program is the whole translation unit: globals, buffers with their layouts, resources with
// their descriptor bindings, functions, and entry points with their flattened stage I/O.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "oneshader/oneshader.hpp"
#include "sema/intrinsic_lookup.hpp"
#include "support/interner.hpp"
#include "support/source_manager.hpp"
#include "types/layout.hpp"
#include "types/types.hpp"

namespace oneshader::sema {

using support::SourceLoc;
using support::SourceRange;
using support::Symbol;

struct Function;
struct Variable;
struct BufferBlock;
struct BStmt;
struct BBlock;

// ---------------------------------------------------------------------------------------------
// Constant values (constant evaluation, literals, enumerators, specialization defaults)

// A scalar constant. Integers are kept in 64 bits (HLSL's literal arithmetic is 64-bit), floats
// as double (unsuffixed literals keep double precision until they meet a concrete type).
struct ConstValue {
    enum class Kind : std::uint8_t { Int, Float, Bool };
    Kind kind = Kind::Int;
    std::int64_t i = 0;  // Int (and unsigned values bit-cast)
    double f = 0;        // Float
    bool b = false;      // Bool

    static ConstValue of_int(std::int64_t v) { ConstValue c; c.kind = Kind::Int; c.i = v; return c; }
    static ConstValue of_float(double v) { ConstValue c; c.kind = Kind::Float; c.f = v; return c; }
    static ConstValue of_bool(bool v) { ConstValue c; c.kind = Kind::Bool; c.b = v; return c; }
    std::int64_t as_int() const { return kind == Kind::Int ? i : kind == Kind::Float ? std::int64_t(f) : std::int64_t(b); }
    double as_float() const { return kind == Kind::Float ? f : kind == Kind::Int ? double(i) : double(b); }
    bool as_bool() const { return kind == Kind::Bool ? b : kind == Kind::Int ? i != 0 : f != 0; }
};

// ---------------------------------------------------------------------------------------------
// Variables

enum class StorageClass : std::uint8_t {
    Local,          // function-scope variable
    StaticLocal,    // `static` inside a function: one copy, initialized once (Private)
    Param,          // function parameter (direction on the Variable)
    StaticGlobal,   // `static` global, including `static const` (Private)
    GroupShared,    // `groupshared` (Workgroup)
    BufferMember,   // a member of a cbuffer/tbuffer or of $Globals: read through `buffer`
    BufferObject,   // `ConstantBuffer<T> x` or `[[vk::push_constant]] T x`: the whole block
    Resource,       // textures, buffers, samplers and arrays of them (UniformConstant/Storage)
    SpecConstant,   // `[[vk::constant_id(n)]] const T x = default;`
    StaticMember,   // `static` data member of a struct (Private, one copy)
    Enumerator,     // an enum value; always has a constant value
};

struct Variable {
    Symbol name;
    SourceLoc loc;
    const Type* type = nullptr;
    StorageClass storage = StorageClass::Local;
    ParamDirection direction = ParamDirection::In;  // Param only
    bool is_const = false;    // `const` (or an in-buffer member): not assignable
    bool precise = false;
    bool is_uniform = false;  // a parameter declared `uniform` (refused on entry points)
    struct BExpr* init = nullptr;  // initializer (globals, locals, statics), converted to `type`
    std::optional<ConstValue> const_value;  // known value of a scalar constant (static const, enum)
    BufferBlock* buffer = nullptr;  // BufferMember: the block; BufferObject: the block it is
    std::uint32_t member_index = 0; // BufferMember: index into the block struct's members
    Symbol semantic;                // parameters of entry points and functions, as written
    std::uint8_t interpolation = 0; // InterpolationBits
    std::string_view vk_builtin;    // [[vk::builtin("PointSize")]] on a parameter, checked
    std::optional<std::uint32_t> vk_location;  // [[vk::location(n)]] on a parameter
    std::uint32_t spec_id = 0;      // SpecConstant
    struct Resource* resource = nullptr;  // Resource: its binding record
    // Resource of a struct type (`struct S { Texture2D t; SamplerState s; }; S g;`): one resource
    // per resource member, base and nested members included, in member order, named `g.t`, `g.s`
    // (DXC flattens such a global into one variable per member); `resource` is null.
    std::span<struct Resource*> member_resources;
    const StructType* owner = nullptr;    // StaticMember: the struct
};

// ---------------------------------------------------------------------------------------------
// Expressions

enum class BExprKind : std::uint8_t {
    Literal,        // a constant scalar (`value`); literal kinds for unsuffixed literals
    VarRef,         // a variable
    This,           // `this` inside a member function (an lvalue of the struct type)
    Field,          // struct member: base.field (index into the struct's own members; base
                    // members are reached through a BaseCast)
    BaseCast,       // a derived struct viewed as its base (lvalue when the operand is)
    Swizzle,        // vector (or scalar) components: indices into the base
    MatrixElements, // matrix `_m01_m10`: (row, col) pairs
    Index,          // array element, vector component, matrix row, resource element
    ResourceIndex,  // `Tex[uint2]`, `Buf[i]`, `RWTex[p] = v`: the element of a resource
    MipsIndex,      // `Tex.mips[level][pos]` / `Tex.sample[s][pos]`
    Unary,
    Binary,         // built-in arithmetic, comparison, bitwise, logical, shifts on matching types
    Assign,         // `lhs = rhs` with rhs converted; compound ops are Assign of a Binary
    IncDec,         // ++/--, prefix or postfix
    Conditional,    // `c ? a : b` (scalar c short-circuits; vector c selects per component)
    Comma,
    Call,           // user function (a template instance is a Function too)
    IntrinsicCall,  // intrinsic function from the table
    MethodCall,     // resource method from the table (`object` + args)
    Construct,      // vector/matrix/struct/array built from flattened scalar-or-part arguments
    Convert,        // an implicit or explicit conversion (see ConversionKind)
    InitList,       // `{...}` flattened to the target's scalar slots, already converted
    Error,          // an expression that failed to check; its type is null
};

enum class ConversionKind : std::uint8_t {
    Components,     // same shape, component type changes (int→float, float→half, to bool, ...)
    Splat,          // scalar → vector or matrix of the same component type
    Truncate,       // vector/matrix → fewer components (same component type); also vector → scalar
    VectorToMatrix, // same component count and type, different shape (float4 → float2x2)
    MatrixToVector,
    ToBase,         // derived struct → base struct value
    Flat,           // explicit cast between aggregates by flattened scalars (`(S)0`, `(float4)s`)
    LiteralToConcrete,  // literal int/float → a concrete type (value known: still a Convert)
    BlockValue,     // ConstantBuffer<T> (the block) → a T value, as when copied to a local
};

struct BExpr {
    BExprKind kind;
    SourceRange range;
    const Type* type = nullptr;  // value type; null only for Error
    bool lvalue = false;         // names storage that can be read by reference
    bool assignable = false;     // lvalue that may be written (not const, not a read-only resource)
    explicit BExpr(BExprKind k, SourceRange r) : kind(k), range(r) {}
};

struct BLiteral : BExpr {
    BLiteral(SourceRange r) : BExpr(BExprKind::Literal, r) {}
    ConstValue value;
};

struct BVarRef : BExpr {
    BVarRef(SourceRange r) : BExpr(BExprKind::VarRef, r) {}
    Variable* var = nullptr;
};

struct BThis : BExpr {
    BThis(SourceRange r) : BExpr(BExprKind::This, r) {}
};

struct BField : BExpr {
    BField(SourceRange r) : BExpr(BExprKind::Field, r) {}
    BExpr* base = nullptr;
    const StructType* owner = nullptr;  // the struct that declares the member
    std::uint32_t index = 0;            // into owner->members
    // A bit field: its bits of the storage unit `index` (whose type is the field's); width 0 otherwise.
    std::uint8_t bit_offset = 0;
    std::uint8_t bit_width = 0;
};

struct BBaseCast : BExpr {
    BBaseCast(SourceRange r) : BExpr(BExprKind::BaseCast, r) {}
    BExpr* operand = nullptr;  // `type` is the base struct
};

struct BSwizzle : BExpr {
    BSwizzle(SourceRange r) : BExpr(BExprKind::Swizzle, r) {}
    BExpr* base = nullptr;
    std::uint8_t count = 0;
    std::uint8_t components[4] = {};
};

struct BMatrixElements : BExpr {
    BMatrixElements(SourceRange r) : BExpr(BExprKind::MatrixElements, r) {}
    BExpr* base = nullptr;
    std::uint8_t count = 0;
    std::uint8_t rows[4] = {};
    std::uint8_t cols[4] = {};
};

struct BIndex : BExpr {
    BIndex(SourceRange r) : BExpr(BExprKind::Index, r) {}
    BExpr* base = nullptr;
    BExpr* index = nullptr;  // an integer scalar
};

struct BResourceIndex : BExpr {
    BResourceIndex(SourceRange r) : BExpr(BExprKind::ResourceIndex, r) {}
    BExpr* resource = nullptr;
    BExpr* index = nullptr;  // uint or uintN coordinates
};

struct BMipsIndex : BExpr {
    BMipsIndex(SourceRange r) : BExpr(BExprKind::MipsIndex, r) {}
    BExpr* resource = nullptr;
    bool sample = false;         // `.sample[s][p]` of a multisampled texture, else `.mips[l][p]`
    BExpr* level = nullptr;      // mip level or sample index
    BExpr* position = nullptr;
};

enum class UnaryOp : std::uint8_t { Negate, Plus, LogicalNot, BitNot };

struct BUnary : BExpr {
    BUnary(SourceRange r) : BExpr(BExprKind::Unary, r) {}
    UnaryOp op = UnaryOp::Negate;
    BExpr* operand = nullptr;
};

enum class BinaryOp : std::uint8_t {
    Add, Sub, Mul, Div, Rem,
    Shl, Shr, BitAnd, BitOr, BitXor,
    LogicalAnd, LogicalOr,  // scalar bool operands; short-circuit
    Eq, Ne, Lt, Le, Gt, Ge,
};

// Built-in binary: both operands have the same shape and component type (`operand_type`) after
// conversions, except shifts, where rhs is converted to lhs's type too. Comparisons give bool of
// that shape.
struct BBinary : BExpr {
    BBinary(SourceRange r) : BExpr(BExprKind::Binary, r) {}
    BinaryOp op = BinaryOp::Add;
    BExpr* lhs = nullptr;
    BExpr* rhs = nullptr;
};

struct BAssign : BExpr {
    BAssign(SourceRange r) : BExpr(BExprKind::Assign, r) {}
    BExpr* target = nullptr;  // assignable lvalue; evaluated once
    // Plain assignment: converted to target's type. Compound `a op= b`: b converted to
    // `operand_type`; the lowering reads the target, converts it to `operand_type`, applies `op`
    // and converts the result back to the target's type.
    BExpr* value = nullptr;
    bool compound = false;
    BinaryOp op = BinaryOp::Add;
    const Type* operand_type = nullptr;
};

// `++x`, `x--`: the target is an assignable integer or float scalar/vector/matrix lvalue.
struct BIncDec : BExpr {
    BIncDec(SourceRange r) : BExpr(BExprKind::IncDec, r) {}
    BExpr* target = nullptr;
    bool increment = true;
    bool postfix = false;
};

struct BConditional : BExpr {
    BConditional(SourceRange r) : BExpr(BExprKind::Conditional, r) {}
    BExpr* cond = nullptr;  // bool scalar (short-circuit) or bool vector (component select)
    BExpr* then_expr = nullptr;
    BExpr* else_expr = nullptr;
};

struct BComma : BExpr {
    BComma(SourceRange r) : BExpr(BExprKind::Comma, r) {}
    BExpr* lhs = nullptr;
    BExpr* rhs = nullptr;
};

// A call of a user function (free, member, static member, operator or template instance).
struct BCall : BExpr {
    BCall(SourceRange r) : BExpr(BExprKind::Call, r) {}
    Function* callee = nullptr;
    BExpr* object = nullptr;  // member functions: the object (`this` for calls inside a method)
    // One per parameter (defaults filled in), converted to the parameter type; out/inout
    // arguments are assignable lvalues of the parameter's type or of one that converts to it
    // and back implicitly (the lowering copies through a temporary of the parameter's type).
    std::span<BExpr*> args;
};

struct BIntrinsicCall : BExpr {
    BIntrinsicCall(SourceRange r) : BExpr(BExprKind::IntrinsicCall, r) {}
    IntrinsicId id = 0;
    std::uint32_t overload = 0;
    Symbol name;
    std::span<BExpr*> args;
    std::span<const ParamType> params;
    std::string_view format;  // printf: the format string, escapes decoded
};

struct BMethodCall : BExpr {
    BMethodCall(SourceRange r) : BExpr(BExprKind::MethodCall, r) {}
    IntrinsicId id = 0;
    std::uint32_t overload = 0;
    Symbol name;
    BExpr* object = nullptr;  // the resource
    std::span<BExpr*> args;
    std::span<const ParamType> params;
    // With a texture method's `out uint status` argument: the struct {uint Code; T Texel} the sparse
    // sampling or load gives, whose code CheckAccessFullyMapped reads.
    const StructType* sparse_type = nullptr;
};

// `float4(a.xy, 0, 1)`, `S(...)`: the parts in order; each is a scalar/vector/matrix (or struct or
// array) already converted to the target's component type. The lowering flattens them into the
// target's slots in order.
struct BConstruct : BExpr {
    BConstruct(SourceRange r) : BExpr(BExprKind::Construct, r) {}
    std::span<BExpr*> parts;
};

struct BConvert : BExpr {
    BConvert(SourceRange r) : BExpr(BExprKind::Convert, r) {}
    ConversionKind conversion = ConversionKind::Components;
    bool explicit_cast = false;
    BExpr* operand = nullptr;
};

// `{a, {b, c}}` for a declared type: HLSL flattens both sides, so `elements` are the leaf values in
// order (scalars, vectors, matrices, structs, arrays) whose scalars fill the target's scalars in
// order (arrays and structs flattened, base members first). A leaf whose scalars all land in slots
// of one component type is converted to it; the lowering converts the rest slot by slot.
struct BInitList : BExpr {
    BInitList(SourceRange r) : BExpr(BExprKind::InitList, r) {}
    std::span<BExpr*> elements;
};

// ---------------------------------------------------------------------------------------------
// Statements

enum class BStmtKind : std::uint8_t {
    Block, VarDecl, Expr, If, For, While, DoWhile, Switch, Break, Continue, Return, Discard,
};

// Loop and branch attributes: `[unroll(n)]`, `[loop]`, `[fastopt]`, `[allow_uav_condition]`,
// `[branch]`, `[flatten]`, `[forcecase]`, `[call]`.
struct ControlHints {
    bool unroll = false;
    std::uint32_t unroll_count = 0;  // 0: full unroll
    bool loop = false;
    bool fastopt = false;
    bool allow_uav_condition = false;
    bool branch = false;
    bool flatten = false;
    bool forcecase = false;
    bool call = false;
};

struct BStmt {
    BStmtKind kind;
    SourceLoc loc;
    explicit BStmt(BStmtKind k, SourceLoc l) : kind(k), loc(l) {}
};

struct BBlock : BStmt {
    BBlock(SourceLoc l) : BStmt(BStmtKind::Block, l) {}
    std::span<BStmt*> stmts;
};

struct BVarDecl : BStmt {
    BVarDecl(SourceLoc l) : BStmt(BStmtKind::VarDecl, l) {}
    Variable* var = nullptr;  // init on the Variable
};

struct BExprStmt : BStmt {
    BExprStmt(SourceLoc l) : BStmt(BStmtKind::Expr, l) {}
    BExpr* expr = nullptr;
};

struct BIf : BStmt {
    BIf(SourceLoc l) : BStmt(BStmtKind::If, l) {}
    ControlHints hints;
    BExpr* cond = nullptr;  // bool scalar
    BStmt* then_stmt = nullptr;
    BStmt* else_stmt = nullptr;
};

struct BFor : BStmt {
    BFor(SourceLoc l) : BStmt(BStmtKind::For, l) {}
    ControlHints hints;
    BStmt* init = nullptr;
    BExpr* cond = nullptr;  // bool scalar or null
    BExpr* step = nullptr;
    BStmt* body = nullptr;
};

struct BWhile : BStmt {
    BWhile(SourceLoc l) : BStmt(BStmtKind::While, l) {}
    ControlHints hints;
    BExpr* cond = nullptr;
    BStmt* body = nullptr;
};

struct BDoWhile : BStmt {
    BDoWhile(SourceLoc l) : BStmt(BStmtKind::DoWhile, l) {}
    ControlHints hints;
    BStmt* body = nullptr;
    BExpr* cond = nullptr;
};

// A switch as a list of sections: each section has its labels (values, and whether `default` is
// among them) and the statements up to the next label; control falls through to the next section
// unless a statement leaves.
struct BSwitchSection {
    std::span<std::int64_t> values;
    bool is_default = false;
    std::span<BStmt*> stmts;
};

struct BSwitch : BStmt {
    BSwitch(SourceLoc l) : BStmt(BStmtKind::Switch, l) {}
    ControlHints hints;
    BExpr* cond = nullptr;  // int or uint scalar
    std::span<BSwitchSection> sections;
};

struct BJump : BStmt {  // Break, Continue, Discard
    BJump(BStmtKind k, SourceLoc l) : BStmt(k, l) {}
};

struct BReturn : BStmt {
    BReturn(SourceLoc l) : BStmt(BStmtKind::Return, l) {}
    BExpr* value = nullptr;  // converted to the function's result type; null for void
};

// ---------------------------------------------------------------------------------------------
// Functions

struct Function {
    Symbol name;
    SourceLoc loc;
    const FunctionType* type = nullptr;
    std::span<Variable*> params;        // Param variables, in order
    std::span<BExpr*> defaults;         // per parameter: default argument or null
    Symbol semantic;                    // on the result
    std::string_view result_vk_builtin; // [[vk::builtin(...)]] on the function: its result
    std::optional<std::uint32_t> result_vk_location;  // [[vk::location(n)]] on the function
    const StructType* owner = nullptr;  // member functions (and static members)
    bool is_static = false;             // static member function: no `this`
    bool is_operator = false;
    std::span<const Type*> template_args;  // a template instance: its arguments (types; values as literal types)
    BBlock* body = nullptr;             // null for an intrinsic-free prototype never defined
    // Declared with a body: set at once, while the body of a member function is checked only
    // after its struct, so a second definition is caught before `body` is.
    bool has_definition = false;
    // Globals (resources, buffers, statics, spec constants) this function's body names directly,
    // in first-use order; entry points take the closure over calls.
    std::span<Variable*> globals_used;
    std::span<Function*> callees;       // in first-call order
    // Calls of intrinsics that some stage lacks (derivatives, group-sync barriers, quad
    // operations...): which stages reach them is known only once the entry points are, so each
    // entry point checks those its call graph reaches.
    std::span<BIntrinsicCall*> staged_calls;
};

// ---------------------------------------------------------------------------------------------
// Buffers and resources

enum class BufferKind : std::uint8_t {
    CBuffer,         // `cbuffer Name { ... }`
    TBuffer,         // `tbuffer Name { ... }`: a read-only storage buffer of the members
    ConstantBuffer,  // `ConstantBuffer<T> Name` (possibly an array)
    TextureBuffer,   // `TextureBuffer<T> Name` (possibly an array): a read-only storage buffer of one T
    Globals,         // the implicit `$Globals` (`Globals` in reflection) of plain globals
    PushConstant,    // `[[vk::push_constant]] T Name` or `[[vk::push_constant]] ConstantBuffer<T>`
};

struct Binding {
    std::uint32_t set = 0;
    std::uint32_t binding = 0;
    bool explicit_binding = false;  // [[vk::binding]] or register()
    bool vk_binding = false;        // [[vk::binding]]: no shift or remapping applies
    char register_class = 0;        // the class written in register(): 'b', 't', 'u', 's'; 0 without one
    std::uint32_t register_number = 0;
    std::uint32_t register_space = 0;
};

struct Resource;

enum class DescriptorHeap : std::uint8_t { None, Resources, Samplers };

struct BufferBlock {
    BufferKind kind = BufferKind::CBuffer;
    Symbol name;      // the cbuffer's name or the variable's name; "$Globals" for the implicit one
    SourceLoc loc;
    const StructType* type = nullptr;  // the block's contents (members of a cbuffer as a struct)
    const TypeLayout* layout = nullptr;
    std::uint32_t count = 1;           // ConstantBuffer<T> arrays: the element count
    Variable* object = nullptr;        // ConstantBuffer/TextureBuffer/PushConstant: the variable naming the block
    std::span<Variable*> members;      // CBuffer/TBuffer/Globals: one BufferMember per member
    Resource* resource = nullptr;      // its descriptor (none for push constants)
};

struct Resource {
    Symbol name;
    SourceLoc loc;
    const Type* type = nullptr;         // the declared type (arrays included)
    ResourceKind kind = ResourceKind::Texture2D;
    std::uint32_t count = 1;            // array element count; 1 for one resource
    Binding binding;
    std::optional<std::uint32_t> counter_binding;  // Append/Consume: hidden counter, same set
    // The counter's set when it is not the buffer's: a heap's counters under -fvk-bind-counter-heap.
    std::optional<std::uint32_t> counter_set;
    std::uint32_t counter_descriptor_set() const { return counter_set.value_or(binding.set); }
    // A RWStructuredBuffer whose IncrementCounter/DecrementCounter is called: it has the hidden
    // counter too (DXC creates it only then, so unused counters take no binding).
    bool counter_used = false;
    // How often the source names the resource, and how often as the object of a method or the
    // base of `[]`: a name used otherwise passes the resource on (to a local, a parameter, a `?:`),
    // and its counter may then be called through that (counters_through_references).
    std::uint32_t named = 0;
    std::uint32_t named_directly = 0;
    std::string_view image_format;      // [[vk::image_format("rgba8")]], or empty
    Variable* member_of = nullptr;      // a member of a global struct of resources (Variable::member_resources)
    std::optional<std::uint32_t> input_attachment_index;  // SubpassInput(MS): [[vk::input_attachment_index(i)]]
    Variable* var = nullptr;            // the declared variable (null for cbuffer blocks)
    BufferBlock* buffer = nullptr;      // cbuffers, tbuffers, ConstantBuffer<T>, $Globals
    // Shader Model 6.6 heaps: one unbounded array per resource type read from ResourceDescriptorHeap
    // (or SamplerDescriptorHeap), every one of a heap on the heap's one binding (descriptor_heaps.cpp).
    DescriptorHeap heap = DescriptorHeap::None;
};

// ---------------------------------------------------------------------------------------------
// Entry points and stage I/O

// System values the front end knows; User is an ordinary varying with a location.
enum class SystemValue : std::uint8_t {
    User,
    Position, Target, Depth, DepthGreaterEqual, DepthLessEqual, StencilRef, Coverage,
    VertexID, InstanceID, IsFrontFace, SampleIndex, PrimitiveID, ClipDistance, CullDistance,
    RenderTargetArrayIndex, ViewportArrayIndex,
    DispatchThreadID, GroupID, GroupThreadID, GroupIndex,
    ViewID, ShadingRate, Barycentrics, InnerCoverage, StartVertexLocation, StartInstanceLocation,
    // [[vk::builtin("...")]]: Vulkan built-ins with no HLSL semantic.
    PointSize, HelperInvocation, BaseVertex, BaseInstance, DrawIndex, DeviceIndex,
};

// One flattened stage variable. `path` says where it lives in the entry function's signature:
// param_index (kResult for the return value), then member indices through nested structs
// (base members come first, as the layout places them: a member index of kBaseMember steps into
// the base).
struct StageVariable {
    static constexpr std::uint32_t kResult = 0xFFFFFFFFu;
    static constexpr std::uint32_t kBaseMember = 0xFFFFFFFFu;
    std::string_view name;        // `i.Uv` for a member, the parameter name, or `@result`
    const Type* type = nullptr;
    Symbol semantic;              // as written (`TEXCOORD1`)
    std::string_view semantic_name;  // without the index (`TEXCOORD`)
    std::uint32_t semantic_index = 0;
    SystemValue builtin = SystemValue::User;
    std::uint32_t location = 0;       // User: the first location
    std::uint32_t location_count = 0; // User: locations taken (array elements, matrix rows)
    std::uint8_t interpolation = 0;   // InterpolationBits
    std::string_view format;          // [[oneshader::format("unorm8x4")]] on a vertex input
    // A pixel input declared nointerpolation in a shader that calls GetAttributeAtVertex: the
    // stage variable holds the value at each of the primitive's three vertices (DXC's rule).
    bool per_vertex = false;
    std::uint32_t param_index = 0;
    std::span<std::uint32_t> member_path;
    SourceLoc loc;
};

struct EntryPoint {
    Function* function = nullptr;
    Stage stage = Stage::Pixel;
    std::uint32_t numthreads[3] = {1, 1, 1};  // compute
    std::span<StageVariable> inputs;
    std::span<StageVariable> outputs;
    // The closure of globals the entry point reads through its call graph, declaration order.
    std::span<Variable*> globals_used;
    BufferBlock* push_constant = nullptr;  // the one push-constant block it reads, if any
};

struct SpecConstant {
    Variable* var = nullptr;
    std::uint32_t id = 0;
    ConstValue default_value;
};

struct Program {
    std::span<const StructType*> structs;   // declaration order (template instances included)
    std::span<Variable*> globals;           // every global variable, declaration order
    std::span<BufferBlock*> buffers;        // cbuffers, ConstantBuffer<T>, $Globals (if any), push blocks
    std::span<Resource*> resources;         // every descriptor, declaration order ($Globals last)
    std::span<Function*> functions;         // every function with a body, in checking order
    std::span<EntryPoint*> entry_points;    // in source order
    std::span<SpecConstant> spec_constants; // declaration order
};

}  // namespace oneshader::sema
