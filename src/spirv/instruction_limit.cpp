// SPIR-V keeps an instruction's word count in 16 bits (its first word), and its universal limits
// (spec section 2.17, which the validator enforces) bound what one instruction lists: 16383 cases
// of a switch, 16383 members of a struct, 255 parameters or arguments, 65535 bytes of a string.
// The streams mark an instruction past either instead of writing it; this turns the mark into an
// error at the source line being emitted that names the construct, the limit and a way out.
#include <string>

#include "spirv/emitter.hpp"

namespace oneshader::spirv {
namespace {

using spv::Op;

std::string count(std::size_t n) { return std::to_string(n); }

// What the instruction is in the shader's terms, with SPIR-V's bound for it.
std::string describe(const OversizedInstruction& o) {
    const std::size_t w = o.words;
    if (o.string_bytes > kMaxStringBytes)
        return "a " + std::string(o.op == Op::OpName || o.op == Op::OpMemberName ? "name" : "string") + " of " +
               count(o.string_bytes) + " bytes is longer than the " + count(kMaxStringBytes) +
               " bytes a SPIR-V literal string may have; shorten it";
    switch (o.op) {
    case Op::OpTypeStruct:
        return "a struct with " + count(w - 2) + " members (a base counts as one) is more than the " +
               count(kMaxStructMembers) + " members a SPIR-V OpTypeStruct may have; group the members into nested structs or arrays";
    case Op::OpTypeFunction:
        return "a function with " + count(w - 3) + " parameters is more than the " + count(kMaxFunctionParameters) +
               " SPIR-V allows; pass them in a struct or an array";
    case Op::OpFunctionCall:
        return "a call with " + count(w - 4) + " arguments is more than the " + count(kMaxFunctionParameters) +
               " SPIR-V allows; pass them in a struct or an array";
    case Op::OpExtInst:
        return "an extended instruction with " + count(w - 5) + " arguments is more than the " +
               count(kMaxFunctionParameters) + " SPIR-V allows";
    case Op::OpConstantComposite:
    case Op::OpSpecConstantComposite:
    case Op::OpCompositeConstruct:
        return "a value of " + count(w - 3) + " elements does not fit in one SPIR-V instruction, which holds at most " +
               count(kMaxInstructionWords - 3) + " elements; use a smaller array (or fill a larger one in a loop)";
    case Op::OpPhi:
        return "a value that merges " + count((w - 3) / 2) + " branches does not fit in one SPIR-V OpPhi, which holds at most " +
               count((kMaxInstructionWords - 3) / 2) + "; split the construct that joins them (a switch: into several switches)";
    case Op::OpEntryPoint:
        return "the entry point's interface (its name and the variables it uses, " + count(w) +
               " words) does not fit in one SPIR-V OpEntryPoint, which holds at most " + count(kMaxInstructionWords) +
               " words; use fewer global variables (resource arrays, or a struct in one buffer)";
    default:
        return "a SPIR-V instruction (opcode " + count(static_cast<std::size_t>(o.op)) + ") of " + count(w) +
               " words does not fit in the " + count(kMaxInstructionWords) + " words one instruction holds; make the construct smaller";
    }
}

}  // namespace

void Emitter::report_oversized_streams() {
    oversized_pending_ = false;
    InstructionStream* const streams[] = {&names_, &annotations_, &globals_, &functions_, &variables_,
                                          &debug_strings_, &debug_processed_};
    for (InstructionStream* s : streams)
        if (s->has_oversized()) report_oversized(*s);
}

void Emitter::report_oversized(InstructionStream& s) {
    if (std::optional<OversizedInstruction> o = s.take_oversized())
        fail(support::DiagCode::spirv_not_expressible, "SPIR-V: " + describe(*o));
}

}  // namespace oneshader::spirv
