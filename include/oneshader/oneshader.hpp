#pragma once
// OneShader: an HLSL compiler for SPIR-V (Vulkan 1.2), Metal Shading Language and WGSL.
//
// The public API. Nothing here throws: bad input, unreadable files and internal faults all come
// back as diagnostics in the result. Every function may be called from several threads at once;
// a compile shares no state with another.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oneshader/common.hpp"
#include "oneshader/reflection.hpp"

namespace oneshader {

std::string_view version();

enum class Severity : std::uint8_t { Note, Warning, Error };
enum class MatrixPacking : std::uint8_t { ColumnMajor, RowMajor };

// How buffer contents are laid out, by DXC's options (docs/layout-rules.md has the rules):
//   Default  relaxed std140 for constant buffers, relaxed std430 for the others (no flag)
//   GL       strict std140 / std430 (-fvk-use-gl-layout)
//   DX       D3D's packing: FXC's cbuffer/tbuffer rules, tightly packed structured buffers
//            (-fvk-use-dx-layout)
//   Scalar   VK_EXT_scalar_block_layout everywhere (-fvk-use-scalar-layout)
// DX and Scalar need the Vulkan 1.2 scalarBlockLayout feature (VK_EXT_scalar_block_layout before).
enum class BufferLayoutRules : std::uint8_t { Default, GL, DX, Scalar };

// A shader model profile such as ps_6_0; the stage matters, the model number is informational.
struct Profile {
    Stage stage = Stage::Pixel;
    int major = 6;
    int minor = 0;
};
// Parses "vs_6_0", "ps_6_2", "cs_5_1", ...; nullopt for anything else (including gs_/hs_/ds_/ms_/as_/lib_).
std::optional<Profile> parse_profile(std::string_view text);

struct Define {
    std::string name;
    std::optional<std::string> value;  // no value means 1, like -D NAME
};

struct ResolvedInclude {
    std::string path;  // shown in diagnostics and CompileResult::files; the including_file of nested includes
    std::string text;
};

// Called for every #include when set. Returning nullopt means "not found" (error OSH0120).
using IncludeResolver = std::function<std::optional<ResolvedInclude>(
    std::string_view requested, std::string_view including_file, bool is_system)>;

struct EntryPointRequest {
    std::string name;
    Stage stage = Stage::Pixel;
};

struct PreprocessorLimits {
    std::uint32_t max_output_tokens = 2'000'000;
    std::uint64_t max_expansion_steps = 20'000'000;
    std::uint32_t max_include_depth = 200;
};

// DXC's descriptor-binding options for Vulkan (docs/command-line.md, "Descriptor bindings"): how
// `register(xN, spaceM)` and resources without one become a descriptor set and binding.
struct RegisterShift {  // -fvk-{b,t,u,s}-shift N M|all
    char register_class = 't';           // 'b', 't', 'u' or 's', as written in register()
    std::optional<std::uint32_t> space;  // none (`all`): every space without a shift of its own
    std::uint32_t shift = 0;
};
struct RegisterBinding {  // -fvk-bind-register xN M binding set
    char register_class = 't';
    std::uint32_t number = 0;
    std::uint32_t space = 0;
    std::uint32_t binding = 0;
    std::uint32_t set = 0;
};
struct DescriptorSlot {
    std::uint32_t binding = 0;
    std::uint32_t set = 0;
};
struct BindingOptions {
    std::vector<RegisterShift> shifts;       // a later entry for one class and space wins
    // When not empty, every resource needs a register() listed here ($Globals: `globals`), as in DXC.
    std::vector<RegisterBinding> registers;
    std::optional<DescriptorSlot> globals;   // -fvk-bind-globals: the slot of $Globals
    bool auto_shift = false;                 // -fvk-auto-shift-bindings: shifts apply to implicit slots too
    // -fvk-stage-io-order=alpha: stage variables without [[vk::location]] get their locations in the
    // alphabetical order of their semantics (as written, case-sensitive) instead of declaration order.
    bool alpha_stage_io_order = false;
    std::uint32_t default_space = 0;         // -auto-binding-space: the set of resources that name none
    // -fvk-bind-resource-heap / -fvk-bind-sampler-heap: the slots of Shader Model 6.6's
    // ResourceDescriptorHeap and SamplerDescriptorHeap; without one, a heap takes the first binding of
    // the default set that no other resource (or counter) uses, as DXC places it.
    std::optional<DescriptorSlot> resource_heap;
    std::optional<DescriptorSlot> sampler_heap;
    // -fvk-bind-counter-heap: the slot of the counters of RWStructuredBuffers read from
    // ResourceDescriptorHeap (DXC's counter.var.ResourceDescriptorHeap); without one, the first
    // binding of the default set free after the heap.
    std::optional<DescriptorSlot> counter_heap;
};

// -fspv-target-env: Vulkan 1.2 (SPIR-V 1.5) unless told otherwise. Vulkan 1.3 takes the same
// SPIR-V 1.5 output; Vulkan 1.0 gets SPIR-V 1.0 and Vulkan 1.1 SPIR-V 1.3, as DXC writes them.
enum class SpirvTargetEnv : std::uint8_t { Vulkan1_2, Vulkan1_0, Vulkan1_1, Vulkan1_3, Universal1_5 };

// Options of the SPIR-V backend only, with DXC's -fspv-* meaning (docs/command-line.md).
struct SpirvOptions {
    SpirvTargetEnv target_env = SpirvTargetEnv::Vulkan1_2;
    // -fspv-extension: when not empty, the only SPIR-V extensions the output may declare ("KHR":
    // every SPV_KHR_ one); a shader that needs another is an error naming it.
    std::vector<std::string> extensions;
    // -fspv-entrypoint-name: the entry point's name in the module (empty: the HLSL function's).
    std::string entry_point_name;
    // -fvk-invert-y: vertex shaders negate SV_Position.y, for D3D-style clip space.
    bool invert_y = false;
    // -fspv-reflect: HLSL reflection in the module, as DXC writes it: each stage variable's
    // semantic (UserSemantic, SPV_GOOGLE_hlsl_functionality1), each resource's HLSL type
    // (UserTypeGOOGLE, SPV_GOOGLE_user_type) and each append/consume buffer's counter (CounterBuffer).
    bool reflect = false;
    // -fspv-preserve-bindings: every resource the file declares is in the module with its set and
    // binding, used or not (push-constant blocks excepted: an entry point has at most one).
    bool preserve_bindings = false;
    // -fvk-use-dx-position-w: a pixel shader's SV_Position.w is the clip-space w, as in Direct3D
    // (Vulkan's FragCoord.w is 1/w).
    bool dx_position_w = false;
    // -fvk-support-nonzero-base-vertex / -instance: SV_VertexID and SV_InstanceID count from the
    // draw's first vertex and instance, as in Direct3D (VertexIndex - BaseVertex,
    // InstanceIndex - BaseInstance; the DrawParameters capability).
    bool nonzero_base_vertex = false;
    bool nonzero_base_instance = false;
};

// Debug information in the SPIR-V output, by DXC's categories (-Zi turns on file, source, line
// and tool; -fspv-debug=... picks; docs/spirv.md). All off, the default, adds nothing: the words
// are exactly those of a compile without debug information. MSL and WGSL output ignores it.
struct SpirvDebugInfo {
    bool file = false;    // OpString with each source file's name; OpSource HLSL naming the main file
    bool source = false;  // the text of each file in its OpSource (and OpSourceContinued)
    bool line = false;    // OpLine before the instructions of each source position
    bool tool = false;    // OpModuleProcessed naming the compiler
    // NonSemantic.Shader.DebugInfo.100 in place of the above (RenderDoc's source debugging):
    // DebugSource per file (with its text when `source`), DebugCompilationUnit, DebugLine.
    bool vulkan = false;
    bool any() const { return file || source || line || tool || vulkan; }
};

// A specialization constant fixed at compile time: it becomes a plain constant the optimizer folds,
// and leaves the reflection's spec_constants (spec: "Specialization constants on Vulkan, Metal and
// WebGPU", "Fixing constants at compile time"). A name the shader does not declare is warning
// OSH0352; a value that does not fit the constant's type is error OSH0335.
struct SpecializationOverride {
    std::string name;
    double value = 0;  // bool: 0 or 1; int and uint: a whole number in the type's range
};

struct CompileOptions {
    std::vector<Target> targets;                  // empty: SPIR-V
    std::vector<Define> defines;                  // applied before the first line, in order
    std::vector<std::string> include_directories; // searched after the including file's folder
    IncludeResolver include_resolver;             // in-memory includes; replaces the file system when set
    std::vector<EntryPointRequest> entry_points;  // empty: every [shader("...")] entry point
    std::optional<Profile> profile;               // the -T profile, for __SHADER_TARGET_* macros
    bool optimize = true;
    bool keep_names = true;
    bool syntax_only = false;  // stop after the front end: diagnostics, files and reflection, no blobs
    bool enable_16bit_types = false;
    bool warnings_as_errors = false;
    MatrixPacking default_matrix_packing = MatrixPacking::ColumnMajor;
    BufferLayoutRules buffer_layout = BufferLayoutRules::Default;
    BindingOptions bindings;
    SpirvOptions spirv;
    PreprocessorLimits limits;
    // Testing: run the IR verifier after lowering, after every optimizer pass and after every
    // raise transform of the backends; a module that does not verify is error OSH7000 naming the
    // pass. Slower; off by default (`--verify-ir`).
    bool verify_ir = false;
    // Looking inside the compiler: the IR text after each run of the optimizer pass or raise
    // transform of this name (one of ir_pass_names()) goes to CompileResult::printed_ir
    // (`--print-after=<pass>`). Empty: nothing is printed.
    std::string print_after;
    // The IR text of dump_ir() shows each instruction's and global's source location as
    // `!loc(file:offset)` (`--dump-ir --print-locs`; docs/ir.md).
    bool print_locations = false;
    SpirvDebugInfo spirv_debug;
    std::vector<SpecializationOverride> specialization_overrides;
};

struct SourcePosition {
    std::string file;       // as the user named it (or as #line or the include resolver renamed it)
    std::uint32_t line = 0; // 1-based; 0 when the diagnostic has no position
    std::uint32_t column = 0;
};

struct DiagnosticNote {
    SourcePosition position;
    std::string message;
};

struct Diagnostic {
    std::string code;  // "OSH0120"
    Severity severity = Severity::Error;
    SourcePosition position;
    SourcePosition end;
    std::string message;
    std::vector<DiagnosticNote> notes;
    // `file(line,col): error OSH0120: message`, then one line per note.
    std::string to_string() const;
};

struct ShaderBlob {
    std::string entry_point;
    Stage stage = Stage::Pixel;
    Target target = Target::SpirV;
    std::vector<std::uint8_t> data;  // SPIR-V words (little endian) or UTF-8 text
    std::string_view as_text() const {
        return {reinterpret_cast<const char*>(data.data()), data.size()};
    }
};

struct CompileResult {
    std::vector<Diagnostic> diagnostics;
    std::vector<ShaderBlob> blobs;
    std::vector<std::string> files;  // every file read, main file first, also when the compile failed
    std::optional<ShaderReflection> reflection;  // set when the front end succeeded
    // What CompileOptions::print_after asked for: "; after <pass>" and the module, per run.
    std::string printed_ir;

