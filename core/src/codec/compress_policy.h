#pragma once
#include "internal.h"
// What --compress auto does with each frame of a file: skip formats that are
// compressed already without trying, and stop trying on data that turns out
// not to compress, looking again now and then.

#include "codec/compress.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fg::codec {

// True when the file name's extension (case-insensitive) is a format that is
// compressed by design: archives, packages, media, office documents (zip
// inside). Formats that only may be compressed (iso, tiff, pdf, dmg, raw
// photos) are left to the per-frame test.
bool isKnownCompressedName(std::string_view path);

// The decision for one frame under auto.
enum class FrameTry : uint8_t {
    Skip,   // send it raw without looking
    Sample, // look first (FrameCompressor::sampleCompresses); compress only if that saves
    Full,   // compress it straight away: this file has been compressing well
};

class ExtensionMemory;

// What one extension's files showed at their first look.
struct ExtensionRecord {
    unsigned failures = 0;  // first looks failed in a row
    unsigned lookEvery = 0; // once trusted: one file in this many is looked at
    unsigned untilLook = 0; // files to start backed off before the next look
};

// One per file (per chunk, when a file is sent in chunks on several streams).
// A file starts uncertain and is looked at; while its frames keep saving, they
// are compressed without a look. Each frame that does not save makes the
// next ones skipped: 1, 2, 4, ... up to kMaxSkip frames, then a look again,
// so a file that changes character (a disk image, a tar of mixed content)
// gets compressed again within 8 MiB, while an incompressible one is looked
// at once per 8 MiB.
class AutoCompressState {
public:
    // 32 frames of 256 KiB (proto::kMaxDataPayload) = 8 MiB between looks.
    static constexpr unsigned kMaxSkip = 32;

    explicit AutoCompressState(bool knownCompressed = false) : m_never(knownCompressed) {}

    // What to do with the next frame; call once per frame.
    FrameTry next();
    // The outcome of a frame of `frameBytes` that next() said to Sample or
    // compress in Full.
    void record(bool saved, size_t frameBytes);
    // The file's last frame compressed saved enough.
    bool confident() const { return m_confident; }

    // Smaller frames say nothing about their file's extension: below 512
    // bytes even text and binaries often miss the 3% (zstd's headers), at
    // 512 never (measured on source text and binaries).
    static constexpr size_t kTellingFrameBytes = 512;

private:
    friend class ExtensionMemory;

    bool m_never = false;
    bool m_confident = false;
    unsigned m_skipLeft = 0;
    unsigned m_backoff = 0;
    ExtensionRecord* m_record = nullptr; // the extension's, until this file's first look
};

// Remembers across the files of a job which extensions keep failing their
// first look, so that a tree of small incompressible files with no telling
// name (65,536 random 4 KiB *.bin files) is not looked at file by file: a
// look costs a few microseconds however small the file (zstd sets up its
// context), as much as reading the file from the page cache. After two files
// of an extension in a row fail, the next ones start as if their first frame
// had failed (a small file goes raw unseen; a big one gets its first look
// after kMaxSkip frames), except every 2nd, 4th, ... 64th, which is looked at
// from the start; any file of that extension that compresses clears the
// record. Names without an extension share one record.
//
// One per sender thread, like the compressor (no locks); it must outlive the
// states it starts.
class ExtensionMemory {
public:
    // The state for a new file named `path`.
    AutoCompressState start(std::string_view path);

    static constexpr unsigned kFailuresToTrust = 2;
    static constexpr unsigned kMaxLookEvery = 64;
    // Enough for any real tree; past it, new extensions are not remembered
    // (a tree of "name.00001", "name.00002", ... must not grow it forever).
    static constexpr size_t kMaxRecords = 4096;

private:
    std::unordered_map<std::string, ExtensionRecord> m_records;
};

// From this size a frame is looked at before a try that may fail (see
// FrameCompressor::sampleCompresses): the look costs less than the try.
inline constexpr size_t kLookFirstFrom = 64 * 1024;

// Whether auto compresses the next frame of a file: next() decides, and a
// frame to look at first is looked at (a failed look is recorded). When
// true, compress the frame and record() whether it saved.
bool autoTries(FrameCompressor& sampler, AutoCompressState& state, const uint8_t* in, size_t n, int zstdLevel);

// One frame under auto, compressed on its own: autoTries, then the
// compressor, then record(). Returns the algorithm the frame ended up with
// (Algo::None: send `in` raw; `out` is empty).
Algo compressAuto(FrameCompressor& compressor, AutoCompressState& state, const uint8_t* in, size_t n,
                  std::vector<uint8_t>& out, int zstdLevel);

} // namespace fg::codec
