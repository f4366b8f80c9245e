#pragma once
#include "internal.h"
// What every request on a serving session passes before it runs (a job or a
// probe alike): the client is paired, the path names a module it may use in
// that direction, and the daemon has a place free. Each refusal is a clear
// Error sent to the client and returned.

#include "daemon/server_session.h"
#include "proto/frame.h"
#include "proto/messages.h"
#include "options/transfer_params.h"

#include <floodgate/error.h>

#include <optional>
#include <string>

namespace fg {

Status sendError(proto::FrameLink& link, Errc code, const std::string& message);

// Whether the client may run requests (always over --stdio, where ssh
// authenticated it).
bool paired(const SessionContext& ctx);
// Tells an unpaired client how to pair, logs it, and returns the error.
Status refuseUnpaired(proto::FrameLink& link, const SessionContext& ctx);

struct ResolvedRequest {
    RootSpec root;
    std::string module;       // daemon only
    bool keepOwners = false;  // the module lets clients set owners (serve --keep-owners)
    ModuleConfig settings;    // the module's, as they were when the request came (daemon only)
};

// A request's path: "MODULE[/path]" on a daemon (refused when there is no
// such module, when it is read-only and `forWriting`, or when it does not
// allow unencrypted data and `plainData`; each refusal logged), the path as
// the user typed it over --stdio.
Result<ResolvedRequest> resolveRequestPath(const std::string& requestPath, const SessionContext& ctx, bool forWriting,
                                           bool plainData);

// One of the daemon's --max-sessions places, held while it lives.
class JobPlace {
public:
    explicit JobPlace(const SessionContext& ctx);
    ~JobPlace();
    JobPlace(const JobPlace&) = delete;
    JobPlace& operator=(const JobPlace&) = delete;
    bool held() const { return m_held; }
    // Why there was none (what, e.g. "a probe", for the log); Errc::Busy.
    Error refusal(const std::string& what) const;

private:
    const SessionContext& m_ctx;
    bool m_held;
};

// A request's data connections in the daemon's registry: opened when the
// request asks for some (and the daemon has a registry), closed when this
// goes, whatever ended the request.
class OpenedStreams {
public:
    explicit OpenedStreams(const SessionContext& ctx) : m_ctx(ctx) {}
    ~OpenedStreams();
    OpenedStreams(const OpenedStreams&) = delete;
    OpenedStreams& operator=(const OpenedStreams&) = delete;

    // Opens the session's place for `streams` connections joining with
    // `token`, and says so in `accept` (its token and stream count); does
    // nothing for none. An error (the registry's) is for the client.
    Status open(const proto::SessionToken& token, uint16_t streams, bool plainData, proto::JobAcceptMsg& accept);
    // Set once opened.
    const std::optional<proto::SessionToken>& token() const { return m_token; }

private:
    const SessionContext& m_ctx;
    std::optional<proto::SessionToken> m_token;
};

} // namespace fg
