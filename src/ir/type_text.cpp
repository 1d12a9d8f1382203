#include "ir/type_text.hpp"

#include "types/types_print.hpp"

namespace oneshader::ir {

namespace {

void print(std::string& out, const sema::Type* t, const StructNames& names) {
    if (!t) {
        out += "<null>";
        return;
    }
    switch (t->kind()) {
    case sema::TypeKind::Array: {
        const sema::Type* e = t;
        std::string dims;
        while (const auto* a = e->as<sema::ArrayType>()) {
            dims += a->length ? "[" + std::to_string(a->length) + "]" : std::string("[]");
            e = a->element;
        }
        print(out, e, names);
        out += dims;
        return;
    }
    case sema::TypeKind::Struct: {
        auto it = names.find(t->as<sema::StructType>());
        if (it != names.end())
            out += it->second;
        else
            out += sema::type_name(t);
        return;
    }
    case sema::TypeKind::Resource: {
        const auto* r = t->as<sema::ResourceType>();
        out += sema::resource_type_name(r);
        if (r->element) {
            out += '<';
            print(out, r->element, names);
            if (r->samples) out += ", " + std::to_string(r->samples);
            out += '>';
        }
        return;
    }
    case sema::TypeKind::Pointer: {
        const auto* p = t->as<sema::PointerType>();
        out += "ptr<";
        out += sema::address_space_name(p->space);
        out += ", ";
        print(out, p->pointee, names);
        out += '>';
        return;
    }
    default:
        // Scalars, vectors, matrices and void have one spelling and hold no struct.
        out += sema::type_name(t);
        return;
    }
}

}  // namespace

std::string type_text(const sema::Type* t, const StructNames& names) {
    std::string out;
    print(out, t, names);
    return out;
}

}  // namespace oneshader::ir
