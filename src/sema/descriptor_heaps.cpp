// Shader Model 6.6 dynamic resources as DXC maps them for Vulkan (docs/spirv.md, "Bindless"):
// `ResourceDescriptorHeap[i]` and `SamplerDescriptorHeap[i]` have no type of their own; a read takes
// the resource type of what it initializes, is assigned to, is returned as or is cast to. Each type
// read from a heap becomes one unbounded array named after the heap, and all the arrays of a heap
// alias its one binding (a Vulkan mutable-descriptor binding), so `Texture2D t = ResourceDescriptorHeap[i]`
// compiles exactly as indexing `Texture2D ResourceDescriptorHeap[]` would, NonUniformResourceIndex included.
#include "sema/checker.hpp"
#include "sema/free_binding.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

std::string_view heap_name(DescriptorHeap h) {
    return h == DescriptorHeap::Samplers ? "SamplerDescriptorHeap" : "ResourceDescriptorHeap";
}

}  // namespace

// The read keeps its index and a placeholder base of type void, so that any use other than a
// conversion to a resource type fails to check, and report_untyped_heap_reads names the read.
BExpr* Checker::heap_read(DescriptorHeap heap, const syntax::IndexExpr* e) {
    SourceRange range(e->loc);
    BExpr* index = check_expr(e->index);
    if (!ok(index)) return error_expr(range);
    if (!is_basic(index->type) || component_count(index->type) != 1 ||
        !(is_integer(index->type) || is_literal_kind(component_type(index->type)->scalar))) {
        report(DiagCode::invalid_index, index->range,
               fmt::format("{} is indexed with an integer scalar, not '{}'.", heap_name(heap), tname(index->type)));
        return error_expr(range);
    }
    Variable*& placeholder = heap_placeholder[std::size_t(heap)];
    if (!placeholder) {
        placeholder = make<Variable>();
        placeholder->name = intern(heap_name(heap));
        placeholder->loc = e->loc;
        placeholder->type = types.void_type();
        placeholder->storage = StorageClass::Resource;
        placeholder->is_const = true;
    }
    auto* ref = make<BVarRef>(range);
    ref->var = placeholder;
    ref->type = placeholder->type;
    auto* n = make<BIndex>(range);
    n->base = ref;
    n->index = convert(materialize(index),
                       is_integer(index->type) && !is_literal_kind(component_type(index->type)->scalar)
                           ? index->type
                           : static_cast<const Type*>(scalar(ScalarKind::UInt)),
                       ConvertWhy::Index);
    n->type = placeholder->type;
    if (!ok(n->index)) return error_expr(range);
    heap_reads.push_back(n);
    return n;
}

DescriptorHeap Checker::untyped_heap(const BExpr* e) {
    if (!e || e->kind != BExprKind::Index) return DescriptorHeap::None;
    const BExpr* base = static_cast<const BIndex*>(e)->base;
    if (!base || base->kind != BExprKind::VarRef || !base->type || !base->type->is<VoidType>()) return DescriptorHeap::None;
    const Variable* v = static_cast<const BVarRef*>(base)->var;
    if (!v || v->storage != StorageClass::Resource) return DescriptorHeap::None;
    return v->name.str() == "SamplerDescriptorHeap" ? DescriptorHeap::Samplers : DescriptorHeap::Resources;
}

BExpr* Checker::type_heap_read(BExpr* e, const Type* to) {
    DescriptorHeap heap = untyped_heap(e);
    auto* read = static_cast<BIndex*>(e);
    const ResourceType* rt = to ? to->as<ResourceType>() : nullptr;
    std::string_view name = heap_name(heap);
    auto refuse = [&](std::string text) -> BExpr* {
        report(DiagCode::type_mismatch, e->range, std::move(text));
        read->type = nullptr;  // reported here, not again as untyped
        return error_expr(e->range);
    };
    if (!rt)
        return refuse(fmt::format("{}[...] gives a {}, not '{}'. Initialize a variable of a {} type with it "
                                  "({} x = {}[i];).",
                                  name, heap == DescriptorHeap::Samplers ? "sampler" : "resource", to ? tname(to) : "?",
                                  heap == DescriptorHeap::Samplers ? "sampler" : "resource",
                                  heap == DescriptorHeap::Samplers ? "SamplerState" : "Texture2D<float4>", name));
    bool sampler = is_sampler(rt->resource);
    if (sampler != (heap == DescriptorHeap::Samplers))
        return refuse(fmt::format("'{}' cannot come from {}: samplers come from SamplerDescriptorHeap and every other "
                                  "resource from ResourceDescriptorHeap.",
                                  tname(to), name));
    if (is_subpass_input(rt->resource)) {
        report(DiagCode::unsupported_feature, e->range,
               fmt::format("'{}' from {} is not supported: an input attachment needs its [[vk::input_attachment_index]]. "
                           "Declare it as a global with its own binding.",
                           tname(to), name));
        read->type = nullptr;
        return error_expr(e->range);
    }
    Variable* v = heap_variable(heap, rt, read->base->range.begin);
    BExpr* ref = var_ref(v, read->base->range);
    read->base = ref;
    read->type = rt;
    read->lvalue = ref->lvalue;
    read->assignable = ref->assignable;
    return read;
}

