#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "dynx/files.hpp"

using namespace dynx;
namespace fs = std::filesystem;

namespace {
fs::path temp_dir() {
  std::string templ = (fs::temp_directory_path() / "dynx-files-test-XXXXXX").string();
  REQUIRE(::mkdtemp(templ.data()) != nullptr);
  return templ;
}
}  // namespace

TEST_CASE("atomic writes replace the whole file or nothing") {
  fs::path dir = temp_dir();
  fs::path target = dir / "out.json";
  REQUIRE(write_file_atomic(target, "first").has_value());
  CHECK(*read_file(target) == "first");
  {
    AtomicFile file(target);
    file.write("second, never committed");
  }  // destroyed without commit: the old content stays, no temporary is left
  CHECK(*read_file(target) == "first");
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
  REQUIRE(write_file_atomic(target, "third").has_value());
  CHECK(*read_file(target) == "third");
  fs::remove_all(dir);
}

TEST_CASE("atomic write into a missing directory fails with the path") {
  auto status = write_file_atomic("/nonexistent-dir/x.json", "data");
  REQUIRE_FALSE(status.has_value());
  CHECK(status.error().message.find("/nonexistent-dir/x.json: cannot create") == 0);
}

TEST_CASE("atomic writes stream: the temporary file grows while the target stays old") {
  fs::path dir = temp_dir();
  fs::path target = dir / "big.bin";
  REQUIRE(write_file_atomic(target, "old").has_value());
  AtomicFile file(target);
  std::string chunk(1 << 16, 'x');
  for (int i = 0; i < 16; ++i) file.write(chunk.data(), chunk.size());
  CHECK(*read_file(target) == "old");
  size_t temporaries = 0;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename().string().rfind("big.bin.tmp.", 0) == 0) {
      ++temporaries;
      CHECK(fs::file_size(entry.path()) == 16u * chunk.size());
    }
  CHECK(temporaries == 1);
  REQUIRE(file.commit().has_value());
  CHECK(fs::file_size(target) == 16u * chunk.size());
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
  fs::remove_all(dir);
}

TEST_CASE("an empty atomic write creates an empty file") {
  fs::path dir = temp_dir();
  AtomicFile file(dir / "empty");
  REQUIRE(file.commit().has_value());
  CHECK(fs::file_size(dir / "empty") == 0);
  fs::remove_all(dir);
}

TEST_CASE("TempDir makes a fresh directory and removes it with its contents") {
  fs::path parent = temp_dir();
  fs::path made;
  {
    TempDir temp;
    REQUIRE(temp.create(parent, "work-").has_value());
    made = temp.path();
    CHECK(made.parent_path() == parent);
    CHECK(made.filename().string().rfind("work-", 0) == 0);
    REQUIRE(write_file_atomic(made / "f", "x").has_value());
  }
  CHECK(path_kind(made) == PathKind::missing);
  TempDir bad;
  auto status = bad.create(parent / "missing", "work-");
  REQUIRE_FALSE(status.has_value());
  CHECK(status.error().message.find("cannot write in ") == 0);
  fs::remove_all(parent);
}

TEST_CASE("path_kind, read_file and real_path") {
  fs::path dir = temp_dir();
  REQUIRE(write_file_atomic(dir / "f.txt", "abcdef").has_value());
  CHECK(path_kind(dir) == PathKind::directory);
  CHECK(path_kind(dir / "f.txt") == PathKind::file);
  CHECK(path_kind(dir / "missing") == PathKind::missing);
  CHECK(*read_file(dir / "f.txt") == "abcdef");
  CHECK(real_path((dir / "." / "f.txt").string()) == fs::canonical(dir / "f.txt").string());
  auto missing = read_file(dir / "missing");
  REQUIRE_FALSE(missing.has_value());
  CHECK(missing.error().message.find("No such file or directory") != std::string::npos);
  fs::remove_all(dir);
}


TEST_CASE("read_file refuses a FIFO or a device at once instead of waiting on it") {
  TempDir dir;
  REQUIRE(dir.create(fs::temp_directory_path(), "dynx-files-test-").has_value());
  fs::path fifo = dir.path() / "graph.json";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);  // no writer: a blocking open would hang here
  auto read = read_file(fifo);
  REQUIRE_FALSE(read.has_value());
  CHECK(read.error().message == fifo.string() + ": not a regular file");
  CHECK(path_kind(fifo) == PathKind::other);
  auto device = read_file("/dev/zero");  // endless
  REQUIRE_FALSE(device.has_value());
  CHECK(device.error().message == "/dev/zero: not a regular file");
  CHECK(read_file(dir.path()).error().message == dir.path().string() + ": Is a directory");
}
