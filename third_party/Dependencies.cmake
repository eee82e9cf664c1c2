# Build glue for the external packages. Nothing is vendored: every package comes
# from the system (Debian: see scripts/setup.sh for the package names).
find_package(PkgConfig REQUIRED)
find_package(glm REQUIRED)
pkg_check_modules(EPOXY REQUIRED IMPORTED_TARGET epoxy)
pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)
# Debian's libimgui.a already holds the glfw and opengl3 backends; its
# pkg-config module pulls in stb (stb_image_write for screenshots).
pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)
find_package(glfw3 3.3 REQUIRED)
# Motion input (src/motion): video files and cameras (V4L2) through one API.
pkg_check_modules(FFMPEG REQUIRED IMPORTED_TARGET libavformat libavcodec libavdevice libavutil libswscale)

if(FLUIDSIM_BUILD_TESTS)
  find_package(GTest REQUIRED)
endif()
if(FLUIDSIM_BUILD_BENCH)
  find_package(benchmark REQUIRED)
endif()

# glm's Debian config exports glm::glm; older ones only `glm`.
if(NOT TARGET glm::glm AND TARGET glm)
  add_library(glm::glm ALIAS glm)
endif()
