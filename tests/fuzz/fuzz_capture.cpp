// libFuzzer target: a capture directory whose manifest.json, frames.json or
// breaks.json is the fuzzer's input (the first byte picks which; the other
// files come from a valid seed capture), read by ir::read_capture, then
// reported on by dynx-explain's report builder. Must never crash, hang or
// leak: every malformed file is an Error; the text report holds no control
// character from the capture.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "dynx/explain/report.hpp"
#include "dynx/ir/capture.hpp"

namespace {

const char* const kManifest =
    R"({"command":["dynx-capture"],"cwd":"/","dynx_version":"0.1.0","exit_code":0,"python_version":"3.11.7",)"
    R"("schema":"dynx.capture.manifest","status":"complete","timing":{"wall_seconds":1.0},"tool":"dynx-capture",)"
    R"("torch_version":"2.13.0+cpu","version":1})";
const char* const kFrames = R"({"schema":"dynx.frames","version":2,"frames":[]})";
const char* const kBreaks = R"({"schema":"dynx.breaks","version":1,"breaks":[]})";

std::string directory() {
  static std::string dir = [] {
    std::string pattern = (std::filesystem::temp_directory_path() / "dynx-fuzz-capture-XXXXXX").string();
    char* made = ::mkdtemp(pattern.data());
    return std::string(made ? made : "/tmp");
  }();
  return dir;
}

void write(const std::string& path, const char* data, size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data, static_cast<std::streamsize>(size));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string dir = directory();
  write(dir + "/manifest.json", kManifest, std::char_traits<char>::length(kManifest));
  write(dir + "/frames.json", kFrames, std::char_traits<char>::length(kFrames));
  write(dir + "/breaks.json", kBreaks, std::char_traits<char>::length(kBreaks));
  static const char* const kTargets[] = {"manifest.json", "frames.json", "breaks.json"};
  write(dir + "/" + kTargets[data[0] % 3], reinterpret_cast<const char*>(data + 1), size - 1);
  auto capture = dynx::ir::read_capture(dir);
  if (!capture) return 0;
  auto report = dynx::explain::build_report(*capture);
  // The text renderer prints capture text through printable(): no control byte but its own newlines.
  if (report)
    for (unsigned char c : dynx::explain::render_text(*report))
      if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) {
        std::fprintf(stderr, "control byte 0x%02x in the text report\n", c);
        std::abort();
      }
  return 0;
}
