// Every corpus entry point, compiled through the public API with the optimizer off and on, with the
// IR verifier after lowering and after every optimizer pass, gives SPIR-V that the SPIRV-Tools
// validator (Vulkan 1.2) accepts, in process. Files under spec/errors/ are written to fail and are
// checked elsewhere (tests/sema). Header comments of a file give its defines, include folders,
// entry points without a [shader] attribute and the need for -enable-16bit-types
// (corpus/README.md, "Conventions").
//
// Each entry point is reported on its own: a file whose compile fails is compiled again one entry
// point at a time, so the failure names the entry point and its diagnostics.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <spirv-tools/libspirv.hpp>

#include "corpus_files.hpp"
#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"

namespace fs = std::filesystem;

namespace {

// Entry points that may fail, with the code they give and why. Only for a construct SPIR-V for
// Vulkan 1.2 genuinely cannot express; a missing feature of ours never belongs here. Key:
// "folder/file.hlsl:Entry"; value: the code it gives, then why.
// Entry points that may fail, with the code they must fail with and why. Empty: every corpus
// entry point compiles. (A resource local chosen under run-time control flow is OSH0403 by design,
// as Vulkan SPIR-V cannot select between handles; tests/driver/resource_variables_test.cpp covers it.)
const std::map<std::string, std::string> kAllowedFailures = {};

oneshader::CompileOptions options_for(const fs::path& file) {
    oneshader::CompileOptions o = corpus::options_for(file);
    o.verify_ir = true;
    return o;
}

std::vector<fs::path> corpus_files() { return corpus::shader_files(); }
std::string corpus_name(const fs::path& file) { return corpus::name_of(file); }

using spirv_tools::validate;
using spirv_tools::words_of;

// Errors, and the warnings that mean a compiler fault (OSH6001: an optimizer pass failed and the
// compile fell back; OSH7000: an internal error).
std::string problems(const std::vector<oneshader::Diagnostic>& diags) {
    std::string out;
    for (const oneshader::Diagnostic& d : diags)
        if (d.severity == oneshader::Severity::Error || d.code == "OSH6001" || d.code == "OSH7000")
            out += "  " + d.to_string() + "\n";
    return out;
}

struct Tally {
    int entries = 0;
    int valid = 0;
    int allowed = 0;  // failed as kAllowedFailures says, or with OSH0357 under a layout flag
    std::vector<std::string> allowed_files;  // files refused whole with OSH0357 under a layout flag
    std::vector<std::string> failures;  // one line per failing entry point
};

// Compiles one file with the optimizer on or off and checks every entry point of it.
void check_file(const fs::path& file, bool optimize, Tally& tally,
                oneshader::BufferLayoutRules rules = oneshader::BufferLayoutRules::Default) {
    oneshader::CompileOptions options = options_for(file);
    options.optimize = optimize;
    options.buffer_layout = rules;
    const bool scalar_block_layout =
        rules == oneshader::BufferLayoutRules::DX || rules == oneshader::BufferLayoutRules::Scalar;
    const std::string rel = corpus_name(file);
    const std::string mode = optimize ? "optimized" : "unoptimized";
    oneshader::CompileResult whole = oneshader::compile_file(file.generic_string(), options);

    std::vector<oneshader::EntryPointRequest> entries = options.entry_points;
    if (entries.empty() && whole.reflection) {
        for (const oneshader::EntryPointInfo& e : whole.reflection->entry_points) entries.push_back({e.name, e.stage});
    }
    if (entries.empty()) {
        ++tally.entries;
        // A file whose every entry point reads a block the layout flag refuses (docs/layout-rules.md).
        if (rules != oneshader::BufferLayoutRules::Default &&
            problems(whole.diagnostics).find("OSH0357") != std::string::npos) {
            ++tally.allowed;
            tally.allowed_files.push_back(rel);
            return;
        }
        tally.failures.push_back(rel + " (" + mode + "): no entry point found\n" + problems(whole.diagnostics));
        return;
    }
    std::string whole_problems = problems(whole.diagnostics);
    for (const oneshader::EntryPointRequest& entry : entries) {
        ++tally.entries;
        const std::string key = rel + ":" + entry.name;
        oneshader::CompileResult single;
        const oneshader::CompileResult* r = &whole;
        if (!whole_problems.empty()) {
            // Compile the entry point alone to say which one fails and why.
            oneshader::CompileOptions one = options;
            one.entry_points = {entry};
            single = oneshader::compile_file(file.generic_string(), one);
            r = &single;
        }
        std::string failure = problems(r->diagnostics);
        const oneshader::ShaderBlob* blob = r->find(entry.name, oneshader::Target::SpirV);
        if (failure.empty() && !blob) failure = "  no SPIR-V blob came back\n";
        if (failure.empty()) {
            std::vector<std::uint32_t> words = words_of(*blob);
            if (blob->data.size() % 4 != 0 || words.size() < 5 || words[0] != 0x07230203u)
                failure = "  not a SPIR-V module\n";
            else
                failure = validate(words, SPV_ENV_VULKAN_1_2, scalar_block_layout);
        }
        if (failure.empty()) {
            ++tally.valid;
            if (kAllowedFailures.count(key))
                tally.failures.push_back(key + ": compiles now; remove it from kAllowedFailures\n");
            continue;
        }
        // A construct the layout flag cannot lay out is refused with its code (docs/layout-rules.md).
        if (rules != oneshader::BufferLayoutRules::Default && failure.find("OSH0357") != std::string::npos) {
            ++tally.allowed;
            continue;
        }
        if (kAllowedFailures.count(key)) {
            // Allowed only with the code it is listed with.
            if (failure.find(kAllowedFailures.at(key).substr(0, 7)) != std::string::npos) {
                ++tally.allowed;
                continue;
            }
        }
        tally.failures.push_back(key + " (" + std::string(to_string(entry.stage)) + ", " + mode + ")\n" + failure);
    }
}

std::string summary(const Tally& t) {
    std::string s = std::to_string(t.valid) + " of " + std::to_string(t.entries) + " entry points valid, " +
                    std::to_string(t.allowed) + " allowed failures\n";
    for (const std::string& f : t.failures) s += f;
    return s;
}

void check_corpus(bool optimize) {
    std::vector<fs::path> files = corpus_files();
    REQUIRE(files.size() > 50);
    Tally tally;
    for (const fs::path& f : files) check_file(f, optimize, tally);
    INFO(summary(tally));
    CHECK(tally.failures.empty());
    CHECK(tally.valid + tally.allowed == tally.entries);
    // The corpus README counts 151 entry points outside spec/errors/ (plus the execution-test shaders).
    CHECK(tally.entries >= 151);
}

}  // namespace

