// Bad input of any kind gives diagnostics, never a crash, a hang or invalid output: every corpus
// shader, mutated many times (pieces dropped, duplicated and swapped), goes through the whole
// compile path with the IR verified after every stage, and whatever compiles must be valid SPIR-V.
#include <catch2/catch.hpp>

#include <cstdint>
#include <spirv-tools/libspirv.hpp>
#include <string>
#include <vector>

#include "corpus_files.hpp"
#include "oneshader/oneshader.hpp"

namespace {

namespace fs = std::filesystem;

// Splits at whitespace and punctuation boundaries, keeping everything, so mutations move whole
// tokens (and sometimes half a comment or string) around.
std::vector<std::string> pieces(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; };
    for (char c : text) {
        if (!cur.empty() && (word(c) != word(cur.back()) || !word(c))) {
            out.push_back(cur);
            cur.clear();
        }
        cur += c;
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

bool valid_spirv(const std::vector<std::uint8_t>& bytes) {
    std::vector<std::uint32_t> words(bytes.size() / 4);
    for (std::size_t i = 0; i < words.size(); ++i)
        for (int k = 0; k < 4; ++k) words[i] |= static_cast<std::uint32_t>(bytes[i * 4 + k]) << (8 * k);
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_2);
    tools.SetMessageConsumer([](spv_message_level_t, const char*, const spv_position_t&, const char*) {});
    return tools.Validate(words.data(), words.size(), spvtools::ValidatorOptions{});
}

}  // namespace

TEST_CASE("mutation: thousands of mutated corpus shaders give diagnostics or valid SPIR-V", "[corpus][robustness]") {
    std::uint64_t seed = 0x5eed;
    auto next = [&seed] {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>(seed >> 33);
    };
    int compiles = 0, rejected = 0, compiled = 0;
    std::vector<std::string> faults;
    for (const fs::path& file : corpus::shader_files()) {
        oneshader::CompileOptions options = corpus::options_for(file);
        options.verify_ir = true;
        // Includes come from the file's folder and its include folders, as compile_file would find them.
        fs::path folder = file.parent_path();
        std::vector<std::string> dirs = options.include_directories;
        options.include_resolver = [folder, dirs](std::string_view requested, std::string_view including,
                                                  bool) -> std::optional<oneshader::ResolvedInclude> {
            std::vector<fs::path> places{fs::path(including).parent_path(), folder};
            for (const std::string& d : dirs) places.emplace_back(d);
            for (const fs::path& p : places) {
                fs::path candidate = (p / std::string(requested)).lexically_normal();
                if (fs::is_regular_file(candidate)) return oneshader::ResolvedInclude{candidate.generic_string(), corpus::read_text(candidate)};
            }
            return std::nullopt;
        };
        std::vector<std::string> base = pieces(corpus::read_text(file));
        if (base.size() < 4) continue;
        for (int m = 0; m < 32; ++m) {
            std::vector<std::string> t = base;
            int edits = 1 + static_cast<int>(next() % 4);
            for (int k = 0; k < edits && t.size() > 2; ++k) {
                std::size_t i = next() % t.size(), j = next() % t.size();
                switch (next() % 3) {
                    case 0: t.erase(t.begin() + static_cast<std::ptrdiff_t>(i)); break;
                    case 1: t.insert(t.begin() + static_cast<std::ptrdiff_t>(i), t[j]); break;
                    default: std::swap(t[i], t[j]); break;
                }
            }
            std::string text;
            for (const std::string& s : t) text += s;
            oneshader::CompileResult r = oneshader::compile(text, file.generic_string(), options);
            ++compiles;
            for (const oneshader::Diagnostic& d : r.diagnostics)
                if (d.code == "OSH7000" || d.code == "OSH6001")
                    faults.push_back(corpus::name_of(file) + " mutation " + std::to_string(m) + ": " + d.to_string());
            if (!r.ok()) {
                ++rejected;
                if (r.diagnostics.empty()) faults.push_back(corpus::name_of(file) + ": failed without a diagnostic");
                continue;
            }
            ++compiled;
            for (const oneshader::ShaderBlob& b : r.blobs)
                if (!valid_spirv(b.data))
                    faults.push_back(corpus::name_of(file) + " mutation " + std::to_string(m) + ": invalid SPIR-V for " +
                                     b.entry_point);
        }
    }
    INFO(compiles << " compiles, " << rejected << " rejected with diagnostics, " << compiled << " compiled");
    std::string all;
    for (const std::string& f : faults) all += f + "\n";
    INFO(all);
    CHECK(faults.empty());
    CHECK(compiles >= 2000);
    WARN(compiles << " mutated compiles: " << rejected << " rejected with diagnostics, " << compiled << " compiled to valid SPIR-V");
}
