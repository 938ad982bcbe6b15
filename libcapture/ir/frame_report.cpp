// Rendering of the watched-frame report (see frame_report.hpp).
#include "dynx/ir/frame_report.hpp"

#include <algorithm>
#include <cstdio>
#include <tuple>

namespace dynx::ir {

void sort_frames(std::vector<WatchedFrame>& frames) {
  std::stable_sort(frames.begin(), frames.end(), [](const WatchedFrame& a, const WatchedFrame& b) {
    return std::tie(a.file, a.line, a.function) < std::tie(b.file, b.line, b.function);
  });
}

namespace {
std::string shown_path(const std::string& path, const std::string& base_dir) {
  if (!base_dir.empty() && path.size() > base_dir.size() && path.compare(0, base_dir.size(), base_dir) == 0 &&
      path[base_dir.size()] == '/')
    return path.substr(base_dir.size() + 1);
  return path;
}

std::string pad(const std::string& text, size_t width) {
  return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}
}  // namespace

std::string format_frame_table(const std::vector<WatchedFrame>& frames, const std::string& base_dir) {
  std::string out;
  if (frames.empty()) return "dynx-capture: no frame was watched\n";
  out += "dynx-capture: " + std::to_string(frames.size()) + " watched code object" +
         (frames.size() == 1 ? "" : "s") + "\n";
  size_t fn_width = 8, loc_width = 8;
  std::vector<std::string> locations;
  for (const auto& f : frames) {
    locations.push_back(shown_path(f.file, base_dir) + ":" + std::to_string(f.line));
    fn_width = std::max(fn_width, f.function.size());
    loc_width = std::max(loc_width, locations.back().size());
  }
  char numbers[64];
  out += "     calls   resumes   inlined  " + pad("function", fn_width) + "  " + pad("location", loc_width) +
         "  watched because\n";
  for (size_t i = 0; i < frames.size(); ++i) {
    const auto& f = frames[i];
    std::snprintf(numbers, sizeof numbers, "%10llu%10llu%10llu", static_cast<unsigned long long>(f.calls),
                  static_cast<unsigned long long>(f.resumes), static_cast<unsigned long long>(f.inlined));
    out += std::string(numbers) + "  " + pad(f.function, fn_width) + "  " + pad(locations[i], loc_width) + "  " +
           f.reason + "\n";
  }
  return out;
}

}  // namespace dynx::ir
