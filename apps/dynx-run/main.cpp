// dynx-run: run, check and benchmark a model.so built by dynx-aot.
#include "dynx/export/cli.hpp"

int main(int argc, char** argv) {
  return dynx::exporter::run_tool("dynx-run", dynx::exporter::run_main, argc, argv);
}
