#pragma once
// The state of one semantic analysis, shared by the check_*.cpp / declare_*.cpp files. Internal
// to src/sema: the rest of the compiler sees only sema.hpp and bound.hpp.
//
// Analysis is one pass over the declarations in source order (HLSL, like C, needs a name declared
// before use), checking each function body as soon as its definition is seen. Struct member
// function bodies are checked after the struct is complete, so they see every member. Template
// definitions are kept as syntax and checked once per distinct argument list, on first use.
#include <fmt/format.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "sema/bound.hpp"
#include "sema/scope.hpp"
#include "sema/sema.hpp"
#include "sema/templates.hpp"
#include "support/context.hpp"
#include "support/pointer_map.hpp"
#include "support/small_vec.hpp"
#include "support/symbol_map.hpp"
#include "syntax/ast.hpp"
#include "types/scalar_spelling.hpp"
#include "types/types_print.hpp"

namespace oneshader::sema {

using support::DiagCode;

struct StructInfo {
    StructType* type = nullptr;
    const syntax::StructDecl* decl = nullptr;
    Scope* scope = nullptr;        // members, methods, nested types, static members
    StructInfo* base = nullptr;
    std::vector<StructMember> members;  // own data members while the struct is being declared
    std::vector<std::string_view> formats;  // per member: [[oneshader::format("unorm8x4")]] or empty
    support::SymbolMap<bool> member_names;  // of `members`, for the clash check (no node per member)
    // The storage unit bit fields are being packed into (an index into `members`, SIZE_MAX when the
    // last data member was no bit field), and its fields so far.
    std::size_t open_unit = SIZE_MAX;
    std::vector<BitField> unit_fields;
};

// Where a conversion happens, for the wording of its diagnostics.
enum class ConvertWhy : std::uint8_t { Assign, Init, Argument, Return, Condition, Operand, Index };

// The body being checked.
struct FunctionState {
    Function* fn = nullptr;
    const Type* result = nullptr;
    StructInfo* owner = nullptr;
    bool is_static = false;
    std::uint32_t loop_depth = 0;
    std::uint32_t switch_depth = 0;
    // In order of first use, each once. A body uses a few globals and calls a few functions: the
    // lists stay inline, and a set answers "seen already?" only once a list outgrows its room.
    template <class T>
    struct FirstUses {
        static constexpr std::uint32_t kInline = 16;
        support::SmallVec<T*, kInline> list;
        support::PointerSet<const T*> seen;  // filled once the list holds kInline
        // Adds `v` unless it is listed; true when it was added.
        bool add(T* v) {
            if (list.size() < kInline) {
                for (T* x : list)
                    if (x == v) return false;
                list.push_back(v);
                if (list.size() == kInline)
                    for (T* x : list) seen.insert(x);
                return true;
            }
            if (!seen.insert(v)) return false;
            list.push_back(v);
            return true;
        }
    };
    FirstUses<Variable> globals_used;
    FirstUses<Function> callees;
    std::vector<BIntrinsicCall*> staged_calls;
};

// One analysis: analyze() builds one and runs it. Everything else is private; the files that
// implement a subject (the section headings below name them) are its member functions.
class Checker {
public:
    Checker(support::CompileContext& ctx, TypeContext& types, LayoutEngine& layouts, const CheckOptions& options);
    Program* run(const syntax::TranslationUnit& tu);

private:
    // Stage I/O flattening (stage_io.cpp) walks parameter and member trees with its own state.
    struct Flattener;

    // ---- shared services (checker.cpp) --------------------------------------------------------
    void report(DiagCode code, SourceRange range, std::string message);
    std::string tname(const Type* t) const { return type_name(t); }
    template <class T, class... A>
    T* make(A&&... a) { return arena.make<T>(std::forward<A>(a)...); }
    template <class T>
    std::span<T> to_span(const std::vector<T>& v) { return arena.copy_array<T>(std::span<const T>(v)); }
    template <class T, std::uint32_t N>
    std::span<T> to_span(const support::SmallVec<T, N>& v) { return arena.copy_array<T>(std::span<const T>(v)); }
    Symbol intern(std::string_view s) { return ctx.interner.intern(s); }
    BExpr* error_expr(SourceRange r) { return make<BExpr>(BExprKind::Error, r); }
    static bool ok(const BExpr* e) { return e && e->type; }
    const ScalarType* scalar(ScalarKind k) { return types.scalar(k); }
    // Walks every attribute list once: warns about names we do not know (as DXC does).
    void check_known_attributes(std::span<const syntax::Attribute> attrs, bool on_statement);

