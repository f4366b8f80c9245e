// The client side of `floodgate probe` (floodgate/probe.h): connects as a
// sync would, runs the phases (probe/probe_messages.h), measures this end,
// and turns the figures into a forecast.

#include "client/session.h"
#include "common/clock.h"
#include "diagnosis/bottleneck.h"
#include "net/link_memory.h"
#include "net/socket_tuning.h"
#include "platform/fs.h"
#include "probe/forecast.h"
#include "probe/machine_speeds.h"
#include "probe/pump.h"
#include "proto/plain_data.h"
#include "probe/probe_messages.h"

#include <floodgate/endpoint.h>
#include <floodgate/identity.h>
#include <floodgate/probe.h>

#include <algorithm>
#include <ctime>

namespace fg {
namespace {

ProbeEnd publicEnd(const probe::MachineSpeeds& m)
{
    ProbeEnd e;
    e.cores = m.cores;
    e.aesAcceleration = m.aesAcceleration;
    e.tcpRmemMax = m.netLimits.tcpRmemMax;
    e.tcpWmemMax = m.netLimits.tcpWmemMax;
    e.rmemMax = m.netLimits.rmemMax;
    e.wmemMax = m.netLimits.wmemMax;
    e.congestion = m.netLimits.congestion;
    e.availableCongestion = m.netLimits.availableCongestion;
    auto copy = [](const std::vector<probe::Speed>& in) {
        std::vector<ProbeSpeed> out;
        for (const auto& s : in) out.push_back(ProbeSpeed{s.name, s.bytesPerSec, s.ratio});
        return out;
    };
    e.ciphers = copy(m.ciphers);
    e.compressors = copy(m.compressors);
    e.hashes = copy(m.hashes);
    e.diskWriteBytesPerSec = m.disk.writeBytesPerSec;
    e.diskReadBytesPerSec = m.disk.readBytesPerSec;
    e.diskBytes = m.disk.bytes;
    e.diskFreeBytes = m.disk.freeBytes;
    e.diskWhere = m.disk.where;
    e.diskNote = m.disk.note;
    return e;
}

Bottleneck publicVerdict(const diagnosis::Verdict& v)
{
    return Bottleneck{diagnosis::layerName(v.layer), v.end, v.stage, v.share, v.evidence, v.fix, v.setting};
}

// "TLS_AES_128_GCM_SHA256" -> "aes128-gcm": the --cipher name of a suite.
std::string cipherOfSuite(const std::string& suite)
{
    if (suite == kUnencrypted) return "none";
    if (suite.find("AES_128_GCM") != std::string::npos) return "aes128-gcm";
    if (suite.find("AES_256_GCM") != std::string::npos) return "aes256-gcm";
    if (suite.find("CHACHA20") != std::string::npos) return "chacha20-poly1305";
    return suite;
}

// The sending end's pump as the classifier's evidence: its threads' CPU
// against their time is the Send stage (busy, or waiting on full sockets),
// its connections' figures over the test's second half are the network's.
diagnosis::Evidence evidenceOf(const probe::PumpFigures& p, const probe::MachineSpeeds& sender,
                               const probe::MachineSpeeds& receiver, bool ssh, bool senderIsLocal, unsigned streams,
                               const std::string& cipher, uint64_t linkRate)
{
    diagnosis::Evidence e;
    e.windowSec = p.windowSeconds > 0 ? p.windowSeconds : p.seconds;
    e.jobElapsedSec = p.seconds;
    e.bytes = p.windowSeconds > 0 ? p.windowBytes : p.bytes;
    e.linkRate = linkRate;
    e.settings.cipher = cipher;
    e.settings.compress = "none";
    e.settings.streams = streams;
    e.transport = ssh ? diagnosis::Evidence::Transport::Ssh : diagnosis::Evidence::Transport::DataConnections;
    e.connections = p.connections;
    StageSnapshot send;
    send.id = StageId::Send;
    send.name = stageName(StageId::Send);
    const double busy = std::min(p.cpuSeconds, p.threadSeconds);
    send.busyNs = uint64_t(busy * 1e9);
    send.waitOutputNs = uint64_t((p.threadSeconds - busy) * 1e9);
    send.lifetimeNs = uint64_t(p.threadSeconds * 1e9);
    send.bytes = p.bytes;
    e.sender.present = true;
    e.sender.local = senderIsLocal;
    e.sender.cores = sender.cores;
    e.sender.stages.push_back(send);
    e.sender.netLimits = sender.netLimits;
    e.receiver.present = true;
    e.receiver.local = !senderIsLocal;
    e.receiver.cores = receiver.cores;
    e.receiver.netLimits = receiver.netLimits;
    return e;
}

class ProbeClient {
public:
    ProbeClient(const ProbeOptions& options, const std::function<void(const std::string&)>& progress)
        : m_options(options), m_progress(progress)
    {
    }

