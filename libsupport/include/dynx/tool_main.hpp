// The one wrapper every dynx tool's main() goes through: whatever internal
// exception escapes a tool becomes one error line and exit status 2, never a
// C++ exception text or an abort.
#pragma once

namespace dynx {

inline constexpr int kExitInternalError = 2;

// Runs tool_main(argc, argv); an escaping std::exception prints
// "TOOL: error: internal error: WHAT" and returns kExitInternalError.
int run_tool(const char* tool, int (*tool_main)(int, char**), int argc, char** argv);

}  // namespace dynx