    // ---- scopes (scope.cpp) --------------------------------------------------------------------
    Scope* new_scope(ScopeKind kind, Scope* parent);
    void push(Scope* s) { scope = s; }
    void pop() { scope = scope->parent; }
    // Declares `name` in `s`; reports OSH0302 and returns false when it already means something
    // there (overload sets merge instead).
    bool declare(Scope* s, Symbol name, const Entity& e, SourceRange where);
    const Entity* find_local(const Scope* s, Symbol name) const;
    // Unqualified lookup from the current scope outwards, through struct scopes and their bases.
    const Entity* lookup(Symbol name) const;
    const Entity* lookup_in_struct(const StructInfo* s, Symbol name, const StructInfo** found_in = nullptr) const;
    // `A::B::c`: the scope named by every part but the last, then the last part in it.
    const Entity* lookup_qualified(const syntax::QualifiedName& q, SourceRange where, bool report_missing);
    Scope* scope_of_entity(const Entity& e);
    // Names visible from the current scope (innermost first), for "Did you mean".
    void visible_names(std::vector<std::string_view>& out) const;
    void report_undeclared(Symbol name, SourceRange where, bool include_intrinsics);
    StructInfo* info_of(const StructType* s) const;

    // ---- types (resolve_type.cpp) -------------------------------------------------------------
    const Type* resolve_type(const syntax::TypeSyntax* t, std::uint32_t modifiers = 0,
                             syntax::PragmaPacking packing = syntax::PragmaPacking::None);
    // Adds declarator dimensions (`a[2][3]`), outermost first; `allow_unsized` for the outermost
    // `[]` where a size comes from the initializer or is a resource array (reported later).
    const Type* apply_dims(const Type* element, std::span<syntax::Expr* const> dims, SourceLoc where);
    std::optional<std::uint32_t> array_size(const syntax::Expr* e);
    std::optional<TemplateValue> template_argument(const syntax::TemplateArg& a);

    // ---- declarations (declare_*.cpp) ---------------------------------------------------------
    void declare_decls(std::span<syntax::Decl* const> decls);
    void declare_decl(const syntax::Decl* d);
    void declare_global_var(const syntax::VarDecl* d);
    void declare_buffer(const syntax::BufferDecl* d);
    void declare_typedef(const syntax::TypedefDecl* d);
    void declare_enum(const syntax::EnumDecl* d);
    void declare_namespace(const syntax::NamespaceDecl* d);
    StructInfo* declare_struct(const syntax::StructDecl* d, std::span<const TemplateValue> targs, Scope* template_scope);
    void declare_struct_member_var(StructInfo* s, const syntax::VarDecl* d);
    // Bit fields (HLSL 2021): packs `d`, a data member of type `t` with a width, into the open
    // storage unit of `s` or a new one (DXC's rule); false when the member was refused.
    bool declare_bit_field(StructInfo* s, const syntax::VarDecl* d, const Type* t);
    void close_bit_unit(StructInfo* s);
    // Reports the width of a declaration that cannot be a bit field (`where` names what it is).
    void refuse_bit_width(const syntax::VarDecl* d, std::string_view where);
    void declare_function(const syntax::FunctionDecl* d, StructInfo* owner);
    // Reports (and gives false for) an operator HLSL 2021 does not let a program overload.
    bool operator_overload_allowed(const syntax::FunctionDecl* d, StructInfo* owner);
    Function* build_signature(const syntax::FunctionDecl* d, StructInfo* owner);
    void define_out_of_line(const syntax::FunctionDecl* d);
    void check_body(Function* f, const syntax::FunctionDecl* d, StructInfo* owner);
    Variable* global_variable(const syntax::VarDecl* d, const Type* type);
    void add_global_use(Variable* v);
    void check_global_initializer(Variable* v, const syntax::VarDecl* d);
    BufferBlock* new_block(BufferKind kind, Symbol name, SourceLoc loc);
    void finish_block(BufferBlock* b, std::vector<StructMember>& members, std::vector<Variable*>& vars);
    // OSH0349 when a buffer's layout passes 4 GiB or is too large to write out for reflection.
    void check_layout_bounds(const TypeLayout* layout, std::string_view name, SourceRange where);
    // A [[vk::offset(n)]] argument: a byte offset from 0 to 4294967295.
    std::optional<std::uint32_t> explicit_offset(const syntax::Attribute* offset);
    void record_register(Resource* r, std::string_view reg, std::uint32_t number, const syntax::Annotation& a);
    void record_vk_binding(Resource* r, const syntax::Attribute& vb);
    // A global of a struct type that holds only resources: one resource per member.
    void declare_resource_struct(Variable* v, const syntax::VarDecl* d, const StructType* s);
    Resource* new_resource(Variable* var, const Type* type, std::span<const syntax::Attribute> attrs,
                           std::span<const syntax::Annotation> notes, SourceLoc loc);
    void check_spec_constant(Variable* v, const syntax::VarDecl* d, const syntax::Attribute& a);
    // CompileOptions::specialization_overrides: true when `v` was fixed (it is a plain constant now).
    bool apply_spec_override(Variable* v, const ConstValue& default_value);
    void report_unused_spec_overrides();

