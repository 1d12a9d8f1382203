# The layering check: a file in src/<stage>/ may include headers of its own stage and of earlier
# stages only, and the backends (spirv, msl, wgsl) never include each other. Run as
#   cmake -DSOURCE_DIR=<repository root> -P cmake/check_layering.cmake
# (CTest runs it as the `layering` test). Every offending include is printed as
#   src/<stage>/<file>:<line>: includes "<header>" (stage <later>, after <stage>)
# and the script fails when there is one. A folder under src/ that is not in the stage order fails
# too, so a new stage is placed on purpose. docs/architecture.md draws the same order.

cmake_minimum_required(VERSION 3.20)

if(NOT DEFINED SOURCE_DIR)
  message(FATAL_ERROR "check_layering.cmake: pass -DSOURCE_DIR=<repository root>")
endif()

# Earliest first. Folders in one group (separated by |) share a rank and may not include each other.
set(stage_order
  support
  lex
  preprocess
  syntax
  types
  intrinsics
  sema
  ir
  lower
  opt
  raise
  textgen
  "spirv|msl|wgsl"
  reflect
  layouts
  driver)

# Earlier stages that are still out of bounds: "<stage> <earlier stage>" pairs. The syntax tree
# stays in the front end (the driver orchestrates it); the middle and the backends see the IR and
# the type and intrinsic tables, never the bound tree.
set(forbidden_pairs)
set(reason_syntax "the syntax tree stays in the front end")
set(reason_sema "the middle and the backends work from the IR, not the bound tree")
foreach(stage ir lower opt raise textgen spirv msl wgsl reflect layouts)
  list(APPEND forbidden_pairs "${stage} syntax")
endforeach()
foreach(stage ir opt raise textgen spirv msl wgsl layouts)
  list(APPEND forbidden_pairs "${stage} sema")
endforeach()

# Includes that break the order on purpose: "<file relative to src/> <header>", each with its reason
# in a comment. Empty: there are none.
set(allowed_includes)

set(rank 0)
foreach(group IN LISTS stage_order)
  string(REPLACE "|" ";" members "${group}")
  foreach(stage IN LISTS members)
    set(rank_of_${stage} ${rank})
    set(group_of_${stage} "${group}")
  endforeach()
  math(EXPR rank "${rank} + 1")
endforeach()

file(GLOB stage_dirs LIST_DIRECTORIES true RELATIVE "${SOURCE_DIR}/src" "${SOURCE_DIR}/src/*")
set(problems "")
foreach(stage IN LISTS stage_dirs)
  if(NOT IS_DIRECTORY "${SOURCE_DIR}/src/${stage}")
    continue()
  endif()
  if(NOT DEFINED rank_of_${stage})
    string(APPEND problems "src/${stage}/: a folder the stage order does not know; add it to cmake/check_layering.cmake\n")
    continue()
  endif()
  file(GLOB_RECURSE files RELATIVE "${SOURCE_DIR}/src" "${SOURCE_DIR}/src/${stage}/*")
  list(SORT files)
  foreach(file IN LISTS files)
    if(NOT file MATCHES "\\.(h|hpp|cpp|def|inc)$")
      continue()
    endif()
    file(STRINGS "${SOURCE_DIR}/src/${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS lines)
      if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"([A-Za-z0-9_]+)/([^\"]*)\"")
        continue()
      endif()
      set(target_stage "${CMAKE_MATCH_1}")
      set(header "${CMAKE_MATCH_1}/${CMAKE_MATCH_2}")
      if(target_stage STREQUAL stage OR NOT DEFINED rank_of_${target_stage})
        continue()  # its own stage, or not a stage (the public oneshader/ headers)
      endif()
      set(why "")
      if(rank_of_${target_stage} GREATER rank_of_${stage})
        set(why "stage ${target_stage}, after ${stage}")
      elseif(group_of_${target_stage} STREQUAL group_of_${stage})
        set(why "backends do not include each other")
      elseif("${stage} ${target_stage}" IN_LIST forbidden_pairs)
        set(why "${reason_${target_stage}}")
      endif()
      if(why STREQUAL "" OR "${file} ${header}" IN_LIST allowed_includes)
        continue()
      endif()
      # The line number, looked up only for an offender.
      file(READ "${SOURCE_DIR}/src/${file}" text)
      string(FIND "${text}" "${line}" at)
      string(SUBSTRING "${text}" 0 ${at} before)
      string(REGEX REPLACE "[^\n]" "" newlines "${before}")
      string(LENGTH "${newlines}" line_number)
      math(EXPR line_number "${line_number} + 1")
      string(APPEND problems "src/${file}:${line_number}: includes \"${header}\" (${why})\n")
    endforeach()
  endforeach()
endforeach()

if(NOT problems STREQUAL "")
  string(REPLACE ";" " < " order_text "${stage_order}")
  message("Stage order: ${order_text}\n${problems}")
  message(FATAL_ERROR "layering: a stage includes headers it must not (listed above)")
endif()
list(LENGTH stage_dirs folder_count)
message(STATUS "layering: ${folder_count} stage folders, every include goes to the same or an earlier stage")
