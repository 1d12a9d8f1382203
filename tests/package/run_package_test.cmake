# Run by CTest in script mode (cmake -P): installs the build tree into a fresh prefix and uses the
# package as a user's project would (tests/package/consumer). Every step must succeed; the first
# failure stops the test with the step's output. The steps:
#   1. Ninja build against the prefix; the programs run (the shaders dispatch on lavapipe).
#   2. Rebuilds: nothing reruns when nothing changed; touching an include reruns exactly the shaders
#      that include it.
#   3. The same project with Unix Makefiles in a tree at another path: byte-identical headers, and
#      the same rebuild behaviour.
#   4. A shader error fails the build with the compiler's file(line,col) line (both generators).
#   5. find_package(OneShader) from the build tree (export()), without installing.
#   6. add_subdirectory() of the source tree as a guest: no tests, benchmarks, install rules or
#      test-only packages, no forced build type (a configure, and the commands its build would run).
foreach(var ONESHADER_BUILD_DIR ONESHADER_SOURCE_DIR PACKAGE_SOURCE_DIR WORK_DIR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_package_test.cmake needs -D${var}=...")
  endif()
endforeach()
if(NOT BUILD_TYPE)
  set(BUILD_TYPE Release)
endif()

# A fresh prefix and a copy of the consumer each run, so a file left by an earlier run cannot hide a
# missing one, and touching an include never touches the checkout.
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
set(src "${WORK_DIR}/src")
file(COPY "${PACKAGE_SOURCE_DIR}/consumer/" DESTINATION "${src}")

function(step name)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name} failed (${rc}):\n${out}\n${err}")
  endif()
  message(STATUS "${name}: ok")
  set(step_output "${out}${err}" PARENT_SCOPE)
endfunction()

# A step that must fail; its output is returned for the caller to check.
function(failing_step name)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(rc EQUAL 0)
    message(FATAL_ERROR "${name} succeeded but must fail:\n${out}\n${err}")
  endif()
  message(STATUS "${name}: failed as it must")
  set(step_output "${out}${err}" PARENT_SCOPE)
endfunction()

function(configure name dir generator)
  step("configure ${name}" "${CMAKE_COMMAND}" -S "${src}" -B "${dir}" -G "${generator}"
    "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    ${ARGN})
endfunction()

function(build name dir)
  step("build ${name}" "${CMAKE_COMMAND}" --build "${dir}" -j2 ${ARGN})
  set(step_output "${step_output}" PARENT_SCOPE)
endfunction()

# Each shader's header, relative to a build tree.
set(headers oneshader-generated/shader_consumer/scale.hpp oneshader-generated/sprite_shaders/sprite.hpp
  generated/variants/material.hpp)

function(header_times dir out_var)
  set(times "")
  foreach(h IN LISTS headers)
    if(NOT EXISTS "${dir}/${h}")
      message(FATAL_ERROR "the build did not write ${dir}/${h}")
    endif()
    file(TIMESTAMP "${dir}/${h}" t "%s")
    list(APPEND times "${t}")
  endforeach()
  set(${out_var} "${times}" PARENT_SCOPE)
endfunction()

# Nothing reruns without a change; after touching common.hlsli exactly scale.hlsl and material.hlsl
# rerun (the build log names each shader it compiles) and their headers are written again.
function(check_rebuilds name dir)
  build("${name} again" "${dir}" --target shader_consumer)
  if(step_output MATCHES "OneShader: ")
    message(FATAL_ERROR "${name}: a build without changes compiled shaders again:\n${step_output}")
  endif()
  header_times("${dir}" before)
  # The header times are read in whole seconds; the touch must be later than the build.
  execute_process(COMMAND "${CMAKE_COMMAND}" -E sleep 1.2)
  file(TOUCH "${src}/shaders/include/common.hlsli")
  build("${name} after touching common.hlsli" "${dir}" --target shader_consumer)
  foreach(shader scale material)
    if(NOT step_output MATCHES "OneShader: shaders/${shader}\\.hlsl")
      message(FATAL_ERROR "${name}: touching common.hlsli did not recompile ${shader}.hlsl:\n${step_output}")
    endif()
  endforeach()
  if(step_output MATCHES "OneShader: shaders/sprite\\.hlsl")
    message(FATAL_ERROR "${name}: touching common.hlsli recompiled sprite.hlsl, which does not include it:\n${step_output}")
  endif()
  header_times("${dir}" after)
  foreach(i 0 1 2)
    list(GET headers ${i} h)
    list(GET before ${i} b)
    list(GET after ${i} a)
    if(h MATCHES "sprite" AND NOT a STREQUAL b)
      message(FATAL_ERROR "${name}: ${h} was written again though its shader includes nothing")
    elseif(NOT h MATCHES "sprite" AND a STREQUAL b)
      message(FATAL_ERROR "${name}: ${h} was not written again after its include changed")
    endif()
  endforeach()
  message(STATUS "${name}: touching common.hlsli rebuilt exactly scale.hpp and material.hpp")
endfunction()

# The build must stop at the shader error with the compiler's line, and leave no header behind.
function(check_error name dir)
  step("configure ${name} with the broken shader" "${CMAKE_COMMAND}" -S "${src}" -B "${dir}" -DCONSUMER_BROKEN_SHADER=ON)
  failing_step("build ${name} with the broken shader" "${CMAKE_COMMAND}" --build "${dir}" --target broken_consumer)
  if(NOT step_output MATCHES "broken\\.hlsl\\(8,20\\): error OSH[0-9][0-9][0-9][0-9]: [^\n]*missing_value")
    message(FATAL_ERROR "${name}: the failed build does not show the shader's error line:\n${step_output}")
  endif()
  if(EXISTS "${dir}/oneshader-generated/broken_consumer/broken.hpp")
    message(FATAL_ERROR "${name}: a header was written for a shader that did not compile")
  endif()
  step("configure ${name} without the broken shader" "${CMAKE_COMMAND}" -S "${src}" -B "${dir}" -DCONSUMER_BROKEN_SHADER=OFF)
endfunction()

# 1. Ninja against the installed package.
step("install" "${CMAKE_COMMAND}" --install "${ONESHADER_BUILD_DIR}" --prefix "${prefix}" --config "${BUILD_TYPE}")
foreach(f bin/oneshader lib/cmake/OneShader/OneShaderConfig.cmake lib/cmake/OneShader/OneShaderAddShaders.cmake)
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "the install did not write ${f}")
  endif()
