#pragma once
#include "internal.h"
// How Floodgate sets up its TCP connections, and how a sender reads the kernel
// to tell the user when an OS limit holds a stream back (field notes:
// prefer buffer autotuning; set buffers only when that helps; say which
// limit is in force, with its number).

#include "platform/socket.h"
#include "proto/frame.h"

#include <floodgate/error.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fg {

// BBR held throughput on long, lossy links where CUBIC did not; it is the
// default wherever the kernel has it.
inline constexpr const char* kPreferredCongestion = "bbr";

// A data connection: the congestion control asked for ("" = bbr if
// available, else the system's). Returns the one in force.
std::string tuneDataConnection(const proto::FrameLink& link, const std::string& congestion);
// The control connection: a small unsent-bytes mark, so what it carries
// (plans, acknowledgements) never queues behind a backlog in the socket.
void tuneControlConnection(const proto::FrameLink& link);
// Checks a congestion control name against what this kernel offers.
Status checkCongestion(const std::string& name);

// Watches the sending side of data connections over time. Each check()
// compares TCP_INFO with the previous one; when a stream spent a good part of
// its busy time limited by our send buffer or by the receiver's window, it
// says so once, with the numbers and the remedy, and raises our send buffer
// where the system allows more than autotuning reached.
class StreamWatch {
public:
    // Messages for the user (each at most once per job).
    std::vector<std::string> check(const std::vector<const proto::FrameLink*>& links);

private:
    struct Sample {
        platform::TcpInfo info;
    };
    std::map<int, Sample> m_last; // by socket
    bool m_toldSendBuffer = false;
    bool m_toldReceiveWindow = false;
    bool m_raised = false;
};

} // namespace fg
