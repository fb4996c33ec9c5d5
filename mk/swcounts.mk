# swcounts.mk - complexity counts of the switch organizations
# (Named after model.mk in the include order: it needs $(NRMODEL).)
# (csrc/model/counts.c, docs/nwn-arch.md section 10) and their unit tests
# against seed 001 Tables 1 and 2 and Fig 5 (tests/unit/test_counts.c,
# tests/unit/test_counts_table1.c, tests/counts.list), and the energy model of
# seed 001 §5.1 (tests/unit/test_energy.c).
COUNTS_TEST := $(BUILD)/tests/unit/test_counts $(BUILD)/tests/unit/test_counts_table1 \
               $(BUILD)/tests/unit/test_energy
$(COUNTS_TEST): $(BUILD)/tests/unit/%: $(BUILD)/obj/tests/unit/%.o $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $< $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS)
$(BUILD)/obj/tests/unit/test_counts.o $(BUILD)/obj/tests/unit/test_counts_table1.o \
$(BUILD)/obj/tests/unit/test_energy.o: CFLAGS += -Itests/unit -Itb/common
TEST_BINS += $(COUNTS_TEST)
UNIT_TARGETS += test-counts
.PHONY: test-counts
test-counts: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(COUNTS_TEST)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/counts.list

# sw_counts: the counts of named configurations as a markdown table; make
# counts (scripts/counts.sh) writes the table of the kit's switches and, from
# Table 1's formulas, seed 001 Table 2's area row and Fig 5's scaling (two
# more tables, a CSV and a PNG) into $(BUILD)/results/counts; make
# publish-counts puts them into docs/results.md and docs/img.
SW_COUNTS := $(BUILD)/bin/sw_counts
$(SW_COUNTS): $(BUILD)/obj/tb/tools/sw_counts.o $(RTL_NONE) $(NRCAT) $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $^ $(NRLIB_LDLIBS)
TEST_BINS += $(SW_COUNTS)
.PHONY: counts
counts: $(BUILD)/.deps-ok $(SW_COUNTS)
	@BUILD=$(BUILD) scripts/counts.sh
UNIT_TARGETS += counts

# energy: seed 001 Fig 12 in the kit (scripts/energy.sh, docs/results.md
# section 4.3): C-model runs of hc, fc, fc6, fc6-isu2 and bb on Fig 12's nine
# patterns, energy per delivered bit, EDP and EDAP relative to hc, a claims
# table and a plot, in $(BUILD)/results/energy (make publish-energy: into
# docs/). A few minutes; not in make test.
.PHONY: energy
energy: $(BUILD)/.deps-ok $(SW_COUNTS) $(BUILD)/bin/rtr_sim $(BUILD)/bin/energy_report
	@BUILD=$(BUILD) scripts/energy.sh
UNIT_TARGETS += energy
