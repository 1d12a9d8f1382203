// Reads the line-based reflection format back into the model. Strict about what it knows (a bad
// value is an error naming its line), lenient about what it does not (unknown records and
// attributes are skipped), as the format's rules ask.
#include <fmt/format.h>

#include <charconv>

#include "oneshader/reflection.hpp"
#include "reflect/enum_names.hpp"

namespace oneshader {

namespace {

constexpr int kMaxTypeDepth = 64;  // deeper than any layout the front end accepts

struct Attr {
    std::string_view key;
    std::string value;
    bool quoted = false;
};

struct Record {
    std::size_t line = 0;
    int depth = 0;
    std::string_view keyword;
    std::vector<Attr> attrs;
};

void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

class Reader {
public:
    explicit Reader(std::string_view text) : text_(text) {}

    ReflectionReadResult run() {
        ReflectionReadResult result;
        if (!split_records()) {
            result.error = error_;
            return result;
        }
        ShaderReflection r;
        if (!read_model(r)) {
            result.error = error_;
            return result;
        }
        result.reflection = std::move(r);
        return result;
    }

private:
    bool fail(std::size_t line, std::string message) {
        if (error_.empty()) error_ = fmt::format("line {}: {}", line, message);
        return false;
    }

    bool split_records() {
        std::size_t pos = 0, line = 0;
        bool header_seen = false;
        while (pos < text_.size()) {
            std::size_t end = text_.find('\n', pos);
            if (end == std::string_view::npos) return fail(line + 1, "the file must end with a newline");
            std::string_view l = text_.substr(pos, end - pos);
            pos = end + 1;
            ++line;
            if (!header_seen) {
                if (l != "oneshader-reflection 1") {
                    if (l.starts_with("oneshader-reflection "))
                        return fail(line, fmt::format("unsupported version '{}': this reader reads version 1",
                                                      l.substr(21)));
                    return fail(line, "not a reflection file: the first line must be 'oneshader-reflection 1'");
                }
                header_seen = true;
                continue;
            }
            if (l.empty()) return fail(line, "empty line");
            Record rec;
            rec.line = line;
            if (!parse_line(l, rec)) return false;
            records_.push_back(std::move(rec));
        }
        if (!header_seen) return fail(1, "not a reflection file: it is empty");
        return true;
    }

    bool parse_line(std::string_view l, Record& rec) {
        std::size_t i = 0;
        while (i < l.size() && l[i] == ' ') ++i;
        if (i % 2 != 0) return fail(rec.line, "indentation must be two spaces per level");
        rec.depth = static_cast<int>(i / 2);
        std::size_t kw_end = l.find(' ', i);
        rec.keyword = l.substr(i, kw_end == std::string_view::npos ? std::string_view::npos : kw_end - i);
        if (rec.keyword.empty()) return fail(rec.line, "a record must start with a keyword");
        i = kw_end == std::string_view::npos ? l.size() : kw_end;
        while (i < l.size()) {
            if (l[i] != ' ') return fail(rec.line, "attributes are separated by one space");
            ++i;
            std::size_t eq = l.find('=', i);
            if (eq == std::string_view::npos) return fail(rec.line, "an attribute must be key=value");
            Attr a;
            a.key = l.substr(i, eq - i);
            i = eq + 1;
            if (i < l.size() && l[i] == '"') {
                a.quoted = true;
                ++i;
                bool closed = false;
                while (i < l.size()) {
                    char c = l[i++];
                    if (c == '"') {
                        closed = true;
                        break;
                    }
                    if (c != '\\') {
                        a.value += c;
                        continue;
                    }
                    if (i >= l.size()) break;
                    char e = l[i++];
                    switch (e) {
                        case '\\': a.value += '\\'; break;
                        case '"': a.value += '"'; break;
                        case 'n': a.value += '\n'; break;
                        case 'r': a.value += '\r'; break;
                        case 't': a.value += '\t'; break;
                        case 'u': {
                            std::uint32_t cp = 0;
                            if (i + 4 > l.size() ||
                                std::from_chars(l.data() + i, l.data() + i + 4, cp, 16).ptr != l.data() + i + 4)
                                return fail(rec.line, "\\u needs four hexadecimal digits");
                            i += 4;
                            append_utf8(a.value, cp);
                            break;
                        }
                        default: return fail(rec.line, fmt::format("unknown escape '\\{}'", e));
                    }
                }
                if (!closed) return fail(rec.line, fmt::format("unterminated string in '{}'", a.key));
            } else {
                std::size_t sp = l.find(' ', i);
                std::size_t vend = sp == std::string_view::npos ? l.size() : sp;
                a.value = std::string(l.substr(i, vend - i));
                i = vend;
            }
            rec.attrs.push_back(std::move(a));
        }
        return true;
    }

