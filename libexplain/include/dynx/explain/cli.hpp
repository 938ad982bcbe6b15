// The command lines of dynx-explain and dynx-guard-diff (their main()s call these).
#pragma once

namespace dynx::explain {

int explain_main(int argc, char** argv);
int guard_diff_main(int argc, char** argv);

// Runs a tool's main; an exception (a defect of dynx's) becomes one line
// "TOOL: error: internal error: ..." and exit status 2.
int run_tool(const char* tool, int (*tool_main)(int, char**), int argc, char** argv);

}  // namespace dynx::explain
