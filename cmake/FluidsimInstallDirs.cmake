# The install layout: GNUInstallDirs, with the libraries in Debian's multiarch
# directory (lib/x86_64-linux-gnu) under any prefix on a multiarch system.
# GNUInstallDirs picks lib/<multiarch> only when the prefix is /usr at
# configure time, but the packages are configured for /usr/local and placed
# under /usr by CPack, so without this the .deb's libraries land in /usr/lib.
# find_package(fluidsim) searches lib/<multiarch>/cmake under a prefix too, so
# `cmake --install --prefix DIR` keeps working for a client.
#
# A CMAKE_INSTALL_LIBDIR given on the first configure is kept. A build folder
# configured before this rule holds GNUInstallDirs' own "lib" (noted by its
# _GNUInstallDirs_LAST_CMAKE_INSTALL_PREFIX); that one is moved once.
if(CMAKE_LIBRARY_ARCHITECTURE AND EXISTS "/etc/debian_version" AND NOT CMAKE_CROSSCOMPILING
   AND NOT FLUIDSIM_MULTIARCH_LIBDIR_CHOSEN)
  set(_fluidsim_multiarch_libdir "lib/${CMAKE_LIBRARY_ARCHITECTURE}")
  if(NOT DEFINED CACHE{CMAKE_INSTALL_LIBDIR}
     OR (DEFINED CACHE{_GNUInstallDirs_LAST_CMAKE_INSTALL_PREFIX} AND "$CACHE{CMAKE_INSTALL_LIBDIR}" STREQUAL "lib"))
    set(CMAKE_INSTALL_LIBDIR "${_fluidsim_multiarch_libdir}" CACHE PATH
      "Object code libraries (lib/<multiarch> on Debian, as its packages have them)" FORCE)
  endif()
  set(FLUIDSIM_MULTIARCH_LIBDIR_CHOSEN ON CACHE INTERNAL "CMAKE_INSTALL_LIBDIR's multiarch default was applied")
  unset(_fluidsim_multiarch_libdir)
endif()
include(GNUInstallDirs)
