// Stage inputs and outputs of an entry point, flattened from its parameters and result (structs
// member by member, base first): semantic and index, the system value it names and whether the
// stage allows it there, interpolation, and locations as DXC assigns them (declaration order, or
// [[vk::location]] for all; an array takes one location per element, a matrix one per row;
// pixel SV_Target<n> is location n).
#include <algorithm>
#include <array>
#include <cctype>

#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

// How a system value is read at one signature point, as DXC's interpretation table says: not
// at all (an error), as the system value, or as an ordinary attribute with a location (SV_Position
// on a vertex input is the application's data, and so is SV_InstanceID passed on to the pixel
// shader).
enum class Use : std::uint8_t { No, System, Attribute };

struct SystemValueInfo {
    std::string_view name;  // upper case for semantics; vk::builtin names as DXC spells them
    SystemValue value;
    Use vs_in, vs_out, ps_in, ps_out, cs_in;
};

constexpr Use N = Use::No, S = Use::System, A = Use::Attribute;

constexpr std::array<SystemValueInfo, 26> kSystemValues = {{
    {"SV_POSITION", SystemValue::Position, A, S, S, N, N},
    {"SV_TARGET", SystemValue::Target, N, N, N, S, N},
    {"SV_DEPTH", SystemValue::Depth, N, N, N, S, N},
    {"SV_DEPTHGREATEREQUAL", SystemValue::DepthGreaterEqual, N, N, N, S, N},
    {"SV_DEPTHLESSEQUAL", SystemValue::DepthLessEqual, N, N, N, S, N},
    {"SV_STENCILREF", SystemValue::StencilRef, N, N, N, S, N},
    {"SV_COVERAGE", SystemValue::Coverage, N, N, S, S, N},
    {"SV_INNERCOVERAGE", SystemValue::InnerCoverage, N, N, S, N, N},
    {"SV_VERTEXID", SystemValue::VertexID, S, N, N, N, N},
    {"SV_INSTANCEID", SystemValue::InstanceID, S, A, A, N, N},
    {"SV_STARTVERTEXLOCATION", SystemValue::StartVertexLocation, S, N, N, N, N},
    {"SV_STARTINSTANCELOCATION", SystemValue::StartInstanceLocation, S, N, N, N, N},
    {"SV_VIEWID", SystemValue::ViewID, S, N, S, N, N},
    {"SV_ISFRONTFACE", SystemValue::IsFrontFace, N, N, S, N, N},
    {"SV_SAMPLEINDEX", SystemValue::SampleIndex, N, N, S, N, N},
    {"SV_PRIMITIVEID", SystemValue::PrimitiveID, N, N, S, N, N},
    {"SV_BARYCENTRICS", SystemValue::Barycentrics, N, N, S, N, N},
    {"SV_SHADINGRATE", SystemValue::ShadingRate, N, S, S, N, N},
    {"SV_CLIPDISTANCE", SystemValue::ClipDistance, A, S, S, N, N},
    {"SV_CULLDISTANCE", SystemValue::CullDistance, A, S, S, N, N},
    {"SV_RENDERTARGETARRAYINDEX", SystemValue::RenderTargetArrayIndex, A, S, S, N, N},
    {"SV_VIEWPORTARRAYINDEX", SystemValue::ViewportArrayIndex, A, S, S, N, N},
    {"SV_DISPATCHTHREADID", SystemValue::DispatchThreadID, N, N, N, N, S},
    {"SV_GROUPID", SystemValue::GroupID, N, N, N, N, S},
    {"SV_GROUPTHREADID", SystemValue::GroupThreadID, N, N, N, N, S},
    {"SV_GROUPINDEX", SystemValue::GroupIndex, N, N, N, N, S},
}};

// The names [[vk::builtin]] takes (DXC's list) and where each is allowed. PointSize on a pixel
// input is accepted and left out (a struct shared by both stages), as `ps_in` = Attribute says.
// The same rows as the system values, with the names spelled as DXC takes them (case matters).
using VkBuiltinInfo = SystemValueInfo;

