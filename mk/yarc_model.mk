# yarc_model.mk - unit tests and speed benchmark of the YARC C model
# (csrc/model/yarc*.c). The model's objects go into $(NRMODEL) through the
# csrc/model/*.c wildcard of mk/model.mk; nothing else to build here.
#
#   make test-yarc-model    the YARC model unit tests (also part of make test)
#   make bench-yarc-model   cycles/s and phit-hops/s at k=64 (not in make test)
YARC_MODEL_TESTS := yarc_model yarc_model_flow yarc_model_rand
YARC_MODEL_TEST_BINS := $(YARC_MODEL_TESTS:%=$(BUILD)/tests/unit/test_%)
$(YARC_MODEL_TEST_BINS): $(BUILD)/tests/unit/%: $(BUILD)/obj/tests/unit/%.o $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $< $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS)
$(YARC_MODEL_TEST_BINS:$(BUILD)/tests/unit/%=$(BUILD)/obj/tests/unit/%.o): CFLAGS += -Itests/unit -Itb/common -Icsrc/model

TEST_BINS += $(YARC_MODEL_TEST_BINS)
UNIT_TARGETS += test-yarc-model
.PHONY: test-yarc-model
test-yarc-model: $(BUILD)/.deps-ok $(NRMODEL) $(YARC_MODEL_TEST_BINS)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/yarc_model.list

YARC_BENCH := $(BUILD)/bin/yarc_model_bench
$(YARC_BENCH): $(BUILD)/obj/tb/yarc/model_bench.o $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $< $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS)
TEST_BINS += $(YARC_BENCH)
UNIT_TARGETS += bench-yarc-model
.PHONY: bench-yarc-model
# BENCH_ARGS: e.g. "-m bare -l 0.1,0.5,0.9 -n 50000"
bench-yarc-model: $(BUILD)/.deps-ok $(YARC_BENCH)
	@echo "# $$(nproc) cores, $$(lscpu | sed -n 's/^Model name: *//p')"
	$(YARC_BENCH) $(BENCH_ARGS)
