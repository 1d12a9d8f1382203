// cache_effects: how much of a compile's time depends on what ran before it in the process.
//
// The in-process benchmark compiles one file over and over, so every compile finds the caches, the
// branch predictors and the heap as the previous, identical compile left them. This program times a
// SPIR-V compile of one file when something else runs between two timed compiles, and the
// three-target compile beside it, to tell how much of the three-target compile's time is its own
// work (which instruction counts measure) and how much is the state it leaves for what runs next.
//
// Usage: oneshader_cache_effects FILE ENTRY STAGE [--16bit] [--iters N]
//   STAGE is vertex, pixel or compute. Prints the median time of each row in microseconds.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <oneshader/oneshader.hpp>

namespace {

using oneshader::Target;

std::optional<std::string> read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

double median_us(int iters, const std::function<void()>& between, const std::function<void()>& timed) {
    std::vector<double> us;
    us.reserve(static_cast<std::size_t>(iters));
    for (int i = 0; i < iters + 10; ++i) {
        between();
        const auto t0 = std::chrono::steady_clock::now();
        timed();
        const auto t1 = std::chrono::steady_clock::now();
        if (i >= 10) us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());  // 10 untimed first
    }
    std::sort(us.begin(), us.end());
    return us[us.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: oneshader_cache_effects FILE ENTRY vertex|pixel|compute [--16bit] [--iters N]\n");
        return 2;
    }
    const std::string path = argv[1];
    const std::string_view stage_name = argv[3];
    const oneshader::Stage stage = stage_name == "vertex" ? oneshader::Stage::Vertex
                                   : stage_name == "pixel" ? oneshader::Stage::Pixel
                                                           : oneshader::Stage::Compute;
    bool enable_16bit = false;
    int iters = 2000;
    for (int k = 4; k < argc; ++k) {
        const std::string_view a = argv[k];
        if (a == "--16bit") enable_16bit = true;
        else if (a == "--iters" && k + 1 < argc) iters = std::max(1, std::atoi(argv[++k]));
    }
    const std::optional<std::string> source = read_file(path);
    if (!source) {
        std::fprintf(stderr, "cache_effects: cannot read '%s'\n", path.c_str());
        return 1;
    }
    // Includes (next to the including file) are read once and served from memory, so no compile
    // touches the file system.
    std::map<std::string, std::string, std::less<>> includes;
    oneshader::IncludeResolver resolver = [&includes](std::string_view requested, std::string_view including_file,
                                                      bool) -> std::optional<oneshader::ResolvedInclude> {
        const std::string key =
            (std::filesystem::path(including_file).parent_path() / requested).lexically_normal().generic_string();
        auto it = includes.find(key);
        if (it == includes.end()) {
            std::optional<std::string> text = read_file(key);
            if (!text) return std::nullopt;
            it = includes.emplace(key, std::move(*text)).first;
        }
        return oneshader::ResolvedInclude{key, it->second};
    };

    auto options = [&](std::vector<Target> targets) {
        oneshader::CompileOptions o;
        o.targets = std::move(targets);
        o.entry_points = {{argv[2], stage}};
        o.enable_16bit_types = enable_16bit;
        o.include_resolver = resolver;
        return o;
    };
    const oneshader::CompileOptions spirv = options({Target::SpirV}), msl = options({Target::Msl}),
                                    wgsl = options({Target::Wgsl}),
                                    all = options({Target::SpirV, Target::Msl, Target::Wgsl});
    auto compile = [&](const oneshader::CompileOptions& o) {
        oneshader::CompileResult r = oneshader::compile(*source, path, o);
        if (r.blobs.size() != o.targets.size()) {
            std::fprintf(stderr, "cache_effects: the compile gives %zu blobs for %zu targets\n", r.blobs.size(),
                         o.targets.size());
            for (const oneshader::Diagnostic& d : r.diagnostics) std::fprintf(stderr, "%s\n", d.to_string().c_str());
            std::exit(1);
        }
    };
    // 8 MiB touched a line at a time: more than this machine's L2, so what the compile had there is gone.
    std::vector<char> big(std::size_t{8} << 20);
    // Heap churn: 1,500 strings of 16 to 215 bytes, freed in two interleaved halves.
    auto churn = [] {
        std::vector<std::unique_ptr<std::string>> v;
        v.reserve(1500);
        for (int k = 0; k < 1500; ++k) v.push_back(std::make_unique<std::string>(16 + (k * 37) % 200, 'x'));
        for (std::size_t k = 0; k < v.size(); k += 2) v[k].reset();
        v.clear();
    };
    const auto nothing = [] {};
    std::printf("row,median_us\n");
    std::printf("spirv,%.1f\n", median_us(iters, nothing, [&] { compile(spirv); }));
    std::printf("spirv after 2 spirv compiles,%.1f\n",
                median_us(iters, [&] { compile(spirv); compile(spirv); }, [&] { compile(spirv); }));
    std::printf("spirv after an msl and a wgsl compile,%.1f\n",
                median_us(iters, [&] { compile(msl); compile(wgsl); }, [&] { compile(spirv); }));
    std::printf("spirv after heap churn,%.1f\n", median_us(iters, churn, [&] { compile(spirv); }));
    std::printf("spirv after 8 MiB touched,%.1f\n", median_us(iters, [&] {
                    for (std::size_t k = 0; k < big.size(); k += 64) big[k] = static_cast<char>(big[k] + 1);
                }, [&] { compile(spirv); }));
    std::printf("msl,%.1f\n", median_us(iters, nothing, [&] { compile(msl); }));
    std::printf("wgsl,%.1f\n", median_us(iters, nothing, [&] { compile(wgsl); }));
    std::printf("all three in one compile,%.1f\n", median_us(iters, nothing, [&] { compile(all); }));
    return 0;
}
