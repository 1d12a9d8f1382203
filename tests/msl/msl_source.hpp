#pragma once
// What the MSL checks do to a .metal file besides handing it to clang: the two rewrites that C++ needs
// (threadgroup locals, function constants), a lexical check of entry-function attributes, which clang ignores,
// and the generated call that runs a kernel on the CPU (docs/msl-checks.md).
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace msl_test {

struct EntryParam {
    std::string type;       // as written, e.g. "device float*"
    std::string name;
    std::string attribute;  // "buffer(0)", "thread_position_in_grid"; empty when missing
};

struct Entry {
    std::string stage;  // kernel, vertex or fragment
    std::string name;
    std::vector<EntryParam> params;
};

// `threadgroup T x[...];` inside a function gets `static` (clang has no address-space-qualified automatic
// variables; execution runs one threadgroup at a time, so a static is the group's memory), and
// `constant T name [[function_constant(N)]];` becomes a definition with the value from `constants` (or T()) and
// the flag is_function_constant_defined() reads. `[[threadgroup(n)]]` is spelled `[[threadgroup_argument(n)]]`,
// because `threadgroup` is a macro.
std::string prepare(std::string_view source, const std::map<int, std::string>& constants = {});

std::vector<Entry> scan_entries(std::string_view source);

// Attribute problems clang cannot see: an entry parameter without an attribute or with one its stage does not
// take, an unknown attribute name, a kernel that does not return void. Empty when clean.
std::vector<std::string> lint(std::string_view source);

// A translation unit that includes run_kernel.hpp and `prepared_path`, and whose main() runs `entry`.
std::string kernel_driver(const Entry& entry, const std::string& prepared_path);

}  // namespace msl_test
