#pragma once
// The WGSL backend (spec page "The WGSL backend"): one entry point of a raised IR module, and
// everything it reaches, as WGSL text for WebGPU. docs/wgsl.md lists the mapping decisions.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "wgsl/bindings.hpp"

#include "ir/module.hpp"
#include "support/diagnostics.hpp"
#include "types/layout.hpp"

namespace oneshader::textgen {
class StructureCache;
}

namespace oneshader::wgsl {

struct Options {
    // Buffer layouts are worked out here from each resource's element type under DXC's rules; the
    // default matrix packing (-Zpr) has to match what the front end used.
    sema::LayoutOptions layout;
    // An engine with `layout`'s options to work the layouts out in, shared with the rest of the
    // compile (the front end's); null: each emit works them out in an engine of its own.
    sema::LayoutEngine* layouts = nullptr;
    // Where each resource and the push-constant block are bound, by name, as reflection reports
    // it; a resource not listed gets resource_slots()'s slot.
    std::vector<std::pair<std::string, BindingSlot>> slots;
    // resource_slots() of the module, when the caller worked it out once for all its entry
    // points; null: each emit works it out when it declares a resource.
    const std::vector<std::pair<const ir::Global*, BindingSlot>>* module_slots = nullptr;
    // Statement trees shared with the module's other entry points and with MSL when it prints the
    // same raised module; null: each emit structurizes the functions it prints.
    textgen::StructureCache* structures = nullptr;
};

// Where the push-constant block of a module is bound (spec page "The WGSL backend": the highest
// group any resource of the module uses, the binding after that group's highest one).
struct PushConstantSlot {
    std::uint32_t group = 0;
    std::uint32_t binding = 0;
};
PushConstantSlot push_constant_slot(const ir::Module& module);

// The WGSL slot of every bound resource of the module, in module order (wgsl/bindings.hpp: a
// resource sharing its Vulkan binding with an earlier one moves to a free binding).
std::vector<std::pair<const ir::Global*, BindingSlot>> resource_slots(const ir::Module& module);

// The WGSL text of the entry point, or an empty string after reporting OSH52xx errors. Same
// module and options, same text.
std::string emit(const ir::Module& module, const ir::EntryPoint& entry, const Options& options,
                 support::DiagnosticEngine& diags);

// The name the entry function gets in WGSL (reflection reports it): the HLSL name made legal.
std::string entry_function_name(std::string_view hlsl_name);

}  // namespace oneshader::wgsl
