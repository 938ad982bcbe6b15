// Renamed: the input checks of a model.so are dynx/runtime/input_checks.hpp.
// This header only forwards, for code not yet updated; include that instead.
#pragma once

#include "dynx/runtime/input_checks.hpp"
