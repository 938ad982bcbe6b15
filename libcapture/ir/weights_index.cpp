// Reading weights.json (see weights_index.hpp).
#include "dynx/ir/weights_index.hpp"

#include <nlohmann/json.hpp>

#include "dynx/files.hpp"
#include "dynx/json_depth.hpp"
#include "dynx/json_get.hpp"

namespace dynx::ir {

using json = nlohmann::json;

const WeightEntry* WeightsIndex::find(const std::string& key) const {
  auto it = tensors.find(key);
  return it == tensors.end() ? nullptr : &it->second;
}

Expected<WeightsIndex> parse_weights_index(const std::string& text, const std::string& path) {
  if (!json_depth_within(text)) return Error{path + ": " + json_too_deep_text()};
  json index = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (index.is_discarded()) return Error{path + ": not valid JSON (truncated or corrupt)"};
  if (!index.is_object() || !index.contains("tensors") || !index["tensors"].is_object())
    return Error{path + ": not a dynx weights index"};
  WeightsIndex out;
  if (auto f = index.find("file"); f != index.end() && f->is_string()) out.file = f->get<std::string>();
  for (const auto& [key, spec] : index["tensors"].items()) {
    // An entry that is not an object counts as absent, as it always has.
    if (!spec.is_object()) continue;
    WeightEntry w;
    try {
      w.dtype = spec.at("dtype").get<std::string>();
      w.shape = json_get_list<int64_t>(spec.at("shape"));
      w.stride = json_get_list<int64_t>(spec.at("stride"));
      w.storage = spec.at("storage").get<std::string>();
      w.storage_offset = json_get<int64_t>(spec.at("storage_offset"));
    } catch (const json::exception&) {
      w = WeightEntry{};
      w.malformed = true;
    }
    out.tensors.emplace(key, std::move(w));
  }
  return out;
}

Expected<WeightsIndex> read_weights_index(const std::filesystem::path& path) {
  auto text = read_file(path);
  if (!text) return Error{path.string() + ": " + text.error().message};
  return parse_weights_index(*text, path.string());
}

}  // namespace dynx::ir
