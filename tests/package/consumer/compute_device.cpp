#include "compute_device.hpp"

#include <vulkan/vulkan.h>

#include <algorithm>
#include <cstring>
#include <map>

namespace consumer {

struct ComputeDevice::State {
    VkInstance instance = VK_NULL_HANDLE;
    VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
    VkPhysicalDevice physical = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    std::uint32_t family = 0;
    VkPhysicalDeviceMemoryProperties memory{};
    bool validation = false;
    std::string name;
    std::string error;
    std::vector<std::string> messages;  // validation errors of the current run
};

namespace {

// A Vulkan structure zeroed but for its type.
template <class T>
T vk(VkStructureType type) {
    T t{};
    t.sType = type;
    return t;
}

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                          VkDebugUtilsMessageTypeFlagsEXT, const VkDebugUtilsMessengerCallbackDataEXT* data,
                                          void* user) {
    if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT)
        static_cast<std::vector<std::string>*>(user)->push_back(data->pMessage ? data->pMessage : "(no text)");
    return VK_FALSE;
}

std::string failed(const char* what, VkResult r) { return std::string(what) + " failed (VkResult " + std::to_string(int(r)) + ")"; }

// Every Vulkan object of one run, destroyed in reverse order whatever happens.
struct RunObjects {
    VkDevice device;
    std::vector<VkBuffer> buffers;
    std::vector<VkDeviceMemory> memories;
    std::vector<VkDescriptorSetLayout> set_layouts;
    VkDescriptorPool pool = VK_NULL_HANDLE;
    VkPipelineLayout layout = VK_NULL_HANDLE;
    VkShaderModule module = VK_NULL_HANDLE;
    VkPipeline pipeline = VK_NULL_HANDLE;
    VkCommandPool commands = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;
    explicit RunObjects(VkDevice d) : device(d) {}
    RunObjects(const RunObjects&) = delete;
    RunObjects& operator=(const RunObjects&) = delete;
    ~RunObjects() {
        vkDestroyFence(device, fence, nullptr);
        vkDestroyCommandPool(device, commands, nullptr);
        vkDestroyPipeline(device, pipeline, nullptr);
        vkDestroyShaderModule(device, module, nullptr);
        vkDestroyPipelineLayout(device, layout, nullptr);
        vkDestroyDescriptorPool(device, pool, nullptr);
        for (VkDescriptorSetLayout l : set_layouts) vkDestroyDescriptorSetLayout(device, l, nullptr);
        for (VkBuffer b : buffers) vkDestroyBuffer(device, b, nullptr);
        for (VkDeviceMemory m : memories) vkFreeMemory(device, m, nullptr);
    }
};

}  // namespace

