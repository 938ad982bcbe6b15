// dynx-guard-diff (see guard_diff.hpp).
#include "dynx/explain/guard_diff.hpp"

#include <cctype>
#include <charconv>
#include <map>
#include <set>
#include <sstream>

#include "dynx/dtypes.hpp"
#include "dynx/explain/report.hpp"

namespace dynx::explain {
namespace {

using json = nlohmann::json;

std::string show(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

// Facts that name other guards by position: they change whenever a guard is
// added anywhere, so kinds that have them are compared by text.
bool positional(const std::string& kind) { return kind == "TENSOR_ALIASING" || kind == "NO_TENSOR_ALIASING"; }

json differences(const ir::GuardRecord& a, const ir::GuardRecord& b) {
  json out = json::array();
  auto add = [&](const std::string& what, const json& x, const json& y) {
    out.push_back(json{{"what", what}, {"old", x}, {"new", y}});
  };
  if (positional(a.kind) || a.facts.is_null() || b.facts.is_null()) {
    if (a.text != b.text) add("text", a.text, b.text);
    return out;
  }
  std::set<std::string> keys;
  for (const auto& [k, v] : a.facts.items()) keys.insert(k);
  for (const auto& [k, v] : b.facts.items()) keys.insert(k);
  for (const auto& key : keys) {
    json x = a.facts.contains(key) ? a.facts[key] : json(nullptr);
    json y = b.facts.contains(key) ? b.facts[key] : json(nullptr);
    if (x == y) continue;
    if ((key == "shape" || key == "stride") && x.is_array() && y.is_array() && x.size() == y.size()) {
      for (size_t i = 0; i < x.size(); ++i)
        if (x[i] != y[i]) add((key == "shape" ? "size(" : "stride(") + std::to_string(i) + ")", x[i], y[i]);
    } else if (key == "state" && x.is_object() && y.is_object()) {
      for (const auto& [field, value] : x.items())
        if (!y.contains(field) || y[field] != value) add(field, value, y.value(field, json(nullptr)));
    } else if (key == "shape" && x.is_array() && y.is_array()) {
      add("rank", x.size(), y.size());
    } else {
      add(key, x, y);
    }
  }
  return out;
}

}  // namespace

json diff_guards(const std::vector<ir::GuardRecord>& old_guards, const std::vector<ir::GuardRecord>& new_guards,
                 const std::string& old_label, const std::string& new_label) {
  auto key_of = [](const ir::GuardRecord& g) { return g.kind + "\x1f" + g.source; };
  std::map<std::string, const ir::GuardRecord*> old_by_key, new_by_key;
  for (const auto& g : old_guards) old_by_key.emplace(key_of(g), &g);
  for (const auto& g : new_guards) new_by_key.emplace(key_of(g), &g);
  json added = json::array(), removed = json::array(), changed = json::array();
  for (const auto& g : old_guards) {
    auto it = new_by_key.find(key_of(g));
    if (it == new_by_key.end()) {
      removed.push_back(json{{"kind", g.kind}, {"source", g.source}, {"text", g.text}});
      continue;
    }
    json diffs = differences(g, *it->second);
    if (!diffs.empty())
      changed.push_back(json{{"kind", g.kind}, {"source", g.source}, {"old", g.text}, {"new", it->second->text},
                             {"differences", diffs}});
  }
  for (const auto& g : new_guards)
    if (old_by_key.count(key_of(g)) == 0) added.push_back(json{{"kind", g.kind}, {"source", g.source}, {"text", g.text}});
  bool same = added.empty() && removed.empty() && changed.empty();
  std::string verdict;
  // Size changes only (SHAPE_ENV follows sizes): a dynamic-dimension candidate.
  std::vector<std::string> sizes;
  bool symbolic = false;
  auto shape_env_only = [](const json& list) {
    for (const auto& g : list)
      if (g["kind"] != "SHAPE_ENV") return false;
    return true;
  };
  bool only_sizes = shape_env_only(added) && shape_env_only(removed) && !changed.empty();
  for (const auto& c : changed) {
    if (c["kind"] == "SHAPE_ENV" || c["kind"] == "NO_TENSOR_ALIASING") continue;
    for (const auto& d : c["differences"]) {
      std::string what = d["what"].get<std::string>();
      if (c["kind"] == "TENSOR_MATCH" && what.rfind("size(", 0) == 0) {
        sizes.push_back(c["source"].get<std::string>() + " " + what + ": " + show(d["old"]) + " vs " + show(d["new"]));
        symbolic = symbolic || d["old"].is_string() || d["new"].is_string();
      }
      else if (!(c["kind"] == "TENSOR_MATCH" && what.rfind("stride(", 0) == 0))
        only_sizes = false;
    }
  }
  if (same) {
    verdict = "the guard sets are the same";
  } else if (only_sizes && sizes.size() == 1) {
    verdict = "entries differ only in " + sizes[0] +
              (symbolic ? " (a dynamic dimension in one of them)" : " - a candidate for a dynamic dimension");
  } else if (only_sizes && !sizes.empty()) {
    verdict = "entries differ only in tensor sizes (" + std::to_string(sizes.size()) + "): " +
              (symbolic ? "dynamic dimensions in one of them" : "candidates for dynamic dimensions");
  } else {
    std::vector<std::string> parts;
    if (!changed.empty()) parts.push_back(std::to_string(changed.size()) + " changed");
    if (!added.empty()) parts.push_back(std::to_string(added.size()) + " added");
    if (!removed.empty()) parts.push_back(std::to_string(removed.size()) + " removed");
    std::string joined;
    for (const auto& p : parts) joined += (joined.empty() ? "" : ", ") + p;
    verdict = "guards differ: " + joined;
    if (!changed.empty()) {
      const json& first = changed[0];
      const json& d = first["differences"][0];
      verdict += "; first: " + first["source"].get<std::string>() + " " + d["what"].get<std::string>() + " " +
                 show(d["old"]) + " vs " + show(d["new"]);
    }
  }
  return json{{"schema", kGuardDiffSchema}, {"version", kGuardDiffVersion}, {"mode", "diff"},
              {"old", old_label}, {"new", new_label}, {"same", same}, {"added", added}, {"removed", removed},
              {"changed", changed}, {"verdict", verdict}};
}

Expected<InputDescription> parse_input(const std::string& text) {
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0) return Error{"'" + text + "': expected NAME=VALUE, e.g. x=float32[16,4]"};
  InputDescription d;
  d.name = text.substr(0, eq);
  std::string value = text.substr(eq + 1);
  // NAME[...] describes a tensor, or is an error: a typo in it must not
  // quietly become a Python string that no guard ever equals.
  // (Matched by hand: std::regex recurses per character of a long value.)
  const size_t open = value.find('[');
  const bool identifier = open != std::string::npos && open > 0 && !std::isdigit(static_cast<unsigned char>(value[0])) &&
                          value.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") ==
                              open;
  if (identifier && value.back() == ']') {
    d.tensor = true;
    d.dtype = value.substr(0, open);
    if (dtype_by_name(d.dtype) == nullptr)
      return Error{"'" + text + "': unknown dtype '" + d.dtype + "' (float32, int64, bool, ...)"};
    std::istringstream dims(value.substr(open + 1, value.size() - open - 2));
    std::string dim;
    while (std::getline(dims, dim, ',')) {
      dim.erase(0, dim.find_first_not_of(' '));
      dim.erase(dim.find_last_not_of(' ') + 1);
      if (dim.empty()) continue;
      int64_t size = 0;
      auto [end, error] = std::from_chars(dim.data(), dim.data() + dim.size(), size);
      if (error != std::errc() || end != dim.data() + dim.size() || size < 0)
        return Error{"'" + text + "': '" + dim + "' is not a size"};
      d.shape.push_back(size);
    }
    return d;
  }
  if (value == "True" || value == "False") {
    d.value = value == "True";
  } else if (value == "None") {
    d.value = nullptr;
  } else {
    json number = json::parse(value, nullptr, false);
    d.value = !number.is_discarded() && number.is_number() ? number : json(value);
  }
  return d;
}

namespace {
// A fact of a guard, or null when the capture does not have it in that form.
json fact(const ir::GuardRecord& g, const char* key) {
  if (!g.facts.is_object()) return nullptr;
  auto it = g.facts.find(key);
  return it == g.facts.end() ? json(nullptr) : *it;
}
}  // namespace

json check_inputs(const ir::CacheEntryRecord& entry, const std::vector<InputDescription>& inputs) {
  json failing = json::array(), unchecked = json::array(), described = json::array();
  std::set<std::string> seen;
  for (const auto& in : inputs) {
    std::string dims;
    for (auto d : in.shape) dims += (dims.empty() ? "" : ",") + std::to_string(d);
    described.push_back(in.name + "=" + (in.tensor ? in.dtype + "[" + dims + "]" : show(in.value)));
  }
  auto find = [&](const std::string& source) -> const InputDescription* {
    for (const auto& in : inputs)
      if (source == "L['" + in.name + "']" || source == in.name) return &in;
    return nullptr;
  };
  for (const auto& g : entry.guards) {
    if (g.source.rfind("L['", 0) != 0 || g.kind == "NO_TENSOR_ALIASING" || g.kind == "TENSOR_ALIASING") continue;
    const InputDescription* in = find(g.source);
    if (in == nullptr) {
      auto end = g.source.find("']");
      std::string root = end == std::string::npos ? g.source : g.source.substr(0, end + 2);
      if (seen.insert(root).second && find(root) == nullptr) unchecked.push_back(root);
      continue;
    }
    std::string name = in->name;
    std::string reason;
    if (g.kind == "TENSOR_MATCH") {
      json dtype = fact(g, "dtype"), shape = fact(g, "shape");
      if (!dtype.is_string() || !shape.is_array()) {
        unchecked.push_back(g.source);  // not a guard this capture format describes
      } else if (!in->tensor) {
        reason = "expected type of '" + name + "' to be a tensor type, but found a Python value";
      } else if (dtype.get<std::string>() != in->dtype) {
        reason = "tensor '" + name + "' dtype mismatch. expected " + dtype.get<std::string>() + ", actual " +
                 in->dtype;
      } else if (shape.size() != in->shape.size()) {
        reason = "tensor '" + name + "' rank mismatch. expected " + std::to_string(shape.size()) + ", actual " +
                 std::to_string(in->shape.size());
      } else {
        for (size_t i = 0; i < in->shape.size() && reason.empty(); ++i) {
          const json& want = shape[i];
          if (want.is_number_integer() && want.get<int64_t>() != in->shape[i])
            reason = "tensor '" + name + "' size mismatch at index " + std::to_string(i) + ". expected " +
                     want.dump() + ", actual " + std::to_string(in->shape[i]);
          else if (want.is_string() && in->shape[i] < 2)
            reason = "2 <= L['" + name + "'].size()[" + std::to_string(i) + "] (actual " +
                     std::to_string(in->shape[i]) + ")";
        }
      }
    } else if (g.kind == "EQUALS_MATCH") {
      json value = fact(g, "value");
      if (in->tensor || value != in->value) reason = g.source + " == " + show(value);
    } else if (g.kind == "NONE_MATCH") {
      if (in->tensor || !in->value.is_null()) reason = g.source + " is None";
    }
    if (!reason.empty()) failing.push_back(json{{"source", g.source}, {"reason", reason}});
  }
  bool same = failing.empty();
  std::string verdict = same ? "entry " + entry.id + " would accept these inputs" +
                                   (unchecked.empty() ? "" : " (as far as they are described)")
                             : "entry " + entry.id + " would refuse these inputs: " +
                                   failing[0]["reason"].get<std::string>();
  return json{{"schema", kGuardDiffSchema}, {"version", kGuardDiffVersion}, {"mode", "inputs"},
              {"entry", entry.id}, {"inputs", described}, {"same", same}, {"failing", failing},
              {"unchecked", unchecked}, {"verdict", verdict}};
}

std::string render_diff_text(const json& raw) {
  const json diff = printable_strings(raw);
  std::ostringstream out;
  if (diff["mode"] == "inputs") {
    out << "entry " << diff["entry"].get<std::string>() << " against";
    for (const auto& i : diff["inputs"]) out << " " << i.get<std::string>();
    out << "\n";
    for (const auto& f : diff["failing"]) out << "  fails: " << f["reason"].get<std::string>() << "\n";
    for (const auto& u : diff["unchecked"])
      out << "  not described (assumed unchanged): " << u.get<std::string>() << "\n";
    out << diff["verdict"].get<std::string>() << "\n";
    return out.str();
  }
  out << "--- " << diff["old"].get<std::string>() << "\n+++ " << diff["new"].get<std::string>() << "\n";
  for (const auto& c : diff["changed"]) {
    out << "~ " << c["kind"].get<std::string>() << " " << c["source"].get<std::string>() << "\n";
    for (const auto& d : c["differences"])
      out << "    " << d["what"].get<std::string>() << ": " << show(d["old"]) << " -> " << show(d["new"]) << "\n";
  }
  for (const auto& r : diff["removed"]) out << "- " << r["text"].get<std::string>() << "\n";
  for (const auto& a : diff["added"]) out << "+ " << a["text"].get<std::string>() << "\n";
  out << diff["verdict"].get<std::string>() << "\n";
  return out.str();
}

}  // namespace dynx::explain
