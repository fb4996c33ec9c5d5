# usercfg.mk - your own configuration (README "Your own configuration"): every
# configuration of $(NR_CONFIGS) whose top is a router organization's
# (RTR_TOPS) gets, on demand (mk/rtl_builds.mk, mk/rtr.mk),
#   $(BUILD)/bin/rtr_sim-<cfg>        (hierarchy blocks, as the shipped builds)
#   $(BUILD)/bin/rtr_sim-<cfg>-trace  (flat, FST, -O0: make waves, waves.sh <cfg>)
# built in $(BUILD)/v/<cfg>[-trace]; make test makes those its builds column
# names. Before Verilator runs, nr_cat check --rtl (tb/catalog/nr_cat.c)
# applies the organization's parameter rules and stops the build with the
# broken rule.
# NR_CONFIGS (default configs/configs.txt, Makefile) may name another file:
#   make NR_CONFIGS=my.txt build/bin/rtr_sim-my-k16
#   NR_CONFIGS=my.txt build/bin/rtr_sim --impl lockstep --cfg my-k16 ...

# $(BUILD)/cfg/NAME.ok: the check passed for NAME's current line; every
# router build of mk/rtl_builds.mk waits for it (order-only: a new checker
# does not rebuild the models).
$(foreach c,$(call cfg_of,$(RTR_TOPS)),$(eval $(BUILD)/cfg/$(c).ok: $(call cfg_stamp,$(c)) $(NR_CAT) ; \
    $(NR_CAT) --cfg-file $(NR_CONFIGS) check --rtl $(c) && touch $$@))

# make check-cfg CFG=name: the parameter rules alone
.PHONY: check-cfg
check-cfg: $(NR_CAT)
	@$(NR_CAT) --cfg-file $(NR_CONFIGS) check $(CFG)