    // ---- statements (check_stmt.cpp) -----------------------------------------------------------
    BBlock* check_block(const syntax::BlockStmt* b, bool new_scope);
    BStmt* check_stmt(const syntax::Stmt* s);
    BStmt* check_local_decl(const syntax::DeclStmt* s);
    BStmt* check_switch(const syntax::SwitchStmt* s);
    ControlHints hints_of(std::span<const syntax::Attribute> attrs);
    bool always_returns(const BStmt* s) const;

    // ---- expressions (check_expr*.cpp) --------------------------------------------------------
    BExpr* check_expr(const syntax::Expr* e);
    // With a target type for `{...}` initializer lists; other expressions ignore it.
    BExpr* check_init(const syntax::Expr* e, const Type* target);
    BExpr* check_literal(const syntax::Expr* e);
    BExpr* check_name(const syntax::NameExpr* e);
    BExpr* var_ref(Variable* v, SourceRange r);
    BExpr* this_expr(SourceRange r);
    BExpr* check_unary(const syntax::UnaryExpr* e);
    BExpr* check_binary(const syntax::BinaryExpr* e);
    BExpr* build_binary(BinaryOp op, BExpr* l, BExpr* r, SourceRange range, const Type** operand_type);
    BExpr* check_assign(const syntax::BinaryExpr* e);
    BExpr* check_conditional(const syntax::ConditionalExpr* e);
    BExpr* check_member(const syntax::MemberExpr* e);
    BExpr* member_of(BExpr* base, Symbol member, SourceRange range, SourceRange member_range);
    BExpr* swizzle(BExpr* base, std::string_view text, SourceRange range);
    BExpr* check_index(const syntax::IndexExpr* e);
    BExpr* check_call(const syntax::CallExpr* e);
    BExpr* check_construct(const syntax::ConstructExpr* e);
    BExpr* construct(const Type* t, std::span<BExpr*> args, SourceRange range);
    BExpr* check_cast(const syntax::CastExpr* e);
    BExpr* check_sizeof(const syntax::SizeofExpr* e);
    BExpr* init_list(const syntax::InitListExpr* e, const Type* target);
    // An initializer list's basic value converted to the shape of its slots' one scalar type, or
    // materialized when the slots differ in type (null).
    BExpr* fit_leaf(BExpr* leaf, const ScalarType* slot_type);
    // An initializer list whose target or values hold resources (resource_init_list.cpp).
    BExpr* resource_init_list(std::vector<BExpr*>& leaves, const Type* target, SourceRange range);
    void check_args(std::span<syntax::Expr* const> args, support::SmallVec<BExpr*, 8>& out);
    BExpr* call_intrinsic(Symbol name, std::span<BExpr*> args, SourceRange range);
    // printf("format", values...) as NonSemantic.DebugPrintf takes it (check_printf.cpp).
    BExpr* check_printf(const syntax::CallExpr* e, SourceRange range);
    BExpr* call_method(BExpr* object, Symbol name, std::span<BExpr*> args, const Type* template_arg, SourceRange range);
    // The arguments of an intrinsic or method call as the table typed it; false after a report.
    bool table_call_arguments(std::span<BExpr*> args, std::span<const ParamType> params, std::string_view callee,
                              std::string_view kind, support::SmallVec<BExpr*, 8>& out);
    BExpr* call_user(OverloadSet* set, std::span<const TemplateValue> explicit_args, bool has_explicit,
                     BExpr* object, std::span<BExpr*> args, SourceRange range, Symbol name);
    BExpr* call_operator(Symbol op_name, BExpr* object, std::span<BExpr*> args, SourceRange range, bool* found);
    BExpr* finish_call(Function* f, BExpr* object, std::span<BExpr*> args, SourceRange range);
    void note_use(Variable* v);

