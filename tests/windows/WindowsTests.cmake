# The tests of the Windows build (scripts/package-windows.sh builds it with
# mingw-w64; ctest runs each program under Wine through the toolchain's
# CMAKE_CROSSCOMPILING_EMULATOR):
#  - the platform layer's contract (tests/platform), the same file Linux runs;
#  - the core tests that need nothing of POSIX (no test servers, namespaces
#    or FUSE mounts: those are what tests/support provides on Linux);
#  - the command line against a Linux daemon, when a Linux floodgate is
#    given (FLOODGATE_HOST_CLI): a local sync of an awkward tree, a push and
#    a pull back, each verified byte for byte.
set(fg_windows_core_tests
  admission bandwidth_timetable bottleneck chunk_ledger congestion_trial delta evidence_window files_from
  filter forecast hash job_diagnosis lab_plan link_memory machine_load name_fold name_guard path payload_expander
  planner process_setup progress_watchdog rate_limit reconnect_policy signature_inbox stage_track
  stream_registry stream_tuner task_thread windows_mapping)

# fg_add_test's program, run through run_qt_test.sh (Qt Test's log to a file
# and back, since under Wine it writes nothing to a pipe).
function(fg_add_windows_test name src label)
  fg_add_test(${name} SOURCES ${src} LIBS fg_core_internal LABELS ${label} TIMEOUT 300
              RUNNER ${CMAKE_CURRENT_SOURCE_DIR}/windows/run_qt_test.sh ${FLOODGATE_WINE})
endfunction()

file(GLOB fg_platform_tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/platform/test_*.cpp)
foreach(src ${fg_platform_tests})
  get_filename_component(stem ${src} NAME_WE)
  fg_add_windows_test(platform_${stem} ${src} platform)
endforeach()
foreach(t ${fg_windows_core_tests})
  fg_add_windows_test(core_test_${t} ${CMAKE_CURRENT_SOURCE_DIR}/core/test_${t}.cpp core)
endforeach()

set(FLOODGATE_HOST_CLI "" CACHE FILEPATH "a Linux floodgate, for the Windows build's tests against a Linux daemon")
# Holds a file open without sharing, for the locked-file step.
add_executable(hold_file ${CMAKE_CURRENT_SOURCE_DIR}/windows/hold_file.cpp)
target_link_options(hold_file PRIVATE -municode)
if(FLOODGATE_HOST_CLI)
  add_test(NAME windows_test_cli_roundtrip
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/windows/cli_roundtrip.sh
                   $<TARGET_FILE:floodgate> ${FLOODGATE_HOST_CLI} ${FLOODGATE_WINE} $<TARGET_FILE:hold_file>)
  set_tests_properties(windows_test_cli_roundtrip PROPERTIES LABELS windows TIMEOUT 300)
endif()
