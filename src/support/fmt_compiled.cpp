// fmt's out-of-line functions, compiled once into the library. In header-only mode every
// translation unit that formats a message compiled them again (about two thirds of such a
// unit's build time at -O2); compiled here, users of the library and the tool still need no
// libfmt, and the rest of the build includes only fmt's declarations.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {

// The templates format.h declares `extern` outside header-only mode, for the character types it names.
template FMT_API auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template FMT_API auto thousands_sep_impl<wchar_t>(locale_ref) -> thousands_sep_result<wchar_t>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
template FMT_API auto decimal_point_impl(locale_ref) -> wchar_t;

}  // namespace detail
FMT_END_NAMESPACE