    bool ok() const;
    const ShaderBlob* find(std::string_view entry_point, Target target) const;
};

// The names CompileOptions::print_after accepts: the optimizer's passes in the order they run,
// then the raise transforms the backends run before printing (docs/command-line.md).
struct IrPassNames {
    std::vector<std::string> optimizer;
    std::vector<std::string> raise;
};
IrPassNames ir_pass_names();

// Compiles HLSL text; `path` names it in diagnostics and is the folder relative includes start from.
// Without options.include_resolver, #include in text is an error (OSH0120).
CompileResult compile(std::string_view source, std::string_view path, const CompileOptions& options = {});
// Reads the file (OSH0003 when it can't) and its includes from disk.
CompileResult compile_file(std::string_view path, const CompileOptions& options = {});

struct PreprocessResult {
    std::string text;  // the preprocessed source, as DXC's -P writes it
    std::vector<Diagnostic> diagnostics;
    std::vector<std::string> files;
    bool ok() const;
};

PreprocessResult preprocess(std::string_view source, std::string_view path, const CompileOptions& options = {});
PreprocessResult preprocess_file(std::string_view path, const CompileOptions& options = {});

// The unoptimized IR of a shader in its text form (docs/ir.md), as `oneshader --dump-ir` prints
// it: every entry point, or those options.entry_points names. For looking inside the compiler and
// for tests; the text is not a stable interface.
struct IrDumpResult {
    std::string text;  // empty when the front end reported an error
    std::vector<Diagnostic> diagnostics;
    std::vector<std::string> files;
    bool ok() const;
};

IrDumpResult dump_ir(std::string_view source, std::string_view path, const CompileOptions& options = {});
IrDumpResult dump_ir_file(std::string_view path, const CompileOptions& options = {});

}  // namespace oneshader
