// vulkan_runner.cpp - the Vulkan side of the execution tests (see vulkan_runner.hpp and docs/execution-tests.md).
#include "vulkan_runner.hpp"

#include "case_layouts.hpp"

#include <vulkan/vulkan.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <set>
#include <stdexcept>

namespace oneshader::exec {

namespace {

constexpr const char* validation_layer = "VK_LAYER_KHRONOS_validation";

void check(VkResult result, const char* what)
{
    if (result != VK_SUCCESS)
        throw std::runtime_error(std::string(what) + " failed (VkResult " + std::to_string(static_cast<int>(result)) + ")");
}

struct Messages
{
    std::vector<std::string> errors;
    std::vector<std::string> notes;
};

VKAPI_ATTR VkBool32 VKAPI_CALL debug_callback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                              VkDebugUtilsMessageTypeFlagsEXT type,
                                              const VkDebugUtilsMessengerCallbackDataEXT* data, void* user)
{
    auto* messages = static_cast<Messages*>(user);
    const std::string text = data && data->pMessage ? data->pMessage : "(no message)";
    if ((severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) != 0 &&
        (type & VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT) != 0)
        messages->errors.push_back(text);
    else
        messages->notes.push_back(text);
    return VK_FALSE;
}

VkShaderStageFlagBits shader_stage(Stage stage)
{
    switch (stage)
    {
    case Stage::compute: return VK_SHADER_STAGE_COMPUTE_BIT;
    case Stage::vertex: return VK_SHADER_STAGE_VERTEX_BIT;
    case Stage::pixel: return VK_SHADER_STAGE_FRAGMENT_BIT;
    }
    return VK_SHADER_STAGE_COMPUTE_BIT;
}

// A Vulkan info structure with its sType set and everything else zero.
template <typename T>
T vk_struct(VkStructureType type)
{
    T value{};
    value.sType = type;
    return value;
}

std::size_t round_up(std::size_t value, std::size_t multiple) { return (value + multiple - 1) / multiple * multiple; }

}  // namespace

struct VulkanRunner::State
{
    Messages messages;
    VkInstance instance = VK_NULL_HANDLE;
    VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
    VkPhysicalDevice physical = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    std::uint32_t queue_family = 0;
    VkPhysicalDeviceMemoryProperties memory{};
    std::string device_name;
    bool validation = false;

    std::uint32_t memory_type(std::uint32_t allowed, VkMemoryPropertyFlags wanted) const
    {
        for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i)
            if ((allowed & (1u << i)) != 0 && (memory.memoryTypes[i].propertyFlags & wanted) == wanted)
                return i;
        throw std::runtime_error("no suitable Vulkan memory type");
    }
};

namespace {

// Everything one run creates; destroyed in reverse order of creation.
class Objects
{
public:
    explicit Objects(VkDevice device) : device_(device) {}
    ~Objects()
    {
        for (auto it = destroyers_.rbegin(); it != destroyers_.rend(); ++it)
            (*it)();
    }
    Objects(const Objects&) = delete;
    Objects& operator=(const Objects&) = delete;
    void add(std::function<void()> destroy) { destroyers_.push_back(std::move(destroy)); }
    VkDevice device() const { return device_; }

private:
    VkDevice device_;
    std::vector<std::function<void()>> destroyers_;
};

struct Buffer
{
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    void* mapped = nullptr;
    std::size_t size = 0;
};

Buffer make_buffer(const VulkanRunner::State& s, Objects& objects, std::size_t size, VkBufferUsageFlags usage)
{
    Buffer b;
    b.size = std::max<std::size_t>(round_up(size, 16), 16);
    auto info = vk_struct<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
    info.size = b.size;
    info.usage = usage;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    check(vkCreateBuffer(s.device, &info, nullptr, &b.buffer), "vkCreateBuffer");
    VkBuffer handle = b.buffer;
    VkDevice device = s.device;
    objects.add([device, handle] { vkDestroyBuffer(device, handle, nullptr); });
    VkMemoryRequirements requirements;
    vkGetBufferMemoryRequirements(s.device, b.buffer, &requirements);
    auto allocate = vk_struct<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex =
        s.memory_type(requirements.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    check(vkAllocateMemory(s.device, &allocate, nullptr, &b.memory), "vkAllocateMemory");
    VkDeviceMemory memory = b.memory;
    objects.add([device, memory] { vkFreeMemory(device, memory, nullptr); });
    check(vkBindBufferMemory(s.device, b.buffer, b.memory, 0), "vkBindBufferMemory");
    check(vkMapMemory(s.device, b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped), "vkMapMemory");
    std::memset(b.mapped, 0, b.size);
    return b;
}

struct Image
{
    VkImage image = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
    std::uint32_t width = 0, height = 0, layers = 1;
    Format format;
};

Image make_image(const VulkanRunner::State& s, Objects& objects, const Format& format, std::uint32_t width,
                 std::uint32_t height, std::uint32_t layers, VkImageUsageFlags usage, bool make_view)
{
    Image im;
    im.width = width;
    im.height = height;
    im.layers = layers;
    im.format = format;
    auto info = vk_struct<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
    info.imageType = VK_IMAGE_TYPE_2D;
    info.format = static_cast<VkFormat>(format.vk_format);
    info.extent = {width, height, 1};
    info.mipLevels = 1;
    info.arrayLayers = layers;
    info.samples = VK_SAMPLE_COUNT_1_BIT;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage = usage;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    check(vkCreateImage(s.device, &info, nullptr, &im.image), "vkCreateImage");
    VkDevice device = s.device;
    VkImage handle = im.image;
    objects.add([device, handle] { vkDestroyImage(device, handle, nullptr); });
    VkMemoryRequirements requirements;
    vkGetImageMemoryRequirements(s.device, im.image, &requirements);
    auto allocate = vk_struct<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex = s.memory_type(requirements.memoryTypeBits, 0);
    VkDeviceMemory memory = VK_NULL_HANDLE;
    check(vkAllocateMemory(s.device, &allocate, nullptr, &memory), "vkAllocateMemory");
    objects.add([device, memory] { vkFreeMemory(device, memory, nullptr); });
    check(vkBindImageMemory(s.device, im.image, memory, 0), "vkBindImageMemory");
    if (make_view)
    {
        auto view = vk_struct<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
        view.image = im.image;
        view.viewType = layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D;
        view.format = info.format;
        view.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, layers};
        check(vkCreateImageView(s.device, &view, nullptr, &im.view), "vkCreateImageView");
        VkImageView view_handle = im.view;
        objects.add([device, view_handle] { vkDestroyImageView(device, view_handle, nullptr); });
    }
    return im;
}

void image_barrier(VkCommandBuffer cmd, VkImage image, std::uint32_t layers, VkImageLayout from, VkImageLayout to)
{
    auto barrier = vk_struct<VkImageMemoryBarrier>(VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER);
    barrier.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT;
    barrier.oldLayout = from;
    barrier.newLayout = to;
    barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.image = image;
    barrier.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, layers};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 0, nullptr, 0,
                         nullptr, 1, &barrier);
}

