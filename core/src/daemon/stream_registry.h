#pragma once
#include "internal.h"
// The daemon's sessions waiting for (or running with) data connections. A data
// connection arrives on its own TLS connection, proves it belongs to a session
// with the session's token (and the same client identity), and is handed over.

#include "proto/frame.h"
#include "proto/messages.h"

#include <floodgate/error.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace fg {

class StreamRegistry {
public:
    // Registers a session that takes up to maxStreams data connections under
    // the token its client picked; plain: they go on unencrypted once joined
    // (--cipher none).
    Status open(const proto::SessionToken& token, const std::string& clientFingerprint, uint16_t maxStreams,
                bool plain = false);
    // A client joins its data connections right behind its job request, so a
    // join may come before the session is registered: waits for it, up to
    // the timeout. False if it never came, or (at once) if it has ended: a
    // join the client started as its job finished must not wait for nothing.
    bool awaitSession(const proto::SessionToken& token, std::chrono::milliseconds timeout);
    bool isPlain(const proto::SessionToken& token) const;
    // Whether a data connection may join (before it is told it was accepted).
    Status check(const proto::SessionToken& token, const std::string& clientFingerprint, uint16_t stream) const;
    // Hands a joined connection to its session (to the running role, once
    // the session has set a late-join handler).
    Status attach(const proto::SessionToken& token, const std::string& clientFingerprint, uint16_t stream,
                  proto::FrameLinkPtr link);
    // The connections numbered in `wanted` (bit n = stream n), waiting up to
    // the timeout for ones still on their way. Later joins go to onLateJoin.
    std::vector<proto::FrameLinkPtr> collect(const proto::SessionToken& token, uint32_t wanted,
                                             std::chrono::milliseconds timeout,
                                             std::function<void(proto::FrameLinkPtr)> onLateJoin);
    // The session is over: its connections are dropped, later joins refused
    // (at once, for the last kEndedRemembered sessions).
    void close(const proto::SessionToken& token);
    static constexpr size_t kEndedRemembered = 256;

    // How the running session with that token is ended from outside (when
    // its client reconnected, below); nullptr once it can no longer be. A
    // session superseded before it set one is stopped as it sets it.
    void setStopper(const proto::SessionToken& token, std::function<void()> stop);
    // A client whose connections dropped comes back with a new job: its old
    // session (same token and client identity), if it still waits on the
    // dead connections, is stopped, and waited for up to the timeout so that
    // the files it holds are free. False if it was still running then.
    bool supersede(const proto::SessionToken& token, const std::string& clientFingerprint,
                   std::chrono::milliseconds timeout);

private:
    Status checkLocked(const proto::SessionToken& token, const std::string& clientFingerprint, uint16_t stream) const;

    struct Slot {
        std::string client;
        uint16_t maxStreams = 0;
        bool plain = false;
        std::map<uint16_t, proto::FrameLinkPtr> joined;
        uint32_t seen = 0; // streams that ever joined (a number joins once)
        std::function<void(proto::FrameLinkPtr)> lateJoin;
        std::function<void()> stop;
        bool superseded = false;
    };
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    std::map<proto::SessionToken, Slot> m_slots;
    // The tokens of the sessions that ended last, oldest first (a bounded
    // few: each only saves a late join its wait).
    std::deque<proto::SessionToken> m_ended;
};

} // namespace fg