constexpr std::array<VkBuiltinInfo, 6> kVkBuiltins = {{
    {"PointSize", SystemValue::PointSize, N, S, A, N, N},
    {"HelperInvocation", SystemValue::HelperInvocation, N, N, S, N, N},
    {"BaseVertex", SystemValue::BaseVertex, S, N, N, N, N},
    {"BaseInstance", SystemValue::BaseInstance, S, N, N, N, N},
    {"DrawIndex", SystemValue::DrawIndex, S, N, N, N, N},
    {"DeviceIndex", SystemValue::DeviceIndex, S, N, S, N, S},
}};

Use use_at(Use vs_in, Use vs_out, Use ps_in, Use ps_out, Use cs_in, Stage stage, bool output) {
    switch (stage) {
    case Stage::Vertex: return output ? vs_out : vs_in;
    case Stage::Pixel: return output ? ps_out : ps_in;
    case Stage::Compute: return output ? Use::No : cs_in;
    }
    return Use::No;
}

// A 32-bit float (min16float and, without -enable-16bit-types, half are 32-bit here).
bool is_float32(const ScalarType* s) { return s && is_float(s) && s->bits == 32; }

bool is_int32_scalar(const Type* t) {
    const ScalarType* s = t->as<ScalarType>();
    return s && (s->scalar == ScalarKind::Int || s->scalar == ScalarKind::UInt) && s->bits == 32;
}

// The type a system value needs, as DXC checks it; empty when `t` is fine.
std::string_view required_type(SystemValue sv, const Type* t) {
    using V = SystemValue;
    const ScalarType* s = t->as<ScalarType>();
    switch (sv) {
    case V::PointSize: return s && s->scalar == ScalarKind::Float ? "" : "float";
    case V::HelperInvocation: return s && s->scalar == ScalarKind::Bool ? "" : "bool";
    case V::InnerCoverage: return s && s->scalar == ScalarKind::UInt ? "" : "uint";
    case V::BaseVertex: case V::BaseInstance: case V::DrawIndex: case V::DeviceIndex: case V::ViewID:
    case V::ShadingRate: case V::StencilRef: case V::Coverage: case V::StartVertexLocation:
    case V::StartInstanceLocation:
        return is_int32_scalar(t) ? "" : "uint or int";
    // Vulkan's Position and FragCoord are four 32-bit floats and FragDepth one: another type gives an
    // invalid module (VUID-Position-Position-04321), so it is refused here, where the source is known.
    case V::Position: {
        const VectorType* v = t->as<VectorType>();
        return v && v->count == 4 && is_float32(component_type(v)) ? "" : "float4";
    }
    case V::Depth: case V::DepthGreaterEqual: case V::DepthLessEqual: return s && is_float32(s) ? "" : "float";
    case V::Barycentrics: {
        const VectorType* v = t->as<VectorType>();
        return v && v->count == 3 && component_type(v)->scalar == ScalarKind::Float ? "" : "float3";
    }
    default: return "";
    }
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

std::uint32_t locations_of(const Type* t) {
    std::uint32_t n = 1;
    while (const ArrayType* a = t->as<ArrayType>()) {
        n *= std::max<std::uint32_t>(a->length, 1);
        t = a->element;
    }
    if (const MatrixType* m = t->as<MatrixType>()) n *= m->rows;
    return n;
}


}  // namespace

std::string_view stage_word(Stage s) {
    return s == Stage::Vertex ? "vertex" : s == Stage::Pixel ? "pixel" : "compute";
}

void Checker::read_stage_attributes(std::span<const syntax::Attribute> attrs, std::optional<std::uint32_t>& location,
                                    std::string_view& builtin) {
    const syntax::Attribute* loc = find_attribute(attrs, "vk", "location");
    if (loc && loc->args.size() == 1)
        if (auto l = integer_constant(loc->args[0], "the vk::location argument")) location = std::uint32_t(*l);
    const syntax::Attribute* b = find_attribute(attrs, "vk", "builtin");
    if (!b) return;
    std::string_view name;
    if (b->args.size() == 1 && b->args[0]->kind == syntax::ExprKind::StringLiteral)
        name = static_cast<const syntax::StringLiteralExpr*>(b->args[0])->value;
    const VkBuiltinInfo* info = nullptr;
    for (const VkBuiltinInfo& i : kVkBuiltins)
        if (i.name == name) info = &i;
    if (!info) {
        report(DiagCode::bad_attribute_argument, SourceRange(b->loc),
               fmt::format("{} is not a Vulkan built-in [[vk::builtin]] knows; it takes \"PointSize\", "
                           "\"HelperInvocation\", \"BaseVertex\", \"BaseInstance\", \"DrawIndex\" or "
                           "\"DeviceIndex\". Use a system-value semantic for the others (SV_ViewID, ...).",
                           name.empty() ? std::string("The argument") : fmt::format("'{}'", name)));
        return;
    }
    if (loc) {
        report(DiagCode::bad_attribute_argument, SourceRange(b->loc),
               fmt::format("[[vk::builtin(\"{}\")]] and [[vk::location]] cannot be used together: a built-in has no "
                           "location. Remove one of them.",
                           info->name));
        location.reset();
    }
    builtin = info->name;
}

