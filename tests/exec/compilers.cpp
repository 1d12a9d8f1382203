// compilers.cpp - runs glslangValidator and the oneshader tool as processes and reads back their SPIR-V.
#include "compilers.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>

namespace oneshader::exec {

namespace {

std::string quote(const std::string& word)
{
    std::string quoted = "'";
    for (char c : word)
    {
        if (c == '\'')
            quoted += "'\\''";
        else
            quoted.push_back(c);
    }
    return quoted + "'";
}

std::string read_text(const std::filesystem::path& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::uint32_t> read_words(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::uint32_t> words(bytes.size() / 4);
    for (std::size_t i = 0; i < words.size(); ++i)
        for (int b = 0; b < 4; ++b)
            words[i] |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i * 4 + static_cast<std::size_t>(b)]))
                        << (8 * b);
    return words;
}

const char* glslang_stage(Stage stage)
{
    switch (stage)
    {
    case Stage::compute: return "comp";
    case Stage::vertex: return "vert";
    case Stage::pixel: return "frag";
    }
    return "comp";
}

const char* profile(Stage stage)
{
    switch (stage)
    {
    case Stage::compute: return "cs_6_0";
    case Stage::vertex: return "vs_6_0";
    case Stage::pixel: return "ps_6_0";
    }
    return "cs_6_0";
}

}  // namespace

CompilerSet::CompilerSet(std::filesystem::path corpus, std::filesystem::path oneshader_tool)
    : corpus_(std::move(corpus)), tool_(std::move(oneshader_tool))
{
    std::string pattern = (std::filesystem::temp_directory_path() / "oneshader-exec-XXXXXX").string();
    if (!mkdtemp(pattern.data()))
        throw std::runtime_error("cannot create a scratch directory under " +
                                 std::filesystem::temp_directory_path().string());
    scratch_ = pattern;
}

CompilerSet::~CompilerSet()
{
    std::error_code ignored;
    std::filesystem::remove_all(scratch_, ignored);
}

CompileResult CompilerSet::run(const std::vector<std::string>& arguments, const std::filesystem::path& output)
{
    CompileResult result;
    const auto log = scratch_ / ("log" + std::to_string(counter_) + ".txt");
    for (const auto& argument : arguments)
        result.command += (result.command.empty() ? "" : " ") + quote(argument);
    const int status = std::system((result.command + " > " + quote(log.string()) + " 2>&1").c_str());
    result.log = read_text(log);
    if (status == 0 && std::filesystem::exists(output))
    {
        result.spirv = read_words(output);
        result.status = CompileResult::Status::ok;
    }
    std::error_code ignored;
    std::filesystem::remove(output, ignored);
    std::filesystem::remove(log, ignored);
    return result;
}

CompileResult CompilerSet::compile_with_glslang(const Case& c, const Entry& entry)
{
    const auto source = corpus_ / c.shader;
    const auto output = scratch_ / ("glslang" + std::to_string(++counter_) + ".spv");
    // Vulkan 1.1 (SPIR-V 1.3): glslang 12 decorates HLSL storage buffers BufferBlock, which SPIR-V 1.4 and later
    // no longer allow, so it cannot target Vulkan 1.2 validly.
    // glslang numbers b/t/s/u registers from 0 each; shifting t, s and u keeps them apart in one set, as a
    // Vulkan descriptor set layout needs, and --amb gives append/consume counter buffers bindings of their own
    // (without it they all take 0). The runner finds every resource by name, so the numbers are free.
    std::vector<std::string> arguments = {"glslangValidator", "-D", "-V", "-S", glslang_stage(entry.stage), "-e",
                                          entry.name, "--target-env", "vulkan1.1", "--hlsl-iomap", "--amb", "--stb", "10",
                                          "--ssb", "20", "--suavb", "30"};
    for (const auto& define : c.defines)
        arguments.push_back("-D" + define);
    arguments.push_back("-I" + source.parent_path().string());
    arguments.insert(arguments.end(), c.glslang_flags.begin(), c.glslang_flags.end());
    arguments.push_back(source.string());
    arguments.push_back("-o");
    arguments.push_back(output.string());
    return run(arguments, output);
}

CompileResult CompilerSet::compile_with_oneshader(const Case& c, const Entry& entry, bool optimize)
{
    const auto source = corpus_ / c.shader;
    const auto output = scratch_ / ("oneshader" + std::to_string(++counter_) + ".spv");
    std::vector<std::string> arguments = {tool_.string(), "-T", profile(entry.stage), "-E", entry.name,
                                          optimize ? "-O3" : "-Od", "-fspv-target-env=vulkan1.2"};
    for (const auto& define : c.defines)
        arguments.push_back("-D" + define);
    arguments.push_back(source.string());
    arguments.push_back("-Fo");
    arguments.push_back(output.string());
    return run(arguments, output);
}

Compiler CompilerSet::glslang()
{
    return [this](const Case& c, const Entry& entry) { return compile_with_glslang(c, entry); };
}

Compiler CompilerSet::oneshader(bool optimize)
{
    return [this, optimize](const Case& c, const Entry& entry) { return compile_with_oneshader(c, entry, optimize); };
}

}  // namespace oneshader::exec
