// compute_device.hpp - the smallest Vulkan compute dispatch a program needs, on Mesa's lavapipe (the
// CPU driver) with the Khronos validation layer when it is installed: one descriptor set of
// buffers, laid out from the binding facts a generated header gives, one dispatch, buffers read
// back. Errors are returned as text; a validation message counts as one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace consumer {

enum class BufferKind { Uniform, Storage };

// One buffer of the dispatch, at the set and binding the shader declares.
struct Buffer {
    std::uint32_t set = 0;
    std::uint32_t binding = 0;
    BufferKind kind = BufferKind::Storage;
    std::vector<std::byte> bytes;  // uploaded before, read back after the dispatch
};

// One VkDescriptorSetLayoutBinding of set `set`, with the numeric values of Vulkan's enums.
struct LayoutBinding {
    std::uint32_t set = 0;
    std::uint32_t binding = 0;
    std::uint32_t descriptor_type = 0;  // VkDescriptorType
    std::uint32_t count = 1;
    std::uint32_t stage_flags = 0;      // VkShaderStageFlags
};

struct Dispatch {
    std::span<const std::uint32_t> spirv;
    const char* entry_point = "main";
    std::uint32_t groups_x = 1;
    std::vector<Buffer> buffers;
    // The descriptor set layouts, as a pipeline layout description gives them; when empty, one
    // compute binding per buffer. Each buffer must then sit at one of these bindings.
    std::vector<LayoutBinding> layout;
    std::uint32_t set_count = 0;  // with `layout`: the number of set layouts (empty ones included)
};

class ComputeDevice {
public:
    ComputeDevice();
    ~ComputeDevice();
    ComputeDevice(const ComputeDevice&) = delete;
    ComputeDevice& operator=(const ComputeDevice&) = delete;

    // Empty when the device is ready; else why not (no loader, no lavapipe, ...).
    const std::string& error() const;
    const std::string& name() const;
    bool validation() const;

    // Runs the dispatch and replaces each buffer's bytes with what the shader left there. Returns
    // the first problem, empty on success.
    std::string run(Dispatch& dispatch);

    struct State;

private:
    std::unique_ptr<State> state_;
};

}  // namespace consumer
