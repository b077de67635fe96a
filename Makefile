# AuraLift Analytics: `make run` and `make test` are all a newcomer needs.
SWIFT ?= swift
DEB_PACKAGES := libsqlite3-dev libcsv-dev libsimdjson-dev libfast-float-dev libxxhash-dev
BROWSER_PACKAGES := chromium python3
SLURM_PACKAGES := slurmctld slurmd slurm-client munge procps python3
## The servers the end-to-end tests start on loopback (PostgreSQL's psql comes with it).
TEST_SERVER_PACKAGES := postgresql-15 postgresql-client-15 python3
KUBERNETES_VERSION := 1.33.0
VALIDATOR_VENV := .build/kubernetes-validate
DELIVERY_VENV := .build/delivery-venv
README_VENV := .build/readme-venv
RELEASE_BIN := .build/release/auralift
BROWSER_OUT := .build/browser-check

.PHONY: deps browser-deps slurm-deps check-packages packages python-tools build run test test-fast golden test-browser test-slurm \
  test-deploy test-delivery test-cron test-readme screenshots bench ci-time eval-real clean

## Install the Debian -dev packages the build links against, only those that are missing.
deps:
	@$(MAKE) --no-print-directory install-missing PACKAGES="$(DEB_PACKAGES)"

## Headless Chromium and Python for the browser check, only if missing.
browser-deps:
	@$(MAKE) --no-print-directory install-missing PACKAGES="$(BROWSER_PACKAGES)"

## Slurm and munge for the sharded-run test, only if missing.
slurm-deps:
	@$(MAKE) --no-print-directory install-missing PACKAGES="$(SLURM_PACKAGES)"

## Every Debian package the checks need beyond the build's, in one apt-get: what .ci/run
## installs beside the build (which needs only `deps`).
check-packages:
	@$(MAKE) --no-print-directory install-missing PACKAGES="$(TEST_SERVER_PACKAGES) \
	  $(BROWSER_PACKAGES) $(SLURM_PACKAGES) python3-venv msmtp"

## Every Debian package the build and the checks need.
packages: deps check-packages

## The Python tools the checks run, each in a virtual environment of its own under .build
## (PyPI): aiosmtpd (test-delivery), pandas (test-readme), kubernetes-validate (test-deploy).
python-tools:
	@$(MAKE) --no-print-directory install-missing PACKAGES="python3-venv"
	@[ -x $(DELIVERY_VENV)/bin/aiosmtpd ] || { python3 -m venv $(DELIVERY_VENV) && \
	  $(DELIVERY_VENV)/bin/pip install -q aiosmtpd; }
	@[ -x $(README_VENV)/bin/python ] && $(README_VENV)/bin/python -c 'import pandas' 2>/dev/null || { \
	  python3 -m venv $(README_VENV) && $(README_VENV)/bin/pip install -q pandas; }
	@[ -x $(VALIDATOR_VENV)/bin/kubernetes-validate ] || { python3 -m venv $(VALIDATOR_VENV) && \
	  $(VALIDATOR_VENV)/bin/pip install -q kubernetes-validate; }

install-missing:
	@missing=""; \
	for package in $(PACKAGES); do \
	  dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && $$sudo apt-get install -y -qq $$missing; \
	fi

## The release build's instruction set: Haswell's (AVX2: a SIMD4<Double>, the rep fit's inner
## loop, in one register instead of two) on an x86-64 CPU that has all of its instructions the
## compiler generates on its own, else the baseline. Neither Swift nor the C targets
## (-ffp-contract=off) fuse a multiply and an add, so results are bit for bit the same; the
## binary runs only on such CPUs. `make build TARGET_CPU=` builds for any x86-64.
HASWELL_FLAGS := avx avx2 fma bmi1 bmi2 movbe f16c popcnt abm
TARGET_CPU ?= $(shell [ "$$(uname -m)" = x86_64 ] && for flag in $(HASWELL_FLAGS); do \
  grep -qw $$flag /proc/cpuinfo || exit 0; done && echo haswell)
RELEASE_FLAGS := $(if $(TARGET_CPU),-Xswiftc -target-cpu -Xswiftc $(TARGET_CPU) \
  -Xcc -march=$(TARGET_CPU) -Xcc -ffp-contract=off)

