// The entry points of dynx-aot and dynx-run (apps/ hold only main()).
#pragma once

namespace dynx::exporter {

int aot_main(int argc, char** argv);
int run_main(int argc, char** argv);
// Runs a tool's main, turning any escaping exception into one error line.
int run_tool(const char* tool, int (*tool_main)(int, char**), int argc, char** argv);

}  // namespace dynx::exporter
