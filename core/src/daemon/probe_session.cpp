#include "daemon/probe_session.h"

#include "daemon/session_gate.h"
#include "daemon/stream_registry.h"
#include "exec/progress_watchdog.h"
#include "net/socket_tuning.h"
#include "proto/hello.h"
#include "probe/probe_messages.h"

#include <algorithm>
#include <atomic>
#include <chrono>

namespace fg {
namespace {

// What one probe may make this machine do, whatever the client asks.
constexpr uint64_t kMostDiskBytes = 1ull << 30;
constexpr double kMostDiskSeconds = 5;
constexpr auto kJoinTimeout = std::chrono::seconds(30);

// The directory the data would go to or come from, or the nearest one of
// its parents that exists (a push into a directory not made yet).
Result<platform::DirHandle> scratchDirectory(const RootSpec& root)
{
    std::string relative = root.relative;
    for (;;) {
        const std::string path = relative.empty() ? root.base : root.base + "/" + relative;
        auto dir = platform::DirHandle::open(path, relative.empty() ? root.displayBase : root.displayBase + "/" + relative);
        if (dir.ok() || relative.empty()) return dir;
        const size_t slash = relative.rfind('/');
        relative = slash == std::string::npos ? std::string() : relative.substr(0, slash);
    }
}

class ProbeServer {
public:
    ProbeServer(proto::FrameLink& link, std::vector<proto::FrameLink*> data, std::optional<platform::DirHandle> scratch,
                std::string noDisk)
        : m_link(link), m_data(std::move(data)), m_scratch(std::move(scratch)), m_noDisk(std::move(noDisk))
    {
    }

    Status run()
    {
        for (;;) {
            FG_TRY_ASSIGN(proto::Frame frame, m_link.receive());
            FG_TRY_ASSIGN(proto::ProbePhaseMsg phase, proto::fromFrame<proto::ProbePhaseMsg>(frame));
            switch (phase.kind) {
            case proto::ProbePhaseMsg::Kind::End: return {};
            case proto::ProbePhaseMsg::Kind::Network: FG_TRY(network(phase)); break;
            case proto::ProbePhaseMsg::Kind::Machine: FG_TRY(machine(phase)); break;
            }
        }
    }

    void stop() { m_stop = true; }

private:
    Status network(const proto::ProbePhaseMsg& phase)
    {
        std::vector<proto::FrameLink*> links;
        if (phase.streams == 0) {
            links.push_back(&m_link);
        } else {
            if (phase.streams > m_data.size())
                return refuse(Error(Errc::Protocol, "a probe phase on " + std::to_string(phase.streams)
                                                        + " data connections, but " + std::to_string(m_data.size())
                                                        + " joined"));
            links.assign(m_data.begin(), m_data.begin() + phase.streams);
        }
        proto::ProbePhaseResultMsg result;
        if (phase.direction == proto::Direction::Push) {
            FG_TRY_ASSIGN(probe::DrainFigures drained, probe::drain(links));
            result.drained = drained;
        } else {
            FG_TRY_ASSIGN(probe::PumpFigures pumped, probe::pump(links, phase.milliseconds / 1000.0, m_stop));
            result.pumped = std::move(pumped);
        }
        return m_link.send(proto::toFrame(result));
    }

    Status machine(const proto::ProbePhaseMsg& phase)
    {
        probe::MachineBudget budget;
        budget.diskBytes = std::min(phase.diskBytes, kMostDiskBytes);
        budget.diskSeconds = std::min(phase.diskMilliseconds / 1000.0, kMostDiskSeconds);
        const bool disk = m_scratch && budget.diskBytes > 0 && budget.diskSeconds > 0;
        proto::ProbeMachineMsg msg;
        msg.machine = probe::measureMachine(disk ? &*m_scratch : nullptr,
                                            disk || !m_noDisk.empty() ? m_noDisk : "the disk test was not asked for",
                                            budget);
        return m_link.send(proto::toFrame(msg));
    }

    Status refuse(const Error& e)
    {
        (void)sendError(m_link, e.code, e.message);
        return e;
    }

