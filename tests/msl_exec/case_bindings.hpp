#pragma once
// What the compute and the draw runs of the corpus cases as MSL on the CPU share: a case's resources as lines of
// the CPU runner's bindings file (tests/msl/metal/run_kernel.hpp), found by the names of the MSL's entry
// arguments, and the case's compile options and function constant values.
#include <map>
#include <string>
#include <vector>

#include "case_file.hpp"
#include "oneshader/oneshader.hpp"

namespace msl_exec {

// The bytes as " w0 w1 ..." (32-bit words, a partial last word zero-filled).
std::string words_of(const oneshader::exec::Bytes& bytes);

// The texels of an image as four 32-bit words each (float bits for float and unorm formats), and back.
std::string texels_of(const oneshader::exec::Resource& r);
oneshader::exec::Bytes texels_back(const oneshader::exec::Resource& r, const std::vector<std::uint32_t>& words);

// The case resource the MSL argument `name` stands for (the MSL spells `counter.var.X` as `counter_var_X`).
const oneshader::exec::Resource* resource_named(const oneshader::exec::Case& c, const std::string& name);

// The case's defines, the MSL target and the optimization level; the entries are the caller's.
oneshader::CompileOptions compile_options(const oneshader::exec::Case& c, bool optimize);

// The case's `specialize` values for the MSL's function constants of `entry`, as C++ literals by index.
std::map<int, std::string> function_constants(const oneshader::exec::Case& c,
                                              const oneshader::ShaderReflection& reflection, const std::string& entry);

}  // namespace msl_exec
