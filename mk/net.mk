# net.mk - networks of the kit's routers (tb/net, docs/network.md): the
# network simulator $(BUILD)/bin/net_sim on the C models, its regression
# (tests/net.list).
#
#   make test-net     tests/net.list
NET_SRCS := tb/net/topo.c tb/net/net.c tb/net/net_bare.c tb/net/net_lcb.c tb/net/net_sim.c
NET_OBJS := $(NET_SRCS:%.c=$(BUILD)/obj/%.o) \
            $(patsubst %,$(BUILD)/obj/tb/rtr/%.o,cfgfile orgs org_yarc org_nwn tables rtl_none) \
            $(patsubst %,$(BUILD)/obj/tb/common/%.o,trafopt channel)
NET_BIN := $(BUILD)/bin/net_sim
$(NET_SRCS:%.c=$(BUILD)/obj/%.o): CFLAGS += -Itb/net -Itb/rtr -Itb/lcb

$(NET_BIN): $(NET_OBJS) $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $(NET_OBJS) $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS) -pthread
TEST_BINS += $(NET_BIN)

UNIT_TARGETS += test-net
.PHONY: test-net
test-net: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(NET_BIN)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/net.list
