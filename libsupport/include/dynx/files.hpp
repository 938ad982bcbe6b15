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
// The whole of a regular file. Anything else (a FIFO, a device, a socket,
// a directory) is refused without waiting: "PATH: not a regular file".
Expected<std::string> read_file(const std::filesystem::path& path);
inline constexpr const char* kNotRegularFile = "not a regular file";
// Canonical absolute path if it exists, else the lexically normalised absolute path.
std::string real_path(std::string_view path);
// Human text for an errno value ("No such file or directory").
std::string errno_text(int error_number);

// Writes a file so that readers see either the old content or the whole new
// content: data streams into a temporary file beside the target (created by
// the first write, so a file of any size never sits in memory), and commit()
// renames it into place. The first failure is kept and reported by commit();
// later writes are ignored. Destroying an uncommitted AtomicFile removes the
// temporary file and leaves the target untouched.
class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path target);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(std::string_view data);
  void write(const void* data, size_t size) { write(std::string_view(static_cast<const char*>(data), size)); }
  Status commit();

 private:
  bool open();
  void fail(std::string_view what, int error_number);

  std::filesystem::path target_;
  std::string temp_;
  int fd_ = -1;
  Error error_;
  bool failed_ = false;
};

// A temporary directory (mkdtemp) removed with everything in it when this
// object goes.
class TempDir {
 public:
  TempDir() = default;
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  // Creates PARENT/PREFIXxxxxxx.
  Status create(const std::filesystem::path& parent, const std::string& prefix);
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Convenience: atomically replace `path` with `data`.
Status write_file_atomic(const std::filesystem::path& path, std::string_view data);

// The Python of the virtual environment this executable is installed in
// (pip install: DIR/bin/dynx-capture beside DIR/bin/python, with
// DIR/pyvenv.cfg), or "" when it is not in one.
std::string python_beside_executable();

}  // namespace dynx
