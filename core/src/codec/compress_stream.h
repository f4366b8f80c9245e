#pragma once
#include "internal.h"
// One zstd stream per connection: the zstd frames of a connection's data
// frames are pieces of one long zstd stream, each flushed at its frame's end,
// so a frame can refer to what earlier frames on the same connection carried
// (a small text file to the lines of the files before it). Frames on a
// connection arrive in the order they were sent, which is all a stream needs;
// the frames of one file may still take different connections, each
// decoded by its own connection's stream.

#include <floodgate/error.h>

#include <cstddef>
#include <cstdint>
#include <vector>

struct ZSTD_CCtx_s;
struct ZSTD_DCtx_s;

namespace fg::codec {

// The stream's window: 8 MiB. Measured on the bench's mixed tree (447 MB of
// text files whose lines come from a pool of 60,000, ~6 MB; most files
// < 16 KiB) at zstd level 3: compressed frame by frame the text takes 143 MB;
// as one stream with long-distance matching, 110 MB with a 2 MiB window,
// 99 MB with 4, 84 MB with 8, 68 MB with 16. A window is memory on both ends
// (the receiver holds the last window's worth it decoded), and 8 MiB is the
// largest that keeps each end of a connection under 16 MiB.
inline constexpr int kStreamWindowLog = 23;

// The sending end of one connection's stream. Not thread-safe: the frames it
// makes must go on the wire in the order it made them, so whoever sends on
// the connection holds a lock from compress() to the send.
//
// Memory (measured with ZSTD_sizeof_CCtx after a 256 KiB frame): the 8 MiB
// window plus the level's tables, 10 MiB at level 1-3, 12 MiB at 5, 15 MiB at
// 7-8; from level 9 up the tables are capped (hashLog 20, chainLog 18) to keep
// it at most 15 MiB. Nothing is allocated until the first frame.
class StreamCompressor {
public:
    StreamCompressor() = default;
    ~StreamCompressor();
    StreamCompressor(const StreamCompressor&) = delete;
    StreamCompressor& operator=(const StreamCompressor&) = delete;

    // Appends in[0, n) to the stream at zstd `level` and flushes it, so the
    // receiver can decode all of it from `out` (which is replaced). Every
    // byte fed is in the stream's history from then on: the frame must be
    // sent as it is even when it did not shrink (zstd then stores it in raw
    // blocks, a few bytes per 128 KiB more than the input). A level other
    // than the last one's ends the current zstd frame and starts another
    // (zstd fixes a frame's level at its start), losing the history once.
    // False when zstd failed (out of memory): `out` is empty, the frame is to
    // go raw, and this stream is not used again (usable() is false), since
    // the receiver's half now stops where this one lost its step.
    bool compress(const uint8_t* in, size_t n, std::vector<uint8_t>& out, int level);

    bool usable() const { return !m_broken; }
    // Starts a new stream, as a new connection's, on the memory this one
    // holds (zstd's tables are megabytes, cleared rather than allocated
    // again): for a process that makes many short streams one after
    // another, such as a fuzz target. The far end must restart too.
    void restart();
    // What the zstd context holds now (0 before the first frame).
    size_t memoryBytes() const;

private:
    bool startFrame(int level);

    ZSTD_CCtx_s* m_zstd = nullptr;
    bool m_inFrame = false; // a zstd frame is open (flushed, not ended)
    int m_level = 0;
    bool m_broken = false;
};

// The receiving end of one connection's stream, fed its frames in the order
// they came. Memory: the 8 MiB window and a 128 KiB block, allocated at the
// first frame; a stream that asks for a larger window is refused.
class StreamDecompressor {
public:
    StreamDecompressor() = default;
    ~StreamDecompressor();
    StreamDecompressor(const StreamDecompressor&) = delete;
    StreamDecompressor& operator=(const StreamDecompressor&) = delete;

    // Decodes the next piece of the stream, in[0, n), into `out` (replaced).
    // A piece that would produce more than maxOut bytes is refused
    // (Errc::Protocol) with no more than maxOut + 1 bytes allocated for it, as
    // is a corrupt one or one that asks for a window over 8 MiB. After an
    // error the stream is out of step for good: every later piece is refused.
    Status decompress(const uint8_t* in, size_t n, std::vector<uint8_t>& out, size_t maxOut);

    size_t memoryBytes() const;
    // Expects a new stream (see StreamCompressor::restart), also after an
    // error, keeping the memory this one holds.
    void restart();

private:
    ZSTD_DCtx_s* m_zstd = nullptr;
    bool m_failed = false;
};

} // namespace fg::codec