    Result<ProbeReport> run()
    {
        const uint64_t started = monotonicNs();
        FG_TRY_ASSIGN(Endpoint remote, parseEndpoint(m_options.target));
        if (remote.kind == Endpoint::Kind::Local)
            return Error(Errc::InvalidArgument, "'" + m_options.target + "' is a local path: a probe measures the way to "
                                                "a floodgate://HOST/MODULE daemon or an ssh host:path");
        m_report.target = m_options.target;
        m_report.pull = m_options.pull;
        FG_TRY(connect(remote));
        FG_TRY(networkTests());
        FG_TRY(machines());
        (void)m_link->send(proto::toFrame(proto::ProbePhaseMsg{}));
        m_link->close();
        finish();
        if (!m_ssh) remember(remote);
        m_report.seconds = double(monotonicNs() - started) / 1e9;
        return m_report;
    }

private:
    void say(const std::string& line)
    {
        if (m_progress) m_progress(line);
    }

    Status connect(const Endpoint& remote)
    {
        const SyncOptions& o = m_options.connection;
        const std::string stateDir = o.stateDir.empty() ? defaultStateDir() : o.stateDir;
        m_ssh = remote.kind == Endpoint::Kind::Ssh;
        const auto streams = uint16_t(m_ssh ? 0 : std::clamp(m_options.streams, 1u, unsigned(proto::kMaxStreams)));
        proto::SessionToken token{};
        std::optional<EarlyStreams> early;
        say("connecting to " + remote.display());
        if (!m_ssh) {
            FG_TRY_ASSIGN(token, newSessionToken());
            early.emplace(remote, stateDir, streams, token, o.cipher, 0, o.connectTimeoutSec);
            DaemonConnect how;
            how.cipher = o.cipher;
            how.timeoutSec = o.connectTimeoutSec;
            FG_TRY_ASSIGN(m_link, connectDaemon(remote, stateDir, m_progress, how));
        } else {
            FG_TRY_ASSIGN(m_link, connectSsh(remote, o));
        }
        proto::ProbeRequestMsg request;
        request.direction = m_options.pull ? proto::Direction::Pull : proto::Direction::Push;
        request.path = m_ssh ? remote.path : (remote.path.empty() ? remote.module : remote.module + "/" + remote.path);
        request.streams = streams;
        request.plainData = !m_ssh && o.cipher == CipherChoice::None;
        request.token = token;
        request.ioTimeoutSec = o.ioTimeoutSec;
        request.congestion = o.transfer.congestion;
        const uint64_t asked = monotonicNs();
        FG_TRY(m_link->send(proto::toFrame(request)));
        FG_TRY_ASSIGN(proto::JobAcceptMsg accept, proto::receiveAnswer<proto::JobAcceptMsg>(*m_link));
        m_report.roundTripUs = uint32_t((monotonicNs() - asked) / 1000);
        m_report.farSoftware = accept.serverSoftware;
        if (early && accept.streams > 0) {
            uint32_t joined = 0;
            std::vector<Error> errors;
            m_dataLinks = early->join(std::min(streams, accept.streams), &joined, &errors);
            FG_TRY(m_link->send(proto::toFrame(proto::StreamsReadyMsg{joined})));
            if (m_dataLinks.empty() && !errors.empty())
                return Error(errors.front().code, "no data connection could be opened: " + errors.front().message);
            tuneControlConnection(m_link->socketFd());
            for (auto& l : m_dataLinks) {
                m_congestion = tuneDataConnection(l->socketFd(), o.transfer.congestion);
                m_data.push_back(l.get());
            }
        }
        early.reset();
        if (m_ssh) {
            m_report.transport = "ssh";
            m_report.cipher = "ssh";
        } else {
            m_report.transport = linkProtection(m_data.empty() ? *m_link : *m_data.front());
            m_report.cipher = cipherOfSuite(m_report.transport);
        }
        return {};
    }

