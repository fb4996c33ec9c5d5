# tools.mk - the regression of the scripts themselves (tests/scripts.list;
# mutate-selftest needs the FIFO cell test $(CELLS_BIN)/fifo_d3). The JUnit
# report regress.sh writes is read back by scripts/junit_check.py (Python's
# xml.etree).
UNIT_TARGETS += test-scripts
.PHONY: test-scripts
test-scripts: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(RTR_BIN) $(CELLS_BIN)/fifo_d3
	@scripts/regress.sh -b $(BUILD) -j 2 tests/scripts.list
