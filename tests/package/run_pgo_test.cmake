# Run by CTest in script mode (cmake -P): the ONESHADER_PGO option of the source tree, configured as
# scripts/build-pgo.sh does. The steps:
#   1. A value other than OFF, GENERATE and USE stops the configure, naming the values.
#   2. USE without a profile stops the configure, saying how to make one.
#   3. GENERATE instruments every object: its compile command writes the profile into ONESHADER_PGO_DIR
#      with names relative to the build folder, and g++ builds such an object.
#   4. USE with a profile folder (one .gcda file makes it one) compiles every object with it, and g++
#      builds an object the profile does not cover without a warning (code the training never ran).
# The whole path (an instrumented tool trained on the corpus, then the optimized build) is
# scripts/build-pgo.sh, which bench/run.sh --pgo runs.
foreach(var ONESHADER_SOURCE_DIR WORK_DIR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_pgo_test.cmake needs -D${var}=...")
  endif()
endforeach()
file(REMOVE_RECURSE "${WORK_DIR}")
set(profile "${WORK_DIR}/profile")

function(configure name dir expect)
  execute_process(COMMAND "${CMAKE_COMMAND}" -S "${ONESHADER_SOURCE_DIR}" -B "${dir}" -G Ninja
      "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
      -DONESHADER_BUILD_TESTS=OFF -DONESHADER_BUILD_BENCH=OFF -DONESHADER_INSTALL=OFF ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(expect STREQUAL "fail" AND rc EQUAL 0)
    message(FATAL_ERROR "configure ${name} succeeded but must fail:\n${out}\n${err}")
  elseif(expect STREQUAL "pass" AND NOT rc EQUAL 0)
    message(FATAL_ERROR "configure ${name} failed (${rc}):\n${out}\n${err}")
  endif()
  message(STATUS "configure ${name}: ${expect}ed as it must")
  set(step_output "${out}${err}" PARENT_SCOPE)
endfunction()

# CMake wraps a long message over lines: compared with all whitespace as single spaces.
function(expect_in text what)
  string(REGEX REPLACE "[ \t\r\n]+" " " text "${text}")
  string(FIND "${text}" "${what}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "expected '${what}' in:\n${text}")
  endif()
endfunction()

# The compile command of one library object, and that object built.
set(object CMakeFiles/oneshader.dir/src/support/arena.cpp.o)
function(check_object dir)
  file(STRINGS "${dir}/compile_commands.json" command REGEX "\"command\":.* -c [^ ]*/src/support/arena.cpp\"")
  if(NOT command)
    message(FATAL_ERROR "no compile command for src/support/arena.cpp in ${dir}")
  endif()
  foreach(flag ${ARGN})
    expect_in("${command}" "${flag}")
  endforeach()
  execute_process(COMMAND ninja -C "${dir}" ${object} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT EXISTS "${dir}/${object}")
    message(FATAL_ERROR "building ${object} in ${dir} failed (${rc}):\n${out}\n${err}")
  endif()
  string(FIND "${out}${err}" "warning" warned)
  if(NOT warned EQUAL -1)
    message(FATAL_ERROR "building ${object} in ${dir} warned:\n${out}\n${err}")
  endif()
  set(object_command "${command}" PARENT_SCOPE)
endfunction()

configure("with ONESHADER_PGO=SOMETIMES" "${WORK_DIR}/bad" fail -DONESHADER_PGO=SOMETIMES)
expect_in("${step_output}" "use OFF, GENERATE or USE")

configure("with ONESHADER_PGO=USE and no profile" "${WORK_DIR}/none" fail -DONESHADER_PGO=USE
  "-DONESHADER_PGO_DIR=${profile}")
expect_in("${step_output}" "no profile (*.gcda) in ${profile}")
expect_in("${step_output}" "scripts/build-pgo.sh")

configure("with ONESHADER_PGO=GENERATE" "${WORK_DIR}/generate" pass -DONESHADER_PGO=GENERATE
  "-DONESHADER_PGO_DIR=${profile}")
check_object("${WORK_DIR}/generate" "-fprofile-generate=${profile}" "-fprofile-prefix-path=${WORK_DIR}/generate")
if(NOT IS_DIRECTORY "${profile}")
  message(FATAL_ERROR "ONESHADER_PGO=GENERATE did not create ${profile}")
endif()

file(WRITE "${profile}/CMakeFiles#oneshader.dir#src#support#arena.gcda" "")
configure("with ONESHADER_PGO=USE" "${WORK_DIR}/use" pass -DONESHADER_PGO=USE "-DONESHADER_PGO_DIR=${profile}")
expect_in("${step_output}" "optimized with the profile in ${profile} (1 files)")
file(REMOVE "${profile}/CMakeFiles#oneshader.dir#src#support#arena.gcda")
check_object("${WORK_DIR}/use" "-fprofile-use=${profile}" "-fprofile-prefix-path=${WORK_DIR}/use"
  "-Wno-missing-profile")