struct Checker::Flattener {
    Checker& c;
    EntryPoint* ep;
    bool output;
    std::vector<StageVariable>& out;
    std::vector<std::uint32_t> path;
    bool per_vertex = false;  // nointerpolation user inputs become per-vertex

    // What the declaration of one leaf says besides its type.
    struct Leaf {
        Symbol semantic;
        std::uint8_t interp = 0;
        std::string_view format;
        std::string_view vk_builtin;
        std::optional<std::uint32_t> vk_location;
    };

    std::string_view direction() const { return output ? "output" : "input"; }

    // The system value of a [[vk::builtin]] leaf, or nothing when it is left out or refused.
    std::optional<SystemValue> vk_builtin(const Type* t, std::string_view builtin, std::string_view name, SourceLoc loc) {
        const VkBuiltinInfo* info = nullptr;
        for (const VkBuiltinInfo& i : kVkBuiltins)
            if (i.name == builtin) info = &i;
        if (!info) return std::nullopt;
        Use use = use_at(info->vs_in, info->vs_out, info->ps_in, info->ps_out, info->cs_in, ep->stage, output);
        if (use == Use::No) {
            c.report(DiagCode::system_value_not_in_stage, SourceRange(loc),
                     fmt::format("[[vk::builtin(\"{}\")]] cannot be a {} shader {} ('{}'). {}", info->name,
                                 stage_word(ep->stage), direction(), name, where_allowed(info->value)));
            return std::nullopt;
        }
        if (std::string_view want = required_type(info->value, t); !want.empty()) {
            c.report(DiagCode::bad_semantic, SourceRange(loc),
                     fmt::format("[[vk::builtin(\"{}\")]] on '{}' needs the type {}, not '{}'.", info->name, name, want,
                                 c.tname(t)));
            return std::nullopt;
        }
        if (use == Use::Attribute) {
            // Vulkan has no point size in fragment shaders: a struct written by the vertex shader
            // and read by the pixel shader keeps the member, which the pixel shader cannot read.
            c.report(DiagCode::builtin_input_ignored, SourceRange(loc),
                     fmt::format("[[vk::builtin(\"PointSize\")]] '{}' is not a pixel shader input in Vulkan, so it is "
                                 "left out of the pixel shader's inputs and its value there is undefined. Do not read "
                                 "it in the pixel shader, or give the pixel shader its own input struct.",
                                 name));
            return std::nullopt;
        }
        return info->value;
    }

    static std::string_view where_allowed(SystemValue v) {
        switch (v) {
        case SystemValue::PointSize: return "It is a vertex shader output.";
        case SystemValue::HelperInvocation: return "It is a pixel shader input.";
        case SystemValue::DeviceIndex: return "It is an input of any stage.";
        default: return "It is a vertex shader input.";
        }
    }

