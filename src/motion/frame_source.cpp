#include "motion/frame_source.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "app/path_check.hpp"
#include "image/image_file.hpp"

namespace fluid::motion {

namespace {

namespace fs = std::filesystem;

bool isImage(const fs::path& path)
{
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext == ".png" || ext == ".jpg" || ext == ".jpeg" || ext == ".bmp" || ext == ".tga" || ext == ".pgm" ||
           ext == ".ppm";
}

// File names in the order people number frames: a run of digits by its value
// (img2 before img10, where a plain sort put img10 first), the rest byte by
// byte; of equal values, the one with fewer leading zeros first.
bool numberedBefore(const std::string& a, const std::string& b)
{
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (!digit(a[i]) || !digit(b[j])) {
            if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
            ++i, ++j;
            continue;
        }
        std::size_t endA = i, endB = j;
        while (endA < a.size() && digit(a[endA])) ++endA;
        while (endB < b.size() && digit(b[endB])) ++endB;
        std::size_t firstA = i, firstB = j;  // past the leading zeros, keeping one digit
        while (firstA + 1 < endA && a[firstA] == '0') ++firstA;
        while (firstB + 1 < endB && b[firstB] == '0') ++firstB;
        if (endA - firstA != endB - firstB) return endA - firstA < endB - firstB;
        if (const int order = a.compare(firstA, endA - firstA, b, firstB, endB - firstB); order != 0) return order < 0;
        if (endA - i != endB - j) return endA - i < endB - j;
        i = endA, j = endB;
    }
    return a.size() - i < b.size() - j;
}

class ImageFolderSource final : public FrameSource {
public:
    // A camera's picture is averaged into the grid; none needs more than this.
    static constexpr int kMaxSide = 8192;

    ImageFolderSource(const std::string& directory, double frameRate) : directory_(directory), frameRate_(frameRate)
    {
        if (auto why = app::inputDirectoryProblem(directory))
            throw SourceError("cannot open image folder " + directory + ": " + *why);
        std::error_code error;
        for (const fs::directory_entry& entry : fs::directory_iterator(directory, error))
            if (entry.is_regular_file() && isImage(entry.path())) files_.push_back(entry.path());
        if (error) throw SourceError("cannot read image folder " + directory + ": " + error.message());
        if (files_.empty())
            throw SourceError("image folder " + directory + " holds no PNG, JPEG, BMP, TGA, PGM or PPM files");
        std::sort(files_.begin(), files_.end(), [](const fs::path& a, const fs::path& b) {
            return numberedBefore(a.filename().string(), b.filename().string());
        });
        // Each picture by its header (no pixel decoded): one that is none
        // is refused now, not when the run reaches it.
        for (const fs::path& file : files_)
            if (auto problem = imageFileProblem(file.string(), "image", kMaxSide)) throw SourceError(*problem);
    }

    LumaFrame next() override
    {
        const fs::path& file = files_[next_];
        next_ = (next_ + 1) % files_.size();
        Image image;
        try {
            image = readImage(file.string(), "image", kMaxSide);
        } catch (const std::exception& e) {
            throw SourceError(e.what());
        }
        LumaFrame out{image.width, image.height, std::vector<float>(image.rgba.size() / 4)};
        for (std::size_t n = 0; n < out.luma.size(); ++n) out.luma[n] = luminance(image, n);
        return out;
    }
    double frameRate() const override { return frameRate_; }
    std::string describe() const override
    {
        return "image folder " + directory_ + ", " + std::to_string(files_.size()) + " images at " +
               std::to_string(static_cast<int>(frameRate_)) + " frames/s";
    }

private:
    std::string directory_;
    double frameRate_;
    std::vector<fs::path> files_;
    std::size_t next_ = 0;
};

// A bright disc on a dark ground that sweeps left and right across the picture
// and bobs up and down: motion input with nothing to plug in.
class DemoSource final : public FrameSource {
public:
    LumaFrame next() override
    {
        constexpr int kWidth = 160, kHeight = 120;
        const double t = static_cast<double>(frame_++) / kFrameRate;
        const double cx = kWidth * (0.5 + 0.35 * std::sin(2.0 * kPi * t / 6.0));
        const double cy = kHeight * (0.5 + 0.2 * std::sin(2.0 * kPi * t / 2.5));
        LumaFrame f{kWidth, kHeight, std::vector<float>(static_cast<std::size_t>(kWidth * kHeight))};
        for (int y = 0; y < kHeight; ++y)
            for (int x = 0; x < kWidth; ++x) {
                const double d = std::hypot(x + 0.5 - cx, y + 0.5 - cy);
                f.luma[static_cast<std::size_t>(y * kWidth + x)] =
                    static_cast<float>(0.1 + 0.8 * std::clamp((16.0 - d) / 2.0, 0.0, 1.0));
            }
        return f;
    }
    double frameRate() const override { return kFrameRate; }
    std::string describe() const override { return "demo: a disc sweeping across a 160x120 picture at 30 frames/s"; }

private:
    static constexpr double kFrameRate = 30.0;
    static constexpr double kPi = 3.14159265358979323846;
    long frame_ = 0;
};

// A source whose first frame was read ahead (readyFrameSource): it gives that
// frame first, then the source's own.
class ReadAheadSource final : public FrameSource {
public:
    ReadAheadSource(std::unique_ptr<FrameSource> source, LumaFrame first)
        : source_(std::move(source)), first_(std::move(first))
    {
    }
    LumaFrame next() override
    {
        if (!firstGiven_) {
            firstGiven_ = true;
            return std::move(first_);
        }
        return source_->next();
    }
    double frameRate() const override { return source_->frameRate(); }
    std::string describe() const override { return source_->describe(); }

private:
    std::unique_ptr<FrameSource> source_;
    LumaFrame first_;
    bool firstGiven_ = false;
};

struct ReadySource {
    std::string spec;
    std::unique_ptr<FrameSource> source;
};
std::optional<ReadySource>& readySource()
{
    static std::optional<ReadySource> ready;
    return ready;
}

}  // namespace