    Result<probe::PumpFigures> networkTest(unsigned streams, probe::DrainFigures* drained)
    {
        proto::ProbePhaseMsg phase;
        phase.kind = proto::ProbePhaseMsg::Kind::Network;
        phase.direction = m_options.pull ? proto::Direction::Pull : proto::Direction::Push;
        phase.streams = uint16_t(streams);
        phase.milliseconds = uint32_t(std::clamp(m_options.networkSeconds, 0.5, 600.0) * 1000);
        FG_TRY(m_link->send(proto::toFrame(phase)));
        std::vector<proto::FrameLink*> links;
        if (streams == 0) links.push_back(m_link.get());
        else links.assign(m_data.begin(), m_data.begin() + streams);
        probe::PumpFigures pumped;
        if (!m_options.pull) {
            const std::atomic<bool> never{false};
            FG_TRY_ASSIGN(pumped, probe::pump(links, phase.milliseconds / 1000.0, never));
        } else {
            FG_TRY_ASSIGN(*drained, probe::drain(links));
        }
        FG_TRY_ASSIGN(proto::ProbePhaseResultMsg result, proto::receiveAnswer<proto::ProbePhaseResultMsg>(*m_link));
        if (!m_options.pull) {
            if (!result.drained) return Error(Errc::Protocol, "the far end sent no figures for what it received");
            *drained = *result.drained;
        } else {
            if (!result.pumped) return Error(Errc::Protocol, "the far end sent no figures for what it sent");
            pumped = *result.pumped;
        }
        return pumped;
    }

    Status networkTests()
    {
        std::vector<unsigned> tests;
        tests.push_back(m_data.empty() ? 0 : 1);
        if (m_data.size() > 1) tests.push_back(unsigned(m_data.size()));
        for (unsigned streams : tests) {
            say("measuring the network with " + (streams == 0 ? std::string("ssh's pipe") : std::to_string(streams)
                                                     + (streams == 1 ? " connection" : " connections")));
            probe::DrainFigures drained;
            FG_TRY_ASSIGN(probe::PumpFigures pumped, networkTest(streams, &drained));
            m_tests.push_back(Test{streams, pumped, drained});
        }
        return {};
    }

    Status machines()
    {
        say("measuring the far end's CPU and disk");
        proto::ProbePhaseMsg phase;
        phase.kind = proto::ProbePhaseMsg::Kind::Machine;
        phase.diskBytes = m_options.disk ? m_options.diskBytes : 0;
        phase.diskMilliseconds = m_options.disk ? uint32_t(std::clamp(m_options.diskSeconds, 0.0, 600.0) * 1000) : 0;
        FG_TRY(m_link->send(proto::toFrame(phase)));
        FG_TRY_ASSIGN(proto::ProbeMachineMsg remote, proto::receiveAnswer<proto::ProbeMachineMsg>(*m_link));
        m_remote = std::move(remote.machine);

        say("measuring this end's CPU and disk");
        probe::MachineBudget budget;
        budget.diskBytes = m_options.diskBytes;
        budget.diskSeconds = m_options.diskSeconds;
        std::optional<platform::DirHandle> dir;
        std::string noDisk = "the disk test was not asked for";
        if (m_options.disk) {
            auto opened = platform::DirHandle::open(m_options.localDir.empty() ? "." : m_options.localDir);
            if (opened.ok()) dir = std::move(opened).value();
            else noDisk = opened.error().message;
        }
        m_local = probe::measureMachine(dir ? &*dir : nullptr, noDisk, budget);
        return {};
    }

