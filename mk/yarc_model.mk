# yarc_model.mk - unit tests and speed benchmark of the YARC C model
# (csrc/model/yarc*.c). The model's objects go into $(NRMODEL) through the
# csrc/model/*.c wildcard of mk/model.mk; nothing else to build here.
#
#   make test-yarc-model    the YARC model unit tests (also part of make test)
#   make bench-model        the C models' cycles/s and phit-hops/s at k=64 (not in make test)
$(eval $(call model_tests,test-yarc-model,YARC_MODEL_TEST_BINS,yarc_model yarc_model_flow yarc_model_rand,tests/yarc_model.list))

# The C models' speed benchmark (tb/tools/model_bench.c): any named
# configuration, through the catalog. BENCH_ARGS adds options
# (build/bin/model_bench --help).
MODEL_BENCH := $(BUILD)/bin/model_bench
$(MODEL_BENCH): $(BUILD)/obj/tb/tools/model_bench.o $(RTL_NONE) $(NRCAT) $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $(filter %.o,$^) $(NRCAT) $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS)
TEST_BINS += $(MODEL_BENCH)
UNIT_TARGETS += bench-model
.PHONY: bench-model
bench-model: $(BUILD)/.deps-ok $(MODEL_BENCH)
	@echo "# $$(nproc) cores, $$(lscpu | sed -n 's/^Model name: *//p')"
	$(MODEL_BENCH) --cfg yarc-k64:UseLcb=0 --cfg yarc-k64 --cfg cn-k64:UseLcb=0 --cfg fc-k64:UseLcb=0 \
	    --cfg bb-k64:UseLcb=0 --cfg fc-k64 $(BENCH_ARGS)
