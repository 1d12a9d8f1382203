// Same input, same bytes: every corpus file compiled twice gives identical blobs, and eight
// compiles run on four threads at once give the bytes of the same compiles run one after another
// (no global mutable state, no output in pointer or hash order).
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "corpus_files.hpp"
#include "oneshader/oneshader.hpp"

namespace fs = std::filesystem;

namespace {

oneshader::CompileOptions options_for(const fs::path& file, bool optimize) {
    oneshader::CompileOptions o = corpus::options_for(file);
    o.optimize = optimize;
    return o;
}

std::vector<fs::path> corpus_files() { return corpus::shader_files(); }

// Everything a compile gives back that must not vary: blobs (entry, stage, target, bytes) and
// diagnostics, as one string.
std::string fingerprint(const oneshader::CompileResult& r) {
    std::string s;
    for (const oneshader::ShaderBlob& b : r.blobs) {
        s += b.entry_point + " " + std::string(to_string(b.stage)) + " " + std::string(to_string(b.target)) + " " +
             std::to_string(b.data.size()) + "\n";
        s.append(reinterpret_cast<const char*>(b.data.data()), b.data.size());
        s += "\n";
    }
    for (const oneshader::Diagnostic& d : r.diagnostics) s += d.to_string() + "\n";
    return s;
}

std::string compile_print(const fs::path& file, bool optimize) {
    return fingerprint(oneshader::compile_file(file.generic_string(), options_for(file, optimize)));
}

}  // namespace

TEST_CASE("determinism: every corpus file compiled twice gives the same bytes", "[corpus]") {
    std::vector<fs::path> files = corpus_files();
    REQUIRE(files.size() > 50);
    std::size_t blobs = 0;
    for (const fs::path& f : files) {
        for (bool optimize : {false, true}) {
            oneshader::CompileResult first = oneshader::compile_file(f.generic_string(), options_for(f, optimize));
            oneshader::CompileResult second = oneshader::compile_file(f.generic_string(), options_for(f, optimize));
            INFO(f.generic_string() << (optimize ? " (optimized)" : " (unoptimized)"));
            CHECK(fingerprint(first) == fingerprint(second));
            blobs += first.blobs.size();
        }
    }
    CHECK(blobs > 250);
}

TEST_CASE("determinism: eight compiles on four threads give the serial bytes") {
    std::vector<fs::path> files = corpus_files();
    REQUIRE(files.size() > 50);
    // Eight jobs over different folders and both optimizer settings.
    struct Job {
        fs::path file;
        bool optimize;
    };
    std::vector<Job> jobs;
    for (std::size_t k = 0; k < 8; ++k) jobs.push_back({files[(k * files.size()) / 8], k % 2 == 1});
    // The shaders with the most entry points and resources are worth racing too.
    jobs[0].file = fs::path(ONESHADER_SOURCE_DIR) / "corpus/3d/pbr_forward.hlsl";
    jobs[1].file = fs::path(ONESHADER_SOURCE_DIR) / "corpus/compute/particles.hlsl";

    std::vector<std::string> serial;
    for (const Job& j : jobs) serial.push_back(compile_print(j.file, j.optimize));

    for (int round = 0; round < 2; ++round) {
        std::vector<std::string> parallel(jobs.size());
        std::atomic<std::size_t> next{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&] {
                for (std::size_t k = next++; k < jobs.size(); k = next++)
                    parallel[k] = compile_print(jobs[k].file, jobs[k].optimize);
            });
        for (std::thread& t : threads) t.join();
        for (std::size_t k = 0; k < jobs.size(); ++k) {
            INFO(jobs[k].file.generic_string() << (jobs[k].optimize ? " (optimized)" : " (unoptimized)"));
            CHECK(!serial[k].empty());
            CHECK(parallel[k] == serial[k]);
        }
    }
}

TEST_CASE("determinism: three targets in one compile give the bytes of each target alone", "[corpus]") {
    // The optimized module is lowered once and copied for every target but the last (clone.hpp):
    // each copy must emit exactly what a compile for that target alone does.
    using oneshader::Target;
    const std::vector<Target> all{Target::SpirV, Target::Wgsl, Target::Msl};
    std::size_t compared = 0;
    for (const fs::path& f : corpus_files()) {
        for (bool optimize : {false, true}) {
            oneshader::CompileOptions o = options_for(f, optimize);
            o.targets = all;
            oneshader::CompileResult together = oneshader::compile_file(f.generic_string(), o);
            if (!together.ok()) continue;  // a refusal in one target stops every target
            INFO(f.generic_string() << (optimize ? " (optimized)" : " (unoptimized)"));
            for (Target t : all) {
                o.targets = {t};
                oneshader::CompileResult alone = oneshader::compile_file(f.generic_string(), o);
                REQUIRE(alone.ok());
                oneshader::CompileResult picked;
                for (const oneshader::ShaderBlob& b : together.blobs)
                    if (b.target == t) picked.blobs.push_back(b);
                picked.diagnostics = alone.diagnostics;
                CHECK(fingerprint(picked) == fingerprint(alone));
                compared += alone.blobs.size();
            }
        }
    }
    CHECK(compared > 600);
}
