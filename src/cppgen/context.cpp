#include "cppgen/context.hpp"

namespace oneshader::cppgen {

void Problems::error(std::string_view which, std::string message) {
    Diagnostic d;
    d.code = std::string(which);
    d.severity = Severity::Error;
    d.position.file = file_;
    d.message = std::move(message);
    // The same clash is found once per variant; it is one problem.
    for (const Diagnostic& e : diagnostics_)
        if (e.code == d.code && e.message == d.message) return;
    diagnostics_.push_back(std::move(d));
}

bool Scope::declare(const std::string& name, const std::string& what) {
    auto [it, fresh] = names_.emplace(name, what);
    if (fresh) return true;
    if (it->second == what) return false;
    std::string where = where_;
    while (where.size() > 2 && where.ends_with("::")) where.resize(where.size() - 2);
    problems_.error(code(support::DiagCode::generated_name_clash), "the generated header would declare '" + name + "' twice in " + where + ": for " +
                                   it->second + " and for " + what +
                                   ". Rename one of them in the shader, or give the header another class name "
                                   "(--class-name).");
    return false;
}

std::string indent(int level) { return std::string(std::size_t(level) * 4, ' '); }

}  // namespace oneshader::cppgen
