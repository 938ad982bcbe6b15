// What the Python environment's torch offers (see aot_torch_environment.hpp).
#include "dynx/export/aot_torch_environment.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

#include <nlohmann/json.hpp>

#include "dynx/export/aot_toolchain.hpp"
#include "dynx/files.hpp"
#include "dynx/sha256.hpp"
#include "dynx/subprocess.hpp"
#include "dynx/version.hpp"

namespace dynx::exporter {

// aot/torch_environment.py, embedded by CMake.
extern const char* const k_torch_environment_script;

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// A cached answer holds while torch/version.py is the same file.
std::string version_stamp(const std::string& torch_dir) {
  struct stat st {};
  if (::stat((torch_dir + "/version.py").c_str(), &st) != 0) return std::string();
  return std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec) + ":" +
         std::to_string(st.st_size);
}

}  // namespace

Expected<std::string> python_executable(const std::optional<std::string>& requested) {
  std::string python;
  if (requested) {
    python = *requested;
    if (path_kind(python) == PathKind::directory) python += "/bin/python";
  } else if (const char* venv = std::getenv("VIRTUAL_ENV"); venv != nullptr && *venv) {
    python = std::string(venv) + "/bin/python";
  } else if (std::string beside = python_beside_executable(); !beside.empty()) {
    python = beside;  // installed into a virtual environment: its torch
  } else {
    python = kDefaultPython;
  }
  if (::access(python.c_str(), X_OK) != 0) return Error{"no Python interpreter at " + python + " (use --python)"};
  return python;
}

Expected<TorchInfo> query_torch_environment(const std::string& python, const std::vector<std::string>& ops,
                                            const fs::path& cache, bool use_cache, AotProgress& progress) {
  json request = ops;
  std::string key = sha256_hex(real_path(python) + "\n" + request.dump() + "\n" + k_torch_environment_script);
  fs::path cached = cache / "probe" / (key + ".json");
  if (use_cache) {
    if (auto text = read_file(cached)) {
      try {
        json answer = json::parse(*text);
        if (answer.value("stamp", "") == version_stamp(answer.value("torch_dir", "")) && !answer.value("stamp", "").empty())
          return torch_info_from_json(answer);
      } catch (const json::exception&) {
      }
    }
  }
  progress.start("asking " + python + " about torch");
  auto result = run_captured({python, "-c", k_torch_environment_script}, request.dump() + "\n", true);
  progress.stop();
  if (!result) return Error{"cannot run " + python + ": " + result.error().message};
  json answer;
  try {
    answer = json::parse(result->output);
  } catch (const json::exception&) {
    answer = nullptr;
  }
  if (result->exit_code != 0 || !answer.is_object())
    return Error{python + " could not import torch (is this the environment the capture used? see --python)"};
  answer["stamp"] = version_stamp(answer.value("torch_dir", ""));
  if (use_cache && make_directories(cached.parent_path())) (void)write_file_atomic(cached, answer.dump());
  return torch_info_from_json(answer);
}

}  // namespace dynx::exporter
