// The command line of dynx-capture: dynx's own options, then the program to
// run exactly as `python script.py ARGS` or `python -m module ARGS` would.
// Python-free, so it is unit-tested on its own.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dynx/error.hpp"

namespace dynx::capture {

struct CaptureOptions {
  enum class Mode { script, module };
  Mode mode = Mode::script;
  std::string program;                   // script path or module name
  std::vector<std::string> program_args; // sys.argv[1:]
  std::vector<std::string> targets;      // --target specs, as written
  std::optional<std::string> python;     // --python PATH
  std::optional<std::string> output_dir; // -o/--output DIR: write a capture directory
  int cache_limit = 0;                   // --cache-limit N: entries per watched frame (0: the program's recompile_limit)
  bool list_frames = false;              // --list-frames
  bool auto_policy = true;               // cleared by --no-auto
  std::string dynamic = "auto";          // --dynamic=auto|off: automatic dynamic shapes
  std::vector<std::string> mark_dynamic; // --mark-dynamic NAME:DIM, as written
  bool verify = false;                   // --verify: replay entries on guard hits
  bool serve = false;                    // --serve: a capture server for test harnesses (jobs on stdin)
};

// What the command line asks for.
struct CaptureCommand {
  enum class Action { run, help, version };
  Action action = Action::run;
  CaptureOptions options;
  std::string help_text;  // filled for Action::help
};

// Errors read like "unknown option '--frobnicate'" and are meant to be
// printed as "dynx-capture: error: <message>".
Expected<CaptureCommand> parse_capture_command_line(const std::vector<std::string>& args);

}  // namespace dynx::capture
