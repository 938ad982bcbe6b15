// dynx-explain: graph breaks, recompiles and guards of a capture, at a glance.
#include "dynx/explain/cli.hpp"
#include "dynx/tool_main.hpp"

int main(int argc, char** argv) {
  return dynx::run_tool("dynx-explain", dynx::explain::explain_main, argc, argv);
}
