# Top-level Makefile for the high-radix router co-simulation kit.
# `make help` lists the targets. Areas add their rules in mk/*.mk and their
# regression entries in tests/*.list.
SHELL    := /bin/bash
# No built-in rules: make's "%: %.o" link rule would otherwise try to remake
# the included dependency files (x.d) from x.d.o through our pattern rules.
MAKEFLAGS += --no-builtin-rules
.SUFFIXES:
BUILD    ?= build
JOBS     ?= $(shell nproc)
# COVERAGE=1: every Verilated model with --coverage (make coverage); such
# builds go in their own directory, never the default one.
ifneq ($(COVERAGE),)
ifeq ($(BUILD),build)
$(error COVERAGE=1 builds go in their own BUILD directory (make coverage uses build-cov))
endif
endif
CC       := gcc
CXX      := g++
CFLAGS   ?= -std=c11 -O2 -g -Wall -Wextra -Werror -Icsrc/include -Itb -MMD -MP
CXXFLAGS ?= -O2 -g -Wall
VINC     := /usr/share/verilator/include
# Ordered RTL file list read by every tool (package first).
RTL_FILES := $(shell grep -v '^\s*\(//\|$$\)' rtl/files.f)
# The files of one top's hierarchy (scripts/rtl_deps.sh, once per top): a
# Verilated build of the top is given these only.
rtl_deps = $(or $(RTL_DEPS_$(1)),$(eval RTL_DEPS_$(1) := $(shell scripts/rtl_deps.sh $(1)))$(RTL_DEPS_$(1)))
# What a Verilated library depends on: once built, the files Verilator read
# (DIR/deps.mk, written by vbuild.sh from Verilator's dependency file and
# included below); before that, the files it will be given.
vdeps = $(if $(wildcard $(1)/deps.mk),,$(call rtl_deps,$(2)) $(wildcard rtl/inc/*.svh))

.DEFAULT_GOAL := help
.PHONY: help deps lint test run sweep waves area formal clean check-format build-tests cores

help:
	@echo "make deps          check/install the Debian packages the build uses"
	@echo "make test          the regression (cells, formal, C unit tests, LCB, routers); JUnit in $(BUILD)/regress/junit.xml"
	@echo "make run           the main job: default co-simulation with a summary"
	@echo "make lint          Verilator -Wall, Icarus and Yosys gates on every RTL module"
	@echo "make formal        bounded and induction proofs with yosys-smtbmc + yices (z3 fallback)"
	@echo "make sweep         load-latency sweeps with CSV and PNG plots, in $(BUILD)/results"
	@echo "make publish-FLOW  a complete run's tables and plots into docs/ (FLOW: sweep, energy, counts, bench, ...; mk/publish.mk)"
	@echo "make waves         FST waveform of a short run, with a GTKWave save file"
	@echo "make area          area and timing of every organization (Yosys, OSU 0.18um, OpenSTA) into $(BUILD)/area; make area-docs publishes it"
	@echo "make check-format  regenerate the packet-format package/header and diff"
	@echo "make soak          time-budgeted link soak (SOAK_MINUTES=10), JUnit in $(BUILD)/soak (not in test)"
	@echo "make coverage      RTL line/branch/toggle coverage of the k16 regression, in build-cov (not in test)"
	@echo "make mutate        seeded RTL bugs (tests/mutate/mutants.list) against the regression (not in test)"
	@echo "make cores         regenerate the FuseSoC cores (cores/*.core) from rtl/files.f and configs/configs.txt"
	@echo "make check-cfg CFG=name  the parameter rules of a configuration (exit 2 with the broken one)"
	@echo "make clean         remove build/"
	@echo "Per-unit targets: $(sort $(UNIT_TARGETS))"

deps:
	@scripts/deps.sh

$(BUILD)/.deps-ok: scripts/deps.sh
	@scripts/deps.sh && mkdir -p $(BUILD) && touch $@

# --- packet format: one table, two outputs --------------------------------
$(BUILD)/genfmt: scripts/genfmt.c
	@mkdir -p $(@D)
	$(CC) -std=c11 -Wall -Wextra -Werror -o $@ $<

check-format: $(BUILD)/genfmt
	@$(BUILD)/genfmt sv | diff -u rtl/nr_pkg.sv - && \
	 $(BUILD)/genfmt c | diff -u csrc/include/nr_fmt.h - && \
	 echo "check-format: rtl/nr_pkg.sv and csrc/include/nr_fmt.h match scripts/genfmt.c"

# --- FuseSoC cores: generated, never typed (tests/fusesoc.list checks) ------
cores:
	@scripts/gencores.sh

# --- Verilated tops ------------------------------------------------------
# $(call vtop,NAME,TOP,PARAMS[,--trace]) builds $(BUILD)/v/NAME/libVTOP.a and
# its shim $(BUILD)/v/NAME/shim.o: for a router top (RTR_TOPS, one per
# organization with RTL) the one router shim tb/shim/rtr_shim.cpp with the
# top's parameter header (nr_cat shim-prm), for any other top
# tb/shim/TOP_shim.cpp. The '+' hands make's job server to the make inside
# vbuild.sh, so the C++ files of one model (split with --split, and its
# hierarchy blocks) compile in parallel when fewer models than jobs are left.
vshim = $(if $(filter $(1),$(RTR_TOPS)),tb/shim/rtr_shim.cpp $(BUILD)/gen/prm_$(1).h,tb/shim/$(1)_shim.cpp)
vshim_flags = $(if $(filter $(1),$(RTR_TOPS)),-DNR_VTOP=V$(1) -DNR_VTOP_H='"V$(1).h"' -include $(BUILD)/gen/prm_$(1).h -Itb -Icsrc/include)
define vtop
$(BUILD)/v/$(1)/libV$(2).a: $(call vdeps,$(BUILD)/v/$(1),$(2)) rtl/files.f rtl/lint.vlt scripts/vbuild.sh | $(BUILD)/.deps-ok
	+scripts/vbuild.sh $(BUILD)/v/$(1) $(2) $(3) $(4) $(if $(COVERAGE),--coverage) -- $(call rtl_deps,$(2))
$(BUILD)/v/$(1)/shim.o: $(call vshim,$(2)) $(BUILD)/v/$(1)/libV$(2).a
	$$(CXX) $$(CXXFLAGS) $(if $(COVERAGE),-DVM_COVERAGE=1) -DNR_RTL_DIR='"$(BUILD)/v/$(1)"' $(call vshim_flags,$(2)) -Itb/shim -I$(BUILD)/v/$(1) -I$(VINC) -I$(VINC)/vltstd -c $$< -o $$@
endef
VLIBS := -lz -pthread
# The RTL glue that every program holding a Verilated router links, one
# object for every build: it asks the linked build what it is
# (tb/catalog/rtl_glue.c, tb/rtl_build.h); programs without RTL link RTL_NONE.
RTR_GLUE := $(BUILD)/obj/tb/catalog/rtl_glue.o
RTL_NONE := $(BUILD)/obj/tb/catalog/rtl_none.o
# $(call vlink,PROGRAM,BUILD-NAME,TOP,OBJS): link the C objects OBJS with the
# Verilated build $(BUILD)/v/BUILD-NAME of TOP (its shim and library), the
# catalog, the C model and the kit's library. Every program that holds RTL is
# made so. VLIBS is read when the program links (a SystemC program adds
# -lsystemc).
define vlink
$(1): $(4) $(BUILD)/v/$(2)/shim.o $(BUILD)/v/$(2)/libV$(3).a $(NRCAT) $(NRMODEL) $(NRLIB)
	@mkdir -p $$(@D)
	$$(CXX) -o $$@ $(4) $(BUILD)/v/$(2)/shim.o $(BUILD)/v/$(2)/libV$(3).a $(NRCAT) $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS) $$(VLIBS)
endef

# The catalog's view of the named configurations and the organizations
# (build/bin/nr_cat make, tb/catalog): CFG_NAMES, CFG_TOP_<name>,
# CFG_BUILDS_<name> (the builds column), CFG_GP_<name> (-G parameters) per
# configuration; RTR_TOPS (the router tops, one per organization with RTL),
# RTR_ORGS, RTR_ORG_<top>, RB_HIER_<top> and RB_TRACE_<top> (its Verilator
# options). make builds nr_cat, writes $(CAT_MK) and reads the makefiles
# again; it does so whenever the configurations file, its path or nr_cat
# changes. The same step refreshes the per-configuration stamps:
# $(BUILD)/cfg/<name>.stamp holds <name>'s top and parameters and changes
# only when they do; each Verilated build of a named configuration depends
# on its stamp ($(call cfg_stamp,NAME)), so editing one entry rebuilds that
# configuration's models and no others.
# NR_CONFIGS names the configurations file (nr_cat, rtr_sim and the scripts
# read it too); a user's own file must keep the shipped entries.
NR_CONFIGS ?= configs/configs.txt
export NR_CONFIGS
CFG_STAMP_DIR := $(BUILD)/cfg
cfg_stamp = $(CFG_STAMP_DIR)/$(1).stamp
NR_CAT := $(BUILD)/bin/nr_cat
CAT_MK := $(BUILD)/gen/catalog.mk
CAT_PATH := $(BUILD)/gen/configs.path
$(shell mkdir -p $(BUILD)/gen && { [ "$$(cat $(CAT_PATH) 2>/dev/null)" = "$(abspath $(NR_CONFIGS))" ] || echo "$(abspath $(NR_CONFIGS))" > $(CAT_PATH); })
$(CAT_MK): $(NR_CAT) $(NR_CONFIGS) $(CAT_PATH)
	@$(NR_CAT) --cfg-file $(NR_CONFIGS) make > $@.tmp && $(NR_CAT) --cfg-file $(NR_CONFIGS) stamps $(CFG_STAMP_DIR) && \
	 { cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@; }
# deps, help and clean need no catalog (deps installs the compiler it needs)
ifneq ($(filter-out deps help clean,$(or $(MAKECMDGOALS),help)),)
include $(CAT_MK)
endif
# $(call cfg_with,KIND[,TOPS]): the configurations whose builds include KIND
# (and whose top is one of TOPS), in file order.
cfg_with = $(foreach c,$(CFG_NAMES),$(if $(filter $(1),$(CFG_BUILDS_$(c))),$(if $(2),$(if $(filter $(CFG_TOP_$(c)),$(2)),$(c)),$(c))))
# $(call cfg_of,TOPS): every configuration of one of TOPS.
cfg_of = $(foreach c,$(CFG_NAMES),$(if $(filter $(CFG_TOP_$(c)),$(1)),$(c)))

# The kit's libraries (mk/clib.mk, mk/model.mk, mk/catalog.mk make them),
# named here so that every makefile can link them, whatever the order of
# inclusion; a program links them in the order NRCAT NRMODEL NRLIB.
NRCAT := $(BUILD)/libnrcat.a
NRLIB := $(BUILD)/libnr.a
NO_LTO := -fno-lto
NRLIB_LDLIBS := -lm $(NO_LTO)
# Link-time optimization of the C model's two simulators (issue 14). Every C
# object carries both its machine code and GCC's intermediate form
# (-ffat-lto-objects, C_LTO; C_LTO= turns it off): rtr_sim and net_sim link
# the intermediate form with -flto (MODEL_LTO_LDFLAGS), which inlines across
# files (the LCB model's blocks, the channels, the CRC tables); every other
# program links the machine code (NO_LTO, also in NRLIB_LDLIBS), as fast
# as before. Same results either way: no floating-point or other semantics change.
C_LTO ?= -flto=auto -ffat-lto-objects
MODEL_LTO_LDFLAGS := -O2 -g -flto=auto
NRMODEL := $(BUILD)/libnrmodel.a

# C objects
$(BUILD)/obj/%.o: %.c | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(C_LTO) -c $< -o $@

include $(sort $(wildcard mk/*.mk))

build-tests: $(BUILD)/.deps-ok $(TEST_BINS)

# make test: the build told short (scripts/build_log.sh: a progress line on a
# terminal, one line per Verilated build in a log; errors and warnings as they
# come; the whole build output in $(BUILD)/build.log), then the regression;
# the build's time goes into junit.xml as its own testcase (NR_BUILD_SECONDS)
test: $(BUILD)/.deps-ok
	@t0=$$(date +%s); set -o pipefail; \
	$(MAKE) --no-print-directory -j$(JOBS) build-tests 2>&1 | scripts/build_log.sh $(BUILD)/build.log || \
	 { echo "make test: the build failed; the end of $(BUILD)/build.log:"; tail -n 25 $(BUILD)/build.log; exit 1; }; \
	NR_BUILD_SECONDS=$$(( $$(date +%s) - t0 )) scripts/regress.sh -b $(BUILD) -j $(JOBS) $(sort $(wildcard tests/*.list))

lint: $(BUILD)/.deps-ok
	@scripts/lint.sh

formal: $(BUILD)/.deps-ok
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) -f '^formal' $(sort $(wildcard tests/*.list))

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
-include $(wildcard $(BUILD)/v/*/deps.mk)