    // ---- conversions (conversions.cpp) --------------------------------------------------------
    // The cost of converting a value of `from` implicitly to `to`; nullopt when impossible.
    std::optional<std::uint32_t> conversion_cost(const Type* from, const Type* to) const;
    BExpr* convert(BExpr* e, const Type* to, ConvertWhy why);
    BExpr* explicit_cast(BExpr* e, const Type* to, SourceRange range);
    // A literal-typed value (unsuffixed `1`, `2.5`) given its default type: int (int64_t when it
    // does not fit) or float.
    BExpr* materialize(BExpr* e);
    const Type* materialized_type(const Type* t);
    BExpr* condition(BExpr* e);  // to a bool scalar, for if/while/for/?:
    const ScalarType* common_component(const ScalarType* a, const ScalarType* b);
    BExpr* make_convert(BExpr* e, const Type* to, ConversionKind k, bool is_explicit);
    // OSH0311: a value of `from` keeps only its first `kept` components.
    void warn_truncation(const Type* from, std::uint32_t kept, SourceRange where, const Type* to = nullptr);
    // An out/inout argument `a` for a parameter of type `param`: the callee writes a temporary of
    // the parameter's type, copied in from `a` (inout) and back into `a` after the call, each
    // through an implicit conversion. Reports (and returns false) when either conversion that
    // HLSL requires does not exist; warns where one truncates. `what` names the argument.
    bool check_out_argument(const BExpr* a, const Type* param, ParamDirection dir, std::string_view what);
    // The overload cost of such an argument; nullopt when it cannot be passed.
    std::optional<std::uint32_t> out_argument_cost(const Type* arg, const Type* param, ParamDirection dir) const;

    // ---- overloads and templates (overloads.cpp, templates.cpp) -------------------------------
    Function* pick_overload(std::span<Function* const> candidates, std::span<BExpr* const> args, SourceRange range,
                            Symbol name, bool report);
    bool deduce(const syntax::TypeSyntax* param, const Type* arg, const std::vector<Symbol>& names,
                std::vector<TemplateValue>& out, std::uint32_t depth);
    Function* instantiate_function(FunctionTemplate* t, std::span<const TemplateValue> explicit_args,
                                   std::span<BExpr* const> args, SourceRange range, bool report);
    const StructType* instantiate_struct(StructTemplate* t, std::span<const TemplateValue> args, SourceRange range);
    const Type* instantiate_alias(StructTemplate* t, std::span<const TemplateValue> args, SourceRange range);
    // `args` with the defaults of the parameters not given, checked for kind (type or value).
    std::optional<std::vector<TemplateValue>> complete_template_args(std::span<const syntax::TemplateParam> params,
                                                                    Symbol name, Scope* where_declared,
                                                                    std::span<const TemplateValue> args,
                                                                    SourceRange range);
    Scope* template_scope(const std::span<const syntax::TemplateParam> params, std::span<const TemplateValue> args,
                          Scope* parent);
    // The arguments as written (`<float, 4>`); nullopt after a report.
    std::optional<std::vector<TemplateValue>> template_arguments(std::span<const syntax::TemplateArg> args);

