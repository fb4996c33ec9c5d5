# seastar.mk - the directed unit tests of the SeaStar router model
# (csrc/model/seastar.c, docs/seastar-arch.md; tests/unit/test_seastar.c, run
# by tests/seastar.list with the router testbench's entries).
#
#   make test-seastar    the SeaStar model's tests (also part of make test)
$(eval $(call model_tests,test-seastar,SEASTAR_TEST_BINS,seastar,tests/seastar.list))
