// The command lines of dynx-explain and dynx-guard-diff (their main()s call these).
#pragma once

namespace dynx::explain {

int explain_main(int argc, char** argv);
int guard_diff_main(int argc, char** argv);

}  // namespace dynx::explain
