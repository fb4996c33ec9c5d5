# rtl_builds.mk - every Verilated build of a named configuration, and the
# smoke tests, made from the builds column of configs/configs.txt (the only
# list of builds; build/bin/nr_cat make turns it into the CFG_* variables of
# the Makefile). Add a build by adding its kind to a configuration's line.
#
# Every configuration whose top is a router top (RTR_TOPS) or nr_lcb_port has two
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
# configuration, $(BUILD)/bin/nr_cat check (mk/usercfg.mk) applies the C model's
# parameter rules to it and stops the build with the broken rule.
#
# Smoke tests: build/tests/smoke/NAME for every router configuration with
# "smoke", the one router smoke test with its organization's facts. An LCB port configuration's smoke runs are lcb_sim runs of
# two RTL ports (tests/lcb_rtl.list), and scripts/cfg.sh refuses "smoke" on it.
#
#   make test-yarc-rtl, test-nwn-rtl   the smoke tests and
#                       tests/yarc_rtl.list, nwn_rtl.list
#   make test-lcb-rtl   two RTL LCB ports through lcb_sim, tests/lcb_rtl.list

# ---- what each top needs (facts about the tops, not a list of builds) ----
# The router tops (RTR_TOPS) and their Verilator options (RB_HIER_<top>,
# RB_TRACE_<top>) come from their organizations (tb/catalog/org_*.c, through
# nr_cat make); the LCB port is the one other top with programs.
# --split 2000 keeps the generated C++ functions small: a cn subswitch is one
# big crossbar, and g++ time grows faster than linearly with function size
# (cn-k32: 12 min without, 2 min with). The flat traced routers compile at
# -O0.
RB_TOPS := $(RTR_TOPS) nr_lcb_port
RB_HIER_nr_lcb_port :=
RB_TRACE_nr_lcb_port :=
# what a shim is compiled against: the one router shim's headers, the LCB
# port's C API
RB_API_rtr := tb/shim/rtr_shim.hpp tb/shim/port_bits.hpp tb/rtl_build.h tb/catalog/org.h \
              tb/catalog/tables.h tb/catalog/cfg.h csrc/include/nr_router.h csrc/include/nr_lcb.h
$(foreach t,$(RTR_TOPS),$(eval RB_API_$(t) := $(RB_API_rtr)))
RB_API_nr_lcb_port := tb/lcb_rtl.h csrc/include/nr_lcb.h
$(foreach t,$(RTR_TOPS),$(eval RB_TRDEF_$(t) := -DNR_RTR_TRACE))
RB_TRDEF_nr_lcb_port := -DNR_LCBP_TRACE
# the smoke test of a router top: the one router smoke test
# (tb/common/rtl_smoke.c) over the catalog's RTL glue, with the facts of its
# organization (its descriptor's probes and single_path)
RB_SMOKE_OBJS := $(BUILD)/obj/tb/common/rtl_smoke.o $(RTR_GLUE)

# ---- the builds ----
RB_CFGS := $(call cfg_of,$(RB_TOPS))
# $(call rb_model,NAME,TOP): the two builds of configuration NAME
define rb_model
$(call vtop,$(1),$(2),$(CFG_GP_$(1)) $(RB_HIER_$(2)))
$(call vtop,$(1)-trace,$(2),$(CFG_GP_$(1)) $(RB_TRACE_$(2)),--trace)
$(BUILD)/v/$(1)/libV$(2).a $(BUILD)/v/$(1)-trace/libV$(2).a: $(call cfg_stamp,$(1)) \
    $(if $(filter $(2),$(RTR_TOPS)),| $(BUILD)/cfg/$(1).ok)
$(BUILD)/v/$(1)/shim.o $(BUILD)/v/$(1)-trace/shim.o: $(RB_API_$(2)) tb/shim/shim_cov.hpp
$(BUILD)/v/$(1)/shim.o $(BUILD)/v/$(1)-trace/shim.o: CXXFLAGS += -Itb -Icsrc/include -DNR_RTL_CFG='"$(1)"'
$(BUILD)/v/$(1)-trace/shim.o: CXXFLAGS += $(RB_TRDEF_$(2))
endef
$(foreach c,$(RB_CFGS),$(eval $(call rb_model,$(c),$(CFG_TOP_$(c)))))

# ---- the smoke tests ----
RB_SMOKE_CFGS := $(call cfg_with,smoke,$(RTR_TOPS))
$(foreach c,$(RB_SMOKE_CFGS),$(eval $(call vlink,$(BUILD)/tests/smoke/$(c),$(c),$(CFG_TOP_$(c)),$(RB_SMOKE_OBJS))))
RB_SMOKE_BINS := $(RB_SMOKE_CFGS:%=$(BUILD)/tests/smoke/%)
TEST_BINS += $(RB_SMOKE_BINS)
smoke_bins = $(foreach c,$(call cfg_with,smoke,$(1)),$(BUILD)/tests/smoke/$(c))

# test-<org>-rtl: the smoke tests of the organization's top and its list
# tests/<org>_rtl.list
define rb_org_test
UNIT_TARGETS += test-$(1)-rtl
.PHONY: test-$(1)-rtl
test-$(1)-rtl: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(BUILD)/.deps-ok $$(call smoke_bins,$(2))
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) $(wildcard tests/$(1)_rtl.list)
endef
$(foreach t,$(RTR_TOPS),$(eval $(call rb_org_test,$(RTR_ORG_$(t)),$(t))))
UNIT_TARGETS += test-lcb-rtl
.PHONY: test-lcb-rtl
test-lcb-rtl: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(foreach c,$(call cfg_with,rtl,nr_lcb_port),$(BUILD)/bin/lcb_sim-$(c))
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/lcb_rtl.list
