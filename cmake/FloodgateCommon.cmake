# fg_common_cfg: every Floodgate target links this INTERFACE library for the
# language level, warnings and sanitizer flags, so they are set in one place.
add_library(fg_common_cfg INTERFACE)
target_compile_features(fg_common_cfg INTERFACE cxx_std_20)
set(CMAKE_CXX_EXTENSIONS OFF)

if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  target_compile_options(fg_common_cfg INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast
    -Wcast-align -Woverloaded-virtual -Wnull-dereference -Wimplicit-fallthrough
    -Wformat=2)
  if(FLOODGATE_WERROR)
    target_compile_options(fg_common_cfg INTERFACE -Werror)
  endif()
  if(FLOODGATE_FUZZ)
    # Coverage for the whole engine, not just the fuzz entry points.
    target_compile_options(fg_common_cfg INTERFACE -fsanitize=fuzzer-no-link)
  endif()
  if(FLOODGATE_SANITIZE)
    target_compile_options(fg_common_cfg INTERFACE
      -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
    target_link_options(fg_common_cfg INTERFACE -fsanitize=address,undefined)
  endif()
  if(FLOODGATE_TSAN)
    target_compile_options(fg_common_cfg INTERFACE -fsanitize=thread -fno-omit-frame-pointer)
    target_link_options(fg_common_cfg INTERFACE -fsanitize=thread)
  endif()
endif()

if(WIN32)
  # Windows 10 1809 and later (POSIX-semantics rename and delete, TCP_INFO
  # with the send-limit times); the wide APIs; no min/max macros.
  target_compile_definitions(fg_common_cfg INTERFACE _WIN32_WINNT=0x0A00 NTDDI_VERSION=0x0A000006
    WIN32_LEAN_AND_MEAN NOMINMAX UNICODE _UNICODE)
endif()

# Qt safety defines: no implicit ASCII casts, no keyword macros that clash with
# the standard library (signals/slots/emit).
set(FG_QT_DEFINES QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_NO_KEYWORDS
                  QT_NO_NARROWING_CONVERSIONS_IN_CONNECT QT_STRICT_ITERATORS)

# fg_add_test(<name> SOURCES <files...> LIBS <targets...> LABELS <labels...> [TIMEOUT s]
#             [RUNNER <command...>])
# One Qt Test executable per suite; ui suites run on the offscreen platform.
# RUNNER runs the program (given as its last argument) instead of ctest.
function(fg_add_test name)
  cmake_parse_arguments(T "" "TIMEOUT" "SOURCES;LIBS;LABELS;RUNNER" ${ARGN})
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 120)
  endif()
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE fg_common_cfg Qt6::Test ${T_LIBS})
  target_compile_definitions(${name} PRIVATE ${FG_QT_DEFINES}
    FG_TEST_BINARY_DIR="${CMAKE_BINARY_DIR}"
    FG_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
    FG_CLI_PATH="$<TARGET_FILE:floodgate>")
  add_dependencies(${name} floodgate)
  if(T_RUNNER)
    add_test(NAME ${name} COMMAND ${T_RUNNER} $<TARGET_FILE:${name}>)
  else()
    add_test(NAME ${name} COMMAND ${name})
  endif()
  set(env "QT_QPA_PLATFORM=offscreen")
  if(FLOODGATE_FUZZ)
    # Coverage for the whole engine, not just the fuzz entry points.
    target_compile_options(fg_common_cfg INTERFACE -fsanitize=fuzzer-no-link)
  endif()
  if(FLOODGATE_SANITIZE)
    # Qt's own allocations are reported as leaks at exit; leak checking is
    # not what the sanitizer run is for (use valgrind/heaptrack for leaks).
    list(APPEND env "ASAN_OPTIONS=detect_leaks=0:abort_on_error=1"
                    "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
  endif()
  if(FLOODGATE_TSAN)
    # TSan cannot see the descriptors io_uring opens and closes (the sender's
    # batched small-file reads): when a later open() gets the same number in
    # another thread, that thread's close and the sender's fstat on the old
    # file read as a race. Under TSan the sender reads one file at a time (the
    # plain reader, which the release and ASan runs test beside io_uring).
    list(APPEND env "TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:suppressions=${CMAKE_SOURCE_DIR}/tests/tsan.supp"
                    "FLOODGATE_NO_IO_URING=1")
  endif()
  set_tests_properties(${name} PROPERTIES LABELS "${T_LABELS}" TIMEOUT ${T_TIMEOUT}
                                          ENVIRONMENT "${env}")
endfunction()
