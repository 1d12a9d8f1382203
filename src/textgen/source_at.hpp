#pragma once
// The source location of the instruction (or global declaration) a text printer is printing, so
// that a refusal raised deep inside it (a type, a texture form, an intrinsic) reports at the line
// of use. Printing an operand inline prints another instruction inside the first: scopes nest and
// give the outer location back.
#include "ir/instruction.hpp"

namespace oneshader::textgen {

class SourceAt {
public:
    support::SourceLoc loc() const { return loc_; }
    support::SourceRange range() const { return support::SourceRange(loc_); }

    class Scope {
    public:
        Scope(SourceAt& at, support::SourceLoc loc) : at_(at), saved_(at.loc_) {
            if (loc.valid()) at.loc_ = loc;
        }
        Scope(SourceAt& at, const ir::Instruction* i) : Scope(at, i->loc) {}
        ~Scope() { at_.loc_ = saved_; }
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;

    private:
        SourceAt& at_;
        support::SourceLoc saved_;
    };

private:
    support::SourceLoc loc_;
};

}  // namespace oneshader::textgen
