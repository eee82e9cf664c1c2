#include "motion/frame_source.hpp"

#include <stb_image.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

namespace fluid::motion {

namespace {

namespace fs = std::filesystem;

bool isImage(const fs::path& path)
{
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext == ".png" || ext == ".jpg" || ext == ".jpeg" || ext == ".bmp" || ext == ".tga" || ext == ".pgm"
        || ext == ".ppm";
}

class ImageFolderSource final : public FrameSource {
public:
    ImageFolderSource(const std::string& directory, double frameRate) : directory_(directory), frameRate_(frameRate)
    {
        std::error_code error;
        if (!fs::is_directory(directory, error))
            throw SourceError("cannot open image folder " + directory + ": not a directory");
        for (const fs::directory_entry& entry : fs::directory_iterator(directory, error))
            if (entry.is_regular_file() && isImage(entry.path())) files_.push_back(entry.path());
        if (error) throw SourceError("cannot read image folder " + directory + ": " + error.message());
        if (files_.empty()) throw SourceError("image folder " + directory + " holds no PNG, JPEG, BMP, TGA, PGM or PPM files");
        std::sort(files_.begin(), files_.end());
    }

    LumaFrame next() override
    {
        const fs::path& file = files_[next_];
        next_ = (next_ + 1) % files_.size();
        int w = 0, h = 0, channels = 0;
        unsigned char* pixels = stbi_load(file.c_str(), &w, &h, &channels, 1);
        if (!pixels) throw SourceError("cannot read image " + file.string() + ": " + stbi_failure_reason());
        LumaFrame out{w, h, std::vector<float>(static_cast<std::size_t>(w) * static_cast<std::size_t>(h))};
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x)
                out.luma[static_cast<std::size_t>((h - 1 - y) * w + x)] =
                    static_cast<float>(pixels[static_cast<std::size_t>(y * w + x)]) / 255.0f;
        stbi_image_free(pixels);
        return out;
    }
    double frameRate() const override { return frameRate_; }
    std::string describe() const override
    {
        return "image folder " + directory_ + ", " + std::to_string(files_.size()) + " images at "
            + std::to_string(static_cast<int>(frameRate_)) + " frames/s";
    }

private:
    std::string directory_;
    double frameRate_;
    std::vector<fs::path> files_;
    std::size_t next_ = 0;
};

}  // namespace

std::unique_ptr<FrameSource> openImageFolder(const std::string& directory, double frameRate)
{
    return std::make_unique<ImageFolderSource>(directory, frameRate);
}

std::unique_ptr<FrameSource> openFrameSource(const std::string& spec)
{
    const auto colon = spec.find(':');
    const std::string kind = spec.substr(0, colon);
    const std::string rest = colon == std::string::npos ? std::string() : spec.substr(colon + 1);
    if (kind == "camera") return openCamera(rest.empty() ? std::string("/dev/video0") : rest);
    if ((kind == "video" || kind == "images") && rest.empty())
        throw SourceError("--motion " + kind + ": needs a " + (kind == "video" ? "file" : "folder") + " after the colon");
    if (kind == "video") return openVideo(rest);
    if (kind == "images") return openImageFolder(rest);
    throw SourceError("--motion expects camera[:DEVICE], video:FILE or images:DIR, got '" + spec + "'");
}

}  // namespace fluid::motion
