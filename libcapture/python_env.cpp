// Resolving the Python environment to embed (see python_env.hpp).
#include "python_env.hpp"

#include <unistd.h>

#include <filesystem>

#include "dynx/files.hpp"
#include "dynx/strings.hpp"
#include "dynx/subprocess.hpp"

namespace dynx::capture {
namespace fs = std::filesystem;

std::string version_from_pyvenv_cfg(const std::string& text) {
  std::string version, version_info;
  for (const auto& line : split(text, '\n')) {
    auto eq = line.find('=');
    if (eq == std::string::npos) continue;
    auto key = trim(std::string_view(line).substr(0, eq));
    auto value = std::string(trim(std::string_view(line).substr(eq + 1)));
    if (key == "version") version = value;
    if (key == "version_info") version_info = value;
  }
  if (version.empty() && !version_info.empty()) {
    auto parts = split(version_info, '.');
    if (parts.size() >= 3) version = parts[0] + "." + parts[1] + "." + parts[2];
  }
  return version;
}

namespace {

Expected<std::string> find_executable(const std::string& path) {
  switch (path_kind(path)) {
    case PathKind::missing:
      return Error{path + ": no such file or directory"};
    case PathKind::directory:
      for (const char* name : {"bin/python", "bin/python3"}) {
        fs::path candidate = fs::path(path) / name;
        if (::access(candidate.c_str(), X_OK) == 0) return fs::absolute(candidate).lexically_normal().string();
      }
      return Error{path + ": a directory without bin/python (not a virtual environment)"};
    default:
      if (::access(path.c_str(), X_OK) != 0) return Error{path + ": not executable"};
      return fs::absolute(path).lexically_normal().string();
  }
}

Expected<std::string> probe_version(const std::string& executable) {
  // A venv's pyvenv.cfg sits beside bin/ (or, for odd layouts, beside python).
  fs::path exe(executable);
  for (const fs::path& cfg : {exe.parent_path().parent_path() / "pyvenv.cfg", exe.parent_path() / "pyvenv.cfg"}) {
    if (path_kind(cfg) != PathKind::file) continue;
    auto text = read_file(cfg);
    if (!text) return text.error();
    std::string version = version_from_pyvenv_cfg(*text);
    if (!version.empty()) return version;
  }
  auto result = run_captured({executable, "-c", "import sys; print('%d.%d.%d' % sys.version_info[:3])"}, "", true);
  if (!result) return result.error();
  if (result->exit_code != 0) return Error{executable + ": does not run as a Python interpreter"};
  return std::string(trim(result->output));
}

}  // namespace

Expected<PythonEnvironment> resolve_python_environment(const PythonEnvironmentRequest& request) {
  PythonEnvironment env;
  std::string requested;
  if (request.python_option) {
    env.origin = "--python";
    requested = *request.python_option;
  } else if (request.virtual_env && !request.virtual_env->empty()) {
    env.origin = "VIRTUAL_ENV";
    requested = *request.virtual_env;
  } else {
    env.origin = "default";
    requested = request.default_python;
  }
  auto where = [&](const Error& e) {
    return e.with_context(env.origin == "--python" ? "--python" : env.origin == "VIRTUAL_ENV" ? "VIRTUAL_ENV" : "default Python");
  };
  auto exe = find_executable(requested);
  if (!exe) return where(exe.error());
  env.executable = *exe;
  auto version = probe_version(env.executable);
  if (!version) return where(version.error());
  env.version = *version;
  auto parts = split(env.version, '.');
  std::string built = std::to_string(request.built_major) + "." + std::to_string(request.built_minor);
  if (parts.size() < 2 || parts[0] + "." + parts[1] != built)
    return where(Error{requested + " is Python " + env.version + ", but dynx-capture embeds Python " + built +
                       "; use a " + built + " environment or rebuild dynx against that Python"});
  return env;
}

}  // namespace dynx::capture
