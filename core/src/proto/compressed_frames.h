#pragma once
#include "internal.h"
// Control messages that are mostly names, compressed on their own: the file
// list's batches (since protocol version 18). A listed file costs about 35-45
// bytes raw (its path, mode, size and time) and 5-10 compressed, so on a link
// that the data fills (65,536 files of 4 KiB over 1 Gbit/s) the list's share
// of the wire falls from ~1 % to ~0.15 %, and a first sync of a million files
// over a slow link waits for ~6 MB of list instead of ~40.
//
// The payload goes as one independent frame of codec::FrameCompressor
// (zstd, never a piece of the connection's stream: a list batch may take any
// connection), flagged in bits 1-2 of the frame's flags as Data frames are
// (payloadAlgoFlags). It stays raw where compressing saves too little
// (codec::largestKeptSize). Any other flag is refused.

#include "codec/compress.h"
#include "proto/frame.h"
#include "proto/messages.h"

#include <floodgate/error.h>

#include <cstdint>
#include <span>
#include <vector>

namespace fg::proto {

// zstd's level for the list: its fastest, which already finds what repeats
// from one entry to the next (~6 % of the raw size on a tree of small files).
inline constexpr int kListCompressionLevel = 1;

// Compresses f.payload in place where that saves enough, and says so in f.flags.
void compressPayload(Frame& f, codec::FrameCompressor& compressor);

// f's payload as it was before compressPayload: f's own bytes, or expanded
// into `scratch` (never past kMaxFramePayload, what a raw frame could carry).
Result<std::span<const uint8_t>> expandedPayload(const Frame& f, codec::FrameDecompressor& decompressor,
                                                 std::vector<uint8_t>& scratch);

template <class M>
Frame toCompressedFrame(const M& msg, codec::FrameCompressor& compressor)
{
    Frame f = toFrame(msg);
    compressPayload(f, compressor);
    return f;
}

// Decodes a frame of M's type, compressed or not.
template <class M>
Result<M> fromCompressedFrame(const Frame& frame, codec::FrameDecompressor& decompressor)
{
    if (frame.type != uint16_t(M::kType))
        return Error(Errc::Protocol, std::string("expected a ") + msgTypeName(uint16_t(M::kType)) + " frame, got "
                                         + msgTypeName(frame.type));
    std::vector<uint8_t> scratch;
    FG_TRY_ASSIGN(std::span<const uint8_t> payload, expandedPayload(frame, decompressor, scratch));
    WireReader r(payload.data(), payload.size());
    return M::decode(r);
}

} // namespace fg::proto
