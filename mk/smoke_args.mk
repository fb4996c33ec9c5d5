# smoke_args.mk - the RTL smoke test's argument handling without Verilator
# (tests/smoke_args.list): the test's objects linked with a stub build
# (tests/unit/rtl_stub.c) whose router exits 3 when made.
SMOKE_ARGS_BINS := $(BUILD)/tests/unit/smoke_args
$(SMOKE_ARGS_BINS): $(BUILD)/obj/tb/common/rtl_smoke.o $(BUILD)/obj/tests/unit/rtl_stub.o $(NRCAT) \
    $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $(filter %.o,$^) $(NRCAT) $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS)
TEST_BINS += $(SMOKE_ARGS_BINS)
