// vulkan_runner.hpp - runs a case's SPIR-V on a Vulkan device (Mesa's lavapipe, the CPU driver) with the Khronos
// validation layer on: creates the case's buffers, images and samplers, binds them by name through minimal SPIR-V
// reflection, makes its descriptor set layouts, pipeline layout, push-constant ranges, vertex input and
// specialization info with oneshader::layouts (case_layouts.hpp), records the dispatches and draws, and reads back
// the outputs.
#pragma once

#include "case_file.hpp"
#include "spirv_names.hpp"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace oneshader::exec {

// One compiled entry point of a case.
struct Module
{
    const Entry* entry = nullptr;
    std::vector<std::uint32_t> spirv;
};

struct RunResult
{
    std::map<std::string, Bytes> outputs;       // by output name ("target" for the render target)
    std::vector<std::string> validation_errors; // Khronos validation layer errors: each fails the case
    std::vector<std::string> notes;             // other layer and loader messages (warnings)
};

class VulkanRunner
{
public:
    // Creates the instance (validation layer when installed) and the device on lavapipe (llvmpipe).
    // Throws std::runtime_error with an explanation when Vulkan or lavapipe is missing.
    VulkanRunner();
    ~VulkanRunner();
    VulkanRunner(const VulkanRunner&) = delete;
    VulkanRunner& operator=(const VulkanRunner&) = delete;

    const std::string& device_name() const;
    bool validation_enabled() const;

    // Runs all steps of `c` with the given modules (one per entry). Throws std::runtime_error on a setup error.
    // `y_up` draws with a negative-height viewport and clockwise front faces, so that clip-space y points up as
    // in WebGPU and Metal (the same vertices land on the same rows there).
    RunResult run(const Case& c, const std::vector<Module>& modules, bool y_up = false);

    struct State;  // the instance, device and queue (defined in vulkan_runner.cpp)

private:
    std::unique_ptr<State> state_;
};

}  // namespace oneshader::exec
