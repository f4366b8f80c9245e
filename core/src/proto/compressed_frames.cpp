#include "proto/compressed_frames.h"

#include <string>

namespace fg::proto {

void compressPayload(Frame& f, codec::FrameCompressor& compressor)
{
    std::vector<uint8_t> packed;
    const codec::Algo algo =
        compressor.compress(f.payload.data(), f.payload.size(), packed, codec::Algo::Zstd, kListCompressionLevel);
    if (algo == codec::Algo::None) return;
    assignBytes(f.payload, packed.data(), packed.size());
    f.flags = payloadAlgoFlags(algo);
}

Result<std::span<const uint8_t>> expandedPayload(const Frame& f, codec::FrameDecompressor& decompressor,
                                                 std::vector<uint8_t>& scratch)
{
    if ((f.flags & ~kPayloadAlgoMask) != 0)
        return Error(Errc::Protocol, std::string("a ") + msgTypeName(f.type) + " frame with unknown flags "
                                         + std::to_string(f.flags));
    FG_TRY_ASSIGN(const codec::Algo algo, payloadAlgo(f.flags));
    if (algo == codec::Algo::None) return std::span<const uint8_t>(f.payload.data(), f.payload.size());
    if (Status st = decompressor.decompress(algo, f.payload.data(), f.payload.size(), scratch, kMaxFramePayload); !st)
        return Error(Errc::Protocol, std::string("a compressed ") + msgTypeName(f.type) + " frame: " + st.error().message);
    return std::span<const uint8_t>(scratch.data(), scratch.size());
}

} // namespace fg::proto
