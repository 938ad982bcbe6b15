// Renamed: the model's call signature is dynx/export/model_signature.hpp and
// the escaping of generated C++ is dynx/export/cpp_writer.hpp. This header
// only forwards, for code not yet updated; include those instead.
#pragma once

#include "dynx/export/cpp_writer.hpp"
#include "dynx/export/model_signature.hpp"