    // ---- specializations and variable templates (specializations.cpp, var_templates.cpp) -------
    // `template<> struct S<int>` / `template<typename T> struct S<T, 4>`: recorded on S.
    void declare_struct_specialization(const syntax::StructDecl* d);
    // The specialization an instance with `values` is made from (its parameters bound in `bound`),
    // or null for the primary template; reports an ambiguity and sets `failed`.
    const StructTemplate::Specialization* pick_specialization(StructTemplate* t, std::span<const TemplateValue> values,
                                                              std::vector<TemplateValue>& bound, SourceRange range,
                                                              bool& failed);
    // True when the instance arguments `values` match the patterns of `d` (declared in `where`),
    // with its parameters bound in `out`; omitted trailing arguments must be the defaults.
    bool specialization_matches(StructTemplate* t, const syntax::StructDecl* d, Scope* where,
                                std::span<const TemplateValue> values, std::vector<TemplateValue>& out,
                                SourceRange range);
    // True when the argument `value` matches the pattern `pattern` of a specialization with the
    // parameters `params`, binding them in `out` (`bound` says which are).
    bool match_template_arg(const syntax::TemplateArg& pattern, const TemplateValue& value,
                            std::span<const syntax::TemplateParam> params, std::vector<TemplateValue>& out,
                            std::vector<bool>& bound, std::uint32_t depth);
    bool match_template_type(const syntax::TypeSyntax* pattern, const Type* type,
                             std::span<const syntax::TemplateParam> params, std::vector<TemplateValue>& out,
                             std::vector<bool>& bound, std::uint32_t depth);
    // `template<> float f<float>(float x)`: recorded on the function template it specializes.
    void declare_function_specialization(const syntax::FunctionDecl* d, Scope* target);
    void declare_var_template(const syntax::VarDecl* d);
    Variable* instantiate_var(VarTemplate* t, std::span<const TemplateValue> args, SourceRange range);
    BExpr* var_template_ref(VarTemplate* t, const syntax::NameExpr* e);

    // ---- constant evaluation (const_eval.cpp) --------------------------------------------------
    struct ConstResult {
        std::optional<ConstValue> value;
        bool uses_spec_constant = false;
    };
    ConstResult const_eval(const BExpr* e);
    // An integer constant for `what` (array size, numthreads, case label); reports OSH0310.
    std::optional<std::int64_t> integer_constant(const syntax::Expr* e, std::string_view what);

    // ---- program facts (bindings.cpp, stage_io.cpp, entry_points.cpp) ------------------------
    void assign_bindings();
    // Shader Model 6.6 heaps (descriptor_heaps.cpp): `ResourceDescriptorHeap[i]` is untyped until
    // converted to the resource type it initializes, is assigned to, returned as or cast to.
    BExpr* heap_read(DescriptorHeap heap, const syntax::IndexExpr* e);
    static DescriptorHeap untyped_heap(const BExpr* e);
    BExpr* type_heap_read(BExpr* e, const Type* to);
    Variable* heap_variable(DescriptorHeap heap, const ResourceType* element, SourceLoc loc);
    void report_untyped_heap_reads();
    // Gives a counter to each RWStructuredBuffer (and heap view) an indirect counter call may reach.
    void counters_through_references();
    void place_heaps(std::map<std::uint32_t, std::set<std::uint32_t>>& used, const BindingOptions& o, bool reserve);
    void assign_register_table(const BindingOptions& o);
    bool warn_register_overlap(const Resource* r, const Resource* other);
    void check_push_constants();
    void find_entry_points();
    EntryPoint* make_entry_point(Function* f, Stage stage, const syntax::FunctionDecl* d);
    // per_vertex: nointerpolation user inputs of a pixel shader become per-vertex (GetAttributeAtVertex).
    void collect_stage_io(EntryPoint* ep, bool per_vertex = false);
    void assign_locations(EntryPoint* ep, std::vector<StageVariable>& vars, bool output);
    // [[vk::location(n)]] and [[vk::builtin("Name")]] on a member, parameter or function; the
    // built-in name is checked and returned in its canonical spelling.
    void read_stage_attributes(std::span<const syntax::Attribute> attrs, std::optional<std::uint32_t>& location,
                               std::string_view& builtin);
    void check_recursion();
    void compute_entry_globals(EntryPoint* ep);
    void check_entry_stages(EntryPoint* ep);
    // GetAttributeAtVertex (attribute_at_vertex.cpp): the argument names a nointerpolation
    // parameter or part of one; the entry point calls it only in its own body (true when it does);
    // each call reads a per-vertex user input.
    bool check_attribute_at_vertex_arg(const BExpr* arg);
    bool entry_reads_per_vertex(EntryPoint* ep);
    void check_per_vertex_reads(EntryPoint* ep);
    // Every function the entry point's call graph reaches, the entry point first.
    support::SmallVec<Function*, 16> reached_functions(EntryPoint* ep);

