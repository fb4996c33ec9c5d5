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
