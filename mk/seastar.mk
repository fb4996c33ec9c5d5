# seastar.mk - the directed unit tests of the SeaStar router model
# (csrc/model/seastar.c, docs/seastar-arch.md; tests/unit/test_seastar.c, run
# by tests/seastar.list with the router testbench's entries).
#
#   make test-seastar    the SeaStar model's tests (also part of make test)
$(eval $(call model_tests,test-seastar,SEASTAR_TEST_BINS,seastar,tests/seastar.list))

# make fig89: merging fairness, [AK11 §8.2.4.1] Fig 8.9(a), on a line of 8
# SeaStar routers under the three AGE_RR_SELECT settings (scripts/fig89.sh,
# seconds); make publish-fig89 puts its table into docs/seastar-arch.md.
.PHONY: fig89
fig89: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(BUILD)/bin/net_sim
	@BUILD=$(BUILD) scripts/fig89.sh
UNIT_TARGETS += fig89

# The RTL (rtl/seastar): make test-seastar-rtl (mk/rtl_builds.mk) runs the
# smoke tests and tests/seastar_rtl.list, whose lockstep runs need the
# router programs; the network of RTL routers in tests/net_rtl.list needs
# net_sim-seastar-8.
SEASTAR_RTL_BINS := $(foreach c,$(call cfg_with,rtl,nr_seastar),$(BUILD)/bin/rtr_sim-$(c))
test-seastar-rtl: $(SEASTAR_RTL_BINS)
# test_seastar_rtl: the LUT rewrite under traffic of test_seastar
# (tests/unit/ss_rewrite.h) on the RTL of seastar-s, in tests/seastar_rtl.list.
SEASTAR_RTL_UNIT := $(BUILD)/tests/unit/test_seastar_rtl
$(eval $(call vlink,$(SEASTAR_RTL_UNIT),seastar-s,nr_seastar,$(BUILD)/obj/tests/unit/test_seastar_rtl.o))
$(BUILD)/obj/tests/unit/test_seastar_rtl.o: CFLAGS += -Itests/unit -Itb/common -Icsrc/model
test-seastar-rtl: $(SEASTAR_RTL_UNIT)
TEST_BINS += $(SEASTAR_RTL_UNIT)
NET_RTL_BINS += $(BUILD)/bin/net_sim-seastar-8
TEST_BINS += $(BUILD)/bin/net_sim-seastar-8
