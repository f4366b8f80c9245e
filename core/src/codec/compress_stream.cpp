#include "codec/compress_stream.h"

#include "codec/decode_buffer.h"

#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <string>
#include <utility>

namespace fg::codec {

namespace {

// From level 9 up zstd's tables for an unknown size (hashLog 21+, chainLog
// 20+) would take the context past 16 MiB with the 8 MiB window (21 MiB at
// level 9); capped, 15 MiB at most, and a level still searches harder than
// the one below it.
constexpr int kCapTablesFrom = 9;
constexpr int kMaxHashLog = 20;
constexpr int kMaxChainLog = 18;

// Ending a frame takes a last empty block (3 bytes); a new one starts with a
// header of at most 18 bytes.
constexpr size_t kFrameSwitchBytes = 64;

} // namespace

// ---- compression -------------------------------------------------------------

StreamCompressor::~StreamCompressor() { ZSTD_freeCCtx(m_zstd); }

size_t StreamCompressor::memoryBytes() const { return m_zstd ? ZSTD_sizeof_CCtx(m_zstd) : 0; }

void StreamCompressor::restart()
{
    // The next compress() starts a frame, which resets the context's session.
    m_inFrame = false;
    m_level = 0;
    m_broken = false;
}

bool StreamCompressor::startFrame(int level)
{
    ZSTD_CCtx_reset(m_zstd, ZSTD_reset_session_and_parameters);
    auto set = [&](ZSTD_cParameter p, int v) { return !ZSTD_isError(ZSTD_CCtx_setParameter(m_zstd, p, v)); };
    bool ok = set(ZSTD_c_compressionLevel, level) && set(ZSTD_c_windowLog, kStreamWindowLog)
              // Long-distance matching finds the lines repeated across
              // files, megabytes back, that the fast levels' small hash
              // tables have long forgotten: on the mixed tree's text, level
              // 1 sends 104 MB with it, 140 MB without; level 3 84 against 104.
              && set(ZSTD_c_enableLongDistanceMatching, 1)
              // No checksum: the XXH3-128 of every file and chunk catches
              // corruption, and TLS's AEAD sooner.
              && set(ZSTD_c_checksumFlag, 0);
    if (ok && level >= kCapTablesFrom) ok = set(ZSTD_c_hashLog, kMaxHashLog) && set(ZSTD_c_chainLog, kMaxChainLog);
    if (!ok) return false;
    m_level = level;
    m_inFrame = true;
    return true;
}

bool StreamCompressor::compress(const uint8_t* in, size_t n, std::vector<uint8_t>& out, int level)
{
    out.clear();
    if (m_broken) return false;
    if (!m_zstd && !(m_zstd = ZSTD_createCCtx())) {
        m_broken = true;
        return false;
    }
    out.resize(ZSTD_compressBound(n) + kFrameSwitchBytes);
    ZSTD_outBuffer output{out.data(), out.size(), 0};
    auto drive = [&](ZSTD_inBuffer& input, ZSTD_EndDirective how) {
        for (;;) {
            const size_t left = ZSTD_compressStream2(m_zstd, &output, &input, how);
            if (ZSTD_isError(left)) return false;
            if (left == 0 && input.pos == input.size) return true;
            if (output.pos == output.size) growTo(out, output, out.size() * 2);
        }
    };
    bool ok = true;
    if (m_inFrame && level != m_level) {
        // The open frame ends in this piece, ahead of the next one's start.
        ZSTD_inBuffer nothing{nullptr, 0, 0};
        ok = drive(nothing, ZSTD_e_end);
        m_inFrame = false;
    }
    if (ok && !m_inFrame) ok = startFrame(level);
    ZSTD_inBuffer input{in, n, 0};
    if (ok) ok = drive(input, ZSTD_e_flush);
    if (!ok) {
        out.clear();
        m_broken = true;
        return false;
    }
    out.resize(output.pos);
    return true;
}

// ---- decompression -----------------------------------------------------------

StreamDecompressor::~StreamDecompressor() { ZSTD_freeDCtx(m_zstd); }

size_t StreamDecompressor::memoryBytes() const { return m_zstd ? ZSTD_sizeof_DCtx(m_zstd) : 0; }

void StreamDecompressor::restart()
{
    if (m_zstd) ZSTD_DCtx_reset(m_zstd, ZSTD_reset_session_only);
    m_failed = false;
}

Status StreamDecompressor::decompress(const uint8_t* in, size_t n, std::vector<uint8_t>& out, size_t maxOut)
{
    out.clear();
    if (m_failed) return malformed("the connection's zstd stream is out of step after an earlier error");
    if (!m_zstd) {
        m_zstd = ZSTD_createDCtx();
        if (!m_zstd) return Error(Errc::Internal, "decompress: no memory for a zstd context");
        // The sender's window; a stream that asks for more would make us
        // allocate it before decoding a byte.
        ZSTD_DCtx_setParameter(m_zstd, ZSTD_d_windowLogMax, kStreamWindowLog);
    }
    auto refuse = [&](Error e) -> Status {
        out.clear();
        m_failed = true;
        return e;
    };
    const size_t limit = maxOut + 1; // reaching this byte proves the piece too large
    // Start near the usual ratio instead of at the limit, so an honest small
    // piece does not cost a maxOut-sized buffer.
    size_t size = std::min(limit, std::max<size_t>(64 * 1024, n * 4));
    out.resize(size);
    ZSTD_inBuffer input{in, n, 0};
    ZSTD_outBuffer output{out.data(), out.size(), 0};
    for (;;) {
        const size_t inBefore = input.pos;
        const size_t outBefore = output.pos;
        const size_t rc = ZSTD_decompressStream(m_zstd, &output, &input);
        if (ZSTD_isError(rc)) {
            if (ZSTD_getErrorCode(rc) == ZSTD_error_frameParameter_windowTooLarge)
                return refuse(malformed("the zstd stream asks for a window larger than "
                                        + sizeText(size_t(1) << kStreamWindowLog)));
            return refuse(malformed(std::string("corrupt zstd stream (") + ZSTD_getErrorName(rc) + ")"));
        }
        if (output.pos > maxOut)
            return refuse(malformed("zstd piece decodes to more than the " + sizeText(maxOut) + " a frame may hold"));
        // All of the piece is in, and zstd had room to put out everything it
        // decoded: the sender flushed at the piece's end, so that is all of it.
        if (input.pos == input.size && output.pos < output.size) break;
        if (output.pos == output.size) {
            size = std::min(limit, size * 2);
            growTo(out, output, size);
        } else if (input.pos == inBefore && output.pos == outBefore) {
            return refuse(malformed("zstd stream stalled"));
        }
    }
    out.resize(output.pos);
    return {};
}

} // namespace fg::codec
