// The check tree: cheap checks first on each node, shared path prefixes
// resolved once (one node per distinct step).
#include <doctest/doctest.h>

#include <Python.h>

#include <vector>

#include "guard_fixture.hpp"
#include "guard_tree.hpp"

using namespace dynx::capture;
using namespace dynx::capture::guards;
using namespace dynx::capture::testing;

TEST_CASE("identity and type checks cost less than values, tensors and dict keys") {
  CHECK(cost_of(Guard::Kind::type_match) < cost_of(Guard::Kind::equals_match));
  CHECK(cost_of(Guard::Kind::none_match) < cost_of(Guard::Kind::length_check));
  CHECK(cost_of(Guard::Kind::equals_match) < cost_of(Guard::Kind::tensor_match));
  CHECK(cost_of(Guard::Kind::tensor_match) < cost_of(Guard::Kind::dict_keys));
  CHECK(cost_of(Guard::Kind::dict_keys) < cost_of(Guard::Kind::no_tensor_aliasing));
}

TEST_CASE("on one value, the cheaper check runs first whatever the recorded order") {
  Fixture f;
  GuardSet set = f.guards(
      "[{'kind': 'DICT_KEYS', 'source': \"G['opts']\", 'path': [['global', 'opts']], 'keys': ['a', 7], 'text': ''},"
      " {'kind': 'TYPE_MATCH', 'source': \"G['opts']\", 'path': [['global', 'opts']], 'type': dict, 'text': ''},"
      " {'kind': 'LENGTH_CHECK', 'source': \"G['opts']\", 'path': [['global', 'opts']], 'length': 2, 'text': ''}]");
  CHECK(set.hot_order() == std::vector<int>{1, 2, 0});
  CHECK(set.check(f.scope()));
  f.run("opts = [1, 2]");
  CHECK_FALSE(set.check(f.scope()));
  // The verbose path words the first failure in recorded order.
  CHECK(set.first_failure(f.scope()) == "len(G['opts']) != 2");
}
