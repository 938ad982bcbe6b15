// The entry points of dynx-aot and dynx-run (apps/ hold only main()).
#pragma once

namespace dynx::exporter {

int aot_main(int argc, char** argv);
int run_main(int argc, char** argv);

}  // namespace dynx::exporter
