# Runs Doxygen on DOXYFILE and fails on any warning: its exit status (the
# Doxyfile's WARN_AS_ERROR = FAIL_ON_WARNINGS) and, in case a Doxygen lets one
# through with status 0, anything it printed to stderr.
#   cmake -DDOXYGEN=... -DDOXYFILE=... -DOUTPUT=... -P RunDoxygen.cmake
file(MAKE_DIRECTORY ${OUTPUT})
execute_process(COMMAND ${DOXYGEN} ${DOXYFILE} RESULT_VARIABLE status ERROR_VARIABLE warnings OUTPUT_VARIABLE out)
if(NOT status EQUAL 0 OR NOT warnings STREQUAL "")
  message(FATAL_ERROR "Doxygen warns about the public header (status ${status}):\n${warnings}")
endif()
if(NOT EXISTS ${OUTPUT}/html/index.html)
  message(FATAL_ERROR "Doxygen wrote no ${OUTPUT}/html/index.html")
endif()
message(STATUS "API reference without warnings: ${OUTPUT}/html/index.html")
