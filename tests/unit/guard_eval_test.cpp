// The guard evaluator on plain Python values (no torch): hot and verbose
// paths agree, failures reorder the hot path, paths through attributes,
// items and globals resolve.
#include <doctest/doctest.h>

#include <Python.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "guard_eval.hpp"
#include "guard_fixture.hpp"

using namespace dynx::capture;
using namespace dynx::capture::testing;

namespace {

const char* kGuards =
    "[{'kind': 'EQUALS_MATCH', 'source': \"G['steps']\", 'path': [['global', 'steps']], 'value': 4, 'text': ''},"
    " {'kind': 'TYPE_MATCH', 'source': \"G['cfg']\", 'path': [['global', 'cfg']], 'type': Cfg, 'text': ''},"
    " {'kind': 'EQUALS_MATCH', 'source': \"G['cfg'].scale\", 'path': [['global', 'cfg'], ['attr', 'scale']],"
    "  'value': 2.0, 'text': ''},"
    " {'kind': 'EQUALS_MATCH', 'source': \"G['cfg'].mode\", 'path': [['global', 'cfg'], ['attr', 'mode']],"
    "  'value': 'sum', 'text': ''},"
    " {'kind': 'LENGTH_CHECK', 'source': \"G['shape']\", 'path': [['global', 'shape']], 'length': 2, 'text': ''},"
    " {'kind': 'EQUALS_MATCH', 'source': \"G['shape'][1]\", 'path': [['global', 'shape'], ['item', 1]],"
    "  'value': 3, 'text': ''},"
    " {'kind': 'DICT_KEYS', 'source': \"G['opts']\", 'path': [['global', 'opts']], 'keys': ['a', 7], 'text': ''},"
    " {'kind': 'NONE_MATCH', 'source': \"G['opts'][7]\", 'path': [['global', 'opts'], ['item', 7]], 'text': ''}]";

}  // namespace

TEST_CASE("guards on globals, attributes, items and dict keys hold, then fail with PyTorch's wording") {
  Fixture f;
  GuardSet set = f.guards(kGuards);
  CHECK(set.size() == 8);
  CHECK(set.check(f.scope()));
  CHECK(set.first_failure(f.scope()).empty());
  struct Case {
    const char* change;
    const char* reason;
  } cases[] = {
      {"steps = 5", "G['steps'] == 4"},
      {"steps = 4.0", "G['steps'] == 4"},  // same value, other type: PyTorch guards the type too
      {"cfg.scale = 3.0", "G['cfg'].scale == 2.0"},
      {"cfg = 1", "___check_type_id(G['cfg'], <id>), type=<class 'cfgmod.Cfg'>  # actual type: int (HINT: type Cfg)"},
      {"del cfg.mode", "getattr failed on source G['cfg']"},
      {"shape.append(1)", "len(G['shape']) == 2"},
      {"shape[1] = 4", "G['shape'][1] == 3"},
      // As Dynamo's DictGuardManager words it: the size, then the first key out of place.
      {"opts['b'] = 2", "len(G['opts']) != 2"},
      {"opts['a'] = opts.pop('a')", "list(dict.keys(G['opts']))[0] == 'a'"},
      {"opts[7] = 0", "G['opts'][7] is None"},
      {"del steps", "G['steps'] is no longer there"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.change);
    Fixture g;
    GuardSet fresh = g.guards(kGuards);
    g.run(c.change);
    CHECK_FALSE(fresh.check(g.scope()));
    CHECK(without_address(fresh.first_failure(g.scope())) == c.reason);
  }
}

TEST_CASE("a guard that keeps failing moves to the front of the hot path") {
  Fixture f;
  GuardSet set = f.guards(kGuards);
  std::vector<int> before = set.hot_order();
  f.run("opts[7] = 1");
  for (int i = 0; i < 3; ++i) CHECK_FALSE(set.check(f.scope()));
  std::vector<int> after = set.hot_order();
  CHECK(after != before);
  // The opts subtree (its NONE_MATCH on item 7) now comes before steps and cfg.
  auto position = [&](int guard) { return std::find(after.begin(), after.end(), guard) - after.begin(); };
  CHECK(position(7) < position(0));
  CHECK(position(7) < position(2));
  // The verbose path words the first failure in recorded order...
  f.run("steps = 1");
  CHECK(set.first_failure(f.scope()) == "G['steps'] == 4");
}

TEST_CASE("a value whose guards failed before is reported first, as Dynamo's guard manager does") {
  Fixture f;
  GuardSet set = f.guards(kGuards);
  CHECK(set.verbose_order() == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});
  f.run("cfg.mode = 'mean'");
  CHECK(set.first_failure(f.scope()) == "G['cfg'].mode == 'sum'");
  // ...then scale changes too: G['cfg'].mode failed before, so it moves
  // ahead of its sibling scale, and cfg ahead of steps; cfg's own type
  // guard stays first among cfg's, as in Dynamo's tree, where a value's own
  // (leaf) guards run before those of what it holds.
  f.run("cfg.scale = 3.0");
  f.run("steps = 1");
  CHECK(set.first_failure(f.scope()) == "G['cfg'].mode == 'sum'");
  std::vector<int> order = set.verbose_order();
  CHECK(order == std::vector<int>{1, 3, 2, 0, 4, 5, 6, 7});
}

