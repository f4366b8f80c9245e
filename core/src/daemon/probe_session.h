#pragma once
#include "internal.h"
// The serving side of `floodgate probe` (probe/probe_messages.h): after the
// same checks a job passes (paired, a module it may use that way, a free
// place), it runs the phases the client asks for: it drains or pumps filler
// on the data connections, and measures its own machine and its disk in the
// module (a scratch file, removed again).

#include "daemon/server_session.h"
#include "proto/frame.h"

namespace fg {

Status runProbeSession(proto::FrameLink& link, const proto::Frame& request, const SessionContext& ctx);

} // namespace fg