ComputeDevice::ComputeDevice() : state_(std::make_unique<State>()) {
    State& s = *state_;
    std::uint32_t count = 0;
    if (vkEnumerateInstanceLayerProperties(&count, nullptr) != VK_SUCCESS) {
        s.error = "the Vulkan loader does not answer (install libvulkan1 and mesa-vulkan-drivers)";
        return;
    }
    std::vector<VkLayerProperties> layers(count);
    vkEnumerateInstanceLayerProperties(&count, layers.data());
    s.validation = std::any_of(layers.begin(), layers.end(),
                               [](const VkLayerProperties& l) { return std::strcmp(l.layerName, kValidationLayer) == 0; });

    auto app = vk<VkApplicationInfo>(VK_STRUCTURE_TYPE_APPLICATION_INFO);
    app.pApplicationName = "oneshader package consumer";
    app.apiVersion = VK_API_VERSION_1_2;
    auto messenger = vk<VkDebugUtilsMessengerCreateInfoEXT>(VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT);
    messenger.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    messenger.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
    messenger.pfnUserCallback = on_message;
    messenger.pUserData = &s.messages;
    const char* layer = kValidationLayer;
    const char* extension = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
    auto info = vk<VkInstanceCreateInfo>(VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO);
    info.pApplicationInfo = &app;
    if (s.validation) {
        info.enabledLayerCount = 1;
        info.ppEnabledLayerNames = &layer;
        info.enabledExtensionCount = 1;
        info.ppEnabledExtensionNames = &extension;
        info.pNext = &messenger;
    }
    if (VkResult r = vkCreateInstance(&info, nullptr, &s.instance); r != VK_SUCCESS) {
        s.error = failed("vkCreateInstance", r) + ": is a Vulkan driver installed? (mesa-vulkan-drivers)";
        return;
    }
    if (s.validation) {
        auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(s.instance, "vkCreateDebugUtilsMessengerEXT"));
        if (create) create(s.instance, &messenger, nullptr, &s.messenger);
    }

    count = 0;
    vkEnumeratePhysicalDevices(s.instance, &count, nullptr);
    std::vector<VkPhysicalDevice> devices(count);
    vkEnumeratePhysicalDevices(s.instance, &count, devices.data());
    std::string seen;
    for (VkPhysicalDevice d : devices) {
        VkPhysicalDeviceProperties p;
        vkGetPhysicalDeviceProperties(d, &p);
        seen += (seen.empty() ? "" : ", ") + std::string(p.deviceName);
        if (!s.physical && std::strstr(p.deviceName, "llvmpipe")) {
            s.physical = d;
            s.name = p.deviceName;
        }
    }
    if (!s.physical) {
        s.error = "no lavapipe (llvmpipe) device; devices seen: [" + seen + "] (install mesa-vulkan-drivers)";
        return;
    }
    vkGetPhysicalDeviceMemoryProperties(s.physical, &s.memory);
    count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(s.physical, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(s.physical, &count, families.data());
    auto compute = std::find_if(families.begin(), families.end(),
                                [](const VkQueueFamilyProperties& f) { return (f.queueFlags & VK_QUEUE_COMPUTE_BIT) != 0; });
    if (compute == families.end()) {
        s.error = "lavapipe has no compute queue";
        return;
    }
    s.family = std::uint32_t(compute - families.begin());
    const float priority = 1.0f;
    auto queue = vk<VkDeviceQueueCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO);
    queue.queueFamilyIndex = s.family;
    queue.queueCount = 1;
    queue.pQueuePriorities = &priority;
    auto device_info = vk<VkDeviceCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO);
    device_info.queueCreateInfoCount = 1;
    device_info.pQueueCreateInfos = &queue;
    if (VkResult r = vkCreateDevice(s.physical, &device_info, nullptr, &s.device); r != VK_SUCCESS) {
        s.error = failed("vkCreateDevice", r);
        return;
    }
    vkGetDeviceQueue(s.device, s.family, 0, &s.queue);
}

ComputeDevice::~ComputeDevice() {
    State& s = *state_;
    if (s.device) vkDestroyDevice(s.device, nullptr);
    if (s.messenger) {
        auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(s.instance, "vkDestroyDebugUtilsMessengerEXT"));
        if (destroy) destroy(s.instance, s.messenger, nullptr);
    }
    if (s.instance) vkDestroyInstance(s.instance, nullptr);
}

const std::string& ComputeDevice::error() const { return state_->error; }
const std::string& ComputeDevice::name() const { return state_->name; }
bool ComputeDevice::validation() const { return state_->validation; }

