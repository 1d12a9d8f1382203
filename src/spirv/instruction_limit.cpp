// SPIR-V keeps an instruction's word count in 16 bits (its first word), so a switch of some 32,000
// cases, a struct of 65,534 members or a name of 262,140 bytes cannot be one instruction. The
// streams mark such an instruction instead of writing a count that wraps; this turns the mark into
// an error at the source line being emitted that names the construct, the limit and a way out.
#include <string>

#include "spirv/emitter.hpp"

namespace oneshader::spirv {
namespace {

using spv::Op;

constexpr std::size_t kMax = kMaxInstructionWords;

std::string count(std::size_t n) { return std::to_string(n); }

// What the instruction is in the shader's terms, with SPIR-V's bound for it.
std::string describe(const OversizedInstruction& o, const ir::Instruction* at) {
    const std::size_t w = o.words;
    switch (o.op) {
    case Op::OpSwitch: {
        // OpSwitch: selector, default, then (literal, label) pairs; a 64-bit selector's literals take two words.
        std::string cases = at && at->opcode == ir::Opcode::Switch ? count(at->immediates.size()) + " cases" : "its cases";
        return "a switch with " + cases + " does not fit in one SPIR-V OpSwitch, which holds at most " +
               count((kMax - 3) / 2) + " cases (" + count((kMax - 3) / 3) +
               " with a 64-bit selector); split it into several switches, each over a range of the values (chosen by an if)";
    }
    case Op::OpTypeStruct:
        return "a struct with " + count(w - 2) + " members (its base and nested members counted once each) does not fit "
               "in one SPIR-V OpTypeStruct, which holds at most " + count(kMax - 2) +
               " members; group the members into nested structs or arrays";
    case Op::OpConstantComposite:
    case Op::OpSpecConstantComposite:
    case Op::OpCompositeConstruct:
        return "a value of " + count(w - 3) + " elements does not fit in one SPIR-V " +
               (o.op == Op::OpCompositeConstruct ? "OpCompositeConstruct" : "OpConstantComposite") +
               ", which holds at most " + count(kMax - 3) +
               " elements; use a smaller array (or fill a larger one in a loop) or nested structs";
    case Op::OpTypeFunction:
        return "a function with " + count(w - 3) + " parameters does not fit in one SPIR-V OpTypeFunction, which holds at most " +
               count(kMax - 3) + " parameters; pass them in a struct or an array";
    case Op::OpFunctionCall:
        return "a call with " + count(w - 4) + " arguments does not fit in one SPIR-V OpFunctionCall, which holds at most " +
               count(kMax - 4) + " arguments; pass them in a struct or an array";
    case Op::OpPhi:
        return "a value that merges " + count((w - 3) / 2) + " branches does not fit in one SPIR-V OpPhi, which holds at most " +
               count((kMax - 3) / 2) + "; split the construct that joins them (a switch: into several switches)";
    case Op::OpEntryPoint:
        return "the entry point's interface (its name and " + std::string("the variables it uses") + ", " + count(w) +
               " words) does not fit in one SPIR-V OpEntryPoint, which holds at most " + count(kMax) +
               " words; use fewer global variables (resource arrays or a struct in one buffer)";
    case Op::OpName:
    case Op::OpMemberName:
        return "a name of about " + count(4 * (w - 2)) + " bytes does not fit in one SPIR-V OpName, which holds at most " +
               count(4 * (kMax - 2) - 1) + " bytes; shorten the identifier";
    case Op::OpString:
    case Op::OpSource:
    case Op::OpSourceContinued:
    case Op::OpModuleProcessed:
    case Op::OpExtension:
    case Op::OpDecorateString:
    case Op::OpMemberDecorateString:
        return "a string of about " + count(4 * w) + " bytes (a file name, semantic or tool text) does not fit in one SPIR-V "
               "instruction, which holds at most " + count(kMax) + " words; shorten it";
    case Op::OpExtInst:
        return "an extended instruction with " + count(w - 5) + " operands does not fit in one SPIR-V OpExtInst, which holds at most " +
               count(kMax - 5) + " operands; split the construct";
    default:
        return "a SPIR-V instruction (opcode " + count(static_cast<std::size_t>(o.op)) + ") of " + count(w) +
               " words does not fit in the " + count(kMax) + " words one instruction holds; make the construct smaller";
    }
}

}  // namespace

void Emitter::report_oversized() {
    for (InstructionStream* s : {&names_, &annotations_, &globals_, &functions_, &variables_, &debug_strings_,
                                 &debug_processed_})
        if (std::optional<OversizedInstruction> o = s->take_oversized())
            fail(support::DiagCode::spirv_not_expressible, "SPIR-V: " + describe(*o, current_));
}

void Emitter::report_oversized(InstructionStream& s) {
    if (std::optional<OversizedInstruction> o = s.take_oversized())
        fail(support::DiagCode::spirv_not_expressible, "SPIR-V: " + describe(*o, current_));
}

}  // namespace oneshader::spirv
