#pragma once
#include "internal.h"
// The greeting both ends of a connection send first: this build's protocol
// version and capabilities, and the check that the two ends' versions meet.

#include "proto/frame.h"
#include "proto/messages.h"

#include <floodgate/error.h>

#include <string>

namespace fg {

// Sends our Hello, reads the peer's, checks that the versions meet.
Result<proto::HelloMsg> exchangeHello(proto::FrameLink& link);
// The two halves, for a client that sends its first request right behind its
// Hello instead of waiting a round trip for the reply.
Status sendHello(proto::FrameLink& link);
Result<proto::HelloMsg> readHello(proto::FrameLink& link);

// "floodgate 0.1.0", as Hello carries it.
std::string softwareVersion();

} // namespace fg