    const Attr* find(const Record& r, std::string_view key) {
        for (const Attr& a : r.attrs)
            if (a.key == key) return &a;
        return nullptr;
    }
    bool get_string(const Record& r, std::string_view key, std::string& out) {
        const Attr* a = find(r, key);
        if (!a) return fail(r.line, fmt::format("'{}' needs the attribute '{}'", r.keyword, key));
        out = a->value;
        return true;
    }
    bool get_uint(const Record& r, std::string_view key, std::uint32_t& out) {
        const Attr* a = find(r, key);
        if (!a) return fail(r.line, fmt::format("'{}' needs the attribute '{}'", r.keyword, key));
        auto [p, ec] = std::from_chars(a->value.data(), a->value.data() + a->value.size(), out);
        if (ec != std::errc() || p != a->value.data() + a->value.size() || a->value.empty())
            return fail(r.line, fmt::format("'{}' must be an unsigned 32-bit number, not '{}'", key, a->value));
        return true;
    }
    template <class E>
    bool get_enum(const Record& r, std::string_view key, unsigned limit, E& out) {
        const Attr* a = find(r, key);
        if (!a) return fail(r.line, fmt::format("'{}' needs the attribute '{}'", r.keyword, key));
        auto v = reflect::enum_from_name<E>(a->value, limit);
        if (!v) return fail(r.line, fmt::format("'{}' is not a valid {} value", a->value, key));
        out = *v;
        return true;
    }
    bool get_stages(const Record& r, std::uint8_t& out) {
        std::string list;
        if (!get_string(r, "stages", list)) return false;
        out = StageNone;
        if (list == "-") return true;
        std::size_t pos = 0;
        while (pos <= list.size()) {
            std::size_t comma = list.find(',', pos);
            std::string_view item = std::string_view(list).substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
            if (item == "Vertex") out |= StageVertex;
            else if (item == "Pixel") out |= StagePixel;
            else if (item == "Compute") out |= StageCompute;
            else return fail(r.line, fmt::format("'{}' is not a stage", item));
            if (comma == std::string::npos) break;
            pos = comma + 1;
        }
        return true;
    }
    bool get_target(const Record& r, Target& out) { return get_enum(r, "target", 3, out); }

    // The records nested directly under records_[parent], skipping what unknown records hold.
    template <class F>
    bool children(std::size_t& i, int depth, F&& on_child) {
        while (i < records_.size() && records_[i].depth > depth) {
            const Record& c = records_[i];
            if (c.depth != depth + 1) return fail(c.line, "indented deeper than its parent allows");
            ++i;
            bool known = true;
            if (!on_child(c, i, known)) return false;
            if (!known)
                while (i < records_.size() && records_[i].depth > c.depth) ++i;
        }
        return true;
    }

    bool read_slot(const Record& c, std::vector<TargetSlot>& out) {
        TargetSlot s;
        if (!get_target(c, s.target) || !get_uint(c, "set", s.set) || !get_uint(c, "binding", s.binding)) return false;
        out.push_back(s);
        return true;
    }

    bool read_type(std::size_t& i, const Record& rec, ReflectedType& t, int nesting) {
        if (nesting > kMaxTypeDepth) return fail(rec.line, "type nesting is too deep");
        if (!get_enum(rec, "kind", 5, t.kind) || !get_enum(rec, "scalar", 10, t.scalar) ||
            !get_uint(rec, "rows", t.components) || !get_uint(rec, "cols", t.columns) || !get_string(rec, "name", t.name) ||
            !get_uint(rec, "size", t.size) || !get_uint(rec, "align", t.alignment) || !get_uint(rec, "length", t.length) ||
            !get_uint(rec, "stride", t.stride) || !get_uint(rec, "mstride", t.matrix_stride) ||
            !get_enum(rec, "packing", 2, t.packing))
            return false;
        return children(i, rec.depth, [&](const Record& c, std::size_t& j, bool& known) {
            if (c.keyword == "element") {
                if (t.element) return fail(c.line, "an array has one element");
                return expect_type(j, c, [&](ReflectedType&& e) { t.element = std::make_unique<ReflectedType>(std::move(e)); },
                                   nesting);
            }
            if (c.keyword == "member") {
                ReflectedMember m;
                if (!get_string(c, "name", m.name) || !get_uint(c, "offset", m.offset)) return false;
                // Bit fields only: both or neither.
                if ((find(c, "bitoffset") || find(c, "bitwidth")) &&
                    (!get_uint(c, "bitoffset", m.bit_offset) || !get_uint(c, "bitwidth", m.bit_width)))
                    return false;
                return expect_type(j, c, [&](ReflectedType&& mt) {
                    m.type = std::move(mt);
                    t.members.push_back(std::move(m));
                }, nesting);
            }
            known = false;
            return true;
        });
    }

