# yarc_rtl.mk - Verilated builds of the YARC router nr_yarc (rtl/yarc,
# docs/yarc-rtl.md), its C API (tb/yarc_rtl.h, tb/shim/nr_yarc_shim.cpp) and
# the RTL smoke test (tb/yarc/rtl_smoke.c, tests/yarc_rtl.list).
#
# Builds; parameters come from configs/configs.txt through scripts/cfg.sh:
#   name       directory                  configuration   how
#   k16        $(BUILD)/v/yarc_k16        yarc-k16        tile = hierarchy block
#   k32        $(BUILD)/v/yarc_k32        yarc-k32        tile = hierarchy block
#   k64        $(BUILD)/v/yarc_k64        yarc-k64        tile = hierarchy block
#   k16_bare   $(BUILD)/v/yarc_k16_bare   yarc-k16-bare   tile = hierarchy block
#   k16_crc32  $(BUILD)/v/yarc_k16_crc32  yarc-k16-crc32  tile = hierarchy block
#   k16_trace  $(BUILD)/v/yarc_k16_trace  yarc-k16        flat, FST, -O0
#   k32_trace  $(BUILD)/v/yarc_k32_trace  yarc-k32        flat, FST, -O0 (on demand)
#   k64_trace  $(BUILD)/v/yarc_k64_trace  yarc-k64        flat, FST, -O0 (on demand)
# YARC_RTL_OBJS_<name> is what a program links for that build (shim object and
# Verilated library). Link one build per program, with g++:
#   prog: prog.o $(YARC_RTL_OBJS_k16) $(NRLIB)
#   	$(CXX) -o $@ prog.o $(YARC_RTL_OBJS_k16) $(NRLIB) $(NRLIB_LDLIBS) $(VLIBS)
# and compile the C side with -Itb (yarc_rtl.h) and csrc/include (nr_router.h).
# Build size: Verilator 5.006 emits the scheduled logic of every instance
# separately, so a flat k64 router is 3.6 M lines of C++ (tens of minutes of
# compile). With the tile as a hierarchy block (scripts/vbuild.sh --hier) the
# tile is compiled once per build and the top is only wiring: k64 builds in
# about 2 minutes and simulates faster (docs/yarc-rtl.md). Verilator 5.006
# cannot trace inside hierarchy blocks (the traced model crashes in
# VerilatedFst::addModel), so the traced builds stay flat and are compiled at
# -O0; the k32/k64 ones are only made on demand:
#   make build/bin/rtr_sim-yarc-k64-trace
#
#   make test-yarc-rtl   build the smoke tests and run tests/yarc_rtl.list
YARC_RTL_NAMES := k16 k32 k64 k16_bare k16_crc32
YARC_RTL_TRACE_NAMES := k16_trace k32_trace k64_trace
YARC_GP_k16       := $(shell scripts/cfg.sh yarc-k16)
YARC_GP_k32       := $(shell scripts/cfg.sh yarc-k32)
YARC_GP_k64       := $(shell scripts/cfg.sh yarc-k64)
YARC_GP_k16_bare  := $(shell scripts/cfg.sh yarc-k16-bare)
YARC_GP_k16_crc32 := $(shell scripts/cfg.sh yarc-k16-crc32)
YARC_GP_k16_trace := $(YARC_GP_k16)
YARC_GP_k32_trace := $(YARC_GP_k32)
YARC_GP_k64_trace := $(YARC_GP_k64)

# The shim needs -Itb -Icsrc/include, the traced build -DNR_YARC_TRACE. The
# vtop macro expands $(CXXFLAGS) when it is called, so set it around the calls.
YARC_SAVED_CXXFLAGS := $(CXXFLAGS)
CXXFLAGS := $(YARC_SAVED_CXXFLAGS) -Itb -Icsrc/include
$(foreach n,$(YARC_RTL_NAMES),$(eval $(call vtop,yarc_$(n),nr_yarc,$(YARC_GP_$(n)) --hier nr_yarc_tile)))
CXXFLAGS := $(YARC_SAVED_CXXFLAGS) -Itb -Icsrc/include -DNR_YARC_TRACE
$(foreach n,$(YARC_RTL_TRACE_NAMES),$(eval $(call vtop,yarc_$(n),nr_yarc,$(YARC_GP_$(n)) --opt 0,--trace)))
CXXFLAGS := $(YARC_SAVED_CXXFLAGS)

# Each build is remade when its configuration's line of configs/configs.txt
# changes (the Makefile's per-configuration stamps): yarc_k16_bare -> yarc-k16-bare,
# yarc_k32_trace -> yarc-k32.
$(foreach n,$(YARC_RTL_NAMES) $(YARC_RTL_TRACE_NAMES),$(eval \
  $(BUILD)/v/yarc_$(n)/libVnr_yarc.a: $(call cfg_stamp,yarc-$(subst _,-,$(patsubst %_trace,%,$(n))))))
YARC_V := $(foreach n,$(YARC_RTL_NAMES) $(YARC_RTL_TRACE_NAMES),$(BUILD)/v/yarc_$(n))
$(YARC_V:%=%/shim.o): tb/yarc_rtl.h tb/shim/rtr_shim.hpp tb/shim/shim_cov.hpp csrc/include/nr_router.h csrc/include/nr_lcb.h
$(YARC_V:%=%/shim.o): CXXFLAGS += -Itb -Icsrc/include
$(YARC_RTL_TRACE_NAMES:%=$(BUILD)/v/yarc_%/shim.o): CXXFLAGS += -DNR_YARC_TRACE
$(foreach n,$(YARC_RTL_NAMES) $(YARC_RTL_TRACE_NAMES),$(eval YARC_RTL_OBJS_$(n) := $(BUILD)/v/yarc_$(n)/shim.o $(BUILD)/v/yarc_$(n)/libVnr_yarc.a))

# Smoke test: one binary per k16 build (bare, LCB, LCB with the 32-bit link
# check). The LCB ones talk to the C LCB model (NRMODEL) on every port.
YARC_RTL_SMOKE_O := $(BUILD)/obj/tb/yarc/rtl_smoke.o
$(YARC_RTL_SMOKE_O): CFLAGS += -Itb
YARC_RTL_SMOKE_BINS := $(BUILD)/tests/yarc/rtl_smoke_k16 $(BUILD)/tests/yarc/rtl_smoke_k16_bare \
    $(BUILD)/tests/yarc/rtl_smoke_k16_crc32
$(BUILD)/tests/yarc/rtl_smoke_%: $(YARC_RTL_SMOKE_O) $$(YARC_RTL_OBJS_$$*) $$(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CXX) -o $@ $(YARC_RTL_SMOKE_O) $(YARC_RTL_OBJS_$*) $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS) $(VLIBS)

TEST_BINS += $(YARC_RTL_SMOKE_BINS)
UNIT_TARGETS += test-yarc-rtl
.PHONY: test-yarc-rtl
test-yarc-rtl: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(YARC_RTL_SMOKE_BINS)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/yarc_rtl.list
