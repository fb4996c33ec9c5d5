# smoke_args.mk - the RTL smoke test's command line (tb/common/rtl_smoke.c, with
# each router top's tb/<top>/smoke_dut.c), tested without Verilator: the same
# objects linked with tests/unit/rtl_stub.c, whose first "RTL" call exits 3.
# tests/smoke_args.list checks that bad arguments exit 2 and good ones get as
# far as the RTL.
SMOKE_ARGS_BINS := $(BUILD)/tests/unit/yarc_smoke_args $(BUILD)/tests/unit/nwn_smoke_args
$(BUILD)/tests/unit/%_smoke_args: $(BUILD)/obj/tb/common/rtl_smoke.o $(BUILD)/obj/tb/%/smoke_dut.o \
    $(BUILD)/obj/tests/unit/rtl_stub.o $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $(filter %.o,$^) $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS)
TEST_BINS += $(SMOKE_ARGS_BINS)
