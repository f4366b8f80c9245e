#pragma once
#include "internal.h"
// One data frame at a time, compressed on its own: no dictionary or history
// is carried from one frame to the next. The wire uses it for lz4 frames and
// for auto's look before a try; zstd payloads are pieces of their
// connection's stream instead (codec/compress_stream.h).

#include <floodgate/error.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

struct ZSTD_CCtx_s;
struct ZSTD_DCtx_s;

namespace fg::codec {

// How one frame's payload is encoded. The values may be sent as frame flags,
// so they never change.
enum class Algo : uint8_t { None = 0, Lz4 = 1, Zstd = 2 };

const char* algoName(Algo algo);

// A frame stays compressed only if that saves at least 1/32 (~3%) of its size.
// Below that the saving is lost in the noise of the link (3% of a 256 KiB
// frame is 8 KiB, 65 us at 1 Gbit/s), while the receiver would still pay a
// full decompression for it; and counting a near-miss as a miss is what lets
// auto mode stop trying on data that does not compress.
inline constexpr size_t largestKeptSize(size_t rawSize)
{
    return rawSize <= 1 ? 0 : rawSize - std::max<size_t>(rawSize / 32, 1);
}

// An lz4 block does not record how long it decodes to; the frame starts with
// the raw size (u32, little-endian) so the receiver can check it against its
// limit before allocating and compare it with what actually came out.
inline constexpr size_t kLz4SizeHeader = 4;

// Reusable per thread: the contexts hold zstd's and lz4's tables (for 256 KiB
// frames 0.6 MiB at level 1, 1 MiB at 3, 3.5 MiB at 9), which would otherwise
// be allocated for every frame.
class FrameCompressor {
public:
    FrameCompressor();
    ~FrameCompressor();
    FrameCompressor(const FrameCompressor&) = delete;
    FrameCompressor& operator=(const FrameCompressor&) = delete;
    FrameCompressor(FrameCompressor&&) noexcept;
    FrameCompressor& operator=(FrameCompressor&&) noexcept;

    // Compresses in[0, n) into `out` as one independent frame of `algo`
    // (`level` is zstd's; lz4 ignores it). Returns the algorithm the frame
    // ended up with: Algo::None when compressing would not save enough (see
    // largestKeptSize) or `algo` is None, and then `out` is empty and the
    // input is to be sent as it is.
    Algo compress(const uint8_t* in, size_t n, std::vector<uint8_t>& out, Algo algo, int level);

    // Auto mode's cheap look before a full attempt: compresses a slice from
    // the middle of the frame (a sixteenth, 4 to 16 KiB; a small frame
    // whole) at zstd level 1, which costs about 1/16 of compressing the frame
    // on text and little on random data (zstd's fast match finder skips
    // ahead where it finds no matches: ~7-10 GB/s; its slower strategies at
    // levels >= 5 crawl through the same data at ~0.5 GB/s, which is why
    // auto looks first). True when the slice saves enough, or the frame is
    // too small (< 64 bytes) to say.
    bool sampleCompresses(const uint8_t* in, size_t n);

private:
    ZSTD_CCtx_s* m_zstd = nullptr;
    std::vector<uint8_t> m_lz4State;
    std::vector<uint8_t> m_sampleOut;
};

// Reusable per thread, like the compressor.
class FrameDecompressor {
public:
    FrameDecompressor();
    ~FrameDecompressor();
    FrameDecompressor(const FrameDecompressor&) = delete;
    FrameDecompressor& operator=(const FrameDecompressor&) = delete;
    FrameDecompressor(FrameDecompressor&&) noexcept;
    FrameDecompressor& operator=(FrameDecompressor&&) noexcept;

    // Decodes one frame made by FrameCompressor::compress into `out` (resized
    // to the raw size; Algo::None copies, where a receiver may as well use
    // the payload in place). A frame that declares, or would produce, more than
    // maxOut bytes is refused (Errc::Protocol) before more than maxOut bytes
    // are allocated: a peer cannot make us allocate what it claims. So is a
    // truncated or malformed frame, or one with bytes after its end.
    Status decompress(Algo algo, const uint8_t* in, size_t n, std::vector<uint8_t>& out, size_t maxOut);

private:
    Status zstd(const uint8_t* in, size_t n, std::vector<uint8_t>& out, size_t maxOut);
    Status zstdUnknownSize(const uint8_t* in, size_t n, std::vector<uint8_t>& out, size_t maxOut);

    ZSTD_DCtx_s* m_zstd = nullptr;
};

} // namespace fg::codec