    void leaf(const Type* t, const Leaf& d, std::string_view name, std::uint32_t param, SourceLoc loc) {
        if (d.semantic.empty() && d.vk_builtin.empty()) {
            c.report(DiagCode::bad_semantic, SourceRange(loc),
                     fmt::format("The {} '{}' of the entry point '{}' needs a semantic, such as ': TEXCOORD0'{}.",
                                 direction(), name, ep->function->name.str(),
                                 ep->stage == Stage::Compute ? " or ': SV_DispatchThreadID'" : ""));
            return;
        }
        if (!is_basic(innermost_element(t))) {
            c.report(DiagCode::bad_semantic, SourceRange(loc),
                     fmt::format("The stage {} '{}' has type '{}'; stage inputs and outputs must be scalars, vectors, "
                                 "matrices or arrays of them.",
                                 direction(), name, c.tname(t)));
            return;
        }
        StageVariable v;
        v.name = c.arena.copy(name);
        v.type = t;
        v.semantic = d.semantic;
        std::string_view s = d.semantic.str();
        std::size_t digits = s.size();
        while (digits > 0 && std::isdigit(static_cast<unsigned char>(s[digits - 1]))) --digits;
        v.semantic_name = s.substr(0, digits);
        if (digits < s.size() && s.size() - digits <= 6) {
            std::uint32_t idx = 0;
            for (std::size_t i = digits; i < s.size(); ++i) idx = idx * 10 + std::uint32_t(s[i] - '0');
            v.semantic_index = idx;
        }
        v.interpolation = d.interp;
        v.format = d.format;
        v.param_index = param;
        v.member_path = c.to_span(path);
        v.loc = loc;
        if (d.vk_location) v.location = *d.vk_location | 0x80000000u;  // marked explicit; resolved below
        // [[vk::builtin]] wins over the semantic, which then only names the variable (DXC).
        if (!d.vk_builtin.empty()) {
            std::optional<SystemValue> b = vk_builtin(t, d.vk_builtin, name, loc);
            if (!b) return;
            v.builtin = *b;
            if (v.semantic_name.empty()) v.semantic_name = d.vk_builtin;
            out.push_back(v);
            return;
        }
        std::string up = upper(v.semantic_name);
        const SystemValueInfo* sv = nullptr;
        for (const SystemValueInfo& i : kSystemValues)
            if (i.name == up) sv = &i;
        if (sv) {
            Use use = use_at(sv->vs_in, sv->vs_out, sv->ps_in, sv->ps_out, sv->cs_in, ep->stage, output);
            if (use == Use::No) {
                c.report(DiagCode::system_value_not_in_stage, SourceRange(loc),
                         fmt::format("'{}' cannot be a {} shader {}. Use it where the pipeline provides it, or "
                                     "use a user semantic such as TEXCOORD0.",
                                     s, stage_word(ep->stage), direction()));
                return;
            }
            if (use == Use::System) {
                if (std::string_view want = required_type(sv->value, t); !want.empty()) {
                    c.report(DiagCode::bad_semantic, SourceRange(loc),
                             fmt::format("'{}' ('{}') needs the type {}, not '{}'.", s, name, want, c.tname(t)));
                    return;
                }
                if (sv->value == SystemValue::Barycentrics && !check_barycentrics(v, s)) return;
                v.builtin = sv->value;
            }
        } else if (up.starts_with("SV_")) {
            c.report(DiagCode::bad_semantic, SourceRange(loc),
                     fmt::format("'{}' is not a system value OneShader supports. Use a user semantic such as "
                                 "TEXCOORD0 for your own data.",
                                 s));
            return;
        } else if (ep->stage == Stage::Compute) {
            c.report(DiagCode::bad_semantic, SourceRange(loc),
                     fmt::format("Compute shaders have no user inputs, so '{}' cannot be used. Read buffers instead, "
                                 "or use SV_DispatchThreadID, SV_GroupID, SV_GroupThreadID or SV_GroupIndex.",
                                 s));
            return;
        } else if (ep->stage == Stage::Pixel && output) {
            c.report(DiagCode::bad_semantic, SourceRange(loc),
                     fmt::format("A pixel shader writes render targets through SV_Target<n>, not '{}'.", s));
            return;
        }
        if (v.builtin != SystemValue::User && v.builtin != SystemValue::Target && d.vk_location) {
            c.report(DiagCode::location_conflict, SourceRange(loc),
                     fmt::format("'{}' is the system value {}, which has no location; remove its [[vk::location]].",
                                 name, s));
            return;
        }
        // Only what is declared nointerpolation is per-vertex (DXC): an integer input is flat
        // without being so.
        if (per_vertex && !output && ep->stage == Stage::Pixel && v.builtin == SystemValue::User &&
            (d.interp & kInterpNoInterpolation)) {
            if (t->is<ArrayType>() || t->is<MatrixType>()) {
                c.report(DiagCode::unsupported_feature, SourceRange(loc),
                         fmt::format("The nointerpolation input '{}' ('{}') would be read per vertex, because '{}' calls "
                                     "GetAttributeAtVertex, but per-vertex arrays and matrices are not supported. "
                                     "Pass it as scalars or vectors, or drop 'nointerpolation' from it.",
                                     name, c.tname(t), ep->function->name.str()));
                out.push_back(v);  // still an input, so a call that reads it is not reported twice
                return;
            }
            v.per_vertex = true;
        }
        // Vulkan needs integer pixel inputs to be flat.
        if (ep->stage == Stage::Pixel && !output && v.builtin == SystemValue::User &&
            !is_float(innermost_element(t)))
            v.interpolation |= kInterpNoInterpolation;
        out.push_back(v);
    }

