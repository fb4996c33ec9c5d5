# mutate.mk - make mutate: mutation testing of the regression (issue 13 §5).
# scripts/mutate.sh builds each seeded one-line RTL bug of
# tests/mutate/mutants.list in a scratch copy of the tree, reusing the
# Verilated builds of $(BUILD) that the edit cannot change, runs the
# regression entries the list names, and reports which mutants the
# regression catches: the table and the score line "mutants: N caught of M
# (P %)" (also in $(BUILD)/mutate/summary.txt). Not part of make test: 7 min
# 18 s for 45 mutants on 2 shared cores (docs/testplan.md, "Mutation
# testing"); make test runs its self-test (mutate-selftest in
# tests/scripts.list). MUTANTS="id ..." runs only those.
MUTANTS ?=
UNIT_TARGETS += mutate
.PHONY: mutate
mutate: $(BUILD)/.deps-ok
	@scripts/mutate.sh -b $(BUILD) -j $(JOBS) $(MUTANTS)
