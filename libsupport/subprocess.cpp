// Running a helper program and collecting its output (no shell involved).
#include "dynx/subprocess.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

#include "dynx/files.hpp"

extern char** environ;

namespace dynx {

Expected<ProcessResult> run_captured(const std::vector<std::string>& argv, const std::string& input,
                                     bool stdout_only) {
  if (argv.empty()) return Error{"run_captured: empty command"};
  int out_fds[2], in_fds[2] = {-1, -1};
  if (::pipe2(out_fds, O_CLOEXEC) != 0) return Error{"pipe: " + errno_text(errno)};
  if (!input.empty() && ::pipe2(in_fds, O_CLOEXEC) != 0) {
    ::close(out_fds[0]);
    ::close(out_fds[1]);
    return Error{"pipe: " + errno_text(errno)};
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (input.empty()) posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  else posix_spawn_file_actions_adddup2(&actions, in_fds[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out_fds[1], 1);
  if (stdout_only) posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  else posix_spawn_file_actions_adddup2(&actions, out_fds[1], 2);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int rc = ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out_fds[1]);
  if (!input.empty()) ::close(in_fds[0]);
  if (rc != 0) {
    ::close(out_fds[0]);
    if (!input.empty()) ::close(in_fds[1]);
    return Error{argv[0] + ": " + errno_text(rc)};
  }
  if (!input.empty()) {
    // Small inputs (a list of operator names): written before reading.
    struct sigaction ignore {}, old {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, &old);
    size_t done = 0;
    while (done < input.size()) {
      ssize_t n = ::write(in_fds[1], input.data() + done, input.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += static_cast<size_t>(n);
    }
    ::close(in_fds[1]);
    ::sigaction(SIGPIPE, &old, nullptr);
  }
  ProcessResult result;
  char buffer[4096];
  while (true) {
    ssize_t n = ::read(out_fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    result.output.append(buffer, static_cast<size_t>(n));
  }
  ::close(out_fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return Error{argv[0] + ": wait failed: " + errno_text(errno)};
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

Expected<int> run_attached(const std::vector<std::string>& argv, bool stdout_to_stderr) {
  if (argv.empty()) return Error{"run_attached: empty command"};
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  struct sigaction ignore {}, old_int {}, old_quit {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGINT, &ignore, &old_int);
  ::sigaction(SIGQUIT, &ignore, &old_quit);
  // The child starts with default dispositions.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGQUIT);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
  // stdout_to_stderr: the child's standard output goes where its errors go
  // (the caller's stdout carries a machine-readable document).
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (stdout_to_stderr) posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
  pid_t pid = 0;
  int rc = ::posix_spawn(&pid, args[0], &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  int status = 0;
  bool waited = rc == 0;
  while (waited && ::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) waited = false;
  }
  ::sigaction(SIGINT, &old_int, nullptr);
  ::sigaction(SIGQUIT, &old_quit, nullptr);
  if (rc != 0) return Error{argv[0] + ": " + errno_text(rc)};
  if (!waited) return Error{argv[0] + ": wait failed: " + errno_text(errno)};
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace dynx
