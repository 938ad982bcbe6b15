// File access for dynx: reading whole files, atomic writes, path queries.
#include "dynx/files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace dynx {
namespace fs = std::filesystem;

std::string errno_text(int error_number) { return std::strerror(error_number); }

PathKind path_kind(const fs::path& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return PathKind::missing;
  if (S_ISREG(info.st_mode)) return PathKind::file;
  if (S_ISDIR(info.st_mode)) return PathKind::directory;
  return PathKind::other;
}

Expected<std::string> read_file(const fs::path& path) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused
  // below with every other file that is not a regular one (a device, a
  // socket), whose reads could block or never end.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return Error{path.string() + ": " + errno_text(errno)};
  struct stat info {};
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    int saved = S_ISDIR(info.st_mode) ? EISDIR : 0;
    ::close(fd);
    return Error{path.string() + ": " + (saved ? errno_text(saved) : std::string(kNotRegularFile))};
  }
  std::string data;
  char chunk[65536];
  while (true) {
    ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0) {
      if (errno == EINTR) continue;
      int saved = errno;
      ::close(fd);
      return Error{path.string() + ": " + errno_text(saved)};
    }
    if (n == 0) break;
    data.append(chunk, static_cast<size_t>(n));
  }
  ::close(fd);
  return data;
}

std::string real_path(std::string_view path) {
  std::string copy(path);
  std::unique_ptr<char, decltype(&std::free)> resolved(::realpath(copy.c_str(), nullptr), &std::free);
  if (resolved) return resolved.get();
  std::error_code ec;
  fs::path absolute = fs::absolute(copy, ec);
  return (ec ? fs::path(copy) : absolute).lexically_normal().string();
}

AtomicFile::AtomicFile(fs::path target) : target_(std::move(target)) {}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!temp_.empty()) ::unlink(temp_.c_str());
}

void AtomicFile::fail(std::string_view what, int error_number) {
  if (failed_) return;
  failed_ = true;
  error_ = Error{target_.string() + ": " + std::string(what) + ": " + errno_text(error_number)};
}

bool AtomicFile::open() {
  if (failed_) return false;
  if (fd_ >= 0) return true;
  std::string temp = target_.string() + ".tmp.XXXXXX";
  int fd = ::mkstemp(temp.data());
  if (fd < 0) {
    fail("cannot create", errno);
    return false;
  }
  fd_ = fd;
  temp_ = std::move(temp);
  return true;
}

void AtomicFile::write(std::string_view data) {
  if (!open()) return;
  const char* p = data.data();
  size_t left = data.size();
  while (left > 0) {
    ssize_t n = ::write(fd_, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("cannot write", errno);
      return;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
}

Status AtomicFile::commit() {
  if (!open()) return error_;
  ::fchmod(fd_, 0644);
  int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail("cannot write", errno);
  if (failed_) return error_;
  if (::rename(temp_.c_str(), target_.c_str()) != 0) {
    fail("cannot rename into place", errno);
    return error_;
  }
  temp_.clear();
  return Status::ok();
}

TempDir::~TempDir() {
  if (!path_.empty()) {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
}

Status TempDir::create(const fs::path& parent, const std::string& prefix) {
  std::string pattern = (parent / (prefix + "XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr)
    return Error{"cannot write in " + parent.string() + ": " + errno_text(errno)};
  path_ = pattern;
  return Status::ok();
}

Status write_file_atomic(const fs::path& path, std::string_view data) {
  AtomicFile file(path);
  file.write(data);
  return file.commit();
}

std::string python_beside_executable() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  fs::path bin = exe.parent_path();
  fs::path python = bin / "python";
  if (path_kind(bin.parent_path() / "pyvenv.cfg") != PathKind::file || ::access(python.c_str(), X_OK) != 0) return "";
  return python.string();
}

}  // namespace dynx
