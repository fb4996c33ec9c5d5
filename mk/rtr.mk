# rtr.mk - the router-level testbench (tb/rtr), its regression (tests/rtr.list)
# and the router experiments: make run, make sweep, make bench.
#
# $(BUILD)/bin/rtr_sim is the C-model binary. Each Verilated router build of
# mk/rtl_builds.mk is linked into its own $(BUILD)/bin/rtr_sim-<config>
# (below); rtr_sim hands RTL and lockstep runs to it.
RTR_SRCS := tb/rtr/harness.c tb/rtr/ep_lcb.c tb/rtr/ep_bare.c tb/rtr/rtr_sim.c
RTR_OBJS := $(RTR_SRCS:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/tb/common/channel.o $(BUILD)/obj/tb/common/lcb_rtt.o \
            $(BUILD)/obj/tb/common/linkmon.o $(BUILD)/obj/tb/common/trafopt.o $(BUILD)/obj/tb/common/progrun.o
RTR_BIN := $(BUILD)/bin/rtr_sim
$(RTR_OBJS): CFLAGS += -Itb/rtr -Itb/lcb

$(RTR_BIN): $(RTR_OBJS) $(RTL_NONE) $(NRCAT) $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) $(MODEL_LTO_LDFLAGS) -o $@ $(RTR_OBJS) $(RTL_NONE) $(NRCAT) $(NRMODEL) $(NRLIB) -lm

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

# ---- RTL programs: rtr_sim-NAME and rtr_sim-NAME-trace for every router
# (RTR_TOPS) configuration of $(NR_CONFIGS) (on demand), linked with its
# build of mk/rtl_builds.mk and the one RTL glue object $(RTR_GLUE) (the
# Makefile); make test makes those of the configurations whose builds column
# has rtl (and trace). rtr_sim hands RTL and lockstep runs to them.
# $(call rtr_rtl,PROGRAM-SUFFIX,TOP)
define rtr_rtl
$(call vlink,$(BUILD)/bin/rtr_sim-$(1),$(1),$(2),$(RTR_OBJS) $(RTR_GLUE))
endef
$(foreach c,$(call cfg_of,$(RTR_TOPS)),$(eval $(call rtr_rtl,$(c),$(CFG_TOP_$(c)))) \
                                          $(eval $(call rtr_rtl,$(c)-trace,$(CFG_TOP_$(c)))))
RTR_RTL_BINS := $(foreach c,$(call cfg_with,rtl,$(RTR_TOPS)),$(BUILD)/bin/rtr_sim-$(c)) \
                $(foreach c,$(call cfg_with,trace,$(RTR_TOPS)),$(BUILD)/bin/rtr_sim-$(c)-trace)
ifneq ($(wildcard csrc/model/yarc.c),)
TEST_BINS += $(RTR_RTL_BINS)
endif
.PHONY: rtr-bins
rtr-bins: $(RTR_BIN) $(RTR_RTL_BINS)

# ---- experiments ----
.PHONY: run sweep-rtr bench
# make run: k=64 UR with LCBs and a small BER, RTL in lockstep with the model
# when the k=64 RTL is built (else the model alone), summary + latency plot.
run: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(RTR_BIN) $(BUILD)/bin/rtr_sim-yarc-k64
	@BUILD=$(BUILD) scripts/rtr_run.sh
# make sweep: load-latency sweeps of the C model at k=64, RTL spot checks,
# CSV + PNG, saturation table; then the seed 001 experiments of the network
# switches (sweep-nwn). Results in $(BUILD)/results; make publish-sweep puts
# complete ones into docs/results.md and docs/img (mk/publish.mk).
sweep: sweep-rtr sweep-nwn
.PHONY: sweep-nwn
sweep-nwn: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(RTR_BIN) $(BUILD)/bin/sweep_report
	@BUILD=$(BUILD) scripts/nwn_sweep.sh
sweep-rtr: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(RTR_BIN) $(BUILD)/bin/rtr_sim-yarc-k64 $(BUILD)/bin/sweep_report
	@BUILD=$(BUILD) scripts/rtr_sweep.sh
# make bench: simulated cycles/s and phit-hops/s, model vs RTL (make
# publish-bench puts the tables into docs/results.md); then the tree against
# an older commit in the same run
# (scripts/bench_base.sh: BENCH_BASE=REV, default 4c9c9e7, the commit before
# issue 44's speed work; BENCH_BASE_RTL=1 compares the RTL too, Verilating
# REV's). make bench-base: that comparison alone (the C model, minutes).
BENCH_BASE ?= 4c9c9e7
bench: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(RTR_BIN) $(BUILD)/bin/rtr_sim-yarc-k64
	@BUILD=$(BUILD) scripts/rtr_bench.sh
	@BUILD=$(BUILD) BENCH_BASE=$(BENCH_BASE) scripts/bench_base.sh $(if $(BENCH_BASE_RTL),-R)
.PHONY: bench-base
bench-base: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(RTR_BIN)
	@BUILD=$(BUILD) BENCH_BASE=$(BENCH_BASE) scripts/bench_base.sh
UNIT_TARGETS += sweep-rtr sweep-nwn bench bench-base run
