// dynx-guard-diff: what differs between two guard sets.
#include "dynx/explain/cli.hpp"
#include "dynx/tool_main.hpp"

int main(int argc, char** argv) {
  return dynx::run_tool("dynx-guard-diff", dynx::explain::guard_diff_main, argc, argv);
}
