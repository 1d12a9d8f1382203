// The module as a whole: what the entry point reaches, the header, capabilities, the entry point
// with its interface and execution modes, and the order of the logical sections.
#include <algorithm>

#include <spirv/unified1/GLSL.std.450.h>

#include "spirv/emitter.hpp"

namespace oneshader::spirv {

Emitter::Emitter(const ir::Module& module, const ir::EntryPoint& entry, const Options& options,
                 support::DiagnosticEngine& diags)
    : module_(module), entry_(entry), options_(options), diags_(diags), layouts_(arena_, options.layout) {
    // Room for a typical module up front, instead of growing each section from one word.
    names_.reserve(1024);
    annotations_.reserve(512);
    globals_.reserve(1024);
    functions_.reserve(4096);
    for (InstructionStream* s : {&names_, &annotations_, &globals_, &functions_, &variables_, &debug_strings_,
                                 &debug_processed_})
        s->watch(oversized_pending_);
}

void Emitter::fail(support::DiagCode code, const std::string& message) {
    failed_ = true;
    // One message per distinct problem: a construct repeated in a loop body is one error.
    if (!reported_.insert(message).second) return;
    // At the line of use: the instruction being emitted, when there is one.
    diags_.report(code, current_ ? support::SourceRange(current_->loc) : support::SourceRange(), message);
}

void Emitter::unsupported(const std::string& what) {
    fail(support::DiagCode::spirv_not_supported_yet, "SPIR-V: " + what + " is not supported yet");
}

void Emitter::extension(std::string_view name) {
    for (std::string_view e : extensions_)
        if (e == name) return;
    extensions_.push_back(name);
}

void Emitter::name(Id id, std::string_view n) {
    if (!options_.keep_names || n.empty()) return;
    names_.add_with_string(spv::Op::OpName, {id}, n);
}

void Emitter::member_name(Id id, std::uint32_t member, std::string_view n) {
    if (!options_.keep_names || n.empty()) return;
    names_.add_with_string(spv::Op::OpMemberName, {id, member}, n);
}

void Emitter::decorate(Id id, spv::Decoration d, std::initializer_list<std::uint32_t> extra) {
    annotations_.add(spv::Op::OpDecorate, {id, static_cast<std::uint32_t>(d)},
                     std::span<const std::uint32_t>(extra.begin(), extra.size()));
}

void Emitter::member_decorate(Id id, std::uint32_t member, spv::Decoration d, std::initializer_list<std::uint32_t> extra) {
    annotations_.add(spv::Op::OpMemberDecorate, {id, member, static_cast<std::uint32_t>(d)},
                     std::span<const std::uint32_t>(extra.begin(), extra.size()));
}

Id Emitter::glsl_std_450() {
    if (!glsl_) glsl_ = new_id();
    return glsl_;
}

Id Emitter::debug_printf_set() {
    if (!debug_printf_) debug_printf_ = new_id();
    return debug_printf_;
}

Id Emitter::printf_format(std::size_t k) {
    if (printf_formats_.size() <= k) printf_formats_.resize(k + 1, 0);
    if (!printf_formats_[k]) {
        printf_formats_[k] = new_id();
        debug_strings_.add_with_string(spv::Op::OpString, {printf_formats_[k]}, module().strings()[k]);
    }
    return printf_formats_[k];
}

Id Emitter::result_id(const ir::Instruction* i) {
    bool inserted = false;
    Id& id = values_.get_or_insert(i, 0, &inserted);
    if (inserted) id = new_id();
    return id;
}

void Emitter::define(const ir::Instruction* i, Id id) {
    bool inserted = false;
    Id reserved = values_.get_or_insert(i, id, &inserted);
    if (!inserted && reserved != id) op_result(spv::Op::OpCopyObject, value_type(i->type()), {id}, reserved);
}

Id Emitter::value(const ir::Value* v) {
    if (const auto* c = v->as<ir::Constant>()) return constant(c);
    if (const auto* s = v->as<ir::SpecConstant>()) return spec_constant(s);
    if (v->type()->is<sema::PointerType>()) {
        fail(support::DiagCode::spirv_malformed_input, "a pointer was used where a value was expected");
        return 0;
    }
    if (const Id* known = values_.find(v)) return *known;
    if (const auto* i = v->as<ir::Instruction>()) return result_id(i);
    fail(support::DiagCode::spirv_malformed_input, "an operand from outside the function being emitted");
    return 0;
}

const PointerInfo* Emitter::pointer(const ir::Value* v) {
    if (const PointerInfo* const* known = pointers_.find(v)) return *known;
    if (const auto* g = v->as<ir::Global>()) {
        const GlobalInfo* info = global_info(g);
        if (!info) {
            fail(support::DiagCode::spirv_malformed_input, "a global of another module");
            return nullptr;
        }
        PointerInfo p;
        p.storage = info->storage;
        p.pointee = g->value_type();
        p.id = info->variable;
        p.spirv_pointee = info->pointee;
        const sema::Type* inner = g->value_type();
        if (const auto* a = inner->as<sema::ArrayType>()) inner = a->element;
        if (const auto* r = inner->as<sema::ResourceType>(); r && is_buffer_resource(r)) {
            if (inner == g->value_type()) p.buffer = r;
            p.layout = info->layout;
        }
        set_pointer(v, p);
        return *pointers_.find(v);
    }
    // After an error the instruction that should have made this pointer made nothing: that is
    // the same problem, already reported.
    if (!failed_) fail(support::DiagCode::spirv_malformed_input, "a pointer operand that no instruction defined");
    return nullptr;
}

Id Emitter::op_result(spv::Op o, Id type, std::span<const std::uint32_t> operands, Id result) {
    Id id = result ? result : new_id();
    body_->add(o, {type, id}, operands);
    return id;
}

Id Emitter::ext_inst(Id type, std::uint32_t glsl_op, std::span<const Id> args, Id result) {
    Operands ops{glsl_std_450(), glsl_op};
    ops.insert(ops.end(), args.begin(), args.end());
    return op_result(spv::Op::OpExtInst, type, ops, result);
}

void Emitter::collect(const ir::Function* f, std::vector<const ir::Function*>& order, PointerTable<bool>& seen) {
    // An explicit work list: call chains may be deep.
    std::vector<const ir::Function*> work{f};
    seen.set(f, true);
    while (!work.empty()) {
        const ir::Function* g = work.back();
        work.pop_back();
        order.push_back(g);
        for (const ir::Block* b : g->blocks)
            for (const ir::Instruction* i : b->instructions)
                if (i->opcode == ir::Opcode::Call && i->callee) {
                    bool fresh = false;
                    seen.get_or_insert(i->callee, true, &fresh);
                    if (fresh) work.push_back(i->callee);
                }
    }
}

namespace {

const ir::Global* root_global(const ir::Value* v) {
    while (v) {
        if (const auto* g = v->as<ir::Global>()) return g;
        const auto* i = v->as<ir::Instruction>();
        if (!i || i->opcode != ir::Opcode::AccessChain || i->operands.empty()) return nullptr;
        v = i->operands[0];
    }
    return nullptr;
}

}  // namespace

std::vector<std::uint32_t> Emitter::run() {
    if (!entry_.function || !entry_.function->arguments.empty() || entry_.function->blocks.empty()) {
        fail(support::DiagCode::spirv_malformed_input, "the entry point's function must have a body and no parameters");
        return {};
    }
    std::vector<const ir::Function*> reached;
    PointerTable<bool> seen;
    collect(entry_.function, reached, seen);

    // Globals the entry point reaches, and storage textures it uses atomically. `foreign` keeps
    // the globals not of this module, in the order met, for the check below.
    PointerTable<bool> used;
    std::vector<const ir::Global*> foreign;
    auto use = [&](const ir::Global* g) {
        bool fresh = false;
        used.get_or_insert(g, true, &fresh);
        if (fresh && g->module != &module_) foreign.push_back(g);
    };
    for (const ir::Global* g : entry_.inputs) use(g);
    for (const ir::Global* g : entry_.outputs) use(g);
    if (options_.preserve_bindings)
        for (const ir::Global* g : module_.globals)
            if (g->global_kind() == ir::GlobalKind::Resource && g->space() != sema::AddressSpace::PushConstant) use(g);
    for (const ir::Function* f : reached)
        for (const ir::Block* b : f->blocks)
            for (const ir::Instruction* i : b->instructions) {
                for (const ir::Value* v : i->operands)
                    if (const auto* g = v->as<ir::Global>()) use(g);
                if ((i->opcode == ir::Opcode::AtomicRmw || i->opcode == ir::Opcode::AtomicCompareExchange) &&
                    !i->operands.empty())
                    if (const ir::Global* g = root_global(i->operands[0])) atomic_textures_.set(g, true);
            }
    for (const ir::Global* g : module_.globals)
        if (used.contains(g)) used_globals_.push_back(g);
    for (const ir::Global* g : foreign) {
        if (std::find(module_.globals.begin(), module_.globals.end(), g) == module_.globals.end()) {
            fail(support::DiagCode::spirv_malformed_input, "the entry point uses a global of another module");
            return {};
        }
    }

    capability(spv::Capability::Shader);
    debug_module();
    for (const ir::Global* g : used_globals_) declare_global(g);
    hlsl_reflection();

    // Functions in module order, so the output does not depend on the call graph walk.
    std::vector<const ir::Function*> functions;
    for (const ir::Function* f : module_.functions)
        if (seen.contains(f)) functions.push_back(f);
    for (const ir::Function* f : functions) {
        bool fresh = false;
        Id& id = function_ids_.get_or_insert(f, 0, &fresh);
        if (fresh) id = new_id();
        name(id, f->name);
    }
    for (const ir::Function* f : functions) emit_function(f);
    if (interlock_) {
        // DXC's choice of ordering: per sample when the entry point reads SV_SampleIndex, per
        // shading-rate region when it reads SV_ShadingRate (the later input wins), per pixel otherwise.
        spv::ExecutionMode mode = spv::ExecutionMode::PixelInterlockOrderedEXT;
        spv::Capability cap = spv::Capability::FragmentShaderPixelInterlockEXT;
        for (const ir::Global* g : entry_.inputs) {
            if (g->builtin && *g->builtin == ir::BuiltIn::SampleIndex) {
                mode = spv::ExecutionMode::SampleInterlockOrderedEXT;
                cap = spv::Capability::FragmentShaderSampleInterlockEXT;
            } else if (g->builtin && *g->builtin == ir::BuiltIn::ShadingRate) {
                mode = spv::ExecutionMode::ShadingRateInterlockOrderedEXT;
                cap = spv::Capability::FragmentShaderShadingRateInterlockEXT;
            }
        }
        capability(cap);
        extension("SPV_EXT_fragment_shader_interlock");
        note_execution_mode(mode);
    }
    apply_target_env();
    report_oversized();
    // Universal limits of the module as a whole (spec section 2.17).
    if (used_globals_.size() > 65535)
        fail(support::DiagCode::spirv_not_expressible,
             "SPIR-V: the entry point uses " + std::to_string(used_globals_.size()) +
                 " global variables, more than the 65535 SPIR-V allows; gather them into arrays or structs");
    if (next_id_ > 0x3FFFFF)
        fail(support::DiagCode::spirv_not_expressible,
             "SPIR-V: the module needs " + std::to_string(next_id_) +
                 " ids, more than the 4194303 SPIR-V allows; split the shader into smaller entry points");
    if (failed_) return {};

    // Execution model and modes.
    spv::ExecutionModel model = spv::ExecutionModel::GLCompute;
    if (stage() == ir::ShaderStage::Vertex) model = spv::ExecutionModel::Vertex;
    if (stage() == ir::ShaderStage::Pixel) {
        model = spv::ExecutionModel::Fragment;
        note_execution_mode(spv::ExecutionMode::OriginUpperLeft);
        for (const ir::Global* g : entry_.outputs)
            if (g->builtin && (*g->builtin == ir::BuiltIn::FragDepth || *g->builtin == ir::BuiltIn::FragDepthGreaterEqual ||
                               *g->builtin == ir::BuiltIn::FragDepthLessEqual))
                note_execution_mode(spv::ExecutionMode::DepthReplacing);
    }
    Id main_id = function_id(entry_.function);

    // Sorted, so the header does not depend on the order the features were met in.
    std::sort(capabilities_.begin(), capabilities_.end());
    std::sort(extensions_.begin(), extensions_.end());
    std::sort(execution_modes_.begin(), execution_modes_.end());
    InstructionStream head;
    for (std::uint32_t c : capabilities_) head.add(spv::Op::OpCapability, {c});
    for (std::string_view e : extensions_) head.add_with_string(spv::Op::OpExtension, {}, e);
    if (glsl_) head.add_with_string(spv::Op::OpExtInstImport, {glsl_}, "GLSL.std.450");
    if (debug_set_) head.add_with_string(spv::Op::OpExtInstImport, {debug_set_}, "NonSemantic.Shader.DebugInfo.100");
    if (debug_printf_) head.add_with_string(spv::Op::OpExtInstImport, {debug_printf_}, "NonSemantic.DebugPrintf");
    head.add(spv::Op::OpMemoryModel, {static_cast<std::uint32_t>(spv::AddressingModel::Logical),
                                      static_cast<std::uint32_t>(spv::MemoryModel::GLSL450)});
    std::string_view entry_name = options_.entry_point_name.empty() ? std::string_view(entry_.function->name)
                                                                    : std::string_view(options_.entry_point_name);
    head.add_with_string(spv::Op::OpEntryPoint, {static_cast<std::uint32_t>(model), main_id}, entry_name,
                         interface_ids());
    for (std::uint32_t m : execution_modes_) head.add(spv::Op::OpExecutionMode, {main_id, m});
    if (model == spv::ExecutionModel::GLCompute) {
        auto size = [&](std::size_t k) { return std::max<std::uint32_t>(entry_.workgroup_size[k], 1); };
        head.add(spv::Op::OpExecutionMode,
                 {main_id, static_cast<std::uint32_t>(spv::ExecutionMode::LocalSize), size(0), size(1), size(2)});
    }
    report_oversized(head);
    if (failed_) return {};
    // Names come after the entry point's own OpName so a dump starts with the entry.
    std::vector<std::uint32_t> out;
    out.reserve(5 + head.size() + debug_strings_.size() + names_.size() + debug_processed_.size() +
                annotations_.size() + globals_.size() + functions_.size());
    out.insert(out.end(), {spv::MagicNumber, options_.version, 0u, next_id_, 0u});
    for (const InstructionStream* s :
         {&head, &debug_strings_, &names_, &debug_processed_, &annotations_, &globals_, &functions_})
        out.insert(out.end(), s->words().begin(), s->words().end());
    return out;
}

std::vector<std::uint32_t> emit(const ir::Module& module, const ir::EntryPoint& entry, const Options& options,
                                support::DiagnosticEngine& diags) {
    Emitter e(module, entry, options, diags);
    return e.run();
}

}  // namespace oneshader::spirv