TEST_CASE("a float guard on nan holds for another nan, as in PyTorch") {
  Fixture f;
  f.run("rate = float('nan')");
  GuardSet set = f.guards(
      "[{'kind': 'EQUALS_MATCH', 'source': \"G['rate']\", 'path': [['global', 'rate']], 'value': float('nan'),"
      "  'text': ''}]");
  f.run("rate = float('nan')");  // a new object
  CHECK(set.check(f.scope()));
  f.run("rate = 0.5");
  CHECK(set.first_failure(f.scope()) == "(type(G['rate']) is float and __math_isnan(G['rate']))");
}

TEST_CASE("a call step reads what a helper returns; a failure text words the guard as Dynamo's check function") {
  Fixture f;
  f.run("import types\nhelpers = types.ModuleType('dynx_test_helpers')\nstack = ['a', 'b']\n"
        "helpers.kinds = lambda: tuple(stack)\nimport sys\nsys.modules['dynx_test_helpers'] = helpers");
  GuardSet set = f.guards(
      "[{'kind': 'EQUALS_MATCH', 'source': 'mode stack', 'value': ('a', 'b'), 'text': '',"
      "  'path': [['module', 'dynx_test_helpers'], ['attr', 'kinds'], ['call', None]],"
      "  'failure': '___check_torch_function_mode_stack()'}]");
  CHECK(set.check(f.scope()));
  f.run("stack.reverse()");
  CHECK_FALSE(set.check(f.scope()));
  CHECK(set.first_failure(f.scope()) == "___check_torch_function_mode_stack()");
  f.run("helpers.kinds = lambda: 1 / 0");  // a helper that raises: the guard fails, no error left set
  CHECK_FALSE(set.check(f.scope()));
  CHECK(PyErr_Occurred() == nullptr);
}

TEST_CASE("identity and type checks read as Dynamo prints ___check_obj_id / ___check_type_id: the expected id") {
  Fixture f;
  f.run("import enum\nclass Mode(enum.Enum):\n    RELU = 1\n    TANH = 2\nmode = Mode.RELU\nact = len");
  GuardSet set = f.guards(
      "[{'kind': 'ID_MATCH', 'source': \"G['mode']\", 'path': [['global', 'mode']], 'object': Mode.RELU,"
      "  'expected': 'Mode.RELU', 'text': ''},"
      " {'kind': 'ID_MATCH', 'source': \"G['act']\", 'path': [['global', 'act']], 'object': len, 'expected': 'len',"
      "  'text': ''},"
      " {'kind': 'TYPE_MATCH', 'source': \"G['cfg']\", 'path': [['global', 'cfg']], 'type': Cfg, 'text': ''}]");
  CHECK(set.check(f.scope()));
  f.run("mode = Mode.TANH");
  PyRef id = eval("str(id(Mode.RELU))", f.globals.get());
  CHECK(set.first_failure(f.scope()) == "___check_obj_id(G['mode'], " + std::string(PyUnicode_AsUTF8(id.get())) +
                                            "), type=<class 'cfgmod.Mode'>  # expected Mode.RELU, found Mode.TANH");
  f.run("mode = Mode.RELU; act = abs");
  CHECK(without_address(set.first_failure(f.scope())) ==
        "___check_obj_id(G['act'], <id>), type=<class 'builtin_function_or_method'>  # expected len, found abs");
  f.run("act = len; cfg = [1]");
  PyRef type_id = eval("str(id(Cfg))", f.globals.get());
  CHECK(set.first_failure(f.scope()) == "___check_type_id(G['cfg'], " + std::string(PyUnicode_AsUTF8(type_id.get())) +
                                            "), type=<class 'cfgmod.Cfg'>  # actual type: list (HINT: type Cfg)");
}

TEST_CASE("a dict the frame measured or mutated fails on its length as Dynamo's DICT_KEYS_MATCH words it") {
  Fixture f;
  const char* kDict = "[{'kind': 'DICT_KEYS', 'source': \"G['opts']\", 'path': [['global', 'opts']], 'keys': ['a', 7],"
                      "  'dict': '%s', 'text': ''}]";
  char manager[512], length[512];
  std::snprintf(manager, sizeof manager, kDict, "manager");
  std::snprintf(length, sizeof length, kDict, "length");
  GuardSet by_key = f.guards(manager), measured = f.guards(length);
  f.run("opts['b'] = 2");
  CHECK(by_key.first_failure(f.scope()) == "len(G['opts']) != 2");
  CHECK(measured.first_failure(f.scope()) == "len(G['opts']) == 2");
  f.run("del opts['b']; opts['a'] = opts.pop('a')");  // same length, another order: the key check words it
  CHECK(measured.first_failure(f.scope()) == "list(dict.keys(G['opts']))[0] == 'a'");
}
