#include "types/types_print.hpp"

#include <array>

namespace oneshader::sema {

namespace {

constexpr std::array<std::string_view, kScalarKindCount> kScalarNames = {
    "bool",       "int",        "uint",     "float",    "double",    "half",         "int16_t",
    "uint16_t",   "int64_t",    "uint64_t", "min16float", "min10float", "min16int", "min12int",
    "min16uint",  "literal int", "literal float",
};

constexpr std::array<std::string_view, 28> kResourceNames = {
    "Texture1D",          "Texture1DArray",        "Texture2D",
    "Texture2DArray",     "Texture2DMS",           "Texture2DMSArray",
    "Texture3D",          "TextureCube",           "TextureCubeArray",
    "RWTexture1D",        "RWTexture1DArray",      "RWTexture2D",
    "RWTexture2DArray",   "RWTexture3D",           "Buffer",
    "RWBuffer",           "StructuredBuffer",      "RWStructuredBuffer",
    "AppendStructuredBuffer", "ConsumeStructuredBuffer", "ByteAddressBuffer",
    "RWByteAddressBuffer", "ConstantBuffer",       "SamplerState",
    "SamplerComparisonState", "SubpassInput",      "SubpassInputMS",
    "TextureBuffer",
};
static_assert(kResourceNames.size() == static_cast<std::size_t>(ResourceKind::TextureBuffer) + 1);

// The rasterizer-ordered spellings and the RW kinds they share their shape with.
struct RasterizerOrderedName {
    std::string_view name;
    ResourceKind kind;
};
constexpr RasterizerOrderedName kRasterizerOrderedNames[] = {
    {"RasterizerOrderedTexture1D", ResourceKind::RWTexture1D},
    {"RasterizerOrderedTexture1DArray", ResourceKind::RWTexture1DArray},
    {"RasterizerOrderedTexture2D", ResourceKind::RWTexture2D},
    {"RasterizerOrderedTexture2DArray", ResourceKind::RWTexture2DArray},
    {"RasterizerOrderedTexture3D", ResourceKind::RWTexture3D},
    {"RasterizerOrderedBuffer", ResourceKind::RWBuffer},
    {"RasterizerOrderedStructuredBuffer", ResourceKind::RWStructuredBuffer},
    {"RasterizerOrderedByteAddressBuffer", ResourceKind::RWByteAddressBuffer},
};

constexpr std::array<std::string_view, 9> kSpaceNames = {
    "function", "private", "workgroup", "uniform", "uniform_constant", "storage", "push_constant", "input", "output",
};

void print(std::string& out, const Type* t);

// Vectors and matrices of literal kinds have no shorthand (`literal int2` is not a spelling).
void print_basic_shape(std::string& out, const ScalarType* e, std::uint32_t a, std::uint32_t b, bool is_matrix) {
    std::string_view name = scalar_kind_name(e->scalar);
    if (name.find(' ') != std::string_view::npos) {
        out += is_matrix ? "matrix<" : "vector<";
        out += name;
        out += ", " + std::to_string(a);
        if (is_matrix) out += ", " + std::to_string(b);
        out += '>';
        return;
    }
    out += name;
    out += std::to_string(a);
    if (is_matrix) {
        out += 'x';
        out += std::to_string(b);
    }
}

void print(std::string& out, const Type* t) {
    if (!t) {
        out += "<null>";
        return;
    }
    switch (t->kind()) {
    case TypeKind::Void:
        out += "void";
        return;
    case TypeKind::Scalar:
        out += scalar_kind_name(t->as<ScalarType>()->scalar);
        return;
    case TypeKind::Vector: {
        const auto* v = t->as<VectorType>();
        print_basic_shape(out, v->element, v->count, 0, false);
        return;
    }
    case TypeKind::Matrix: {
        const auto* m = t->as<MatrixType>();
        if (m->orientation == MatrixOrientation::RowMajor) out += "row_major ";
        if (m->orientation == MatrixOrientation::ColumnMajor) out += "column_major ";
        print_basic_shape(out, m->element, m->rows, m->cols, true);
        return;
    }
    case TypeKind::Array: {
        const Type* e = t;
        std::string dims;
        while (const auto* a = e->as<ArrayType>()) {
            dims += a->length ? "[" + std::to_string(a->length) + "]" : std::string("[]");
            e = a->element;
        }
        print(out, e);
        out += dims;
        return;
    }
    case TypeKind::Struct: {
        const auto* s = t->as<StructType>();
        if (s->name.str().empty())
            out += "struct <anonymous>";
        else
            out += s->name.str();
        return;
    }
    case TypeKind::Resource: {
        const auto* r = t->as<ResourceType>();
        out += resource_type_name(r);
        if (r->element) {
            out += '<';
            print(out, r->element);
            if (r->samples) out += ", " + std::to_string(r->samples);
            out += '>';
        }
        return;
    }
    case TypeKind::Function: {
        const auto* f = t->as<FunctionType>();
        print(out, f->result);
        out += '(';
        for (std::size_t i = 0; i < f->params.size(); ++i) {
            if (i) out += ", ";
            if (f->params[i].direction == ParamDirection::Out) out += "out ";
            if (f->params[i].direction == ParamDirection::InOut) out += "inout ";
            print(out, f->params[i].type);
        }
        out += ')';
        return;
    }
    case TypeKind::Pointer: {
        const auto* p = t->as<PointerType>();
        out += "ptr<";
        out += address_space_name(p->space);
        out += ", ";
        print(out, p->pointee);
        out += '>';
        return;
    }
    }
}

}  // namespace

std::string_view scalar_kind_name(ScalarKind k) { return kScalarNames[static_cast<std::size_t>(k)]; }

std::string_view resource_kind_name(ResourceKind k) { return kResourceNames[static_cast<std::size_t>(k)]; }

std::optional<ResourceKind> resource_kind_from_name(std::string_view name) {
    for (std::size_t i = 0; i < kResourceNames.size(); ++i)
        if (kResourceNames[i] == name) return static_cast<ResourceKind>(i);
    return std::nullopt;
}

std::optional<ResourceKind> rasterizer_ordered_kind_from_name(std::string_view name) {
    for (const RasterizerOrderedName& n : kRasterizerOrderedNames)
        if (n.name == name) return n.kind;
    return std::nullopt;
}

std::string_view resource_type_name(const ResourceType* r) {
    if (r->rasterizer_ordered)
        for (const RasterizerOrderedName& n : kRasterizerOrderedNames)
            if (n.kind == r->resource) return n.name;
    return resource_kind_name(r->resource);
}

std::string_view address_space_name(AddressSpace s) { return kSpaceNames[static_cast<std::size_t>(s)]; }

std::string type_name(const Type* t) {
    std::string out;
    print(out, t);
    return out;
}

}  // namespace oneshader::sema
