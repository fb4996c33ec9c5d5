# yarc_rtl.mk - Verilated builds of the YARC router nr_yarc (rtl/yarc,
# docs/yarc-rtl.md), its C API (tb/yarc_rtl.h, tb/shim/nr_yarc_shim.cpp) and
# the RTL smoke test (tb/yarc/rtl_smoke.c, tests/yarc_rtl.list).
#
# Builds; parameters come from configs/configs.txt through scripts/cfg.sh:
#   name       directory                  configuration   trace
#   k16        $(BUILD)/v/yarc_k16        yarc-k16        -
#   k32        $(BUILD)/v/yarc_k32        yarc-k32        -
#   k64        $(BUILD)/v/yarc_k64        yarc-k64        -
#   k16_bare   $(BUILD)/v/yarc_k16_bare   yarc-k16-bare   -
#   k16_trace  $(BUILD)/v/yarc_k16_trace  yarc-k16        FST
# YARC_RTL_OBJS_<name> is what a program links for that build (shim object and
# Verilated library). Link one build per program, with g++:
#   prog: prog.o $(YARC_RTL_OBJS_k16) $(NRLIB)
#   	$(CXX) -o $@ prog.o $(YARC_RTL_OBJS_k16) $(NRLIB) $(NRLIB_LDLIBS) $(VLIBS)
# and compile the C side with -Itb (yarc_rtl.h) and csrc/include (nr_router.h).
# Build size: Verilator 5.006 emits the tile logic once per tile instance, so
# the generated C++ grows with k: k16 0.4 M lines, k64 3.6 M lines (tens of
# minutes of serial -O2 compile even on an idle core; docs/yarc-rtl.md). mk/rtr.mk
# turns every defined YARC_RTL_OBJS_<name> into a regression binary, so the
# large builds are opt-in to keep `make test` within the CI budget:
#   make YARC_RTL_LARGE=1 build/bin/rtr_sim-yarc-k64
# Their library targets ($(BUILD)/v/yarc_k32, yarc_k64) always exist.
#
#   make test-yarc-rtl   build the smoke tests and run tests/yarc_rtl.list
YARC_RTL_NAMES := k16 k32 k64 k16_bare
YARC_GP_k16      := $(shell scripts/cfg.sh yarc-k16)
YARC_GP_k32      := $(shell scripts/cfg.sh yarc-k32)
YARC_GP_k64      := $(shell scripts/cfg.sh yarc-k64)
YARC_GP_k16_bare := $(shell scripts/cfg.sh yarc-k16-bare)

# The shim needs -Itb -Icsrc/include, the traced build -DNR_YARC_TRACE. The
# vtop macro expands $(CXXFLAGS) when it is called, so set it around the calls.
YARC_SAVED_CXXFLAGS := $(CXXFLAGS)
CXXFLAGS := $(YARC_SAVED_CXXFLAGS) -Itb -Icsrc/include
$(foreach n,$(YARC_RTL_NAMES),$(eval $(call vtop,yarc_$(n),nr_yarc,$(YARC_GP_$(n)))))
CXXFLAGS := $(YARC_SAVED_CXXFLAGS) -Itb -Icsrc/include -DNR_YARC_TRACE
$(eval $(call vtop,yarc_k16_trace,nr_yarc,$(YARC_GP_k16),--trace))
CXXFLAGS := $(YARC_SAVED_CXXFLAGS)

YARC_V := $(foreach n,$(YARC_RTL_NAMES) k16_trace,$(BUILD)/v/yarc_$(n))
$(YARC_V:%=%/shim.o): tb/yarc_rtl.h csrc/include/nr_router.h csrc/include/nr_lcb.h
$(YARC_V:%=%/shim.o): CXXFLAGS += -Itb -Icsrc/include
$(BUILD)/v/yarc_k16_trace/shim.o: CXXFLAGS += -DNR_YARC_TRACE
YARC_RTL_LARGE ?= 0
YARC_RTL_EXPORT := k16 k16_bare k16_trace $(if $(filter 1,$(YARC_RTL_LARGE)),k32 k64)
$(foreach n,$(YARC_RTL_EXPORT),$(eval YARC_RTL_OBJS_$(n) := $(BUILD)/v/yarc_$(n)/shim.o $(BUILD)/v/yarc_$(n)/libVnr_yarc.a))

# Smoke test: one binary per build (bare k16 and LCB k16). The LCB one talks
# to the C LCB model (NRMODEL) on every port.
YARC_RTL_SMOKE_O := $(BUILD)/obj/tb/yarc/rtl_smoke.o
$(YARC_RTL_SMOKE_O): CFLAGS += -Itb
YARC_RTL_SMOKE_BINS := $(BUILD)/tests/yarc/rtl_smoke_k16 $(BUILD)/tests/yarc/rtl_smoke_k16_bare
$(BUILD)/tests/yarc/rtl_smoke_%: $(YARC_RTL_SMOKE_O) $$(YARC_RTL_OBJS_$$*) $$(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CXX) -o $@ $(YARC_RTL_SMOKE_O) $(YARC_RTL_OBJS_$*) $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS) $(VLIBS)

TEST_BINS += $(YARC_RTL_SMOKE_BINS)
UNIT_TARGETS += test-yarc-rtl
.PHONY: test-yarc-rtl
test-yarc-rtl: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(YARC_RTL_SMOKE_BINS)
	@scripts/regress.sh -j 2 tests/yarc_rtl.list
