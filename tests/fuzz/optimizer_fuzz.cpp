// The optimizer on any IR the verifier accepts, verifying after every pass: a pass that leaves a
// module the verifier rejects is a finding. A pass may refuse (the compile then falls back to the
// unoptimized module, OSH6001); that is not one.
#include "fuzz_input.hpp"
#include "ir/verifier.hpp"
#include "ir_module.hpp"
#include "opt/optimizer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    oneshader::fuzz::IrModule m;
    if (!m.parse(oneshader::fuzz::as_text(data, size))) return 0;
    if (!oneshader::ir::verify(m.module).empty()) return 0;
    oneshader::opt::Options options;
    options.verify_each_pass = true;
    options.inline_growth_limit = 5000;  // keeps one input's cost bounded; the limit itself is tested elsewhere
    const oneshader::opt::OptimizeResult r = oneshader::opt::optimize(m.module, options);
    if (!r.ok && r.verifier_rejected)
        oneshader::fuzz::finding("the verifier rejects the module after pass " + r.failed_pass, r.message);
    return 0;
}
