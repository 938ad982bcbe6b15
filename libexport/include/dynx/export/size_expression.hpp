// Size expressions of a dynamic graph ("s0*s1//2 + 1", as the capture writes
// them) as C++. Shared by every backend.
#pragma once

#include <string>
#include <string_view>

#include "dynx/error.hpp"

namespace dynx::exporter {

// A size expression as C++ over int64_t locals named s0, s1, ... (Python's
// floor division and modulo through dynx::model::floordiv / pymod); an
// error for anything else (any other name, a call, nesting deeper than 64).
Expected<std::string> cpp_size_expression(std::string_view expr);

}  // namespace dynx::exporter
