// dynx-guard-diff: what differs between two guard sets.
#include "dynx/explain/cli.hpp"

int main(int argc, char** argv) { return dynx::explain::guard_diff_main(argc, argv); }
