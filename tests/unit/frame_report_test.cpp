#include <doctest/doctest.h>

#include "dynx/ir/frame_report.hpp"

using namespace dynx::ir;

TEST_CASE("the frame table is sorted, aligned and relative to the base directory") {
  std::vector<WatchedFrame> frames{
      {"Net.forward", "/w/model.py", 12, "torch.compile", 3, 0, 0},
      {"helper", "/w/a.py", 4, "--target a.py:helper", 1, 0, 2},
      {"gen", "/elsewhere/g.py", 1, "auto: outermost nn.Module.forward", 1, 3, 0},
  };
  sort_frames(frames);
  CHECK(frames[0].function == "gen");
  CHECK(format_frame_table(frames, "/w") ==
        "dynx-capture: 3 watched code objects\n"
        "     calls   resumes   inlined  function     location           watched because\n"
        "         1         3         0  gen          /elsewhere/g.py:1  auto: outermost nn.Module.forward\n"
        "         1         0         2  helper       a.py:4             --target a.py:helper\n"
        "         3         0         0  Net.forward  model.py:12        torch.compile\n");
  CHECK(format_frame_table({}, "/w") == "dynx-capture: no frame was watched\n");
}
