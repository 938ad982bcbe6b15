// Failure wording: the names and texts a reason is made of.
#include <doctest/doctest.h>

#include <Python.h>

#include "guard_fixture.hpp"
#include "guard_reasons.hpp"

using namespace dynx::capture;
using namespace dynx::capture::guards;
using namespace dynx::capture::testing;

TEST_CASE("dtypes are worded with ATen's names, as PyTorch's guard failures are") {
  CHECK(aten_dtype_name("torch.float32") == "Float");
  CHECK(aten_dtype_name("torch.bfloat16") == "BFloat16");
  CHECK(aten_dtype_name("torch.bool") == "Bool");
  CHECK(aten_dtype_name("torch.complex128") == "ComplexDouble");
  CHECK(aten_dtype_name("torch.uint16") == "torch.uint16");  // unknown: as given
}

TEST_CASE("a frame's locals are named by themselves, as Dynamo's recompile reasons name them") {
  CHECK(shown("L['x']") == "x");
  CHECK(shown("L['self'].weight") == "self.weight");
  CHECK(shown("L['a']['b']") == "a['b']");
  CHECK(shown("L['cfg'].opt[1]") == "cfg.opt[1]");
  CHECK(shown("G['x']") == "G['x']");
  CHECK(shown("sys.modules['m'].X") == "sys.modules['m'].X");
  CHECK(shown("L['not an identifier']") == "L['not an identifier']");
  CHECK(shown("L['0x']") == "L['0x']");
  CHECK(shown("dict(type(L['self']).__dict__)['scale']") == "dict(type(self).__dict__)['scale']");
  CHECK(shown("len(L['xs'])") == "len(xs)");
  CHECK(shown("L['x'] is L['y']") == "x is y");
  CHECK(shown("XL['x']") == "XL['x']");
}

TEST_CASE("size expressions are worded over the symbols' sources") {
  std::vector<Symbol> symbols(2);
  symbols[0].source = "L['x'].size()[0]";
  symbols[1].source = "L['y'].size()[1]";
  DimExpr e;
  e.coef = 3;
  e.symbols = {0, 1};
  e.div = 2;
  e.add = -1;
  CHECK(expr_text(e, symbols) == "3*x.size()[0]*y.size()[1]//2 - 1");
  DimExpr fixed;
  fixed.add = 16;
  CHECK(expr_text(fixed, symbols) == "16");
}

TEST_CASE("texts of objects whose str or repr raises are '?', with the error cleared") {
  Fixture f;
  f.run("class Bad:\n    def __repr__(self):\n        raise RuntimeError('no')\n    __str__ = __repr__\nbad = Bad()\n");
  PyRef bad = eval("bad", f.globals.get());
  CHECK(repr_of(bad.get()) == "?");
  CHECK(text_of(bad.get()) == "?");
  CHECK(PyErr_Occurred() == nullptr);
  CHECK(repr_of(eval("'a'", f.globals.get()).get()) == "'a'");
  CHECK(type_name(eval("int", f.globals.get()).get()) == "int");
}