endforeach()
set(ninja_dir "${WORK_DIR}/ninja")
configure("Ninja tree" "${ninja_dir}" Ninja "-DCMAKE_PREFIX_PATH=${prefix}")
build("Ninja tree" "${ninja_dir}")
step("run shader_consumer" "${ninja_dir}/shader_consumer")
message(STATUS "${step_output}")
if(NOT step_output MATCHES "shader_consumer: all checks passed")
  message(FATAL_ERROR "shader_consumer printed an unexpected text:\n${step_output}")
endif()
step("run library_consumer" "${ninja_dir}/library_consumer")
if(NOT step_output MATCHES "float scale = 2;")
  message(FATAL_ERROR "library_consumer printed an unexpected preprocessed text:\n${step_output}")
endif()
if(NOT step_output MATCHES "layouts: scale dispatched with the header's pipeline layout \\(1 sets, 3 bindings\\)")
  message(FATAL_ERROR "library_consumer did not dispatch with the header's layout:\n${step_output}")
endif()
message(STATUS "${step_output}")
step("installed tool" "${prefix}/bin/oneshader" --version)

# 2. Rebuilds with Ninja.
check_rebuilds("Ninja tree" "${ninja_dir}")

# 3. Unix Makefiles, in a tree at another path and depth.
set(make_dir "${WORK_DIR}/elsewhere/deeper/make")
configure("Makefiles tree" "${make_dir}" "Unix Makefiles" "-DCMAKE_PREFIX_PATH=${prefix}")
# The library consumer is linked in the Ninja tree already (a large static link): only the shaders' program here.
build("Makefiles tree" "${make_dir}" --target shader_consumer)
foreach(h IN LISTS headers)
  file(SHA256 "${ninja_dir}/${h}" hash_a)
  file(SHA256 "${make_dir}/${h}" hash_b)
  if(NOT hash_a STREQUAL hash_b)
    message(FATAL_ERROR "${h} differs between the build trees ${ninja_dir} and ${make_dir}")
  endif()
  file(READ "${make_dir}/${h}" text)
  string(FIND "${text}" "${WORK_DIR}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "${h} names a folder of the machine (${WORK_DIR})")
  endif()
endforeach()
message(STATUS "the generated headers are byte-identical in both build trees")
check_rebuilds("Makefiles tree" "${make_dir}")

# 4. A shader error, with each generator.
check_error("Ninja tree" "${ninja_dir}")
check_error("Makefiles tree" "${make_dir}")

# A wrong argument stops the configure with what is wrong.
failing_step("configure with a wrong argument" "${CMAKE_COMMAND}" -S "${src}" -B "${ninja_dir}" -DCONSUMER_BAD_ARGUMENTS=ON)
# (CMake wraps the message's lines.)
if(NOT step_output MATCHES "oneshader_add_shaders\\(shader_consumer\\):[ \n]+TARGETS[ \n]+'dxil'[ \n]+is[ \n]+not[ \n]+one[ \n]+of")
  message(FATAL_ERROR "the configure with a wrong argument does not say what is wrong:\n${step_output}")
endif()
step("configure without the wrong argument" "${CMAKE_COMMAND}" -S "${src}" -B "${ninja_dir}" -DCONSUMER_BAD_ARGUMENTS=OFF)

# 5. The package from the build tree: the library links and the tool generates the same header.
set(build_tree_dir "${WORK_DIR}/from-build-tree")
configure("build-tree package consumer" "${build_tree_dir}" Ninja "-DOneShader_DIR=${ONESHADER_BUILD_DIR}")
build("build-tree package consumer" "${build_tree_dir}" --target library_consumer oneshader-generated/shader_consumer/scale.hpp)
step("run library_consumer (build tree)" "${build_tree_dir}/library_consumer")
file(SHA256 "${ninja_dir}/oneshader-generated/shader_consumer/scale.hpp" hash_a)
file(SHA256 "${build_tree_dir}/oneshader-generated/shader_consumer/scale.hpp" hash_b)
if(NOT hash_a STREQUAL hash_b)
  message(FATAL_ERROR "the build tree's tool wrote another scale.hpp than the installed one")
endif()

# 6. A guest: the source tree add_subdirectory()'d, with the test-only packages made unfindable.
set(guest_dir "${WORK_DIR}/guest")
step("configure the guest project" "${CMAKE_COMMAND}" -S "${PACKAGE_SOURCE_DIR}/guest" -B "${guest_dir}" -G Ninja
  "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DONESHADER_SOURCE_DIR=${ONESHADER_SOURCE_DIR}"
  "-DCONSUMER_SOURCE_DIR=${src}" -DCMAKE_DISABLE_FIND_PACKAGE_Catch2=ON -DCMAKE_DISABLE_FIND_PACKAGE_Vulkan=ON)
# CMake names a -D variable the configure never read: so no find_package() of them ran.
if(NOT step_output MATCHES "not used by the project:[ \n]*CMAKE_DISABLE_FIND_PACKAGE_Catch2[ \n]*CMAKE_DISABLE_FIND_PACKAGE_Vulkan")
  message(FATAL_ERROR "the guest's configure looked for Catch2 or Vulkan, which only the tests need:\n${step_output}")
endif()
file(READ "${guest_dir}/oneshader/cmake_install.cmake" guest_install)
if(guest_install MATCHES "OneShaderTargets|TYPE EXECUTABLE|TYPE STATIC_LIBRARY|TYPE DIRECTORY")
  message(FATAL_ERROR "OneShader added install rules to its host project:\n${guest_install}")
endif()
# Building the guest compiles the whole compiler again, which the CI budget leaves to the real
# projects (ONESHADER_PACKAGE_GUEST_BUILD=1 in the environment builds and runs it). The commands the
# build would run show that it makes the tool, runs it on the shader, then compiles the program.
find_program(ninja NAMES ninja ninja-build REQUIRED)
step("commands of the guest build" "${ninja}" -C "${guest_dir}" -t commands guest)
if(NOT step_output MATCHES "-o oneshader/oneshader [^\n]*\n[^\n]*oneshader/oneshader --header [^ ]*/sprite\\.hpp [^\n]*\n[^\n]*-c [^\n]*guest\\.cpp")
  message(FATAL_ERROR "the guest's build would not link the tool, generate sprite.hpp and compile guest.cpp in that order:\n${step_output}")
endif()
if("$ENV{ONESHADER_PACKAGE_GUEST_BUILD}")
  build("guest project" "${guest_dir}")
  step("run the guest program" "${guest_dir}/guest")
endif()

# The trees hold an installed static library and programs linked with it; a failed run keeps them
# for a look, a passing one frees the space.
file(REMOVE_RECURSE "${WORK_DIR}")