void memory_barrier(VkCommandBuffer cmd)
{
    auto barrier = vk_struct<VkMemoryBarrier>(VK_STRUCTURE_TYPE_MEMORY_BARRIER);
    barrier.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &barrier, 0,
                         nullptr, 0, nullptr);
}

VkBufferImageCopy whole_image(const Image& im)
{
    VkBufferImageCopy copy{};
    copy.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, im.layers};
    copy.imageExtent = {im.width, im.height, 1};
    return copy;
}

// The resource of the case a SPIR-V binding stands for, or nullptr.
const Resource* match(const Case& c, const SpirvBinding& b)
{
    for (const std::string* name : {&b.variable_name, &b.type_name})
    {
        if (name->empty())
            continue;
        for (const auto& r : c.resources)
            if (std::find(r.names.begin(), r.names.end(), *name) != r.names.end())
                return &r;
    }
    if (b.variable_name.empty() && b.type_name.empty())
        for (const auto& r : c.resources)
            if (r.set == b.set && r.binding == b.binding)
                return &r;
    return nullptr;
}

// The case's entry layouts with each resource at the slot the runner binds it (its module's, moved apart where
// DXC's rules share one binding), merged into the one layout every step of the case uses.
struct BoundLayouts
{
    std::vector<layouts::EntryLayout> entries;
    layouts::vulkan::PipelineLayoutInfo vulkan;

    const layouts::EntryLayout& entry(const std::string& name) const
    {
        for (const auto& e : entries)
            if (e.entry_point == name)
                return e;
        throw std::runtime_error("no layout for entry '" + name + "'");
    }
};

const Resource* case_resource(const Case& c, std::initializer_list<std::string> names)
{
    for (const auto& r : c.resources)
        for (const std::string& name : names)
            if (std::find(r.names.begin(), r.names.end(), name) != r.names.end())
                return &r;
    return nullptr;
}

BoundLayouts bind_layouts(const Case& c, const std::map<std::pair<std::uint32_t, std::uint32_t>, const Resource*>& slots)
{
    CaseLayouts made = make_case_layouts(c);
    check_specializations(c, made);
    std::map<const Resource*, std::pair<std::uint32_t, std::uint32_t>> slot_of;
    for (const auto& [slot, r] : slots)
        slot_of.emplace(r, slot);
    auto place = [&](TargetSlot& slot, const Resource* r) {
        auto it = r ? slot_of.find(r) : slot_of.end();
        if (it == slot_of.end())
            return false;
        slot.set = it->second.first;
        slot.binding = it->second.second;
        return true;
    };
    BoundLayouts bound;
    for (layouts::EntryLayout e : made.entries)
    {
        std::vector<layouts::ResourceLayout> kept;
        for (layouts::ResourceLayout& res : e.resources)
        {
            bool placed = false;
            for (TargetSlot& slot : res.slots)
                if (slot.target == Target::SpirV)
                    placed = place(slot, case_resource(c, {res.name}));
            // A resource no module binds (its compiler removed the unused declaration) stays out of the layout.
            if (!placed)
                continue;
            std::erase_if(res.counter_slots, [&](TargetSlot& slot) {
                return slot.target != Target::SpirV ||
                       !place(slot, case_resource(c, {res.name + "@count", "counter.var." + res.name}));
            });
            kept.push_back(std::move(res));
        }
        e.resources = std::move(kept);
        bound.entries.push_back(std::move(e));
    }
    auto pipeline = layouts::PipelineLayout::create_union(bound.entries);
    if (!pipeline)
        throw std::runtime_error("the case's pipeline layout: " + pipeline.error().message);
    auto vulkan = pipeline->to_vulkan();
    if (!vulkan)
        throw std::runtime_error("the case's Vulkan layout: " + vulkan.error().message);
    bound.vulkan = std::move(vulkan).value();
    return bound;
}

}  // namespace

