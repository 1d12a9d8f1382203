// Debug information in the module, by DXC's -fspv-debug categories (docs/spirv.md, "Debug
// information"): OpString/OpSource/OpLine, or NonSemantic.Shader.DebugInfo.100 (DebugSource,
// DebugCompilationUnit, DebugLine). Positions are the instructions' source locations
// (ir::Instruction::loc) as physical lines and columns, so they index the text the module carries.
// Nothing here runs unless Options::debug asks for it.
#include <algorithm>

#include "spirv/emitter.hpp"

namespace oneshader::spirv {

namespace {

// NonSemantic.Shader.DebugInfo.100 instruction numbers and the constants DXC writes.
constexpr std::uint32_t kDebugCompilationUnit = 1;
constexpr std::uint32_t kDebugSourceContinued = 102;
constexpr std::uint32_t kDebugLine = 103;
constexpr std::uint32_t kDebugSource = 35;
constexpr std::uint32_t kDebugInfoVersion = 1;
constexpr std::uint32_t kDwarfVersion = 4;
constexpr std::uint32_t kLanguageHlsl = 5;  // SourceLanguage HLSL, in both instruction sets

// A literal string holds at most 65535 bytes (a universal limit; an instruction's 65535 words
// would hold more): a long text goes in pieces, the first in OpSource (or DebugSource's string),
// the rest each in OpSourceContinued (or its own string). Pieces end on a UTF-8 character
// boundary so each one is valid text by itself.
std::vector<std::string_view> text_pieces(std::string_view text) {
    constexpr std::size_t kPiece = kMaxStringBytes;
    std::vector<std::string_view> out;
    while (text.size() > kPiece) {
        std::size_t cut = kPiece;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
        out.push_back(text.substr(0, cut));
        text.remove_prefix(cut);
    }
    out.push_back(text);
    return out;
}

// The predefined macros and the command line's defines are texts of their own, named `<built-in>`
// and the like: nothing a debugger could show as a file.
bool is_source_file(const support::SourceFile& f) {
    return !(f.path.size() > 1 && f.path.front() == '<' && f.path.back() == '>');
}

}  // namespace

void Emitter::debug_module() {
    const SpirvDebugInfo& d = options_.debug;
    if (!d.any()) return;
    const support::SourceManager& sources = diags_.sources();
    const std::size_t files = sources.file_count();
    if (d.tool && !options_.tool.empty()) debug_processed_.add_with_string(spv::Op::OpModuleProcessed, {}, options_.tool);
    if (d.vulkan) {
        extension("SPV_KHR_non_semantic_info");
        debug_set_ = new_id();
        Id void_type = type_void();
        debug_files_.assign(files, 0);
        for (std::size_t k = 0; k < files; ++k) {
            const support::SourceFile& f = sources.file(static_cast<support::FileId>(k + 1));
            if (!is_source_file(f)) continue;
            Id name_string = new_id();
            debug_strings_.add_with_string(spv::Op::OpString, {name_string}, f.path);
            Operands ops{debug_set_, kDebugSource, name_string};
            std::vector<Id> rest;
            if (d.source) {
                std::vector<std::string_view> pieces = text_pieces(f.text);
                for (std::size_t p = 0; p < pieces.size(); ++p) {
                    Id piece = new_id();
                    debug_strings_.add_with_string(spv::Op::OpString, {piece}, pieces[p]);
                    if (p == 0) ops.push_back(piece);
                    else rest.push_back(piece);
                }
            }
            debug_files_[k] = op_global_ext(void_type, ops);
            for (Id piece : rest) op_global_ext(void_type, {debug_set_, kDebugSourceContinued, piece});
        }
        if (files > 0 && debug_files_[0])
            op_global_ext(void_type, {debug_set_, kDebugCompilationUnit, constant_u32(kDebugInfoVersion),
                                      constant_u32(kDwarfVersion), debug_files_[0], constant_u32(kLanguageHlsl)});
        return;
    }
    if (!d.file && !d.source && !d.line) return;
    debug_files_.assign(files, 0);
    for (std::size_t k = 0; k < files; ++k) {
        const support::SourceFile& f = sources.file(static_cast<support::FileId>(k + 1));
        if (!is_source_file(f)) continue;
        debug_files_[k] = new_id();
        debug_strings_.add_with_string(spv::Op::OpString, {debug_files_[k]}, f.path);
    }
    for (std::size_t k = 0; k < files; ++k) {
        const support::SourceFile& f = sources.file(static_cast<support::FileId>(k + 1));
        // The main file always; an included one only to carry its text.
        if (k > 0 && !d.source) break;
        if (!debug_files_[k]) continue;
        std::initializer_list<std::uint32_t> head = {kLanguageHlsl, options_.source_version, debug_files_[k]};
        if (!d.source) {
            debug_strings_.add(spv::Op::OpSource, head);
            continue;
        }
        std::vector<std::string_view> pieces = text_pieces(f.text);
        debug_strings_.add_with_string(spv::Op::OpSource, head, pieces[0]);
        for (std::size_t p = 1; p < pieces.size(); ++p)
            debug_strings_.add_with_string(spv::Op::OpSourceContinued, {}, pieces[p]);
    }
}

Id Emitter::op_global_ext(Id type, std::span<const std::uint32_t> operands) {
    Id id = new_id();
    globals_.add(spv::Op::OpExtInst, {type, id}, operands);
    return id;
}

void Emitter::debug_line(const ir::Instruction* i) {
    const SpirvDebugInfo& d = options_.debug;
    if (!(d.vulkan || d.line) || !i->loc.valid() || i->loc.file > debug_files_.size()) return;
    const support::SourceManager& sources = diags_.sources();
    DebugPosition at{i->loc.file, sources.line(i->loc), sources.column(i->loc)};
    if (at == debug_at_) return;
    debug_at_ = at;
    Id file = debug_files_[at.file - 1];
    if (!file) return;  // a predefined macro's text
    if (!d.vulkan) {
        op(spv::Op::OpLine, {file, at.line, at.column});
        return;
    }
    Id line = constant_u32(at.line), column = constant_u32(at.column);
    op_result(spv::Op::OpExtInst, type_void(), {debug_set_, kDebugLine, file, line, line, column, column});
}

}  // namespace oneshader::spirv
