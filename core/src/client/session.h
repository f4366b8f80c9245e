#pragma once
#include "internal.h"
// Opening a session from the client's end: the job request, and the ways a
// client reaches a far end (a daemon over TLS, ssh). The greeting both ends
// send is proto/hello.h.

#include "proto/frame.h"
#include "proto/hello.h"
#include "proto/messages.h"

#include <floodgate/endpoint.h>
#include <floodgate/error.h>
#include <floodgate/options.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>
#include <string>

namespace fg {

using LogLine = std::function<void(const std::string&)>;

// "host:port" ("[v6addr]:port"): how a daemon is named in the state
// directory's files (its pin, what a probe measured of the way to it).
std::string hostPortOf(const std::string& host, uint16_t port);


// Sends the job request and waits for the server's acceptance or refusal
// (after the server's Hello, when ours was sent without waiting for it).
Result<proto::JobAcceptMsg> requestJob(proto::FrameLink& link, const proto::JobRequestMsg& request,
                                       bool helloPending = false);
// The waiting half, for a client that sends more behind its request (a
// push's file list) before the answer comes.
Result<proto::JobAcceptMsg> awaitJobAccept(proto::FrameLink& link, const proto::JobRequestMsg& request,
                                           bool helloPending);

// Opens one data connection to a daemon and joins it to a session.
Result<proto::FrameLinkPtr> joinStream(const Endpoint& endpoint, const std::string& stateDir,
                                       const proto::SessionToken& token, uint16_t number,
                                       CipherChoice cipher = CipherChoice::Auto);
// Joins a connection opened with connectDaemon() to a session; with
// CipherChoice::None it goes on unencrypted once joined (proto/plain_data.h).
// helloPending: the server's Hello is still to be read (awaitHello false).
Status joinOpenedStream(proto::FrameLink& link, const proto::SessionToken& token, uint16_t number,
                        CipherChoice cipher = CipherChoice::Auto, bool helloPending = false);
// A fresh, unguessable token for a job's data connections.
Result<proto::SessionToken> newSessionToken();

struct DaemonConnect {
    // False: our Hello is only sent; the caller's first request follows it at
    // once, and the caller reads the server's Hello before its reply
    // (requestJob), which saves a round trip.
    bool awaitHello = true;
    // False: an unknown server is refused rather than pinned, for connections
    // opened alongside the one that pins it on first contact.
    bool pinOnFirstContact = true;
    // The TLS suites offered (net/cipher_suites.h); None offers Auto's.
    CipherChoice cipher = CipherChoice::Auto;
    // --contimeout: TCP and TLS together within this long, else
    // Errc::ConnectTimeout; 0 = the defaults (10 s, then 15 s), Errc::Network.
    unsigned timeoutSec = 0;
    // Turns true when the connection is no longer wanted: the TLS handshake
    // then ends at once (Errc::Cancelled) instead of waiting out its timeout.
    const std::atomic<bool>* abandoned = nullptr;
};

// Data connections opened at once (each costs a few round trips; together
// they cost the same), while the control connection asks for the job or,
// for auto streams, while the job runs: their TCP, TLS and Hello round trips,
// and their join with the token the client picked for the job, all overlap. A connection that could
// not be opened early (a server pinned only by the control connection, on
// first contact) is opened again once the job is accepted.
class EarlyStreams {
public:
    // Streams first..first+count-1 (auto streams join more of them later,
    // the same way).
    // connectTimeoutSec: DaemonConnect::timeoutSec (--contimeout).
    EarlyStreams(Endpoint endpoint, std::string stateDir, uint16_t count, const proto::SessionToken& token,
                 CipherChoice cipher = CipherChoice::Auto, uint16_t first = 0, unsigned connectTimeoutSec = 0);
    ~EarlyStreams(); // the ones not taken are closed, and joins under way cut short
    EarlyStreams(const EarlyStreams&) = delete;
    EarlyStreams& operator=(const EarlyStreams&) = delete;

    // The job was accepted: the first `count` streams (at most the number
    // opened) that joined, in number order, their numbers as bits in *joined.
    std::vector<proto::FrameLinkPtr> join(uint16_t count, uint32_t* joined, std::vector<Error>* errors);
    // From any thread: joins under way are cut short (the job is over), and
    // join() returns what had joined by then.
    void abandon();

private:
    void open(uint16_t number);

    const Endpoint m_endpoint;
    const std::string m_stateDir;
    const proto::SessionToken m_token;
    const CipherChoice m_cipher;
    const uint16_t m_first;
    const unsigned m_connectTimeoutSec;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::optional<uint16_t> m_wanted; // set by join()
    bool m_abandoned = false;
    std::atomic<bool> m_abandonedFlag{false}; // m_abandoned, for handshakes under way (DaemonConnect)
    std::vector<proto::FrameLink*> m_joining; // closed when abandoned
    std::vector<Result<proto::FrameLinkPtr>> m_results;
    std::vector<std::thread> m_threads;
};

// Connects to a daemon: TCP, TLS with this install's identity, the server's
// pinned identity checked (or pinned on first contact), Hello exchanged.
Result<proto::FrameLinkPtr> connectDaemon(const Endpoint& endpoint, const std::string& stateDir, const LogLine& log,
                                          DaemonConnect how = {});

// Starts `rsh host remoteFloodgate serve --stdio` and exchanges Hello over its pipes.
Result<proto::FrameLinkPtr> connectSsh(const Endpoint& endpoint, const SyncOptions& options);

// The argv connectSsh runs (exposed for tests and --dry-run display).
Result<std::vector<std::string>> sshCommandFor(const Endpoint& endpoint, const SyncOptions& options);


} // namespace fg
