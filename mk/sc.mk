# sc.mk - the SystemC top (tb/sc/nr_yarc_sc.cpp): a Verilated YARC router as
# a SystemC module (verilator --sc, tile as a hierarchy block) in a SystemC
# simulation, driven by the router testbench (tb/rtr, main renamed
# rtr_sim_main) and compared with the C model in lockstep. One per nr_yarc
# configuration whose builds column (configs/configs.txt) has sc:
#
#   build/bin/rtr_sc-CFG [rtr_sim options]   e.g. --impl lockstep --cfg yarc-k16
#   make test-sc                             tests/sc.list
$(BUILD)/obj/tb/rtr/rtr_sim_sc.o: tb/rtr/rtr_sim.c | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itb/rtr -Itb/lcb -DRTR_SIM_MAIN=rtr_sim_main -c $< -o $@
# $(call sc_top,CFG): the --sc build $(BUILD)/v/CFG-sc and $(BUILD)/bin/rtr_sc-CFG
define sc_top
$(BUILD)/v/$(1)-sc/libVnr_yarc.a: $(call vdeps,$(BUILD)/v/$(1)-sc,nr_yarc) rtl/files.f rtl/lint.vlt scripts/vbuild.sh \
    $(call cfg_stamp,$(1)) | $(BUILD)/.deps-ok $(BUILD)/cfg/$(1).ok
	scripts/vbuild.sh $(BUILD)/v/$(1)-sc nr_yarc $(CFG_GP_$(1)) $(RB_HIER_nr_yarc) --sc -- $(call rtl_deps,nr_yarc)
$(BUILD)/v/$(1)-sc/nr_yarc_sc.o: tb/sc/nr_yarc_sc.cpp $(RB_API_nr_yarc) $(BUILD)/v/$(1)-sc/libVnr_yarc.a
	$$(CXX) $$(CXXFLAGS) -Itb -Icsrc/include -I$(BUILD)/v/$(1)-sc -I$(VINC) -I$(VINC)/vltstd -DVM_SC=1 -c $$< -o $$@
$(BUILD)/bin/rtr_sc-$(1): $(filter-out %/rtr_sim.o,$(RTR_OBJS)) $(BUILD)/obj/tb/rtr/rtr_sim_sc.o \
           $(BUILD)/obj/tb/rtr/glue/$(1).o $(BUILD)/v/$(1)-sc/nr_yarc_sc.o $(BUILD)/v/$(1)-sc/libVnr_yarc.a $(NRMODEL) $(NRLIB)
	@mkdir -p $$(@D)
	$$(CXX) -o $$@ $$^ $(NRLIB_LDLIBS) -lsystemc $(VLIBS)
endef
SC_CFGS := $(call cfg_with,sc,nr_yarc)
$(foreach c,$(SC_CFGS),$(eval $(call sc_top,$(c))))
SC_BINS := $(SC_CFGS:%=$(BUILD)/bin/rtr_sc-%)
TEST_BINS += $(SC_BINS)
UNIT_TARGETS += test-sc
.PHONY: test-sc
test-sc: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(SC_BINS) $(RTR_BIN)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/sc.list
