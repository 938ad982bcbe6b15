// dynx-aot: a captured graph becomes a model.so with a C + DLPack interface.
#include "dynx/export/cli.hpp"
#include "dynx/tool_main.hpp"

int main(int argc, char** argv) {
  return dynx::run_tool("dynx-aot", dynx::exporter::aot_main, argc, argv);
}
