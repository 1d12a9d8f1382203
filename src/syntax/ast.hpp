#pragma once
// The untyped syntax tree the parser builds and semantic analysis reads. Nodes are plain data in
// the compile's arena (trivially destructible, so the arena never runs destructors for them);
// names are interned Symbols and child lists are arena spans. Types are kept as written (a name,
// template arguments, array dimensions): resolving them is semantic analysis' job.
//
// Every node records where it starts (`loc`); sema reports against it. The tree height is
// bounded by the parser (see parser.hpp), so recursive walks over it cannot overflow the stack.
#include <cstdint>
#include <span>

#include "lex/token.hpp"
#include "support/interner.hpp"
#include "support/source_manager.hpp"

namespace oneshader::syntax {

using support::SourceLoc;
using support::Symbol;

struct Expr;
struct Stmt;
struct Decl;
struct TypeSyntax;
struct BlockStmt;

// ---------------------------------------------------------------------------------------------
// Modifiers: the keywords that may precede a declaration's type. One bit each, so a declaration
// keeps exactly what was written and sema decides what is legal where.
enum Modifier : std::uint32_t {
    ModStatic = 1u << 0,
    ModConst = 1u << 1,
    ModGroupShared = 1u << 2,
    ModUniform = 1u << 3,
    ModExtern = 1u << 4,
    ModPrecise = 1u << 5,
    ModRowMajor = 1u << 6,
    ModColumnMajor = 1u << 7,
    ModSnorm = 1u << 8,
    ModUnorm = 1u << 9,
    ModNoInterpolation = 1u << 10,
    ModLinear = 1u << 11,
    ModCentroid = 1u << 12,
    ModNoPerspective = 1u << 13,
    ModSample = 1u << 14,
    ModIn = 1u << 15,
    ModOut = 1u << 16,
    ModInOut = 1u << 17,
    ModInline = 1u << 18,
    ModVolatile = 1u << 19,
    ModShared = 1u << 20,
};
inline constexpr int kModifierCount = 21;
// The spelling of modifier bit `index` (0-based), as written in HLSL.
std::string_view modifier_spelling(int index);

// ---------------------------------------------------------------------------------------------
// Attributes: `[name(args)]` and `[[ns::name(args)]]`. Unknown ones are kept; sema warns.
struct Attribute {
    SourceLoc loc;
    Symbol ns;    // `vk` in [[vk::binding(0)]]; empty for [numthreads(...)] and [[name]]
    Symbol name;
    std::span<Expr*> args;
    bool cxx11 = false;  // written with double brackets
};

// A qualified name as written: `a`, `Ns::S`, `::g`.
struct QualifiedName {
    SourceLoc loc;
    std::span<Symbol> parts;  // at least one
    bool global = false;      // leading `::`
    // `Pair<float>::` in `Pair<float>::Inner`: the parts name something inside this type (a
    // template instance, which no symbol alone can name). Null for ordinary names.
    TypeSyntax* qualifier = nullptr;
    Symbol last() const { return parts.empty() ? Symbol() : parts.back(); }
};

// One template argument: a type, or a value (`vector<float, 4>`). Exactly one is set.
struct TemplateArg {
    TypeSyntax* type = nullptr;
    Expr* value = nullptr;
};

// A type as written. Built-in spellings (`float4`, `min16float3`, `Texture2D`) are plain names
// here; sema maps them to types. `modifiers` holds type-level keywords written inside template
// arguments, casts and sizeof (`RWTexture2D<unorm float4>`, `(const float)x`); for declarations
// the modifiers live on the declaration.
struct TypeSyntax {
    SourceLoc loc;
    QualifiedName name;
    std::span<TemplateArg> args;
    bool has_template_args = false;  // `<>` written, even if empty
    std::span<Expr*> dims;           // `StructuredBuffer<float[4]>`; null element for `[]`
    std::uint32_t modifiers = 0;
};

// `: SV_Target0`, `: register(t0, space1)`, `: packoffset(c1.y)`, after declarators,
// parameters and function heads.
enum class AnnotationKind : std::uint8_t { Semantic, Register, PackOffset };

struct Annotation {
    AnnotationKind kind = AnnotationKind::Semantic;
    SourceLoc loc;
    Symbol name;       // semantic (`SV_Target0`), register (`t0`) or packoffset register (`c1`)
    Symbol space;      // register: `space1`, or empty
    Symbol profile;    // register: `ps_5_0` in register(ps_5_0, t0), or empty
    Symbol component;  // packoffset: `y` in packoffset(c1.y), or empty
    std::span<Expr*> subscript;  // register(t[2]) style index; rarely used
};

// ---------------------------------------------------------------------------------------------
// Expressions

enum class ExprKind : std::uint8_t {
    IntLiteral,
    FloatLiteral,
    BoolLiteral,
    StringLiteral,
    Name,         // `x`, `Ns::f`, `S::member`, `f<float>`
    This,
    Unary,        // prefix and postfix
    Binary,       // includes assignment, compound assignment and comma
    Conditional,
    Call,         // callee(args); method calls have a Member callee
    Construct,    // `float4(a, b)`, `vector<float, 2>(1, 2)`
    Cast,         // `(float3)x`
    Member,       // `v.xyz`, `s.field`, `t.Sample` (swizzles are members here)
    Index,        // `a[i]`
    Sizeof,
    InitList,     // `{ a, b, { c } }`
    Error,        // what a failed parse left behind; sema skips it
};

struct Expr {
    ExprKind kind;
    SourceLoc loc;
    // Height of the subtree (1 for a leaf), saturating; the parser bounds it.
    std::uint32_t height = 1;
    explicit Expr(ExprKind k, SourceLoc l) : kind(k), loc(l) {}
};

enum class IntLiteralKind : std::uint8_t { Int, UInt, Int64, UInt64 };
enum class FloatLiteralKind : std::uint8_t { Unsuffixed, Float, Half, Double };

struct IntLiteralExpr : Expr {
    IntLiteralExpr(SourceLoc l) : Expr(ExprKind::IntLiteral, l) {}
    std::string_view spelling;
    IntLiteralKind literal_kind = IntLiteralKind::Int;
    std::uint64_t value = 0;
};

struct FloatLiteralExpr : Expr {
    FloatLiteralExpr(SourceLoc l) : Expr(ExprKind::FloatLiteral, l) {}
    std::string_view spelling;
    FloatLiteralKind literal_kind = FloatLiteralKind::Unsuffixed;
    double value = 0;
};

struct BoolLiteralExpr : Expr {
    BoolLiteralExpr(SourceLoc l, bool v) : Expr(ExprKind::BoolLiteral, l), value(v) {}
    bool value;
};

struct StringLiteralExpr : Expr {
    StringLiteralExpr(SourceLoc l) : Expr(ExprKind::StringLiteral, l) {}
    std::string_view spelling;  // with quotes, as written
    std::string_view value;     // without quotes, escapes kept as written
};

struct NameExpr : Expr {
    NameExpr(SourceLoc l) : Expr(ExprKind::Name, l) {}
    QualifiedName name;
    std::span<TemplateArg> template_args;  // `f<float>(x)`
    bool has_template_args = false;
};

struct ThisExpr : Expr {
    ThisExpr(SourceLoc l) : Expr(ExprKind::This, l) {}
};

struct UnaryExpr : Expr {
    UnaryExpr(SourceLoc l) : Expr(ExprKind::Unary, l) {}
    TokenKind op = TokenKind::Minus;  // Plus, Minus, Bang, Tilde, PlusPlus, MinusMinus
    bool postfix = false;
    Expr* operand = nullptr;
};

struct BinaryExpr : Expr {
    BinaryExpr(SourceLoc l) : Expr(ExprKind::Binary, l) {}
    TokenKind op = TokenKind::Plus;  // any binary, assignment or Comma token kind
    SourceLoc op_loc;
    Expr* lhs = nullptr;
    Expr* rhs = nullptr;
};

struct ConditionalExpr : Expr {
    ConditionalExpr(SourceLoc l) : Expr(ExprKind::Conditional, l) {}
    Expr* cond = nullptr;
    Expr* then_expr = nullptr;
    Expr* else_expr = nullptr;
};

struct CallExpr : Expr {
    CallExpr(SourceLoc l) : Expr(ExprKind::Call, l) {}
    Expr* callee = nullptr;
    std::span<Expr*> args;
};

struct ConstructExpr : Expr {
    ConstructExpr(SourceLoc l) : Expr(ExprKind::Construct, l) {}
    TypeSyntax* type = nullptr;
    std::span<Expr*> args;
};

struct CastExpr : Expr {
    CastExpr(SourceLoc l) : Expr(ExprKind::Cast, l) {}
    TypeSyntax* type = nullptr;
    Expr* operand = nullptr;
};

struct MemberExpr : Expr {
    MemberExpr(SourceLoc l) : Expr(ExprKind::Member, l) {}
    Expr* base = nullptr;
    Symbol member;
    SourceLoc member_loc;
    std::span<TemplateArg> template_args;  // `buf.Load<float4>(0)`
    bool has_template_args = false;
};

struct IndexExpr : Expr {
    IndexExpr(SourceLoc l) : Expr(ExprKind::Index, l) {}
    Expr* base = nullptr;
    Expr* index = nullptr;
};

struct SizeofExpr : Expr {
    SizeofExpr(SourceLoc l) : Expr(ExprKind::Sizeof, l) {}
    TypeSyntax* type = nullptr;  // sizeof(T); exactly one of type/operand is set
    Expr* operand = nullptr;     // sizeof(expr) and sizeof expr
};

struct InitListExpr : Expr {
    InitListExpr(SourceLoc l) : Expr(ExprKind::InitList, l) {}
    std::span<Expr*> elements;
};

struct ErrorExpr : Expr {
    ErrorExpr(SourceLoc l) : Expr(ExprKind::Error, l) {}
};

// ---------------------------------------------------------------------------------------------
// Statements

enum class StmtKind : std::uint8_t {
    Block,
    Decl,
    Expr,
    If,
    For,
    While,
    DoWhile,
    Switch,
    Case,     // a `case value:` label inside a switch body; the statements follow it in the block
    Default,  // a `default:` label
    Break,
    Continue,
    Return,
    Discard,
    Empty,
};

struct Stmt {
    StmtKind kind;
    SourceLoc loc;
    std::span<Attribute> attributes;  // `[unroll] for (...)`
    explicit Stmt(StmtKind k, SourceLoc l) : kind(k), loc(l) {}
};

struct BlockStmt : Stmt {
    BlockStmt(SourceLoc l) : Stmt(StmtKind::Block, l) {}
    std::span<Stmt*> stmts;
    SourceLoc end_loc;  // the closing brace
};

struct DeclStmt : Stmt {
    DeclStmt(SourceLoc l) : Stmt(StmtKind::Decl, l) {}
    std::span<Decl*> decls;  // one per declarator: `float a = 1, b[2];` gives two
};

struct ExprStmt : Stmt {
    ExprStmt(SourceLoc l) : Stmt(StmtKind::Expr, l) {}
    Expr* expr = nullptr;
};

struct IfStmt : Stmt {
    IfStmt(SourceLoc l) : Stmt(StmtKind::If, l) {}
    Expr* cond = nullptr;
    Stmt* then_stmt = nullptr;
    Stmt* else_stmt = nullptr;  // null without else
};

struct ForStmt : Stmt {
    ForStmt(SourceLoc l) : Stmt(StmtKind::For, l) {}
    Stmt* init = nullptr;  // a DeclStmt or ExprStmt, or null
    Expr* cond = nullptr;
    Expr* step = nullptr;
    Stmt* body = nullptr;
};

struct WhileStmt : Stmt {
    WhileStmt(SourceLoc l) : Stmt(StmtKind::While, l) {}
    Expr* cond = nullptr;
    Stmt* body = nullptr;
};

struct DoWhileStmt : Stmt {
    DoWhileStmt(SourceLoc l) : Stmt(StmtKind::DoWhile, l) {}
    Stmt* body = nullptr;
    Expr* cond = nullptr;
};

struct SwitchStmt : Stmt {
    SwitchStmt(SourceLoc l) : Stmt(StmtKind::Switch, l) {}
    Expr* cond = nullptr;
    Stmt* body = nullptr;  // normally a block holding Case/Default labels and statements
};

struct CaseStmt : Stmt {
    CaseStmt(SourceLoc l) : Stmt(StmtKind::Case, l) {}
    Expr* value = nullptr;
};

struct ReturnStmt : Stmt {
    ReturnStmt(SourceLoc l) : Stmt(StmtKind::Return, l) {}
    Expr* value = nullptr;
};

// Default, Break, Continue, Discard and Empty carry nothing beyond Stmt.

// ---------------------------------------------------------------------------------------------
// Declarations

enum class DeclKind : std::uint8_t {
    Var,        // globals, locals, struct fields, cbuffer members (one per declarator)
    Function,   // functions, member functions, operator overloads, prototypes
    Param,
    Struct,     // struct and class
    Buffer,     // cbuffer and tbuffer
    Typedef,    // typedef and `using X = T;`
    Namespace,
    Enum,
};

struct Decl {
    DeclKind kind;
    SourceLoc loc;  // the declared name (or the keyword for unnamed declarations)
    Symbol name;
    std::span<Attribute> attributes;
    explicit Decl(DeclKind k, SourceLoc l) : kind(k), loc(l) {}
};

// `template<typename T, uint N = 4>`
struct TemplateParam {
    SourceLoc loc;
    Symbol name;
    TypeSyntax* value_type = nullptr;  // null for `typename T` / `class T`
    TypeSyntax* default_type = nullptr;
    Expr* default_value = nullptr;
};

// Matrix packing from `#pragma pack_matrix` in effect where a declaration starts.
enum class PragmaPacking : std::uint8_t { None, ColumnMajor, RowMajor };

struct VarDecl : Decl {
    VarDecl(SourceLoc l) : Decl(DeclKind::Var, l) {}
    // Set only for an out-of-line static member definition `uint S::count = 0;`; `name` is the
    // last part.
    QualifiedName qualified_name;
    std::uint32_t modifiers = 0;
    TypeSyntax* type = nullptr;
    std::span<Expr*> dims;  // declarator arrays `a[2][3]`; null element for `[]`
    std::span<Annotation> annotations;
    // `uint a : 4;` (HLSL 2021): the width of a bit field, a constant expression after ':' that does
    // not start with a name (a name there is a semantic). Only struct data members may have one.
    Expr* bit_width = nullptr;
    Expr* init = nullptr;
    PragmaPacking pragma_packing = PragmaPacking::None;
    // A variable template `template<typename T> static const T pi = T(3.14);`, and its explicit
    // specialization `template<> static const float pi<float> = 3.14f;` (is_template with no
    // parameters; `specialization_args` holds `<float>`).
    std::span<TemplateParam> template_params;
    bool is_template = false;
    std::span<TemplateArg> specialization_args;
    bool is_specialization = false;
};

struct ParamDecl : Decl {
    ParamDecl(SourceLoc l) : Decl(DeclKind::Param, l) {}
    std::uint32_t modifiers = 0;
    TypeSyntax* type = nullptr;
    std::span<Expr*> dims;
    std::span<Annotation> annotations;
    Expr* default_value = nullptr;
};

struct FunctionDecl : Decl {
    FunctionDecl(SourceLoc l) : Decl(DeclKind::Function, l) {}
    std::uint32_t modifiers = 0;
    TypeSyntax* return_type = nullptr;
    QualifiedName qualified_name;  // `S::f` for members defined outside; `name` is the last part
    bool is_operator = false;      // `operator+`: `name` is "operator+", `op` the token kind
    TokenKind op = TokenKind::Eof;
    std::span<TemplateParam> template_params;
    bool is_template = false;
    std::span<ParamDecl*> params;
    std::span<Annotation> annotations;  // return semantic
    bool is_const = false;              // `float S::f() const`
    BlockStmt* body = nullptr;          // null for a prototype
    // `template<> float f<float>(float x)`: an explicit specialization (is_template with no
    // parameters); the arguments after the name, when written, are here.
    std::span<TemplateArg> specialization_args;
    bool has_specialization_args = false;
};

struct StructDecl : Decl {
    StructDecl(SourceLoc l) : Decl(DeclKind::Struct, l) {}
    bool is_class = false;
    bool is_definition = false;  // false for `struct S;`
    // Written without a name; `name` is then the typedef's (`typedef struct {...} X;`) or one the
    // parser made up, which no source can spell.
    bool is_unnamed = false;
    std::span<TemplateParam> template_params;
    bool is_template = false;
    // `template<> struct S<int>` and `template<typename T> struct S<T, 4>`: a specialization of the
    // struct template S, with these argument patterns (in terms of `template_params`).
    std::span<TemplateArg> specialization_args;
    bool is_specialization = false;
    TypeSyntax* base = nullptr;  // single inheritance
    std::span<Decl*> members;    // fields, static members, methods, nested types
};

struct BufferDecl : Decl {
    BufferDecl(SourceLoc l) : Decl(DeclKind::Buffer, l) {}
    bool is_tbuffer = false;
    std::span<Annotation> annotations;
    std::span<Decl*> members;
};

struct TypedefDecl : Decl {
    TypedefDecl(SourceLoc l) : Decl(DeclKind::Typedef, l) {}
    std::uint32_t modifiers = 0;
    TypeSyntax* type = nullptr;
    std::span<Expr*> dims;
    bool is_using = false;
    std::span<TemplateParam> template_params;  // `template<typename T> using V = vector<T, 2>;`
    bool is_template = false;
};

struct NamespaceDecl : Decl {
    NamespaceDecl(SourceLoc l) : Decl(DeclKind::Namespace, l) {}
    std::span<Decl*> decls;
};

struct Enumerator {
    SourceLoc loc;
    Symbol name;
    Expr* value = nullptr;  // null when not written
};

struct EnumDecl : Decl {
    EnumDecl(SourceLoc l) : Decl(DeclKind::Enum, l) {}
    bool is_class = false;  // `enum class` / `enum struct`
    TypeSyntax* underlying = nullptr;
    std::span<Enumerator> enumerators;
};

struct TranslationUnit {
    std::span<Decl*> decls;
};

}  // namespace oneshader::syntax
