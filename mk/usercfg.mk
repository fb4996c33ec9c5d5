# usercfg.mk - your own configuration (README "Your own configuration"): every
# configuration of $(NR_CONFIGS) whose top is nr_yarc or nr_nwn gets, on
# demand (mk/rtl_builds.mk, mk/rtr.mk),
#   $(BUILD)/bin/rtr_sim-<cfg>        (hierarchy blocks, as the shipped builds)
#   $(BUILD)/bin/rtr_sim-<cfg>-trace  (flat, FST, -O0: make waves, waves.sh <cfg>)
# built in $(BUILD)/v/<cfg>[-trace]; make test makes those its builds column
# names. Before Verilator runs, $(BUILD)/bin/cfg_check (tb/rtr/cfg_check.c)
# applies the C model's parameter rules and stops the build with the broken
# rule. This file makes the checker.
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

# $(BUILD)/cfg/NAME.ok: the check passed for NAME's current line; every
# router build of mk/rtl_builds.mk waits for it (order-only: a new checker
# does not rebuild the models).
$(foreach c,$(call cfg_of,nr_yarc nr_nwn),$(eval $(BUILD)/cfg/$(c).ok: $(call cfg_stamp,$(c)) $(CFG_CHECK) ; \
    $(CFG_CHECK) --cfg-file $(NR_CONFIGS) --rtl $(c) && touch $$@))

# make check-cfg CFG=name: the parameter rules alone
.PHONY: check-cfg
check-cfg: $(CFG_CHECK)
	@$(CFG_CHECK) --cfg-file $(NR_CONFIGS) $(CFG)