VulkanRunner::VulkanRunner() : state_(std::make_unique<State>())
{
    State& s = *state_;
    std::uint32_t count = 0;
    if (vkEnumerateInstanceLayerProperties(&count, nullptr) != VK_SUCCESS)
        throw std::runtime_error("the Vulkan loader does not answer (install libvulkan1 and mesa-vulkan-drivers)");
    std::vector<VkLayerProperties> layers(count);
    vkEnumerateInstanceLayerProperties(&count, layers.data());
    for (const auto& layer : layers)
        if (std::strcmp(layer.layerName, validation_layer) == 0)
            s.validation = true;
    count = 0;
    vkEnumerateInstanceExtensionProperties(nullptr, &count, nullptr);
    std::vector<VkExtensionProperties> extensions(count);
    vkEnumerateInstanceExtensionProperties(nullptr, &count, extensions.data());
    bool debug_utils = s.validation;  // the validation layer provides it
    for (const auto& extension : extensions)
        if (std::strcmp(extension.extensionName, VK_EXT_DEBUG_UTILS_EXTENSION_NAME) == 0)
            debug_utils = true;

    auto app = vk_struct<VkApplicationInfo>(VK_STRUCTURE_TYPE_APPLICATION_INFO);
    app.pApplicationName = "oneshader tests_exec";
    app.apiVersion = VK_API_VERSION_1_2;
    auto messenger = vk_struct<VkDebugUtilsMessengerCreateInfoEXT>(VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT);
    messenger.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    messenger.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                            VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    messenger.pfnUserCallback = debug_callback;
    messenger.pUserData = &s.messages;
    const char* layer_names[] = {validation_layer};
    const char* extension_names[] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
    auto info = vk_struct<VkInstanceCreateInfo>(VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO);
    info.pApplicationInfo = &app;
    info.enabledLayerCount = s.validation ? 1 : 0;
    info.ppEnabledLayerNames = layer_names;
    info.enabledExtensionCount = debug_utils ? 1 : 0;
    info.ppEnabledExtensionNames = extension_names;
    info.pNext = debug_utils ? &messenger : nullptr;
    if (VkResult result = vkCreateInstance(&info, nullptr, &s.instance); result != VK_SUCCESS)
        throw std::runtime_error("vkCreateInstance failed (VkResult " + std::to_string(static_cast<int>(result)) +
                                 "): is a Vulkan driver installed? (apt-get install mesa-vulkan-drivers)");
    if (debug_utils)
    {
        auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(s.instance, "vkCreateDebugUtilsMessengerEXT"));
        if (create)
            check(create(s.instance, &messenger, nullptr, &s.messenger), "vkCreateDebugUtilsMessengerEXT");
    }

    count = 0;
    vkEnumeratePhysicalDevices(s.instance, &count, nullptr);
    std::vector<VkPhysicalDevice> devices(count);
    vkEnumeratePhysicalDevices(s.instance, &count, devices.data());
    std::string seen;
    for (VkPhysicalDevice device : devices)
    {
        VkPhysicalDeviceProperties properties;
        vkGetPhysicalDeviceProperties(device, &properties);
        seen += std::string(seen.empty() ? "" : ", ") + properties.deviceName;
        if (std::string(properties.deviceName).find("llvmpipe") != std::string::npos)
        {
            s.physical = device;
            s.device_name = properties.deviceName;
        }
    }
    if (!s.physical)
        throw std::runtime_error("no lavapipe (llvmpipe) Vulkan device; devices seen: [" + seen +
                                 "] (apt-get install mesa-vulkan-drivers)");
    vkGetPhysicalDeviceMemoryProperties(s.physical, &s.memory);

    count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(s.physical, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(s.physical, &count, families.data());
    bool found = false;
    for (std::uint32_t i = 0; i < count && !found; ++i)
        if ((families[i].queueFlags & (VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT)) ==
            (VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT))
        {
            s.queue_family = i;
            found = true;
        }
    if (!found)
        throw std::runtime_error("lavapipe has no graphics+compute queue");

    // Every feature the device has, except robust buffer access (it would hide out-of-bounds bugs).
    auto features12 = vk_struct<VkPhysicalDeviceVulkan12Features>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES);
    auto features11 = vk_struct<VkPhysicalDeviceVulkan11Features>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES);
    features11.pNext = &features12;
    auto features = vk_struct<VkPhysicalDeviceFeatures2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
    features.pNext = &features11;
    // The packed dot products of dot4add (SPV_KHR_integer_dot_product), where the device has them.
    std::uint32_t extension_count = 0;
    vkEnumerateDeviceExtensionProperties(s.physical, nullptr, &extension_count, nullptr);
    std::vector<VkExtensionProperties> device_properties(extension_count);
    vkEnumerateDeviceExtensionProperties(s.physical, nullptr, &extension_count, device_properties.data());
    std::vector<const char*> device_extensions;
    auto dot_product = vk_struct<VkPhysicalDeviceShaderIntegerDotProductFeatures>(
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_FEATURES);
    // Float atomics (SM 6.6's float InterlockedExchange is OpAtomicExchange on a float).
    auto float_atomics = vk_struct<VkPhysicalDeviceShaderAtomicFloatFeaturesEXT>(
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT);
    void** chain_end = &features12.pNext;
    auto chain = [&](const char* name, auto& feature_struct) {
        for (const VkExtensionProperties& e : device_properties)
            if (std::strcmp(e.extensionName, name) == 0)
            {
                device_extensions.push_back(name);
                *chain_end = &feature_struct;
                chain_end = &feature_struct.pNext;
                return;
            }
    };
    chain(VK_KHR_SHADER_INTEGER_DOT_PRODUCT_EXTENSION_NAME, dot_product);
    chain(VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME, float_atomics);
    vkGetPhysicalDeviceFeatures2(s.physical, &features);
    features.features.robustBufferAccess = VK_FALSE;

    const float priority = 1.0f;
    auto queue = vk_struct<VkDeviceQueueCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO);
    queue.queueFamilyIndex = s.queue_family;
    queue.queueCount = 1;
    queue.pQueuePriorities = &priority;
    auto device_info = vk_struct<VkDeviceCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO);
    device_info.pNext = &features;
    device_info.queueCreateInfoCount = 1;
    device_info.pQueueCreateInfos = &queue;
    device_info.enabledExtensionCount = static_cast<std::uint32_t>(device_extensions.size());
    device_info.ppEnabledExtensionNames = device_extensions.data();
    check(vkCreateDevice(s.physical, &device_info, nullptr, &s.device), "vkCreateDevice");
    vkGetDeviceQueue(s.device, s.queue_family, 0, &s.queue);
}

