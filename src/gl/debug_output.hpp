// KHR_debug output for debug builds: the driver reports errors and
// performance warnings as they happen, with its own explanation, instead of a
// bare error code found later by glGetError.
#pragma once

namespace fluid::gl {

// Installs a callback that prints high- and medium-severity messages to
// stderr. Returns false when the context has no KHR_debug (nothing happens).
bool enableDebugOutput();

}  // namespace fluid::gl
