#include "proto/hello.h"

namespace fg {

std::string softwareVersion() { return std::string("floodgate ") + FLOODGATE_VERSION; }

Status sendHello(proto::FrameLink& link)
{
    proto::HelloMsg ours;
    ours.software = softwareVersion();
    ours.capabilities = proto::kCapPlainData;
    return link.send(proto::toFrame(ours));
}

Result<proto::HelloMsg> exchangeHello(proto::FrameLink& link)
{
    FG_TRY(sendHello(link));
    return readHello(link);
}

Result<proto::HelloMsg> readHello(proto::FrameLink& link)
{
    FG_TRY_ASSIGN(proto::Frame frame, link.receive());
    if (frame.type == uint16_t(proto::MsgType::Error)) {
        FG_TRY_ASSIGN(proto::ErrorMsg err, proto::fromFrame<proto::ErrorMsg>(frame));
        return Error(err.code, err.message);
    }
    FG_TRY_ASSIGN(proto::HelloMsg theirs, proto::fromFrame<proto::HelloMsg>(frame));
    if (theirs.versionMax < proto::kProtocolVersion || theirs.versionMin > proto::kProtocolVersion)
        return Error(Errc::Protocol, "the far end (" + theirs.software + ") speaks protocol versions "
                                         + std::to_string(theirs.versionMin) + "-" + std::to_string(theirs.versionMax)
                                         + ", this one speaks " + std::to_string(proto::kProtocolVersion)
                                         + "; install the same floodgate version on both ends");
    return theirs;
}

} // namespace fg
