# SPDX-License-Identifier: Apache-2.0
#
# One ctest run of a fuzzer: copy its seeds to WORK/corpus, then run
#   FUZZER ARGS... WORK/corpus
# with crash artifacts in WORK/. cmake -DFUZZER=... -DSEEDS=... -DWORK=...
# -DARGS=a;b;c -P ctest_run.cmake
foreach(v FUZZER SEEDS WORK)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "ctest_run.cmake: ${v} is not set")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
file(COPY ${SEEDS}/ DESTINATION ${WORK}/corpus)
execute_process(
  COMMAND ${FUZZER} ${ARGS} -artifact_prefix=${WORK}/ -print_final_stats=1 ${WORK}/corpus
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${FUZZER} failed (${rc}); the input that did it is in ${WORK}/")
endif()
