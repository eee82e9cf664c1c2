// keepGlDriverLoaded(): in sanitized builds (FLUIDSIM_SANITIZED), keeps the GL
// driver that the current context loaded mapped until the process exits.
//
// Why: Mesa loads its driver (swrast_dri.so: llvmpipe, gallivm, LLVM glue) with
// dlopen and unloads it at eglTerminate / glfwTerminate. Memory the driver keeps
// in its own globals (caches built once per process) then has no reference left
// that LeakSanitizer can see, because LSan scans the globals of loaded modules
// only, and it reports that memory as leaked from "<unknown module>" (the
// unloaded code). With the driver pinned, LSan scans those globals and reports
// nothing for the driver, while leaks of ours are still reported: no
// suppression is needed. Elsewhere it does nothing: a normal build unloads the
// driver as before.
#pragma once

namespace fluid::platform {

void keepGlDriverLoaded();

}  // namespace fluid::platform
