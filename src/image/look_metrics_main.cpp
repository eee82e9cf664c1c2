// fluidsim-look: prints src/image/look_metrics.hpp's numbers for screenshots,
// so that two programs' pictures are compared measured the same way
// (scripts/look-over-time.sh).
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "image/look_metrics.hpp"

namespace {

constexpr const char* kUsage =
    "usage: fluidsim-look IMAGE... [--exclude X,Y,W,H]...\n"
    "Prints, per picture: lit, lightness, saturation, detail, staircase (src/image/look_metrics.hpp\n"
    "defines them). --exclude leaves a rectangle out (pixels, origin top-left; may repeat), e.g. a\n"
    "settings panel over the fluid; every rectangle applies to every picture.\n";

bool parseRect(const char* text, fluid::PixelRect& r)
{
    char tail = 0;
    return std::sscanf(text, "%d,%d,%d,%d%c", &r.x, &r.y, &r.width, &r.height, &tail) == 4 && r.width > 0 &&
           r.height > 0;
}

}  // namespace

int main(int argc, char** argv)
{
    std::vector<std::string> images;
    std::vector<fluid::PixelRect> excluded;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            std::fputs(kUsage, stdout);
            return 0;
        }
        if (std::strcmp(argv[i], "--exclude") == 0) {
            fluid::PixelRect r;
            if (i + 1 >= argc || !parseRect(argv[i + 1], r)) {
                std::fprintf(stderr, "fluidsim-look: --exclude needs X,Y,W,H with W, H > 0\n%s", kUsage);
                return 2;
            }
            excluded.push_back(r);
            ++i;
        } else {
            images.emplace_back(argv[i]);
        }
    }
    if (images.empty()) {
        std::fputs(kUsage, stderr);
        return 2;
    }
    std::printf("%-40s %6s %9s %10s %7s %9s\n", "picture", "lit", "lightness", "saturation", "detail", "staircase");
    for (const std::string& path : images) {
        try {
            const fluid::LookMetrics m = fluid::measureLook(fluid::readImage(path, "picture", 16384), excluded);
            std::printf("%-40s %6.3f %9.3f %10.3f %7.4f %9.2f\n", path.c_str(), m.lit, m.lightness, m.saturation,
                        m.detail, m.staircase);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "fluidsim-look: %s\n", e.what());
            return 1;
        }
    }
    return 0;
}