std::unique_ptr<FrameSource> openImageFolder(const std::string& directory, double frameRate)
{
    return std::make_unique<ImageFolderSource>(directory, frameRate);
}

std::optional<std::string> sourceFileProblem(const std::string& spec)
{
    const auto colon = spec.find(':');
    if (colon == std::string::npos) return std::nullopt;
    const std::string kind = spec.substr(0, colon);
    const std::string path = spec.substr(colon + 1);
    // FFmpeg also reads URLs (http://...) and pipes (/dev/stdin): those are
    // FFmpeg's to judge.
    const bool url = path.find("://") != std::string::npos;
    if (kind == "video" && !url && app::examinePath(path).kind != app::PathStatus::Kind::Special)
        if (auto why = app::inputFileProblem(path)) return "cannot open video " + path + ": " + *why;
    if (kind == "images")
        if (auto why = app::inputDirectoryProblem(path)) return "cannot open image folder " + path + ": " + *why;
    return std::nullopt;
}

std::optional<std::string> readyFrameSource(const std::string& spec)
{
    const auto colon = spec.find(':');
    const std::string kind = spec.substr(0, colon);
    if (colon == std::string::npos || (kind != "video" && kind != "images")) return std::nullopt;
    // A stream (a pipe, a device, a URL) may hold its first frame back for
    // as long as it likes: the run reads it, with its stop signals in place
    // (a second Ctrl+C ends a run blocked in that read).
    const std::string path = spec.substr(colon + 1);
    if (kind == "video" &&
        (path.find("://") != std::string::npos || app::examinePath(path).kind != app::PathStatus::Kind::RegularFile))
        return std::nullopt;
    try {
        std::unique_ptr<FrameSource> source = openFrameSource(spec);
        LumaFrame first = source->next();
        if (first.width <= 0 || first.height <= 0)
            throw SourceError(std::string(kind == "video" ? "cannot read video " : "cannot read image folder ") + path +
                              ": no frame could be decoded");
        readySource() = ReadySource{spec, std::make_unique<ReadAheadSource>(std::move(source), std::move(first))};
    } catch (const SourceError& e) {
        return std::string(e.what());
    }
    return std::nullopt;
}

std::unique_ptr<FrameSource> openFrameSource(const std::string& spec)
{
    if (std::optional<ReadySource>& ready = readySource(); ready && ready->spec == spec) {
        std::unique_ptr<FrameSource> source = std::move(ready->source);
        ready.reset();
        return source;
    }
    if (auto problem = motionSourceProblem(spec)) throw SourceError(*problem + ", got '" + spec + "'");
    const auto colon = spec.find(':');
    const std::string kind = spec.substr(0, colon);
    const std::string rest = colon == std::string::npos ? std::string() : spec.substr(colon + 1);
    if (kind == "camera") return openCamera(rest.empty() ? std::string("/dev/video0") : rest);
    if (kind == "video") return openVideo(rest);
    if (kind == "images") return openImageFolder(rest);
    return std::make_unique<DemoSource>();
}

}  // namespace fluid::motion
