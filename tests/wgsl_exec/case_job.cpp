#include "case_job.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "case_layouts.hpp"
#include "oneshader/layouts.hpp"

namespace oneshader::wgsl_exec {
namespace {

using exec::Case;
using exec::ComponentKind;
using exec::Format;

std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char ch : s) {
        if (ch == '"' || ch == '\\') out += '\\';
        out += ch;
    }
    return out + "\"";
}

std::string hex(const exec::Bytes& bytes) {
    static const char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size() * 2);
    for (std::uint8_t b : bytes) {
        out += digits[b >> 4];
        out += digits[b & 15];
    }
    return out;
}

std::string hex_data(const exec::Bytes& bytes) { return "{\"hex\": " + quoted(hex(bytes)) + "}"; }

// WebGPU's component suffix: nothing for one component, `x2` to `x4` otherwise.
std::string channel_suffix(int components) { return components == 1 ? "" : "x" + std::to_string(components); }

const TargetSlot* wgsl_slot(const std::vector<TargetSlot>& slots) {
    for (const TargetSlot& s : slots)
        if (s.target == Target::Wgsl) return &s;
    return nullptr;
}

const ResourceInfo* reflected(const ShaderReflection& r, const exec::Resource& res) {
    for (const std::string& n : res.names)
        if (const ResourceInfo* info = r.find_resource(n)) return info;
    return nullptr;
}

bool case_names(const exec::Resource& res, const std::string& name) {
    return std::find(res.names.begin(), res.names.end(), name) != res.names.end();
}

// The append/consume buffer whose hidden counter the case resource is (`X@count` or DXC's `counter.var.X`).
const ResourceInfo* counter_owner(const ShaderReflection& r, const exec::Resource& res) {
    for (const ResourceInfo& info : r.resources)
        if (!info.counter_slots.empty() &&
            (case_names(res, info.name + "@count") || case_names(res, "counter.var." + info.name)))
            return &info;
    return nullptr;
}

// What a WGSL declaration says of a buffer or storage texture: the job's binding type (buffers) or access.
std::string declared_binding(const std::string& declaration) {
    if (declaration.starts_with("var<storage, read>")) return "read-only-storage";
    if (declaration.starts_with("var<storage, read_write>")) return "storage";
    if (declaration.find("texture_storage_") != std::string::npos) {
        if (declaration.find(", read_write>") != std::string::npos) return "read-write";
        if (declaration.find(", read>") != std::string::npos) return "read-only";
        return "write-only";
    }
    return {};
}

}  // namespace

std::string texture_format(const Format& f) {
    static const char* channels[] = {"", "r", "rg", "rgb", "rgba"};
    std::string prefix = f.components >= 1 && f.components <= 4 ? channels[f.components] : "";
    if (prefix == "rgb") return {};
    switch (f.kind) {
        case ComponentKind::unorm8: return prefix + "8unorm";
        case ComponentKind::float16: return prefix + "16float";
        case ComponentKind::float32: return prefix + "32float";
        case ComponentKind::uint32: return prefix + "32uint";
        case ComponentKind::sint32: return prefix + "32sint";
    }
    return {};
}

std::string webgpu_vertex_format(const Format& f) {
    switch (f.kind) {
        case ComponentKind::unorm8: return f.components == 1 || f.components == 3 ? "" : "unorm8" + channel_suffix(f.components);
        case ComponentKind::float16: return f.components == 1 || f.components == 3 ? "" : "float16" + channel_suffix(f.components);
        case ComponentKind::float32: return "float32" + channel_suffix(f.components);
        case ComponentKind::uint32: return "uint32" + channel_suffix(f.components);
        case ComponentKind::sint32: return "sint32" + channel_suffix(f.components);
    }
    return {};
}

std::string declaration_at(const std::string& wgsl, std::uint32_t group, std::uint32_t binding) {
    const std::string key = "@group(" + std::to_string(group) + ") @binding(" + std::to_string(binding) + ") ";
    std::size_t at = wgsl.find(key);
    if (at == std::string::npos) return {};
    std::size_t begin = at + key.size();
    return wgsl.substr(begin, wgsl.find('\n', begin) - begin);
}