    proto::FrameLink& m_link;
    std::vector<proto::FrameLink*> m_data;
    std::optional<platform::DirHandle> m_scratch;
    std::string m_noDisk;
    std::atomic<bool> m_stop{false};
};

} // namespace

Status runProbeSession(proto::FrameLink& link, const proto::Frame& frame, const SessionContext& ctx)
{
    auto refuse = [&](const Error& e) -> Status {
        (void)sendError(link, e.code, e.message);
        return e;
    };
    auto request = proto::fromFrame<proto::ProbeRequestMsg>(frame);
    if (!request.ok()) return refuse(request.error());
    if (!paired(ctx)) return refuseUnpaired(link, ctx);
    JobPlace place(ctx);
    if (!place.held()) return refuse(place.refusal("a probe"));
    const bool push = request->direction == proto::Direction::Push;
    auto resolved = resolveRequestPath(request->path, ctx, push, request->plainData);
    if (!resolved.ok()) {
        Error e = resolved.error();
        if (e.code == Errc::ReadOnly) e.message += "; `floodgate probe --pull` measures a transfer from it";
        return refuse(e);
    }

    // The disk test writes a scratch file: only where a push could write.
    std::optional<platform::DirHandle> scratch;
    std::string noDisk;
    const bool readOnly = ctx.daemon && std::any_of(ctx.modules.begin(), ctx.modules.end(), [&](const ModuleConfig& m) {
                              return m.name == resolved->module && m.readOnly;
                          });
    if (readOnly) {
        noDisk = "module '" + resolved->module + "' is read-only: no scratch file may be written there";
    } else if (auto dir = scratchDirectory(resolved->root); dir.ok()) {
        if (Status writable = dir->checkWritable(); writable) scratch = std::move(dir).value();
        else noDisk = writable.error().message;
    } else {
        noDisk = dir.error().message;
    }

    proto::JobAcceptMsg accept;
    accept.serverSoftware = softwareVersion();
    OpenedStreams opened(ctx);
    if (Status st = opened.open(request->token, request->streams, request->plainData, accept); !st)
        return refuse(st.error());
    const std::optional<proto::SessionToken>& token = opened.token();
    FG_TRY(link.send(proto::toFrame(accept)));

    std::vector<proto::FrameLinkPtr> dataLinks;
    if (token) {
        FG_TRY_ASSIGN(proto::Frame readyFrame, link.receive());
        FG_TRY_ASSIGN(proto::StreamsReadyMsg ready, proto::fromFrame<proto::StreamsReadyMsg>(readyFrame));
        dataLinks = ctx.registry->collect(*token, ready.streams, kJoinTimeout, nullptr);
        tuneControlConnection(link.socketFd());
    }
    std::vector<proto::FrameLink*> data;
    for (auto& l : dataLinks) {
        tuneDataConnection(l->socketFd(), request->congestion);
        data.push_back(l.get());
    }
    if (ctx.log)
        ctx.log("probe from " + ctx.peer + (push ? " (push" : " (pull") + ", " + std::to_string(data.size())
                + " data connections)" + (scratch ? " with a disk test in " + scratch->path() : std::string()));

    ProbeServer server(link, data, std::move(scratch), noDisk);
    // A client gone silent must not hold the place for ever.
    const unsigned silenceSec = request->ioTimeoutSec ? request->ioTimeoutSec : kDefaultSilenceSec;
    ProgressWatchdog::Events watch;
    watch.mark = [&] {
        uint64_t mark = link.bytesReceived() + link.bytesSent();
        for (auto* l : data) mark += l->bytesReceived() + l->bytesSent();
        return mark;
    };
    watch.stalled = [&] {
        if (ctx.log) ctx.log.warning("ending the probe of " + ctx.peer + ": no word for " + std::to_string(silenceSec) + " s");
        server.stop();
        link.close();
        for (auto* l : data) l->close();
    };
    ProgressWatchdog watchdog(std::chrono::seconds(silenceSec), std::chrono::milliseconds(0), std::move(watch));
    Status result = server.run();
    watchdog.stop();
    if (ctx.log) ctx.log("probe from " + ctx.peer + " ended: " + (result ? std::string("ok") : result.error().message));
    return result;
}

} // namespace fg
