// File access for dynx: reading whole files, atomic writes, path queries.
// No Python or torch dependency.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "dynx/error.hpp"

namespace dynx {

enum class PathKind { missing, file, directory, other };

PathKind path_kind(const std::filesystem::path& path);
Expected<std::string> read_file(const std::filesystem::path& path);
// Reads at most max_bytes from the start of a file.
Expected<std::string> read_file_prefix(const std::filesystem::path& path, size_t max_bytes);
// Canonical absolute path if it exists, else the lexically normalised absolute path.
std::string real_path(std::string_view path);
// Human text for an errno value ("No such file or directory").
std::string errno_text(int error_number);

// Writes a file so that readers see either the old content or the whole new
// content: data goes to a temporary file beside the target, and commit()
// renames it into place. Destroying an uncommitted AtomicFile removes the
// temporary file and leaves the target untouched.
class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path target);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(std::string_view data) { buffer_.append(data); }
  Status commit();

 private:
  std::filesystem::path target_;
  std::string buffer_;
};

// Convenience: atomically replace `path` with `data`.
Status write_file_atomic(const std::filesystem::path& path, std::string_view data);

}  // namespace dynx
