// Reading safetensors files (weights and example tensors): the header is
// checked completely before any offset is trusted — every entry's dtype,
// shape and data range must agree and lie inside the file. Also compiled
// into every model.so (external weights are checked when they are loaded).
// No torch, no Python, no exceptions out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace dynx::runtime {

struct SafetensorsEntry {
  std::string name;
  std::string dtype;           // "F32", "I64", "BOOL", ...
  std::vector<int64_t> shape;
  uint64_t begin = 0, end = 0; // byte range relative to the data section
};

struct SafetensorsHeader {
  uint64_t data_start = 0;  // 8 + header length
  std::vector<SafetensorsEntry> entries;  // in file order of their data
  std::map<std::string, std::string> metadata;
  const SafetensorsEntry* find(const std::string& name) const;
};

// Bytes per element of a safetensors dtype ("F32" -> 4), 0 if unknown.
size_t safetensors_dtype_size(const std::string& dtype);
// torch-style dtype names ("float32") <-> safetensors ("F32"); "" if unknown.
std::string safetensors_dtype(const std::string& torch_dtype);
std::string torch_dtype(const std::string& safetensors_dtype);

// The bytes a strided view reads from the start of its storage:
// (storage_offset + sum((size - 1) * stride) + 1) * itemsize, or 0 when a
// size is 0 (it reads nothing). False when a size, stride or the offset is
// negative or any step overflows 64 bits: a layout from a file is only
// trusted once this range has been compared with the bytes that back it.
bool view_bytes(const int64_t* sizes, const int64_t* strides, size_t ndim, int64_t storage_offset, size_t itemsize,
                uint64_t* bytes);

// Parses the header of a whole file held in memory. Returns false and sets
// *error on anything malformed (truncated, bad JSON, offsets outside the
// file, sizes that do not match the shape).
bool parse_safetensors(const unsigned char* data, size_t size, SafetensorsHeader* header, std::string* error);

// A read-only memory map of a whole file.
class MappedFile {
 public:
  MappedFile() = default;
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  bool open(const std::string& path, std::string* error);
  const unsigned char* data() const { return data_; }
  size_t size() const { return size_; }

 private:
  unsigned char* data_ = nullptr;
  size_t size_ = 0;
  bool mapped_ = false;
};

}  // namespace dynx::runtime
