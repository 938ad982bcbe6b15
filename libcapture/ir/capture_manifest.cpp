// manifest.json of a capture directory (see capture_manifest.hpp).
#include "dynx/ir/capture_manifest.hpp"

#include "dynx/files.hpp"
#include "dynx/json_get.hpp"

namespace dynx::ir {

nlohmann::json to_json(const CaptureManifest& m) {
  nlohmann::json j{{"schema", kManifestSchema},
                   {"version", kManifestVersion},
                   {"tool", "dynx-capture"},
                   {"dynx_version", m.dynx_version},
                   {"python_version", m.python_version},
                   {"torch_version", m.torch_version.empty() ? nlohmann::json(nullptr) : nlohmann::json(m.torch_version)},
                   {"command", m.command},
                   {"cwd", m.cwd},
                   {"status", m.status},
                   {"timing", {{"wall_seconds", m.wall_seconds}}}};
  if (m.status != "complete") j["reason"] = m.reason;
  j["exit_code"] = m.exit_code ? nlohmann::json(*m.exit_code) : nlohmann::json(nullptr);
  return j;
}

Expected<CaptureManifest> manifest_from_json(const nlohmann::json& j) {
  try {
    if (!j.is_object() || j.value("schema", "") != kManifestSchema)
      return Error{"not a dynx capture manifest (schema is not " + std::string(kManifestSchema) + ")"};
    int version = json_get<int>(j.at("version"));
    if (version > kManifestVersion)
      return Error{"manifest version " + std::to_string(version) + " is newer than this dynx reads (" +
                   std::to_string(kManifestVersion) + ")"};
    CaptureManifest m;
    m.dynx_version = j.at("dynx_version").get<std::string>();
    m.python_version = j.at("python_version").get<std::string>();
    if (!j.at("torch_version").is_null()) m.torch_version = j.at("torch_version").get<std::string>();
    m.command = j.at("command").get<std::vector<std::string>>();
    m.cwd = j.at("cwd").get<std::string>();
    m.status = j.at("status").get<std::string>();
    m.reason = j.value("reason", "");
    if (!j.at("exit_code").is_null()) m.exit_code = json_get<int>(j.at("exit_code"));
    m.wall_seconds = json_get<double>(j.at("timing").at("wall_seconds"));
    return m;
  } catch (const nlohmann::json::exception& e) {
    return Error{std::string("malformed manifest: ") + e.what()};
  }
}

Status write_manifest(const std::string& directory, const CaptureManifest& manifest) {
  // A command or directory that is not UTF-8 (a latin-1 path) is recorded
  // with U+FFFD for the bytes JSON cannot hold, instead of failing the capture.
  const std::string text = to_json(manifest).dump(1, ' ', false, nlohmann::json::error_handler_t::replace);
  return write_file_atomic(directory + "/manifest.json", text + "\n");
}

}  // namespace dynx::ir
