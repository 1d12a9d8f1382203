// The IR text parser and the verifier on any bytes: errors with positions, never a crash. What
// parses prints and parses again to the same text (the round trip the text form promises), and the
// verifier answers for every module, valid or not.
#include "fuzz_input.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"
#include "ir_module.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    oneshader::fuzz::IrModule first;
    if (!first.parse(oneshader::fuzz::as_text(data, size))) return 0;
    (void)oneshader::ir::verify(first.module);
    const std::string printed = oneshader::ir::print_module(first.module);
    oneshader::fuzz::IrModule second;
    if (!second.parse(printed)) oneshader::fuzz::finding("printed IR does not parse", printed);
    const std::string reprinted = oneshader::ir::print_module(second.module);
    if (reprinted != printed) oneshader::fuzz::finding("IR round trip changed the text", printed + "\n---\n" + reprinted);
    return 0;
}
