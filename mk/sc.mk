# sc.mk - the SystemC programs: build/bin/rtr_sc-CFG is the router testbench
# (tb/rtr, main renamed rtr_sim_main; tb/sc/rtr_sc_main.cpp) with the
# Verilated router of configuration CFG as a SystemC module (verilator --sc,
# the hierarchy blocks of its top) in a SystemC simulation, compared with the
# C model in lockstep. Its shim is the C++ shim of the top compiled against
# the SystemC model (tb/shim/rtr_shim.cpp with tb/sc/rtr_sc.hpp). Every router
# (RTR_TOPS) configuration has one on demand; make test makes those whose
# builds column (configs/configs.txt) has sc:
#
#   make build/bin/rtr_sc-CFG                e.g. rtr_sc-fc-k16
#   build/bin/rtr_sc-CFG [rtr_sim options]   e.g. --impl lockstep --pattern ur
#   make test-sc                             tests/sc.list
#   make sc-example                          examples/sc (docs/systemc.md)
#
# The SystemC build is $(BUILD)/v/CFG-sc: verilator --sc, its Verilator
# runtime compiled with VM_SC=1 in the build (scripts/vbuild.sh --sc).
SC_TOPS := $(RTR_TOPS)
$(BUILD)/obj/tb/rtr/rtr_sim_sc.o: tb/rtr/rtr_sim.c | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itb/rtr -Itb/lcb -DRTR_SIM_MAIN=rtr_sim_main -DRTR_SIM_PROG='"rtr_sc"' -c $< -o $@
$(BUILD)/obj/tb/sc/rtr_sc_main.o: tb/sc/rtr_sc_main.cpp | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -I$(VINC) -I$(VINC)/vltstd -DVM_SC=1 -c $< -o $@
SC_OBJS := $(filter-out %/rtr_sim.o,$(RTR_OBJS)) $(BUILD)/obj/tb/rtr/rtr_sim_sc.o $(BUILD)/obj/tb/sc/rtr_sc_main.o
# $(call sc_top,CFG,TOP): the --sc build $(BUILD)/v/CFG-sc and $(BUILD)/bin/rtr_sc-CFG
define sc_top
$(call vtop,$(1)-sc,$(2),$(CFG_GP_$(1)) $(RB_HIER_$(2)),--sc)
$(BUILD)/v/$(1)-sc/libV$(2).a: $(call cfg_stamp,$(1)) | $(BUILD)/cfg/$(1).ok
$(BUILD)/v/$(1)-sc/shim.o: $(RB_API_$(2)) tb/shim/shim_cov.hpp tb/sc/rtr_sc.hpp tb/sc/nr_sc_top.hpp
$(BUILD)/v/$(1)-sc/shim.o: CXXFLAGS += -Itb -Itb/sc -Icsrc/include -DVM_SC=1 -DNR_RTL_CFG='"$(1)"'
$(call vlink,$(BUILD)/bin/rtr_sc-$(1),$(1)-sc,$(2),$(SC_OBJS) $(RTR_GLUE))
$(BUILD)/bin/rtr_sc-$(1): VLIBS := -lsystemc $(VLIBS)
endef
$(foreach c,$(call cfg_of,$(SC_TOPS)),$(eval $(call sc_top,$(c),$(CFG_TOP_$(c)))))
SC_BINS := $(foreach c,$(call cfg_with,sc,$(SC_TOPS)),$(BUILD)/bin/rtr_sc-$(c))
TEST_BINS += $(SC_BINS)
UNIT_TARGETS += test-sc
.PHONY: test-sc
test-sc: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(SC_BINS) $(SC_EXAMPLE_TEST) $(RTR_BIN)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/sc.list

# ---- the user example (examples/sc, docs/systemc.md): your own sc_main with
# a router's SystemC model, a traffic generator and a sink in SystemC;
# build/bin/sc_example-CFG for any bare router configuration on
# demand, make sc-example for SC_EXAMPLE_CFG (make test builds the default).
SC_EXAMPLE_CFG ?= fc-k16-bare
# $(call sc_example,CFG,TOP)
define sc_example
$(BUILD)/obj/examples/sc/sc_example-$(1).o: examples/sc/sc_example.cpp tb/sc/nr_sc_top.hpp tb/shim/port_bits.hpp \
    csrc/include/nr_pkt.h $(BUILD)/v/$(1)-sc/libV$(2).a
	@mkdir -p $$(@D)
	$$(CXX) $$(CXXFLAGS) -Itb/sc -Itb/shim -Icsrc/include -I$(BUILD)/v/$(1)-sc -I$(VINC) -I$(VINC)/vltstd -DVM_SC=1 \
	    -DNR_SC_MODEL=V$(2) -DNR_SC_MODEL_H='"V$(2).h"' -DNR_SC_CFG='"$(1)"' -c $$< -o $$@
$(BUILD)/bin/sc_example-$(1): $(BUILD)/obj/examples/sc/sc_example-$(1).o $(BUILD)/v/$(1)-sc/libV$(2).a $(NRLIB)
	@mkdir -p $$(@D)
	$$(CXX) -o $$@ $$^ $(NRLIB_LDLIBS) -lsystemc $(VLIBS)
endef
$(foreach c,$(call cfg_of,$(SC_TOPS)),$(eval $(call sc_example,$(c),$(CFG_TOP_$(c)))))
SC_EXAMPLE_TEST := $(BUILD)/bin/sc_example-fc-k16-bare
TEST_BINS += $(SC_EXAMPLE_TEST)
UNIT_TARGETS += sc-example
.PHONY: sc-example
sc-example: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(BUILD)/bin/sc_example-$(SC_EXAMPLE_CFG)
	@echo "sc-example: $(BUILD)/bin/sc_example-$(SC_EXAMPLE_CFG) (examples/sc/sc_example.cpp; docs/systemc.md)"
