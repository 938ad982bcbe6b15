// The check tree: the hot path of guard evaluation. Guards are grouped by
// how their value is reached (a shared prefix of access paths is resolved
// once per call); each node's checks and children run in the order "fails
// most often, costs least", reordered as guards fail. GuardSet::check,
// build_tree and hot_order live in guard_tree.cpp.
#pragma once

#include "guard_eval.hpp"

namespace dynx::capture::guards {

// Relative cost of one check (0 cheapest): the initial order of a node's checks.
int cost_of(Guard::Kind kind);

}  // namespace dynx::capture::guards
