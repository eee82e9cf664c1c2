#include "platform/driver_pin.hpp"

#ifdef FLUIDSIM_SANITIZED
#include <dlfcn.h>
#include <link.h>

#include <string_view>
#endif

namespace fluid::platform {

void keepGlDriverLoaded()
{
#ifdef FLUIDSIM_SANITIZED
    // Every loaded DRI driver (Mesa names them <name>_dri.so): RTLD_NOLOAD takes
    // one more reference to the already loaded module without loading anything,
    // RTLD_NODELETE makes dlclose leave it mapped. The reference is never
    // released on purpose.
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void*) {
            const std::string_view path = info->dlpi_name != nullptr ? info->dlpi_name : "";
            if (path.ends_with("_dri.so")) (void)dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
            return 0;
        },
        nullptr);
#endif
}

}  // namespace fluid::platform
