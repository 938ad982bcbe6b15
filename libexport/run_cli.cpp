// dynx-run: load a model.so, run it on .npy inputs, write its outputs, and
// benchmark it. See dynx-run(1).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "dynx/command_line.hpp"
#include "dynx/export/cli.hpp"
#include "dynx/export/runner.hpp"
#include "dynx/files.hpp"
#include "dynx/model.h"
#include "dynx/strings.hpp"

namespace dynx::exporter {

namespace {

// A "Key:   1234 kB" line of /proc/self/status, in KiB; -1 where there is none.
long status_kib(const char* key) {
  std::FILE* f = std::fopen("/proc/self/status", "r");
  if (f == nullptr) return -1;
  char line[256];
  long value = -1;
  const size_t n = std::strlen(key);
  while (std::fgets(line, sizeof line, f) != nullptr)
    if (std::strncmp(line, key, n) == 0) {
      value = std::strtol(line + n, nullptr, 10);
      break;
    }
  std::fclose(f);
  return value;
}

// Resets the process's peak resident size to its current one (Linux >= 4.0).
bool reset_peak_resident() {
  std::FILE* f = std::fopen("/proc/self/clear_refs", "w");
  if (f == nullptr) return false;
  bool ok = std::fputs("5", f) >= 0;
  ok = std::fclose(f) == 0 && ok;
  return ok;
}

}  // namespace

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

constexpr int kExitOk = 0, kExitModelFailed = 1, kExitTrouble = 2;

const char* const kUsage =
    "usage: dynx-run model.so [--input NAME=FILE.npy ...] [OPTIONS]\n"
    "\n"
    "Load a model built by dynx-aot, run it on inputs from .npy files (or a capture's\n"
    "example inputs), write its outputs as .npy files, and benchmark it.\n"
    "\n"
    "Options:\n"
    "  --input NAME=FILE     An input, by the name model.json gives it (repeat for each)\n"
    "  --example FILE        Take the inputs from a capture's examples/F_E_G.safetensors\n"
    "  --output-dir DIR      Write each output to DIR/NAME.npy\n"
    "  --bench N             Time N runs after the warm-up; print median, p90, min, mean\n"
    "  --warmup N            Untimed runs before timing (default 20)\n"
    "  --threads N           Intra-op threads, 1 to 1024 (default: libtorch's default)\n"
    "  --weights FILE        External weights file (default: the one named in model.json, beside\n"
    "                        the model)\n"
    "  --json                Print the outputs and timings as JSON\n"
    "  -h, --help            Print this help and exit\n"
    "  --version             Print dynx's version and exit\n"
    "\n"
    "Exit status: 0 success; 1 the model rejected the inputs or failed while running;\n"
    "2 trouble (bad option, unreadable file, not a model). See dynx-run(1).\n";

int fail(const std::string& message, int status = kExitTrouble) {
  std::cerr << "dynx-run: error: " << printable_message(message) << "\n";
  return status;
}

const char* const kInputNeeded = "--input needs NAME=FILE.npy";
const char* const kCountNeeded = " needs a positive number";
const char* const kPathNeeded = " needs a path";

std::optional<long> to_count(const std::string& text, long min) {
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos) return {};
  long n = std::stol(text);
  if (n < min) return {};
  return n;
}

std::string file_name(const std::string& name) {
  std::string out;
  // output[0] -> output_0, past_key_values[0][1] -> past_key_values_0_1, output['k'] -> output_k.
  for (unsigned char c : name) {
    if (c == ']' || c == '\'' || c == '"') continue;
    out += std::isalnum(c) || c == '_' || c == '-' || c == '.' ? static_cast<char>(c) : '_';
  }
  if (out.empty() || out[0] == '.') out = "_" + out;
  return out;
}

}  // namespace

