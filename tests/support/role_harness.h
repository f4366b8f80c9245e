#pragma once
// The sender and the receiver in this process, for their unit tests: no
// sockets, in-memory links (proto::makeMemoryLinkPair) as a local copy has.
// One set of wiring for every test that runs a role, instead of a copy each.

#include "options/transfer_params.h"
#include "proto/frame.h"
#include "proto/messages.h"
#include "receive/receiver.h"
#include "role/observer.h"
#include "metrics/stage_set.h"

#include <chrono>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace fgtest {

// Both ends of a control link and of `dataLinks` data links. A test may
// replace a sender's end (to break it, say) before the roles start.
struct MemoryLinks {
    explicit MemoryLinks(size_t dataLinks, size_t controlBytes = 16u << 20, size_t dataBytes = 4u << 20);
    fg::proto::FrameLinkPtr senderControl;
    fg::proto::FrameLinkPtr receiverControl;
    std::vector<fg::proto::FrameLinkPtr> senderData;
    std::vector<fg::proto::FrameLinkPtr> receiverData;
    std::vector<fg::proto::FrameLink*> senderDataLinks() const;
    std::vector<fg::proto::FrameLink*> receiverDataLinks() const;
};

// What a run of both roles gave.
struct RoleRun {
    fg::Status sent;
    fg::Status received;
    fg::StageSet senderStages;
    fg::StageSet receiverStages;
};

// Sends `from` into `to` over `links`: the sender on a thread of its own, the
// receiver on this one, until both end.
void runRoles(const fg::RootSpec& from, const fg::RootSpec& to, const fg::TransferParams& params, MemoryLinks& links,
              fg::RoleObserver& senderSide, fg::RoleObserver& receiverSide, RoleRun& run);

// A Receiver writing into `destination`, driven by the test from the
// sender's side of the links, frame by frame.
class ReceiverDriver {
public:
    explicit ReceiverDriver(const std::string& destination, size_t dataLinks = 0, fg::TransferParams params = {});
    ~ReceiverDriver();
    ReceiverDriver(const ReceiverDriver&) = delete;
    ReceiverDriver& operator=(const ReceiverDriver&) = delete;

    template <class M>
    void send(const M& msg) { sendFrame(fg::proto::toFrame(msg)); }
    void sendFrame(fg::proto::Frame f);
    template <class M>
    void sendOn(size_t link, const M& msg) { sendFrameOn(link, fg::proto::toFrame(msg)); }
    void sendFrameOn(size_t link, fg::proto::Frame f);
    void closeData(size_t link);

    // FileListBegin, one batch of `entries`, FileListEnd.
    void list(const std::vector<fg::proto::WireEntry>& entries);

    // Reads frames until one of the given types (or the end); returns it.
    std::optional<fg::proto::Frame> waitFor(std::initializer_list<fg::proto::MsgType> types);
    std::optional<fg::proto::Frame> waitFor(fg::proto::MsgType type) { return waitFor({type}); }
    // As waitFor, but gives up after `limit` (the link is closed then): for
    // frames the receiver must send on its own, without a nudge from us.
    std::optional<fg::proto::Frame> waitForWithin(std::initializer_list<fg::proto::MsgType> types,
                                                  std::chrono::milliseconds limit);

    // Waits for the receiver's last word (an Error, or JobDone), then hangs up;
    // the receiver's result.
    fg::Status finish();

private:
    MemoryLinks m_links;
    fg::NullObserver m_observer;
    fg::StageSet m_stages;
    std::unique_ptr<fg::Receiver> m_receiver;
    std::thread m_thread;
    fg::Status m_result;
    bool m_ended = false;
};

} // namespace fgtest
