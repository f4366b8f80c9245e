#pragma once
#include "internal.h"
// Opening a session: the greeting both ends send, the client's job request,
// and the ways a client reaches a far end (a daemon over TLS, ssh).

#include "proto/frame.h"
#include "proto/messages.h"

#include <floodgate/endpoint.h>
#include <floodgate/error.h>
#include <floodgate/options.h>

#include <functional>
#include <string>

namespace fg {

using LogLine = std::function<void(const std::string&)>;

// Sends our Hello, reads the peer's, checks that the versions meet.
Result<proto::HelloMsg> exchangeHello(proto::FrameLink& link);

// Sends the job request and waits for the server's acceptance or refusal.
Result<proto::JobAcceptMsg> requestJob(proto::FrameLink& link, const proto::JobRequestMsg& request);

// Opens one data connection to a daemon and joins it to a session.
Result<proto::FrameLinkPtr> joinStream(const Endpoint& endpoint, const std::string& stateDir,
                                       const proto::SessionToken& token, uint16_t number);

// Opens data connections numbered first..first+count-1 at once (each costs
// a few round trips; together they cost the same). Returns the ones that
// joined, in number order, and their numbers as bits in *joined.
std::vector<proto::FrameLinkPtr> joinStreams(const Endpoint& endpoint, const std::string& stateDir,
                                             const proto::SessionToken& token, uint16_t first, uint16_t count,
                                             uint32_t* joined, std::vector<Error>* errors);

// Connects to a daemon: TCP, TLS with this install's identity, the server's
// pinned identity checked (or pinned on first contact), Hello exchanged.
Result<proto::FrameLinkPtr> connectDaemon(const Endpoint& endpoint, const std::string& stateDir, const LogLine& log);

// Starts `rsh host remoteFloodgate serve --stdio` and exchanges Hello over its pipes.
Result<proto::FrameLinkPtr> connectSsh(const Endpoint& endpoint, const SyncOptions& options);

// The argv connectSsh runs (exposed for tests and --dry-run display).
Result<std::vector<std::string>> sshCommandFor(const Endpoint& endpoint, const SyncOptions& options);

std::string softwareVersion();

} // namespace fg