    // ---- state --------------------------------------------------------------------------------
    support::CompileContext& ctx;
    support::Arena& arena;
    TypeContext& types;
    LayoutEngine& layouts;
    support::DiagnosticEngine& diags;
    const CheckOptions& options;

    Scope* global_scope = nullptr;
    Scope* scope = nullptr;
    FunctionState* fn = nullptr;
    // Staged intrinsic calls already reported for a stage that lacks them: one error per call.
    support::PointerSet<const void*> stage_errors;
    std::unordered_map<const StructType*, StructInfo*> struct_infos;  // looked up, never iterated
    // The sparse-residency result of each texel type (BMethodCall::sparse_type); looked up, never iterated.
    std::unordered_map<const Type*, const StructType*> sparse_types;
    const StructType* sparse_type_of(const Type* texel);
    // Built-in numeric spellings already looked up (a null type: not one), since the same few
    // names are resolved over and over.
    support::SymbolMap<NumericSpelling> numeric_spellings;
    std::uint32_t template_depth = 0;
    std::uint32_t template_instances = 0;
    std::uint32_t check_depth = 0;  // nested body checks (templates instantiated from bodies)

    std::vector<const StructType*> structs;
    std::vector<Variable*> globals;
    std::vector<BufferBlock*> buffers;
    std::vector<Resource*> resources;
    std::vector<Function*> functions;
    std::vector<EntryPoint*> entry_points;
    std::vector<SpecConstant> spec_constants;
    std::vector<bool> spec_overrides_used;  // by CheckOptions::spec_overrides index
    std::vector<std::pair<const syntax::FunctionDecl*, Function*>> shader_functions;  // [shader] or candidates
    std::vector<std::pair<const syntax::FunctionDecl*, Function*>> all_functions;     // for -E lookup
    // Plain globals for $Globals, in declaration order.
    std::vector<StructMember> globals_members;
    std::vector<Variable*> globals_vars;
    BufferBlock* globals_block = nullptr;
    // Heap reads not typed yet (their base is heap_placeholder), and the one array per (heap, type).
    Variable* heap_placeholder[3] = {nullptr, nullptr, nullptr};
    std::vector<struct BIndex*> heap_reads;
    std::vector<std::pair<const ResourceType*, Variable*>> heap_variables;
    // The RWStructuredBuffer types whose counter methods are called on something other than a
    // global named directly (a local, parameter, array element or heap read).
    std::vector<const ResourceType*> indirect_counter_types;
};

// Helpers shared by several files.
// "vertex", "pixel" or "compute": the [shader("...")] word of a stage (stage_io.cpp).
std::string_view stage_word(Stage s);
const syntax::Attribute* find_attribute(std::span<const syntax::Attribute> attrs, std::string_view ns,
                                        std::string_view name);
// Edit distance suggestion (suggest.cpp): the closest candidate to `name`, or empty.
std::string_view closest_name(std::string_view name, const std::vector<std::string_view>& candidates);
std::string did_you_mean(std::string_view name, const std::vector<std::string_view>& candidates);

}  // namespace oneshader::sema