    // DXC's rules: index 0 or 1, one perspective and one noperspective input at most, and no
    // `nointerpolation` (the built-in is the interpolation weights).
    bool check_barycentrics(const StageVariable& v, std::string_view s) {
        std::string_view problem;
        if (v.interpolation & kInterpNoInterpolation) problem = "cannot be nointerpolation";
        else if (v.semantic_index > 1) problem = "takes the index 0 or 1 only";
        else
            for (const StageVariable& o : out)
                if (o.builtin == SystemValue::Barycentrics &&
                    ((o.interpolation ^ v.interpolation) & kInterpNoPerspective) == 0)
                    problem = (v.interpolation & kInterpNoPerspective)
                                  ? "is given twice as noperspective; one input can be noperspective and one not"
                                  : "is given twice with perspective; one input can be noperspective and one not";
        if (problem.empty()) return true;
        c.report(DiagCode::bad_semantic, SourceRange(v.loc),
                 fmt::format("'{}' ('{}') {}.", s, v.name, problem));
        return false;
    }

    void walk(const Type* t, const Leaf& d, const std::string& name, std::uint32_t param, SourceLoc loc, int depth) {
        if (depth > 32) return;
        const StructType* st = t->as<StructType>();
        if (!st) {
            leaf(t, d, name, param, loc);
            return;
        }
        if (st->base) {
            path.push_back(StageVariable::kBaseMember);
            walk(st->base, Leaf{Symbol(), d.interp, {}, {}, {}}, name, param, loc, depth + 1);
            path.pop_back();
        }
        StructInfo* info = c.info_of(st);
        for (std::uint32_t i = 0; i < st->members.size(); ++i) {
            const StructMember& m = st->members[i];
            if (!m.bit_fields.empty()) {
                // Bit fields cannot have semantics, so they cannot be stage inputs or outputs.
                c.report(DiagCode::bad_bit_field, m.range,
                         fmt::format("'{}' is a bit field of '{}', which is a stage input or output here; bit fields "
                                     "cannot have semantics. Pass the packed value in a whole uint member.",
                                     m.name.str(), st->name.str()));
                continue;
            }
            path.push_back(i);
            Leaf md{m.semantic, std::uint8_t(d.interp | m.interpolation),
                    info && i < info->formats.size() ? info->formats[i] : std::string_view(), m.vk_builtin,
                    m.vk_location};
            SourceLoc mloc = m.range.begin.valid() ? m.range.begin : loc;
            walk(m.type, md, name + "." + std::string(m.name.str()), param, mloc, depth + 1);
            path.pop_back();
        }
    }
};

