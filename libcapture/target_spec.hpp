// What the user asks dynx-capture to watch: `--target path.py:Qualified.name`
// or `--target module:name`. Python-free, so it is unit-tested on its own.
#pragma once

#include <string>
#include <string_view>

#include "dynx/error.hpp"

namespace dynx::capture {

struct TargetSpec {
  enum class Kind { file, module };
  Kind kind = Kind::file;
  std::string location;  // canonical path of the file, or the dotted module name
  std::string qualname;  // co_qualname to match: "Net.forward", "outer.<locals>.inner"
  std::string text;      // the spec as the user wrote it
};

// Parses a spec. A location that ends in ".py" or contains '/' is a file
// (which must exist); anything else is a module name, resolved when imported.
Expected<TargetSpec> parse_target_spec(std::string_view text);

}  // namespace dynx::capture
