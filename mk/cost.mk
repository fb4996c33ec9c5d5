# cost.mk - the cost, packaging and power model of a network (tb/cost,
# docs/cost.md): $(BUILD)/bin/net_cost on the catalog's topologies, its unit
# tests (tests/cost.list) and the seed's tables and plots.
#
#   make test-cost   tests/cost.list (seconds)
#   make cost        the tables and plots of docs/cost.md under
#                    $(BUILD)/results/cost (scripts/cost.sh, seconds);
#                    make publish-cost copies them into docs/
#   make cost-pareto cost against saturation throughput at N = 1K
#                    (scripts/cost_pareto.sh: 20 net_sim runs of 1K nodes
#                    at offered load 1.0); make publish-cost-pareto
#   make cost-pareto-4k  the same at N = 4K (6 runs of 4K nodes, 50 to 120
#                    CPU seconds each); make publish-cost-pareto-4k
COST_LIB_SRCS := tb/cost/cost.c
COST_OBJS := $(COST_LIB_SRCS:%.c=$(BUILD)/obj/%.o)
COST_BIN := $(BUILD)/bin/net_cost
COST_TEST := $(BUILD)/bin/cost_test

$(COST_BIN): $(BUILD)/obj/tb/cost/net_cost.o $(BUILD)/obj/tb/cost/cost_report.o $(COST_OBJS) $(RTL_NONE) $(NRCAT) $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $^ $(NRLIB_LDLIBS)
$(COST_TEST): $(BUILD)/obj/tb/cost/cost_test.o $(COST_OBJS) $(RTL_NONE) $(NRCAT) $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $^ $(NRLIB_LDLIBS)
TEST_BINS += $(COST_BIN) $(COST_TEST)

UNIT_TARGETS += test-cost
.PHONY: test-cost
test-cost: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(COST_BIN) $(COST_TEST)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/cost.list

UNIT_TARGETS += cost
.PHONY: cost
cost: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(COST_BIN)
	@BUILD=$(BUILD) scripts/cost.sh

UNIT_TARGETS += cost-pareto
.PHONY: cost-pareto
cost-pareto: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(COST_BIN) $(NET_BIN)
	@BUILD=$(BUILD) JOBS=$(JOBS) scripts/cost_pareto.sh

UNIT_TARGETS += cost-pareto-4k
.PHONY: cost-pareto-4k
cost-pareto-4k: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(COST_BIN) $(NET_BIN)
	@BUILD=$(BUILD) JOBS=$(JOBS) PARETO_SIZE=4k scripts/cost_pareto.sh
