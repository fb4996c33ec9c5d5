# nwn_rtl.mk - Verilated builds of the network-within-a-network switch nr_nwn
# (rtl/nwn, docs/nwn-rtl.md), its C API (tb/nwn_rtl.h, tb/shim/nr_nwn_shim.cpp)
# and the RTL smoke test (tb/nwn/rtl_smoke.c, tests/nwn_rtl.list).
#
# Builds, one per named configuration of configs/configs.txt (scripts/cfg.sh
# gives the -G parameters); <name> is the configuration with '-' -> '_':
#   configuration   directory                     how
#   cn-k16          $(BUILD)/v/nwn_cn_k16          hierarchy blocks
#   fc-k16 bb-k16 fc-isu2-k16 cn-k16-bare fc-k16-bare bb-k16-bare fc-k16-crc32
#   cn-k32 fc-k32 bb-k32 cn-k64 fc-k64 fc6-k64 fc6-isu2-k64 bb-k64
#                   $(BUILD)/v/nwn_<name>          hierarchy blocks
#   <k16 LCB>_trace $(BUILD)/v/nwn_<name>_trace    flat, FST, C++ -O0
# Hierarchy blocks (scripts/vbuild.sh --hier): nr_nwn_port (every port of one
# kind is the same module, its position is the input port_id_i) and
# nr_nwn_sub (all bottoms one parameterization, all tops another), so the
# top is only the wiring and each block is compiled once per build. Verilator
# 5.006 cannot trace inside hierarchy blocks, so the traced builds are flat.
# --split 2000 keeps the generated C++ functions small: a cn subswitch is one
# big crossbar, and g++ time grows faster than linearly with function size
# (cn-k32: 12 min without, 2 min with).
# NWN_RTL_OBJS_<name> is what a program links for that build (shim object and
# Verilated library). Link one build per program, with g++:
#   prog: prog.o $(NWN_RTL_OBJS_fc_k16) $(NRLIB)
#   	$(CXX) -o $@ prog.o $(NWN_RTL_OBJS_fc_k16) $(NRLIB) $(NRLIB_LDLIBS) $(VLIBS)
# and compile the C side with -Itb (nwn_rtl.h) and csrc/include (nr_nwn.h).
#
#   make test-nwn-rtl   build the k16 smoke tests and run tests/nwn_rtl.list
NWN_RTL_CFGS := cn-k16 fc-k16 bb-k16 fc-isu2-k16 cn-k16-bare fc-k16-bare bb-k16-bare fc-k16-crc32 \
                cn-k32 fc-k32 bb-k32 cn-k64 fc-k64 fc6-k64 fc6-isu2-k64 bb-k64
NWN_RTL_TRACE_CFGS := cn-k16 fc-k16 bb-k16 fc-isu2-k16
nwn_name = $(subst -,_,$(1))
NWN_RTL_NAMES := $(foreach c,$(NWN_RTL_CFGS),$(call nwn_name,$(c)))
NWN_RTL_TRACE_NAMES := $(foreach c,$(NWN_RTL_TRACE_CFGS),$(call nwn_name,$(c))_trace)
$(foreach c,$(NWN_RTL_CFGS),$(eval NWN_GP_$(call nwn_name,$(c)) := $(shell scripts/cfg.sh $(c))))
$(foreach c,$(NWN_RTL_TRACE_CFGS),$(eval NWN_GP_$(call nwn_name,$(c))_trace := $(NWN_GP_$(call nwn_name,$(c)))))

# The shim needs -Itb -Icsrc/include, the traced build -DNR_NWN_TRACE. The
# vtop macro expands $(CXXFLAGS) when it is called, so set it around the calls.
NWN_SAVED_CXXFLAGS := $(CXXFLAGS)
CXXFLAGS := $(NWN_SAVED_CXXFLAGS) -Itb -Icsrc/include
$(foreach n,$(NWN_RTL_NAMES),$(eval $(call vtop,nwn_$(n),nr_nwn,$(NWN_GP_$(n)) --hier nr_nwn_port --hier nr_nwn_sub --split 2000)))
CXXFLAGS := $(NWN_SAVED_CXXFLAGS) -Itb -Icsrc/include -DNR_NWN_TRACE
$(foreach n,$(NWN_RTL_TRACE_NAMES),$(eval $(call vtop,nwn_$(n),nr_nwn,$(NWN_GP_$(n)) --opt 0 --split 2000,--trace)))
CXXFLAGS := $(NWN_SAVED_CXXFLAGS)

# Each build is remade when its configuration's line of configs/configs.txt
# changes (the Makefile's per-configuration stamps).
$(foreach c,$(NWN_RTL_CFGS),$(eval $(BUILD)/v/nwn_$(call nwn_name,$(c))/libVnr_nwn.a: $(call cfg_stamp,$(c))))
$(foreach c,$(NWN_RTL_TRACE_CFGS),$(eval $(BUILD)/v/nwn_$(call nwn_name,$(c))_trace/libVnr_nwn.a: $(call cfg_stamp,$(c))))
NWN_V := $(foreach n,$(NWN_RTL_NAMES) $(NWN_RTL_TRACE_NAMES),$(BUILD)/v/nwn_$(n))
$(NWN_V:%=%/shim.o): tb/nwn_rtl.h tb/shim/rtr_shim.hpp tb/shim/shim_cov.hpp csrc/include/nr_nwn.h csrc/include/nr_router.h csrc/include/nr_lcb.h
$(NWN_V:%=%/shim.o): CXXFLAGS += -Itb -Icsrc/include
$(NWN_RTL_TRACE_NAMES:%=$(BUILD)/v/nwn_%/shim.o): CXXFLAGS += -DNR_NWN_TRACE
$(foreach n,$(NWN_RTL_NAMES) $(NWN_RTL_TRACE_NAMES),$(eval NWN_RTL_OBJS_$(n) := $(BUILD)/v/nwn_$(n)/shim.o $(BUILD)/v/nwn_$(n)/libVnr_nwn.a))

# Smoke test: one binary per k16 build (LCB and bare). The LCB ones talk to
# the C LCB model (NRMODEL) on every port.
NWN_RTL_SMOKE_NAMES := cn_k16 fc_k16 bb_k16 fc_isu2_k16 cn_k16_bare fc_k16_bare bb_k16_bare \
    fc_k16_crc32
NWN_RTL_SMOKE_O := $(BUILD)/obj/tb/nwn/rtl_smoke.o
$(NWN_RTL_SMOKE_O): CFLAGS += -Itb
NWN_RTL_SMOKE_BINS := $(NWN_RTL_SMOKE_NAMES:%=$(BUILD)/tests/nwn/rtl_smoke_%)
define nwn_smoke
$(BUILD)/tests/nwn/rtl_smoke_$(1): $(NWN_RTL_SMOKE_O) $(NWN_RTL_OBJS_$(1)) $(NRMODEL) $(NRLIB)
	@mkdir -p $$(@D)
	$$(CXX) -o $$@ $(NWN_RTL_SMOKE_O) $(NWN_RTL_OBJS_$(1)) $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS) $(VLIBS)
endef
$(foreach n,$(NWN_RTL_SMOKE_NAMES),$(eval $(call nwn_smoke,$(n))))

TEST_BINS += $(NWN_RTL_SMOKE_BINS)
UNIT_TARGETS += test-nwn-rtl
.PHONY: test-nwn-rtl
test-nwn-rtl: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(NWN_RTL_SMOKE_BINS)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/nwn_rtl.list
