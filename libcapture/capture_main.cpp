// dynx-capture: run a program under the embedded interpreter and frame hook.
#include "capture_main.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include <Python.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <exception>
#include <functional>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include "capture_options.hpp"
#include "dynx/ir/capture_layout.hpp"
#include "dynx/ir/capture_manifest.hpp"
#include "dynx/files.hpp"
#include "dynx/strings.hpp"
#include "dynx/version.hpp"
#include "dynx_module.hpp"
#include "frame_hook.hpp"
#include "interpreter.hpp"
#include "python_env.hpp"
#include "target_spec.hpp"

namespace dynx {
namespace {

// The interpreter runs on a thread with a large stack. Under a PEP 523
// frame hook every Python call is a C call of the evaluator (CPython 3.11+
// only inlines calls when no hook is set), so a program that `python` runs
// 30,000 calls deep (after sys.setrecursionlimit) would overflow the 8 MiB
// main-thread stack. The stack is reserved, not committed: pages are used as
// the recursion reaches them. The thread that initializes Python is its main
// thread (signals, threading.main_thread()); the original thread only waits,
// with every signal blocked so that they reach the interpreter's.
constexpr size_t kInterpreterStack = size_t{1} << 30;

struct StackJob {
  std::function<int()> body;
  int result = 0;
  std::exception_ptr error;
};

void* run_stack_job(void* arg) {
  auto* job = static_cast<StackJob*>(arg);
  try {
    job->result = job->body();
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}

int run_with_large_stack(std::function<int()> body) {
  StackJob job;
  job.body = std::move(body);
  pthread_attr_t attr;
  pthread_t thread;
  bool started = ::pthread_attr_init(&attr) == 0 && ::pthread_attr_setstacksize(&attr, kInterpreterStack) == 0 &&
                 ::pthread_create(&thread, &attr, run_stack_job, &job) == 0;
  ::pthread_attr_destroy(&attr);
  if (!started) return job.body();  // no such stack here: the main thread's, as before
  sigset_t all;
  sigfillset(&all);
  ::pthread_sigmask(SIG_BLOCK, &all, nullptr);
  ::pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
  return job.result;
}

constexpr int kExitDynxError = 125;

// SIGTERM and SIGHUP end the process as with python (death by the signal),
// but first mark the capture incomplete: the manifest's text is rendered in
// advance, the handler only writes and renames (async-signal-safe).
std::string g_signal_manifest_path, g_signal_manifest_temp, g_signal_manifest_text[2];

extern "C" void dynx_capture_on_signal(int sig) {
  const std::string& text = g_signal_manifest_text[sig == SIGHUP ? 1 : 0];
  int fd = ::open(g_signal_manifest_temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd >= 0) {
    size_t done = 0;
    while (done < text.size()) {
      ssize_t n = ::write(fd, text.data() + done, text.size() - done);
      if (n <= 0) break;
      done += static_cast<size_t>(n);
    }
    ::close(fd);
    if (done == text.size()) ::rename(g_signal_manifest_temp.c_str(), g_signal_manifest_path.c_str());
    else ::unlink(g_signal_manifest_temp.c_str());
  }
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

int fail(int code, const std::string& message) {
  std::fprintf(stderr, "dynx-capture: error: %s\n", printable_message(message).c_str());
  return code;
}

capture::PythonEnvironmentRequest environment_request(const capture::CaptureOptions& options) {
  capture::PythonEnvironmentRequest request;
  request.python_option = options.python;
  if (const char* venv = std::getenv("VIRTUAL_ENV")) request.virtual_env = std::string(venv);
  // Installed into a virtual environment (pip install), its Python;
  // otherwise the one dynx was built with.
  std::string beside = python_beside_executable();
  request.default_python = beside.empty() ? std::string(kDefaultPython) : beside;
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

// Locks DIR for this process's whole life (the descriptor is never closed;
// forked children share the lock): two captures writing into one directory
// at once would leave the manifest of one beside the graphs of the other.
// A file system without flock leaves the capture unlocked, as before.
Status lock_output_dir(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return Error{dir + ": " + errno_text(errno)};
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    int saved = errno;
    ::close(fd);
    if (saved == EWOULDBLOCK)
      return Error{dir + ": another dynx-capture is writing into it (give another -o DIR, or wait for it)"};
  }
  return Status::ok();
}

// Prepares DIR for a new capture: created if missing, locked; a previous
// capture in it is replaced; anything else there is left alone and refused.
Status prepare_output_dir(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (path_kind(dir) == PathKind::missing) {
    fs::create_directories(dir, ec);
    if (ec) return Error{dir + ": cannot create: " + ec.message()};
    return lock_output_dir(dir);
  }
  if (path_kind(dir) != PathKind::directory) return Error{dir + ": not a directory"};
  if (auto locked = lock_output_dir(dir); !locked) return locked;
  bool empty = fs::directory_iterator(dir, ec) == fs::directory_iterator();
  if (ec) return Error{dir + ": " + ec.message()};
  const ir::CaptureLayout layout(dir);
  if (!empty && path_kind(layout.manifest()) != PathKind::file)
    return Error{dir + ": not empty and not a dynx capture; refusing to write into it"};
  for (const auto& path : layout.recorded_directories()) fs::remove_all(path, ec);
  for (const auto& path : layout.recorded_files()) fs::remove(path, ec);
  if (::access(dir.c_str(), W_OK) != 0) return Error{dir + ": " + errno_text(errno)};
  return Status::ok();
}

int capture_program(const capture::CaptureOptions& options, const std::vector<std::string>& command,
                    const std::vector<capture::TargetSpec>& targets, const capture::PythonEnvironment& env,
                    capture::EmbeddedInterpreter* forked);
int serve(const capture::CaptureOptions& options, const std::vector<capture::TargetSpec>& targets,
          const capture::PythonEnvironment& env, const std::vector<std::string>& server_args);

int run(const capture::CaptureOptions& options, const std::vector<std::string>& command) {
  if (options.verify && !options.output_dir)
    return fail(kExitDynxError, "--verify checks the entries of a capture: it needs -o DIR");
  std::vector<capture::TargetSpec> targets;
  for (const auto& text : options.targets) {
    auto spec = capture::parse_target_spec(text);
    if (!spec) return fail(kExitDynxError, spec.error().message);
    targets.push_back(*spec);
  }
  auto env = capture::resolve_python_environment(environment_request(options));
  if (!env) return fail(kExitDynxError, env.error().message);
  if (options.serve) {
    // The server's own options, each job's added after them.
    std::vector<std::string> server_args;
    for (std::size_t i = 1; i < command.size(); ++i)
      if (command[i] != "--serve") server_args.push_back(command[i]);
    return serve(options, targets, *env, server_args);
  }
  if (options.mode == capture::CaptureOptions::Mode::script) {
    if (int code = check_script_path(options.program)) return code;
  }
  return capture_program(options, command, targets, *env, nullptr);
}

// Runs one program under dynx and writes its capture. `forked`: null to
// start an interpreter (on a large stack) and run the program under
// Py_RunMain; else a job forked from --serve's interpreter, which has
// imported torch already.
int capture_program(const capture::CaptureOptions& options, const std::vector<std::string>& command,
                    const std::vector<capture::TargetSpec>& targets, const capture::PythonEnvironment& env,
                    capture::EmbeddedInterpreter* forked) {
  const std::string cwd = real_path(".");
  auto manifest = std::make_shared<ir::CaptureManifest>();
  const auto started = std::chrono::steady_clock::now();
  std::string output_dir;
  if (options.output_dir) {
    output_dir = *options.output_dir;
    if (auto status = prepare_output_dir(output_dir); !status) return fail(kExitDynxError, status.error().message);
    manifest->dynx_version = kVersion;
    manifest->python_version = env.version;
    manifest->command = command;
    manifest->cwd = cwd;
    if (auto status = ir::write_manifest(output_dir, *manifest); !status)
      return fail(kExitDynxError, status.error().message);
    capture::set_output_dir(real_path(output_dir));
    g_signal_manifest_path = output_dir + "/manifest.json";
    g_signal_manifest_temp = output_dir + "/manifest.json.tmp.signal";
    for (int i = 0; i < 2; ++i) {
      ir::CaptureManifest terminated = *manifest;
      terminated.status = "incomplete";
      terminated.reason = i == 0 ? "terminated by SIGTERM" : "terminated by SIGHUP";
      g_signal_manifest_text[i] =
          ir::to_json(terminated).dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    }
    struct sigaction action {};
    action.sa_handler = dynx_capture_on_signal;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGTERM, &action, nullptr);
    ::sigaction(SIGHUP, &action, nullptr);
    capture::set_recorder_options({options.dynamic, options.mark_dynamic, options.verify});
  }
  auto update_manifest = [manifest, output_dir, started](const char* status, const char* reason,
                                                         std::optional<int> exit_code) {
    if (output_dir.empty()) return;
    // A capture that could not be written (full disk) is incomplete however
    // the program ended.
    std::string write_error = capture::FrameHook::instance().write_error();
    std::string why = write_error.empty() ? std::string(reason) : "could not write the capture: " + write_error;
    manifest->status = write_error.empty() ? status : "incomplete";
    manifest->reason = why;
    manifest->exit_code = exit_code;
    manifest->torch_version = capture::imported_torch_version();
    manifest->wall_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (auto written = ir::write_manifest(output_dir, *manifest); !written)
      std::fprintf(stderr, "dynx-capture: warning: %s\n", printable_message(written.error().message).c_str());
  };
  bool list_frames = options.list_frames;
  const pid_t original_pid = ::getpid();
  capture::set_at_exit_handler([list_frames, cwd, original_pid, update_manifest] {
    // Forked children run atexit handlers too; only the original process reports.
    if (::getpid() != original_pid) return;
    // Until Py_RunMain returns, the run is not complete; an uncaught
    // KeyboardInterrupt ends the process before that.
    PyObject* last = PySys_GetObject("last_type");  // borrowed
    bool interrupted = last != nullptr && last == PyExc_KeyboardInterrupt;
    update_manifest("incomplete", interrupted ? "interrupted" : "exited early", std::nullopt);
    if (list_frames) {
      std::fflush(stdout);
      std::string table = ir::format_frame_table(capture::FrameHook::instance().watched_frames(), cwd);
      std::fputs(table.c_str(), stderr);
      std::fflush(stderr);
    }
  });
  auto body = [&] {
    std::optional<capture::EmbeddedInterpreter> own;
    capture::EmbeddedInterpreter* interpreter = forked;
    capture::StartError error;
    bool running = false;
    if (forked != nullptr) {
      running = forked->prepare_job(options, env, error);
    } else {
      interpreter = &own.emplace();
      running = interpreter->start(options, targets, env, error);
    }
    if (!running) {
      update_manifest("incomplete", "the program could not start", std::nullopt);
      return fail(static_cast<int>(error.kind), error.message);
    }
    // A program that ends with SystemExit never returns from Py_RunMain:
    // CPython calls exit() from inside its error printer. on_exit (glibc)
    // still sees the status; os._exit and death by a signal skip it, and leave
    // the manifest marked incomplete, as they should.
    static std::function<void(int)> at_process_exit;
    at_process_exit = [update_manifest](int status) { update_manifest("complete", "", status); };
    // The program succeeded but its capture could not be written: dynx failed.
    auto final_status = [](int program_status) {
      return program_status == 0 && !capture::FrameHook::instance().write_error().empty() ? kExitDynxError
                                                                                         : program_status;
    };
    ::on_exit([](int status, void*) { if (at_process_exit) at_process_exit(status); }, nullptr);
    int exit_code = forked != nullptr ? forked->run_job(options.program) : interpreter->run();
    at_process_exit = nullptr;
    update_manifest("complete", "", exit_code);
    return final_status(exit_code);
  };
  return forked != nullptr ? body() : run_with_large_stack(body);
}

// Waits for the job `pid`; kills its process group after `timeout` seconds
// (none when 0) and returns true then. `status` as waitpid leaves it.
bool wait_for_job(pid_t pid, double timeout, int& status) {
  const auto started = std::chrono::steady_clock::now();
  bool timed_out = false;
  for (;;) {
    pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid || (done < 0 && errno != EINTR)) return timed_out;
    if (timeout > 0 && !timed_out &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() > timeout) {
      ::kill(-pid, SIGKILL);
      timed_out = true;
    }
    ::usleep(5000);
  }
}

// The options of one --serve job: the server's command line, then the
// job's "options" (dynx-capture options: --verify, --cache-limit N,
// --dynamic, --mark-dynamic, --target, --no-auto, --list-frames), then its
// argv. What the server fixed at its start (the Python environment) cannot
// change per job.
Expected<capture::CaptureOptions> job_options(const capture::CaptureOptions& server,
                                              const std::vector<std::string>& server_args,
                                              const std::vector<std::string>& options,
                                              const std::vector<std::string>& argv) {
  for (const auto& option : options) {
    if (option.empty() || option[0] != '-') continue;
    std::string name = option.substr(0, option.find('='));
    if (name == "--serve" || name == "--python" || name == "-m" || name == "-o" || name == "--output" ||
        name == "--" || name == "--help" || name == "-h" || name == "--version")
      return Error{name + " cannot be given per job (the server's environment is fixed; the output is the "
                          "job's \"output\")"};
  }
  std::vector<std::string> args = server_args;
  args.insert(args.end(), options.begin(), options.end());
  args.push_back("--");
  args.insert(args.end(), argv.begin(), argv.end());
  auto parsed = capture::parse_capture_command_line(args);
  if (!parsed) return Error{parsed.error().message};
  if (parsed->options.output_dir || parsed->options.mode != capture::CaptureOptions::Mode::script)
    return Error{"-o and -m cannot be given per job (the output is the job's \"output\")"};
  if (parsed->action != capture::CaptureCommand::Action::run)
    return Error{"a job's options ask for help or the version"};
  capture::CaptureOptions job = parsed->options;
  job.python = server.python;
  job.serve = false;
  return job;
}

// --serve: one job a line on stdin, a JSON object
//   {"argv": [script, args...], "output": DIR, "cwd": DIR,
//    "stdout": FILE, "stderr": FILE, "timeout": SECONDS, "options": [...]}
// ("output", "stdout", "stderr", "timeout" and "options" optional), each run
// in a process forked from an interpreter that has imported torch already,
// with the server's options and the job's (job_options); one line back on
// stdout for each, in order:
//   {"exit": STATUS} (the job's exit status, minus the signal that ended it)
//   {"exit": null, "timeout": true}   {"exit": null, "error": "..."}
int serve(const capture::CaptureOptions& options, const std::vector<capture::TargetSpec>& targets,
          const capture::PythonEnvironment& env, const std::vector<std::string>& server_args) {
  return run_with_large_stack([&] {
    capture::EmbeddedInterpreter interpreter;
    capture::StartError error;
    if (!interpreter.start_server(options, targets, env, error))
      return fail(static_cast<int>(error.kind), error.message);
    auto reply = [](const nlohmann::json& answer) {
      std::string text = answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
      std::fputs(text.c_str(), stdout);
      std::fflush(stdout);
    };
    std::string line;
    while (std::getline(std::cin, line)) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      capture::CaptureOptions job = options;
      std::vector<capture::TargetSpec> job_targets = targets;
      std::vector<std::string> extra;
      std::string cwd, out_file, err_file;
      double timeout = 0;
      try {
        auto request = nlohmann::json::parse(line);
        auto argv = request.at("argv").get<std::vector<std::string>>();
        if (argv.empty()) throw std::invalid_argument("argv is empty");
        if (request.contains("options")) extra = request["options"].get<std::vector<std::string>>();
        auto parsed = job_options(options, server_args, extra, argv);
        if (!parsed) throw std::invalid_argument(parsed.error().message);
        job = *parsed;
        for (std::size_t i = options.targets.size(); i < job.targets.size(); ++i) {
          auto spec = capture::parse_target_spec(job.targets[i]);
          if (!spec) throw std::invalid_argument(spec.error().message);
          job_targets.push_back(*spec);
        }
        if (request.contains("output")) job.output_dir = request["output"].get<std::string>();
        if (job.verify && !job.output_dir) throw std::invalid_argument("--verify needs the job's \"output\"");
        cwd = request.value("cwd", std::string());
        out_file = request.value("stdout", std::string());
        err_file = request.value("stderr", std::string());
        timeout = request.value("timeout", 0.0);
      } catch (const std::exception& e) {
        reply({{"exit", nullptr}, {"error", std::string("bad job: ") + printable_message(e.what())}});
        continue;
      }
      std::vector<std::string> command{"dynx-capture"};
      command.insert(command.end(), server_args.begin(), server_args.end());
      command.insert(command.end(), extra.begin(), extra.end());
      if (job.output_dir) command.insert(command.end(), {"-o", *job.output_dir});
      command.push_back(job.program);
      command.insert(command.end(), job.program_args.begin(), job.program_args.end());
      std::fflush(nullptr);
      PyOS_BeforeFork();
      pid_t pid = ::fork();
      if (pid == 0) {
        PyOS_AfterFork_Child();
        ::setpgid(0, 0);  // the job and whatever it starts end together on a timeout
        auto redirect = [](const std::string& path, int target, int flags) {
          int fd = ::open(path.c_str(), flags | O_CLOEXEC, 0644);
          if (fd < 0 || ::dup2(fd, target) < 0) return false;
          ::close(fd);
          return true;
        };
        bool ok = redirect("/dev/null", 0, O_RDONLY) &&
                  (out_file.empty() || redirect(out_file, 1, O_WRONLY | O_CREAT | O_TRUNC)) &&
                  (err_file.empty() || redirect(err_file, 2, O_WRONLY | O_CREAT | O_TRUNC));
        if (!ok || (!cwd.empty() && ::chdir(cwd.c_str()) != 0)) {
          std::fprintf(stderr, "dynx-capture: error: cannot set up the job: %s\n", errno_text(errno).c_str());
          std::_Exit(kExitDynxError);
        }
        int code = check_script_path(job.program);
        if (code == 0 && path_kind(job.program) == PathKind::directory)
          code = fail(126, job.program + ": --serve runs script files, not directories");
        if (code == 0) {
          capture::FrameHook& hook = capture::FrameHook::instance();
          hook.set_cache_limit(job.cache_limit);
          hook.set_verify(job.verify);
          for (std::size_t i = targets.size(); i < job_targets.size(); ++i) hook.add_spec_target(job_targets[i]);
          code = capture_program(job, command, job_targets, env, &interpreter);
        }
        std::fflush(nullptr);
        std::exit(code);
      }
      PyOS_AfterFork_Parent();
      if (pid < 0) {
        reply({{"exit", nullptr}, {"error", "fork: " + errno_text(errno)}});
        continue;
      }
      int status = 0;
      if (wait_for_job(pid, timeout, status)) {
        reply({{"exit", nullptr}, {"timeout", true}});
      } else if (WIFEXITED(status)) {
        reply({{"exit", WEXITSTATUS(status)}});
      } else if (WIFSIGNALED(status)) {
        reply({{"exit", -WTERMSIG(status)}});
      } else {
        reply({{"exit", nullptr}, {"error", "the job ended in an unknown state"}});
      }
    }
    return 0;
  });
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
        return run(command->options, std::vector<std::string>(argv, argv + argc));
    }
  } catch (const std::exception& e) {
    return fail(kExitDynxError, std::string("internal error: ") + e.what());
  } catch (...) {
    return fail(kExitDynxError, "internal error");
  }
  return kExitDynxError;
}

}  // namespace dynx
