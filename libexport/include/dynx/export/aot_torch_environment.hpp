// dynx-aot's first stage: which Python environment to build against, and
// what its torch offers (version, headers, libraries, ABI, and the schema of
// every operator a graph calls), asked by running aot/torch_environment.py
// in that environment and cached while torch's files stay the same.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "dynx/error.hpp"
#include "dynx/export/aot.hpp"
#include "dynx/export/codegen.hpp"

namespace dynx::exporter {

// The interpreter: `requested` (an executable or a venv directory), else
// $VIRTUAL_ENV's, else the one dynx was built with.
Expected<std::string> python_executable(const std::optional<std::string>& requested);

// Runs the embedded torch_environment.py with `python` for `ops`; the answer
// is kept under CACHE/probe/ when `use_cache`.
Expected<TorchInfo> query_torch_environment(const std::string& python, const std::vector<std::string>& ops,
                                            const std::filesystem::path& cache, bool use_cache,
                                            AotProgress& progress);

}  // namespace dynx::exporter
