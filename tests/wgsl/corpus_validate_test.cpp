// Every entry point of every corpus file, optimized (-O3) and not (-Od), compiles to WGSL that
// Tint and naga both accept, or gives one of the spec's OSH5202 refusals listed below (spec page
// "The WGSL backend", "Not available"). Where one validator rejects what the other accepts, the
// table of known validator gaps says which and why; nothing is skipped silently.
#include <catch2/catch.hpp>

#include <algorithm>

#include <filesystem>
#include <regex>
#include <string>

#include "corpus_files.hpp"
#include "wgsl_validate.hpp"

namespace oneshader::wgsl::test {
namespace {

namespace fs = std::filesystem;

// An entry point the backend refuses, with (part of) the message it must give.
struct Refusal {
    const char* file;
    const char* entry;
    const char* message;
};

// The spec's list: clip/cull distances, PrimitiveID, typed buffers, resource
// arrays, 64-bit and 16-bit integer types, storage formats WebGPU lacks.
constexpr Refusal kRefusals[] = {
#include "corpus_refusals.inc"
};

// An entry point one validator rejects and the other accepts, for a known gap of that validator.
struct ValidatorGap {
    const char* file;
    const char* entry;
    const char* naga_error;  // naga's message (part of it); Tint must accept
    const char* why;
};

constexpr ValidatorGap kGaps[] = {
    // naga 25's WGSL reader has no `enable subgroups` (spec page "The WGSL backend": these
    // modules are validated by Tint only).
    {"lang/wave.hlsl", "CSCompact", "the `subgroups` enable-extension is not yet supported", "naga 25 lacks subgroups"},
    {"lang/wave.hlsl", "PSQuad", "the `subgroups` enable-extension is not yet supported", "naga 25 lacks subgroups"},
    {"spec/Compact.hlsl", "CSMain", "the `subgroups` enable-extension is not yet supported", "naga 25 lacks subgroups"},
};

const Refusal* refusal_of(const std::string& file, const std::string& entry) {
    for (const Refusal& r : kRefusals)
        if (file == r.file && entry == r.entry) return &r;
    return nullptr;
}

const ValidatorGap* gap_of(const std::string& file, const std::string& entry) {
    for (const ValidatorGap& g : kGaps)
        if (file == g.file && entry == g.entry) return &g;
    return nullptr;
}

std::string messages(const CompileResult& r) {
    std::string s;
    for (const Diagnostic& d : r.diagnostics)
        if (d.severity == Severity::Error) s += d.code + ": " + d.message + "\n";
    return s;
}

// Every `@group(G) @binding(B) var... NAME` of the text is where reflection's WGSL slot of NAME
// (a resource or the push-constant block) says: hosts build their bind group layouts from it.
std::string slot_mismatches(const std::string& where, const std::string& text, const CompileResult& r) {
    std::string out;
    if (!r.reflection) return where + ": no reflection\n";
    static const std::regex decl(R"(@group\((\d+)\) @binding\((\d+)\) var(?:<[^>]*>)? (\w+):)");
    for (std::sregex_iterator it(text.begin(), text.end(), decl), end; it != end; ++it) {
        std::uint32_t group = std::stoul((*it)[1]), binding = std::stoul((*it)[2]);
        std::string name = (*it)[3];
        const std::vector<TargetSlot>* slots = nullptr;
        for (const ResourceInfo& res : r.reflection->resources) {
            // A member of a global struct of resources (`Layers.base`) is `Layers_base` in WGSL.
            std::string spelled = res.name;
            std::replace(spelled.begin(), spelled.end(), '.', '_');
            if (spelled == name) slots = &res.slots;
            // An append/consume buffer's hidden counter (`counter.var.X` in the IR) is at X's counter slot.
            if (!res.counter_slots.empty() && name == "counter_var_" + res.name) slots = &res.counter_slots;
        }
        for (const PushConstantInfo& p : r.reflection->push_constants)
            if (p.name == name) slots = &p.slots;
        bool found = false;
        if (slots)
            for (const TargetSlot& s : *slots)
                found = found || (s.target == Target::Wgsl && s.set == group && s.binding == binding);
        if (!found)
            out += where + ": '" + name + "' is at @group(" + std::to_string(group) + ") @binding(" +
                   std::to_string(binding) + "), which reflection's WGSL slot does not say\n";
    }
    return out;
}

struct Counts {
    int entries = 0, tint_ok = 0, naga_ok = 0, refused = 0;
};

Counts check_corpus(bool optimize, std::string& failures) {
    Validator validator;
    Counts n;
    if (!validator.startup_error().empty()) {
        failures += validator.startup_error() + "\n";
        return n;
    }
    fs::path scratch = fs::temp_directory_path() / ("oneshader-wgsl-corpus" + std::string(optimize ? "-O3" : "-Od"));
    fs::create_directories(scratch);
    for (const auto& file : corpus::shader_files()) {
        std::string name = corpus::name_of(file);
        CompileOptions base = corpus::options_for(file);
        base.syntax_only = true;
        CompileResult front = compile_file(file.generic_string(), base);
        if (!front.reflection) {
            failures += name + ": the front end fails\n";
            continue;
        }
        for (const EntryPointInfo& ep : front.reflection->entry_points) {
            ++n.entries;
            CompileOptions o = corpus::options_for(file);
            o.entry_points = {{ep.name, ep.stage}};
            o.targets = {Target::Wgsl};
            o.optimize = optimize;
            CompileResult r = compile_file(file.generic_string(), o);
            const ShaderBlob* blob = r.find(ep.name, Target::Wgsl);
            const Refusal* refusal = refusal_of(name, ep.name);
            std::string where = name + " " + ep.name + (optimize ? " -O3" : " -Od");
            if (!blob) {
                std::string m = messages(r);
                if (refusal && m.find("OSH5202") != std::string::npos && m.find(refusal->message) != std::string::npos) {
                    ++n.refused;
                    continue;
                }
                failures += where + ": not compiled" + (refusal ? " (not with the listed refusal)" : "") + ":\n" + m;
                continue;
            }
            if (refusal) failures += where + ": compiles, but the table lists a refusal: " + refusal->message + "\n";
            failures += slot_mismatches(where, std::string(blob->as_text()), r);
            std::string flat = name;
            for (char& c : flat)
                if (c == '/') c = '_';
            fs::path out = scratch / (flat + "." + ep.name + ".wgsl");
            Verdict v = validator.check_text(std::string(blob->as_text()), out.string());
            if (!v.error.empty()) {
                failures += where + ": " + v.error + "\n";
                continue;
            }
            n.tint_ok += v.tint == "ok";
            n.naga_ok += v.naga == "ok";
            const ValidatorGap* gap = gap_of(name, ep.name);
            if (gap) {
                if (v.tint != "ok" || v.naga.find(gap->naga_error) == std::string::npos)
                    failures += where + ": the validator gap '" + gap->why + "' no longer holds: tint: " + v.tint +
                                "; naga: " + v.naga + "\n";
                continue;
            }
            if (v.tint != "ok") failures += where + ": Tint rejects " + out.string() + ":\n" + v.tint + "\n";
            if (v.naga != "ok") failures += where + ": naga rejects " + out.string() + ":\n" + v.naga + "\n";
        }
    }
    return n;
}

void run(bool optimize) {
    std::string failures;
    Counts n = check_corpus(optimize, failures);
    INFO("entry points " << n.entries << ": Tint accepts " << n.tint_ok << ", naga accepts " << n.naga_ok
                         << ", refused as listed " << n.refused);
    WARN("WGSL corpus " << (optimize ? "-O3" : "-Od") << ": " << n.entries << " entry points, Tint " << n.tint_ok
                        << ", naga " << n.naga_ok << ", listed refusals " << n.refused);
    CHECK(failures == "");
    CHECK(n.entries > 150);
}

TEST_CASE("wgsl corpus: every entry point validates with Tint and naga or is a listed refusal, -O3", "[corpus]") {
    run(true);
}

TEST_CASE("wgsl corpus: every entry point validates with Tint and naga or is a listed refusal, -Od", "[corpus]") {
    run(false);
}

}  // namespace
}  // namespace oneshader::wgsl::test
