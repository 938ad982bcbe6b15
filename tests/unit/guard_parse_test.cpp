// Parsing the recorder's guard dicts: what is refused, and that a refusal
// leaves no Python error behind.
#include <doctest/doctest.h>

#include <Python.h>

#include "guard_eval.hpp"
#include "guard_fixture.hpp"

using namespace dynx::capture;
using namespace dynx::capture::testing;

TEST_CASE("malformed guard lists are errors, not crashes") {
  Fixture f;
  for (const char* bad : {"[1]", "[{'kind': 'NOPE', 'source': 'x', 'path': []}]",
                          "[{'kind': 'EQUALS_MATCH', 'source': 'x'}]",
                          "[{'kind': 'EQUALS_MATCH', 'source': 'x', 'path': [['local', 'x']], 'value': 1}]",
                          "[{'kind': 'DICT_KEYS', 'source': 'x', 'path': [['global', 'x']], 'keys': 3}]",
                          "[{'kind': 'SHAPE_ENV', 'source': 's', 'path': [], 'symbols': [{'guard': 0}]}]",
                          "[{'kind': 'EQUALS_MATCH', 'source': 'x', 'path': [['closure', -1]], 'value': 1}]",
                          "[{'kind': 'EQUALS_MATCH', 'source': 'x', 'path': [], 'value': 1}]",
                          "[{'kind': 'EQUALS_MATCH', 'source': 'x', 'path': [['global', 3]], 'value': 1}]",
                          "[{'kind': 'LENGTH_CHECK', 'source': 'x', 'path': [['global', 'x']], 'length': 'a'}]"}) {
    CAPTURE(bad);
    PyRef value = eval(bad, f.globals.get());
    CHECK_FALSE(GuardSet::from_python(value.get(), nullptr).has_value());
    CHECK(PyErr_Occurred() == nullptr);  // a refusal leaves no Python error behind
  }
}
TEST_CASE("a parsed list keeps every guard, in its recorded order") {
  Fixture f;
  GuardSet set = f.guards(
      "[{'kind': 'TYPE_MATCH', 'source': \"G['cfg']\", 'path': [['global', 'cfg']], 'type': Cfg, 'text': ''},"
      " {'kind': 'NONE_MATCH', 'source': \"G['opts'][7]\", 'path': [['global', 'opts'], ['item', 7]], 'text': ''}]");
  CHECK(set.size() == 2);
  f.run("cfg = None; opts[7] = 1");
  CHECK(without_address(set.first_failure(f.scope())) ==
        "___check_type_id(G['cfg'], <id>), type=<class 'cfgmod.Cfg'>  # actual type: NoneType (HINT: type Cfg)");
}
