# Run by CTest in script mode (cmake -P). Every step must succeed; the first failure stops the test
# with the step's output.
foreach(var ONESHADER_BUILD_DIR CONSUMER_SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_install_test.cmake needs -D${var}=...")
  endif()
endforeach()
if(NOT BUILD_TYPE)
  set(BUILD_TYPE Release)
endif()

# A fresh prefix each run, so a file left by an earlier install cannot hide a missing one.
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
set(consumer_build "${WORK_DIR}/consumer-build")

function(step name)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name} failed (${rc}):\n${out}\n${err}")
  endif()
  message(STATUS "${name}: ok")
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

step("install" "${CMAKE_COMMAND}" --install "${ONESHADER_BUILD_DIR}" --prefix "${prefix}" --config "${BUILD_TYPE}")
step("configure consumer" "${CMAKE_COMMAND}" -S "${CONSUMER_SOURCE_DIR}" -B "${consumer_build}"
  -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}"
  "-DCMAKE_PREFIX_PATH=${prefix}" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
step("build consumer" "${CMAKE_COMMAND}" --build "${consumer_build}" --config "${BUILD_TYPE}")

find_program(consumer NAMES oneshader_consumer PATHS "${consumer_build}" "${consumer_build}/${BUILD_TYPE}"
  NO_DEFAULT_PATH REQUIRED)
step("run consumer" "${consumer}")
if(NOT step_output MATCHES "float scale = 2;")
  message(FATAL_ERROR "the consumer printed an unexpected preprocessed text:\n${step_output}")
endif()

# The tool is installed too and must run from the prefix.
find_program(tool NAMES oneshader PATHS "${prefix}/bin" NO_DEFAULT_PATH REQUIRED)
step("installed tool" "${tool}" --version)
