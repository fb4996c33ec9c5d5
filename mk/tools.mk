# tools.mk - small C tools of the verification flow (tb/tools) and the
# regression of the scripts themselves (tests/scripts.list; mutate-selftest
# needs the FIFO cell test $(CELLS_BIN)/fifo_d3).
#   $(BUILD)/bin/junit_check  strict XML parser + JUnit checks of a report
#                             (regress.sh writes $(BUILD)/regress/junit.xml)
JUNIT_CHECK := $(BUILD)/bin/junit_check
$(JUNIT_CHECK): $(BUILD)/obj/tb/tools/junit_check.o
	@mkdir -p $(@D)
	$(CC) $(NO_LTO) -o $@ $<
TEST_BINS += $(JUNIT_CHECK)
UNIT_TARGETS += test-scripts
.PHONY: test-scripts
test-scripts: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(JUNIT_CHECK) $(RTR_BIN) $(CELLS_BIN)/fifo_d3
	@scripts/regress.sh -b $(BUILD) -j 2 tests/scripts.list
