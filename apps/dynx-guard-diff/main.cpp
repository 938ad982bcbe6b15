// dynx-guard-diff: what differs between two guard sets.
#include "dynx/explain/cli.hpp"

#include <exception>
#include <iostream>

int main(int argc, char** argv) {
  try {
    return dynx::explain::guard_diff_main(argc, argv);
  } catch (const std::exception& e) {  // a defect of dynx's, said in one line
    std::cerr << "dynx-guard-diff: error: internal error: " << e.what() << "\n";
    return 2;
  }
}