    // A record (layout, element, member) that holds exactly one `type` child.
    template <class F>
    bool expect_type(std::size_t& i, const Record& holder, F&& store, int nesting) {
        bool found = false;
        bool ok = children(i, holder.depth, [&](const Record& c, std::size_t& j, bool& known) {
            if (c.keyword != "type") {
                known = false;
                return true;
            }
            if (found) return fail(c.line, fmt::format("'{}' holds one type", holder.keyword));
            found = true;
            ReflectedType t;
            if (!read_type(j, c, t, nesting + 1)) return false;
            store(std::move(t));
            return true;
        });
        if (!ok) return false;
        if (!found) return fail(holder.line, fmt::format("'{}' needs a type", holder.keyword));
        return true;
    }

    bool read_variable(const Record& c, StageVariable& v) {
        if (!get_string(c, "name", v.name) || !get_string(c, "semantic", v.semantic) ||
            !get_uint(c, "index", v.semantic_index))
            return false;
        const Attr* loc = find(c, "location");
        if (!loc) return fail(c.line, "'location' is missing");
        if (loc->value != "-") {
            std::uint32_t l = 0;
            if (!get_uint(c, "location", l)) return false;
            v.location = l;
        }
        return get_enum(c, "builtin", 30, v.built_in) && get_enum(c, "scalar", 10, v.scalar) &&
               get_uint(c, "components", v.components) && get_enum(c, "format", 32, v.format) &&
               get_uint(c, "offset", v.offset) && get_enum(c, "interp", 7, v.interpolation);
    }

