# swcounts.mk - complexity counts of the switch organizations
# (Named after model.mk in the include order: it needs $(NRMODEL).)
# (csrc/model/counts.c, docs/nwn-arch.md section 10) and their unit test
# against seed 001 Tables 1 and 2 (tests/unit/test_counts.c, tests/counts.list).
COUNTS_TEST := $(BUILD)/tests/unit/test_counts
$(COUNTS_TEST): $(BUILD)/obj/tests/unit/test_counts.o $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $< $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS)
$(BUILD)/obj/tests/unit/test_counts.o: CFLAGS += -Itests/unit
TEST_BINS += $(COUNTS_TEST)
UNIT_TARGETS += test-counts
.PHONY: test-counts
test-counts: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(COUNTS_TEST)
	@scripts/regress.sh -j 2 tests/counts.list