TEST_CASE("corpus SPIR-V: every entry point, unoptimized, passes the validator", "[corpus]") { check_corpus(false); }

// DXC's layout flags change every buffer's offsets: the whole corpus, optimized, validates under each
// (with scalar block layout for the D3D and scalar packings).
TEST_CASE("corpus SPIR-V: every entry point under each layout flag passes the validator", "[corpus]") {
    using oneshader::BufferLayoutRules;
    std::vector<fs::path> files = corpus_files();
    for (BufferLayoutRules rules : {BufferLayoutRules::GL, BufferLayoutRules::DX, BufferLayoutRules::Scalar}) {
        Tally tally;
        for (const fs::path& f : files) check_file(f, true, tally, rules);
        INFO("layout flag " << int(rules) << ": " << summary(tally));
        CHECK(tally.failures.empty());
        CHECK(tally.valid + tally.allowed == tally.entries);
        // The one construct of the corpus docs/layout-rules.md lists as refused under a flag: tbuffers
        // under -fvk-use-dx-layout (OSH0357, as DXC packs them with the cbuffer rules).
        if (rules == BufferLayoutRules::DX) {
            CHECK(tally.allowed_files == std::vector<std::string>{"lang/texture_buffers.hlsl"});
            CHECK(tally.allowed == 1);
        } else {
            CHECK(tally.allowed == 0);
        }
    }
}

TEST_CASE("corpus SPIR-V: every entry point, optimized (IR verified after every pass), passes the validator", "[corpus]") {
    check_corpus(true);
}

TEST_CASE("corpus SPIR-V: the allow-list gives a diagnostic code for each entry") {
    for (const auto& [key, code] : kAllowedFailures) {
        INFO(key);
        CHECK(code.rfind("OSH", 0) == 0);
    }
}
