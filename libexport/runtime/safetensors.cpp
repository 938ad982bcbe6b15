// safetensors reading (see safetensors.hpp).
#include "dynx/runtime/safetensors.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <nlohmann/json.hpp>

#include "dynx/dtypes.hpp"
#include "dynx/json_depth.hpp"

namespace dynx::runtime {
namespace {

constexpr uint64_t kMaxHeader = 100u << 20;  // as the reference implementation

}  // namespace

const SafetensorsEntry* SafetensorsHeader::find(const std::string& name) const {
  for (const auto& e : entries)
    if (e.name == name) return &e;
  return nullptr;
}

size_t safetensors_dtype_size(const std::string& dtype) {
  const DtypeInfo* d = dtype_by_safetensors(dtype);
  return d ? d->size : 0;
}

std::string safetensors_dtype(const std::string& torch_dtype) {
  for (const auto& d : kDtypes)  // exact names only (dtype_by_name also takes "torch.float32")
    if (torch_dtype == d.name) return std::string(d.safetensors);
  return "";
}

std::string torch_dtype(const std::string& safetensors_dtype) {
  const DtypeInfo* d = dtype_by_safetensors(safetensors_dtype);
  return d ? std::string(d->name) : "";
}

bool view_bytes(const int64_t* sizes, const int64_t* strides, size_t ndim, int64_t storage_offset, size_t itemsize,
                uint64_t* bytes) {
  if (storage_offset < 0) return false;
  uint64_t last = static_cast<uint64_t>(storage_offset);  // the highest element index read
  bool empty = false;
  for (size_t d = 0; d < ndim; ++d) {
    if (sizes[d] < 0 || strides[d] < 0) return false;
    if (sizes[d] == 0) empty = true;
    uint64_t step = 0;
    if (sizes[d] > 0 && __builtin_mul_overflow(static_cast<uint64_t>(sizes[d] - 1), static_cast<uint64_t>(strides[d]), &step))
      return false;
    if (__builtin_add_overflow(last, step, &last)) return false;
  }
  if (empty) {
    *bytes = 0;
    return true;
  }
  uint64_t count = last + 1;
  if (count == 0 || count > (uint64_t{1} << 62) || __builtin_mul_overflow(count, uint64_t{itemsize}, bytes)) return false;
  return true;
}

bool parse_safetensors(const unsigned char* data, size_t size, SafetensorsHeader* header, std::string* error) {
  auto fail = [&](const std::string& message) {
    *error = message;
    return false;
  };
  if (size < 8) return fail("truncated: " + std::to_string(size) + " bytes, not even a header length");
  uint64_t length = 0;
  for (int i = 7; i >= 0; --i) length = (length << 8) | data[i];
  if (length > kMaxHeader) return fail("header length " + std::to_string(length) + " is implausible");
  if (length > size - 8)
    return fail("truncated: the header needs " + std::to_string(length) + " bytes, the file has " +
                std::to_string(size - 8) + " after the length");
  *header = SafetensorsHeader{};
  header->data_start = 8 + length;
  const uint64_t data_size = size - header->data_start;
  if (!json_depth_within(std::string_view(reinterpret_cast<const char*>(data + 8), length)))
    return fail("the header is " + json_too_deep_text());
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(data + 8, data + 8 + length);
  } catch (const nlohmann::json::exception&) {
    return fail("the header is not valid JSON");
  }
  if (!json.is_object()) return fail("the header is not a JSON object");
  for (const auto& [name, value] : json.items()) {
    if (name == "__metadata__") {
      if (!value.is_object()) return fail("__metadata__ is not an object");
      for (const auto& [k, v] : value.items())
        if (v.is_string()) header->metadata[k] = v.get<std::string>();
      continue;
    }
    const std::string where = "tensor '" + name + "': ";
    if (!value.is_object()) return fail(where + "not an object");
    auto dtype = value.find("dtype");
    auto shape = value.find("shape");
    auto offsets = value.find("data_offsets");
    if (dtype == value.end() || !dtype->is_string()) return fail(where + "no dtype");
    if (shape == value.end() || !shape->is_array()) return fail(where + "no shape");
    if (offsets == value.end() || !offsets->is_array() || offsets->size() != 2 || !(*offsets)[0].is_number_unsigned() ||
        !(*offsets)[1].is_number_unsigned())
      return fail(where + "no data_offsets [begin, end]");
    SafetensorsEntry entry;
    entry.name = name;
    entry.dtype = dtype->get<std::string>();
    size_t element = safetensors_dtype_size(entry.dtype);
    if (element == 0) return fail(where + "unknown dtype " + entry.dtype);
    uint64_t count = 1;
    for (const auto& d : *shape) {
      if (!d.is_number_unsigned()) return fail(where + "a size is not a non-negative integer");
      uint64_t n = d.get<uint64_t>();
      if (n > (uint64_t{1} << 62) || (n != 0 && count > (uint64_t{1} << 62) / n))
        return fail(where + "the shape is too large");
      count *= n;
      entry.shape.push_back(static_cast<int64_t>(n));
    }
    entry.begin = (*offsets)[0].get<uint64_t>();
    entry.end = (*offsets)[1].get<uint64_t>();
    if (entry.begin > entry.end) return fail(where + "data_offsets end before they begin");
    if (count > (uint64_t{1} << 62) / element || entry.end - entry.begin != count * element)
      return fail(where + "data_offsets hold " + std::to_string(entry.end - entry.begin) +
                  " bytes, the shape needs " + std::to_string(count * element));
    if (entry.end > data_size)
      return fail("truncated: tensor '" + name + "' ends at byte " + std::to_string(header->data_start + entry.end) +
                  ", the file has " + std::to_string(size));
    header->entries.push_back(std::move(entry));
  }
  std::sort(header->entries.begin(), header->entries.end(),
            [](const SafetensorsEntry& a, const SafetensorsEntry& b) { return a.begin < b.begin; });
  return true;
}

MappedFile::~MappedFile() {
  if (mapped_) ::munmap(data_, size_);
}

bool MappedFile::open(const std::string& path, std::string* error) {
  // O_NONBLOCK: a FIFO is refused below instead of waiting for a writer.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    *error = std::strerror(errno);
    return false;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    *error = S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file";
    ::close(fd);
    return false;
  }
  size_ = static_cast<size_t>(st.st_size);
  if (size_ == 0) {
    ::close(fd);
    static unsigned char empty = 0;
    data_ = &empty;
    return true;
  }
  void* p = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (p == MAP_FAILED) {
    *error = std::strerror(errno);
    size_ = 0;
    return false;
  }
  data_ = static_cast<unsigned char*>(p);
  mapped_ = true;
  return true;
}

}  // namespace dynx::runtime
