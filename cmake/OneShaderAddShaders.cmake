# oneshader_add_shaders(): compiles HLSL files during the build into generated C++ headers
# (`oneshader --header`, docs/build-integration.md) and puts them on a target's include path.
#
#   oneshader_add_shaders(<target> SOURCES <file.hlsl>...
#     [TARGETS spirv msl wgsl] [NAMESPACE ns] [DEFINES NAME[=VALUE]...] [INCLUDE_DIRS dir...]
#     [ENTRY_POINTS Name:Stage...] [AXES "FLAG;CHOICE=A|B"] [MAX_VARIANTS n] [OUTPUT_DIR dir])
#
# Included by OneShaderConfig.cmake (find_package) and by OneShader's own CMakeLists.txt
# (add_subdirectory, FetchContent), so the function is the same in both. It runs the executable
# target OneShader::oneshader_tool, which both define.
include_guard(GLOBAL)

# Stage names as the spec's item metadata spells them (`VSMain:Vertex`), lower case for the tool.
function(_oneshader_entry_point_argument item out_var)
  if(NOT item MATCHES "^([A-Za-z_][A-Za-z0-9_]*):([A-Za-z]+)$")
    message(FATAL_ERROR "oneshader_add_shaders: ENTRY_POINTS item '${item}' is not Name:Stage; write it as "
      "VSMain:Vertex, PSMain:Pixel or CSMain:Compute")
  endif()
  set(name "${CMAKE_MATCH_1}")
  string(TOLOWER "${CMAKE_MATCH_2}" stage)
  if(NOT stage MATCHES "^(vertex|pixel|compute)$")
    message(FATAL_ERROR "oneshader_add_shaders: ENTRY_POINTS item '${item}' names the stage '${CMAKE_MATCH_2}'; "
      "the stages are Vertex, Pixel and Compute")
  endif()
  set(${out_var} "${name}:${stage}" PARENT_SCOPE)
endfunction()

function(oneshader_add_shaders target)
  set(one_value NAMESPACE AXES MAX_VARIANTS OUTPUT_DIR)
  set(multi_value SOURCES TARGETS DEFINES INCLUDE_DIRS ENTRY_POINTS)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "${one_value}" "${multi_value}")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "oneshader_add_shaders(${target}): unknown arguments '${arg_UNPARSED_ARGUMENTS}'; the "
      "arguments are SOURCES, TARGETS, NAMESPACE, DEFINES, INCLUDE_DIRS, ENTRY_POINTS, AXES, MAX_VARIANTS and "
      "OUTPUT_DIR")
  endif()
  foreach(keyword IN LISTS arg_KEYWORDS_MISSING_VALUES)
    if(NOT keyword STREQUAL "DEFINES" AND NOT keyword STREQUAL "INCLUDE_DIRS")
      message(FATAL_ERROR "oneshader_add_shaders(${target}): ${keyword} is given without a value")
    endif()
  endforeach()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "oneshader_add_shaders(${target}): there is no target '${target}'; create it first "
      "(add_executable or add_library)")
  endif()
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "oneshader_add_shaders(${target}): no SOURCES; name the .hlsl files to compile")
  endif()
  if(NOT TARGET OneShader::oneshader_tool)
    message(FATAL_ERROR "oneshader_add_shaders(${target}): the target OneShader::oneshader_tool is missing; "
      "call find_package(OneShader) or add_subdirectory() the OneShader source tree first")
  endif()

  # The options every source of this call shares, in a fixed order so that the command line (and so
  # the build's record of it) does not depend on anything but the arguments.
  set(options "")
  foreach(t IN LISTS arg_TARGETS)
    if(NOT t MATCHES "^(spirv|msl|wgsl)$")
      message(FATAL_ERROR "oneshader_add_shaders(${target}): TARGETS '${t}' is not one of spirv, msl, wgsl")
    endif()
    list(APPEND options --target ${t})
  endforeach()
  if(DEFINED arg_NAMESPACE)
    list(APPEND options --namespace "${arg_NAMESPACE}")
  endif()
  foreach(d IN LISTS arg_DEFINES)
    list(APPEND options -D "${d}")
  endforeach()
  foreach(dir IN LISTS arg_INCLUDE_DIRS)
    cmake_path(ABSOLUTE_PATH dir BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    list(APPEND options -I "${dir}")
  endforeach()
  foreach(e IN LISTS arg_ENTRY_POINTS)
    _oneshader_entry_point_argument("${e}" entry)
    list(APPEND options --entry "${entry}")
  endforeach()
  if(DEFINED arg_AXES)
    # The axes are one argument of the tool; as a CMake list their ';' would split it in two.
    string(REPLACE ";" "$<SEMICOLON>" axes "${arg_AXES}")
    list(APPEND options --axes "${axes}")
  endif()
  if(DEFINED arg_MAX_VARIANTS)
    list(APPEND options --max-variants "${arg_MAX_VARIANTS}")
  endif()

  if(DEFINED arg_OUTPUT_DIR)
    set(output_dir "${arg_OUTPUT_DIR}")
    cmake_path(ABSOLUTE_PATH output_dir BASE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}" NORMALIZE)
  else()
    set(output_dir "${CMAKE_CURRENT_BINARY_DIR}/oneshader-generated/${target}")
  endif()
  file(MAKE_DIRECTORY "${output_dir}")

  set(headers "")
  set(stems "")
  foreach(source IN LISTS arg_SOURCES)
    cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    cmake_path(GET source STEM LAST_ONLY stem)
    if(stem IN_LIST stems)
      message(FATAL_ERROR "oneshader_add_shaders(${target}): two SOURCES give the header ${stem}.hpp; rename one "
        "or give them separate calls with different OUTPUT_DIR")
    endif()
    list(APPEND stems "${stem}")
    set(header "${output_dir}/${stem}.hpp")
    set(depfile "${output_dir}/${stem}.d")
    # The build log names the shader as the project knows it.
    cmake_path(IS_PREFIX CMAKE_CURRENT_SOURCE_DIR "${source}" NORMALIZE inside)
    if(inside)
      cmake_path(RELATIVE_PATH source BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" OUTPUT_VARIABLE shown)
    else()
      set(shown "${source}")
    endif()
    # The tool writes the header only when the shader compiles; its diagnostics ("file(line,col):
    # error OSHnnnn: ...") name the absolute source path, which IDEs open. The depfile lists every
    # file the compile read, so editing an include reruns exactly the shaders that include it.
    add_custom_command(OUTPUT "${header}"
      COMMAND OneShader::oneshader_tool --header "${header}" --depfile "${depfile}" ${options} "${source}"
      DEPENDS "${source}" OneShader::oneshader_tool
      DEPFILE "${depfile}"
      COMMENT "OneShader: ${shown} -> ${stem}.hpp"
      VERBATIM)
    list(APPEND headers "${header}")
  endforeach()

  # The headers become sources of the target, so they are generated before anything of it
  # compiles; an interface library has no build step of its own and gets a custom target instead.
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")
    string(MAKE_C_IDENTIFIER "${target}_oneshader_${stems}" helper)
    add_custom_target(${helper} DEPENDS ${headers})
    add_dependencies(${target} ${helper})
    target_include_directories(${target} INTERFACE "${output_dir}")
  elseif(type STREQUAL "EXECUTABLE")
    target_sources(${target} PRIVATE ${headers})
    target_include_directories(${target} PRIVATE "${output_dir}")
  else()
    target_sources(${target} PRIVATE ${headers})
    target_include_directories(${target} PUBLIC "$<BUILD_INTERFACE:${output_dir}>")
  endif()
endfunction()
