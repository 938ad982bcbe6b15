// Which code objects were watched during a run and how often they ran.
// Python-free: produced by the frame hook, read by reports and tests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace dynx::ir {

struct WatchedFrame {
  std::string function;  // co_qualname, e.g. "Net.forward"
  std::string file;      // canonical path of co_filename
  int line = 0;          // co_firstlineno
  std::string reason;    // why it is watched: "torch.compile", "--target m.py:f", "auto"
  uint64_t calls = 0;    // watched entries (outermost, fresh calls)
  uint64_t resumes = 0;  // generator/coroutine resumptions of a watched frame
  uint64_t inlined = 0;  // entries while another watched frame was running
};

// Stable order: by file, line, function.
void sort_frames(std::vector<WatchedFrame>& frames);

// A fixed-width table; paths under base_dir are shown relative to it.
std::string format_frame_table(const std::vector<WatchedFrame>& frames, const std::string& base_dir);

}  // namespace dynx::ir
