// Running a helper program and collecting its output (no shell involved).
#pragma once

#include <string>
#include <vector>

#include "dynx/error.hpp"

namespace dynx {

struct ProcessResult {
  int exit_code = -1;   // exit status, or 128 + signal number when killed
  std::string output;   // what it wrote: stdout, and stderr unless stdout_only
};

// Runs argv[0] (searched on PATH) with stdin from `input` (a pipe; empty:
// /dev/null) and its stdout and stderr together in `output` (a compiler's
// diagnostics, a helper's answer). `stdout_only`: stderr goes to /dev/null.
Expected<ProcessResult> run_captured(const std::vector<std::string>& argv, const std::string& input = "",
                                     bool stdout_only = false);

// Runs argv[0] (a path) sharing this process's standard streams, and
// returns its exit status (128 + signal when killed). SIGINT and SIGQUIT are
// ignored here while it runs: the terminal delivers them to the child.
Expected<int> run_attached(const std::vector<std::string>& argv, bool stdout_to_stderr = false);

}  // namespace dynx
