// A small owning handle for PyObject* so that references are released on
// every path. `PyRef::steal` takes a new reference; `PyRef::borrow` adds one.
#pragma once

#include <Python.h>

#include <utility>

namespace dynx::capture {

class PyRef {
 public:
  PyRef() = default;
  static PyRef steal(PyObject* object) { return PyRef(object); }  // new reference
  static PyRef borrow(PyObject* object) {                          // borrowed reference
    Py_XINCREF(object);
    return PyRef(object);
  }
  PyRef(const PyRef& other) : object_(other.object_) { Py_XINCREF(object_); }
  PyRef(PyRef&& other) noexcept : object_(std::exchange(other.object_, nullptr)) {}
  PyRef& operator=(PyRef other) noexcept {
    std::swap(object_, other.object_);
    return *this;
  }
  ~PyRef() { Py_XDECREF(object_); }

  [[nodiscard]] PyObject* get() const { return object_; }
  [[nodiscard]] PyObject* release() { return std::exchange(object_, nullptr); }  // caller owns it
  explicit operator bool() const { return object_ != nullptr; }

 private:
  explicit PyRef(PyObject* object) : object_(object) {}
  PyObject* object_ = nullptr;
};

}  // namespace dynx::capture
