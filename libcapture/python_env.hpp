// Which Python environment the embedded interpreter uses: --python PATH,
// else $VIRTUAL_ENV, else the environment dynx was built with. The
// environment must be of the Python minor version dynx embeds. Python-free.
#pragma once

#include <optional>
#include <string>

#include "dynx/error.hpp"

namespace dynx::capture {

struct PythonEnvironment {
  std::string executable;  // becomes sys.executable; its pyvenv.cfg selects the venv
  std::string version;     // "3.11.7"
  std::string origin;      // "--python", "VIRTUAL_ENV" or "default"
};

struct PythonEnvironmentRequest {
  std::optional<std::string> python_option;  // --python PATH (executable or venv directory)
  std::optional<std::string> virtual_env;    // $VIRTUAL_ENV
  std::string default_python;                // compiled-in default
  int built_major = 3;
  int built_minor = 11;
};

Expected<PythonEnvironment> resolve_python_environment(const PythonEnvironmentRequest& request);

// Reads "version" (or "version_info") from a pyvenv.cfg text; empty if absent.
std::string version_from_pyvenv_cfg(const std::string& text);

}  // namespace dynx::capture
