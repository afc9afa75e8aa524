# tunes: the two commands that matter are `make run` and `make test`; `make check` is the quick
# loop (lint, build, the in-process suites).
# Each first makes sure the Debian packages it needs are present: the build's (`make build`,
# `make run`, `make release`) are the -dev libraries the package links, pkg-config and the CA
# certificates the live client needs; the tests' add the programs the suites drive (X servers,
# terminals, mpv, ffmpeg, dbus-daemon, dbus-monitor, playerctl …). mpv is the tests' only: the
# app and `tunes preview` run without it and say how to install it when a preview is asked for.

SWIFT ?= swift
# The packages as PATH:PACKAGE, a program or header that proves the package is present (checked
# without dpkg locks): the build's, the lint's (jq reads the package description) and the tests'.
DEB_BUILD := /usr/include/sqlite3.h:libsqlite3-dev /usr/bin/curl-config:libcurl4-openssl-dev \
             /usr/include/turbojpeg.h:libturbojpeg0-dev /usr/include/png.h:libpng-dev \
             /usr/include/chafa/chafa.h:libchafa-dev /usr/include/glib-2.0/glib.h:libglib2.0-dev \
             /usr/bin/pkg-config:pkg-config /etc/ssl/certs/ca-certificates.crt:ca-certificates \
             /usr/bin/python3:python3
DEB_LINT  := /usr/bin/jq:jq
DEB_TEST  := /usr/bin/tmux:tmux /usr/bin/sqlite3:sqlite3 /usr/bin/curl:curl /usr/bin/jq:jq \
             /usr/bin/mpv:mpv /usr/bin/ffmpeg:ffmpeg /usr/bin/setpriv:util-linux \
             /usr/bin/Xvfb:xvfb /usr/bin/xwininfo:x11-utils /usr/bin/xterm:xterm \
             /usr/bin/kitty:kitty /usr/bin/xdotool:xdotool /usr/bin/xwd:x11-apps \
             /usr/bin/dbus-daemon:dbus-daemon /usr/bin/dbus-monitor:dbus-bin \
             /usr/bin/playerctl:playerctl

PREFIX ?= /usr/local
DESTDIR ?=
BIN ?= .build/release/tunes

# Suites that run real X terminals or video windows under Xvfb: CPU-heavy (kitty renders in
# software), so they run on their own after the parallel run, not beside timing-sensitive tests
# (a kitty starved by the parallel run answers the start-up probe after its one-second bound).
HEAVY_TESTS := RealTerminal|LightThemeTests|VideoPlayerTests
# What `make check` leaves out: the suites that run the built binary, and the heavy ones.
CHECK_SKIP := EndToEndTests|$(HEAVY_TESTS)

.PHONY: deps deps-build deps-lint deps-test check build-info build release run test lint format bench clean install install-files demo fuzz sanitize soak

