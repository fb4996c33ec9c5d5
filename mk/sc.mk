# sc.mk - the SystemC top (tb/sc/nr_yarc_sc.cpp): the Verilated k=16 YARC
# router as a SystemC module (verilator --sc, tile as a hierarchy block) in a
# SystemC simulation, driven by the router testbench (tb/rtr, main renamed
# rtr_sim_main) and compared with the C model in lockstep.
#
#   build/bin/rtr_sc-yarc-k16 [rtr_sim options]   e.g. --impl lockstep --cfg yarc-k16
#   make test-sc                                   tests/sc.list
SC_V := $(BUILD)/v/yarc_k16_sc
$(SC_V)/libVnr_yarc.a: $(call rtl_deps,nr_yarc) rtl/files.f rtl/lint.vlt scripts/vbuild.sh $(wildcard rtl/inc/*.svh) \
                      $(call cfg_stamp,yarc-k16) | $(BUILD)/.deps-ok
	scripts/vbuild.sh $(SC_V) nr_yarc $(shell scripts/cfg.sh yarc-k16) --hier nr_yarc_tile --sc -- $(call rtl_deps,nr_yarc)
$(SC_V)/nr_yarc_sc.o: tb/sc/nr_yarc_sc.cpp tb/yarc_rtl.h csrc/include/nr_router.h $(SC_V)/libVnr_yarc.a
	$(CXX) $(CXXFLAGS) -Itb -Icsrc/include -I$(SC_V) -I$(VINC) -I$(VINC)/vltstd -DVM_SC=1 -c $< -o $@
$(BUILD)/obj/tb/rtr/rtr_sim_sc.o: tb/rtr/rtr_sim.c | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itb/rtr -Itb/lcb -DRTR_SIM_MAIN=rtr_sim_main -c $< -o $@
SC_BIN := $(BUILD)/bin/rtr_sc-yarc-k16
$(SC_BIN): $(filter-out %/rtr_sim.o,$(RTR_OBJS)) $(BUILD)/obj/tb/rtr/rtr_sim_sc.o \
           $(BUILD)/obj/tb/rtr/glue/yarc-k16.o $(SC_V)/nr_yarc_sc.o $(SC_V)/libVnr_yarc.a $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CXX) -o $@ $^ $(NRLIB_LDLIBS) -lsystemc $(VLIBS)
TEST_BINS += $(SC_BIN)
UNIT_TARGETS += test-sc
.PHONY: test-sc
test-sc: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(SC_BIN) $(RTR_BIN)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/sc.list
