# dynx: two commands do everything on a fresh machine.
#   make demo   install what is missing, build, run dynx on a bundled sample
#   make test   install what is missing, build, run every test
# Both are idempotent: with everything in place they only rebuild what changed.

VENV      ?= .venv
BUILD     ?= build
BUILD_TYPE?= RelWithDebInfo
JOBS      ?= 2
PYTHON    := $(VENV)/bin/python
CMAKE     ?= cmake

.PHONY: all deps venv configure build test test-oracle test-extra demo bench asan fuzz clean

all: build

deps:
	@tools/setup-deps.sh

venv: deps
	@tools/setup-venv.sh $(VENV)

$(BUILD)/build.ninja: CMakeLists.txt | venv
	@$(CMAKE) -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DDYNX_WERROR=ON \
	  -DPython3_EXECUTABLE=$(abspath $(PYTHON)) >/dev/null

configure: venv $(BUILD)/build.ninja

build: configure
	@$(CMAKE) --build $(BUILD) -j $(JOBS)

# Everything but the slow tiers (label "slow": the oracle corpus, the other
# half of the capture corpus and recompile scenarios through the Python guard
# path, see test-oracle; label "extra": builds against other Pythons and with
# Clang, and the bounded fuzzing, see test-extra).
test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE "slow|extra"

# dynx built against CPython 3.12/3.13 (when installed) running the parity
# corpus, the whole tree built with Clang and -Werror (under the sanitizers,
# with libFuzzer's coverage) and its unit tests, and each libFuzzer target of
# that tree for 10 s.
test-extra: build
	@cd $(BUILD) && ctest -L extra --output-on-failure -j $(JOBS)

# The slow tier: the oracle corpus (dynx's verdicts against the stored record
# of torch.compile's, tests/oracle/README.md), the even-numbered half of the
# capture corpus, and recompile scenarios again through the Python guard path.
test-oracle: build
	@cd $(BUILD) && ctest -L slow --output-on-failure -j $(JOBS)

demo: build
	@tools/demo.sh $(BUILD)

bench: build
	@$(PYTHON) bench/hook_overhead.py --build $(BUILD)
	@$(PYTHON) bench/capture_time.py --build $(BUILD)
	@$(PYTHON) bench/guard_overhead.py --build $(BUILD)
	@$(BUILD)/bin/dynx-bench-signature-check
	@$(PYTHON) bench/aot_compare.py --build $(BUILD)

# The unit and end-to-end tests again, with dynx built under AddressSanitizer
# and UndefinedBehaviorSanitizer: the Clang tree (tests/fuzz/configure.sh,
# -O1 with line tables), the one build/clang and the fuzzing of test-extra
# build and use (after test-extra, as in CI, it is already built). Python's
# and torch's own allocations are not instrumented, so leak checking is left
# off. Python runs several times slower there: the tests that only capture
# more of the same, or only have g++ compile models, are left out, the
# capture corpus is cut to a quarter (see tests/CMakeLists.txt), and model.so
# compiles come from the main tree's cache.
asan: venv
	@tests/fuzz/configure.sh $(abspath .) $(abspath $(BUILD))/clang-tree $(abspath $(PYTHON)) || \
	  { cat $(abspath $(BUILD))/clang-tree.configure.log; exit 1; }
	@$(CMAKE) --build $(BUILD)/clang-tree -j $(JOBS)
	@cd $(BUILD)/clang-tree && ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  PYTHONMALLOC=malloc ctest --output-on-failure -j $(JOBS) -LE "slow|extra"

# The libFuzzer targets for longer than the test suite does: FUZZ_SECONDS each.
FUZZ_SECONDS ?= 300
fuzz: deps
	@tests/fuzz/run.sh $(abspath .) $(abspath $(BUILD))/clang-tree $(FUZZ_SECONDS)

clean:
	rm -rf $(BUILD) $(BUILD)-asan $(BUILD)-wheel $(BUILD)-wheel-test
