#include "spirv/words.hpp"

#include <algorithm>

namespace oneshader::spirv {
namespace {

// Writes `s` in literal-string form over the string_words(s) words at `out`.
void pack_string(std::uint32_t* out, std::string_view s) {
    // Whole words first (compilers turn the shifts into one load), then the last, partial word
    // with the nul; a string of 4n bytes gets a zero word of its own.
    auto byte = [&](std::size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(s[i])); };
    std::size_t whole = s.size() / 4;
    for (std::size_t w = 0; w < whole; ++w) {
        std::size_t i = 4 * w;
        out[w] = byte(i) | byte(i + 1) << 8 | byte(i + 2) << 16 | byte(i + 3) << 24;
    }
    std::uint32_t last = 0;
    for (std::size_t i = 4 * whole; i < s.size(); ++i) last |= byte(i) << (8 * (i % 4));
    out[whole] = last;
}

// Whether the operands of `op` go past a universal limit (the word count is checked apart).
bool over_universal_limit(spv::Op op, std::size_t words, std::size_t string_bytes) {
    if (string_bytes > kMaxStringBytes) return true;
    switch (op) {
    case spv::Op::OpTypeStruct: return words - 2 > kMaxStructMembers;
    case spv::Op::OpTypeFunction: return words - 3 > kMaxFunctionParameters;
    case spv::Op::OpFunctionCall: return words - 4 > kMaxFunctionParameters;
    case spv::Op::OpExtInst: return words - 5 > kMaxFunctionParameters;
    default: return false;
    }
}

}  // namespace

void append_string(Words& operands, std::string_view s) {
    // The terminating nul always fits: a string of 4n bytes gets a whole extra zero word.
    std::size_t word_count = string_words(s);
    std::size_t first = operands.size();
    operands.resize(first + word_count);
    pack_string(operands.data() + first, s);
}

void InstructionStream::reallocate(std::size_t capacity) {
    auto grown = std::make_unique_for_overwrite<std::uint32_t[]>(capacity);
    std::copy(storage_.get(), storage_.get() + size_, grown.get());
    storage_ = std::move(grown);
    capacity_ = capacity;
}

std::uint32_t* InstructionStream::room(std::size_t count) {
    if (size_ + count > capacity_) reallocate(std::max<std::size_t>({2 * capacity_, size_ + count, 64}));
    std::uint32_t* out = storage_.get() + size_;
    size_ += count;
    return out;
}

void InstructionStream::append(const InstructionStream& other) {
    std::uint32_t* out = room(other.size_);
    std::copy(other.storage_.get(), other.storage_.get() + other.size_, out);
}

std::uint32_t* InstructionStream::grow(spv::Op op, std::size_t count, std::size_t string_bytes) {
    std::uint32_t* out = room(count);
    std::uint32_t written = static_cast<std::uint32_t>(count);
    if (count > kMaxInstructionWords) written = 0;
    if (!oversized_ && (count > kMaxInstructionWords || over_universal_limit(op, count, string_bytes))) {
        oversized_ = OversizedInstruction{op, count, string_bytes};
        if (flag_) *flag_ = true;
    }
    *out = (written << spv::WordCountShift) | static_cast<std::uint32_t>(op);
    return out + 1;
}

void InstructionStream::add(spv::Op op, std::span<const std::uint32_t> operands) {
    std::uint32_t* out = grow(op, operands.size() + 1);
    std::copy(operands.begin(), operands.end(), out);
}

void InstructionStream::add(spv::Op op, std::initializer_list<std::uint32_t> head, std::span<const std::uint32_t> tail) {
    std::uint32_t* out = grow(op, 1 + head.size() + tail.size());
    out = std::copy(head.begin(), head.end(), out);
    std::copy(tail.begin(), tail.end(), out);
}

void InstructionStream::add_with_string(spv::Op op, std::initializer_list<std::uint32_t> head, std::string_view s,
                                        std::span<const std::uint32_t> tail) {
    std::size_t string_count = string_words(s);
    std::uint32_t* out = grow(op, 1 + head.size() + string_count + tail.size(), s.size());
    out = std::copy(head.begin(), head.end(), out);
    pack_string(out, s);
    std::copy(tail.begin(), tail.end(), out + string_count);
}

}  // namespace oneshader::spirv
