#pragma once
// Generated C++ headers (`oneshader --header`) and shader variants (`--axes`): the C++ form of what
// the C# build package generates (spec pages "Generated bindings" and "OneShader.Build"), and of
// DXC's `-Fh` blob header. Nothing here throws; problems come back as diagnostics.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "oneshader/oneshader.hpp"

namespace oneshader {

// One keyword axis: a flag (`ALPHA_TEST`, no values: defined as 1 or not defined) or a choice
// (`LIGHTING=NONE|LAMBERT|PBR`: LIGHTING defined as the value and LIGHTING_<VALUE> as 1).
struct VariantAxis {
    std::string name;
    std::vector<std::string> values;  // empty: a flag
    bool is_flag() const { return values.empty(); }
};

// One combination of the axes: its position in the cartesian product (first axis slowest).
struct VariantSet {
    std::uint32_t index = 0;
    std::string name;                   // AlphaTestOn_LightingPbr
    std::vector<std::uint32_t> choice;  // per axis: 0/1 for a flag (off/on), else the value's index
    std::vector<Define> defines;        // what the variant adds to CompileOptions::defines
    std::string shown;                  // "ALPHA_TEST=1, LIGHTING=PBR": how diagnostics name it
};

struct VariantPlan {
    std::vector<VariantAxis> axes;
    std::vector<VariantSet> variants;  // empty when diagnostics has an error
    std::vector<Diagnostic> diagnostics;
    bool ok() const;
};

// Reads `ALPHA_TEST;LIGHTING=NONE|LAMBERT|PBR` (names and values: letters, digits and `_`;
// OSH0904 when malformed, OSH0906 for a name or value given twice) and expands the cartesian
// product; more than `max_variants` combinations is OSH0905. `item` names the shader in messages.
VariantPlan plan_variants(std::string_view axes, std::uint32_t max_variants, std::string_view item);

// Every variant of one file compiled with the same options plus the variant's defines, on one
// thread per core (the results do not depend on the order they finish in). A
// diagnostic that several variants report alike is reported once, its message followed by the
// variants it happened under: `(variant ALPHA_TEST=1, LIGHTING=PBR)`, `(variants A; B; C and 2
// more)`, `(in all 6 variants)`.
struct VariantCompileResult {
    std::vector<CompileResult> results;  // one per variant, in variant order
    std::vector<Diagnostic> diagnostics;  // merged
    std::vector<std::string> files;       // every file any variant read, main file first
    bool ok() const;
};
VariantCompileResult compile_variants(std::string_view path, const CompileOptions& options,
                                      std::span<const VariantSet> variants);
// The merging of compile_variants on its own: `per_variant[i]` are the diagnostics of variants[i].
std::vector<Diagnostic> merge_variant_diagnostics(std::span<const std::vector<Diagnostic>> per_variant,
                                                  std::span<const VariantSet> variants);

struct CppHeaderOptions {
    std::string name_space = "shaders";  // `a::b` for nested namespaces; empty: the global namespace
    std::string class_name;              // empty: the file name, made a type name (spec page "Generated bindings", "Names")
};

struct CppHeaderResult {
    std::string text;  // empty when diagnostics has an error
    std::vector<Diagnostic> diagnostics;
    bool ok() const;
};

// One self-contained C++17 header for one HLSL file: structs whose offsets equal the compiled
// shader's (checked with static_assert), binding constants, per entry point the SPIR-V words and
// the MSL and WGSL text of the targets compiled, vertex input tables, specialization constants and
// the reflection in the line format. `source_path` gives the file name (directories are dropped).
// The compile must have succeeded.
CppHeaderResult generate_cpp_header(std::string_view source_path, const CompileResult& result,
                                    const CppHeaderOptions& options = {});
// The same for a file compiled once per variant: a Key, a Variants table, one class per variant,
// and the structs every variant agrees on once at file level.
CppHeaderResult generate_cpp_header(std::string_view source_path, const VariantPlan& plan,
                                    std::span<const CompileResult> results, const CppHeaderOptions& options = {});

// DXC's -Fh output: the disassembly (or text) between `#if 0` and `#endif`, then
// `const unsigned char <name>[] = { ... };`, with DXC's CRLF line ends and twelve bytes a line.
std::string write_blob_header(std::span<const std::uint8_t> bytes, std::string_view listing, std::string_view name);

}  // namespace oneshader
