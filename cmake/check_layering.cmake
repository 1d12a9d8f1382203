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
  driver
  cppgen)

# Earlier stages that are still out of bounds, directly or through the headers an include brings
# in: "<stage> <earlier stage>" pairs. The syntax tree
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

# Pass 1: every file's includes of stage headers ("stage/file"), in order.
file(GLOB stage_dirs LIST_DIRECTORIES true RELATIVE "${SOURCE_DIR}/src" "${SOURCE_DIR}/src/*")
set(problems "")
set(all_files)
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
    list(APPEND all_files "${file}")
    set(includes_of_${file})
    file(STRINGS "${SOURCE_DIR}/src/${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS lines)
      if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"([A-Za-z0-9_]+/[^\"]*)\"")
        list(APPEND includes_of_${file} "${CMAKE_MATCH_1}")
      endif()
    endforeach()
  endforeach()
endforeach()

# Every header `header` brings in, itself included, through the files of src/ (memoized).
function(reach header)
  if(DEFINED reach_of_${header})
    return()
  endif()
  set(seen "${header}")
  set(todo "${header}")
  while(todo)
    list(POP_FRONT todo next)
    foreach(inner IN LISTS includes_of_${next})
      if(NOT inner IN_LIST seen)
        list(APPEND seen "${inner}")
        list(APPEND todo "${inner}")
      endif()
    endforeach()
  endwhile()
  set(reach_of_${header} "${seen}" PARENT_SCOPE)
endfunction()

# The line of `file` that includes `header`, for the report.
function(line_of file header out)
  file(READ "${SOURCE_DIR}/src/${file}" text)
  string(FIND "${text}" "\"${header}\"" at)
  string(SUBSTRING "${text}" 0 ${at} before)
  string(REGEX REPLACE "[^\n]" "" newlines "${before}")
  string(LENGTH "${newlines}" n)
  math(EXPR n "${n} + 1")
  set(${out} ${n} PARENT_SCOPE)
endfunction()

# Pass 2: each include against the order; for the out-of-bounds pairs, also what it brings in.
foreach(file IN LISTS all_files)
  string(REGEX REPLACE "/.*" "" stage "${file}")
  foreach(header IN LISTS includes_of_${file})
    string(REGEX REPLACE "/.*" "" target_stage "${header}")
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
    else()
      reach("${header}")
      foreach(inner IN LISTS reach_of_${header})
        string(REGEX REPLACE "/.*" "" inner_stage "${inner}")
        if("${stage} ${inner_stage}" IN_LIST forbidden_pairs)
          set(why "which brings in \"${inner}\": ${reason_${inner_stage}}")
          break()
        endif()
      endforeach()
    endif()
    if(why STREQUAL "" OR "${file} ${header}" IN_LIST allowed_includes)
      continue()
    endif()
    line_of("${file}" "${header}" line_number)
    string(APPEND problems "src/${file}:${line_number}: includes \"${header}\" (${why})\n")
  endforeach()
endforeach()

if(NOT problems STREQUAL "")
  string(REPLACE ";" " < " order_text "${stage_order}")
  message("Stage order: ${order_text}\n${problems}")
  message(FATAL_ERROR "layering: a stage includes headers it must not (listed above)")
endif()
list(LENGTH stage_dirs folder_count)
message(STATUS "layering: ${folder_count} stage folders, every include goes to the same or an earlier stage")