    bool read_model(ShaderReflection& r) {
        std::size_t i = 0;
        while (i < records_.size()) {
            const Record& rec = records_[i++];
            if (rec.depth != 0) return fail(rec.line, "indented record without a parent");
            if (rec.keyword == "source") {
                if (!get_string(rec, "name", r.source)) return false;
            } else if (rec.keyword == "targets") {
                std::string list;
                if (!get_string(rec, "list", list)) return false;
                if (list != "-") {
                    std::size_t pos = 0;
                    while (true) {
                        std::size_t comma = list.find(',', pos);
                        std::string_view item =
                            std::string_view(list).substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
                        auto t = reflect::enum_from_name<Target>(item, 3);
                        if (!t) return fail(rec.line, fmt::format("'{}' is not a target", item));
                        r.targets.push_back(*t);
                        if (comma == std::string::npos) break;
                        pos = comma + 1;
                    }
                }
            } else if (rec.keyword == "resource") {
                ResourceInfo res;
                if (!get_string(rec, "name", res.name) || !get_enum(rec, "kind", 10, res.kind) ||
                    !get_uint(rec, "count", res.count) || !get_stages(rec, res.stages) ||
                    !get_enum(rec, "rtype", kResourceTypeKindCount, res.resource_type) || !get_string(rec, "hlsl", res.hlsl_type))
                    return false;
                if (const Attr* f = find(rec, "format")) res.image_format = f->value;
                if (const Attr* u = find(rec, "unbounded")) {
                    if (u->value != "yes") return fail(rec.line, "'unbounded' takes 'yes'");
                    res.unbounded = true;
                }
                if (const Attr* h = find(rec, "heap")) {
                    if (h->value != "yes") return fail(rec.line, "'heap' takes 'yes'");
                    res.descriptor_heap = true;
                }
                if (find(rec, "attachment")) {
                    std::uint32_t index = 0;
                    if (!get_uint(rec, "attachment", index)) return false;
                    res.input_attachment_index = index;
                }
                bool ok = children(i, 0, [&](const Record& c, std::size_t& j, bool& known) {
                    if (c.keyword == "slot") return read_slot(c, res.slots);
                    if (c.keyword == "counter") return read_slot(c, res.counter_slots);
                    if (c.keyword == "layout")
                        return expect_type(j, c, [&](ReflectedType&& t) { res.layout = std::move(t); }, 0);
                    known = false;
                    return true;
                });
                if (!ok) return false;
                r.resources.push_back(std::move(res));
            } else if (rec.keyword == "push") {
                PushConstantInfo p;
                if (!get_string(rec, "name", p.name) || !get_stages(rec, p.stages)) return false;
                bool has_layout = false;
                bool ok = children(i, 0, [&](const Record& c, std::size_t& j, bool& known) {
                    if (c.keyword == "slot") return read_slot(c, p.slots);
                    if (c.keyword == "layout") {
                        has_layout = true;
                        return expect_type(j, c, [&](ReflectedType&& t) { p.layout = std::move(t); }, 0);
                    }
                    known = false;
                    return true;
                });
                if (!ok) return false;
                if (!has_layout) return fail(rec.line, "'push' needs a layout");
                r.push_constants.push_back(std::move(p));
            } else if (rec.keyword == "spec") {
                SpecConstantInfo s;
                if (!get_string(rec, "name", s.name) || !get_uint(rec, "id", s.id) || !get_enum(rec, "scalar", 4, s.type) ||
                    !get_uint(rec, "default", s.default_bits))
                    return false;
                bool ok = children(i, 0, [&](const Record& c, std::size_t&, bool& known) {
                    if (c.keyword != "slot") {
                        known = false;
                        return true;
                    }
                    SpecConstantSlot slot;
                    if (!get_target(c, slot.target) || !get_uint(c, "index", slot.index) || !get_string(c, "name", slot.name))
                        return false;
                    s.slots.push_back(std::move(slot));
                    return true;
                });
                if (!ok) return false;
                r.spec_constants.push_back(std::move(s));
            } else if (rec.keyword == "entry") {
                EntryPointInfo e;
                if (!get_string(rec, "name", e.name) || !get_enum(rec, "stage", 3, e.stage) ||
                    !get_uint(rec, "stride", e.vertex_stride))
                    return false;
                if (const Attr* msl = find(rec, "msl")) e.msl_function_name = msl->value;
                std::string wg;
                if (!get_string(rec, "workgroup", wg)) return false;
                std::uint32_t xyz[3];
                const char* p = wg.data();
                const char* end = wg.data() + wg.size();
                for (int k = 0; k < 3; ++k) {
                    auto [q, ec] = std::from_chars(p, end, xyz[k]);
                    if (ec != std::errc() || (k < 2 && (q == end || *q != ',')) || (k == 2 && q != end))
                        return fail(rec.line, fmt::format("'workgroup' must be x,y,z, not '{}'", wg));
                    p = q + 1;
                    e.workgroup_size[k] = xyz[k];
                }
                bool ok = children(i, 0, [&](const Record& c, std::size_t&, bool& known) {
                    if (c.keyword == "input" || c.keyword == "output") {
                        StageVariable v;
                        if (!read_variable(c, v)) return false;
                        (c.keyword == "input" ? e.inputs : e.outputs).push_back(std::move(v));
                        return true;
                    }
                    std::string name;
                    if (c.keyword == "uses") {
                        if (!get_string(c, "name", name)) return false;
                        e.used_resources.push_back(std::move(name));
                        return true;
                    }
                    if (c.keyword == "pushuse") {
                        if (!get_string(c, "name", name)) return false;
                        e.push_constant = std::move(name);
                        return true;
                    }
                    if (c.keyword == "specuse") {
                        if (!get_string(c, "name", name)) return false;
                        e.used_spec_constants.push_back(std::move(name));
                        return true;
                    }
                    if (c.keyword == "features") return get_uint(c, "bits", e.features);
                    if (c.keyword == "wgslentry") return get_string(c, "name", e.wgsl_entry_point);
                    known = false;
                    return true;
                });
                if (!ok) return false;
                r.entry_points.push_back(std::move(e));
            } else {
                // An unknown record from a newer writer: skip it with everything nested in it.
                while (i < records_.size() && records_[i].depth > 0) ++i;
            }
        }
        return true;
    }

    std::string_view text_;
    std::vector<Record> records_;
    std::string error_;
};

}  // namespace

ReflectionReadResult read_reflection_file(std::string_view text) { return Reader(text).run(); }

}  // namespace oneshader