void Checker::assign_locations(EntryPoint* ep, std::vector<StageVariable>& vars, bool output) {
    bool any_explicit = false, any_implicit = false;
    for (const StageVariable& v : vars) {
        if (v.builtin != SystemValue::User) continue;
        if (v.location & 0x80000000u) any_explicit = true;
        else any_implicit = true;
    }
    if (any_explicit && any_implicit) {
        report(DiagCode::location_conflict, SourceRange(ep->function->loc),
                 fmt::format("Some {}s of '{}' have [[vk::location]] and some do not. Give every one a location, or "
                             "none.",
                             output ? "output" : "input", ep->function->name.str()));
    }
    // The order locations are handed out in: declaration order, or (-fvk-stage-io-order=alpha)
    // that of the semantics, as DXC sorts them.
    std::vector<StageVariable*> order;
    order.reserve(vars.size());
    for (StageVariable& v : vars) order.push_back(&v);
    if (options.bindings && options.bindings->alpha_stage_io_order)
        std::stable_sort(order.begin(), order.end(),
                         [](const StageVariable* a, const StageVariable* b) { return a->semantic.str() < b->semantic.str(); });
    std::uint32_t next = 0;
    for (StageVariable* vp : order) {
        StageVariable& v = *vp;
        if (v.builtin == SystemValue::Target) {
            v.location = (v.location & 0x80000000u) ? v.location & 0x7FFFFFFFu : v.semantic_index;
            v.location_count = locations_of(v.type);
            continue;
        }
        if (v.builtin != SystemValue::User) continue;
        v.location_count = locations_of(v.type);
        if (v.location & 0x80000000u) {
            v.location &= 0x7FFFFFFFu;
        } else {
            v.location = next;
        }
        next = std::max(next, v.location + v.location_count);
    }
    // Two variables on one semantic, or overlapping locations, cannot be told apart.
    for (std::size_t i = 0; i < vars.size(); ++i)
        for (std::size_t j = 0; j < i; ++j) {
            const StageVariable& a = vars[j];
            const StageVariable& b = vars[i];
            bool same_semantic = upper(a.semantic_name) == upper(b.semantic_name) && a.semantic_index == b.semantic_index;
            // Render targets take locations too (SV_TargetN, or [[vk::location]] on one).
            auto located = [](const StageVariable& v) {
                return v.builtin == SystemValue::User || v.builtin == SystemValue::Target;
            };
            bool overlap = located(a) && located(b) && a.location < b.location + b.location_count &&
                           b.location < a.location + a.location_count;
            if (same_semantic || overlap) {
                report(same_semantic ? DiagCode::duplicate_semantic : DiagCode::location_conflict, SourceRange(b.loc),
                         same_semantic ? fmt::format("The semantic '{}' is used twice among the {}s of '{}'. Give "
                                                     "each one its own index.",
                                                     b.semantic.str(), output ? "output" : "input", ep->function->name.str())
                                       : fmt::format("'{}' and '{}' share location {}. Give them different "
                                                     "[[vk::location]] numbers.",
                                                     a.name, b.name, b.location));
                break;
            }
        }
}

void Checker::collect_stage_io(EntryPoint* ep, bool per_vertex) {
    Function* f = ep->function;
    std::vector<StageVariable> inputs, outputs;
    for (std::uint32_t i = 0; i < f->params.size(); ++i) {
        Variable* p = f->params[i];
        if (p->is_uniform) {
            report(DiagCode::unsupported_feature, SourceRange(p->loc),
                   "uniform entry-point parameters are not supported. Declare the value in a cbuffer.");
            continue;
        }
        if (p->direction != ParamDirection::Out) {
            Flattener fl{*this, ep, false, inputs, {}, per_vertex};
            fl.walk(p->type, {p->semantic, p->interpolation, {}, p->vk_builtin, p->vk_location},
                    std::string(p->name.str()), i, p->loc, 0);
        }
        if (p->direction != ParamDirection::In) {
            Flattener fl{*this, ep, true, outputs, {}};
            fl.walk(p->type, {p->semantic, p->interpolation, {}, p->vk_builtin, p->vk_location},
                    std::string(p->name.str()), i, p->loc, 0);
        }
    }
    const Type* result = f->type->result;
    if (!result->is<VoidType>()) {
        Flattener fl{*this, ep, true, outputs, {}};
        fl.walk(result, {f->semantic, 0, {}, f->result_vk_builtin, f->result_vk_location}, "@result",
                StageVariable::kResult, f->loc, 0);
    }
    if (ep->stage == Stage::Compute && !outputs.empty())
        report(DiagCode::bad_semantic, SourceRange(f->loc),
               "A compute shader has no stage outputs: write results to a RW buffer or texture and return void.");
    assign_locations(ep, inputs, false);
    assign_locations(ep, outputs, true);
    ep->inputs = to_span(inputs);
    ep->outputs = to_span(outputs);
}

}  // namespace oneshader::sema
