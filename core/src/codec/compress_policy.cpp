#include "codec/compress_policy.h"

#include <algorithm>
#include <array>
#include <iterator>

namespace fg::codec {

namespace {

// Lower case. A format belongs here only if every file of it is compressed
// (or encrypted): a wrong entry costs its files their compression for good,
// a missing one costs a look now and then. So not here: iso, img, dmg (may be
// raw), tif/tiff, bmp, psd, pdf, raw photos (cr2, nef, dng: some are
// uncompressed), ts (also TypeScript sources).
constexpr std::string_view kCompressedExtensions[] = {
    // archives and compressed streams
    "7z", "ace", "arj", "br", "bz2", "cab", "gz", "lrz", "lz", "lz4", "lzma", "lzo", "rar", "rz", "sz",
    "tbz", "tbz2", "tgz", "tlz", "txz", "tzo", "tzst", "xz", "z", "zip", "zipx", "zpaq", "zst",
    // packages and images of compressed file systems
    "aar", "apk", "appimage", "crx", "deb", "ear", "jar", "nupkg", "rpm", "snap", "squashfs", "vsix", "war",
    "whl", "xpi",
    // encrypted
    "age", "gpg",
    // pictures
    "avif", "gif", "heic", "heif", "jfif", "jp2", "jpe", "jpeg", "jpg", "jxl", "png", "webp",
    // video
    "3g2", "3gp", "avi", "f4v", "flv", "m2ts", "m4v", "mkv", "mov", "mp4", "mpeg", "mpg", "mts", "ogv", "vob",
    "webm", "wmv",
    // audio
    "aac", "ape", "flac", "m4a", "m4b", "mka", "mp3", "oga", "ogg", "opus", "wma",
    // documents that are zip files
    "docx", "epub", "odp", "ods", "odt", "pptx", "xlsx",
};

// Sorted at compile time: every file start asks, and a binary search is ~7
// comparisons where the grouped list above would take ~90.
constexpr auto kSortedExtensions = [] {
    std::array<std::string_view, std::size(kCompressedExtensions)> sorted{};
    std::ranges::copy(kCompressedExtensions, sorted.begin());
    std::ranges::sort(sorted);
    return sorted;
}();

bool isCompressedExtension(std::string_view lowerExt)
{
    return std::ranges::binary_search(kSortedExtensions, lowerExt);
}

// Longer "extensions" are parts of names ("report.final-version-2").
constexpr size_t kMaxExtension = 15;

// A look costs a fixed few microseconds (zstd sets up its context) plus the
// slice; a failed try at zstd's fast levels (<= 3) costs about 1 us per
// 7 KiB of random data. Below 64 KiB the try is no dearer than the look, so
// only slower levels look first there. (A try in a connection's stream cannot
// be taken back: a small frame that fails goes as zstd's raw blocks, a few
// bytes over its size, and takes its place in the window. The extension
// memory keeps that to a file now and then.)
constexpr size_t kLookAlwaysFrom = kLookFirstFrom;
constexpr int kCheapTryLevel = 3;

// The extension of the last name in `path`, lower-cased into `buf`: "" for
// none (and for dot files: ".zip" is a name); false when it is too long to be
// one.
bool lowerExtension(std::string_view path, char (&buf)[kMaxExtension], std::string_view* ext)
{
    const size_t slash = path.find_last_of("/\\");
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    const size_t dot = name.rfind('.');
    *ext = {};
    if (dot == std::string_view::npos || dot == 0) return true;
    const std::string_view raw = name.substr(dot + 1);
    if (raw.size() > kMaxExtension) return false;
    for (size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        buf[i] = c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
    }
    *ext = std::string_view(buf, raw.size());
    return true;
}

void noteFirstLook(ExtensionRecord& record, bool saved)
{
    if (saved) {
        record = {};
        return;
    }
    if (record.failures < ExtensionMemory::kFailuresToTrust) ++record.failures;
    if (record.failures < ExtensionMemory::kFailuresToTrust) return;
    record.lookEvery = record.lookEvery == 0 ? 2 : std::min(record.lookEvery * 2, ExtensionMemory::kMaxLookEvery);
    record.untilLook = record.lookEvery - 1;
}

} // namespace

bool isKnownCompressedName(std::string_view path)
{
    char buf[kMaxExtension];
    std::string_view ext;
    return lowerExtension(path, buf, &ext) && isCompressedExtension(ext);
}

FrameTry AutoCompressState::next()
{
    if (m_never) return FrameTry::Skip;
    if (m_skipLeft > 0) {
        --m_skipLeft;
        return FrameTry::Skip;
    }
    return m_confident ? FrameTry::Full : FrameTry::Sample;
}

void AutoCompressState::record(bool saved, size_t frameBytes)
{
    if (m_record && frameBytes >= kTellingFrameBytes) {
        noteFirstLook(*m_record, saved);
        m_record = nullptr;
    }
    m_confident = saved;
    if (saved) {
        m_backoff = 0;
        return;
    }
    m_backoff = m_backoff == 0 ? 1 : std::min(m_backoff * 2, kMaxSkip);
    m_skipLeft = m_backoff;
}

AutoCompressState ExtensionMemory::start(std::string_view path)
{
    AutoCompressState state;
    char buf[kMaxExtension];
    std::string_view ext;
    if (!lowerExtension(path, buf, &ext)) return state;
    if (isCompressedExtension(ext)) return AutoCompressState(true);
    auto it = m_records.find(std::string(ext));
    if (it == m_records.end()) {
        if (m_records.size() >= kMaxRecords) return state;
        it = m_records.emplace(std::string(ext), ExtensionRecord{}).first;
    }
    ExtensionRecord& record = it->second;
    state.m_record = &record;
    if (record.failures >= kFailuresToTrust && record.untilLook > 0) {
        --record.untilLook;
        state.m_skipLeft = AutoCompressState::kMaxSkip;
        state.m_backoff = AutoCompressState::kMaxSkip;
    }
    return state;
}

bool autoTries(FrameCompressor& sampler, AutoCompressState& state, const uint8_t* in, size_t n, int zstdLevel)
{
    const FrameTry how = state.next();
    if (how == FrameTry::Skip) return false;
    const bool lookFirst = how == FrameTry::Sample && (n >= kLookAlwaysFrom || zstdLevel > kCheapTryLevel);
    if (lookFirst && !sampler.sampleCompresses(in, n)) {
        state.record(false, n);
        return false;
    }
    return true;
}

Algo compressAuto(FrameCompressor& compressor, AutoCompressState& state, const uint8_t* in, size_t n,
                  std::vector<uint8_t>& out, int zstdLevel)
{
    out.clear();
    if (!autoTries(compressor, state, in, n, zstdLevel)) return Algo::None;
    const Algo used = compressor.compress(in, n, out, Algo::Zstd, zstdLevel);
    state.record(used != Algo::None, n);
    return used;
}

} // namespace fg::codec
