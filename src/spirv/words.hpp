#pragma once
// A SPIR-V instruction stream: each instruction is its word count and opcode in one word, then its
// operands. Strings are nul-terminated UTF-8 packed little-endian into words.
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

#include <spirv/unified1/spirv.hpp11>

namespace oneshader::spirv {

using Words = std::vector<std::uint32_t>;

// Appends `s` to an operand list in SPIR-V's literal-string form.
void append_string(Words& operands, std::string_view s);

class InstructionStream {
public:
    void add(spv::Op op, std::span<const std::uint32_t> operands);
    void add(spv::Op op, std::initializer_list<std::uint32_t> operands) {
        add(op, std::span<const std::uint32_t>(operands.begin(), operands.size()));
    }
    void append(const InstructionStream& other) { words_.insert(words_.end(), other.words_.begin(), other.words_.end()); }
    const Words& words() const { return words_; }
    bool empty() const { return words_.empty(); }

private:
    Words words_;
};

}  // namespace oneshader::spirv
