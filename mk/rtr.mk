# rtr.mk - the router-level testbench (tb/rtr), its regression (tests/rtr.list)
# and the router experiments: make run, make sweep, make bench.
#
# $(BUILD)/bin/rtr_sim is the C-model binary. Each Verilated router build of
# mk/yarc_rtl.mk (YARC_RTL_OBJS_<name>) is linked into its own
# $(BUILD)/bin/rtr_sim-<config>; rtr_sim hands RTL and lockstep runs to it.
RTR_SRCS := tb/rtr/cfgfile.c tb/rtr/harness.c tb/rtr/org_yarc.c tb/rtr/rtr_sim.c
RTR_OBJS := $(RTR_SRCS:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/tb/lcb/channel.o
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
	@$(MAKE) --no-print-directory $(RTR_BIN)
	@scripts/regress.sh -j 2 tests/rtr.list

# ---- RTL builds: one rtr_sim-<config> per Verilated router of mk/yarc_rtl.mk.
# (mk/yarc_rtl.mk is read after this file: the lists expand late.)
RTR_RTL_BINS = $(foreach c,$(RTR_RTL_CFGS),$(BUILD)/bin/rtr_sim-$(c))

# ---- experiments ----
.PHONY: run sweep-rtr bench
# make run: k=64 UR with LCBs and a small BER, RTL in lockstep with the model
# when the k=64 RTL is built (else the model alone), summary + latency plot.
run: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(RTR_BIN) $(filter %-yarc-k64,$(RTR_RTL_BINS))
	@scripts/rtr_run.sh
# make sweep: load-latency sweeps of the C model at k=64, RTL spot checks,
# CSV + PNG (docs/img/rtr_*), saturation table into docs/results.md.
sweep: sweep-rtr
sweep-rtr: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(RTR_BIN) $(filter %-yarc-k64,$(RTR_RTL_BINS))
	@scripts/rtr_sweep.sh
# make bench: simulated cycles/s and phit-hops/s, model vs RTL, into docs/results.md.
bench: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(RTR_BIN) $(filter %-yarc-k64,$(RTR_RTL_BINS))
	@scripts/rtr_bench.sh
UNIT_TARGETS += sweep-rtr bench run
