#pragma once
// The text parser's state, shared by text_parser.cpp (module, functions, instructions) and
// text_parser_values.cpp (types, constants, operands). Private to src/ir.
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ir/text_lexer.hpp"
#include "ir/text_parser.hpp"

namespace oneshader::ir::text {

inline constexpr std::size_t kMaxErrors = 50;
// Types and constants nest; deeper input is refused rather than risking the stack.
inline constexpr int kMaxDepth = 64;

class Parser {
public:
    Parser(Module& m, support::Interner& interner) : m_(m), types_(m.types()), interner_(interner) {}
    std::vector<ParseError> run(std::string_view text);

private:
    struct Ref {
        std::uint32_t line;
        std::uint32_t column;
    };
    struct StructRecord {
        sema::StructType* type;
        bool defined;
        Ref first;
    };
    struct BlockRecord {
        Block* block;
        bool defined;
        Ref first;
    };
    struct ValueFixup {
        Instruction* inst;
        std::size_t operand;
        std::string_view label;
        Ref at;
    };
    struct CalleeFixup {
        Instruction* inst;  // null for an entry point
        EntryPoint* entry;
        std::string_view name;
        Ref at;
    };
    struct Literal {
        Token token;
        std::uint64_t nan_bits = 0;  // for nan(0x...)
    };

    // --- errors ---
    bool error(std::uint32_t column, std::string message);
    bool error_at(Ref r, std::string message);
    bool expect(Cursor& c, char punct, std::string_view what);
    bool expect_word(Cursor& c, std::string_view word);
    bool expect_end(Cursor& c);
    bool parse_u32(Cursor& c, std::uint32_t& out);
    bool parse_i64(Cursor& c, std::int64_t& out);
    bool parse_int_list(Cursor& c, char close, decltype(Instruction::immediates)& out);

    // --- module level (text_parser.cpp) ---
    void parse_line(std::string_view line);
    bool parse_struct(Cursor& c);
    bool parse_spec(Cursor& c);
    bool parse_global(Cursor& c);
    bool parse_function_header(Cursor& c);
    bool parse_entry(Cursor& c);
    void finish_function();
    void finish_module();

    // --- function bodies (text_parser.cpp) ---
    bool parse_block_header(Cursor& c);
    // `comment` points into the current line.
    bool parse_block_notes(std::string_view comment, Block* b);
    bool parse_instruction(Cursor& c);
    bool parse_operands(Cursor& c, Instruction* i, bool in_parens);
    bool parse_location(Cursor& c, support::SourceLoc& out);  // `!loc(file:offset)`
    Block* block_ref(const Token& t);
    bool parse_block_ref(Cursor& c, Block*& out);

    // --- types, constants, operands (text_parser_values.cpp) ---
    const sema::Type* parse_type(Cursor& c, int depth = 0);
    const sema::Type* parse_base_type(Cursor& c, int depth);
    sema::StructType* struct_named(std::string_view name, Ref at);
    Constant* parse_constant(Cursor& c, int depth = 0);
    bool parse_literal(Cursor& c, Literal& out);
    Constant* scalar_from_literal(const Literal& lit, const sema::Type* type);
    Constant* parse_element(Cursor& c, const sema::Type* type, int depth);
    Constant* parse_composite_body(Cursor& c, const sema::Type* type, int depth);
    // Appends the operand to `i`; a value defined later in the function is fixed up at its end.
    bool parse_operand(Cursor& c, Instruction* i);
    bool parse_global_ref(Cursor& c, Global*& out);
    static bool starts_operand(const Token& t);

    Module& m_;
    sema::TypeContext& types_;
    support::Interner& interner_;
    std::vector<ParseError> errors_;
    std::uint32_t line_ = 0;
    std::string_view line_text_;
    bool line_failed_ = false;

    std::unordered_map<std::string_view, StructRecord> structs_;
    std::vector<std::string_view> struct_order_;
    std::unordered_map<std::string_view, Global*> globals_;
    std::unordered_map<std::string_view, Function*> functions_;
    std::vector<CalleeFixup> callee_fixups_;

    // The function being read.
    Function* fn_ = nullptr;
    Ref fn_at_{};
    Block* block_ = nullptr;
    std::unordered_map<std::string_view, Value*> values_;
    std::unordered_map<std::string_view, BlockRecord> blocks_;
    std::vector<std::string_view> block_order_;
    std::vector<ValueFixup> value_fixups_;
};

}  // namespace oneshader::ir::text
