// dynx-capture: run a Python program exactly as python would, under dynx's frame hook.
#include "capture_main.hpp"

int main(int argc, char** argv) { return dynx::capture_main(argc, argv); }
