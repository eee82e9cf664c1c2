# Script mode (cmake -P): the man page fluidsim.1.gz from the program's --help.
#   -DPROGRAM=fluidsim -DCONVERTER=help_to_man -DGZIP=gzip -DVERSION=x.y.z
#   -DSUMMARY="one line" -DOUTPUT=path/fluidsim.1.gz
# The help names the settings file under $XDG_CONFIG_HOME or $HOME; with HOME
# set to a literal "~" and no XDG_CONFIG_HOME the page says ~/.config/... for
# every reader instead of the home folder of whoever built it.
foreach(var PROGRAM CONVERTER GZIP VERSION SUMMARY OUTPUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "ManPage.cmake: -D${var}= is missing")
  endif()
endforeach()
get_filename_component(dir "${OUTPUT}" DIRECTORY)
set(help "${dir}/fluidsim.help")
set(page "${dir}/fluidsim.1")
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env --unset=XDG_CONFIG_HOME HOME=~ "${PROGRAM}" --help
  OUTPUT_FILE "${help}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ManPage.cmake: '${PROGRAM} --help' exited with ${rc}")
endif()
execute_process(COMMAND "${CONVERTER}" "${VERSION}" "${SUMMARY}"
  INPUT_FILE "${help}" OUTPUT_FILE "${page}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ManPage.cmake: help_to_man could not read '${PROGRAM} --help' (exit ${rc})")
endif()
# -n: no name or time stamp in the header, so the page is the same byte for byte in every build.
execute_process(COMMAND "${GZIP}" -n -9 -c "${page}" OUTPUT_FILE "${OUTPUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ManPage.cmake: gzip failed (exit ${rc})")
endif()