int run_main(int argc, char** argv) {
  std::string model_path, output_dir, weights, example;
  std::vector<std::pair<std::string, std::string>> input_files;
  long bench = 0, warmup = 20, threads = 0;
  bool as_json = false;
  ToolCommandLine command_line("dynx-run", kUsage);
  CLI::App& app = command_line.app();
  app.add_option_function<std::string>("--input", [&](const std::string& v) {
       if (v.find('=') == std::string::npos || v.front() == '=') throw OptionError(kInputNeeded);
       input_files.emplace_back(v.substr(0, v.find('=')), v.substr(v.find('=') + 1));
     })->trigger_on_parse();
  for (auto [name, count, min] :
       {std::tuple{"--bench", &bench, 1L}, {"--warmup", &warmup, 0L}, {"--threads", &threads, 1L}})
    app.add_option_function<std::string>(name, [name = name, count = count, min = min](const std::string& v) {
         auto n = to_count(v, min);
         if (!n) throw OptionError(std::string(name) + kCountNeeded);
         // What dynx_model_set_num_threads takes; more would be refused after loading.
         if (std::string_view(name) == "--threads" && *n > DYNX_MODEL_MAX_THREADS)
           throw OptionError("--threads needs a number from 1 to " + std::to_string(DYNX_MODEL_MAX_THREADS));
         *count = *n;
       })->trigger_on_parse();
  for (auto [name, path] : {std::pair{"--output-dir", &output_dir}, {"--weights", &weights}, {"--example", &example}})
    app.add_option_function<std::string>(name, [name = name, path = path](const std::string& v) {
         if (v.empty()) throw OptionError(std::string(name) + kPathNeeded);
         *path = v;
       })->trigger_on_parse();
  app.add_flag("--json", as_json);
  ToolCommandLine::Rules rules;
  rules.missing_value = [](const std::string& name) -> std::string {
    if (name == "--input") return kInputNeeded;
    if (name == "--bench" || name == "--warmup" || name == "--threads") return name + kCountNeeded;
    return name + kPathNeeded;
  };
  rules.other = [&](const std::vector<std::string>& args, size_t& i, std::string& error) {
    const std::string& arg = args[i];
    if (arg.size() > 1 && arg[0] == '-') return ToolCommandLine::Next::unknown;
    if (model_path.empty())
      model_path = arg;
    else
      error = "unexpected argument '" + arg + "' (inputs are given with --input NAME=FILE)";
    return ToolCommandLine::Next::more;
  };
  if (auto exit_status = command_line.parse_or_exit_status({argv + 1, argv + argc}, rules, kExitTrouble))
    return *exit_status;
  if (model_path.empty()) return fail("no model: give a model.so built by dynx-aot (see --help)");
  if (!output_dir.empty() && path_kind(output_dir) != PathKind::directory &&
      path_kind(output_dir) != PathKind::missing)
    return fail("--output-dir " + output_dir + ": not a directory");

  // Inputs are read before the model is loaded: a bad file costs nothing.
  std::map<std::string, runner::HostTensor> inputs, examples;
  if (!example.empty()) {
    auto tensors = runner::read_safetensors(example, "input.");
    if (!tensors) return fail(tensors.error().message);
    for (auto& [name, t] : *tensors) examples[name] = std::move(t);
  }
  for (const auto& [name, file] : input_files) {
    auto t = runner::read_npy(file);
    if (!t) return fail("input '" + name + "': " + t.error().message);
    inputs[name] = std::move(*t);
  }

  // Memory: the peak resident size is reset here (Linux /proc/self/clear_refs),
  // so what --bench reports is what loading the model, creating its instance
  // and running it added (weights, buffers, prepacked copies, libraries).
  const bool peak_reset = reset_peak_resident();
  const long resident_before_kib = status_kib("VmRSS:");
  auto model = runner::Model::open(model_path, weights);
  if (!model) return fail(model.error().message);
  auto& m = **model;
  if (threads > 0)
    if (auto s = m.set_threads(static_cast<int>(threads)); !s) return fail(s.error().message);

  std::vector<std::string> names, output_names, output_values;
  for (const auto& in : m.signature().at("inputs")) {
    names.push_back(in.at("name").get<std::string>());
    // A capture's examples name inputs as the graph does (l_x); the model
    // may name it after the argument (x).
    std::string value = in.contains("value") && in["value"].is_string() ? in["value"].get<std::string>() : names.back();
    if (auto it = examples.find(value); it != examples.end() && !inputs.count(names.back()))
      inputs[names.back()] = std::move(it->second);
  }
  for (const auto& out : m.signature().at("outputs")) {
    output_names.push_back(out.at("name").get<std::string>());
    output_values.push_back(out.contains("value") && out["value"].is_string() ? out["value"].get<std::string>() : "");
  }
  std::vector<DLTensor> views;
  views.reserve(names.size());
  for (const auto& name : names) {
    auto it = inputs.find(name);
    if (it == inputs.end()) {
      std::string expected;
      for (const auto& n : names) expected += (expected.empty() ? "" : ", ") + n;
      return fail("missing input '" + name + "' (the model takes: " + expected + "; give --input " + name + "=FILE.npy)");
    }
    views.push_back(it->second.view());
  }
  for (const auto& [name, file] : input_files)
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      std::string expected;
      for (const auto& n : names) expected += (expected.empty() ? "" : ", ") + n;
      return fail("the model has no input '" + name + "' (it takes: " + expected + ")");
    }
  std::vector<const DLTensor*> pointers;
  for (auto& v : views) pointers.push_back(&v);

  runner::Model::Outputs outputs;
  if (auto s = m.run(pointers, &outputs); !s) return fail(s.error().message, kExitModelFailed);

  // A missing --output-dir is made once the model ran (its parents too).
  if (!output_dir.empty() && path_kind(output_dir) == PathKind::missing) {
    std::error_code ec;
    fs::create_directories(output_dir, ec);
    if (ec) return fail("--output-dir " + output_dir + ": cannot create it: " + ec.message());
  }
  json report = {{"model", model_path}, {"outputs", json::array()}};
  // A model of several cache entries: which one took the inputs.
  const json* entries = m.signature().contains("entries") ? &m.signature()["entries"] : nullptr;
  if (entries != nullptr && entries->is_array() && entries->size() > 1) {
    const int ran = m.last_entry();
    std::string graph = "?";
    if (ran >= 0 && static_cast<size_t>(ran) < entries->size()) {
      const json& e = (*entries)[static_cast<size_t>(ran)];
      if (e.is_object() && e.contains("graph") && e["graph"].is_string()) graph = e["graph"].get<std::string>();
    }
    report["entry"] = {{"index", ran}, {"graph", graph}};
    if (!as_json && bench == 0)
      std::cout << "entry " << ran << " of " << entries->size() << " ran (graph " << printable(graph) << ")\n";
  }
  for (size_t i = 0; i < output_names.size() && i < outputs.tensors.size(); ++i) {
    const DLTensor& t = outputs.tensors[i]->dl_tensor;
    auto host = runner::to_host(t);
    if (!host) return fail("output '" + output_names[i] + "': " + host.error().message);
    json entry = {{"name", output_names[i]}, {"dtype", host->dtype}, {"shape", host->shape}};
    if (!output_values[i].empty()) entry["value"] = output_values[i];  // the graph's name for it
    if (!output_dir.empty()) {
      fs::path file = fs::path(output_dir) / (file_name(output_names[i]) + ".npy");
      if (auto s = runner::write_npy(file.string(), t); !s) return fail(s.error().message);
      entry["file"] = file.string();
    }
    report["outputs"].push_back(entry);
    if (!as_json && bench == 0)
      std::cout << "output '" << printable(output_names[i]) << "': " << host->dtype << " " << json(host->shape).dump()
                << (entry.contains("file") ? " -> " + entry["file"].get<std::string>() : "") << "\n";
  }

  if (bench > 0) {
    using clock = std::chrono::steady_clock;
    for (long i = 0; i < warmup; ++i) {
      runner::Model::Outputs o;
      if (auto s = m.run(pointers, &o); !s) return fail(s.error().message, kExitModelFailed);
    }
    std::vector<double> ms;
    ms.reserve(static_cast<size_t>(bench));
    for (long i = 0; i < bench; ++i) {
      runner::Model::Outputs o;
      auto t0 = clock::now();
      auto s = m.run(pointers, &o);
      auto t1 = clock::now();
      if (!s) return fail(s.error().message, kExitModelFailed);
      ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::vector<double> sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    auto quantile = [&](double q) {
      double pos = q * static_cast<double>(sorted.size() - 1);
      size_t lo = static_cast<size_t>(std::floor(pos));
      size_t hi = std::min(lo + 1, sorted.size() - 1);
      return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - static_cast<double>(lo));
    };
    double mean = 0;
    for (double v : ms) mean += v;
    mean /= static_cast<double>(ms.size());
    report["bench"] = {{"runs", bench},        {"warmup", warmup},          {"threads", threads},
                       {"median_ms", quantile(0.5)}, {"p90_ms", quantile(0.9)}, {"min_ms", sorted.front()},
                       {"mean_ms", mean}};
    const long peak_kib = status_kib("VmHWM:");
    if (peak_reset && resident_before_kib >= 0 && peak_kib >= resident_before_kib)
      report["bench"]["memory"] = {{"resident_before_model_kib", resident_before_kib},
                                   {"peak_resident_kib", peak_kib},
                                   {"model_and_runs_kib", peak_kib - resident_before_kib}};
    if (!as_json) {
      char line[256];
      std::snprintf(line, sizeof line, "%s: %ld runs after %ld warm-up runs%s\n", model_path.c_str(), bench, warmup,
                    threads > 0 ? (", " + std::to_string(threads) + " thread(s)").c_str() : "");
      std::cout << line;
      std::snprintf(line, sizeof line, "  median %10.4f ms\n  p90    %10.4f ms\n  min    %10.4f ms\n  mean   %10.4f ms\n",
                    quantile(0.5), quantile(0.9), sorted.front(), mean);
      std::cout << line;
      if (report["bench"].contains("memory")) {
        const json& mem = report["bench"]["memory"];
        std::snprintf(line, sizeof line, "  memory %10.1f MiB added by the model and its runs (peak resident %.1f MiB)\n",
                      static_cast<double>(mem["model_and_runs_kib"].get<long>()) / 1024.0,
                      static_cast<double>(mem["peak_resident_kib"].get<long>()) / 1024.0);
        std::cout << line;
      }
    }
  }
  if (as_json) {
    // The timings at the top level for scripts (median_ms etc.), each once.
    if (report.contains("bench")) {
      json timings = std::move(report["bench"]);
      report.erase("bench");
      for (const auto& [k, v] : timings.items()) report[k] = v;
    }
    std::cout << report.dump(1, ' ', /*ensure_ascii=*/true, json::error_handler_t::replace) << "\n";
  }
  return kExitOk;
}

}  // namespace dynx::exporter
