// dynx-explain: report graph breaks, recompiles and guards of a capture
// directory, or of a script it captures first. See dynx-explain(1).
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "dynx/explain/cli.hpp"
#include "dynx/explain/html.hpp"
#include "dynx/explain/report.hpp"
#include "dynx/command_line.hpp"
#include "dynx/files.hpp"
#include "dynx/strings.hpp"
#include "dynx/subprocess.hpp"

namespace dynx::explain {
namespace {

namespace fs = std::filesystem;

constexpr int kExitOk = 0, kExitThreshold = 1, kExitTrouble = 2, kExitProgramFailed = 3;

const char* const kUsage =
    "usage: dynx-explain [OPTIONS] CAPTURE_DIR\n"
    "       dynx-explain [OPTIONS] [CAPTURE OPTIONS] script.py [ARGS...]\n"
    "       dynx-explain [OPTIONS] [CAPTURE OPTIONS] -m module [ARGS...]\n"
    "\n"
    "Report how a PyTorch program splits into graphs, where and why it breaks,\n"
    "what recompiles and why, and what to do about it. Given a script, runs it\n"
    "under dynx-capture first (the program's own output comes first; with --json\n"
    "it goes to stderr, so that stdout is the report alone).\n"
    "\n"
    "Options:\n"
    "  --json                  Print the report as JSON (schemas/explain.schema.json)\n"
    "  --html FILE             Also write the report as one self-contained web page, with every\n"
    "                          graph drawn (needs Graphviz's dot)\n"
    "  --fail-on-breaks N      Exit 1 when there are more than N graph breaks\n"
    "  --fail-on-recompiles N  Exit 1 when there are more than N recompiles\n"
    "  --color WHEN            auto (a terminal, unless NO_COLOR is set), always, never\n"
    "  --width N               Wrap text at N columns (default: the terminal's, else 100)\n"
    "  -o, --output DIR        Keep the capture of a script in DIR (default: a temporary directory)\n"
    "  -h, --help              Print this help and exit\n"
    "  --version               Print dynx's version and exit\n"
    "\n"
    "Capture options, passed to dynx-capture (see dynx-capture(1)):\n"
    "  --target SPEC, --cache-limit N, --dynamic MODE, --mark-dynamic NAME:DIM,\n"
    "  --verify, --python PATH, --no-auto\n"
    "\n"
    "Exit status: 0 report printed; 1 a --fail-on threshold was exceeded;\n"
    "2 trouble (bad option, not a capture, corrupt or newer capture, dynx-capture\n"
    "refused to run); 3 the program exited with a non-zero status (the report\n"
    "covers what it ran). See dynx-explain(1).\n";

int fail(const std::string& message) {
  std::cerr << "dynx-explain: error: " << printable_message(message) << "\n";
  return kExitTrouble;
}

std::string number_needed(const std::string& name) { return name + " needs a number, e.g. " + name + " 0"; }
const char* const kColorValues = "--color takes auto, always or never";

// Options of dynx-capture's that dynx-explain passes on.
const char* const kForwardedWithValue[] = {"--target", "--cache-limit", "--dynamic", "--mark-dynamic", "--python"};
const char* const kForwardedFlags[] = {"--verify", "--no-auto"};

std::optional<int> to_int(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 9) return {};
  return std::stoi(text);
}

std::string self_dir() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string(".") : exe.parent_path().string();
}

int terminal_width() {
  if (const char* columns = std::getenv("COLUMNS"); columns != nullptr)
    if (auto n = to_int(columns); n && *n > 20) return *n;
  struct winsize ws {};
  if (::isatty(STDOUT_FILENO) && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 20) return ws.ws_col;
  return 100;
}

struct Options {
  bool json = false;
  std::optional<int> fail_on_breaks, fail_on_recompiles;
  std::string color = "auto";
  std::optional<int> width;
  std::optional<std::string> output;
  std::optional<std::string> html;
  std::vector<std::string> capture_options;  // forwarded
  std::vector<std::string> target;           // directory, or script/-m and its args
  bool module = false;
};

}  // namespace

