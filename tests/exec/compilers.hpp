// compilers.hpp - the pluggable shader compilers of the execution tests: glslangValidator (the reference) and the
// oneshader tool at -O3 and -Od.
#pragma once

#include "case_file.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace oneshader::exec {

struct CompileResult
{
    enum class Status { ok, failed } status = Status::failed;
    std::vector<std::uint32_t> spirv;
    std::string log;  // the compiler's messages
    std::string command;
};

// Compiles one entry point of a case's shader to SPIR-V.
using Compiler = std::function<CompileResult(const Case&, const Entry&)>;

class CompilerSet
{
public:
    // corpus: the corpus folder; oneshader_tool: path of the oneshader executable.
    CompilerSet(std::filesystem::path corpus, std::filesystem::path oneshader_tool);
    ~CompilerSet();
    CompilerSet(const CompilerSet&) = delete;
    CompilerSet& operator=(const CompilerSet&) = delete;

    CompileResult compile_with_glslang(const Case& c, const Entry& entry);
    // optimize: -O3 when true, -Od when false.
    CompileResult compile_with_oneshader(const Case& c, const Entry& entry, bool optimize);

    Compiler glslang();
    Compiler oneshader(bool optimize);

private:
    CompileResult run(const std::vector<std::string>& arguments, const std::filesystem::path& output);
    std::filesystem::path corpus_;
    std::filesystem::path tool_;
    std::filesystem::path scratch_;
    unsigned counter_ = 0;
};

}  // namespace oneshader::exec
