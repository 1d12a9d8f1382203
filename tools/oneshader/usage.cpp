#include "usage.hpp"

#include "oneshader/oneshader.hpp"

namespace oneshader::cli {

std::string usage_text() {
    return R"(oneshader: the OneShader HLSL compiler (Shader Model 6, HLSL 2021) for SPIR-V, MSL and WGSL.

Usage: oneshader [options] <file.hlsl>

DXC-compatible options (a value may follow after a space or directly: -T ps_6_0, -Tps_6_0):
  -T <profile>                 vs_6_x, ps_6_x or cs_6_x (also _5_x); the stage comes from the profile.
  -E <name>                    Entry point; with -T and no -E it is main.
  -D NAME[=VALUE]              Define a macro; without a value it is 1.
  -I <dir>                     Add an #include search directory.
  -Fo <file>                   Output file. Several outputs are written beside it: name.<entry><ext>
                               for several entry points, .spv/.metal/.wgsl for several targets.
                               Without -Fo a single output goes to standard output.
  -spirv                       Emit SPIR-V (also the default when no target is named).
  -O0, -Od / -O1, -O2, -O3     Optimizer off / on (default on).
  -Zpr / -Zpc                  Row-major / column-major default matrix packing.
  -HV 2021                     HLSL version; 2021 and 202x are accepted.
  -WX                          Treat warnings as errors.
  -enable-16bit-types          half, min16* and the int16_t family are 16-bit types.
  -fspv-target-env=<env>       vulkan1.0 (SPIR-V 1.0), vulkan1.1 (1.3), vulkan1.2 (default), vulkan1.3,
                               universal1.5 (1.5).
  -fvk-{b,t,u,s}-shift N S     Shift register class b/t/u/s of space S (or all) by N.
  -fvk-bind-register xR S B T  Register xR of space S to binding B, set T (also -vkbr).
  -fvk-bind-globals B T        The $Globals buffer to binding B, set T.
  -fvk-bind-resource-heap B T  ResourceDescriptorHeap to binding B, set T.
  -fvk-bind-sampler-heap B T   SamplerDescriptorHeap to binding B, set T.
  -fvk-bind-counter-heap B T   The counters of RWStructuredBuffers from ResourceDescriptorHeap to binding B, set T.
  -fvk-auto-shift-bindings     Apply the shifts to resources without register() too.
  -auto-binding-space S        The set of resources that name none.
  -fspv-extension=<ext>        Permit only the listed SPIR-V extensions (repeat; KHR: all SPV_KHR_).
  -fspv-entrypoint-name=<n>    The entry point's name in the SPIR-V.
  -fvk-invert-y                Negate SV_Position.y in vertex shaders.
  -fspv-reflect                Write semantics, HLSL resource types and counter buffers into the SPIR-V.
  -fspv-preserve-bindings      Declare every resource with its binding, used or not.
  -fvk-stage-io-order=<o>      decl (default) or alpha: the order stage variables get their locations in.
  -fvk-use-dx-position-w       Pixel shaders read SV_Position.w as D3D does (clip w, not 1/w).
  -fvk-support-nonzero-base-vertex / -fvk-support-nonzero-base-instance
                               SV_VertexID / SV_InstanceID count from the draw's first vertex / instance.
  -fvk-use-dx-layout           Lay buffers out as D3D does: FXC's cbuffer packing, tight structured buffers.
  -fvk-use-gl-layout           Lay buffers out by strict std140 (constant buffers) and std430 (the others).
  -fvk-use-scalar-layout       Lay every buffer out by VK_EXT_scalar_block_layout.
  -Fc <file>                   Also write the SPIR-V disassembly.
  -Fh <file>                   Also write the shader as DXC's C header (const unsigned char name[]).
  -Vn <name>                   The array's name in the -Fh header (default g_<entry point>).
  -fdiagnostics-format=msvc|clang  file(line,col): error ... (default) or file:line:col: error: ...
  -f[no-]color-diagnostics     Colour (default: on a terminal, unless NO_COLOR is set).
  -f[no-]caret-diagnostics     The source line and a caret (default: on a terminal).
  -nologo                      Accepted and ignored.
  -P                           Preprocess only; writes to -Fi <file>, -Fo <file> or standard output.
  -Fi <file>                   Preprocessed output file (with -P).
  -Zi                          SPIR-V debug information: OpString/OpSource with the source text, OpLine.
  -fspv-debug=<category>       Only some of it: file, source, line, tool, or vulkan / vulkan-with-source
                               for NonSemantic.Shader.DebugInfo.100 (RenderDoc); repeat for several.
  -Qstrip_debug                No debug information in the output. -Qembed_debug, -Qstrip_reflect: accepted
                               (SPIR-V debug information is always inside the module; it holds no reflection).

oneshader options:
  --target spirv|msl|wgsl      Target; repeat for several.
  --all-entries                Compile every [shader("vertex"|"pixel"|"compute")] entry point; also what
                               happens without -T. Cannot be combined with -T or -E.
  --entry <name>:<stage>       Compile this entry point (stage vertex, pixel or compute); repeat for several.
                               Instead of -T/-E and --all-entries.
  --reflect <file.json>        Write reflection as JSON.
  --syntax-only                Check the source (preprocess, parse, analyze) and write no shader; with
                               --reflect, write the reflection.
  --dump-ir                    Print the unoptimized IR of the entry points (to -Fo <file> or standard output).
  --print-locs                 With --dump-ir: each instruction's source location as !loc(file:offset).
  --depfile <file>             Write a Make-style dependency file (outputs: files read), on success.
  --no-names                   Leave source names out of the output.
  --header <file.hpp>          Write the generated C++ header: structs with the shader's offsets, bindings,
                               the SPIR-V/MSL/WGSL of every entry point (docs/build-integration.md).
  --namespace <ns>             The header's namespace (default shaders; a::b nests).
  --class-name <name>          The header's class name (default: from the file name).
  --axes "<axes>"              Variants for --header: "ALPHA_TEST;LIGHTING=NONE|LAMBERT|PBR" compiles every
                               combination (first axis slowest).
  --max-variants <n>           The most variants --axes may give (default 64).
  --print-after=<pass>         Print the IR to standard error after each run of the named optimizer
                               pass or raise transform (an unknown name lists the valid ones).
  --verify-ir                  Verify the IR after lowering, every optimizer pass and every raise
                               transform; a module that does not verify is error OSH7000.
  --diagnostics-json           Print the diagnostics as one JSON array on standard error.
  --version                    Print the version.
  --help                       Print this help.

Harmless DXC options (-Wall, -W..., -Ges, -Gis, -Gec, -Vd, -Fd, -Qunused-arguments, ...) are accepted.
Other -fvk-* and -fspv-* options and DXC options such as -Zs or -Fe are rejected, all in one run;
[[vk::location]] and [[vk::offset]] in the shader express what the refused ones would.

Diagnostics go to standard error as 'file(line,col): error OSHnnnn: message'.
Exit code: 0 success, 1 the shader did not compile or an output could not be written,
2 the command line is wrong.
)";
}

std::string version_text() { return "oneshader " + std::string(version()) + "\n"; }

}  // namespace oneshader::cli