CaseJob make_job(const Case& c, const ShaderReflection& reflection, const std::map<std::string, std::string>& wgsl,
                 const std::map<std::string, std::string>& module_files, const std::string& job_name) {
    CaseJob job;
    auto refuse = [&](std::string why) {
        job.problem = std::move(why);
        return job;
    };
    std::set<std::string> features;
    for (const auto& [entry, text] : wgsl) {
        if (text.find("enable subgroups;") != std::string::npos) features.insert("subgroups");
        if (text.find("enable f16;") != std::string::npos) features.insert("shader-f16");
    }

    // Every resource an entry point of the case uses needs a case resource.
    for (const ResourceInfo& info : reflection.resources) {
        if (info.stages == StageNone) continue;
        bool found = false;
        for (const exec::Resource& res : c.resources) found = found || case_names(res, info.name);
        if (!found) return refuse("the shader uses '" + info.name + "', which the case does not give");
    }

    struct Bound {
        const exec::Resource* resource;
        std::uint32_t group, binding;
        std::string type;  // the job's type (buffers) or access (storage textures)
    };
    std::vector<Bound> bound;
    std::string resources;
    auto declarations_of = [&](std::uint32_t group, std::uint32_t binding) {
        std::vector<std::string> out;
        for (const auto& [entry, text] : wgsl)
            if (std::string d = declaration_at(text, group, binding); !d.empty()) out.push_back(d);
        return out;
    };
    for (const exec::Resource& res : c.resources) {
        const ResourceInfo* info = reflected(reflection, res);
        if (const ResourceInfo* owner = info ? nullptr : counter_owner(reflection, res);
            owner && owner->stages != StageNone) {
            // The counter: a storage buffer at the counter slot reflection gives.
            const TargetSlot* slot = wgsl_slot(owner->counter_slots);
            if (!slot) return refuse("reflection gives the counter of '" + owner->name + "' no WGSL slot");
            if (res.is_image() || res.kind == exec::ResourceKind::sampler)
                return refuse("'" + res.name() + "' is a counter in the shader and not a buffer in the case");
            std::string entry = "{\"name\": " + quoted(res.name()) + ", \"group\": " + std::to_string(slot->set) +
                                ", \"binding\": " + std::to_string(slot->binding) + ", \"type\": \"storage\", \"size\": " +
                                std::to_string(std::max<std::size_t>(res.contents.size(), 4));
            if (!res.contents.empty()) entry += ", \"data\": " + hex_data(res.contents);
            resources += (resources.empty() ? "" : ", ") + entry + "}";
            bound.push_back({&res, slot->set, slot->binding, "storage"});
            continue;
        }
        if (!info || info->stages == StageNone) {
            if (c.find_output(res.name())) return refuse("the output '" + res.name() + "' is no resource of the shader");
            continue;  // a resource of the case the compiled entry points do not use
        }
        const TargetSlot* slot = wgsl_slot(info->slots);
        if (!slot) return refuse("reflection gives '" + info->name + "' no WGSL slot");
        std::vector<std::string> declared = declarations_of(slot->set, slot->binding);
        std::string entry = "{\"name\": " + quoted(res.name()) + ", \"group\": " + std::to_string(slot->set) +
                            ", \"binding\": " + std::to_string(slot->binding);
        std::string type;
        switch (info->kind) {
            case ResourceKind::ConstantBuffer: type = "uniform"; break;
            case ResourceKind::ReadOnlyStorageBuffer: type = "read-only-storage"; break;
            case ResourceKind::StorageBuffer: type = "storage"; break;
            case ResourceKind::SampledTexture: type = "texture"; break;
            case ResourceKind::StorageTexture: type = "storage-texture"; break;
            case ResourceKind::Sampler: type = "sampler"; break;
            case ResourceKind::ComparisonSampler: return refuse("the case format gives samplers no comparison");
            case ResourceKind::UniformTexelBuffer:
            case ResourceKind::StorageTexelBuffer: return refuse("WebGPU has no texel buffers");
        }
        entry += ", \"type\": " + quoted(type);
        std::string per_job;
        if (type == "uniform" || type == "read-only-storage" || type == "storage") {
            if (res.is_image() || res.kind == exec::ResourceKind::sampler)
                return refuse("'" + res.name() + "' is a buffer in the shader and not in the case");
            entry += ", \"size\": " + std::to_string(std::max<std::size_t>(res.contents.size(), 4));
            if (!res.contents.empty()) entry += ", \"data\": " + hex_data(res.contents);
            if (type != "uniform") per_job = type;
        } else if (type == "sampler") {
            std::string address = res.address == "clamp" ? "clamp-to-edge" : res.address == "mirror" ? "mirror-repeat" : res.address;
            entry += ", \"filter\": " + quoted(res.filter) + ", \"address\": " + quoted(address);
        } else {
            if (!res.is_image() || !res.format) return refuse("'" + res.name() + "' is a texture in the shader and not in the case");
            std::string format = texture_format(*res.format);
            if (format.empty()) return refuse("WebGPU has no texture format for '" + res.format->name + "'");
            entry += ", \"format\": " + quoted(format) + ", \"width\": " + std::to_string(res.width) +
                     ", \"height\": " + std::to_string(res.height) + ", \"layers\": " + std::to_string(res.layers);
            bool array = false, depth = false;
            for (const std::string& d : declared) {
                array = array || d.find("_2d_array") != std::string::npos;
                depth = depth || d.find("texture_depth") != std::string::npos;
            }
            entry += std::string(", \"viewDimension\": ") + (array ? "\"2d-array\"" : "\"2d\"");
            entry += ", \"data\": " + hex_data(res.contents);
            if (type == "texture") {
                if (depth) entry += ", \"sampleType\": \"depth\"";
                else if (res.format->kind == ComponentKind::float32 || res.format->kind == ComponentKind::float16 ||
                         res.format->kind == ComponentKind::unorm8) {
                    // 'float' (filterable) for every float format, so a linear sampler may sample it.
                    entry += ", \"sampleType\": \"float\"";
                    if (res.format->kind == ComponentKind::float32) features.insert("float32-filterable");
                }
            } else {
                per_job = declared.empty() ? "write-only" : declared_binding(declared.front());
                entry += ", \"access\": " + quoted(per_job);
            }
        }
        entry += "}";
        resources += (resources.empty() ? "" : ", ") + entry;
        if (!per_job.empty()) bound.push_back({&res, slot->set, slot->binding, per_job});
    }
    if (c.push_constants) {
        const PushConstantInfo* pc = reflection.push_constants.empty() ? nullptr : &reflection.push_constants.front();
        const TargetSlot* slot = pc ? wgsl_slot(pc->slots) : nullptr;
        if (!slot) return refuse("the case has push constants and reflection no WGSL slot for them");
        resources += (resources.empty() ? "" : ", ") + std::string("{\"name\": \"$push\", \"group\": ") +
                     std::to_string(slot->set) + ", \"binding\": " + std::to_string(slot->binding) +
                     ", \"type\": \"uniform\", \"size\": " + std::to_string(c.push_constants->size()) +
                     ", \"data\": " + hex_data(*c.push_constants) + "}";
    }

    std::string vertex_buffers;
    for (const exec::VertexBuffer& vb : c.vertex_buffers) {
        std::string attributes;
        for (const exec::Attribute& a : vb.attributes) {
            std::string format = webgpu_vertex_format(a.format);
            if (format.empty()) return refuse("WebGPU has no vertex format for '" + a.format.name + "'");
            attributes += (attributes.empty() ? "" : ", ") + std::string("{\"location\": ") + std::to_string(a.location) +
                          ", \"format\": " + quoted(format) + ", \"offset\": " + std::to_string(a.offset) + "}";
        }
        vertex_buffers += (vertex_buffers.empty() ? "" : ", ") + std::string("{\"stride\": ") + std::to_string(vb.stride) +
                          ", \"stepMode\": " + (vb.per_instance ? "\"instance\"" : "\"vertex\"") +
                          ", \"attributes\": [" + attributes + "], \"data\": " + hex_data(vb.contents) + "}";
    }

    std::string modules;
    for (const auto& [entry, file] : module_files)
        modules += (modules.empty() ? "" : ", ") + quoted(entry) + ": {\"file\": " + quoted(file) + "}";

    // A step's layout: where its entry points declare a buffer or storage texture otherwise than the job does.
    auto step_layout = [&](std::initializer_list<std::string> entries, std::string& layout) {
        std::string out;
        for (const Bound& b : bound) {
            std::set<std::string> kinds;
            for (const std::string& e : entries) {
                auto it = wgsl.find(e);
                if (it == wgsl.end()) continue;
                std::string d = declaration_at(it->second, b.group, b.binding);
                if (!declared_binding(d).empty()) kinds.insert(declared_binding(d));
            }
            if (kinds.size() > 1) return false;
            if (kinds.size() == 1 && *kinds.begin() != b.type)
                out += (out.empty() ? "" : ", ") + quoted(b.resource->name()) + ": " + quoted(*kinds.begin());
        }
        layout = out.empty() ? "" : ", \"layout\": {" + out + "}";
        return true;
    };
    // A step's bind group layouts: oneshader::layouts' to_webgpu() of the step's entry points, told what
    // reflection does not record (the access the WGSL declares, depth textures) by the step's WGSL.
    auto bind_group_layouts = [&](std::initializer_list<std::string> entries, std::string& out) -> std::string {
        std::vector<layouts::EntryLayout> entry_layouts;
        for (const std::string& e : entries) {
            auto l = layouts::EntryLayout::create(reflection, e);
            if (!l) return l.error().message;
            entry_layouts.push_back(std::move(l).value());
        }
        auto pipeline = layouts::PipelineLayout::create(entry_layouts);
        if (!pipeline) return pipeline.error().message;
        layouts::webgpu::LayoutOptions options;
        for (const layouts::ResourceLayout& r : pipeline->resources) {
            const TargetSlot* slot = r.slot(Target::Wgsl);
            if (!slot) continue;
            for (const std::string& e : entries) {
                auto it = wgsl.find(e);
                if (it == wgsl.end()) continue;
                const std::string d = declaration_at(it->second, slot->set, slot->binding);
                const std::string declared = declared_binding(d);
                if (declared == "read-only-storage") options.read_only_buffers.push_back(r.name);
                else if (declared == "read-only") options.storage_access[r.name] = layouts::webgpu::StorageAccess::ReadOnly;
                else if (declared == "read-write") options.storage_access[r.name] = layouts::webgpu::StorageAccess::ReadWrite;
                if (d.find("texture_depth") != std::string::npos) options.depth_textures.push_back(r.name);
            }
        }
        auto web = pipeline->to_webgpu(options);
        if (!web) return web.error().message;
        out = ", \"bindGroupLayouts\": " + web->to_json();
        return {};
    };
    std::string specialization_problem;
    auto stage = [&](const std::string& entry) {
        const EntryPointInfo* info = reflection.find_entry_point(entry);
        std::string constants;
        if (auto l = layouts::EntryLayout::create(reflection, entry); l && !l->spec_constants.empty()) {
            try {
                constants = ", \"constants\": " + exec::specialization_values(c, l.value()).to_webgpu_json();
            } catch (const std::exception& error) {
                specialization_problem = error.what();
            }
        }
        return "{\"module\": " + quoted(entry) + ", \"entryPoint\": " + quoted(info ? info->wgsl_entry_point : entry) +
               constants + "}";
    };
    std::string steps;
    for (const exec::Step& s : c.steps) {
        std::string layout, step;
        if (!s.is_draw) {
            if (!step_layout({s.entry}, layout)) return refuse("one step declares a resource two ways");
            if (std::string problem = bind_group_layouts({s.entry}, layout); !problem.empty()) return refuse(problem);
            step = "{\"compute\": " + stage(s.entry) + ", \"dispatch\": [" + std::to_string(s.x) + ", " +
                   std::to_string(s.y) + ", " + std::to_string(s.z) + "]" + layout + "}";
        } else {
            if (!step_layout({s.vertex, s.pixel}, layout)) return refuse("one draw declares a resource two ways");
            if (std::string problem = bind_group_layouts({s.vertex, s.pixel}, layout); !problem.empty()) return refuse(problem);
            step = "{\"vertex\": " + stage(s.vertex) + ", \"fragment\": " + stage(s.pixel) + ", \"draw\": {\"vertices\": " +
                   std::to_string(s.x) + ", \"instances\": " + std::to_string(s.y) + "}, \"topology\": " +
                   (s.strip ? "\"triangle-strip\"" : "\"triangle-list\"") + ", \"blend\": " +
                   (s.blend_alpha ? "\"alpha\"" : "\"none\"") + ", \"frontFace\": \"cw\"" + layout + "}";
        }
        steps += (steps.empty() ? "" : ", ") + step;
    }
    if (!specialization_problem.empty()) return refuse(specialization_problem);

    std::string target;
    if (c.target) {
        std::string format = texture_format(c.target->format);
        if (format.empty()) return refuse("WebGPU has no target format for '" + c.target->format.name + "'");
        target = ", \"target\": {\"format\": " + quoted(format) + ", \"width\": " + std::to_string(c.target->width) +
                 ", \"height\": " + std::to_string(c.target->height) + ", \"clear\": [";
        for (int i = 0; i < 4; ++i) target += (i ? ", " : "") + std::to_string(c.target->clear[i]);
        target += "]}";
    }
    std::string outputs;
    for (const exec::Output& o : c.outputs) outputs += (outputs.empty() ? "" : ", ") + quoted(o.name);
    std::string feature_list;
    for (const std::string& f : features) feature_list += (feature_list.empty() ? "" : ", ") + quoted(f);

    job.json = "{\"name\": " + quoted(job_name) + ", \"features\": [" + feature_list + "], \"modules\": {" + modules +
               "}, \"resources\": [" + resources + "], \"vertexBuffers\": [" + vertex_buffers + "]" + target +
               ", \"steps\": [" + steps + "], \"outputs\": [" + outputs + "], \"encoding\": \"hex\"}\n";
    return job;
}

}  // namespace oneshader::wgsl_exec
