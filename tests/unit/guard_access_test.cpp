// Access paths: each kind of step, and that a missing value is null with no
// Python error set.
#include <doctest/doctest.h>

#include <Python.h>

#include "guard_access.hpp"
#include "guard_fixture.hpp"

using namespace dynx::capture;
using namespace dynx::capture::guards;
using namespace dynx::capture::testing;

namespace {

PathStep named(PathStep::Kind kind, const char* name) {
  PathStep step;
  step.kind = kind;
  step.name = name;
  step.key = PyRef::steal(PyUnicode_InternFromString(name));
  return step;
}

PathStep item(long index) {
  PathStep step;
  step.kind = PathStep::Kind::item;
  step.key = PyRef::steal(PyLong_FromLong(index));
  step.index = index;
  return step;
}

}  // namespace

TEST_CASE("paths through globals, attributes and items resolve; missing values are null without an error") {
  Fixture f;
  PyRef scale = resolve({named(PathStep::Kind::global, "cfg"), named(PathStep::Kind::attr, "scale")}, f.scope());
  REQUIRE(scale);
  CHECK(PyFloat_AsDouble(scale.get()) == 2.0);
  PyRef second = resolve({named(PathStep::Kind::global, "shape"), item(1)}, f.scope());
  REQUIRE(second);
  CHECK(PyLong_AsLong(second.get()) == 3);
  CHECK_FALSE(resolve({named(PathStep::Kind::global, "shape"), item(2)}, f.scope()));
  CHECK_FALSE(resolve({named(PathStep::Kind::global, "cfg"), named(PathStep::Kind::attr, "nope")}, f.scope()));
  CHECK_FALSE(resolve({named(PathStep::Kind::global, "nope")}, f.scope()));
  CHECK(PyErr_Occurred() == nullptr);
}

TEST_CASE("locals and closure cells are read by index from the scope") {
  Fixture f;
  PyRef a = eval("'a'", f.globals.get());
  PyRef cells = eval("(lambda x: (lambda: x).__closure__)(42)", f.globals.get());
  PyObject* locals[] = {a.get(), nullptr};
  Scope scope{locals, 2, f.globals.get(), cells.get()};
  PathStep local;
  local.kind = PathStep::Kind::local;
  local.index = 0;
  PyRef value = resolve({local}, scope);
  CHECK(value.get() == a.get());
  local.index = 1;  // an unset local
  CHECK_FALSE(resolve({local}, scope));
  local.index = 5;  // past the end
  CHECK_FALSE(resolve({local}, scope));
  PathStep cell;
  cell.kind = PathStep::Kind::closure;
  cell.index = 0;
  PyRef held = resolve({cell}, scope);
  REQUIRE(held);
  CHECK(PyLong_AsLong(held.get()) == 42);
  cell.index = 1;
  CHECK_FALSE(resolve({cell}, scope));
}

TEST_CASE("an attribute whose lookup raises is null, and the error is cleared") {
  Fixture f;
  f.run("class Bad:\n    @property\n    def boom(self):\n        raise RuntimeError('no')\nbad = Bad()\n");
  CHECK_FALSE(resolve({named(PathStep::Kind::global, "bad"), named(PathStep::Kind::attr, "boom")}, f.scope()));
  CHECK(PyErr_Occurred() == nullptr);
}

TEST_CASE("path steps compare by kind, index and key") {
  ensure_python();
  CHECK(named(PathStep::Kind::attr, "x") == named(PathStep::Kind::attr, "x"));
  CHECK_FALSE(named(PathStep::Kind::attr, "x") == named(PathStep::Kind::global, "x"));
  CHECK_FALSE(named(PathStep::Kind::attr, "x") == named(PathStep::Kind::attr, "y"));
  CHECK(item(1) == item(1));
  CHECK_FALSE(item(1) == item(2));
}
