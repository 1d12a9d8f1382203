# Profile-guided optimization (ONESHADER_PGO). A compile of a median shader runs about a megabyte
# of the compiler's code, spread over every stage; laid out by a profile (hot paths together, cold
# ones apart, branches ordered by what the corpus does) the same work takes about a quarter less
# time in process (docs/performance.md). scripts/build-pgo.sh builds an instrumented tree, trains
# it on the corpus and builds the optimized tree.
#
# The profile's file names are the objects' paths below this project's build folder, so a profile
# written by one build folder serves another one of the same layout.
if(NOT ONESHADER_PGO OR ONESHADER_PGO STREQUAL "OFF")
  return()
endif()
if(NOT ONESHADER_PGO MATCHES "^(GENERATE|USE)$")
  message(FATAL_ERROR "ONESHADER_PGO is '${ONESHADER_PGO}': use OFF, GENERATE or USE")
endif()
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  message(FATAL_ERROR "ONESHADER_PGO needs g++ (its profiles are gcov data files); "
    "configure with -DCMAKE_CXX_COMPILER=g++ or leave ONESHADER_PGO off")
endif()

set(oneshader_pgo_dir "${ONESHADER_PGO_DIR}")
if(NOT oneshader_pgo_dir)
  set(oneshader_pgo_dir "${PROJECT_BINARY_DIR}/pgo-profile")
endif()
get_filename_component(oneshader_pgo_dir "${oneshader_pgo_dir}" ABSOLUTE BASE_DIR "${PROJECT_BINARY_DIR}")

if(ONESHADER_PGO STREQUAL "GENERATE")
  file(MAKE_DIRECTORY "${oneshader_pgo_dir}")
  # Atomic counter updates where the target has them: a program may compile on several threads
  # (the compile cache does), and racing counters would only blur the profile, but cheaply.
  add_compile_options(-fprofile-generate=${oneshader_pgo_dir} -fprofile-prefix-path=${PROJECT_BINARY_DIR}
                      -fprofile-update=prefer-atomic)
  add_link_options(-fprofile-generate=${oneshader_pgo_dir})
  message(STATUS "OneShader: instrumented for profile-guided optimization; runs write ${oneshader_pgo_dir}")
else()
  file(GLOB_RECURSE oneshader_pgo_files "${oneshader_pgo_dir}/*.gcda")
  if(NOT oneshader_pgo_files)
    message(FATAL_ERROR "ONESHADER_PGO=USE: no profile (*.gcda) in ${oneshader_pgo_dir}. Build with "
      "ONESHADER_PGO=GENERATE and run it on shaders first (scripts/build-pgo.sh does both), or point "
      "ONESHADER_PGO_DIR at the profile")
  endif()
  list(LENGTH oneshader_pgo_files oneshader_pgo_count)
  # Code the training never ran (tests, tools, rare paths) is optimized as usual rather than for
  # size; a source edited since the training keeps building, with a warning that its profile is
  # stale (the edited functions then go without one).
  add_compile_options(-fprofile-use=${oneshader_pgo_dir} -fprofile-prefix-path=${PROJECT_BINARY_DIR}
                      -fprofile-partial-training -Wno-missing-profile -Wno-error=coverage-mismatch)
  message(STATUS "OneShader: optimized with the profile in ${oneshader_pgo_dir} (${oneshader_pgo_count} files)")
endif()
