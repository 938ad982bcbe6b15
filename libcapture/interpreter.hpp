// The embedded CPython: configured like `python script.py ARGS` (or
// `python -m module ARGS`) in the chosen environment, with dynx's builtin
// module and bootstrap loaded before the program runs.
#pragma once

#include <string>
#include <vector>

#include "capture_options.hpp"
#include "dynx/error.hpp"
#include "python_env.hpp"
#include "target_spec.hpp"

namespace dynx::capture {

// Why a program could not be started, mapped to dynx-capture's exit codes.
enum class StartFailure { dynx = 125, not_runnable = 126, not_found = 127 };

struct StartError {
  StartFailure kind = StartFailure::dynx;
  std::string message;
};

class EmbeddedInterpreter {
 public:
  EmbeddedInterpreter() = default;
  ~EmbeddedInterpreter();
  EmbeddedInterpreter(const EmbeddedInterpreter&) = delete;
  EmbeddedInterpreter& operator=(const EmbeddedInterpreter&) = delete;

  // Starts the interpreter for `options` (program and arguments) in `env`,
  // runs the bootstrap and checks that the program can run. On failure the
  // interpreter is already finalized.
  bool start(const CaptureOptions& options, const std::vector<TargetSpec>& targets, const PythonEnvironment& env,
             StartError& error);

  // Runs the program to completion and finalizes the interpreter (Py_RunMain);
  // returns the exit status Python would have. An uncaught KeyboardInterrupt
  // ends the process with SIGINT, exactly like python.
  int run();

  // For --version: the version of torch importable in `env`, or empty.
  static std::string probe_torch_version(const PythonEnvironment& env);

 private:
  // Bootstrap and program checks; every Python reference is released on return.
  bool prepare(const CaptureOptions& options, StartError& error);
  bool running_ = false;
};

}  // namespace dynx::capture
