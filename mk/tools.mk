# tools.mk - the regression of the scripts themselves (tests/scripts.list;
# mutate-selftest needs the FIFO cell test $(CELLS_BIN)/fifo_d3). The JUnit
# report regress.sh writes is read back by scripts/junit_check.py (Python's
# xml.etree).
UNIT_TARGETS += test-scripts
.PHONY: test-scripts
test-scripts: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(RTR_BIN) $(CELLS_BIN)/fifo_d3 $(REPORT_BINS)
	@scripts/regress.sh -b $(BUILD) -j 2 tests/scripts.list

# The report programs of the result flows (tb/tools): the sweeps' tables
# (sweep_report), seed 001 Fig 12's join (energy_report) and the coverage
# summary (cov_summary). The scripts run the simulations; these compute.
REPORT_BINS := $(BUILD)/bin/sweep_report $(BUILD)/bin/energy_report $(BUILD)/bin/cov_summary
$(BUILD)/bin/sweep_report: $(BUILD)/obj/tb/tools/sweep_report.o $(BUILD)/obj/tb/tools/csvtab.o
$(BUILD)/bin/energy_report: $(BUILD)/obj/tb/tools/energy_report.o $(BUILD)/obj/tb/tools/csvtab.o
$(BUILD)/bin/cov_summary: $(BUILD)/obj/tb/tools/cov_summary.o
$(REPORT_BINS): $(NRLIB)
	@mkdir -p $(@D)
	$(CC) $(NO_LTO) -o $@ $(filter %.o,$^) $(NRLIB)
TEST_BINS += $(REPORT_BINS)
.PHONY: report-bins
report-bins: $(REPORT_BINS)
