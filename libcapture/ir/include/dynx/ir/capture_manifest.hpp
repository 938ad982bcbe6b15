// manifest.json of a capture directory: which tool made it, from what
// command, with which Python and torch, and whether the run completed.
// Written before the program starts (status "incomplete"), so a run that
// dies leaves a directory marked incomplete, and rewritten at the end.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dynx/error.hpp"

namespace dynx::ir {

inline constexpr const char* kManifestSchema = "dynx.capture.manifest";
inline constexpr int kManifestVersion = 1;

struct CaptureManifest {
  std::string dynx_version;
  std::string python_version;
  std::string torch_version;            // empty until torch is imported
  std::vector<std::string> command;     // dynx-capture's argv
  std::string cwd;
  std::string status = "incomplete";    // "incomplete" or "complete"
  std::string reason = "running";       // for incomplete: "running", "interrupted", "exited early"
  std::optional<int> exit_code;         // the program's exit status, when known
  double wall_seconds = 0;              // timing: excluded from determinism checks
};

nlohmann::json to_json(const CaptureManifest& manifest);
Expected<CaptureManifest> manifest_from_json(const nlohmann::json& json);
Status write_manifest(const std::string& directory, const CaptureManifest& manifest);

}  // namespace dynx::ir
