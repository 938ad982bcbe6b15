// dynx-capture: run a program under the embedded interpreter and frame hook.
#include "capture_main.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "capture_options.hpp"
#include "dynx/files.hpp"
#include "dynx/version.hpp"
#include "dynx_module.hpp"
#include "frame_hook.hpp"
#include "interpreter.hpp"
#include "python_env.hpp"
#include "target_spec.hpp"

namespace dynx {
namespace {

constexpr int kExitDynxError = 125;

int fail(int code, const std::string& message) {
  std::fprintf(stderr, "dynx-capture: error: %s\n", message.c_str());
  return code;
}

capture::PythonEnvironmentRequest environment_request(const capture::CaptureOptions& options) {
  capture::PythonEnvironmentRequest request;
  request.python_option = options.python;
  if (const char* venv = std::getenv("VIRTUAL_ENV")) request.virtual_env = std::string(venv);
  request.default_python = kDefaultPython;
  request.built_major = kBuiltPythonMajor;
  request.built_minor = kBuiltPythonMinor;
  return request;
}

// What can be refused before Python starts: a script that is not there, or
// is not a file Python could open.
int check_script_path(const std::string& script) {
  switch (path_kind(script)) {
    case PathKind::missing:
      return fail(127, "can't open file '" + script + "': No such file or directory");
    case PathKind::directory:
      if (path_kind(std::filesystem::path(script) / "__main__.py") != PathKind::file)
        return fail(126, script + ": is a directory without __main__.py");
      return 0;
    case PathKind::other:
      return fail(126, script + ": not a regular file");
    case PathKind::file:
      if (::access(script.c_str(), R_OK) != 0) return fail(126, script + ": " + errno_text(errno));
      return 0;
  }
  return 0;
}

int run(const capture::CaptureOptions& options) {
  std::vector<capture::TargetSpec> targets;
  for (const auto& text : options.targets) {
    auto spec = capture::parse_target_spec(text);
    if (!spec) return fail(kExitDynxError, spec.error().message);
    targets.push_back(*spec);
  }
  auto env = capture::resolve_python_environment(environment_request(options));
  if (!env) return fail(kExitDynxError, env.error().message);
  if (options.mode == capture::CaptureOptions::Mode::script) {
    if (int code = check_script_path(options.program)) return code;
  }
  const std::string cwd = real_path(".");
  bool list_frames = options.list_frames;
  const pid_t original_pid = ::getpid();
  capture::set_at_exit_handler([list_frames, cwd, original_pid] {
    // Forked children run atexit handlers too; only the original process reports.
    if (::getpid() != original_pid) return;
    if (list_frames) {
      std::fflush(stdout);
      std::string table = ir::format_frame_table(capture::FrameHook::instance().watched_frames(), cwd);
      std::fputs(table.c_str(), stderr);
      std::fflush(stderr);
    }
  });
  capture::EmbeddedInterpreter interpreter;
  capture::StartError error;
  if (!interpreter.start(options, targets, *env, error)) return fail(static_cast<int>(error.kind), error.message);
  return interpreter.run();
}

int print_version(const capture::CaptureOptions& options) {
  std::printf("dynx-capture %s\n", kVersion);
  auto env = capture::resolve_python_environment(environment_request(options));
  if (!env) {
    std::printf("Python %s (embedded; environment unusable: %s)\n", kBuiltPythonVersion, env.error().message.c_str());
    return 0;
  }
  std::printf("Python %s (embedded; environment %s)\n", env->version.c_str(), env->executable.c_str());
  std::string torch = capture::EmbeddedInterpreter::probe_torch_version(*env);
  std::printf("torch %s\n", torch.empty() ? "not installed in this environment" : torch.c_str());
  return 0;
}

}  // namespace

int capture_main(int argc, char** argv) {
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    auto command = capture::parse_capture_command_line(args);
    if (!command) return fail(kExitDynxError, command.error().message + " (see dynx-capture --help)");
    switch (command->action) {
      case capture::CaptureCommand::Action::help:
        std::fputs(command->help_text.c_str(), stdout);
        return 0;
      case capture::CaptureCommand::Action::version:
        return print_version(command->options);
      case capture::CaptureCommand::Action::run:
        return run(command->options);
    }
  } catch (const std::exception& e) {
    return fail(kExitDynxError, std::string("internal error: ") + e.what());
  } catch (...) {
    return fail(kExitDynxError, "internal error");
  }
  return kExitDynxError;
}

}  // namespace dynx
