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

struct _object;  // PyObject
struct PyConfig;

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

  // --serve: starts the interpreter with no program, runs the bootstrap and
  // imports what the start of every capture imports (torch, torch._dynamo,
  // the recorder), so that each job forked from here starts where a capture
  // has imported torch. On failure the interpreter is already finalized.
  bool start_server(const CaptureOptions& options, const std::vector<TargetSpec>& targets,
                    const PythonEnvironment& env, StartError& error);

  // In a job forked from the server (after PyOS_AfterFork_Child): the
  // program's checks as start() makes them, sys.argv, sys.orig_argv and
  // sys.path[0] as `python script ARGS` sets them, and the recorder started
  // when `options` has an output directory.
  bool prepare_job(const CaptureOptions& options, const PythonEnvironment& env, StartError& error);

  // In a job: runs the script in __main__ as Py_RunMain runs a script file,
  // then finalizes; returns the exit status (0, 1 for an uncaught exception,
  // 120 when finalizing fails; sys.exit(n) exits the process from inside).
  int run_job(const std::string& script);

  // For --version: the version of torch importable in `env`, or empty.
  static std::string probe_torch_version(const PythonEnvironment& env);

 private:
  // Initializes Python from `config` (cleared here) and sets up the frame
  // hook for `options` and `targets`.
  bool initialize(PyConfig& config, const CaptureOptions& options, const std::vector<TargetSpec>& targets,
                  StartError& error);
  // Bootstrap and program checks; every Python reference is released on return.
  bool prepare(const CaptureOptions& options, StartError& error);
  // The program's checks, with the bootstrap module already run.
  bool check_program(_object* bootstrap, const CaptureOptions& options, StartError& error);
  bool running_ = false;
};

}  // namespace dynx::capture