## One release build serves the tests and every check after them: the tests' build adds the
## test targets and testability (`@testable import` in release needs -enable-testing), and
## `make build WITH_TESTS=1` (what .ci/run passes) asks for the same flags, so it finds that
## build up to date instead of compiling every module again without them.
TEST_BUILD_FLAGS := --build-tests -Xswiftc -enable-testing
build: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(if $(WITH_TESTS),$(TEST_BUILD_FLAGS))

## Run the nightly pipeline on the bundled sample dataset.
run: build
	$(RELEASE_BIN) run pipelines/nightly.yaml

## The whole suite, built in release: the suite computes features on generated and sample
## datasets, and an optimised build runs it several times faster than a debug one.
test: deps
	@$(MAKE) --no-print-directory install-missing PACKAGES="$(TEST_SERVER_PACKAGES)"
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(TEST_BUILD_FLAGS)
	$(SWIFT) test -c release --skip-build --disable-xctest

## After a change meant to change what is published: rewrites Tests/Golden (the digests of the
## CSV exports of the sample and of a generated dataset) for the commit to show.
golden: deps
	$(SWIFT) build --build-tests
	AURALIFT_UPDATE_GOLDEN=1 $(SWIFT) test --skip-build --disable-xctest --filter GoldenOutputTests

## The inner loop: every unit suite, no whole runs (about half a minute after the build).
test-fast: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest --skip EndToEndTests

