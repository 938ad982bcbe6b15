// dynx-explain: graph breaks, recompiles and guards of a capture, at a glance.
#include "dynx/explain/cli.hpp"

#include <exception>
#include <iostream>

int main(int argc, char** argv) {
  try {
    return dynx::explain::explain_main(argc, argv);
  } catch (const std::exception& e) {  // a defect of dynx's, said in one line
    std::cerr << "dynx-explain: error: internal error: " << e.what() << "\n";
    return 2;
  }
}
