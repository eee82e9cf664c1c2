// Whether an OpenGL context is current on the calling thread, asked of the
// window-system libraries already in the process (EGL, GLX) and never of the
// GL loader: libepoxy aborts the process when a GL function is called with no
// context, which the API must turn into an exception instead.
#pragma once

namespace fluidsim::detail {

bool glContextIsCurrent();

}  // namespace fluidsim::detail
