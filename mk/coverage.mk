# coverage.mk - make coverage: the RTL regression's line, branch and toggle
# coverage (scripts/coverage.sh, issue 13). Instrumented builds (COVERAGE=1)
# in $(COV_BUILD), default build-cov; not part of make test.
COV_BUILD ?= build-cov
UNIT_TARGETS += coverage
.PHONY: coverage
coverage:
	@scripts/coverage.sh -b $(COV_BUILD) -j $(JOBS)
