// What one entry point reaches, and the file around its functions: the functions it calls
// (callees first, since C++ declares before use), the globals each touches directly or through its
// callees (spec: module-scope variables are locals of the entry function, passed to helpers as
// reference parameters; resources are entry arguments), the function constants it reads, the
// resource indices, the stage I/O structs and the entry function's signature.
#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "msl/printer.hpp"
#include "types/types_query.hpp"
#include "textgen/format.hpp"

namespace oneshader::msl {

namespace {

SlotClass slot_class(const sema::ResourceType* r) {
    if (sema::is_sampler(r->resource)) return SlotClass::Sampler;
    if (sema::is_texture(r->resource) || sema::is_typed_buffer(r->resource) || sema::is_subpass_input(r->resource))
        return SlotClass::Texture;
    return SlotClass::Buffer;
}

const sema::ResourceType* resource_of(const ir::Global* g, std::uint32_t* count) {
    const sema::Type* t = g->value_type();
    *count = 1;
    if (const auto* a = t->as<sema::ArrayType>()) {
        *count = a->length ? a->length : 1;
        t = a->element;
    }
    return t->as<sema::ResourceType>();
}

std::string_view strip_stage_prefix(std::string_view n) {
    for (std::string_view p : {"in.var.", "out.var."})
        if (n.substr(0, p.size()) == p) return n.substr(p.size());
    return n;
}

const char* builtin_attribute(ir::BuiltIn b, bool input, ir::ShaderStage stage) {
    using B = ir::BuiltIn;
    switch (b) {
    case B::Position: return "position";
    case B::FragCoord: return "position";
    case B::VertexIndex: return "vertex_id";
    case B::InstanceIndex: return "instance_id";
    case B::BaseVertex: return "base_vertex";
    case B::BaseInstance: return "base_instance";
    case B::PointSize: return "point_size";
    case B::ClipDistance: return "clip_distance";
    case B::PrimitiveId: return "primitive_id";
    case B::Layer: return "render_target_array_index";
    case B::ViewportIndex: return "viewport_array_index";
    case B::FrontFacing: return "front_facing";
    case B::SampleIndex: return "sample_id";
    case B::SampleMask: return "sample_mask";
    case B::FragDepth: return "depth(any)";
    case B::FragDepthGreaterEqual: return "depth(greater)";
    case B::FragDepthLessEqual: return "depth(less)";
    case B::FragStencilRef: return "stencil";
    case B::Barycentrics: return "barycentric_coord";
    case B::GlobalInvocationId: return "thread_position_in_grid";
    case B::LocalInvocationId: return "thread_position_in_threadgroup";
    case B::LocalInvocationIndex: return "thread_index_in_threadgroup";
    case B::WorkgroupId: return "threadgroup_position_in_grid";
    case B::NumWorkgroups: return "threadgroups_per_grid";
    case B::SubgroupLocalInvocationId: return "thread_index_in_simdgroup";
    case B::SubgroupSize: return "threads_per_simdgroup";
    case B::ViewIndex: return "amplification_id";
    case B::BarycentricsNoPerspective: return "barycentric_coord, center_no_perspective";
    // Metal has no draw index, helper-lane, full-coverage, shading-rate or device-index attribute.
    case B::CullDistance:
    case B::DrawIndex:
    case B::HelperInvocation:
    case B::FullyCovered:
    case B::ShadingRate:
    case B::PrimitiveShadingRate:
    case B::DeviceIndex: return nullptr;
    }
    (void)input;
    (void)stage;
    return nullptr;
}

std::string_view interpolation_attribute(std::uint8_t bits) {
    bool np = bits & sema::kInterpNoPerspective;
    if (bits & sema::kInterpNoInterpolation) return ", flat";
    if (bits & sema::kInterpCentroid) return np ? ", centroid_no_perspective" : ", centroid_perspective";
    if (bits & sema::kInterpSample) return np ? ", sample_no_perspective" : ", sample_perspective";
    if (np) return ", center_no_perspective";
    return "";
}

}  // namespace

std::vector<ResourceSlot> resource_slots(const ir::Module& module) {
    std::vector<ResourceSlot> out;
    out.reserve(module.globals.size());
    std::uint32_t next[3] = {0, 0, 0};
    for (const ir::Global* g : module.globals) {
        if (g->global_kind() != ir::GlobalKind::Resource) continue;
        std::uint32_t count = 1;
        const sema::ResourceType* r = resource_of(g, &count);
        if (!r) continue;
        ResourceSlot s;
        s.global = g;
        s.slot_class = slot_class(r);
        s.count = count;
        s.index = next[static_cast<int>(s.slot_class)];
        next[static_cast<int>(s.slot_class)] += count;
        out.push_back(s);
    }
    return out;
}

Printer::Printer(const ir::Module& m, const ir::EntryPoint& e, const Options& o, support::DiagnosticEngine& d)
    : module_(m), entry_(e), options_(o), diags_(d), own_layouts_(const_cast<ir::Module&>(m).arena(), o.layout),
      layouts_(o.layouts ? *o.layouts : own_layouts_) {}

void Printer::fail(support::DiagCode code, const std::string& message) {
    if (failed_) return;  // the first problem is the one to fix
    failed_ = true;
    // At the line of use when an instruction is being printed; the function names the call path
    // (and is all there is for a declaration's problem).
    std::string where = function_ && function_ != entry_.function
                            ? textgen::format(FMT_COMPILE(" (in function '{}', called from '{}')"), function_->name, entry_.function->name)
                            : textgen::format(FMT_COMPILE(" (in entry point '{}')"), entry_.function->name);
    diags_.report(code, at_.range(), message + where);
}

void Printer::unsupported(const std::string& what, const std::string& instead) {
    fail(support::DiagCode::msl_not_supported,
         "MSL does not support " + what + ". " +
             (instead.empty() ? "Compile this shader for SPIR-V only." : instead + ", or compile this shader for SPIR-V only."));
}

void Printer::collect() {
    // Functions in post-order from the entry: callees first.
    support::PointerSet<const ir::Function*> seen;
    // Each callee once, in the order first called (marked, not searched: a function can make
    // thousands of calls). One set for every function, emptied for each.
    support::PointerSet<const ir::Function*> listed;
    auto callees = [&listed](const ir::Function* f) {
        std::vector<const ir::Function*> out;
        listed.clear();
        for (const ir::Block* b : f->blocks)
            for (const ir::Instruction* i : b->instructions)
                if (i->opcode == ir::Opcode::Call && i->callee && listed.insert(i->callee)) out.push_back(i->callee);
        return out;
    };
    auto visit = [&](auto&& self, const ir::Function* f) -> void {
        if (!seen.insert(f)) return;
        for (const ir::Function* c : callees(f)) self(self, c);
        functions_.push_back(f);
    };
    visit(visit, entry_.function);

    support::PointerSet<const ir::SpecConstant*> specs;
    support::PointerSet<const ir::Global*> used;
    for (const ir::Function* f : functions_) {
        used.clear();
        for (const ir::Block* b : f->blocks)
            for (const ir::Instruction* i : b->instructions) {
                for (const ir::Value* o : i->operands) {
                    if (const auto* g = o->as<ir::Global>()) used.insert(g);
                    if (const auto* s = o->as<ir::SpecConstant>()) specs.insert(s);
                }
                if (i->opcode == ir::Opcode::Call && i->callee)
                    if (const auto* e = function_globals_.find(i->callee))
                        for (const ir::Global* g : e->second) used.insert(g);
                if (i->opcode == ir::Opcode::CallIntrinsic) {
                    if (i->intrinsic == intrinsics::Id::WaveGetLaneIndex) uses_lane_ = true;
                    if (i->intrinsic == intrinsics::Id::WaveGetLaneCount) uses_lane_count_ = true;
                }
            }
        // Entry stage variables are the entry's own; every other global in module order.
        std::vector<const ir::Global*> ordered;
        ordered.reserve(used.size());
        for (const ir::Global* g : module_.globals)
            if (used.contains(g)) ordered.push_back(g);
        function_globals_[f] = std::move(ordered);
    }
    const std::vector<const ir::Global*>& entry_globals = function_globals_[entry_.function];
    globals_.reserve(entry_globals.size() + entry_.inputs.size() + entry_.outputs.size());
    for (const ir::Global* g : entry_globals) globals_.push_back(g);
    for (const ir::Global* g : globals_) reached_globals_.insert(g);
    for (const ir::Global* g : entry_.inputs)
        if (reached_globals_.insert(g)) globals_.push_back(g);
    for (const ir::Global* g : entry_.outputs)
        if (reached_globals_.insert(g)) globals_.push_back(g);
    for (const ir::SpecConstant* s : module_.spec_constants)
        if (specs.contains(s)) spec_constants_.push_back(s);

    // Texture access from use.
    for (const ir::Function* f : functions_)
        for (const ir::Block* b : f->blocks)
            for (const ir::Instruction* i : b->instructions) {
                if (i->operands.empty()) continue;
                const ir::Value* base = i->operands[0];
                while (const auto* bi = base->as<ir::Instruction>()) {
                    if (bi->opcode != ir::Opcode::AccessChain) break;
                    base = bi->operands[0];
                }
                const auto* g = base->as<ir::Global>();
                if (!g) continue;
                switch (i->opcode) {
                case ir::Opcode::TextureStore: written_textures_.insert(g); break;
                case ir::Opcode::TextureLoad: read_textures_.insert(g); break;
                case ir::Opcode::TextureSampleCompare:
                case ir::Opcode::TextureSampleCompareLevelZero:
                case ir::Opcode::TextureGatherCompare: compare_textures_.insert(g); break;
                case ir::Opcode::AtomicRmw:
                case ir::Opcode::AtomicCompareExchange:
                    if (g->global_kind() == ir::GlobalKind::Resource) {
                        std::uint32_t n = 0;
                        const sema::ResourceType* r = resource_of(g, &n);
                        if (r && (sema::is_texture(r->resource) || sema::is_typed_buffer(r->resource)))
                            atomic_textures_.insert(g);
                    }
                    break;
                default: break;
                }
            }
    slots_ = resource_slots(module_);
}

std::string Printer::entry_return() {
    if (!entry_returns_value_) return "return;";
    std::string n = local_names_.fresh("out");
    std::string text = entry_name_ + "_out " + n + " = {};";
    for (const ir::Global* g : entry_.outputs) {
        const GlobalInfo& info = global_info_[g];
        const sema::Type* t = g->value_type();
        if (const auto* a = t->as<sema::ArrayType>()) {
            if (g->builtin == ir::BuiltIn::SampleMask) {
                textgen::append_all(text, ' ', n, '.', info.layout_name, " = ", info.name, "[0];");
                continue;
            }
            for (std::uint32_t k = 0; k < a->length; ++k)
                textgen::append_all(text, ' ', n, '.', info.layout_name, '[', textgen::Decimal(k), "] = ", info.name, '[',
                                    textgen::Decimal(k), "];");
            continue;
        }
        textgen::append_all(text, ' ', n, '.', info.layout_name, " = ", info.name, ';');
    }
    return text + " return " + n + ";";
}

void Printer::print_entry_signature() {
    using ir::ShaderStage;
    const ShaderStage stage = entry_.stage;
    // Stage input and output structs, and the parameters: each list built in one buffer, an entry
    // per line.
    std::string in_members, out_members, params;
    // Room for typical entries, so that a buffer does not grow entry by entry.
    in_members.reserve(48 * entry_.inputs.size());
    out_members.reserve(48 * entry_.outputs.size());
    params.reserve(48 * (entry_.inputs.size() + slots_.size() + 2));
    textgen::Namer members{textgen::NameTarget::Msl};
    std::vector<std::pair<const ir::Global*, std::string>> builtin_inputs;  // global, param name
    builtin_inputs.reserve(entry_.inputs.size());
    for (const ir::Global* g : entry_.inputs) {
        textgen::SourceAt::Scope here(at_, g->loc);
        GlobalInfo& info = global_info_[g];
        const sema::Type* t = g->value_type();
        if (g->builtin) {
            if (*g->builtin == ir::BuiltIn::CullDistance) {
                unsupported("SV_CullDistance (Metal has no cull distances)");
                return;
            }
            const char* attr = builtin_attribute(*g->builtin, true, stage);
            if (!attr) {
                unsupported(textgen::format(FMT_COMPILE("the built-in input '{}'"), ir::builtin_name(*g->builtin)));
                return;
            }
            const sema::Type* pt = t;
            if (const auto* a = t->as<sema::ArrayType>()) pt = a->element;
            // Metal's thread-position attributes are unsigned.
            if (const auto* s = sema::component_type(pt); s && s->scalar == sema::ScalarKind::Int)
                pt = pt->is<sema::VectorType>()
                         ? static_cast<const sema::Type*>(module_.types().vector(sema::ScalarKind::UInt, sema::component_count(pt)))
                         : module_.types().scalar(sema::ScalarKind::UInt);
            std::string pn = file_names_.fresh(ir::builtin_name(*g->builtin));
            textgen::append_all(params, type_name(pt), ' ', pn, " [[", attr, "]]\n");
            builtin_inputs.push_back({g, pn});
            continue;
        }
        info.layout_name = members.fresh(strip_stage_prefix(g->name()));
        const textgen::Decimal location(g->location.value_or(0));
        if (stage == ShaderStage::Vertex)
            textgen::append_all(in_members, type_name(t), ' ', info.layout_name, " [[attribute(", location, ")]];\n");
        else
            textgen::append_all(in_members, type_name(t), ' ', info.layout_name, " [[user(locn", location, ')',
                                interpolation_attribute(g->interpolation), "]];\n");
    }
    for (const ir::Global* g : entry_.outputs) {
        textgen::SourceAt::Scope here(at_, g->loc);
        GlobalInfo& info = global_info_[g];
        const sema::Type* t = g->value_type();
        info.layout_name = members.fresh(strip_stage_prefix(g->name()));
        if (g->builtin) {
            if (*g->builtin == ir::BuiltIn::CullDistance) {
                unsupported("SV_CullDistance (Metal has no cull distances)");
                return;
            }
            const char* attr = builtin_attribute(*g->builtin, false, stage);
            if (!attr) {
                unsupported(textgen::format(FMT_COMPILE("the built-in output '{}'"), ir::builtin_name(*g->builtin)));
                return;
            }
            if (const auto* a = t->as<sema::ArrayType>()) {
                if (*g->builtin == ir::BuiltIn::SampleMask)
                    textgen::append_all(out_members, type_name(a->element), ' ', info.layout_name, " [[", attr, "]];\n");
                else
                    textgen::append_all(out_members, type_name(a->element), ' ', info.layout_name, " [[", attr, "]] [",
                                        textgen::Decimal(a->length), "];\n");
                continue;
            }
            textgen::append_all(out_members, type_name(t), ' ', info.layout_name, " [[", attr, "]];\n");
            continue;
        }
        textgen::append_all(out_members, type_name(t), ' ', info.layout_name,
                            stage == ShaderStage::Pixel ? " [[color(" : " [[user(locn",
                            textgen::Decimal(g->location.value_or(0)), ")]];\n");
    }
    if (!in_members.empty()) {
        decls_.open(textgen::cat("struct ", entry_name_, "_in {"));
        decls_.lines(in_members);
        decls_.close("};");
        decls_.line("");
        // Its `in` parameter is printed first, before the list below.
    }
    entry_returns_value_ = !out_members.empty();
    if (entry_returns_value_) {
        decls_.open(textgen::cat("struct ", entry_name_, "_out {"));
        decls_.lines(out_members);
        decls_.close("};");
        decls_.line("");
    }
    // Resources in declaration order, at their indices.
    std::uint32_t limits[3] = {31, 128, 16};
    const char* class_attr[3] = {"buffer", "texture", "sampler"};
    for (const ResourceSlot& s : slots_) {
        if (!reached_globals_.contains(s.global)) continue;
        int c = static_cast<int>(s.slot_class);
        if (s.index + s.count > limits[c] || (c == 0 && stage == ShaderStage::Vertex && !in_members.empty() &&
                                              s.index + s.count > kVertexBufferIndex)) {
            fail(support::DiagCode::msl_too_many_resources,
                 textgen::format(FMT_COMPILE("MSL: '{}' needs {} index {}, beyond Metal's limit of {} {}s per function{}"),
                             s.global->name(), class_attr[c], s.index + s.count - 1, limits[c], class_attr[c],
                             c == 0 ? " (index 30 is the vertex buffer)" : ""));
            return;
        }
        // A rasterizer-ordered view: Metal orders the fragments' accesses of every argument in a
        // raster order group; one group, as D3D orders all of an invocation's ROVs together.
        std::uint32_t count = 1;
        const sema::ResourceType* r = resource_of(s.global, &count);
        std::string_view order = r && r->rasterizer_ordered ? ", raster_order_group(0)" : "";
        textgen::append_all(params, global_info_[s.global].param, " [[", class_attr[c], '(', textgen::Decimal(s.index), ')', order,
                            "]]\n");
    }
    if (uses_lane_) {
        if (stage == ShaderStage::Vertex) {
            unsupported("WaveGetLaneIndex in a vertex shader (Metal has no SIMD-group attribute there)");
            return;
        }
        params += "uint oneshader_lane [[thread_index_in_simdgroup]]\n";
    }
    if (uses_lane_count_) {
        if (stage == ShaderStage::Vertex) {
            unsupported("WaveGetLaneCount in a vertex shader (Metal has no SIMD-group attribute there)");
            return;
        }
        params += "uint oneshader_lane_count [[threads_per_simdgroup]]\n";
    }
    const char* qualifier = stage == ShaderStage::Vertex ? "vertex" : stage == ShaderStage::Pixel ? "fragment" : "kernel";
    if (entry_returns_value_) out_.line_of(qualifier, ' ', entry_name_, "_out ", entry_name_, '(');
    else out_.line_of(qualifier, " void ", entry_name_, '(');
    out_.indent();
    const std::size_t count = static_cast<std::size_t>(std::count(params.begin(), params.end(), '\n')) + (in_members.empty() ? 0 : 1);
    std::size_t k = 0;
    if (!in_members.empty()) out_.line_of(entry_name_, "_in in [[stage_in]]", ++k < count ? ',' : ')');
    for (std::size_t start = 0; start < params.size();) {
        const std::size_t end = params.find('\n', start);
        out_.line_of(std::string_view(params).substr(start, end - start), ++k < count ? ',' : ')');
        start = end + 1;
    }
    if (count == 0) out_.line(")");
    out_.dedent();
    out_.open("{");
    print_precise_pragmas();
    for (const auto& [g, pn] : builtin_inputs) {
        const sema::Type* t = g->value_type();
        if (t->is<sema::ArrayType>())
            out_.format_line(FMT_COMPILE("{} {} = {{{}}};"), type_name(t), global_info_[g].name, pn);
        else
            out_.format_line(FMT_COMPILE("{} {} = {}({});"), type_name(t), global_info_[g].name, type_name(t), pn);
    }
}

void Printer::print_entry_prologue() {
    for (const ir::Global* g : globals_) {
        const GlobalInfo& info = global_info_[g];
        const sema::Type* t = g->value_type();
        switch (g->global_kind()) {
        case ir::GlobalKind::Private:
            out_.line(type_name(t) + " " + info.name + " = " + (g->initializer ? constant(g->initializer) : "{}") + ";");
            break;
        case ir::GlobalKind::Workgroup: out_.line_of("threadgroup ", declare_c(t, info.name), ";"); break;
        case ir::GlobalKind::Input:
            if (!g->builtin) out_.line_of(type_name(t), " ", info.name, " = in.", info.layout_name, ";");
            break;
        case ir::GlobalKind::Output: out_.line_of(type_name(t), " ", info.name, " = {};"); break;
        case ir::GlobalKind::Resource: break;
        }
    }
}

// A helper's parameter for memory it reads and writes. A groupshared array decays to a pointer to
// its first element: `threadgroup float4 (&a)[64]` would call the float4(...) constructor macro of
// the checking header, and Metal takes the pointer as well.
std::string Printer::reference_param(sema::AddressSpace space, const sema::Type* t, const std::string& name) {
    t = t->value_type();
    if (space == sema::AddressSpace::Workgroup) {
        if (const auto* a = t->as<sema::ArrayType>()) {
            // A pointer to an array of rows would need `int3 (*a)[2]`, the constructor macro again.
            if (row_array(sema::innermost_element(a)))
                unsupported("a groupshared array of integer or bool matrices used outside the entry function",
                            "Use it in the entry function only, or use an array of vectors");
            return "threadgroup " + declare_c(a->element, "* " + name);
        }
        // An integer or bool matrix is a C array of rows there (declare_c): its first row's address.
        if (const auto* m = row_array(t))
            return "threadgroup " + type_name(module_.types().vector(m->element, m->cols)) + "* " + name;
        return textgen::cat("threadgroup ", type_name(t), "& ", name);
    }
    return textgen::cat("thread ", type_name(t), "& ", name);
}

std::string Printer::declare_c(const sema::Type* t, const std::string& name) {
    t = t->value_type();
    if (const auto* a = t->as<sema::ArrayType>()) return declare_c(a->element, textgen::format(FMT_COMPILE("{}[{}]"), name, a->length));
    // An integer or bool matrix: a C array of its rows (no member function runs on a threadgroup object).
    if (const auto* m = row_array(t))
        return type_name(module_.types().vector(m->element, m->cols)) + " " + textgen::format(FMT_COMPILE("{}[{}]"), name, m->rows);
    return type_name(t) + " " + name;
}

EmitResult Printer::run() {
    EmitResult result;
    entry_name_ = entry_function_name(entry_.function->name);
    file_names_.reserve(entry_name_);
    file_names_.reserve("in");
    file_names_.reserve("oneshader_lane");
    file_names_.reserve("oneshader_lane_count");
    collect();
    for (const ir::Function* f : functions_)
        function_names_[f] = f == entry_.function ? entry_name_ : file_names_.fresh(f->name);
    for (const ir::Global* g : globals_) {
        textgen::SourceAt::Scope here(at_, g->loc);
        GlobalInfo& info = global_info_[g];
        info.name = file_names_.fresh(strip_stage_prefix(g->name().empty() ? std::string_view("g") : g->name()));
        const sema::Type* t = g->value_type();
        switch (g->global_kind()) {
        case ir::GlobalKind::Private:
        case ir::GlobalKind::Input:
        case ir::GlobalKind::Output:
        case ir::GlobalKind::Workgroup: info.param = reference_param(g->space(), t, info.name); break;
        case ir::GlobalKind::Resource: {
            std::uint32_t count = 1;
            const sema::ResourceType* r = resource_of(g, &count);
            const auto* arr = t->as<sema::ArrayType>();
            if (arr && arr->length == 0) {
                unsupported(textgen::format(FMT_COMPILE("the unbounded resource array '{}'"), g->name()), "Give it a size");
                break;
            }
            if (!r) {
                fail(support::DiagCode::msl_malformed_input, "a resource global whose type is not a resource");
                break;
            }
            if (sema::is_subpass_input(r->resource)) {
                // Metal reads attachments by render-target index ([[color(n)]]), not by Vulkan's input
                // attachment index, so there is no faithful mapping.
                unsupported(textgen::format(FMT_COMPILE("the input attachment '{}' (SubpassInput)"), g->name()),
                            "Bind the attachment as a Texture2D and Load it at the fragment's position");
                break;
            }
            std::string decl;
            if (slot_class(r) != SlotClass::Buffer) {
                decl = texture_type(g, r);
            } else {
                info.layout = buffer_layout(g);
                bool writable = sema::is_writable(r->resource);
                if (sema::is_block_buffer(r->resource)) {
                    // A tbuffer or TextureBuffer<T> is a read-only device buffer of one T.
                    std::string space = r->resource == sema::ResourceKind::TextureBuffer ? "const device " : "constant ";
                    std::string lt = info.layout ? layout_type(info.layout) : "uint";
                    decl = arr ? space + lt + "*" : space + lt + "&";
                } else if (sema::is_structured_buffer(r->resource)) {
                    std::string lt = info.layout ? layout_type(info.layout) : "uint";
                    std::uint32_t stride = layouts_.structured_stride(r->element);
                    if (info.layout && stride > info.layout->size) lt = element_wrapper(*this, info.layout, stride);
                    decl = (writable ? "device " : "const device ") + lt + "*";
                } else {
                    decl = writable ? "device uint*" : "const device uint*";
                }
            }
            if (arr) decl = textgen::format(FMT_COMPILE("array<{}, {}>"), decl, arr->length);
            info.param = textgen::cat(decl, ' ', info.name);
            break;
        }
        }
    }
    for (const ir::SpecConstant* s : spec_constants_) {
        std::string n = file_names_.fresh(s->name().empty() ? std::string_view("spec") : s->name());
        std::string t = type_name(s->type());
        decls_.format_line(FMT_COMPILE("constant {} {} [[function_constant({})]];"), t, n, s->id);
        std::string value = n + "_value";
        file_names_.reserve(value);
        decls_.format_line(FMT_COMPILE("constant {} {} = is_function_constant_defined({}) ? {} : {};"), t, value, n, n,
                                s->default_value ? constant(s->default_value) : t + "{}");
        spec_names_[s] = value;
    }
    if (!spec_constants_.empty()) decls_.line("");
    std::string bodies;
    for (const ir::Function* f : functions_) {
        if (failed_) break;
        print_function(f, f == entry_.function);
        bodies += out_.text();
    }
    if (failed_) return result;
    std::string text;
    // The two header lines take under 192 characters.
    text.reserve(192 + entry_name_.size() + decls_.text().size() + helpers_.size() + bodies.size());
    text += textgen::format(FMT_COMPILE("// {} function {} (Metal Shading Language 2.4), written by OneShader from HLSL.\n"),
                        entry_.stage == ir::ShaderStage::Vertex  ? "Vertex"
                        : entry_.stage == ir::ShaderStage::Pixel ? "Fragment"
                                                                 : "Kernel",
                        entry_name_);
    text += "#include <metal_stdlib>\nusing namespace metal;\n\n";
    text += decls_.text();
    text += helpers_;
    text += bodies;
    while (text.size() >= 2 && text[text.size() - 1] == '\n' && text[text.size() - 2] == '\n') text.pop_back();
    result.text = std::move(text);
    result.function_name = entry_name_;
    return result;
}

std::string entry_function_name(std::string_view hlsl_name) {
    return textgen::legal_name(textgen::NameTarget::Msl, hlsl_name);
}

EmitResult emit(const ir::Module& module, const ir::EntryPoint& entry, const Options& options,
                support::DiagnosticEngine& diags) {
    Printer p(module, entry, options, diags);
    return p.run();
}

}  // namespace oneshader::msl
