# publish.mk - the only targets that write measured results into docs/
# (issue 42, class 1). Every result flow (make sweep, energy, counts, bench,
# bench-net, sweep-net*, sweep-lcb, net-run, waves, cost, cost-pareto,
# cost-pareto-4k, mutate, fig89, ugal-wc;
# coverage under $(COV_BUILD)/results) writes under
# $(BUILD)/results only; a run that completed with the default settings
# leaves a manifest, $(BUILD)/results/publish-FLOW.txt (scripts/sweep_lib.sh,
# pub_finish). make publish-FLOW copies what it names into docs/
# (scripts/publish.sh: everything checked before anything is written; a
# missing or incomplete manifest changes nothing and exits 1). make area's
# publish target is make area-docs (mk/synth.mk), through the same script.
PUBLISH_FLOWS := sweep-rtr sweep-nwn energy counts bench bench-base bench-net bench-net-scale bench-net-sweep \
                 sweep-net-fig6 sweep-net-fig13 sweep-net-fbfly sweep-net-dfly sweep-net-nflat sweep-net-f19 sweep-net-f19-4k sweep-net-xt sweep-net-upsel sweep-lcb net-run \
                 waves cost cost-pareto cost-pareto-4k measures mutate fig89 ugal-wc
PUBLISH_GROUPS := sweep sweep-net
.PHONY: $(PUBLISH_FLOWS:%=publish-%) $(PUBLISH_GROUPS:%=publish-%) publish-coverage
$(filter-out publish-bench,$(PUBLISH_FLOWS:%=publish-%)): publish-%:
	@scripts/publish.sh $(BUILD)/results/publish-$*.txt
# make bench is two runs: the speed table and the comparison with an older commit
publish-bench:
	@scripts/publish.sh $(BUILD)/results/publish-bench.txt $(BUILD)/results/publish-bench-base.txt
publish-sweep:
	@scripts/publish.sh $(BUILD)/results/publish-sweep-rtr.txt $(BUILD)/results/publish-sweep-nwn.txt
publish-sweep-net:
	@scripts/publish.sh $(foreach f,fig6 fig13 fbfly f19,$(BUILD)/results/publish-sweep-net-$(f).txt) $(BUILD)/results/publish-fig89.txt
# make coverage's instrumented builds and results are in their own BUILD
publish-coverage:
	@scripts/publish.sh $(COV_BUILD)/results/publish-coverage.txt
UNIT_TARGETS += $(PUBLISH_FLOWS:%=publish-%) $(PUBLISH_GROUPS:%=publish-%) publish-coverage
