#include "job/sample_data.h"

#include "platform/fs.h"

#include <algorithm>

namespace fg {

void SampleFiller::fill(std::vector<uint8_t>& buf, bool textLike)
{
    static const char* words[] = {"floodgate ", "sync ", "the ", "network ", "disk ", "bottleneck ",
                                  "delta ", "stream ", "chunk ", "\n", "of ", "data "};
    if (!textLike) {
        size_t i = 0;
        for (; i + 8 <= buf.size(); i += 8) {
            const uint64_t v = next();
            for (int k = 0; k < 8; ++k) buf[i + size_t(k)] = uint8_t(v >> (8 * k));
        }
        for (const uint64_t v = next(); i < buf.size(); ++i) buf[i] = uint8_t(v >> (8 * (i % 8)));
        return;
    }
    size_t i = 0;
    while (i < buf.size()) {
        const char* w = words[next() % 12];
        for (const char* p = w; *p && i < buf.size(); ++p) buf[i++] = uint8_t(*p);
    }
}

Status writeSampleFile(const std::string& path, uint64_t size, SampleFiller& filler, bool textLike)
{
    const size_t slash = path.rfind('/');
    FG_TRY_ASSIGN(platform::DirHandle dir, platform::DirHandle::open(slash == std::string::npos ? "." : path.substr(0, slash)));
    FG_TRY_ASSIGN(platform::FileHandle file,
                  dir.createExclusive(slash == std::string::npos ? path : path.substr(slash + 1), 0644));
    std::vector<uint8_t> buf(size_t(std::min<uint64_t>(size, 1 << 20)));
    uint64_t left = size;
    while (left > 0) {
        const size_t n = size_t(std::min<uint64_t>(left, buf.size()));
        buf.resize(n);
        filler.fill(buf, textLike);
        FG_TRY(file.writeAll(buf.data(), n));
        left -= n;
    }
    return file.close();
}

} // namespace fg
