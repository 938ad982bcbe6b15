#include <doctest/doctest.h>

#include "source_classifier.hpp"

using namespace dynx::capture;

TEST_CASE("library code is told apart from user code, most specific prefix first") {
  SourceClassifier c;
  c.set_prefixes({"/py/lib/python3.11"}, {"/py/lib/python3.11/site-packages", "/venv/lib/python3.11/site-packages"},
                 {"/venv/lib/python3.11/site-packages/torch"});
  CHECK(c.classify("/py/lib/python3.11/json/__init__.py") == SourceCategory::stdlib);
  CHECK(c.classify("/py/lib/python3.11/site-packages/six.py") == SourceCategory::third_party);
  CHECK(c.classify("/venv/lib/python3.11/site-packages/transformers/x.py") == SourceCategory::third_party);
  CHECK(c.classify("/venv/lib/python3.11/site-packages/torch/nn/modules/linear.py") == SourceCategory::torch);
  CHECK(c.classify("/home/me/train.py") == SourceCategory::user);
  CHECK(c.classify("<frozen importlib._bootstrap>") == SourceCategory::synthetic);
  CHECK(c.classify("<string>") == SourceCategory::synthetic);
  // A prefix matches whole path components only.
  CHECK(c.classify("/py/lib/python3.11-mine/x.py") == SourceCategory::user);
  CHECK(to_string(SourceCategory::third_party) == "site-packages");
}
