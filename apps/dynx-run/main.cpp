// dynx-run: run, check and benchmark a model.so built by dynx-aot.
#include "dynx/export/cli.hpp"
#include "dynx/tool_main.hpp"

int main(int argc, char** argv) {
  return dynx::run_tool("dynx-run", dynx::exporter::run_main, argc, argv);
}
