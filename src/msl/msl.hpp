#pragma once
// The MSL backend (spec pages "The MSL backend" and "Compile HLSL to Metal Shading Language"): one
// entry point of a raised IR module, and everything it reaches, as one Metal Shading Language 2.4
// source file. docs/msl.md lists the mapping decisions. A construct Metal cannot express is an
// OSH51xx error and no text; the same module and options always give the same text.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/module.hpp"
#include "support/diagnostics.hpp"
#include "types/layout.hpp"

namespace oneshader::textgen {
class StructureCache;
}

namespace oneshader::msl {

// Buffer index of the interleaved vertex buffer a vertex function with [[stage_in]] reads
// (MslBackend.VertexBufferIndex of the spec); resources may not use it.
inline constexpr std::uint32_t kVertexBufferIndex = 30;

struct Options {
    // Buffer structs are laid out here under DXC's rules, as the SPIR-V backend does, with the
    // default matrix packing (-Zpr) the front end used.
    sema::LayoutOptions layout;
    // An engine with `layout`'s options to work the layouts out in, shared with the rest of the
    // compile (the front end's); null: each emit works them out in an engine of its own.
    sema::LayoutEngine* layouts = nullptr;
    // Statement trees shared with the module's other entry points and with WGSL when it prints the
    // same raised module; null: each emit structurizes the functions it prints.
    textgen::StructureCache* structures = nullptr;
};

// One argument of the entry function: a resource or push constant with its Metal index.
enum class SlotClass : std::uint8_t { Buffer, Texture, Sampler };
struct ResourceSlot {
    const ir::Global* global = nullptr;
    SlotClass slot_class = SlotClass::Buffer;
    std::uint32_t index = 0;  // the first of `count` indices
    std::uint32_t count = 1;
};

// The Metal index of every resource global of the module: each class counts from 0 in module
// (declaration) order over the whole file, an array of N taking N indices, so every entry point of
// a file sees the same indices (reflection reports them).
std::vector<ResourceSlot> resource_slots(const ir::Module& module);

struct EmitResult {
    std::string text;           // empty after an error
    std::string function_name;  // the entry function's name (`main0` for `main`)
};

// The name an entry point's function has in the MSL: the HLSL name, made legal (`main` is `main0`:
// Metal reserves it). Reflection reports it as the function to pass to newFunction(name:).
std::string entry_function_name(std::string_view hlsl_name);

EmitResult emit(const ir::Module& module, const ir::EntryPoint& entry, const Options& options,
                support::DiagnosticEngine& diags);

// True when the intrinsic id has a row in msl/intrinsics.def.
bool has_intrinsic_row(intrinsics::Id id);
bool intrinsic_is_raised(intrinsics::Id id);

}  // namespace oneshader::msl
