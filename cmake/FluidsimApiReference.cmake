# The API reference (docs/Doxyfile.in): a `docs` target that writes
# BUILD/docs/api/html, and the test Docs.ApiReferenceHasNoWarnings (label
# cpu), which runs the same Doxygen with every warning an error. The ci
# preset (FLUIDSIM_WERROR) requires Doxygen, so CI always checks the
# reference; elsewhere both are made only where Doxygen is installed.
if(FLUIDSIM_WERROR)
  find_package(Doxygen REQUIRED)
else()
  find_package(Doxygen QUIET)
endif()
if(NOT DOXYGEN_FOUND)
  message(STATUS "Doxygen not found: no `docs` target, no API reference test (scripts/setup.sh installs it)")
  return()
endif()

set(FLUIDSIM_DOCS_OUTPUT ${PROJECT_BINARY_DIR}/docs/api)
# The header as a client sees it: the source one and the configured version.
set(FLUIDSIM_DOCS_INPUT "${PROJECT_SOURCE_DIR}/src/api/fluidsim/fluidsim.hpp ${PROJECT_BINARY_DIR}/src/api/fluidsim/version.hpp")
set(FLUIDSIM_DOCS_STRIP "${PROJECT_SOURCE_DIR}/src/api ${PROJECT_BINARY_DIR}/src/api")
configure_file(${PROJECT_SOURCE_DIR}/docs/Doxyfile.in ${PROJECT_BINARY_DIR}/docs/Doxyfile @ONLY)

add_custom_target(docs
  COMMAND ${CMAKE_COMMAND} -E make_directory ${FLUIDSIM_DOCS_OUTPUT}
  COMMAND Doxygen::doxygen ${PROJECT_BINARY_DIR}/docs/Doxyfile
  WORKING_DIRECTORY ${PROJECT_BINARY_DIR}/docs
  COMMENT "API reference: ${FLUIDSIM_DOCS_OUTPUT}/html/index.html"
  VERBATIM)

if(FLUIDSIM_BUILD_TESTS)
  add_test(NAME Docs.ApiReferenceHasNoWarnings
    COMMAND ${CMAKE_COMMAND} -DDOXYGEN=$<TARGET_FILE:Doxygen::doxygen>
            -DDOXYFILE=${PROJECT_BINARY_DIR}/docs/Doxyfile -DOUTPUT=${FLUIDSIM_DOCS_OUTPUT}
            -P ${PROJECT_SOURCE_DIR}/cmake/RunDoxygen.cmake)
  set_tests_properties(Docs.ApiReferenceHasNoWarnings PROPERTIES LABELS cpu TIMEOUT 120)
endif()
