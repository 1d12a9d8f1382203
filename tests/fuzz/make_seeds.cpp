// fuzz_seeds <repository> <folder>: the seed inputs and dictionaries of every fuzz target, made from
// the corpus with the library itself, so seeds follow the language and the IR as they change:
//   hlsl/        each corpus file preprocessed (includes expanded: the compile targets serve none)
//   ir/          the unoptimized IR of each corpus file
//   reflection/  the line-format reflection of each corpus file
//   ir.dict      every IR mnemonic, for -dict=
// The command-line and HLSL seeds that are not corpus files live in tests/fuzz/corpus/.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"

namespace fs = std::filesystem;

namespace {

bool write(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    return static_cast<bool>(out);
}

// The IR dictionary: every mnemonic of the opcode table, quoted as libFuzzer reads dictionaries.
std::string ir_dictionary() {
    std::string dict;
#define X(name, mnemonic, result, min_ops, max_ops, syntax) dict += "\"" mnemonic "\"\n";
#include "ir/opcode.def"
#undef X
    return dict;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: fuzz_seeds <repository> <folder>\n");
        return 2;
    }
    const fs::path repo = argv[1];
    const fs::path out = argv[2];
    for (const char* sub : {"hlsl", "ir", "reflection"}) fs::create_directories(out / sub);

    std::vector<fs::path> sources;
    for (const auto& e : fs::recursive_directory_iterator(repo / "corpus"))
        if (e.is_regular_file() && e.path().extension() == ".hlsl") sources.push_back(e.path());
    std::sort(sources.begin(), sources.end());

    oneshader::CompileOptions options;
    options.include_directories = {(repo / "corpus" / "include").string()};
    options.syntax_only = true;
    int written = 0;
    for (const fs::path& path : sources) {
        const std::string name = fs::relative(path, repo / "corpus").string();
        std::string flat = name;
        std::replace(flat.begin(), flat.end(), '/', '_');
        const oneshader::PreprocessResult pre = oneshader::preprocess_file(path.string(), options);
        if (!pre.text.empty()) written += write(out / "hlsl" / flat, pre.text);
        const oneshader::IrDumpResult ir = oneshader::dump_ir_file(path.string(), options);
        if (ir.ok()) written += write(out / "ir" / (flat + ".ir"), ir.text);
        const oneshader::CompileResult r = oneshader::compile_file(path.string(), options);
        if (r.reflection) written += write(out / "reflection" / (flat + ".txt"), oneshader::write_reflection_file(*r.reflection));
    }
    written += write(out / "ir.dict", ir_dictionary());
    std::printf("fuzz_seeds: %d files from %zu corpus sources in %s\n", written, sources.size(), out.string().c_str());
    return written > 0 ? 0 : 1;
}
