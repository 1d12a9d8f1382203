#include "dxc_args.hpp"

#include <array>
#include <string_view>

#include "unsupported_options.hpp"

namespace oneshader::cli {

namespace {

struct FlagSpelling {
    std::string_view typed;      // after the single dash
    std::string_view canonical;  // what CLI11 is given
};

// -O0/-Od/-O1..-O3 and -Zpr/-Zpc each become one valued option so that "the last one wins" holds
// across spellings, as in DXC.
constexpr std::array kDxcFlags = {
    FlagSpelling{"spirv", "--spirv"},
    FlagSpelling{"O0", "--O=0"},
    FlagSpelling{"Od", "--O=d"},
    FlagSpelling{"O1", "--O=1"},
    FlagSpelling{"O2", "--O=2"},
    FlagSpelling{"O3", "--O=3"},
    FlagSpelling{"Zpr", "--Zp=r"},
    FlagSpelling{"Zpc", "--Zp=c"},
    FlagSpelling{"WX", "--WX"},
    FlagSpelling{"enable-16bit-types", "--enable-16bit-types"},
    FlagSpelling{"nologo", "--nologo"},
    FlagSpelling{"P", "--P"},
    FlagSpelling{"help", "--help"},
    FlagSpelling{"?", "--help"},
    FlagSpelling{"Zi", "--Zi"},
    FlagSpelling{"Qembed_debug", "--Qembed_debug"},
    FlagSpelling{"Qstrip_debug", "--Qstrip_debug"},
    FlagSpelling{"Qstrip_reflect", "--Qstrip_reflect"},
};

struct ValueSpelling {
    std::string_view name;     // after the single dash; also the CLI11 name after "--"
    std::string_view example;  // shown when the value is missing
};

// Two-letter names first: a joined value is matched by prefix.
constexpr std::array kDxcValues = {
    ValueSpelling{"Fo", "-Fo shader.spv"}, ValueSpelling{"Fi", "-Fi shader.i"}, ValueSpelling{"HV", "-HV 2021"},
    ValueSpelling{"T", "-T ps_6_0"},       ValueSpelling{"E", "-E main"},       ValueSpelling{"D", "-D NAME=1"},
    ValueSpelling{"I", "-I include"},
};

constexpr std::array kLongFlags = {
    std::string_view{"all-entries"}, std::string_view{"no-names"}, std::string_view{"help"},
    std::string_view{"version"}, std::string_view{"dump-ir"}, std::string_view{"syntax-only"},
    std::string_view{"verify-ir"}, std::string_view{"print-locs"},
};

constexpr std::array kLongValues = {
    ValueSpelling{"target", "--target msl"},
    ValueSpelling{"reflect", "--reflect shader.json"},
    ValueSpelling{"depfile", "--depfile shader.d"},
    ValueSpelling{"print-after", "--print-after=mem2reg"},
};

constexpr std::string_view kTargetEnv = "fspv-target-env";
constexpr std::string_view kSpvDebug = "fspv-debug";

std::string needs_value(std::string_view shown, std::string_view example) {
    return "option '" + std::string(shown) + "' needs a value, for example '" + std::string(example) + "'.";
}

class Normalizer {
public:
    explicit Normalizer(std::span<const std::string> argv) : argv_(argv) {}

    NormalizedArgs run() {
        for (i_ = 0; i_ < argv_.size() && !out_.error; ++i_) {
            const std::string& arg = argv_[i_];
            if (arg == "--") {
                for (++i_; i_ < argv_.size(); ++i_) inputs_.push_back(argv_[i_]);
                break;
            }
            if (arg.starts_with("--")) long_option(arg);
            else if (arg.size() > 1 && arg[0] == '-') dxc_option(arg);
            else inputs_.push_back(arg);
        }
        if (out_.error) return std::move(out_);
        out_.args.emplace_back("--");
        for (std::string& in : inputs_) out_.args.push_back(std::move(in));
        return std::move(out_);
    }

private:
    // The value of an option given as a separate argument; empty values count as missing.
    std::optional<std::string> next_value() {
        if (i_ + 1 >= argv_.size() || argv_[i_ + 1].empty()) return std::nullopt;
        return argv_[++i_];
    }

    void emit(std::string_view name, std::string_view value) {
        out_.args.push_back("--" + std::string(name) + "=" + std::string(value));
    }

    void long_option(const std::string& arg) {
        std::string_view body = std::string_view(arg).substr(2);
        std::string_view name = body.substr(0, body.find('='));
        for (std::string_view flag : kLongFlags) {
            if (body == flag) {
                out_.args.push_back(arg);
                return;
            }
        }
        for (const ValueSpelling& v : kLongValues) {
            if (name != v.name) continue;
            std::optional<std::string> value;
            if (name.size() < body.size()) {
                std::string_view joined = body.substr(name.size() + 1);
                if (!joined.empty()) value = std::string(joined);
            } else {
                value = next_value();
            }
            if (!value) out_.error = needs_value("--" + std::string(v.name), v.example);
            else emit(v.name, *value);
            return;
        }
        out_.error = "unknown option '" + std::string(arg) + "'.";
    }

    void dxc_option(const std::string& arg) {
        std::string_view name = std::string_view(arg).substr(1);
        for (const FlagSpelling& f : kDxcFlags) {
            if (name == f.typed) {
                out_.args.emplace_back(f.canonical);
                return;
            }
        }
        for (const ValueSpelling& v : kDxcValues) {
            if (!name.starts_with(v.name)) continue;
            std::optional<std::string> value;
            if (name.size() > v.name.size()) value = std::string(name.substr(v.name.size()));
            else value = next_value();
            if (!value) out_.error = needs_value("-" + std::string(v.name), v.example);
            else emit(v.name, *value);
            return;
        }
        if (name.starts_with(kTargetEnv)) {
            std::string_view rest = name.substr(kTargetEnv.size());
            if (rest.size() > 1 && rest[0] == '=') {
                emit(kTargetEnv, rest.substr(1));
                return;
            }
            if (rest.empty() || rest == "=") {
                out_.error = needs_value("-fspv-target-env", "-fspv-target-env=vulkan1.2");
                return;
            }
        }
        if (name.starts_with(kSpvDebug)) {
            std::string_view rest = name.substr(kSpvDebug.size());
            if (rest.size() > 1 && rest[0] == '=') emit(kSpvDebug, rest.substr(1));
            else out_.error = needs_value("-fspv-debug", "-fspv-debug=vulkan-with-source");
            return;
        }
        if (std::optional<std::string> refusal = refuse_dxc_option(arg)) {
            out_.error = std::move(refusal);
            return;
        }
        out_.error = "unknown option '" + arg + "'.";
    }

    std::span<const std::string> argv_;
    std::size_t i_ = 0;
    NormalizedArgs out_;
    std::vector<std::string> inputs_;
};

}  // namespace

NormalizedArgs normalize_dxc_args(std::span<const std::string> argv) { return Normalizer(argv).run(); }

}  // namespace oneshader::cli
