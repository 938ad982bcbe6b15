// dynx-aot: a captured graph becomes a model.so with a C + DLPack interface.
#include "dynx/export/cli.hpp"

int main(int argc, char** argv) {
  return dynx::exporter::run_tool("dynx-aot", dynx::exporter::aot_main, argc, argv);
}
