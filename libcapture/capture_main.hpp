// dynx-capture's whole program, callable from tests: parse, check, run.
#pragma once

namespace dynx {
// Exported from libdynx_capture.so (everything else in it is hidden).
__attribute__((visibility("default"))) int capture_main(int argc, char** argv);
}
