# lcb.mk - the LCB pair testbench (tb/lcb; docs/lcb-testbench.md): channel
# model, endpoints, invariants, lockstep against the C model, lcb_sim CLI.
#
#   $(BUILD)/bin/lcb_sim_model        model<->model only (no Verilator)
#   $(BUILD)/bin/lcb_sim              + RTL, default parameters (lcb-default)
#   $(BUILD)/bin/lcb_sim_small        + RTL, small parameters (lcb-small)
#   $(BUILD)/bin/lcb_sim_crc32        + RTL, 32-bit link check (lcb-crc32)
#   $(BUILD)/bin/lcb_sim_trace        + traced RTL, default parameters
#   $(BUILD)/bin/lcb_sim_small_trace  + traced RTL, small parameters
#   $(BUILD)/bin/lcb_test_channel     channel model unit test
# A lockstep divergence reruns the same command with <binary>_trace
# (--waves-on-fail). The RTL binaries exist once mk/lcb_rtl.mk does.
#
#   make test-lcb     tests/lcb.list with scripts/regress.sh -b $(BUILD) -j $(JOBS), then the
#                     randomized link-cycle tally (scripts/lcb_tally.sh)
#   make sweep-lcb    scripts/lcb_sweep.sh: CSV + PNG in build/results/
#
# mk/lcb_rtl.mk and mk/model.mk are read after this file, so prerequisites
# naming their variables use secondary expansion ($$(...)).
.SECONDEXPANSION:

# lcb_sim reads --config entries with the router testbench's strict
# configuration reader (tb/rtr/cfgfile.c; its object gets -Itb/rtr in mk/rtr.mk).
LCB_TB_OBJS := $(patsubst %,$(BUILD)/obj/tb/lcb/%.o,check endpoint port lcb_tb lcb_sim) \
               $(patsubst %,$(BUILD)/obj/tb/common/%.o,channel lcb_rtt linkmon) \
               $(BUILD)/obj/tb/rtr/cfgfile.o
LCB_O := $(BUILD)/obj/tb/lcb
$(LCB_TB_OBJS) $(LCB_O)/port_rtl.o $(LCB_O)/port_nortl.o: CFLAGS += -Itb -Itb/lcb
$(LCB_O)/lcb_sim.o: CFLAGS += -Itb/rtr

LCB_SIM_MODEL := $(BUILD)/bin/lcb_sim_model
$(LCB_SIM_MODEL): $(LCB_TB_OBJS) $(LCB_O)/port_nortl.o $$(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $(filter %.o,$^) $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS)

LCB_TEST_CHANNEL := $(BUILD)/bin/lcb_test_channel
$(LCB_TEST_CHANNEL): $(BUILD)/obj/tb/common/test_channel.o $(BUILD)/obj/tb/common/channel.o $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $^ $(NRLIB_LDLIBS)

LCB_BINS := $(LCB_SIM_MODEL) $(LCB_TEST_CHANNEL)

# The traced glue: same source, it reports that the build can trace.
$(LCB_O)/port_rtl_trace.o: tb/lcb/port_rtl.c | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itb -Itb/lcb -DLCB_RTL_TRACED -c $< -o $@

# $(call lcb_rtl_bin,BINARY,GLUE,RTLBUILD): lcb_sim linked with the RTL build
# RTLBUILD of mk/lcb_rtl.mk (its objects are LCBP_RTL_OBJS_<RTLBUILD>).
define lcb_rtl_bin
$(BUILD)/bin/$(1): $(LCB_TB_OBJS) $(LCB_O)/$(2).o $$$$(LCBP_RTL_OBJS_$(3)) $$$$(NRMODEL) $(NRLIB)
	@mkdir -p $$(@D)
	$(CXX) -o $$@ $(LCB_TB_OBJS) $(LCB_O)/$(2).o $$(LCBP_RTL_OBJS_$(3)) $$(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS) $(VLIBS)
LCB_BINS += $(BUILD)/bin/$(1)
endef
ifneq ($(wildcard mk/lcb_rtl.mk),)
$(eval $(call lcb_rtl_bin,lcb_sim,port_rtl,default))
$(eval $(call lcb_rtl_bin,lcb_sim_small,port_rtl,small))
$(eval $(call lcb_rtl_bin,lcb_sim_crc32,port_rtl,crc32))
$(eval $(call lcb_rtl_bin,lcb_sim_trace,port_rtl_trace,trace))
$(eval $(call lcb_rtl_bin,lcb_sim_small_trace,port_rtl_trace,small_trace))
endif

TEST_BINS += $(LCB_BINS)
UNIT_TARGETS += test-lcb sweep-lcb
.PHONY: test-lcb sweep-lcb lcb-bins
lcb-bins: $(LCB_BINS)
# lcb-bins as a prerequisite, not a recursive make: `make -j2 test-lcb
# test-model` then builds the model library once.
test-lcb: $(BUILD)/.deps-ok lcb-bins
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/lcb.list; rc=$$?; scripts/lcb_tally.sh $(BUILD)/regress; exit $$rc
sweep-lcb: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory lcb-bins
	scripts/lcb_sweep.sh -j 2 $(BUILD)/bin
