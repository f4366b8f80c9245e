#include "codec/compress.h"

#include "codec/decode_buffer.h"

#include <lz4.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <utility>

namespace fg::codec {

namespace {

// A sixteenth of the frame, 4 to 16 KiB (a frame of 4 KiB or less whole):
// big enough to judge a frame by (text repeats itself within a few KiB),
// small enough that the look costs little next to compressing the frame.
// Under 64 bytes nothing can be said, and nothing much is lost by a try.
constexpr size_t kMinSample = 4 * 1024;
constexpr size_t kMaxSample = 16 * 1024;
constexpr size_t kTooSmallToJudge = 64;
constexpr int kSampleLevel = 1;

Error tooLarge(const char* what, unsigned long long claimed, size_t maxOut)
{
    return Error(Errc::Protocol, std::string("decompress: ") + what + " " + sizeText(claimed)
                                     + ", more than the " + sizeText(maxOut) + " a frame may hold");
}

// The smallest window that holds maxOut bytes. A frame without a content
// size may ask for a window of up to 128 MiB, which zstd allocates before it
// decodes a byte; one larger than a frame may hold is refused instead.
// FrameCompressor never writes such frames (it records the size); another
// encoder must record the size too or cap its window (ZSTD_c_windowLog).
int windowLogFor(size_t maxOut)
{
    const ZSTD_bounds bounds = ZSTD_dParam_getBounds(ZSTD_d_windowLogMax);
    int log = bounds.lowerBound;
    while (log < bounds.upperBound && (size_t(1) << log) < maxOut) ++log;
    return log;
}

} // namespace

const char* algoName(Algo algo)
{
    switch (algo) {
    case Algo::None: return "none";
    case Algo::Lz4: return "lz4";
    case Algo::Zstd: return "zstd";
    }
    return "unknown";
}

// ---- compression -------------------------------------------------------------

FrameCompressor::FrameCompressor()
    : m_zstd(ZSTD_createCCtx())
    // lz4's state is a table of offsets: vector storage from operator new is
    // aligned well beyond the 8 bytes lz4 asks of it.
    , m_lz4State(size_t(LZ4_sizeofState()))
{
}

FrameCompressor::~FrameCompressor() { ZSTD_freeCCtx(m_zstd); }

FrameCompressor::FrameCompressor(FrameCompressor&& other) noexcept
    : m_zstd(std::exchange(other.m_zstd, nullptr))
    , m_lz4State(std::move(other.m_lz4State))
    , m_sampleOut(std::move(other.m_sampleOut))
{
}

FrameCompressor& FrameCompressor::operator=(FrameCompressor&& other) noexcept
{
    if (this != &other) {
        ZSTD_freeCCtx(m_zstd);
        m_zstd = std::exchange(other.m_zstd, nullptr);
        m_lz4State = std::move(other.m_lz4State);
        m_sampleOut = std::move(other.m_sampleOut);
    }
    return *this;
}

Algo FrameCompressor::compress(const uint8_t* in, size_t n, std::vector<uint8_t>& out, Algo algo, int level)
{
    out.clear();
    // The output may not grow past the size worth keeping: both libraries
    // then give up as soon as they overrun it, instead of finishing a frame
    // that would be thrown away.
    const size_t keep = largestKeptSize(n);
    switch (algo) {
    case Algo::None: return Algo::None;
    case Algo::Lz4: {
        if (keep <= kLz4SizeHeader || n > size_t(LZ4_MAX_INPUT_SIZE) || m_lz4State.empty()) return Algo::None;
        out.resize(keep);
        const int got = LZ4_compress_fast_extState(m_lz4State.data(), reinterpret_cast<const char*>(in),
                                                   reinterpret_cast<char*>(out.data() + kLz4SizeHeader), int(n),
                                                   int(keep - kLz4SizeHeader), 1);
        if (got <= 0) {
            out.clear();
            return Algo::None;
        }
        for (size_t i = 0; i < kLz4SizeHeader; ++i) out[i] = uint8_t(uint32_t(n) >> (8 * i));
        out.resize(kLz4SizeHeader + size_t(got));
        return Algo::Lz4;
    }
    case Algo::Zstd: {
        if (keep == 0 || !m_zstd) return Algo::None;
        out.resize(keep);
        // The frame records its content size (zstd's default), which the
        // receiver checks against its limit before allocating. No per-frame
        // checksum: the whole-file XXH3-128 already catches any corruption,
        // and TLS's AEAD catches it sooner.
        const size_t got = ZSTD_compressCCtx(m_zstd, out.data(), out.size(), in, n, level);
        // dstSize_tooSmall means "does not save enough"; any other failure
        // (out of memory) also leaves the frame to go raw rather than fail.
        if (ZSTD_isError(got)) {
            out.clear();
            return Algo::None;
        }
        out.resize(got);
        return Algo::Zstd;
    }
    }
    return Algo::None;
}

bool FrameCompressor::sampleCompresses(const uint8_t* in, size_t n)
{
    if (n < kTooSmallToJudge || !m_zstd) return true;
    const size_t sample = n <= kMinSample ? n : std::clamp(n / 16, kMinSample, kMaxSample);
    // From the middle: the start of a file is often a header unlike the rest.
    const uint8_t* slice = in + (n - sample) / 2;
    m_sampleOut.resize(largestKeptSize(sample));
    const size_t got = ZSTD_compressCCtx(m_zstd, m_sampleOut.data(), m_sampleOut.size(), slice, sample, kSampleLevel);
    return !ZSTD_isError(got);
}

// ---- decompression -----------------------------------------------------------

FrameDecompressor::FrameDecompressor() : m_zstd(ZSTD_createDCtx()) {}

FrameDecompressor::~FrameDecompressor() { ZSTD_freeDCtx(m_zstd); }

FrameDecompressor::FrameDecompressor(FrameDecompressor&& other) noexcept
    : m_zstd(std::exchange(other.m_zstd, nullptr))
{
}

FrameDecompressor& FrameDecompressor::operator=(FrameDecompressor&& other) noexcept
{
    if (this != &other) {
        ZSTD_freeDCtx(m_zstd);
        m_zstd = std::exchange(other.m_zstd, nullptr);
    }
    return *this;
}

Status FrameDecompressor::decompress(Algo algo, const uint8_t* in, size_t n, std::vector<uint8_t>& out,
                                     size_t maxOut)
{
    out.clear();
    switch (algo) {
    case Algo::None:
        if (n > maxOut) return tooLarge("raw frame holds", n, maxOut);
        out.assign(in, in + n);
        return {};
    case Algo::Lz4: {
        if (n < kLz4SizeHeader) return malformed("lz4 frame of " + sizeText(n) + " is shorter than its size header");
        uint32_t raw = 0;
        for (size_t i = 0; i < kLz4SizeHeader; ++i) raw |= uint32_t(in[i]) << (8 * i);
        if (raw > maxOut) return tooLarge("lz4 frame declares", raw, maxOut);
        if (raw > uint32_t(LZ4_MAX_INPUT_SIZE) || n - kLz4SizeHeader > size_t(INT_MAX))
            return malformed("lz4 frame larger than lz4 can encode");
        out.resize(raw);
        const int got = LZ4_decompress_safe(reinterpret_cast<const char*>(in + kLz4SizeHeader),
                                            reinterpret_cast<char*>(out.data()), int(n - kLz4SizeHeader), int(raw));
        if (got < 0 || uint32_t(got) != raw) {
            out.clear();
            return malformed(got < 0 ? "truncated or corrupt lz4 frame"
                                     : "lz4 frame decodes to " + sizeText(unsigned(got)) + ", not the "
                                           + sizeText(raw) + " it declares");
        }
        return {};
    }
    case Algo::Zstd: return zstd(in, n, out, maxOut);
    }
    return malformed("unknown compression algorithm " + std::to_string(int(algo)));
}

Status FrameDecompressor::zstd(const uint8_t* in, size_t n, std::vector<uint8_t>& out, size_t maxOut)
{
    if (!m_zstd) return Error(Errc::Internal, "decompress: no memory for a zstd context");
    const unsigned long long declared = ZSTD_getFrameContentSize(in, n);
    if (declared == ZSTD_CONTENTSIZE_ERROR) return malformed("not a zstd frame (bad magic number or short header)");
    if (declared != ZSTD_CONTENTSIZE_UNKNOWN && declared > maxOut)
        return tooLarge("zstd frame declares", declared, maxOut);
    // Exactly one frame: ZSTD_decompressDCtx would go on into a second one
    // glued behind it.
    const size_t frameSize = ZSTD_findFrameCompressedSize(in, n);
    if (ZSTD_isError(frameSize))
        return malformed(std::string("truncated or corrupt zstd frame (") + ZSTD_getErrorName(frameSize) + ")");
    if (frameSize != n) return malformed(sizeText(n - frameSize) + " after the end of the zstd frame");
    if (declared == ZSTD_CONTENTSIZE_UNKNOWN) return zstdUnknownSize(in, n, out, maxOut);

    // One shot into a buffer of exactly the declared size: zstd fails the
    // frame if it decodes to any other size.
    out.resize(size_t(declared));
    const size_t got = ZSTD_decompressDCtx(m_zstd, out.data(), out.size(), in, n);
    if (ZSTD_isError(got) || got != declared) {
        out.clear();
        return malformed(std::string("corrupt zstd frame (")
                         + (ZSTD_isError(got) ? ZSTD_getErrorName(got) : "size differs from its header") + ")");
    }
    return {};
}

// FrameCompressor always records the size; a frame without one (from a
// streaming encoder) is decoded into a buffer grown up to maxOut + 1 bytes,
// and reaching that last byte proves the frame too large.
Status FrameDecompressor::zstdUnknownSize(const uint8_t* in, size_t n, std::vector<uint8_t>& out, size_t maxOut)
{
    ZSTD_DCtx_reset(m_zstd, ZSTD_reset_session_and_parameters);
    ZSTD_DCtx_setParameter(m_zstd, ZSTD_d_windowLogMax, windowLogFor(maxOut));
    const size_t limit = maxOut < SIZE_MAX ? maxOut + 1 : maxOut;
    // Start near the usual ratio instead of at the limit, so an honest small
    // frame does not cost a maxOut-sized buffer.
    size_t size = std::min(limit, std::max<size_t>(64 * 1024, n * 4));
    out.resize(size);
    ZSTD_inBuffer input{in, n, 0};
    ZSTD_outBuffer output{out.data(), out.size(), 0};
    for (;;) {
        const size_t inBefore = input.pos;
        const size_t outBefore = output.pos;
        const size_t rc = ZSTD_decompressStream(m_zstd, &output, &input);
        if (ZSTD_isError(rc)) {
            out.clear();
            if (ZSTD_getErrorCode(rc) == ZSTD_error_frameParameter_windowTooLarge)
                return malformed("zstd frame needs a window larger than the " + sizeText(maxOut)
                                 + " a frame may hold");
            return malformed(std::string("corrupt zstd frame (") + ZSTD_getErrorName(rc) + ")");
        }
        if (output.pos > maxOut) {
            out.clear();
            return malformed("zstd frame decodes to more than the " + sizeText(maxOut) + " a frame may hold");
        }
        if (rc == 0) break;
        if (output.pos == output.size) {
            size = std::min(limit, size * 2);
            growTo(out, output, size);
        } else if (input.pos == input.size || (input.pos == inBefore && output.pos == outBefore)) {
            out.clear();
            return malformed("truncated zstd frame");
        }
    }
    out.resize(output.pos);
    return {};
}

} // namespace fg::codec
