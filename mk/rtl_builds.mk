# rtl_builds.mk - every Verilated build of a named configuration, and the
# smoke tests, made from the builds column of configs/configs.txt (the only
# list of builds; scripts/cfg.sh --make turns it into the CFG_* variables of
# the Makefile). Add a build by adding its kind to a configuration's line.
#
# Every configuration whose top is nr_yarc, nr_nwn or nr_lcb_port has two
# Verilated builds, made on demand (make test makes those the column names):
#   $(BUILD)/v/NAME        hierarchy blocks (RB_HIER_<top>): the top is only
#                          wiring, each block is compiled once per build
#   $(BUILD)/v/NAME-trace  flat, FST tracing, the trace options of the top
#                          (Verilator 5.006 cannot trace inside hierarchy
#                          blocks: the traced model crashes in
#                          VerilatedFst::addModel)
# each the Verilated library libV<top>.a and the shim object shim.o of
# tb/shim/<top>_shim.cpp (the Makefile's vtop). Programs link one build with
# the Makefile's vlink; the router programs rtr_sim-NAME are in mk/rtr.mk,
# the LCB ones lcb_sim-NAME in mk/lcb.mk, the SystemC ones rtr_sc-NAME (their
# own --sc build NAME-sc) in mk/sc.mk.
# A build is remade when its configuration's line changes (the Makefile's
# per-configuration stamps) or a file Verilator read for it does (its
# deps.mk, from Verilator's dependency file; scripts/rtl_deps.sh chooses the
# files Verilator is given), and no other time. Before Verilator runs on a router
# configuration, $(BUILD)/bin/cfg_check (mk/usercfg.mk) applies the C model's
# parameter rules to it and stops the build with the broken rule.
#
# Smoke tests: build/tests/smoke/NAME for every router configuration (nr_yarc,
# nr_nwn) with "smoke", from the router smoke test and its top's facts
# (RB_SMOKE_<top>). An LCB port configuration's smoke runs are lcb_sim runs of
# two RTL ports (tests/lcb_rtl.list), and scripts/cfg.sh refuses "smoke" on it.
#
#   make test-yarc-rtl, test-nwn-rtl   the smoke tests and
#                       tests/yarc_rtl.list, nwn_rtl.list
#   make test-lcb-rtl   two RTL LCB ports through lcb_sim, tests/lcb_rtl.list

# ---- what each top needs (facts about the tops, not a list of builds) ----
RB_TOPS := nr_yarc nr_nwn nr_lcb_port
# Verilator options of the untraced and the traced build. --split 2000 keeps
# the generated C++ functions small: a cn subswitch is one big crossbar, and
# g++ time grows faster than linearly with function size (cn-k32: 12 min
# without, 2 min with). The flat traced routers compile at -O0.
RB_HIER_nr_yarc := --hier nr_yarc_tile
RB_HIER_nr_nwn := --hier nr_nwn_port --hier nr_nwn_sub --split 2000
RB_HIER_nr_lcb_port :=
RB_TRACE_nr_yarc := --opt 0
RB_TRACE_nr_nwn := --opt 0 --split 2000
RB_TRACE_nr_lcb_port :=
# the shim's C API and its define for a traced build (the router shims share
# tb/shim/rtr_shim.hpp, which reads the parameters of both tops)
RB_API_rtr := tb/shim/rtr_shim.hpp tb/shim/port_bits.hpp tb/rtl_build.h csrc/include/nr_yarc.h csrc/include/nr_nwn.h \
              csrc/include/nr_router.h csrc/include/nr_lcb.h
RB_API_nr_yarc := tb/yarc_rtl.h $(RB_API_rtr)
RB_API_nr_nwn := tb/nwn_rtl.h $(RB_API_rtr)
RB_API_nr_lcb_port := tb/lcb_rtl.h csrc/include/nr_lcb.h
RB_TRDEF_nr_yarc := -DNR_YARC_TRACE
RB_TRDEF_nr_nwn := -DNR_NWN_TRACE
RB_TRDEF_nr_lcb_port := -DNR_LCBP_TRACE
# router tops get the C model's parameter check before Verilator runs
RB_CHECKED := nr_yarc nr_nwn
# the smoke test of a router top: the one router smoke test
# (tb/common/rtl_smoke.c) with the facts of its top (tb/<top>/smoke_dut.c,
# tb/common/smoke_dut.h)
RB_SMOKE_rtr := $(BUILD)/obj/tb/common/rtl_smoke.o
RB_SMOKE_nr_yarc := $(RB_SMOKE_rtr) $(BUILD)/obj/tb/yarc/smoke_dut.o
RB_SMOKE_nr_nwn := $(RB_SMOKE_rtr) $(BUILD)/obj/tb/nwn/smoke_dut.o

# ---- the builds ----
RB_CFGS := $(call cfg_of,$(RB_TOPS))
# $(call rb_model,NAME,TOP): the two builds of configuration NAME
define rb_model
$(call vtop,$(1),$(2),$(CFG_GP_$(1)) $(RB_HIER_$(2)))
$(call vtop,$(1)-trace,$(2),$(CFG_GP_$(1)) $(RB_TRACE_$(2)),--trace)
$(BUILD)/v/$(1)/libV$(2).a $(BUILD)/v/$(1)-trace/libV$(2).a: $(call cfg_stamp,$(1)) \
    $(if $(filter $(2),$(RB_CHECKED)),| $(BUILD)/cfg/$(1).ok)
$(BUILD)/v/$(1)/shim.o $(BUILD)/v/$(1)-trace/shim.o: $(RB_API_$(2)) tb/shim/shim_cov.hpp
$(BUILD)/v/$(1)/shim.o $(BUILD)/v/$(1)-trace/shim.o: CXXFLAGS += -Itb -Icsrc/include -DNR_RTL_CFG='"$(1)"'
$(BUILD)/v/$(1)-trace/shim.o: CXXFLAGS += $(RB_TRDEF_$(2))
endef
$(foreach c,$(RB_CFGS),$(eval $(call rb_model,$(c),$(CFG_TOP_$(c)))))

# ---- the smoke tests ----
RB_SMOKE_CFGS := $(call cfg_with,smoke,nr_yarc nr_nwn)
$(foreach c,$(RB_SMOKE_CFGS),$(eval $(call vlink,$(BUILD)/tests/smoke/$(c),$(c),$(CFG_TOP_$(c)),$(RB_SMOKE_$(CFG_TOP_$(c))))))
RB_SMOKE_BINS := $(RB_SMOKE_CFGS:%=$(BUILD)/tests/smoke/%)
TEST_BINS += $(RB_SMOKE_BINS)
smoke_bins = $(foreach c,$(call cfg_with,smoke,$(1)),$(BUILD)/tests/smoke/$(c))

UNIT_TARGETS += test-yarc-rtl test-nwn-rtl test-lcb-rtl
.PHONY: test-yarc-rtl test-nwn-rtl test-lcb-rtl
test-yarc-rtl: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(call smoke_bins,nr_yarc)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/yarc_rtl.list
test-nwn-rtl: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(call smoke_bins,nr_nwn)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/nwn_rtl.list
test-lcb-rtl: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(foreach c,$(call cfg_with,rtl,nr_lcb_port),$(BUILD)/bin/lcb_sim-$(c))
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/lcb_rtl.list
