// dynx: the umbrella command. `dynx explain ARGS` runs dynx-explain ARGS
// (like git): the tool is looked up beside this executable first, then on
// PATH.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "dynx/version.hpp"

namespace {

const char* const kTools[][2] = {
    {"capture", "run a script under dynx's frame hook and record graphs, guards, breaks"},
    {"explain", "report graph breaks, recompiles and guards of a capture or a script"},
    {"guard-diff", "what differs between two guard sets"},
    {"aot", "compile a captured graph into a model.so with a C + DLPack interface"},
    {"run", "run, check and benchmark a model.so"},
};

int usage(std::ostream& out) {
  out << "usage: dynx COMMAND [ARGS...]\n\nCommands:\n";
  for (const auto& tool : kTools) {
    std::string name = tool[0];
    out << "  " << name << std::string(12 - name.size(), ' ') << tool[1] << "\n";
  }
  out << "\n`dynx COMMAND ARGS` runs dynx-COMMAND ARGS; `dynx help COMMAND` shows its manual\n"
         "page. See dynx(1).\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(std::cerr);
    return 2;
  }
  std::string command = argv[1];
  if (command == "-h" || command == "--help") return usage(std::cout);
  if (command == "--version") {
    std::cout << "dynx " << dynx::kVersion << "\n";
    return 0;
  }
  if (command == "help") {
    if (argc < 3) return usage(std::cout);
    std::string page = std::string("dynx-") + argv[2];
    execlp("man", "man", page.c_str(), static_cast<char*>(nullptr));
    std::cerr << "dynx: error: cannot run man: " << std::strerror(errno) << "\n";
    return 2;
  }
  bool known = false;
  for (const auto& tool : kTools) known = known || command == tool[0];
  if (!known) {
    std::cerr << "dynx: error: '" << command << "' is not a dynx command (see dynx --help)\n";
    return 2;
  }
  std::string tool = "dynx-" + command;
  std::vector<char*> args;
  args.push_back(tool.data());
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  std::error_code ec;
  auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    std::string beside = (self.parent_path() / tool).string();
    if (::access(beside.c_str(), X_OK) == 0) {
      args[0] = beside.data();
      execv(beside.c_str(), args.data());
    }
  }
  execvp(tool.c_str(), args.data());
  std::cerr << "dynx: error: cannot run " << tool << ": " << std::strerror(errno) << "\n";
  return 2;
}
