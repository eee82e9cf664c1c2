# Strict warnings for fluidsim's own targets only; third-party headers come in as SYSTEM.
function(fluidsim_strict_warnings target)
  if(MSVC)
    target_compile_options(${target} PRIVATE /W4 $<$<BOOL:${FLUIDSIM_WERROR}>:/WX>)
  else()
    target_compile_options(${target} PRIVATE
      -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
      -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual
      $<$<BOOL:${FLUIDSIM_WERROR}>:-Werror>)
  endif()
endfunction()
