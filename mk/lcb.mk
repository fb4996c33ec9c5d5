# lcb.mk - the LCB pair testbench (tb/lcb; docs/lcb-testbench.md): channel
# model, endpoints, invariants, lockstep against the C model, lcb_sim CLI.
#
#   $(BUILD)/bin/lcb_sim_model         model<->model only (no Verilator)
#   $(BUILD)/bin/lcb_sim-CFG           + RTL: the build of configuration CFG
#                                      (mk/rtl_builds.mk), for every nr_lcb_port
#                                      configuration (make test: those with rtl)
#   $(BUILD)/bin/lcb_sim-CFG-trace     + traced RTL (make test: those with trace)
#   $(BUILD)/bin/lcb_sim[-trace]       links to lcb_sim-lcb-default[-trace]
#   $(BUILD)/bin/lcb_test_channel      channel model unit test
#   $(BUILD)/bin/lcb_test_nic          NIC component unit test (tb/common/nic.h)
# A lockstep divergence reruns the same command with <binary>-trace
# (--waves-on-fail).
#
#   make test-lcb     tests/lcb.list with scripts/regress.sh -b $(BUILD) -j $(JOBS), then the
#                     randomized link-cycle tally (scripts/lcb_tally.sh)
#   make sweep-lcb    scripts/lcb_sweep.sh: CSV + PNG in build/results/ (make
#                     publish-sweep-lcb: the plots into docs/img, the tables
#                     into docs/lcb-results.md)
#
# lcb_sim reads --config entries with the router testbench's strict
# configuration reader (the catalog, tb/catalog).
LCB_TB_OBJS := $(patsubst %,$(BUILD)/obj/tb/lcb/%.o,check endpoint port lcb_tb lcb_sim) \
               $(patsubst %,$(BUILD)/obj/tb/common/%.o,channel lcb_rtt linkmon progrun)
LCB_O := $(BUILD)/obj/tb/lcb
$(LCB_TB_OBJS) $(LCB_O)/port_rtl.o $(LCB_O)/port_nortl.o: CFLAGS += -Itb -Itb/lcb

LCB_SIM_MODEL := $(BUILD)/bin/lcb_sim_model
$(LCB_SIM_MODEL): $(LCB_TB_OBJS) $(LCB_O)/port_nortl.o $(RTL_NONE) $(NRCAT) $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $(filter %.o,$^) $(NRCAT) $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS)

LCB_TEST_CHANNEL := $(BUILD)/bin/lcb_test_channel
$(LCB_TEST_CHANNEL): $(BUILD)/obj/tb/common/test_channel.o $(BUILD)/obj/tb/common/channel.o $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $^ $(NRLIB_LDLIBS)

# the NIC component (tb/common/nic.h): two NICs back to back
LCB_TEST_NIC := $(BUILD)/bin/lcb_test_nic
$(LCB_TEST_NIC): $(BUILD)/obj/tb/common/test_nic.o $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $< $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS)

LCB_BINS := $(LCB_SIM_MODEL) $(LCB_TEST_CHANNEL) $(LCB_TEST_NIC)

# The traced glue: same source, it reports that the build can trace.
$(LCB_O)/port_rtl_trace.o: tb/lcb/port_rtl.c | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itb -Itb/lcb -DLCB_RTL_TRACED -c $< -o $@

# lcb_sim-CFG[-trace]: lcb_sim linked with the build of CFG (the traced glue
# with the traced build)
LCB_CFGS := $(call cfg_of,nr_lcb_port)
$(foreach c,$(LCB_CFGS),$(eval $(call vlink,$(BUILD)/bin/lcb_sim-$(c),$(c),nr_lcb_port,$(LCB_TB_OBJS) $(LCB_O)/port_rtl.o)) \
    $(eval $(call vlink,$(BUILD)/bin/lcb_sim-$(c)-trace,$(c)-trace,nr_lcb_port,$(LCB_TB_OBJS) $(LCB_O)/port_rtl_trace.o)))
$(BUILD)/bin/lcb_sim: $(BUILD)/bin/lcb_sim-lcb-default
	ln -sf lcb_sim-lcb-default $@
$(BUILD)/bin/lcb_sim-trace: $(BUILD)/bin/lcb_sim-lcb-default-trace
	ln -sf lcb_sim-lcb-default-trace $@
LCB_BINS += $(foreach c,$(call cfg_with,rtl,nr_lcb_port),$(BUILD)/bin/lcb_sim-$(c)) \
            $(foreach c,$(call cfg_with,trace,nr_lcb_port),$(BUILD)/bin/lcb_sim-$(c)-trace) \
            $(BUILD)/bin/lcb_sim $(BUILD)/bin/lcb_sim-trace

TEST_BINS += $(LCB_BINS)
UNIT_TARGETS += test-lcb sweep-lcb
.PHONY: test-lcb sweep-lcb lcb-bins
lcb-bins: $(LCB_BINS)
# lcb-bins as a prerequisite, not a recursive make: `make -j2 test-lcb
# test-model` then builds the model library once.
test-lcb: $(BUILD)/.deps-ok lcb-bins $(BUILD)/bin/sweep_report
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/lcb.list; rc=$$?; BUILD=$(BUILD) scripts/lcb_tally.sh $(BUILD)/regress; exit $$rc
sweep-lcb: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory lcb-bins
	scripts/lcb_sweep.sh -j 2 $(BUILD)/bin
