# AuraLift Analytics: `make run` and `make test` are all a newcomer needs.
SWIFT ?= swift
DEB_PACKAGES := libsqlite3-dev libcsv-dev libsimdjson-dev libfast-float-dev
RELEASE_BIN := .build/release/auralift

.PHONY: deps build run test bench clean

## Install the Debian -dev packages the build links against, only those that are missing.
deps:
	@missing=""; \
	for package in $(DEB_PACKAGES); do \
	  dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && $$sudo apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c release

## Run the nightly pipeline on the bundled sample dataset.
run: build
	$(RELEASE_BIN) run pipelines/nightly.yaml

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest

## Benchmarks: generated datasets, cold and no-op runs; results in BENCHMARKS.md.
bench: build
	scripts/bench.sh $(RELEASE_BIN)

clean:
	rm -rf .build reports/current reports/releases reports/.cache reports/.state
