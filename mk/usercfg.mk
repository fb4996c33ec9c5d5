# usercfg.mk - your own configuration (README "Your own configuration"): every
# configuration of $(NR_CONFIGS) whose top is nr_yarc or nr_nwn and that no
# build of mk/yarc_rtl.mk or mk/nwn_rtl.mk serves gets, on demand,
#   $(BUILD)/bin/rtr_sim-<cfg>        (hierarchy blocks, as the shipped builds)
#   $(BUILD)/bin/rtr_sim-<cfg>-trace  (flat, FST, -O0: make waves, waves.sh <cfg>)
# built in $(BUILD)/v/cfg_<cfg>[_trace]. None of them is made by `make test`.
# Before Verilator runs, $(BUILD)/bin/cfg_check (tb/rtr/cfg_check.c) applies
# the C model's parameter rules and stops the build with the broken rule.
# NR_CONFIGS (default configs/configs.txt, Makefile) may name another file:
#   make NR_CONFIGS=my.txt build/bin/rtr_sim-my-k16
#   NR_CONFIGS=my.txt build/bin/rtr_sim --impl lockstep --cfg my-k16 ...
CFG_CHECK := $(BUILD)/bin/cfg_check
CFG_CHECK_OBJS := $(BUILD)/obj/tb/rtr/cfg_check.o $(BUILD)/obj/tb/rtr/cfgfile.o \
    $(BUILD)/obj/tb/rtr/orgs.o $(BUILD)/obj/tb/rtr/org_yarc.o $(BUILD)/obj/tb/rtr/org_nwn.o \
    $(BUILD)/obj/tb/rtr/tables.o
$(BUILD)/obj/tb/rtr/cfg_check.o: CFLAGS += -Itb/rtr -Itb/lcb
$(CFG_CHECK): $(CFG_CHECK_OBJS) $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $(CFG_CHECK_OBJS) $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS)
ifneq ($(wildcard csrc/model/yarc.c),)
TEST_BINS += $(CFG_CHECK)
endif

USER_SHIPPED := $(foreach v,$(RTR_RTL_VARIANTS),$(word 1,$(subst :, ,$(v))))
USER_CFG_TOPS := $(shell awk '{ sub(/\#.*/, "") } NF >= 2 && ($$2 == "nr_yarc" || $$2 == "nr_nwn") && $$1 ~ /^[A-Za-z0-9_.-]+$$/ { print $$1 ":" $$2 }' $(NR_CONFIGS))
USER_CFG_TOPS := $(foreach e,$(USER_CFG_TOPS),$(if $(filter $(word 1,$(subst :, ,$(e))),$(USER_SHIPPED)),,$(e)))
user_n = $(subst -,_,$(subst .,_,$(1)))
USER_HIER_nr_yarc := --hier nr_yarc_tile
USER_HIER_nr_nwn := --hier nr_nwn_port --hier nr_nwn_sub --split 2000
USER_TRACE_nr_yarc := --opt 0
USER_TRACE_nr_nwn := --opt 0 --split 2000
USER_DEF_nr_yarc := -DNR_YARC_TRACE
USER_DEF_nr_nwn := -DNR_NWN_TRACE
USER_ORG_nr_yarc := YARC
USER_ORG_nr_nwn := NWN

# user_cfg,CFG,TOP: the two builds, their check, their variants for mk/rtr.mk
define user_cfg
USER_GP_$(call user_n,$(1)) := $$(shell NR_CONFIGS=$(NR_CONFIGS) scripts/cfg.sh $(1))
USER_SAVED_CXXFLAGS := $$(CXXFLAGS)
CXXFLAGS := $$(USER_SAVED_CXXFLAGS) -Itb -Icsrc/include
$$(eval $$(call vtop,cfg_$(call user_n,$(1)),$(2),$$(USER_GP_$(call user_n,$(1))) $(USER_HIER_$(2))))
CXXFLAGS := $$(USER_SAVED_CXXFLAGS) -Itb -Icsrc/include $(USER_DEF_$(2))
$$(eval $$(call vtop,cfg_$(call user_n,$(1))_trace,$(2),$$(USER_GP_$(call user_n,$(1))) $(USER_TRACE_$(2)),--trace))
CXXFLAGS := $$(USER_SAVED_CXXFLAGS)
$(BUILD)/v/cfg_$(call user_n,$(1))/libV$(2).a $(BUILD)/v/cfg_$(call user_n,$(1))_trace/libV$(2).a: $(BUILD)/cfg/$(1).ok
$(BUILD)/cfg/$(1).ok: $(call cfg_stamp,$(1)) $(CFG_CHECK)
	$(CFG_CHECK) --cfg-file $(NR_CONFIGS) $(1)
	@touch $$@
$(BUILD)/v/cfg_$(call user_n,$(1))/shim.o: CXXFLAGS += -Itb -Icsrc/include
$(BUILD)/v/cfg_$(call user_n,$(1))_trace/shim.o: CXXFLAGS += -Itb -Icsrc/include $(USER_DEF_$(2))
$(BUILD)/v/cfg_$(call user_n,$(1))/shim.o $(BUILD)/v/cfg_$(call user_n,$(1))_trace/shim.o: \
    tb/shim/rtr_shim.hpp tb/shim/shim_cov.hpp csrc/include/nr_router.h csrc/include/nr_lcb.h
USER_RTL_OBJS_$(call user_n,$(1)) := $(BUILD)/v/cfg_$(call user_n,$(1))/shim.o $(BUILD)/v/cfg_$(call user_n,$(1))/libV$(2).a
USER_RTL_OBJS_$(call user_n,$(1))_trace := $(BUILD)/v/cfg_$(call user_n,$(1))_trace/shim.o $(BUILD)/v/cfg_$(call user_n,$(1))_trace/libV$(2).a
RTR_GEN_VARIANTS += $(1):USER_RTL_OBJS_$(call user_n,$(1)):$(USER_ORG_$(2)) \
                    $(1)-trace:USER_RTL_OBJS_$(call user_n,$(1))_trace:$(USER_ORG_$(2))
.SECONDARY: $(BUILD)/obj/tb/rtr/glue/$(1).o $(BUILD)/obj/tb/rtr/glue/$(1)-trace.o
endef
$(foreach e,$(USER_CFG_TOPS),$(eval $(call user_cfg,$(word 1,$(subst :, ,$(e))),$(word 2,$(subst :, ,$(e))))))

# make check-cfg CFG=name: the parameter rules alone
.PHONY: check-cfg
check-cfg: $(CFG_CHECK)
	@$(CFG_CHECK) --cfg-file $(NR_CONFIGS) $(CFG)
