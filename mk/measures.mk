# measures.mk - make measures: the code and document measures beside their
# limits (scripts/measures.sh: functions, test mains, RTL modules,
# near-duplicate pairs, docs prose, README), in $(BUILD)/results/measures;
# make publish-measures puts the table into docs/architecture.md.
.PHONY: measures
measures:
	@BUILD=$(BUILD) scripts/measures.sh
UNIT_TARGETS += measures