VulkanRunner::~VulkanRunner()
{
    State& s = *state_;
    if (s.device)
        vkDestroyDevice(s.device, nullptr);
    if (s.messenger)
    {
        auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(s.instance, "vkDestroyDebugUtilsMessengerEXT"));
        if (destroy)
            destroy(s.instance, s.messenger, nullptr);
    }
    if (s.instance)
        vkDestroyInstance(s.instance, nullptr);
}

const std::string& VulkanRunner::device_name() const { return state_->device_name; }
bool VulkanRunner::validation_enabled() const { return state_->validation; }

RunResult VulkanRunner::run(const Case& c, const std::vector<Module>& modules, bool y_up)
{
    State& s = *state_;
    s.messages = {};
    RunResult result;
    {
        Objects objects(s.device);
        VkDevice device = s.device;

        // Reflection: which resource sits at which set and binding. DXC's binding rules (and so oneshader's) give
        // register(b0), register(t0) and register(u0) the same binding; the runner finds resources by name, so
        // it moves a resource that meets another one on its binding to a free binding of its set, in the copy
        // of the module it runs.
        std::map<std::pair<std::uint32_t, std::uint32_t>, const Resource*> slots;
        std::map<std::pair<std::uint32_t, const Resource*>, std::uint32_t> moved;  // (set, resource) -> binding
        std::vector<SpirvInfo> infos;
        std::vector<std::vector<std::uint32_t>> code;
        for (const auto& module : modules)
        {
            infos.push_back(reflect_spirv(module.spirv));
            code.push_back(module.spirv);
            for (const auto& b : infos.back().bindings)
            {
                const Resource* r = match(c, b);
                const std::string what = "'" + (b.variable_name.empty() ? b.type_name : b.variable_name) + "' (set " +
                                         std::to_string(b.set) + ", binding " + std::to_string(b.binding) + ") of " +
                                         module.entry->name;
                if (!r)
                    throw std::runtime_error("the shader's resource " + what + " has no resource in the case");
                std::uint32_t binding = b.binding;
                if (auto m = moved.find({b.set, r}); m != moved.end())
                    binding = m->second;
                auto [it, added] = slots.emplace(std::make_pair(b.set, binding), r);
                if (!added && it->second != r)
                {
                    if (b.binding_word == 0)
                        throw std::runtime_error("the shader's resource " + what + " shares its binding with '" +
                                                 it->second->name() + "'");
                    binding = 0;
                    while (slots.count({b.set, binding}))
                        ++binding;
                    slots.emplace(std::make_pair(b.set, binding), r);
                    moved[{b.set, r}] = binding;
                }
                if (binding != b.binding)
                    code.back()[b.binding_word] = binding;
            }
        }

        const BoundLayouts bound = bind_layouts(c, slots);

        // Buffers, images, samplers.
        std::map<const Resource*, Buffer> buffers;
        std::map<const Resource*, VkBufferView> buffer_views;
        std::map<const Resource*, Image> images;
        std::map<const Resource*, VkSampler> samplers;
        std::vector<std::pair<Buffer, const Image*>> uploads;
        for (const auto& r : c.resources)
        {
            if (r.kind == ResourceKind::sampler)
            {
                auto info = vk_struct<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
                info.magFilter = info.minFilter = r.filter == "linear" ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
                info.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
                const VkSamplerAddressMode mode = r.address == "repeat"   ? VK_SAMPLER_ADDRESS_MODE_REPEAT
                                                  : r.address == "mirror" ? VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT
                                                                          : VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
                info.addressModeU = info.addressModeV = info.addressModeW = mode;
                info.maxLod = 0.0f;
                VkSampler sampler;
                check(vkCreateSampler(device, &info, nullptr, &sampler), "vkCreateSampler");
                objects.add([device, sampler] { vkDestroySampler(device, sampler, nullptr); });
                samplers[&r] = sampler;
            }
            else if (r.is_image())
            {
                VkImageUsageFlags usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                          VK_IMAGE_USAGE_TRANSFER_DST_BIT;
                if (r.kind == ResourceKind::storage_image)
                    usage |= VK_IMAGE_USAGE_STORAGE_BIT;
                images[&r] = make_image(s, objects, *r.format, r.width, r.height, r.layers, usage, true);
                Buffer staging = make_buffer(s, objects, r.contents.size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
                std::memcpy(staging.mapped, r.contents.data(), r.contents.size());
                uploads.emplace_back(staging, nullptr);
            }
            else
            {
                Buffer b = make_buffer(s, objects, r.contents.size(),
                                       VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                           VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                           (r.kind == ResourceKind::uniform_texel_buffer
                                                ? VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT
                                                : 0) |
                                           (r.kind == ResourceKind::storage_texel_buffer
                                                ? VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT
                                                : 0));
                std::memcpy(b.mapped, r.contents.data(), r.contents.size());
                buffers[&r] = b;
                if (r.kind == ResourceKind::uniform_texel_buffer || r.kind == ResourceKind::storage_texel_buffer)
                {
                    auto info = vk_struct<VkBufferViewCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO);
                    info.buffer = b.buffer;
                    info.format = static_cast<VkFormat>(r.format->vk_format);
                    info.range = VK_WHOLE_SIZE;
                    VkBufferView view;
                    check(vkCreateBufferView(device, &info, nullptr, &view), "vkCreateBufferView");
                    objects.add([device, view] { vkDestroyBufferView(device, view, nullptr); });
                    buffer_views[&r] = view;
                }
            }
        }
        for (std::size_t i = 0, k = 0; i < c.resources.size(); ++i)
            if (c.resources[i].is_image())
                uploads[k++].second = &images[&c.resources[i]];

        // Descriptor set layouts, pool, sets and writes, from the oneshader::layouts pipeline layout (bind_layouts):
        // the descriptor types, counts and stage flags are the library's, so a wrong one fails the case.
        const layouts::vulkan::PipelineLayoutInfo& vk_layout = bound.vulkan;
        const std::uint32_t set_count = static_cast<std::uint32_t>(vk_layout.set_layouts.size());
        std::vector<VkDescriptorSetLayout> set_layouts(set_count, VK_NULL_HANDLE);
        std::map<VkDescriptorType, std::uint32_t> type_counts;
        for (std::uint32_t set = 0; set < set_count; ++set)
        {
            std::vector<VkDescriptorSetLayoutBinding> bindings;
            for (const auto& lb : vk_layout.set_layouts[set].bindings)
            {
                VkDescriptorSetLayoutBinding b{};
                b.binding = lb.binding;
                b.descriptorType = static_cast<VkDescriptorType>(lb.descriptor_type);
                b.descriptorCount = lb.descriptor_count;
                b.stageFlags = lb.stage_flags;
                bindings.push_back(b);
                type_counts[b.descriptorType] += b.descriptorCount;
            }
            auto info = vk_struct<VkDescriptorSetLayoutCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
            info.bindingCount = static_cast<std::uint32_t>(bindings.size());
            info.pBindings = bindings.data();
            check(vkCreateDescriptorSetLayout(device, &info, nullptr, &set_layouts[set]), "vkCreateDescriptorSetLayout");
            VkDescriptorSetLayout layout = set_layouts[set];
            objects.add([device, layout] { vkDestroyDescriptorSetLayout(device, layout, nullptr); });
        }
        std::vector<VkDescriptorSet> sets(set_count, VK_NULL_HANDLE);
        if (set_count > 0)
        {
            std::vector<VkDescriptorPoolSize> sizes;
            for (const auto& [type, n] : type_counts)
                sizes.push_back({type, n});
            auto info = vk_struct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
            info.maxSets = set_count;
            info.poolSizeCount = static_cast<std::uint32_t>(sizes.size());
            info.pPoolSizes = sizes.data();
            VkDescriptorPool pool;
            if (sizes.empty())
            {
                VkDescriptorPoolSize dummy{VK_DESCRIPTOR_TYPE_SAMPLER, 1};
                info.poolSizeCount = 1;
                info.pPoolSizes = &dummy;
                check(vkCreateDescriptorPool(device, &info, nullptr, &pool), "vkCreateDescriptorPool");
            }
            else
                check(vkCreateDescriptorPool(device, &info, nullptr, &pool), "vkCreateDescriptorPool");
            objects.add([device, pool] { vkDestroyDescriptorPool(device, pool, nullptr); });
            auto allocate = vk_struct<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
            allocate.descriptorPool = pool;
            allocate.descriptorSetCount = set_count;
            allocate.pSetLayouts = set_layouts.data();
            check(vkAllocateDescriptorSets(device, &allocate, sets.data()), "vkAllocateDescriptorSets");
        }
        std::vector<VkDescriptorBufferInfo> buffer_infos;
        std::vector<VkDescriptorImageInfo> image_infos;
        buffer_infos.reserve(slots.size());
        image_infos.reserve(slots.size());
        std::vector<VkWriteDescriptorSet> writes;
        for (const auto& set_layout : vk_layout.set_layouts)
            for (const auto& lb : set_layout.bindings)
            {
                auto found = slots.find({set_layout.set, lb.binding});
                if (found == slots.end())
                    throw std::runtime_error("the layout binds '" + lb.name + "' at set " + std::to_string(set_layout.set) +
                                             " binding " + std::to_string(lb.binding) + ", where no module binds it");
                const Resource* r = found->second;
                auto w = vk_struct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
                w.dstSet = sets[set_layout.set];
                w.dstBinding = lb.binding;
                w.descriptorCount = 1;
                w.descriptorType = static_cast<VkDescriptorType>(lb.descriptor_type);
                const bool uniform = r->kind == ResourceKind::uniform_buffer;
                const bool storage = r->kind == ResourceKind::storage_buffer;
                const bool texel = r->kind == ResourceKind::uniform_texel_buffer || r->kind == ResourceKind::storage_texel_buffer;
                auto refuse = [&] {
                    return std::runtime_error("the layout makes '" + lb.name + "' a " +
                                              std::string(layouts::vulkan::to_string(lb.descriptor_type)) +
                                              ", which the case's resource '" + r->name() + "' cannot be");
                };
                switch (lb.descriptor_type)
                {
                case layouts::vulkan::DescriptorType::UniformBuffer:
                case layouts::vulkan::DescriptorType::UniformBufferDynamic:
                case layouts::vulkan::DescriptorType::StorageBuffer:
                case layouts::vulkan::DescriptorType::StorageBufferDynamic:
                    // The case says which kind of buffer the shader declares; the layout must agree.
                    if (lb.descriptor_type == layouts::vulkan::DescriptorType::UniformBuffer ||
                                lb.descriptor_type == layouts::vulkan::DescriptorType::UniformBufferDynamic
                            ? !uniform
                            : !storage)
                        throw refuse();
                    buffer_infos.push_back({buffers[r].buffer, 0, VK_WHOLE_SIZE});
                    w.pBufferInfo = &buffer_infos.back();
                    break;
                case layouts::vulkan::DescriptorType::UniformTexelBuffer:
                case layouts::vulkan::DescriptorType::StorageTexelBuffer:
                    if (!texel)
                        throw refuse();
                    w.pTexelBufferView = &buffer_views[r];
                    break;
                case layouts::vulkan::DescriptorType::SampledImage:
                case layouts::vulkan::DescriptorType::StorageImage:
                    if (r->kind != (lb.descriptor_type == layouts::vulkan::DescriptorType::SampledImage
                                        ? ResourceKind::sampled_image
                                        : ResourceKind::storage_image))
                        throw refuse();
                    image_infos.push_back({VK_NULL_HANDLE, images[r].view, VK_IMAGE_LAYOUT_GENERAL});
                    w.pImageInfo = &image_infos.back();
                    break;
                case layouts::vulkan::DescriptorType::Sampler:
                    if (r->kind != ResourceKind::sampler)
                        throw refuse();
                    image_infos.push_back({samplers[r], VK_NULL_HANDLE, VK_IMAGE_LAYOUT_UNDEFINED});
                    w.pImageInfo = &image_infos.back();
                    break;
                case layouts::vulkan::DescriptorType::CombinedImageSampler: throw refuse();
                }
                writes.push_back(w);
            }
        if (!writes.empty())
            vkUpdateDescriptorSets(device, static_cast<std::uint32_t>(writes.size()), writes.data(), 0, nullptr);

        // Pipeline layout: the sets above and the library's push-constant ranges (one for the union of the case's
        // entries).
        std::vector<VkPushConstantRange> push_ranges;
        for (const auto& range : vk_layout.push_constant_ranges)
            push_ranges.push_back({range.stage_flags, range.offset, range.size});
        auto layout_info = vk_struct<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
        layout_info.setLayoutCount = set_count;
        layout_info.pSetLayouts = set_layouts.data();
        layout_info.pushConstantRangeCount = static_cast<std::uint32_t>(push_ranges.size());
        layout_info.pPushConstantRanges = push_ranges.data();
        VkPipelineLayout layout;
        check(vkCreatePipelineLayout(device, &layout_info, nullptr, &layout), "vkCreatePipelineLayout");
        objects.add([device, layout] { vkDestroyPipelineLayout(device, layout, nullptr); });

        // Shader modules, by entry.
        std::map<std::string, VkShaderModule> shader_modules;
        std::map<std::string, std::string> spirv_entry;
        for (std::size_t i = 0; i < modules.size(); ++i)
        {
            auto info = vk_struct<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
            info.codeSize = code[i].size() * 4;
            info.pCode = code[i].data();
            VkShaderModule module;
            check(vkCreateShaderModule(device, &info, nullptr, &module), "vkCreateShaderModule");
            objects.add([device, module] { vkDestroyShaderModule(device, module, nullptr); });
            const std::string& name = modules[i].entry->name;
            shader_modules[name] = module;
            const auto& points = infos[i].entry_points;
            if (points.empty())
                throw std::runtime_error("the SPIR-V of " + name + " has no entry point");
            spirv_entry[name] =
                std::find(points.begin(), points.end(), name) != points.end() ? name : points.front();
        }
        // Specialization info per entry: the case's `specialize` values through SpecializationValues.
        std::map<std::string, layouts::vulkan::SpecializationInfo> specialization_data;
        std::map<std::string, std::vector<VkSpecializationMapEntry>> specialization_entries;
        std::map<std::string, VkSpecializationInfo> specialization_infos;
        for (const auto& e : bound.entries)
        {
            auto& data = specialization_data[e.entry_point] = specialization(c, e);
            auto& entries = specialization_entries[e.entry_point];
            for (const auto& m : data.map_entries)
                entries.push_back({m.constant_id, m.offset, m.size});
            VkSpecializationInfo info{};
            info.mapEntryCount = static_cast<std::uint32_t>(entries.size());
            info.pMapEntries = entries.data();
            info.dataSize = data.data.size();
            info.pData = data.data.data();
            specialization_infos[e.entry_point] = info;
        }
        auto stage_info = [&](const std::string& entry) {
            auto info = vk_struct<VkPipelineShaderStageCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
            info.stage = shader_stage(c.find_entry(entry)->stage);
            info.module = shader_modules.at(entry);
            info.pName = spirv_entry.at(entry).c_str();
            const VkSpecializationInfo& specialized = specialization_infos.at(entry);
            if (specialized.mapEntryCount > 0)
                info.pSpecializationInfo = &specialized;
            return info;
        };

        // Render target, render pass, framebuffer and vertex buffers for draws.
        Image target;
        VkRenderPass render_pass = VK_NULL_HANDLE;
        VkFramebuffer framebuffer = VK_NULL_HANDLE;
        if (c.target)
        {
            target = make_image(s, objects, c.target->format, c.target->width, c.target->height, 1,
                                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                    VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                true);
            VkAttachmentDescription attachment{};
            attachment.format = static_cast<VkFormat>(c.target->format.vk_format);
            attachment.samples = VK_SAMPLE_COUNT_1_BIT;
            attachment.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
            attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
            attachment.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
            attachment.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
            attachment.initialLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
            attachment.finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
            VkAttachmentReference reference{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
            VkSubpassDescription subpass{};
            subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
            subpass.colorAttachmentCount = 1;
            subpass.pColorAttachments = &reference;
            auto info = vk_struct<VkRenderPassCreateInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO);
            info.attachmentCount = 1;
            info.pAttachments = &attachment;
            info.subpassCount = 1;
            info.pSubpasses = &subpass;
            check(vkCreateRenderPass(device, &info, nullptr, &render_pass), "vkCreateRenderPass");
            objects.add([device, render_pass] { vkDestroyRenderPass(device, render_pass, nullptr); });
            auto fb = vk_struct<VkFramebufferCreateInfo>(VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO);
            fb.renderPass = render_pass;
            fb.attachmentCount = 1;
            fb.pAttachments = &target.view;
            fb.width = target.width;
            fb.height = target.height;
            fb.layers = 1;
            check(vkCreateFramebuffer(device, &fb, nullptr, &framebuffer), "vkCreateFramebuffer");
            objects.add([device, framebuffer] { vkDestroyFramebuffer(device, framebuffer, nullptr); });
        }
        std::vector<Buffer> vertex_buffers;
        for (const auto& vb : c.vertex_buffers)
        {
            vertex_buffers.push_back(make_buffer(s, objects, vb.contents.size(), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT));
            std::memcpy(vertex_buffers.back().mapped, vb.contents.data(), vb.contents.size());
        }

        // Pipelines, one per step.
        std::vector<VkPipeline> pipelines;
        for (const auto& step : c.steps)
        {
            VkPipeline pipeline;
            if (!step.is_draw)
            {
                auto info = vk_struct<VkComputePipelineCreateInfo>(VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO);
                info.stage = stage_info(step.entry);
                info.layout = layout;
                check(vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline),
                      "vkCreateComputePipelines");
            }
            else
            {
                VkPipelineShaderStageCreateInfo stages[] = {stage_info(step.vertex), stage_info(step.pixel)};
                // Vertex input from the vertex entry's layout with the case's buffers as overrides.
                const VertexInput input = vertex_input(c, bound.entry(step.vertex));
                std::vector<VkVertexInputBindingDescription> vertex_bindings;
                std::vector<VkVertexInputAttributeDescription> attributes;
                for (const auto& b : input.bindings)
                    vertex_bindings.push_back({b.binding, b.stride, static_cast<VkVertexInputRate>(b.input_rate)});
                for (const auto& a : input.attributes)
                    attributes.push_back({a.location, a.binding, static_cast<VkFormat>(a.format), a.offset});
                auto vertex_input = vk_struct<VkPipelineVertexInputStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
                vertex_input.vertexBindingDescriptionCount = static_cast<std::uint32_t>(vertex_bindings.size());
                vertex_input.pVertexBindingDescriptions = vertex_bindings.data();
                vertex_input.vertexAttributeDescriptionCount = static_cast<std::uint32_t>(attributes.size());
                vertex_input.pVertexAttributeDescriptions = attributes.data();
                auto assembly = vk_struct<VkPipelineInputAssemblyStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO);
                assembly.topology = step.strip ? VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP : VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
                const float height = static_cast<float>(target.height);
                VkViewport viewport{0, y_up ? height : 0, static_cast<float>(target.width), y_up ? -height : height, 0, 1};
                VkRect2D scissor{{0, 0}, {target.width, target.height}};
                auto viewport_state = vk_struct<VkPipelineViewportStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO);
                viewport_state.viewportCount = 1;
                viewport_state.pViewports = &viewport;
                viewport_state.scissorCount = 1;
                viewport_state.pScissors = &scissor;
                auto raster = vk_struct<VkPipelineRasterizationStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO);
                raster.polygonMode = VK_POLYGON_MODE_FILL;
                raster.cullMode = VK_CULL_MODE_NONE;
                raster.frontFace = y_up ? VK_FRONT_FACE_CLOCKWISE : VK_FRONT_FACE_COUNTER_CLOCKWISE;
                raster.lineWidth = 1.0f;
                auto multisample = vk_struct<VkPipelineMultisampleStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO);
                multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
                VkPipelineColorBlendAttachmentState blend{};
                blend.colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT |
                                       VK_COLOR_COMPONENT_A_BIT;
                if (step.blend_alpha)
                {
                    blend.blendEnable = VK_TRUE;
                    blend.srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA;
                    blend.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
                    blend.colorBlendOp = VK_BLEND_OP_ADD;
                    blend.srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
                    blend.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
                    blend.alphaBlendOp = VK_BLEND_OP_ADD;
                }
                auto blend_state = vk_struct<VkPipelineColorBlendStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO);
                blend_state.attachmentCount = 1;
                blend_state.pAttachments = &blend;
                auto info = vk_struct<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
                info.stageCount = 2;
                info.pStages = stages;
                info.pVertexInputState = &vertex_input;
                info.pInputAssemblyState = &assembly;
                info.pViewportState = &viewport_state;
                info.pRasterizationState = &raster;
                info.pMultisampleState = &multisample;
                info.pColorBlendState = &blend_state;
                info.layout = layout;
                info.renderPass = render_pass;
                check(vkCreateGraphicsPipelines(device, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline),
                      "vkCreateGraphicsPipelines");
            }
            objects.add([device, pipeline] { vkDestroyPipeline(device, pipeline, nullptr); });
            pipelines.push_back(pipeline);
        }

        // Readback buffers for image outputs.
        std::map<std::string, Buffer> readbacks;
        for (const auto& output : c.outputs)
        {
            const Image* im = nullptr;
            if (output.name == "target")
                im = c.target ? &target : nullptr;
            else if (const Resource* r = c.find_resource(output.name); r && r->is_image())
                im = &images[r];
            if (output.name == "target" && !im)
                throw std::runtime_error("output 'target' without a 'target' line");
            if (im)
                readbacks[output.name] = make_buffer(s, objects,
                                                     std::size_t{im->width} * im->height * im->layers * im->format.texel_size(),
                                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT);
        }

        // Record.
        auto pool_info = vk_struct<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
        pool_info.queueFamilyIndex = s.queue_family;
        VkCommandPool command_pool;
        check(vkCreateCommandPool(device, &pool_info, nullptr, &command_pool), "vkCreateCommandPool");
        objects.add([device, command_pool] { vkDestroyCommandPool(device, command_pool, nullptr); });
        auto allocate = vk_struct<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
        allocate.commandPool = command_pool;
        allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        allocate.commandBufferCount = 1;
        VkCommandBuffer cmd;
        check(vkAllocateCommandBuffers(device, &allocate, &cmd), "vkAllocateCommandBuffers");
        auto begin = vk_struct<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
        check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");

        for (auto& [staging, im] : uploads)
        {
            image_barrier(cmd, im->image, im->layers, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
            VkBufferImageCopy copy = whole_image(*im);
            vkCmdCopyBufferToImage(cmd, staging.buffer, im->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &copy);
            image_barrier(cmd, im->image, im->layers, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
        }
        if (c.target)
        {
            image_barrier(cmd, target.image, 1, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
            VkClearColorValue clear{};
            for (int i = 0; i < 4; ++i)
                clear.float32[i] = static_cast<float>(c.target->clear[i]);
            VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
            vkCmdClearColorImage(cmd, target.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &clear, 1, &range);
            image_barrier(cmd, target.image, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                          VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
        }
        memory_barrier(cmd);
        for (std::size_t i = 0; i < c.steps.size(); ++i)
        {
            const Step& step = c.steps[i];
            const VkPipelineBindPoint bind_point =
                step.is_draw ? VK_PIPELINE_BIND_POINT_GRAPHICS : VK_PIPELINE_BIND_POINT_COMPUTE;
            vkCmdBindPipeline(cmd, bind_point, pipelines[i]);
            if (set_count > 0)
                vkCmdBindDescriptorSets(cmd, bind_point, layout, 0, set_count, sets.data(), 0, nullptr);
            for (const auto& range : push_ranges)
            {
                Bytes data = c.push_constants ? *c.push_constants : Bytes{};
                data.resize(range.offset + range.size);
                vkCmdPushConstants(cmd, layout, range.stageFlags, range.offset, range.size, data.data() + range.offset);
            }
            if (!step.is_draw)
                vkCmdDispatch(cmd, step.x, step.y, step.z);
            else
            {
                auto pass = vk_struct<VkRenderPassBeginInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO);
                pass.renderPass = render_pass;
                pass.framebuffer = framebuffer;
                pass.renderArea = {{0, 0}, {target.width, target.height}};
                vkCmdBeginRenderPass(cmd, &pass, VK_SUBPASS_CONTENTS_INLINE);
                for (std::uint32_t b = 0; b < vertex_buffers.size(); ++b)
                {
                    VkDeviceSize offset = 0;
                    vkCmdBindVertexBuffers(cmd, b, 1, &vertex_buffers[b].buffer, &offset);
                }
                vkCmdDraw(cmd, step.x, step.y, 0, 0);
                vkCmdEndRenderPass(cmd);
            }
            memory_barrier(cmd);
        }
        for (const auto& [name, readback] : readbacks)
        {
            const Image& im = name == "target" ? target : images[c.find_resource(name)];
            const VkImageLayout layout_now =
                name == "target" ? VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL : VK_IMAGE_LAYOUT_GENERAL;
            image_barrier(cmd, im.image, im.layers, layout_now, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
            VkBufferImageCopy copy = whole_image(im);
            vkCmdCopyImageToBuffer(cmd, im.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback.buffer, 1, &copy);
        }
        memory_barrier(cmd);
        check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");

        auto fence_info = vk_struct<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
        VkFence fence;
        check(vkCreateFence(device, &fence_info, nullptr, &fence), "vkCreateFence");
        objects.add([device, fence] { vkDestroyFence(device, fence, nullptr); });
        auto submit = vk_struct<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &cmd;
        check(vkQueueSubmit(s.queue, 1, &submit, fence), "vkQueueSubmit");
        check(vkWaitForFences(device, 1, &fence, VK_TRUE, 60ull * 1000 * 1000 * 1000), "vkWaitForFences");

        for (const auto& output : c.outputs)
        {
            Bytes bytes;
            if (auto it = readbacks.find(output.name); it != readbacks.end())
            {
                const Image& im = output.name == "target" ? target : images[c.find_resource(output.name)];
                const std::size_t size = std::size_t{im.width} * im.height * im.layers * im.format.texel_size();
                const auto* data = static_cast<const std::uint8_t*>(it->second.mapped);
                bytes.assign(data, data + size);
            }
            else
            {
                const Resource* r = c.find_resource(output.name);
                const Buffer& b = buffers.at(r);
                const auto* data = static_cast<const std::uint8_t*>(b.mapped);
                bytes.assign(data, data + std::max(r->contents.size(), std::size_t{4}));
            }
            result.outputs[output.name] = std::move(bytes);
        }
    }
    result.validation_errors = std::move(s.messages.errors);
    result.notes = std::move(s.messages.notes);
    s.messages = {};
    return result;
}

}  // namespace oneshader::exec
