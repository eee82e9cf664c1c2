// Numbers that sum up how a picture of the fluid looks, so that two programs'
// screenshots (or a headless frame before and after a change) are compared
// measured the same way rather than by eye. All on the stored 8-bit-style
// values in [0, 1] as they are (no linearisation: both programs draw
// sRGB-encoded pixels), over the pixels left after the excluded rectangles.
//   lit        share of the pixels with max(r, g, b) > 0.1: how much of the
//              area shows dye or glow rather than the black background.
//   lightness  mean HSL lightness (max + min) / 2 over every pixel measured.
//   saturation mean HSV saturation (max - min) / max over the lit pixels: how
//              vivid what is visible is (dark pixels' hue is noise).
//   detail     var(L - G3(L)) / var(L), L the Rec. 709 luminance and G3 a
//              Gaussian blur of sigma 3 px: the share of the picture's
//              contrast in features finer than a few pixels. Crisp filaments
//              raise it; blur, flat colour and wide smooth blobs lower it.
//   staircase  of the gradient energy |grad L|^2 in the pixels whose |grad L|
//              is in the top quartile (the edges), the share whose direction
//              lies within 7.5 degrees of the x or y axis, over the 1/6 an
//              isotropic picture puts there (4 x 15 of 360 degrees). 1 is no
//              preferred direction; steps along the grid's axes push it up.
#pragma once

#include <vector>

#include "image/image_file.hpp"

namespace fluid {

struct PixelRect {
    int x = 0, y = 0, width = 0, height = 0;  // pixels, origin at the top-left (as image viewers count)
};

struct LookMetrics {
    double lit = 0.0;
    double lightness = 0.0;
    double saturation = 0.0;  // 0 when nothing is lit
    double detail = 0.0;      // 0 for a flat picture
    double staircase = 0.0;   // 0 when there is no gradient
    long long pixels = 0;     // pixels measured (outside the excluded rectangles)
};

inline constexpr float kLitThreshold = 0.1f;          // on max(r, g, b)
inline constexpr double kDetailSigmaPixels = 3.0;     // the blur that detail subtracts
inline constexpr double kAxisToleranceDegrees = 7.5;  // a gradient this close to an axis counts as axis-aligned

// Measures `image` (rows bottom to top, as readImage returns them) leaving out
// `excluded`. The blur and the gradients see the whole picture, so an
// excluded rectangle changes which pixels count, not their values.
LookMetrics measureLook(const Image& image, const std::vector<PixelRect>& excluded = {});

}  // namespace fluid