    void finish()
    {
        const bool pull = m_options.pull;
        const probe::MachineSpeeds& sender = pull ? m_remote : m_local;
        const probe::MachineSpeeds& receiver = pull ? m_local : m_remote;
        double best = 0;
        for (const auto& t : m_tests) best = std::max(best, t.pumped.steadyBytesPerSec);

        probe::ForecastInput in;
        in.pull = pull;
        in.ssh = m_ssh;
        in.cipher = m_report.cipher;
        in.congestion = m_congestion;
        in.local = &m_local;
        in.remote = &m_remote;
        for (const auto& t : m_tests) {
            const diagnosis::Evidence e = evidenceOf(t.pumped, sender, receiver, m_ssh, !pull, t.streams,
                                                     m_report.cipher, t.streams <= 1 ? uint64_t(best) : 0);
            const diagnosis::Verdict v = diagnosis::classify(e);
            in.network.push_back(probe::NetworkTest{t.streams, t.pumped.steadyBytesPerSec, v});

            ProbeThroughput out;
            out.streams = t.streams;
            out.bytesPerSec = t.drained.seconds > 0 ? double(t.drained.bytes) / t.drained.seconds : 0;
            out.steadyBytesPerSec = t.pumped.steadyBytesPerSec;
            uint64_t sent = 0, resent = 0, busy = 0, rwnd = 0, sndbuf = 0;
            for (const auto& c : t.pumped.connections) {
                sent += c.bytesSent;
                resent += c.bytesRetrans;
                busy += c.busyUs;
                rwnd += c.rwndLimitedUs;
                sndbuf += c.sndbufLimitedUs;
                out.rttUs = std::max(out.rttUs, c.rttUs);
                if (c.minRttUs && (!out.minRttUs || c.minRttUs < out.minRttUs)) out.minRttUs = c.minRttUs;
                if (out.congestion.empty()) out.congestion = c.congestion;
            }
            out.resentShare = sent ? double(resent) / double(sent) : 0;
            out.receiveWindowShare = busy ? double(rwnd) / double(busy) : 0;
            out.sendBufferShare = busy ? double(sndbuf) / double(busy) : 0;
            out.limit = publicVerdict(v);
            if (out.minRttUs && (!m_report.minRttUs || out.minRttUs < m_report.minRttUs)) m_report.minRttUs = out.minRttUs;
            m_report.network.push_back(std::move(out));
        }
        m_report.bdpBytes = m_report.minRttUs ? uint64_t(best * m_report.minRttUs / 1e6) : 0;
        m_report.local = publicEnd(m_local);
        m_report.remote = publicEnd(m_remote);
        const probe::Forecast f = probe::forecast(in);
        m_report.forecast = publicVerdict(f.verdict);
        m_report.forecastBytesPerSec = f.bytesPerSec;
        for (const auto& a : f.advice) m_report.advice.push_back(ProbeAdvice{a.setting, a.why});
    }

    // The path's capacity, for later jobs' diagnosis (net/link_memory.h):
    // the best rate, a sending end's; ssh's pipe says nothing of the link.
    void remember(const Endpoint& remote)
    {
        double best = 0;
        for (const auto& t : m_tests) best = std::max(best, t.pumped.steadyBytesPerSec);
        if (best <= 0) return;
        const SyncOptions& o = m_options.connection;
        const std::string stateDir = o.stateDir.empty() ? defaultStateDir() : o.stateDir;
        net::RememberedLink link{uint64_t(best), m_report.minRttUs, int64_t(std::time(nullptr))};
        if (Status st = net::rememberLink(stateDir, net::linkKey(hostPortOf(remote.host, remote.port), m_options.pull), link); !st)
            say("the measurement could not be kept for later jobs: " + st.error().message);
    }

    struct Test {
        unsigned streams = 0;
        probe::PumpFigures pumped;
        probe::DrainFigures drained;
    };

    const ProbeOptions& m_options;
    const std::function<void(const std::string&)>& m_progress;
    ProbeReport m_report;
    bool m_ssh = false;
    std::string m_congestion;
    proto::FrameLinkPtr m_link;
    std::vector<proto::FrameLinkPtr> m_dataLinks;
    std::vector<proto::FrameLink*> m_data;
    std::vector<Test> m_tests;
    probe::MachineSpeeds m_local, m_remote;
};

} // namespace

Result<ProbeReport> runProbe(const ProbeOptions& options, const std::function<void(const std::string&)>& progress)
{
    ProbeClient client(options, progress);
    return client.run();
}

} // namespace fg