Variable* Checker::heap_variable(DescriptorHeap heap, const ResourceType* element, SourceLoc loc) {
    for (const auto& [type, var] : heap_variables)
        if (type == element) return var;
    Symbol name = intern(heap_name(heap));
    const Type* type = types.array(element, 0);
    auto* v = make<Variable>();
    v->name = name;
    v->loc = loc;
    v->type = type;
    v->storage = StorageClass::Resource;
    v->is_const = !is_writable(element->resource);
    globals.push_back(v);
    heap_variables.emplace_back(element, v);
    Resource* r = nullptr;
    if (is_block_buffer(element->resource)) {
        bool texture = element->resource == ResourceKind::TextureBuffer;
        BufferBlock* b = new_block(texture ? BufferKind::TextureBuffer : BufferKind::ConstantBuffer, name, loc);
        b->type = element->element ? element->element->as<StructType>() : nullptr;
        b->layout = b->type ? layouts.layout(b->type, texture ? LayoutRule::Storage : LayoutRule::Constant) : nullptr;
        check_layout_bounds(b->layout, name.str(), SourceRange(loc));
        b->object = v;
        b->count = 0;
        v->buffer = b;
        r = new_resource(v, type, {}, {}, loc);
        if (r) {
            r->buffer = b;
            b->resource = r;
        }
    } else {
        r = new_resource(v, type, {}, {}, loc);
    }
    if (r) r->heap = heap;
    return v;
}

void Checker::report_untyped_heap_reads() {
    for (BIndex* read : heap_reads) {
        if (untyped_heap(read) == DescriptorHeap::None || !read->type) continue;
        std::string_view name = heap_name(untyped_heap(read));
        report(DiagCode::type_mismatch, read->range,
               fmt::format("{}[...] has no type here: a read takes the resource type of the variable it initializes "
                           "or is assigned to. Write {} x = {}[i]; and use x.",
                           name, untyped_heap(read) == DescriptorHeap::Samplers ? "SamplerState" : "Texture2D<float4>",
                           name));
    }
}

// DXC gives a heap without -fvk-bind-*-heap the first binding of the default set that nothing else
// takes, after every other resource and counter; with the option, the slot is reserved before the
// implicit numbers are handed out. All the arrays of one heap share the slot.
void Checker::place_heaps(std::map<std::uint32_t, std::set<std::uint32_t>>& used, const BindingOptions& o,
                          bool reserve) {
    std::optional<DescriptorSlot> slots[3];
    for (Resource* r : resources) {
        if (r->heap == DescriptorHeap::None) continue;
        std::optional<DescriptorSlot>& slot = slots[std::size_t(r->heap)];
        const std::optional<DescriptorSlot>& option = r->heap == DescriptorHeap::Samplers ? o.sampler_heap : o.resource_heap;
        if (reserve != option.has_value()) continue;
        if (!slot) {
            if (option) {
                slot = option;
                const std::optional<DescriptorSlot>& other = slots[r->heap == DescriptorHeap::Samplers ? 1 : 2];
                bool other_heap = other && other->set == option->set && other->binding == option->binding;
                if (used[option->set].count(option->binding) && !other_heap)
                    report(DiagCode::binding_collision, SourceRange(r->loc),
                           fmt::format("{} is placed on descriptor set {} binding {}, which another resource already "
                                       "uses. Choose a free slot in -fvk-bind-{}-heap.",
                                       heap_name(r->heap), option->set, option->binding,
                                       r->heap == DescriptorHeap::Samplers ? "sampler" : "resource"));
            } else {
                slot = DescriptorSlot{first_free_binding(used[o.default_space]), o.default_space};
            }
            used[slot->set].insert(slot->binding);
        }
        r->binding.set = slot->set;
        r->binding.binding = slot->binding;
    }
    // The counters of the RWStructuredBuffers read from ResourceDescriptorHeap: one runtime array
    // on its own slot (DXC's counter.var.ResourceDescriptorHeap), the first free one after the heap
    // itself, or -fvk-bind-counter-heap's.
    if (reserve != o.counter_heap.has_value()) return;
    std::optional<DescriptorSlot> counters;
    for (Resource* r : resources) {
        if (r->heap != DescriptorHeap::Resources || !(r->counter_used || has_counter(r->kind))) continue;
        if (!counters) {
            if (o.counter_heap) {
                counters = o.counter_heap;
                if (used[counters->set].count(counters->binding))
                    report(DiagCode::binding_collision, SourceRange(r->loc),
                           fmt::format("The counters of ResourceDescriptorHeap are placed on descriptor set {} binding "
                                       "{}, which another resource already uses. Choose a free slot in "
                                       "-fvk-bind-counter-heap.",
                                       counters->set, counters->binding));
            } else {
                counters = DescriptorSlot{first_free_binding(used[o.default_space]), o.default_space};
            }
            used[counters->set].insert(counters->binding);
        }
        r->counter_binding = counters->binding;
        r->counter_set = counters->set;
    }
}

}  // namespace oneshader::sema
