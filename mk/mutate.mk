# mutate.mk - make mutate: mutation testing of the regression (issue 13 §5).
# scripts/mutate.sh checks tests/mutate/mutants.list (each mutant a one-line
# edit of rtl/, or of csrc/ for a C-model-only policy, and the regression
# entries that should catch it) and runs the mutants as the entries of a
# regression list (scripts/regress.sh: parallel, time-limited, with
# progress), each one scripts/mutant.sh: a scratch copy of
# the tree that re-Verilates only the builds reading the edited file, and the
# named tests on it. The table and "mutants: N caught of M (P %)" also go to
# $(BUILD)/mutate/summary.txt (summary-part.txt for a part of the list; one
# run at a time per BUILD). Not part of make test (docs/testplan.md,
# "Mutation testing"); make test runs its self-test (mutate-selftest in
# tests/scripts.list). MUTANTS="id ..." runs only those.
MUTANTS ?=
UNIT_TARGETS += mutate
.PHONY: mutate
mutate: $(BUILD)/.deps-ok
	@scripts/mutate.sh -b $(BUILD) -j $(JOBS) $(MUTANTS)
