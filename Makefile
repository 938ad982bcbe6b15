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

.PHONY: all deps venv configure build test demo bench clean

all: build

deps:
	@tools/setup-deps.sh

venv: deps
	@tools/setup-venv.sh $(VENV)

$(BUILD)/build.ninja: CMakeLists.txt | venv
	@$(CMAKE) -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	  -DPython3_EXECUTABLE=$(abspath $(PYTHON)) >/dev/null

configure: venv $(BUILD)/build.ninja

build: configure
	@$(CMAKE) --build $(BUILD) -j $(JOBS)

test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

demo: build
	@tools/demo.sh $(BUILD)

bench: build
	@$(PYTHON) bench/hook_overhead.py --build $(BUILD)
	@$(PYTHON) bench/capture_time.py --build $(BUILD)
	@$(PYTHON) bench/guard_overhead.py --build $(BUILD)
	@$(BUILD)/bin/dynx-bench-signature-check

clean:
	rm -rf $(BUILD)
