# rtr.mk - the router-level testbench (tb/rtr), its regression (tests/rtr.list)
# and the router experiments: make run, make sweep, make bench.
#
# $(BUILD)/bin/rtr_sim is the C-model binary. Each Verilated router build of
# mk/yarc_rtl.mk (YARC_RTL_OBJS_<name>) and mk/nwn_rtl.mk (NWN_RTL_OBJS_<name>)
# is linked into its own
# $(BUILD)/bin/rtr_sim-<config>; rtr_sim hands RTL and lockstep runs to it.
RTR_SRCS := tb/rtr/cfgfile.c tb/rtr/harness.c tb/rtr/orgs.c tb/rtr/org_yarc.c tb/rtr/org_nwn.c \
            tb/rtr/tables.c \
            tb/rtr/rtr_sim.c
RTR_OBJS := $(RTR_SRCS:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/tb/common/channel.o $(BUILD)/obj/tb/common/lcb_rtt.o \
            $(BUILD)/obj/tb/common/linkmon.o
RTR_BIN := $(BUILD)/bin/rtr_sim
$(RTR_OBJS) $(BUILD)/obj/tb/rtr/rtl_none.o: CFLAGS += -Itb/rtr -Itb/lcb

$(RTR_BIN): $(RTR_OBJS) $(BUILD)/obj/tb/rtr/rtl_none.o $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $(RTR_OBJS) $(BUILD)/obj/tb/rtr/rtl_none.o $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS)

# The binary needs the YARC C model (csrc/model/yarc*.c).
ifneq ($(wildcard csrc/model/yarc.c),)
TEST_BINS += $(RTR_BIN)
endif
UNIT_TARGETS += test-rtr
.PHONY: test-rtr
test-rtr: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory rtr-bins
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/rtr.list
# The network switches (fc, bb, cn) in lockstep with their C model.
UNIT_TARGETS += test-nwn-rtr
.PHONY: test-nwn-rtr
test-nwn-rtr: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory rtr-bins
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/nwn_rtr.list

# ---- RTL builds: one rtr_sim-<variant> per Verilated router build of
# mk/yarc_rtl.mk and mk/nwn_rtl.mk. A variant is config:OBJS:ORG, where $(OBJS)
# is that build's objects (shim + library) and ORG picks the C API of
# tb/rtr/rtl_glue.c; a variant ending in -trace is its configuration's
# FST-traced build. The build makefiles define their OBJS variables in any
# order, so everything naming them expands late (recursive variables, secondary
# expansion). A variant whose build is not defined is simply not made; rtr_sim
# then says the RTL is missing.
.SECONDEXPANSION:
RTR_NWN_CFGS := cn-k16 fc-k16 bb-k16 fc-isu2-k16 cn-k16-bare fc-k16-bare bb-k16-bare fc-k16-crc32 \
                cn-k32 fc-k32 bb-k32 cn-k64 fc-k64 fc6-k64 fc6-isu2-k64 bb-k64
RTR_RTL_VARIANTS := yarc-k16:YARC_RTL_OBJS_k16:YARC yarc-k32:YARC_RTL_OBJS_k32:YARC \
    yarc-k64:YARC_RTL_OBJS_k64:YARC yarc-k16-bare:YARC_RTL_OBJS_k16_bare:YARC \
    yarc-k16-crc32:YARC_RTL_OBJS_k16_crc32:YARC \
    yarc-k16-trace:YARC_RTL_OBJS_k16_trace:YARC yarc-k32-trace:YARC_RTL_OBJS_k32_trace:YARC \
    yarc-k64-trace:YARC_RTL_OBJS_k64_trace:YARC \
    $(foreach c,$(RTR_NWN_CFGS),$(c):NWN_RTL_OBJS_$(subst -,_,$(c)):NWN \
                                $(c)-trace:NWN_RTL_OBJS_$(subst -,_,$(c))_trace:NWN)
