#pragma once
// A SPIR-V instruction stream: each instruction is its word count and opcode in one word, then its
// operands. Strings are nul-terminated UTF-8 packed little-endian into words.
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include <spirv/unified1/spirv.hpp11>

namespace oneshader::spirv {

using Words = std::vector<std::uint32_t>;

// An instruction's first word keeps its word count in 16 bits: no instruction may be longer.
inline constexpr std::size_t kMaxInstructionWords = 0xFFFF;
// SPIR-V's universal limits (spec section 2.17) on what one instruction lists, which the validator
// enforces and a consumer need not support beyond.
inline constexpr std::size_t kMaxStructMembers = 16383;
inline constexpr std::size_t kMaxSwitchPairs = 16383;
inline constexpr std::size_t kMaxFunctionParameters = 255;  // also OpFunctionCall and OpExtInst arguments
inline constexpr std::size_t kMaxStringBytes = 65535;

// An instruction longer than the word count allows or past a universal limit: its opcode, the
// words it needed, and for a literal string the string's bytes.
struct OversizedInstruction {
    spv::Op op = spv::Op::OpNop;
    std::size_t words = 0;
    std::size_t string_bytes = 0;
};

// Appends `s` to an operand list in SPIR-V's literal-string form.
void append_string(Words& operands, std::string_view s);
// The words `s` takes in that form (the nul included).
inline std::size_t string_words(std::string_view s) { return s.size() / 4 + 1; }

class InstructionStream {
public:
    void add(spv::Op op, std::span<const std::uint32_t> operands);
    void add(spv::Op op, std::initializer_list<std::uint32_t> operands) {
        add(op, std::span<const std::uint32_t>(operands.begin(), operands.size()));
    }
    // Operands in two pieces (say a result type and id, then the rest), so callers need not
    // gather them into a temporary first.
    void add(spv::Op op, std::initializer_list<std::uint32_t> head, std::span<const std::uint32_t> tail);
    // head, then `s` as a literal string, then tail.
    void add_with_string(spv::Op op, std::initializer_list<std::uint32_t> head, std::string_view s,
                         std::span<const std::uint32_t> tail = {});
    void append(const InstructionStream& other);
    std::span<const std::uint32_t> words() const { return {storage_.get(), size_}; }
    bool empty() const { return size_ == 0; }
    std::size_t size() const { return size_; }
    // Keeps the storage for the next use.
    void clear() { size_ = 0; }
    void reserve(std::size_t words) {
        if (capacity_ < words) reallocate(words);
    }
    // The first instruction added since the last call that had more than kMaxInstructionWords
    // words or went past a universal limit above (an OpSwitch's pairs excepted: the stream cannot
    // tell a 64-bit selector's literals from pairs, so the emitter counts cases itself), and
    // forgets it. A stream that held one must never become a module: the emitter reports it.
    // (One too long is written with a word count of 0, which no reader takes.)
    std::optional<OversizedInstruction> take_oversized() { return std::exchange(oversized_, std::nullopt); }
    bool has_oversized() const { return oversized_.has_value(); }
    // `flag` becomes true whenever this stream marks an instruction as oversized, so an owner of
    // several streams asks one flag after each instruction instead of every stream.
    void watch(bool& flag) { flag_ = &flag; }

private:
    // Room for one instruction of `count` words (its first word included), which the caller fills.
    std::uint32_t* grow(spv::Op op, std::size_t count, std::size_t string_bytes = 0);
    std::uint32_t* room(std::size_t count);
    void reallocate(std::size_t capacity);

    // The words written are the first size_ of storage_; the rest is uninitialized room, so adding
    // an instruction neither zero-fills words about to be written nor checks more than once.
    std::unique_ptr<std::uint32_t[]> storage_;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
    std::optional<OversizedInstruction> oversized_;
    bool* flag_ = nullptr;
};

}  // namespace oneshader::spirv
