#pragma once
#include "internal.h"
// The roles this process plays in a job, made one way wherever a job runs: a
// local copy plays both, joined by a memory link; a client's remote job and a
// daemon's session each play one, the side the job's direction gives them.
// Whoever runs a job holds a Roles: it runs, cancels and abandons them, and
// reaches the sending role for what only a sender does.

#include "exec/rate_limiter.h"
#include "metrics/stage_set.h"
#include "options/transfer_params.h"
#include "proto/frame.h"
#include "role/observer.h"
#include "role/role_base.h"

#include <floodgate/error.h>

#include <memory>
#include <vector>

namespace fg {

class Sender;
class Receiver;

enum class RoleSide : uint8_t { Send, Receive };

// What one role is made of. The links, the observer, the stages and the
// limiter must outlive the role.
struct RoleSetup {
    RootSpec root;
    TransferParams params;
    proto::FrameLink* control = nullptr;
    std::vector<proto::FrameLink*> data; // none: file data goes on the control link
    RoleObserver* observer = nullptr;
    StageSet* stages = nullptr;
    // A sender's bandwidth limit. Without one it gets its own, at
    // params.bwlimitBytesPerSec, which the peer's timetable may change later.
    RateLimiter* limiter = nullptr;
    // A receiver's: file data is read no faster (a daemon's cap on a push).
    RateLimiter* readLimiter = nullptr;
};

class Roles {
public:
    // One role: a client's side of a remote job, or a daemon's of a client's.
    static std::unique_ptr<Roles> one(RoleSide side, RoleSetup setup);
    // Both, for a local copy: what crosses is a memory link. The receiver
    // reports each file to `observer`; the sender reports nothing (the same
    // files would be counted twice).
    static std::unique_ptr<Roles> local(RootSpec source, RootSpec destination, const TransferParams& params,
                                        RoleObserver& observer, StageSet& stages, RateLimiter* limiter);
    ~Roles();
    Roles(const Roles&) = delete;
    Roles& operator=(const Roles&) = delete;

    // Runs the job to its end on this thread (a local copy's sender on a
    // thread of its own). A local copy's error is the receiver's, which sees
    // the sender's too, unless the receiver only saw the link go.
    Status run();
    // From any thread: the roles stop, and the peer is told (cancel) or not
    // (abandon: its connection is dead or no longer this job's).
    void cancel();
    void abandon(const Error& why);
    // The role this process plays with a remote peer (a local copy's receiver).
    RoleBase& main();
    // The sending role, or null where this process only receives.
    Sender* sender() const { return m_sender.get(); }
    Receiver* receiver() const { return m_receiver.get(); }

private:
    Roles() = default;

    // A local copy's memory link; declared first, so the roles go before it.
    proto::FrameLinkPtr m_senderLink;
    proto::FrameLinkPtr m_receiverLink;
    NullObserver m_quiet;
    std::unique_ptr<RateLimiter> m_ownLimiter;
    std::unique_ptr<Sender> m_sender;
    std::unique_ptr<Receiver> m_receiver;
};

} // namespace fg