std::string ComputeDevice::run(Dispatch& dispatch) {
    State& s = *state_;
    if (!s.error.empty()) return s.error;
    s.messages.clear();
    RunObjects o(s.device);
    VkDevice device = s.device;

    // Host-visible, coherent buffers: lavapipe's memory is all of that, and it keeps the upload
    // and read-back to a memcpy.
    for (Buffer& b : dispatch.buffers) {
        auto info = vk<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
        info.size = std::max<std::size_t>(b.bytes.size(), 16);
        info.usage = b.kind == BufferKind::Uniform ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
        VkBuffer buffer;
        if (VkResult r = vkCreateBuffer(device, &info, nullptr, &buffer); r != VK_SUCCESS) return failed("vkCreateBuffer", r);
        o.buffers.push_back(buffer);
        VkMemoryRequirements req;
        vkGetBufferMemoryRequirements(device, buffer, &req);
        const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
        std::uint32_t type = 0;
        while (type < s.memory.memoryTypeCount &&
               !((req.memoryTypeBits & (1u << type)) && (s.memory.memoryTypes[type].propertyFlags & want) == want))
            ++type;
        if (type == s.memory.memoryTypeCount) return "no host-visible coherent memory type";
        auto alloc = vk<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
        alloc.allocationSize = req.size;
        alloc.memoryTypeIndex = type;
        VkDeviceMemory memory;
        if (VkResult r = vkAllocateMemory(device, &alloc, nullptr, &memory); r != VK_SUCCESS) return failed("vkAllocateMemory", r);
        o.memories.push_back(memory);
        vkBindBufferMemory(device, buffer, memory, 0);
        void* mapped = nullptr;
        vkMapMemory(device, memory, 0, VK_WHOLE_SIZE, 0, &mapped);
        std::memset(mapped, 0, req.size);
        std::memcpy(mapped, b.bytes.data(), b.bytes.size());
        vkUnmapMemory(device, memory);
    }

    // One set layout per set number up to the highest one used, each with the bindings given.
    std::map<std::uint32_t, std::vector<VkDescriptorSetLayoutBinding>> per_set;
    std::uint32_t sets = 0;
    if (!dispatch.layout.empty()) {
        for (const LayoutBinding& l : dispatch.layout) {
            VkDescriptorSetLayoutBinding binding{};
            binding.binding = l.binding;
            binding.descriptorType = VkDescriptorType(l.descriptor_type);
            binding.descriptorCount = l.count;
            binding.stageFlags = l.stage_flags;
            per_set[l.set].push_back(binding);
        }
        sets = dispatch.set_count;
        for (const Buffer& b : dispatch.buffers) {
            bool found = false;
            for (const LayoutBinding& l : dispatch.layout) found = found || (l.set == b.set && l.binding == b.binding);
            if (!found)
                return "a buffer at set " + std::to_string(b.set) + " binding " + std::to_string(b.binding) +
                       " has no binding in the layout";
        }
    } else {
        for (const Buffer& b : dispatch.buffers) {
            VkDescriptorSetLayoutBinding binding{};
            binding.binding = b.binding;
            binding.descriptorType = b.kind == BufferKind::Uniform ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            binding.descriptorCount = 1;
            binding.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
            per_set[b.set].push_back(binding);
            sets = std::max(sets, b.set + 1);
        }
    }
    for (std::uint32_t set = 0; set < sets; ++set) {
        auto info = vk<VkDescriptorSetLayoutCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
        info.bindingCount = std::uint32_t(per_set[set].size());
        info.pBindings = per_set[set].data();
        VkDescriptorSetLayout layout;
        if (VkResult r = vkCreateDescriptorSetLayout(device, &info, nullptr, &layout); r != VK_SUCCESS)
            return failed("vkCreateDescriptorSetLayout", r);
        o.set_layouts.push_back(layout);
    }
    const VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 16}, {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 16}};
    auto pool_info = vk<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
    pool_info.maxSets = std::max<std::uint32_t>(sets, 1);
    pool_info.poolSizeCount = 2;
    pool_info.pPoolSizes = sizes;
    if (VkResult r = vkCreateDescriptorPool(device, &pool_info, nullptr, &o.pool); r != VK_SUCCESS)
        return failed("vkCreateDescriptorPool", r);
    std::vector<VkDescriptorSet> descriptor_sets(sets);
    if (sets) {
        auto alloc = vk<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
        alloc.descriptorPool = o.pool;
        alloc.descriptorSetCount = sets;
        alloc.pSetLayouts = o.set_layouts.data();
        if (VkResult r = vkAllocateDescriptorSets(device, &alloc, descriptor_sets.data()); r != VK_SUCCESS)
            return failed("vkAllocateDescriptorSets", r);
    }
    std::vector<VkDescriptorBufferInfo> infos(dispatch.buffers.size());
    std::vector<VkWriteDescriptorSet> writes;
    for (std::size_t i = 0; i < dispatch.buffers.size(); ++i) {
        const Buffer& b = dispatch.buffers[i];
        infos[i] = {o.buffers[i], 0, VK_WHOLE_SIZE};
        auto w = vk<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
        w.dstSet = descriptor_sets[b.set];
        w.dstBinding = b.binding;
        w.descriptorCount = 1;
        w.descriptorType = b.kind == BufferKind::Uniform ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        w.pBufferInfo = &infos[i];
        writes.push_back(w);
    }
    vkUpdateDescriptorSets(device, std::uint32_t(writes.size()), writes.data(), 0, nullptr);

    auto layout_info = vk<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
    layout_info.setLayoutCount = sets;
    layout_info.pSetLayouts = o.set_layouts.data();
    if (VkResult r = vkCreatePipelineLayout(device, &layout_info, nullptr, &o.layout); r != VK_SUCCESS)
        return failed("vkCreatePipelineLayout", r);
    auto module_info = vk<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
    module_info.codeSize = dispatch.spirv.size() * sizeof(std::uint32_t);
    module_info.pCode = dispatch.spirv.data();
    if (VkResult r = vkCreateShaderModule(device, &module_info, nullptr, &o.module); r != VK_SUCCESS)
        return failed("vkCreateShaderModule", r);
    auto pipeline_info = vk<VkComputePipelineCreateInfo>(VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO);
    pipeline_info.stage = vk<VkPipelineShaderStageCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
    pipeline_info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pipeline_info.stage.module = o.module;
    pipeline_info.stage.pName = dispatch.entry_point;
    pipeline_info.layout = o.layout;
    if (VkResult r = vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipeline_info, nullptr, &o.pipeline); r != VK_SUCCESS)
        return failed("vkCreateComputePipelines", r);

    auto pool = vk<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
    pool.queueFamilyIndex = s.family;
    if (VkResult r = vkCreateCommandPool(device, &pool, nullptr, &o.commands); r != VK_SUCCESS) return failed("vkCreateCommandPool", r);
    auto cb_info = vk<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
    cb_info.commandPool = o.commands;
    cb_info.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    cb_info.commandBufferCount = 1;
    VkCommandBuffer cb;
    if (VkResult r = vkAllocateCommandBuffers(device, &cb_info, &cb); r != VK_SUCCESS) return failed("vkAllocateCommandBuffers", r);
    auto begin = vk<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    vkBeginCommandBuffer(cb, &begin);
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, o.pipeline);
    if (sets) vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, o.layout, 0, sets, descriptor_sets.data(), 0, nullptr);
    vkCmdDispatch(cb, dispatch.groups_x, 1, 1);
    auto barrier = vk<VkMemoryBarrier>(VK_STRUCTURE_TYPE_MEMORY_BARRIER);
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, nullptr, 0, nullptr);
    vkEndCommandBuffer(cb);
    auto fence = vk<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
    vkCreateFence(device, &fence, nullptr, &o.fence);
    auto submit = vk<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cb;
    if (VkResult r = vkQueueSubmit(s.queue, 1, &submit, o.fence); r != VK_SUCCESS) return failed("vkQueueSubmit", r);
    if (VkResult r = vkWaitForFences(device, 1, &o.fence, VK_TRUE, UINT64_MAX); r != VK_SUCCESS) return failed("vkWaitForFences", r);

    for (std::size_t i = 0; i < dispatch.buffers.size(); ++i) {
        void* mapped = nullptr;
        vkMapMemory(device, o.memories[i], 0, VK_WHOLE_SIZE, 0, &mapped);
        std::memcpy(dispatch.buffers[i].bytes.data(), mapped, dispatch.buffers[i].bytes.size());
        vkUnmapMemory(device, o.memories[i]);
    }
    if (!s.messages.empty()) return "validation error: " + s.messages.front();
    return {};
}

}  // namespace consumer
