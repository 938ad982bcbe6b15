// run_tool: see dynx/tool_main.hpp.
#include "dynx/tool_main.hpp"

#include <exception>
#include <iostream>

#include "dynx/strings.hpp"

namespace dynx {

int run_tool(const char* tool, int (*tool_main)(int, char**), int argc, char** argv) {
  try {
    return tool_main(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << tool << ": error: internal error: " << printable_message(e.what()) << "\n";
    return kExitInternalError;
  }
}

}  // namespace dynx