# $(1): PATH:PACKAGE pairs; installs the missing packages as root, else says how and fails.
define ensure_packages
@missing=""; for pair in $(1); do f=$${pair%%:*}; p=$${pair##*:}; \
  [ -e "$$f" ] || missing="$$missing $$p"; done; \
if [ -n "$$missing" ]; then \
  if [ "$$(id -u)" = "0" ]; then \
    echo "installing:$$missing"; \
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
  else \
    echo "tunes needs these Debian packages. Run:"; \
    echo "  sudo apt-get install$$missing"; exit 1; \
  fi; \
fi
endef

deps-build:
	$(call ensure_packages,$(DEB_BUILD))

deps-lint:
	$(call ensure_packages,$(DEB_LINT))

deps-test:
	$(call ensure_packages,$(DEB_TEST))

# Everything: the build's packages and the tests'.
deps: deps-build deps-test

# The commit `tunes --version` prints (Sources/CBuildInfo/generated/commit.h, not tracked).
build-info:
	@bash Scripts/build-info.sh

build: deps-build build-info
	$(SWIFT) build

# Release builds link the Swift runtime and Foundation statically: the dynamic loader's symbol
# lookups were most of a cold start (about 35 ms -> 10 ms for `tunes --version`). Then libcurl's
# tree, GIO, the image libraries and SQLite come off the start-up list: the executable loads each
# on its first call (Sources/CStartup, Scripts/lazy-libraries.py; 48 shared objects -> 6). Not
# position-independent: the loader then has no 128,000 relative fixups to apply to the static
# runtime at each start (only with --static-swift-stdlib: against the shared runtime a non-PIE
# executable makes ld.so warn about protected symbols on every start).
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -Xclang-linker -Xswiftc -no-pie
LAZY_LIBRARIES := python3 Scripts/lazy-libraries.py .build/release/tunes

release: deps-build build-info
	$(SWIFT) build $(RELEASE_FLAGS) --product tunes
	$(LAZY_LIBRARIES)

run: release
	SWIFT_BACKTRACE=interactive=no .build/release/tunes $(ARGS)

# The app on the built-in demo catalogue (no network needed); ARGS="search golden" for a command.
demo: release
	SWIFT_BACKTRACE=interactive=no .build/release/tunes --demo $(ARGS)

# Lint first (it takes seconds), then the build and the whole suite.
test: deps lint build-info
	$(SWIFT) build --build-tests
	SWIFT_BACKTRACE=enable=no $(SWIFT) test --skip-build --skip '$(HEAVY_TESTS)'
	SWIFT_BACKTRACE=enable=no $(SWIFT) test --skip-build --filter '$(HEAVY_TESTS)'

# The quick loop: lint, build, and the in-process suites (no EndToEndTests, no Xvfb suites).
check: deps lint build-info
	$(SWIFT) build --build-tests
	SWIFT_BACKTRACE=enable=no $(SWIFT) test --skip-build --skip '$(CHECK_SKIP)'

# Formatting, who may import whom, and the iOS-reuse promise (with the check's own self-test).
lint: deps-lint
	$(SWIFT) format lint --strict -r Sources Tests Package.swift
	bash Scripts/check-imports.sh
	bash Scripts/check-ios-reuse.sh
	bash Scripts/check-ios-reuse.sh --self-test

format:
	$(SWIFT) format format -i -r Sources Tests Package.swift

bench: deps-build build-info
	$(SWIFT) build $(RELEASE_FLAGS) --product tunes
	$(LAZY_LIBRARIES)
	$(SWIFT) build $(RELEASE_FLAGS) --product tunes-bench
	bash bench/run.sh

# libFuzzer targets with AddressSanitizer, FUZZ_SECONDS each (default 60); see Scripts/fuzz.sh.
fuzz: deps-build
	bash Scripts/fuzz.sh

# The release app in tmux for SOAK_MINUTES (default 10) against the replay server with random
# faults: random keys, mouse events and resizes; fails on a crash, a hang, RSS growth or a
# terminal not restored (see Scripts/soak.sh; SOAK_SEED=N replays a run). Not part of `make test`.
soak: release
	nice -n 10 bash Scripts/soak.sh

# The in-process tests (all but EndToEndTests, which run the binary) under ThreadSanitizer, then
# AddressSanitizer (leak checks off: the Swift runtime's one-time allocations read as leaks), one
# test at a time: run in parallel, 800 tests slowed 5-10x share two cooperative threads and the
# tests with wall-clock bounds miss them (7-15 failures a run); serial, the TSan run takes 2 min.
# A sanitizer report fails the run (TSan's exit code 66); Scripts/tsan.supp holds the one proven
# false positive (Swift's Mutex on Linux, see docs/DECISIONS.md). The builds are long and the
# machine may be shared: one job at the lowest priority (SANITIZE_JOBS, SANITIZE_NICE); the short
# test runs may take a lock that holds other builds off (SANITIZE_LOCK, e.g.
# "flock /tmp/tunes-build.lock").
SANITIZE_SKIP := --skip EndToEndTests
SANITIZE_JOBS ?= 1
SANITIZE_NICE ?= nice -n 19
SANITIZE_LOCK ?=
sanitize: deps
	$(SANITIZE_NICE) $(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan \
	  -j $(SANITIZE_JOBS)
	SWIFT_BACKTRACE=enable=no \
	  TSAN_OPTIONS="halt_on_error=0 suppressions=$(CURDIR)/Scripts/tsan.supp" \
	  $(SANITIZE_LOCK) $(SANITIZE_NICE) $(SWIFT) test --skip-build --no-parallel \
	  --sanitize=thread --scratch-path .build-tsan $(SANITIZE_SKIP)
	$(SANITIZE_NICE) $(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan \
	  -j $(SANITIZE_JOBS)
	SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
	  $(SANITIZE_LOCK) $(SANITIZE_NICE) $(SWIFT) test --skip-build --no-parallel \
	  --sanitize=address --scratch-path .build-asan $(SANITIZE_SKIP)

# The binary, the man page and the completions under $(DESTDIR)$(PREFIX), e.g.
#   make install PREFIX=$$HOME/.local
install: release
	$(MAKE) install-files BIN=.build/release/tunes

# The same from a binary already built (BIN=…); the man page and completions come from it.
install-files:
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 0755 "$(BIN)" "$(DESTDIR)$(PREFIX)/bin/tunes"
	"$(BIN)" man > "$(DESTDIR)$(PREFIX)/share/man/man1/tunes.1"
	"$(BIN)" completions bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/tunes"
	"$(BIN)" completions zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tunes"
	"$(BIN)" completions fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tunes.fish"
	chmod 0644 "$(DESTDIR)$(PREFIX)/share/man/man1/tunes.1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/tunes" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tunes" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tunes.fish"

clean:
	rm -rf .build .build-fuzz .build-tsan .build-asan
