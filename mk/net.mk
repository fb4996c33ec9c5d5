# net.mk - networks of the kit's routers (tb/net, docs/network.md): the
# network simulator $(BUILD)/bin/net_sim on the C models, its regression
# (tests/net.list).
#
#   make test-net      tests/net.list
#   make test-net-rtl  tests/net_rtl.list: Verilated routers in the network, in
#                      lockstep with their models
NET_SRCS := tb/net/net.c tb/net/net_bare.c tb/net/net_lcb.c tb/net/net_fail.c tb/net/net_gq.c tb/net/net_sim.c
NET_OBJS := $(NET_SRCS:%.c=$(BUILD)/obj/%.o) \
            $(RTL_NONE) \
            $(patsubst %,$(BUILD)/obj/tb/common/%.o,trafopt channel progrun linkmon lcb_rtt)
NET_BIN := $(BUILD)/bin/net_sim
$(NET_SRCS:%.c=$(BUILD)/obj/%.o): CFLAGS += -Itb/net -Itb/lcb

$(NET_BIN): $(NET_OBJS) $(NRCAT) $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) $(MODEL_LTO_LDFLAGS) -o $@ $(NET_OBJS) $(NRCAT) $(NRMODEL) $(NRLIB) -lm -pthread
TEST_BINS += $(NET_BIN)

UNIT_TARGETS += test-net
.PHONY: test-net
test-net: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(NET_BIN) $(BUILD)/bin/sweep_report $(BUILD)/bin/net_cost
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/net.list

# ---- RTL in the network: net_sim-NAME for every router (RTR_TOPS)
# configuration (on demand), linked with its Verilated build and the RTL
# glue $(RTR_GLUE) (the Makefile); make test makes those whose builds
# column has rtl. net_sim --impl rtl|lockstep --rtl NAME hands the run to it.
NET_OBJS_NORTL := $(filter-out %/rtl_none.o,$(NET_OBJS))
$(foreach c,$(call cfg_of,$(RTR_TOPS)),$(eval $(call vlink,$(BUILD)/bin/net_sim-$(c),$(c),$(CFG_TOP_$(c)),$(NET_OBJS_NORTL) $(RTR_GLUE))))
# make test links those of the radix-16 configurations (the networks of
# tests/net_rtl.list are of radix-16 routers); any other on demand.
NET_RTL_BINS := $(foreach c,$(call cfg_with,rtl,$(RTR_TOPS)),$(if $(findstring -k16,$(c)),$(BUILD)/bin/net_sim-$(c)))
# traced: net_sim-NAME-trace (the traced build), for the
# FST window a lockstep divergence reruns with (--trace-rtr)
$(foreach c,$(call cfg_of,$(RTR_TOPS)),$(eval $(call vlink,$(BUILD)/bin/net_sim-$(c)-trace,$(c)-trace,$(CFG_TOP_$(c)),$(NET_OBJS_NORTL) $(RTR_GLUE))))
NET_RTL_BINS += $(foreach c,$(call cfg_with,trace,$(RTR_TOPS)),$(if $(findstring -k16,$(c)),$(BUILD)/bin/net_sim-$(c)-trace))
ifneq ($(wildcard csrc/model/yarc.c),)
TEST_BINS += $(NET_RTL_BINS)
endif
UNIT_TARGETS += test-net-rtl
.PHONY: test-net-rtl
test-net-rtl: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(NET_BIN) $(NET_RTL_BINS)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/net_rtl.list

# make net-run: the network demo (scripts/net_run.sh, about a minute):
# a 128-node folded Clos of yarc-k16 routers with LCBs, UR, two routings,
# summary table and latency plot in build/results/.
.PHONY: net-run
net-run: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(NET_BIN)
	@BUILD=$(BUILD) scripts/net_run.sh
UNIT_TARGETS += net-run

