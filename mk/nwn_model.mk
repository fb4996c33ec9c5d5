# nwn_model.mk - unit tests of the network-within-a-network C model
# (csrc/model/nwn*.c; docs/nwn-model.md), and of the flattened-butterfly
# mode of both router models (test_fb_model, docs/fbfly-routing.md). The model's objects go into
# $(NRMODEL) through the csrc/model/*.c wildcard of mk/model.mk.
#
#   make test-nwn-model    the nwn model unit tests (also part of make test)
NWN_MODEL_TESTS := nwn_model nwn_model_rand fb_model
NWN_MODEL_TEST_BINS := $(NWN_MODEL_TESTS:%=$(BUILD)/tests/unit/test_%)
$(NWN_MODEL_TEST_BINS): $(BUILD)/tests/unit/%: $(BUILD)/obj/tests/unit/%.o $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $< $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS)
$(NWN_MODEL_TEST_BINS:$(BUILD)/tests/unit/%=$(BUILD)/obj/tests/unit/%.o): CFLAGS += -Itests/unit -Itb/common -Icsrc/model

TEST_BINS += $(NWN_MODEL_TEST_BINS)
UNIT_TARGETS += test-nwn-model
.PHONY: test-nwn-model
test-nwn-model: $(BUILD)/.deps-ok $(NRMODEL) $(NWN_MODEL_TEST_BINS)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/nwn_model.list

