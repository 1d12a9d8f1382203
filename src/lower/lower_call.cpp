// Calls of user functions. HLSL passes out/inout arguments by copy-in/copy-out: the caller makes
// a temporary of the parameter's type, copies the lvalue in (inout, converted to that type),
// passes the temporary's pointer and copies it back after the call (converted to the lvalue's
// type), in parameter order. `this` is the object's own storage when that is function
// memory of the right type, otherwise a temporary copied back when the object is assignable.
// A resource argument picks the function copy made for that resource (function_for).
#include <fmt/format.h>

#include "lower/lowerer.hpp"

namespace oneshader::lower {

bool Lowerer::resource_arg(const Place& p, ResourceArg& out, const BExpr* at) {
    if (p.kind != Place::Kind::Pointer || !p.whole()) {
        if (p.ok()) unsupported(at->range, "passing this resource expression to a function");
        return false;
    }
    // Walk the access chains back to the global: constant indices become part of the copy's key,
    // run-time ones its extra arguments.
    ValueList indices;
    ir::Value* v = p.ptr;
    while (auto* i = v->as<ir::Instruction>()) {
        if (i->opcode != ir::Opcode::AccessChain) break;
        indices.insert(indices.begin(), i->operands.begin() + 1, i->operands.end());
        v = i->operands[0];
    }
    out.global = v->as<ir::Global>();
    if (!out.global) {
        // A reference the lowering cannot name (a resource local, a `?:`, a call's result): the
        // copy takes it as an argument, and legalize_resources inlines the call.
        out.value = p.ptr;
        return true;
    }
    for (ir::Value* i : indices) {
        if (auto c = ir::constant_int_value(i)) {
            out.indices.push_back(*c);
        } else {
            out.indices.push_back(std::nullopt);
            out.dynamic.push_back(i);
        }
    }
    return true;
}

Lowerer::OutArg Lowerer::out_arg(const BExpr* arg, const Type* param, bool copy_in) {
    OutArg a;
    a.target = place(arg);
    a.target_type = concrete(arg->type);
    const Type* temp_type = param ? concrete(param) : a.target_type;
    a.temp = new_alloca(temp_type, "arg");
    if (copy_in) b_.store(a.temp, convert(convert(load(a.target), a.target_type), temp_type));
    return a;
}

// Converted to the argument's own type first: a swizzle or texel target stores the value as it is.
void Lowerer::copy_back(const OutArg& a) { store(a.target, convert(b_.load(a.temp), a.target_type)); }

ir::Value* Lowerer::call(const sema::BCall* e) {
    const sema::Function* f = e->callee;
    if (!f) return nullptr;
    ValueList args;
    std::vector<ResourceArg> resources;
    std::vector<OutArg> outs;
    std::optional<OutArg> object;
    if (f->owner && !f->is_static) {
        Place obj = e->object ? place(e->object) : (this_ptr_ ? Place{Place::Kind::Pointer, this_ptr_} : Place{});
        const Type* owner = concrete(f->owner);
        const Type* want = types_.pointer(sema::AddressSpace::Function, owner);
        if (obj.kind == Place::Kind::Pointer && obj.whole() && obj.ptr->type() == want) {
            args.push_back(obj.ptr);
        } else if (obj.ok()) {
            OutArg a;
            a.target = obj;
            a.temp = new_alloca(owner, "this");
            b_.store(a.temp, convert(load(obj), owner));
            args.push_back(a.temp);
            if (e->object && e->object->assignable) object = a;
        } else {
            unsupported(e->range, "calling a member function without its object");
            return nullptr;
        }
    }
    for (std::size_t k = 0; k < f->params.size() && k < e->args.size(); ++k) {
        const sema::Variable* p = f->params[k];
        const BExpr* a = e->args[k];
        if (p->type && is_ref_resource(p->type) && p->direction != sema::ParamDirection::In) {
            // `out Texture2D t`: the callee writes a reference into a temporary, copied back into
            // the argument's variable or member after the call.
            Place slot = place_slot(a);
            const auto* pt = slot.kind == Place::Kind::Pointer && slot.count == 0
                                 ? slot.ptr->type()->as<sema::PointerType>()
                                 : nullptr;
            if (!pt || !ir::is_resource_ref(pt->pointee)) {
                if (slot.ok())
                    unsupported(a->range, "passing this resource as an out or inout argument (pass a local resource "
                                          "variable or a struct member)");
                return nullptr;
            }
            OutArg o;
            o.target = slot;
            o.target_type = pt->pointee;
            o.temp = new_alloca(pt->pointee, "arg");
            if (p->direction == sema::ParamDirection::InOut) b_.store(o.temp, b_.load(slot.ptr));
            args.push_back(o.temp);
            outs.push_back(o);
            continue;
        }
        if (p->type && sema::is_resource_or_array(p->type)) {
            ResourceArg ra;
            if (!resource_arg(place(a), ra, a)) return nullptr;
            if (ra.value) args.push_back(ra.value);
            for (ir::Value* d : ra.dynamic) args.push_back(d);
            resources.push_back(std::move(ra));
            continue;
        }
        if (p->direction == sema::ParamDirection::In) {
            args.push_back(convert(rvalue(a), concrete(p->type)));
        } else {
            OutArg o = out_arg(a, p->type, p->direction == sema::ParamDirection::InOut);
            args.push_back(o.temp);
            outs.push_back(o);
        }
    }
    ir::Function* callee = function_for(f, std::move(resources));
    if (!callee) return nullptr;
    ir::Instruction* r = b_.call(callee, args);
    for (const OutArg& o : outs) copy_back(o);
    if (object) copy_back(*object);
    return callee->result_type->is<sema::VoidType>() ? nullptr : r;
}

}  // namespace oneshader::lower
