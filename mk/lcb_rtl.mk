# lcb_rtl.mk - Verilated builds of the port link layer nr_lcb_port (rtl/lcb,
# docs/lcb-rtl.md), its C API (tb/lcb_rtl.h, tb/shim/nr_lcb_port_shim.cpp)
# and the RTL smoke test (tb/lcb/rtl_smoke.c, tests/lcb_rtl.list).
#
# Builds; parameters come from configs/configs.txt through scripts/cfg.sh:
#   name          directory                    configuration  trace
#   default       $(BUILD)/v/lcbp              lcb-default    -
#   small         $(BUILD)/v/lcbp_small        lcb-small      -
#   trace         $(BUILD)/v/lcbp_trace        lcb-default    FST
#   small_trace   $(BUILD)/v/lcbp_small_trace  lcb-small      FST
#   crc32         $(BUILD)/v/lcbp_crc32        lcb-crc32      -
# LCBP_RTL_OBJS_<name> is what a program links for that build: the shim
# object and the Verilated library. Link one build per program, with g++:
#   prog: prog.o $(LCBP_RTL_OBJS_default) $(NRLIB)
#   	$(CXX) -o $@ prog.o $(LCBP_RTL_OBJS_default) $(NRLIB) $(NRLIB_LDLIBS) $(VLIBS)
# and compile the C side with -Itb (lcb_rtl.h) and csrc/include (nr_lcb.h).
#
#   make test-lcb-rtl   build the smoke tests and run tests/lcb_rtl.list
LCBP_GP_DEFAULT := $(shell scripts/cfg.sh lcb-default)
LCBP_GP_SMALL   := $(shell scripts/cfg.sh lcb-small)
LCBP_GP_CRC32   := $(shell scripts/cfg.sh lcb-crc32)

# The shim needs -Itb -Icsrc/include, and the traced builds -DNR_LCBP_TRACE.
# The vtop macro expands $(CXXFLAGS) when it is called, so the flags are set
# around the calls (and restored); the target-specific lines below do the same
# job should the macro ever defer the expansion ($$(CXXFLAGS)).
LCBP_SAVED_CXXFLAGS := $(CXXFLAGS)
CXXFLAGS := $(LCBP_SAVED_CXXFLAGS) -Itb -Icsrc/include
$(eval $(call vtop,lcbp,nr_lcb_port,$(LCBP_GP_DEFAULT)))
$(eval $(call vtop,lcbp_small,nr_lcb_port,$(LCBP_GP_SMALL)))
$(eval $(call vtop,lcbp_crc32,nr_lcb_port,$(LCBP_GP_CRC32)))
CXXFLAGS := $(LCBP_SAVED_CXXFLAGS) -Itb -Icsrc/include -DNR_LCBP_TRACE
$(eval $(call vtop,lcbp_trace,nr_lcb_port,$(LCBP_GP_DEFAULT),--trace))
$(eval $(call vtop,lcbp_small_trace,nr_lcb_port,$(LCBP_GP_SMALL),--trace))
CXXFLAGS := $(LCBP_SAVED_CXXFLAGS)

# Each build is remade when its configuration's line of configs/configs.txt
# changes (the Makefile's per-configuration stamps).
$(BUILD)/v/lcbp/libVnr_lcb_port.a $(BUILD)/v/lcbp_trace/libVnr_lcb_port.a: $(call cfg_stamp,lcb-default)
$(BUILD)/v/lcbp_small/libVnr_lcb_port.a $(BUILD)/v/lcbp_small_trace/libVnr_lcb_port.a: $(call cfg_stamp,lcb-small)
$(BUILD)/v/lcbp_crc32/libVnr_lcb_port.a: $(call cfg_stamp,lcb-crc32)
LCBP_V := $(BUILD)/v/lcbp $(BUILD)/v/lcbp_small $(BUILD)/v/lcbp_trace $(BUILD)/v/lcbp_small_trace \
          $(BUILD)/v/lcbp_crc32
$(LCBP_V:%=%/shim.o): CXXFLAGS += -Itb -Icsrc/include
$(LCBP_V:%=%/shim.o): tb/lcb_rtl.h tb/shim/shim_cov.hpp csrc/include/nr_lcb.h
$(BUILD)/v/lcbp_trace/shim.o $(BUILD)/v/lcbp_small_trace/shim.o: CXXFLAGS += -DNR_LCBP_TRACE

LCBP_RTL_OBJS_default     := $(BUILD)/v/lcbp/shim.o $(BUILD)/v/lcbp/libVnr_lcb_port.a
LCBP_RTL_OBJS_small       := $(BUILD)/v/lcbp_small/shim.o $(BUILD)/v/lcbp_small/libVnr_lcb_port.a
LCBP_RTL_OBJS_trace       := $(BUILD)/v/lcbp_trace/shim.o $(BUILD)/v/lcbp_trace/libVnr_lcb_port.a
LCBP_RTL_OBJS_small_trace := $(BUILD)/v/lcbp_small_trace/shim.o $(BUILD)/v/lcbp_small_trace/libVnr_lcb_port.a
LCBP_RTL_OBJS_crc32       := $(BUILD)/v/lcbp_crc32/shim.o $(BUILD)/v/lcbp_crc32/libVnr_lcb_port.a

# Smoke test: one binary per build.
LCB_RTL_SMOKE_O := $(BUILD)/obj/tb/lcb/rtl_smoke.o
$(LCB_RTL_SMOKE_O): CFLAGS += -Itb
$(BUILD)/tests/lcb/rtl_smoke: $(LCB_RTL_SMOKE_O) $(LCBP_RTL_OBJS_default) $(NRLIB)
	@mkdir -p $(@D)
	$(CXX) -o $@ $^ $(NRLIB_LDLIBS) $(VLIBS)
$(BUILD)/tests/lcb/rtl_smoke_small: $(LCB_RTL_SMOKE_O) $(LCBP_RTL_OBJS_small) $(NRLIB)
	@mkdir -p $(@D)
	$(CXX) -o $@ $^ $(NRLIB_LDLIBS) $(VLIBS)
LCB_RTL_BINS := $(BUILD)/tests/lcb/rtl_smoke $(BUILD)/tests/lcb/rtl_smoke_small

TEST_BINS += $(LCB_RTL_BINS)
UNIT_TARGETS += test-lcb-rtl
.PHONY: test-lcb-rtl
test-lcb-rtl: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(LCB_RTL_BINS)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/lcb_rtl.list
