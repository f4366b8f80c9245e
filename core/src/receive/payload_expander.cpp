#include "receive/payload_expander.h"

#include "proto/messages.h"

#include <string>

namespace fg {

Result<codec::Algo> PayloadExpander::expandBytes(uint16_t flags, const uint8_t** data, size_t* n)
{
    FG_TRY_ASSIGN(codec::Algo algo, proto::payloadAlgo(flags));
    if (algo == codec::Algo::None) return algo;
    if (algo == codec::Algo::Zstd) FG_TRY(m_stream.decompress(*data, *n, m_buffer, proto::kMaxDataPayload));
    else FG_TRY(m_frames.decompress(algo, *data, *n, m_buffer, proto::kMaxDataPayload));
    *data = m_buffer.data();
    *n = m_buffer.size();
    return algo;
}

namespace {
// A SmallFile's header flag: kept as it is (elsewhere the flag is unknown).
uint16_t headerFlags(const proto::Frame& frame)
{
    return frame.type == uint16_t(proto::MsgType::SmallFile) ? uint16_t(frame.flags & proto::kSmallFileAsListed) : 0;
}
} // namespace

bool PayloadExpander::arrivesRaw(const proto::Frame& frame)
{
    const bool fillMisplaced = (frame.flags & proto::kDeltaFill) && frame.type != uint16_t(proto::MsgType::Delta);
    return !fillMisplaced && !(uint16_t(frame.flags & ~headerFlags(frame)) & ~proto::kPlacementFlags);
}

Result<size_t> PayloadExpander::expand(proto::Frame& frame)
{
    const bool smallFile = frame.type == uint16_t(proto::MsgType::SmallFile);
    if ((frame.flags & proto::kDeltaFill) && frame.type != uint16_t(proto::MsgType::Delta))
        return Error(Errc::Protocol, "carries the delta fill flag");
    const uint16_t kept = headerFlags(frame);
    const uint16_t flags = uint16_t(frame.flags & ~kept);
    // Raw, the common case: passed on as it is.
    if (!(flags & ~proto::kPlacementFlags)) return size_t(0);
    // A SmallFile header's length follows its digest's.
    size_t header = proto::kDataHeaderSize;
    if (smallFile) {
        const uint8_t* payload = nullptr;
        size_t payloadSize = 0;
        auto small = proto::decodeSmallFile(frame, &payload, &payloadSize);
        if (!small.ok()) return Error(Errc::Protocol, "is malformed: " + small.error().message);
        header = frame.payload.size() - payloadSize;
    }
    if (frame.payload.size() < header) return Error(Errc::Protocol, "is too short for its header");
    const uint8_t* data = frame.payload.data() + header;
    size_t n = frame.payload.size() - header;
    const size_t wire = n;
    auto algo = expandBytes(flags, &data, &n);
    if (!algo.ok())
        return Error(Errc::Protocol, "(" + std::to_string(wire) + " bytes on the wire) does not expand: "
                                         + algo.error().message);
    if (*algo == codec::Algo::None) return size_t(0);
    // The writers get the raw bytes behind the same header.
    proto::Payload raw;
    raw.reserve(header + n);
    proto::appendBytes(raw, frame.payload.data(), header);
    proto::appendBytes(raw, data, n);
    frame.payload = std::move(raw);
    frame.flags = uint16_t((flags & proto::kPlacementFlags) | kept);
    return n;
}

} // namespace fg