# make sweep-net: the network experiments with CSV and PNG: seed 001 Fig 6
# (scripts/net_fig6.sh, a few minutes) and Fig 13 (scripts/net_fig13.sh, 96
# points; make bench-net-sweep times it), both in a 4096-node folded Clos,
# seed 002 Figs 4-6 on the flattened butterfly (scripts/net_fbfly.sh), and
# [HP-F] Fig F.19 (scripts/net_f19.sh) and [AK11] Fig 8.9 (make fig89).
# make sweep-net-fig6, -fig13, -fbfly, -f19: one alone. Results in
# $(BUILD)/results; make publish-sweep-net (or publish-sweep-net-fig6, ...)
# puts the plots of complete runs into docs/img (mk/publish.mk). A failed
# part stops make sweep-net with its exit status.
.PHONY: sweep-net sweep-net-fig6 sweep-net-fig13 sweep-net-fbfly sweep-net-dfly sweep-net-nflat sweep-net-f19 sweep-net-upsel
sweep-net: sweep-net-fig6 sweep-net-fig13 sweep-net-fbfly sweep-net-f19 fig89
# make sweep-net-dfly: the dragonfly's routings on UR and the worst case
# (scripts/net_dfly.sh; docs/network.md), on its own; make sweep-net-nflat:
# [KDA07] Table 4 and Fig 12, the N = 4K flattened butterflies (net_nflat.sh);
# make sweep-net-f19: [HP-F] Fig F.19, the 3-D torus (net_f19.sh), 8-ary;
# make sweep-net-f19-4k: the figure's own 16-ary 3-cube (an hour of CPU); make
# sweep-net-upsel: YARC's two up-route rules in the Fig 13 network and
# BlackWidow's rank 2.5 (net_upsel.sh).
sweep-net-fig6 sweep-net-fig13 sweep-net-fbfly sweep-net-dfly sweep-net-nflat sweep-net-f19 sweep-net-upsel: sweep-net-%: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(NET_BIN) $(BUILD)/bin/sweep_report $(BUILD)/bin/net_cost
	@BUILD=$(BUILD) scripts/net_$*.sh
# make sweep-net-xt: [AK11 §8.2] the XT's SeaStar torus at 8192 and 32 768
# nodes (scripts/net_xt.sh, about 25 CPU minutes and 5 GB)
.PHONY: sweep-net-xt
sweep-net-xt: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(NET_BIN)
	@BUILD=$(BUILD) scripts/net_xt.sh
UNIT_TARGETS += sweep-net-xt
.PHONY: sweep-net-f19-4k
sweep-net-f19-4k: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(NET_BIN) $(BUILD)/bin/sweep_report $(BUILD)/bin/net_cost
	@BUILD=$(BUILD) scripts/net_f19.sh --4k
UNIT_TARGETS += sweep-net-f19-4k
UNIT_TARGETS += sweep-net sweep-net-fig6 sweep-net-fig13 sweep-net-fbfly sweep-net-dfly sweep-net-nflat sweep-net-f19 sweep-net-upsel
# make ugal-wc: UGAL against VAL on the 1-D flattened butterfly's worst case
# at four input-queue depths (scripts/net_ugal_wc.sh, seconds); make
# publish-ugal-wc puts its table into docs/network.md.
.PHONY: ugal-wc
ugal-wc: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(BUILD)/bin/net_sim
	@BUILD=$(BUILD) scripts/net_ugal_wc.sh
UNIT_TARGETS += ugal-wc
# make bench-net: issue 44's two networks (the 512-node flattened butterfly
# and the 4096-node Fig 13 folded Clos) against 4c9c9e7's net_sim in the same
# run: network cycles/s, phit-hops/s and memory (scripts/net_bench.sh,
# BENCH_BASE=REV; make publish-bench-net puts the table into
# docs/network.md "Speed"). make bench-net-scale: the cost from 64 to 32 768
# nodes, with plots (scripts/net_scale.sh, an hour or more; make
# publish-bench-net-scale). Benchmarks, not in make test.
.PHONY: bench-net bench-net-scale bench-net-sweep
bench-net: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(NET_BIN)
	@BUILD=$(BUILD) BENCH_BASE=$(BENCH_BASE) scripts/net_bench.sh
bench-net-scale: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(NET_BIN)
	@BUILD=$(BUILD) scripts/net_scale.sh
# make bench-net-sweep: the whole Fig 13 sweep timed, wall and CPU
# (scripts/net_sweep_bench.sh, about 70 CPU minutes; make publish-bench-net-sweep)
bench-net-sweep: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(NET_BIN) $(BUILD)/bin/sweep_report $(BUILD)/bin/net_cost
	@BUILD=$(BUILD) scripts/net_sweep_bench.sh
UNIT_TARGETS += bench-net bench-net-scale bench-net-sweep
# make test-net-rtl-large: networks of hundreds of RTL routers, and of radix-32
# RTL routers, in lockstep (tests/long/net_rtl_large.list; not in make test)
.PHONY: test-net-rtl-large
test-net-rtl-large: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(NET_BIN) $(BUILD)/bin/net_sim-fc-k16-bare $(BUILD)/bin/net_sim-yarc-k16 $(BUILD)/bin/net_sim-yarc-k32
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/long/net_rtl_large.list
UNIT_TARGETS += test-net-rtl-large

# throughput and latency over time around a failed link (docs/network.md
# "Faults"): a plot under build/results/net_fail, not in make test
.PHONY: net-fail-plot
net-fail-plot: $(NET_BIN)
	@scripts/net_fail_plot.sh $(BUILD)
