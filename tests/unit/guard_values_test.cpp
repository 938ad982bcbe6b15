// Checks of one value: equality as PyTorch's guards define it, dict keys
// in order, and sizes given by expressions over symbols.
#include <doctest/doctest.h>

#include <Python.h>

#include "guard_fixture.hpp"
#include "guard_values.hpp"

using namespace dynx::capture;
using namespace dynx::capture::guards;
using namespace dynx::capture::testing;

TEST_CASE("equal values: same type and equal, nan equal to nan") {
  Fixture f;
  auto equal = [&](const char* a, const char* b) {
    return equal_values(eval(a, f.globals.get()).get(), eval(b, f.globals.get()).get());
  };
  CHECK(equal("4", "4"));
  CHECK_FALSE(equal("4", "4.0"));
  CHECK_FALSE(equal("True", "1"));
  CHECK(equal("float('nan')", "float('nan')"));
  CHECK(equal("'sum'", "'s' + 'um'"));
  CHECK_FALSE(equal("(1, 2)", "(1, 3)"));
}

TEST_CASE("dict keys compare in order") {
  Fixture f;
  PyRef keys = eval("['a', 7]", f.globals.get());
  CHECK(dict_keys_equal(eval("{'a': 1, 7: 2}", f.globals.get()).get(), keys.get()));
  CHECK_FALSE(dict_keys_equal(eval("{7: 2, 'a': 1}", f.globals.get()).get(), keys.get()));
  CHECK_FALSE(dict_keys_equal(eval("{'a': 1}", f.globals.get()).get(), keys.get()));
  CHECK_FALSE(dict_keys_equal(eval("[('a', 1), (7, 2)]", f.globals.get()).get(), keys.get()));
}

TEST_CASE("membership in a dict, a set, and a class's __dict__ (a mappingproxy)") {
  Fixture f;
  PyRef key = eval("'scale'", f.globals.get());
  CHECK(dict_contains(eval("{'scale': 1}", f.globals.get()).get(), key.get()));
  CHECK_FALSE(dict_contains(eval("{'shift': 1}", f.globals.get()).get(), key.get()));
  CHECK(dict_contains(eval("{'scale'}", f.globals.get()).get(), key.get()));
  CHECK(dict_contains(eval("type('Mid', (), {'scale': 5.0}).__dict__", f.globals.get()).get(), key.get()));
  CHECK_FALSE(dict_contains(eval("type('Mid', (), {}).__dict__", f.globals.get()).get(), key.get()));
  // Anything else holds nothing a guard can test: a list, a string.
  CHECK_FALSE(dict_contains(eval("['scale']", f.globals.get()).get(), key.get()));
  CHECK_FALSE(dict_contains(eval("'scale'", f.globals.get()).get(), key.get()));
  // An unhashable key in a mappingproxy: no error left behind.
  CHECK_FALSE(dict_contains(eval("type('Mid', (), {}).__dict__", f.globals.get()).get(),
                            eval("[1]", f.globals.get()).get()));
  CHECK(PyErr_Occurred() == nullptr);
}

TEST_CASE("sizes given by expressions over symbols; an inexact division matches nothing") {
  DimExpr fixed;
  fixed.add = 8;
  DimExpr twice;  // 2*s0 + 1
  twice.coef = 2;
  twice.symbols = {0};
  twice.add = 1;
  DimExpr half;  // s0*s1 // 2
  half.coef = 1;
  half.symbols = {0, 1};
  half.div = 2;
  int64_t symbols[] = {3, 4};
  CHECK(twice.eval(symbols) == 7);
  CHECK(half.eval(symbols) == 6);
  int64_t odd[] = {3, 3};
  CHECK(half.eval(odd) == -1);
  int64_t actual[] = {8, 7, 6};
  CHECK(dims_match({fixed, twice, half}, actual, symbols));
  actual[1] = 8;
  CHECK_FALSE(dims_match({fixed, twice, half}, actual, symbols));
}

TEST_CASE("without torch, a non-tensor has no size") {
  Fixture f;
  CHECK(size_of(eval("[1, 2]", f.globals.get()).get(), 0) == -1);
  CHECK(PyErr_Occurred() == nullptr);
}
