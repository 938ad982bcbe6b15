// ToolCommandLine: see dynx/command_line.hpp.
#include "dynx/command_line.hpp"

#include <iostream>
#include <memory>
#include <optional>
#include <utility>

#include "dynx/strings.hpp"
#include "dynx/version.hpp"

namespace dynx {
namespace {

// The tool's --help text, whatever CLI11 would have made of its options.
class FixedHelp : public CLI::FormatterBase {
 public:
  explicit FixedHelp(std::string text) : text_(std::move(text)) {}
  std::string make_help(const CLI::App*, std::string, CLI::AppFormatMode) const override { return text_; }

 private:
  std::string text_;
};

// The spelling handed to CLI11: the first long name, else the first short one.
std::string canonical_name(const CLI::Option& option) {
  if (!option.get_lnames().empty()) return "--" + option.get_lnames().front();
  return "-" + option.get_snames().front();
}

}  // namespace

ToolCommandLine::ToolCommandLine(std::string tool, std::string usage)
    : app_("", std::move(tool)), usage_(std::move(usage)) {
  app_.set_help_flag("-h,--help", "Print this help and exit");
  app_.add_flag("--version")->description("Print dynx's version and exit");
  app_.formatter(std::make_shared<FixedHelp>(usage_));
}

Expected<ToolCommandLine::Action> ToolCommandLine::parse(const std::vector<std::string>& args, const Rules& rules) {
  const CLI::Option* help = app_.get_help_ptr();
  const CLI::Option* version = app_.get_option_no_throw("--version");
  auto find = [&](const std::string& name) -> const CLI::Option* {
    for (const CLI::Option* option : app_.get_options()) {
      for (const auto& l : option->get_lnames())
        if (name == "--" + l) return option;
      for (const auto& s : option->get_snames())
        if (name == "-" + s) return option;
    }
    return nullptr;
  };

  // What CLI11 reads: the options up to where the command line ends for
  // them, each under one name and with its value as the next argument (so
  // that CLI11 never guesses whether "-x" or "" is a value).
  std::vector<std::string> own{app_.get_name()};
  std::string stopped_by;  // the error where reading stopped, reported after any earlier one
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string arg = args[i];
    std::string name = arg;
    std::optional<std::string> inline_value;
    if (auto equals = arg.find('='); arg.rfind("--", 0) == 0 && equals != std::string::npos) {
      name = arg.substr(0, equals);
      inline_value = arg.substr(equals + 1);
    }
    const CLI::Option* option = find(name);
    bool flag = option != nullptr && option->get_items_expected_max() == 0;
    if (flag && inline_value && !rules.flag_ignores_value) option = nullptr;
    if (option != nullptr) {
      own.push_back(canonical_name(*option));
      if (option == help || option == version) break;
      if (flag) continue;
      if (inline_value) {
        own.push_back(*inline_value);
      } else if (i + 1 < args.size()) {
        own.push_back(args[++i]);
      } else {
        own.pop_back();
        stopped_by = rules.missing_value(name);
        break;
      }
      continue;
    }
    std::string error;
    Next next = rules.other(args, i, error);
    if (!error.empty()) {
      stopped_by = error;
      break;
    }
    if (next == Next::unknown) {
      stopped_by = "unknown option '" + arg + "' (see --help)";
      break;
    }
    if (next == Next::stop) break;
  }

  try {
    std::vector<const char*> argv;
    argv.reserve(own.size());
    for (const auto& a : own) argv.push_back(a.c_str());
    app_.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::CallForHelp&) {
    return Action::help;
  } catch (const CLI::ParseError& e) {
    return Error{e.what()};
  }
  if (!stopped_by.empty()) return Error{stopped_by};
  if (version != nullptr && version->count() > 0) return Action::version;
  return Action::run;
}

std::optional<int> ToolCommandLine::parse_or_exit_status(const std::vector<std::string>& args, const Rules& rules,
                                                         int error_status) {
  auto action = parse(args, rules);
  if (!action) {
    std::cerr << app_.get_name() << ": error: " << printable_message(action.error().message) << "\n";
    return error_status;
  }
  if (*action == Action::help) {
    std::cout << app_.help();
    return 0;
  }
  if (*action == Action::version) {
    std::cout << app_.get_name() << " " << kVersion << "\n";
    return 0;
  }
  return std::nullopt;
}

}  // namespace dynx