## Every HTML report of the sample dataset (and of a small sweep), and the same reports with
## the longest reasons the pipeline writes (scripts/long_reasons.py), in headless Chromium at
## 390x844 and 1280x900: fails on console errors, content wider than the viewport, a report's
## table wider than the phone (a sweep's metrics may scroll), text outside its chart or box, a
## link that does not open (a flag's link to its set included), a coach page without every
## athlete of its coach, a coach page longer than 3 phone screens or whose roster's first row
## is not on the first, or an athlete page whose sessions (the details below readiness, weekly
## sets and flags) start past 4. First proves the check fails on pages that break each rule.
test-browser: build browser-deps
	@if python3 scripts/browser_check.py Tests/BrowserFixtures/too-wide-with-error.html >/dev/null 2>&1; then \
	  echo "browser check accepted a broken page"; exit 1; fi
	@if python3 scripts/browser_check.py Tests/BrowserFixtures/clipped-text-and-dead-link.html >/dev/null 2>&1; then \
	  echo "browser check accepted clipped text and dead links"; exit 1; fi
	@if python3 scripts/browser_check.py Tests/BrowserFixtures/long-reason-nowrap.html >/dev/null 2>&1; then \
	  echo "browser check accepted a long reason that scrolls sideways"; exit 1; fi
	rm -rf $(BROWSER_OUT)
	$(RELEASE_BIN) run pipelines/nightly.yaml --out $(BROWSER_OUT)/out >/dev/null
	python3 scripts/long_reasons.py $(BROWSER_OUT)/out/current/auralift.sqlite $(BROWSER_OUT)/long.sqlite
	$(RELEASE_BIN) report --database $(BROWSER_OUT)/long.sqlite --to $(BROWSER_OUT)/long >/dev/null
	$(RELEASE_BIN) sweep pipelines/nightly.yaml --out $(BROWSER_OUT)/out --experiments $(BROWSER_OUT)/experiments \
	  --name browser --set scoring.form.depth_weight=0.2,0.4 >/dev/null
	python3 scripts/browser_check.py --shots $(BROWSER_OUT)/shots \
	  --fold '*/coaches/*.html=body:3' --fold '*/coaches/*.html=table.roster tr.tail:1' \
	  --fold '*/athletes/*.html=#sessions:4' \
	  --fit-tables '*/current/*.html' --roster $(BROWSER_OUT)/out/current/auralift.sqlite \
	  $(BROWSER_OUT)/out/current/index.html \
	  $(BROWSER_OUT)/out/current/coaches/*.html $(BROWSER_OUT)/out/current/athletes/*.html \
	  $(BROWSER_OUT)/experiments/browser-*/sweep.html
	python3 scripts/browser_check.py --fold '*/coaches/*.html=table.roster tr.tail:1' \
	  --roster $(BROWSER_OUT)/long.sqlite $(BROWSER_OUT)/long/coaches/*.html $(BROWSER_OUT)/long/athletes/*.html

## Sharded runs on a real Slurm: a one-node cluster on loopback in a temporary folder, the
## deploy/slurm scripts, and the release binary (scripts/slurm/test_sharded_run.sh).
test-slurm: build slurm-deps
	bash scripts/slurm/test_sharded_run.sh $(RELEASE_BIN)

## Weekly emails through aiosmtpd (PyPI, in a virtual environment of its own) on loopback and
## msmtp (Debian) as the sendmail command (scripts/delivery/test_delivery.sh).
test-delivery: build python-tools
	@$(MAKE) --no-print-directory install-missing PACKAGES="msmtp"
	bash scripts/delivery/test_delivery.sh $(RELEASE_BIN) $(DELIVERY_VENV)/bin/python

## The README's crontab line under cron's environment, and the systemd units beside it
## (scripts/cron/test_cron.sh).
test-cron: build
	bash scripts/cron/test_cron.sh $(RELEASE_BIN)

## Every command line of the README's `sh` blocks, as a reader runs them on the sample
## (scripts/readme/test_readme.sh), with pandas from PyPI in a virtual environment of its own.
test-readme: build python-tools
	bash scripts/readme/test_readme.sh $(RELEASE_BIN) $(README_VENV)/bin/python

## The Kubernetes manifests of deploy/k8s checked against the API's schema (strict: no
## unknown field) by kubernetes-validate from PyPI, in a virtual environment of its own.
test-deploy: python-tools
	@if $(VALIDATOR_VENV)/bin/kubernetes-validate --strict -k $(KUBERNETES_VERSION) --quiet \
	  Tests/DeployFixtures/job-with-unknown-field.yaml >/dev/null 2>&1; then \
	  echo "the manifest check accepted a broken Job"; exit 1; fi
	deploy/k8s/configmap.sh pipelines/nightly.yaml > .build/auralift-configmap.yaml
	@printf 'name: n\nstore: postgresql://auralift:hunter2@db:5432/platform\n' > .build/secret-pipeline.yaml
	@if deploy/k8s/configmap.sh .build/secret-pipeline.yaml 2>/dev/null | grep -q hunter2; then \
	  echo "configmap.sh copied a store password into the ConfigMap"; exit 1; fi
	$(VALIDATOR_VENV)/bin/kubernetes-validate --strict -k $(KUBERNETES_VERSION) deploy/k8s/*.yaml \
	  .build/auralift-configmap.yaml
	bash -n deploy/slurm/submit.sh deploy/slurm/shard.sbatch deploy/slurm/publish.sbatch \
	  deploy/k8s/configmap.sh

## Refresh the screenshots under docs/ (one per report kind) from the browser check's.
screenshots: test-browser
	cp $(BROWSER_OUT)/shots/coaches-c-1-phone.png docs/coach-report-phone.png
	cp $(BROWSER_OUT)/shots/athletes-a-02-phone.png docs/athlete-report-phone.png
	cp $(BROWSER_OUT)/shots/browser-*-sweep-desktop.png docs/sweep-summary-desktop.png

## Benchmarks: generated datasets, cold and no-op runs; results in BENCHMARKS.md.
bench: build
	scripts/bench.sh $(RELEASE_BIN)
	scripts/bench_one_cpu.sh $(RELEASE_BIN)
	scripts/bench_athletes.sh $(RELEASE_BIN)
	scripts/bench_sessions.sh $(RELEASE_BIN)

## A fresh clone's .ci/run, timed step by step; the table goes into BENCHMARKS.md.
ci-time:
	scripts/time_ci.sh

## Rep counts on real public recordings (docs/real-data.md): the table BENCHMARKS.md carries.
eval-real: build
	scripts/realdata/eval_real.sh $(RELEASE_BIN)

clean:
	rm -rf .build reports/current reports/releases reports/.cache reports/.state experiments