int explain_main(int argc, char** argv) {
  Options o;
  ToolCommandLine command_line("dynx-explain", kUsage);
  CLI::App& app = command_line.app();
  app.add_flag("--json", o.json);
  for (const char* name : {"--fail-on-breaks", "--fail-on-recompiles", "--width"}) {
    std::optional<int>& target = std::string(name) == "--width"            ? o.width
                                 : std::string(name) == "--fail-on-breaks" ? o.fail_on_breaks
                                                                           : o.fail_on_recompiles;
    app.add_option_function<std::string>(name, [name, &target](const std::string& v) {
         auto n = to_int(v);
         if (!n) throw OptionError(number_needed(name));
         target = *n;
       })->trigger_on_parse();
  }
  app.add_option_function<std::string>("--color", [&](const std::string& v) {
       if (v != "auto" && v != "always" && v != "never") throw OptionError(kColorValues);
       o.color = v;
     })->trigger_on_parse();
  app.add_option_function<std::string>("--html", [&](const std::string& v) {
       if (v.empty()) throw OptionError("--html needs a file name");
       o.html = v;
     })->trigger_on_parse();
  app.add_option_function<std::string>("-o,--output", [&](const std::string& v) { o.output = v; })
      ->trigger_on_parse();
  // Capture options go to dynx-capture as written, in their order.
  for (const char* name : kForwardedWithValue)
    app.add_option_function<std::string>(name, [name, &o](const std::string& v) {
         o.capture_options.push_back(std::string(name) + "=" + v);
       })->trigger_on_parse();
  for (const char* name : kForwardedFlags)
    app.add_flag_callback(name, [name, &o] { o.capture_options.emplace_back(name); })->trigger_on_parse();

  ToolCommandLine::Rules rules;
  rules.missing_value = [](const std::string& name) -> std::string {
    if (name == "--fail-on-breaks" || name == "--fail-on-recompiles" || name == "--width") return number_needed(name);
    if (name == "--color") return kColorValues;
    if (name == "--html") return "--html needs a file name";
    if (name == "-o" || name == "--output") return name + " needs a directory";
    return name + " needs a value";
  };
  // Options stop at the first argument that is not one: the capture
  // directory or the program (everything after a program is its own).
  rules.other = [&](const std::vector<std::string>& args, size_t& i, std::string& error) {
    const std::string& arg = args[i];
    if (arg == "-m") {
      if (i + 1 >= args.size()) error = "-m needs a module name";
      o.module = true;
      o.target.assign(args.begin() + static_cast<long>(i), args.end());
    } else if (arg == "--") {
      if (i + 1 >= args.size()) error = "-- needs a script";
      o.target.assign(args.begin() + static_cast<long>(i) + 1, args.end());
    } else if (arg.size() > 1 && arg[0] == '-') {
      return ToolCommandLine::Next::unknown;
    } else {
      o.target.assign(args.begin() + static_cast<long>(i), args.end());
    }
    return ToolCommandLine::Next::stop;
  };
  if (auto exit_status = command_line.parse_or_exit_status({argv + 1, argv + argc}, rules, kExitTrouble))
    return *exit_status;
  if (o.target.empty()) return fail("nothing to explain: give a capture directory or a script (see --help)");

  std::string directory;
  int program_status = 0;
  std::optional<TempDir> temporary;  // removed before the report is printed
  std::string temporary_path;
  if (!o.module && path_kind(o.target[0]) == PathKind::directory && o.target.size() == 1 && o.capture_options.empty()) {
    directory = o.target[0];
  } else {
    if (o.output) {
      directory = *o.output;
    } else {
      temporary.emplace();
      if (auto made = temporary->create(fs::temp_directory_path(), "dynx-explain-"); !made) {
        int error_number = errno;  // TempDir::create leaves mkdtemp's errno
        return fail("cannot make a temporary directory: " + errno_text(error_number));
      }
      temporary_path = temporary->path().string();
      directory = temporary_path;
    }
    std::vector<std::string> command = {self_dir() + "/dynx-capture", "-o", directory};
    command.insert(command.end(), o.capture_options.begin(), o.capture_options.end());
    if (!o.module) command.emplace_back("--");
    command.insert(command.end(), o.target.begin(), o.target.end());
    // A JSON report on stdout must parse: the program's own output goes to stderr then.
    auto status = run_attached(command, o.json);
    if (!status) return fail("cannot run dynx-capture: " + status.error().message);
    program_status = *status;
    if (program_status >= 125 && program_status <= 127 && path_kind(directory + "/manifest.json") == PathKind::missing)
      return kExitTrouble;  // dynx-capture said why on stderr
  }
  auto capture = ir::read_capture(directory);
  if (!capture) return fail(capture.error().message);
  auto report = build_report(*capture);
  std::optional<std::string> page;
  if (report && o.html) {
    auto html = render_html(*report, *capture);
    if (!html) return fail(html.error().message);
    page = std::move(*html);
  }
  temporary.reset();
  if (!report) return fail(report.error().message);
  if (page) {
    if (!temporary_path.empty()) {
      const std::string shown = "(temporary; keep it with -o DIR)";
      for (size_t at = page->find(temporary_path); at != std::string::npos;
           at = page->find(temporary_path, at + shown.size()))
        page->replace(at, temporary_path.size(), shown);
    }
    if (auto written = write_file_atomic(*o.html, *page); !written) return fail(written.error().message);
  }
  if (!temporary_path.empty()) (*report)["capture"]["directory"] = "(temporary; keep it with -o DIR)";
  if (o.json) {
    // Source lines come from the user's files: bytes that are not UTF-8 become U+FFFD; everything
    // outside ASCII (a bidi override in a name) is a \\u escape, never raw on a terminal.
    std::cout << report->dump(2, ' ', /*ensure_ascii=*/true, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    TextStyle style;
    const char* no_color = std::getenv("NO_COLOR");
    const char* term = std::getenv("TERM");
    style.color = o.color == "always" ||
                  (o.color == "auto" && ::isatty(STDOUT_FILENO) && (no_color == nullptr || *no_color == '\0') &&
                   !(term != nullptr && std::strcmp(term, "dumb") == 0));
    style.width = o.width ? *o.width : terminal_width();
    std::cout << render_text(*report, style);
  }
  std::cout.flush();
  int code = kExitOk;
  const auto& summary = (*report)["summary"];
  int breaks = summary["graph_breaks"].get<int>(), recompiles = summary["recompiles"].get<int>();
  if (o.fail_on_breaks && breaks > *o.fail_on_breaks) {
    std::cerr << "dynx-explain: " << breaks << " graph breaks, more than --fail-on-breaks " << *o.fail_on_breaks
              << "\n";
    code = kExitThreshold;
  }
  if (o.fail_on_recompiles && recompiles > *o.fail_on_recompiles) {
    std::cerr << "dynx-explain: " << recompiles << " recompiles, more than --fail-on-recompiles "
              << *o.fail_on_recompiles << "\n";
    code = kExitThreshold;
  }
  if (program_status != 0) {
    std::cerr << "dynx-explain: the program exited with status " << program_status
              << "; the report covers what it ran\n";
    return kExitProgramFailed;
  }
  return code;
}

}  // namespace dynx::explain
