#include "daemon/session_gate.h"

#include "common/path.h"
#include "daemon/module_access.h"
#include "daemon/stream_registry.h"
#include "platform/fs.h"
#include "platform/process.h"
#include "proto/messages.h"

#include <algorithm>

namespace fg {

Status sendError(proto::FrameLink& link, Errc code, const std::string& message)
{
    proto::ErrorMsg err;
    err.code = code;
    err.message = message;
    return link.send(proto::toFrame(err));
}


namespace {

Result<ResolvedRequest> resolveDaemonPath(const std::string& requestPath, const SessionContext& ctx, bool forWriting,
                                          bool plainData)
{
    size_t slash = requestPath.find('/');
    std::string moduleName = requestPath.substr(0, slash);
    std::string rest = slash == std::string::npos ? std::string() : requestPath.substr(slash + 1);
    // A module a client may not use is, to it, no module at all: a client
    // does not learn what else the daemon serves.
    const std::string clientName = ctx.authorized ? ctx.authorized->nameOf(ctx.clientFingerprint) : std::string();
    const ModuleConfig* module = nullptr;
    ModuleAccess access = ModuleAccess::None;
    std::string visible;
    for (const auto& m : ctx.modules) {
        const ModuleAccess a = moduleAccess(m, ctx.clientFingerprint, clientName);
        if (a != ModuleAccess::None) visible += (visible.empty() ? "" : ", ") + m.name;
        if (m.name == moduleName) {
            module = &m;
            access = a;
        }
    }
    const std::string who = clientName.empty() ? ctx.clientFingerprint : clientName;
    if (!module || access == ModuleAccess::None) {
        if (module && ctx.log)
            ctx.log.warning("client " + who + " (" + ctx.peer + ") is in neither the read nor the write list of module '"
                    + moduleName + "'" + (module->definedAt.empty() ? "" : " (" + module->definedAt + ")"));
        const bool anyListed = std::any_of(ctx.modules.begin(), ctx.modules.end(), [](const ModuleConfig& m) {
            return !m.readers.empty() || !m.writers.empty();
        });
        if (!anyListed)
            return Error(Errc::NotFound, "the server has no module '" + moduleName + "' (it serves: " + visible + ")");
        return Error(Errc::NotFound, "the server has no module '" + moduleName + "' for this client, " + who + " ("
                                         + (visible.empty() ? "it may use none" : "it may use: " + visible)
                                         + "); the daemon's admin grants modules with read = and write = in "
                                           "floodgate.conf");
    }
    if (forWriting && module->readOnly)
        return Error(Errc::ReadOnly, "module '" + module->name + "' is read-only: it can be a source, not a destination");
    if (forWriting && access == ModuleAccess::Read)
        return Error(Errc::ReadOnly, "module '" + module->name + "' may be read, not written, by this client (" + who
                                         + "): the daemon's floodgate.conf lists it under read =, not write =");
    if (plainData && !module->allowPlaintext)
        return Error(Errc::AuthFailed, "module '" + module->name + "' does not allow unencrypted file data (--cipher "
                                           "none); choose another --cipher, or, on a trusted network only, have the "
                                           "server run with `--allow-plaintext " + module->name + "`");
    ResolvedRequest out;
    out.module = module->name;
    out.keepOwners = module->keepOwners;
    out.settings = *module;
    out.root.base = module->path;
    out.root.trailingSlash = rest.empty() || rest.back() == '/';
    while (!rest.empty() && rest.back() == '/') rest.pop_back();
    if (!rest.empty()) FG_TRY(validateRelativePath(rest));
    out.root.relative = rest;
    out.root.stripSpecialModeBits = true;
    out.root.confineFollowedLinks = true;
    out.root.displayBase = module->name;
    return out;
}

RootSpec resolveStdioPath(std::string path)
{
    // What a login shell would have expanded had the path been on its command line.
    if (path == "~" || path.rfind("~/", 0) == 0) path = platform::homeDirectory() + path.substr(1);
    RootSpec root;
    root.trailingSlash = !path.empty() && path.back() == '/';
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    root.base = path.empty() ? std::string(".") : path;
    return root;
}


} // namespace

Result<ResolvedRequest> resolveRequestPath(const std::string& requestPath, const SessionContext& ctx, bool forWriting,
                                           bool plainData)
{
    if (!ctx.daemon) {
        ResolvedRequest stdio;
        stdio.root = resolveStdioPath(requestPath);
        stdio.keepOwners = true;
        return stdio;
    }
    auto resolved = resolveDaemonPath(requestPath, ctx, forWriting, plainData);
    if (!resolved.ok() && ctx.log) ctx.log.warning("refused request from " + ctx.peer + ": " + resolved.error().message);
    return resolved;
}

bool paired(const SessionContext& ctx)
{
    return !ctx.daemon || (ctx.authorized && ctx.authorized->isAuthorized(ctx.clientFingerprint));
}


Status refuseUnpaired(proto::FrameLink& link, const SessionContext& ctx)
{
    std::string msg = "this client (" + ctx.clientFingerprint + ") is not paired with the server at " + ctx.serverAddress
                    + "; run `floodgate pair floodgate://" + ctx.serverAddress
                    + " --code CODE` with the code `floodgate serve` printed";
    (void)sendError(link, Errc::NotPaired, msg);
    if (ctx.log) ctx.log.warning("refused unpaired client " + ctx.clientFingerprint + " from " + ctx.peer);
    return Error(Errc::NotPaired, msg);
}


JobPlace::JobPlace(const SessionContext& ctx) : m_ctx(ctx), m_held(!ctx.startJob || ctx.startJob()) {}

JobPlace::~JobPlace()
{
    if (m_held && m_ctx.endJob) m_ctx.endJob();
}

Error JobPlace::refusal(const std::string& what) const
{
    if (m_ctx.log)
        m_ctx.log.warning("refused " + what + " from " + m_ctx.peer + ": " + std::to_string(m_ctx.maxJobs)
                  + " job(s) already running (--max-sessions)");
    return Error(Errc::Busy, "the daemon at " + m_ctx.serverAddress + " is running " + std::to_string(m_ctx.maxJobs)
                                 + " job(s), as many as it takes at once (serve --max-sessions "
                                 + std::to_string(m_ctx.maxJobs) + "); try again later");
}

OpenedStreams::~OpenedStreams()
{
    if (m_token) m_ctx.registry->close(*m_token);
}

Status OpenedStreams::open(const proto::SessionToken& token, uint16_t streams, bool plainData, proto::JobAcceptMsg& accept)
{
    if (!m_ctx.registry || streams == 0) return {};
    FG_TRY(m_ctx.registry->open(token, m_ctx.clientFingerprint, streams, plainData));
    m_token = token;
    accept.token = token;
    accept.streams = streams;
    return {};
}

} // namespace fg
