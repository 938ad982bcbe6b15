// dynx-guard-diff: what differs between two guard sets, or which guards of an
// entry a description of inputs would fail. Exit status as diff(1): 0 same,
// 1 different, 2 trouble. See dynx-guard-diff(1).
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "dynx/command_line.hpp"
#include "dynx/explain/cli.hpp"
#include "dynx/explain/guard_diff.hpp"
#include "dynx/files.hpp"
#include "dynx/strings.hpp"

namespace dynx::explain {
namespace {

constexpr int kExitSame = 0, kExitDifferent = 1, kExitTrouble = 2;

const char* const kUsage =
    "usage: dynx-guard-diff [--json] DIR ENTRY ENTRY          two entries of one capture (e.g. 0/0 0/1)\n"
    "       dynx-guard-diff [--json] [--entry E] DIR DIR      the same entry in two captures (default 0/0)\n"
    "       dynx-guard-diff [--json] DIR ENTRY --inputs NAME=VALUE...\n"
    "                                                        which guards these inputs would fail\n"
    "\n"
    "Compares guard sets semantically: guards are matched by kind and source and\n"
    "compared fact by fact (dtype, each size and stride, value, length, keys,\n"
    "each global-state field). Inputs: x=float32[16,4] for a tensor, steps=6,\n"
    "scale=0.5, flag=True, mode=sum, bias=None for Python values.\n"
    "\n"
    "Options:\n"
    "  --json        Print the result as JSON (schemas/guard-diff.schema.json)\n"
    "  --entry E     The entry compared across two captures (default 0/0)\n"
    "  -h, --help    Print this help and exit\n"
    "  --version     Print dynx's version and exit\n"
    "\n"
    "Exit status: 0 the same (or the inputs pass), 1 different (or some guard\n"
    "fails), 2 trouble (bad arguments, not a capture, no such entry).\n";

int fail(const std::string& message) {
  std::cerr << "dynx-guard-diff: error: " << printable_message(message) << "\n";
  return kExitTrouble;
}

bool is_entry_id(const std::string& text) {
  auto slash = text.find('/');
  return slash != std::string::npos && slash > 0 && slash + 1 < text.size() &&
         text.find_first_not_of("0123456789/") == std::string::npos && text.find('/', slash + 1) == std::string::npos;
}

Expected<const ir::CacheEntryRecord*> find_entry(const ir::Capture& capture, const std::string& id) {
  if (!is_entry_id(id)) return Error{"'" + id + "' is not an entry id (FRAME/ENTRY, e.g. 0/1)"};
  const ir::CacheEntryRecord* entry = capture.entry(id);
  if (entry == nullptr) {
    std::string known;
    for (const auto& f : capture.frames)
      for (const auto& e : f.entries) known += (known.empty() ? "" : ", ") + e.id;
    return Error{capture.directory + " has no entry " + id + " (entries: " + (known.empty() ? "none" : known) + ")"};
  }
  if (!entry->guards.empty() && entry->guards[0].kind.empty())
    return Error{capture.directory + ": entry " + id + " has guards as text only (an older capture format)"};
  return entry;
}

}  // namespace

int guard_diff_main(int argc, char** argv) {
  bool json = false;
  std::string entry_option = "0/0";
  std::vector<std::string> positional, inputs;
  bool in_inputs = false;
  ToolCommandLine command_line("dynx-guard-diff", kUsage);
  CLI::App& app = command_line.app();
  app.add_flag("--json", json);
  app.add_option("--entry", entry_option)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  ToolCommandLine::Rules rules;
  rules.flag_ignores_value = false;
  rules.missing_value = [](const std::string&) -> std::string { return "--entry needs an entry id"; };
  // Directories and entries may come between the options; --inputs takes
  // everything after it.
  rules.other = [&](const std::vector<std::string>& args, size_t& i, std::string&) {
    const std::string& a = args[i];
    if (a == "--inputs") {
      in_inputs = true;
      inputs.assign(args.begin() + static_cast<long>(i) + 1, args.end());
      return ToolCommandLine::Next::stop;
    }
    if (a.size() > 1 && a[0] == '-') return ToolCommandLine::Next::unknown;
    positional.push_back(a);
    return ToolCommandLine::Next::more;
  };
  if (auto exit_status = command_line.parse_or_exit_status({argv + 1, argv + argc}, rules, kExitTrouble))
    return *exit_status;
  nlohmann::json result;
  if (in_inputs) {
    if (positional.size() != 2) return fail("--inputs needs a capture directory and an entry: DIR ENTRY --inputs ...");
    if (inputs.empty()) return fail("--inputs needs at least one NAME=VALUE");
    auto capture = ir::read_capture(positional[0]);
    if (!capture) return fail(capture.error().message);
    auto entry = find_entry(*capture, positional[1]);
    if (!entry) return fail(entry.error().message);
    std::vector<InputDescription> described;
    for (const auto& text : inputs) {
      auto d = parse_input(text);
      if (!d) return fail(d.error().message);
      described.push_back(*d);
    }
    result = check_inputs(**entry, described);
  } else if (positional.size() == 3) {
    auto capture = ir::read_capture(positional[0]);
    if (!capture) return fail(capture.error().message);
    auto a = find_entry(*capture, positional[1]);
    if (!a) return fail(a.error().message);
    auto b = find_entry(*capture, positional[2]);
    if (!b) return fail(b.error().message);
    result = diff_guards((*a)->guards, (*b)->guards, positional[1], positional[2]);
  } else if (positional.size() == 2) {
    auto first = ir::read_capture(positional[0]);
    if (!first) return fail(first.error().message);
    auto second = ir::read_capture(positional[1]);
    if (!second) return fail(second.error().message);
    auto a = find_entry(*first, entry_option);
    if (!a) return fail(a.error().message);
    auto b = find_entry(*second, entry_option);
    if (!b) return fail(b.error().message);
    const ir::FrameRecord* fa = first->frame_of(entry_option);
    const ir::FrameRecord* fb = second->frame_of(entry_option);
    if (fa->function != fb->function)
      return fail("entry " + entry_option + " is " + fa->function + " in " + positional[0] + " but " + fb->function +
                  " in " + positional[1] + " (choose another with --entry)");
    result = diff_guards((*a)->guards, (*b)->guards, positional[0] + " " + entry_option,
                         positional[1] + " " + entry_option);
  } else {
    return fail("expected DIR ENTRY ENTRY, DIR DIR, or DIR ENTRY --inputs ... (see --help)");
  }
  if (json)
    std::cout << result.dump(2, ' ', /*ensure_ascii=*/true, nlohmann::json::error_handler_t::replace) << "\n";
  else
    std::cout << render_diff_text(result);
  return result["same"].get<bool>() ? kExitSame : kExitDifferent;
}

}  // namespace dynx::explain