# Variants made by `make test`: every untraced build, and the traced k=16 YARC
# and fc builds (the lockstep self-test reruns a divergence with them); the
# other traced builds are flat and only made on demand.
RTR_RTL_TEST_TRACES := yarc-k16-trace fc-k16-trace
# RTR_GEN_VARIANTS: the configurations of mk/usercfg.mk (any other nr_yarc or
# nr_nwn configuration of $(NR_CONFIGS), built on demand only).
rtr_var = $(firstword $(filter $(1):%,$(RTR_RTL_VARIANTS)) $(filter $(1):%,$(RTR_GEN_VARIANTS)))
rtr_objs_of = $($(word 2,$(subst :, ,$(call rtr_var,$(1)))))
rtr_org_of = $(word 3,$(subst :, ,$(call rtr_var,$(1))))
RTR_RTL_ALL_BINS = $(foreach v,$(RTR_RTL_VARIANTS),$(if $($(word 2,$(subst :, ,$(v)))),$(BUILD)/bin/rtr_sim-$(word 1,$(subst :, ,$(v)))))
RTR_RTL_BINS = $(filter-out $(filter-out $(RTR_RTL_TEST_TRACES:%=$(BUILD)/bin/rtr_sim-%),$(filter %-trace,$(RTR_RTL_ALL_BINS))),$(RTR_RTL_ALL_BINS))

# The glue objects are made by a pattern rule through secondary expansion;
# keep them (make would delete them as intermediate and relink every time).
.SECONDARY: $(foreach v,$(RTR_RTL_VARIANTS),$(BUILD)/obj/tb/rtr/glue/$(word 1,$(subst :, ,$(v))).o)
$(BUILD)/obj/tb/rtr/glue/%.o: tb/rtr/rtl_glue.c | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itb/rtr -Itb/lcb -Itb -DRTR_GLUE_$(call rtr_org_of,$*) \
	    -DRTR_RTL_CFG='"$(patsubst %-trace,%,$*)"' -DRTR_RTL_TRACED=$(if $(filter %-trace,$*),1,0) \
	    -DRTR_RTL_MAKE_TARGET='"$(BUILD)/bin/rtr_sim-$*"' \
	    -c $< -o $@
$(BUILD)/bin/rtr_sim-%: $(RTR_OBJS) $(BUILD)/obj/tb/rtr/glue/%.o $$(call rtr_objs_of,$$*) $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CXX) -o $@ $(RTR_OBJS) $(BUILD)/obj/tb/rtr/glue/$*.o $(call rtr_objs_of,$*) \
	    $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS) $(VLIBS)
ifneq ($(wildcard csrc/model/yarc.c),)
TEST_BINS += $(RTR_RTL_BINS)
endif
.PHONY: rtr-bins
rtr-bins: $(RTR_BIN) $$(RTR_RTL_BINS)

# ---- experiments ----
.PHONY: run sweep-rtr bench
# make run: k=64 UR with LCBs and a small BER, RTL in lockstep with the model
# when the k=64 RTL is built (else the model alone), summary + latency plot.
run: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(RTR_BIN) $(filter %-yarc-k64,$(RTR_RTL_BINS))
	@scripts/rtr_run.sh
# make sweep: load-latency sweeps of the C model at k=64, RTL spot checks,
# CSV + PNG (docs/img/rtr_*), saturation table into docs/results.md; then the
# seed 001 experiments of the network switches (sweep-nwn, docs/img/nwn_*).
sweep: sweep-rtr sweep-nwn
.PHONY: sweep-nwn
sweep-nwn: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(RTR_BIN)
	@scripts/nwn_sweep.sh
sweep-rtr: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(RTR_BIN) $(filter %-yarc-k64,$(RTR_RTL_BINS))
	@scripts/rtr_sweep.sh
# make bench: simulated cycles/s and phit-hops/s, model vs RTL, into docs/results.md.
bench: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(RTR_BIN) $(filter %-yarc-k64,$(RTR_RTL_BINS))
	@scripts/rtr_bench.sh
UNIT_TARGETS += sweep-rtr sweep-nwn bench run
