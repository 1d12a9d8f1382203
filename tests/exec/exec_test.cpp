// exec_test.cpp - the execution tests: every corpus/cases/*.case runs on lavapipe, compiled by glslang (the
// reference) and by the oneshader tool at -O3 and -Od; outputs are compared with the glslang run and with C++
// references or literal values. CTest runs one case per test ("tests_exec 'execution cases' -c NAME").
#include "compare.hpp"
#include "compilers.hpp"
#include "references.hpp"
#include "vulkan_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>

namespace {

using namespace oneshader::exec;

const std::filesystem::path source_dir = ONESHADER_SOURCE_DIR;

std::vector<std::filesystem::path> case_files()
{
    std::vector<std::filesystem::path> files;
    for (const auto& item : std::filesystem::directory_iterator(source_dir / "corpus" / "cases"))
        if (item.path().extension() == ".case")
            files.push_back(item.path());
    std::sort(files.begin(), files.end());
    return files;
}

std::string join(const std::vector<std::string>& lines, std::size_t limit = 10)
{
    std::string text;
    for (std::size_t i = 0; i < lines.size() && i < limit; ++i)
        text += "  " + lines[i] + "\n";
    if (lines.size() > limit)
        text += "  ... " + std::to_string(lines.size() - limit) + " more\n";
    return text;
}

// Compiles every entry of the case; a compile failure fails the case with the compiler's messages (nullopt, so
// the other runs of the case still go ahead).
std::optional<std::vector<Module>> compile_all(const Case& c, const Compiler& compiler, const std::string& label)
{
    std::vector<Module> modules;
    for (const auto& entry : c.entries)
    {
        CompileResult compiled = compiler(c, entry);
        if (compiled.status != CompileResult::Status::ok)
        {
            FAIL_CHECK(label << " does not compile entry '" << entry.name << "'\n  command: " << compiled.command
                             << "\n" << compiled.log);
            return std::nullopt;
        }
        modules.push_back({&entry, std::move(compiled.spirv)});
    }
    return modules;
}

// Runs the modules; validation layer errors fail the case when `strict`, else they are warnings.
RunResult run_checked(VulkanRunner& runner, const Case& c, const std::vector<Module>& modules, const std::string& label,
                      bool strict)
{
    RunResult result;
    try
    {
        result = runner.run(c, modules);
    }
    catch (const std::exception& error)
    {
        FAIL(label << ": " << error.what());
    }
    if (strict)
    {
        INFO(label << ": validation layer errors:\n" << join(result.validation_errors));
        CHECK(result.validation_errors.empty());
    }
    else if (!result.validation_errors.empty())
        WARN(label << ": validation layer errors (expected for this case):\n" << join(result.validation_errors, 2));
    if (!result.notes.empty())
        WARN(label << ": other Vulkan messages:\n" << join(result.notes, 3));
    return result;
}

// Compares the outputs of a run with expectations; `label` names the run and `source` the expectation.
void check_outputs(const Case& c, const RunResult& run, const ExpectedOutputs& expected, bool prefix_only,
                   const std::string& label, const std::string& source)
{
    for (const auto& output : c.outputs)
    {
        auto it = expected.find(output.name);
        if (it == expected.end())
            continue;
        std::string report;
        const bool same = compare_output(c, output, run.outputs.at(output.name), it->second, prefix_only, report);
        INFO(c.path << ":" << output.line << ": " << label << " against " << source << ":\n" << report);
        CHECK(same);
    }
}

// A case whose output the run leaves as it was (the clear colour, the initial contents) tests little: say so.
void warn_unchanged(const Case& c, const RunResult& run)
{
    for (const auto& output : c.outputs)
    {
        Bytes before;
        if (output.name == "target")
        {
            std::vector<double> clear;
            for (std::uint32_t i = 0; i < c.target->width * c.target->height; ++i)
                clear.insert(clear.end(), c.target->clear, c.target->clear + c.target->format.components);
            before = encode_components(c.target->format, clear);
        }
        else
            before = c.find_resource(output.name)->contents;
        Bytes after = run.outputs.at(output.name);
        after.resize(before.size());
        if (after == before)
            WARN(c.path << ":" << output.line << ": output '" << output.name << "' is unchanged by the run");
    }
}

void run_case(const std::filesystem::path& file)
{
    Case c;
    try
    {
        c = parse_case(file.string());
    }
    catch (const std::exception& error)
    {
        FAIL(error.what());
    }
    std::optional<VulkanRunner> runner;
    try
    {
        runner.emplace();
    }
    catch (const std::exception& error)
    {
        FAIL("Vulkan on lavapipe is needed for the execution tests and is not usable here: " << error.what());
    }
    if (!runner->validation_enabled())
        WARN("the Khronos validation layer is not installed (apt-get install vulkan-validationlayers); running without it");

    // ONESHADER_EXEC_TOOL overrides the tool (to try the oneshader half with another build or a stand-in).
    const char* tool_override = std::getenv("ONESHADER_EXEC_TOOL");
    CompilerSet compilers(source_dir / "corpus", tool_override ? tool_override : ONESHADER_TOOL);
    ExpectedOutputs cpp_expected, literal_expected;
    if (!c.cpp_reference.empty())
    {
        ReferenceFunction reference = find_reference(c.cpp_reference);
        INFO("expect cpp " << c.cpp_reference);
        REQUIRE(reference != nullptr);
        cpp_expected = reference(c);
        for (const auto& [name, bytes] : cpp_expected)
        {
            INFO("the C++ reference returns '" << name << "', which is no output of the case");
            CHECK(c.find_output(name) != nullptr);
        }
    }
    for (const auto& literal : c.literals)
        literal_expected[literal.output] = literal.bytes;

    std::optional<RunResult> reference_run;
    if (c.glslang_reference)
    {
        const auto modules = compile_all(c, compilers.glslang(), "glslang");
        REQUIRE(modules.has_value());
        reference_run = run_checked(*runner, c, *modules, "glslang", true);
        warn_unchanged(c, *reference_run);
        check_outputs(c, *reference_run, cpp_expected, false, "glslang", "the C++ reference " + c.cpp_reference);
        check_outputs(c, *reference_run, literal_expected, true, "glslang", "the literal values");
    }
    else if (!c.glslang_wrong)
    {
        // "reference none": glslang's SPIR-V is known to be wrong or invalid for this case, so it is no reference;
        // it still runs, when it compiles, to check the case's C++ reference and literals against a real run.
        bool compiled = true;
        std::vector<Module> modules;
        for (const auto& entry : c.entries)
        {
            CompileResult result = compilers.compile_with_glslang(c, entry);
            compiled = compiled && result.status == CompileResult::Status::ok;
            modules.push_back({&entry, std::move(result.spirv)});
        }
        if (!compiled)
            WARN(c.name << ": glslang does not compile the case; only our compiler's runs check the expectations");
        else
        {
            const RunResult run = run_checked(*runner, c, modules, "glslang (no reference)", false);
            check_outputs(c, run, cpp_expected, false, "glslang", "the C++ reference " + c.cpp_reference);
            check_outputs(c, run, literal_expected, true, "glslang", "the literal values");
        }
    }

    for (bool optimize : {true, false})
    {
        const std::string label = optimize ? "oneshader -O3" : "oneshader -Od";
        const auto modules = compile_all(c, compilers.oneshader(optimize), label);
        if (!modules)
            continue;
        const RunResult run = run_checked(*runner, c, *modules, label, true);
        if (reference_run)
            check_outputs(c, run, reference_run->outputs, false, label, "glslang");
        check_outputs(c, run, cpp_expected, false, label, "the C++ reference " + c.cpp_reference);
        check_outputs(c, run, literal_expected, true, label, "the literal values");
    }
}

}  // namespace

TEST_CASE("execution cases", "[exec]")
{
    const auto files = case_files();
    REQUIRE(!files.empty());
    for (const auto& file : files)
    {
        DYNAMIC_SECTION(file.stem().string())
        {
            run_case(file);
        }
    }
}
