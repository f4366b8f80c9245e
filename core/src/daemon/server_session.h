#pragma once
#include "internal.h"
// One session on the serving side, after the transport is up: Hello, then
// pairing or a job request, then the role the request asks for. The same code
// serves the TLS daemon and `serve --stdio` (where ssh did the authentication).

#include "net/trust_store.h"
#include "proto/frame.h"

#include <floodgate/server.h>

#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace fg {

// The one-time pairing code of a daemon, shared by its sessions.
class PairingState {
public:
    PairingState(std::string code, bool generated, DaemonLog log);
    // The current code ("" once used up or disabled).
    std::string code() const;
    // Checks a client's proof; on success consumes the code (and, for a
    // generated code, makes and logs a fresh one).
    bool verify(const std::string& proof, const std::string& clientFp, const std::string& serverFp,
                std::string* serverProof, std::string* why);
    // A fresh generated code, and pairing enabled again after wrong codes
    // disabled it (the admin's `floodgate serve --new-code`). Returns it.
    std::string renew();

private:
    mutable std::mutex m_mutex;
    std::string m_code;
    bool m_generated;
    int m_failures = 0;
    DaemonLog m_log;
};

class StreamRegistry;
class JobBoard;
class RateLimiter;

struct SessionContext {
    bool daemon = true;                      // false: --stdio (no modules, no pairing)
    std::vector<ModuleConfig> modules;
    net::AuthorizedClients* authorized = nullptr;
    PairingState* pairing = nullptr;
    std::string clientFingerprint;
    std::string serverFingerprint;
    std::string peer;                        // for logs
    std::string serverAddress;               // "host:port", for messages that tell what to run
    DaemonLog log;
    StreamRegistry* registry = nullptr;      // data connections (daemon only)
    JobBoard* board = nullptr;               // what `floodgate status` shows (daemon only)
    // The budget all of one client's jobs share (client-bwlimit), or null.
    std::function<RateLimiter*(const std::string& fingerprint)> clientLimiter;
    // Called when the connection is handed to another session as one of its
    // data connections: the caller no longer owns it.
    std::function<void()> handOver;
    // Called when a pairing code proved who the client is (a paired client's
    // key proves it in the TLS handshake, before the session starts).
    std::function<void()> proven;
    // A daemon's limit of jobs at once: startJob() takes a place (false when
    // there is none), endJob() gives it back. Unset: no limit (--stdio).
    std::function<bool()> startJob;
    std::function<void()> endJob;
    size_t maxJobs = 0;
};

// Runs the session to its end; returns what ended it. A data connection's
// link is moved out (to the session it joins).
Status runServerSession(proto::FrameLinkPtr& link, const SessionContext& context);

} // namespace fg
