# synth.mk - area and timing by synthesis (make area, make area-docs) and the
# seeds' area models beside them (build/bin/area_model). Named after
# model.mk and swcounts.mk in the include order: it needs $(NRMODEL) and
# $(SW_COUNTS).
.PHONY: area area-docs test-area
# The configurations whose builds column (configs/configs.txt) has area: the
# whole set (the router organizations at k = 16 to 64, the vc router's allocators,
# SeaStar, the LCB, cells).
AREA_CONFIGS ?= $(call cfg_with,area)
# make area: hierarchical synthesis (Yosys, OSU 0.18 um) and timing
# (OpenSTA) of AREA_CONFIGS into $(BUILD)/area: per configuration a report,
# the run's table (area.md, area.csv) and its record (run.txt);
# scripts/area_all.sh, constraints/README.md. It writes nothing else: a
# configuration of your own (make area AREA_CONFIGS=my-k16) never touches
# docs/. An unknown or failed configuration fails the run (non-zero exit).
# On a terminal, stderr shows the steps done and an ETA.
area: $(BUILD)/.deps-ok
	@AREA_OUT=$(BUILD)/area AREA_CMD='make area$(if $(filter command line,$(origin AREA_CONFIGS)), AREA_CONFIGS="$(AREA_CONFIGS)")' \
	 scripts/area_all.sh $(AREA_CONFIGS)
UNIT_TARGETS += area
# make area-docs: the publish target of make area (as make publish-FLOW of
# mk/publish.mk): docs/area.md, docs/img/area_radix.png and the synthesis
# tables of docs/results.md (section 4.0) from the last make area, and only
# if that run was the whole set, complete, on this tree (scripts/area_docs.sh,
# through scripts/publish.sh); otherwise it stops with a message and writes
# nothing.
AREA_MODEL := $(BUILD)/bin/area_model
$(AREA_MODEL): $(BUILD)/obj/tb/tools/area_model.o $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $^ $(NRLIB_LDLIBS)
TEST_BINS += $(AREA_MODEL)
area-docs: $(BUILD)/.deps-ok $(SW_COUNTS) $(AREA_MODEL)
	@AREA_OUT=$(BUILD)/area scripts/area_docs.sh $(SW_COUNTS) $(AREA_MODEL)
UNIT_TARGETS += area-docs
# make test-area: the flow on small configurations, its table's columns, and
# that a failed or partial run leaves docs/ alone (tests/area.list)
test-area: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(SW_COUNTS) $(AREA_MODEL)
	@scripts/regress.sh -b $(BUILD) -j 2 tests/area.list
UNIT_TARGETS += test-area
# make area-check: the flow's approximations measured on the k = 16 routers
# (scripts/area_check.sh): the timing models against OpenSTA on the whole
# netlist, the representatives against every variant. Into
# $(BUILD)/area/check; make area-docs publishes it.
.PHONY: area-check
area-check: $(BUILD)/.deps-ok
	@AREA_OUT=$(BUILD)/area scripts/area_check.sh
UNIT_TARGETS += area-check
