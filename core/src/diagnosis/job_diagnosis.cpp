#include "diagnosis/job_diagnosis.h"

#include "diagnosis/readings.h"

#include <algorithm>
#include <limits>

namespace fg {
namespace {

Bottleneck toBottleneck(const diagnosis::Verdict& v)
{
    Bottleneck b;
    b.layer = diagnosis::layerName(v.layer);
    b.end = v.end;
    b.stage = v.stage;
    b.share = v.share;
    b.evidence = v.evidence;
    b.fix = v.fix;
    b.setting = v.setting;
    return b;
}

bool senderStage(StageId id) { return id <= StageId::Send; }

// Of the stages one process counted for both roles, one end's.
std::vector<StageSnapshot> stagesOf(const std::vector<StageSnapshot>& all, bool sender)
{
    std::vector<StageSnapshot> out;
    for (const StageSnapshot& s : all)
        if (senderStage(s.id) == sender) out.push_back(s);
    return out;
}

} // namespace

JobDiagnosis::JobDiagnosis(Here here, bool overSsh, Sources sources)
    : m_here(here), m_overSsh(overSsh), m_sources(std::move(sources)), m_netLimits(platform::readNetLimits())
{
}

JobDiagnosis::~JobDiagnosis() { stop(); }

void JobDiagnosis::start(double jobSec, std::chrono::milliseconds interval)
{
    std::lock_guard lock(m_threadMutex);
    if (m_started) return;
    m_started = true;
    {
        std::lock_guard figures(m_mutex);
        m_jobSecAtStart = jobSec;
    }
    m_startedAt = std::chrono::steady_clock::now();
    m_thread = exec::TaskThread([this, interval] {
        std::unique_lock held(m_threadMutex);
        for (;;) {
            const double at = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_startedAt).count();
            held.unlock();
            sample(at);
            held.lock();
            if (m_wake.wait_for(held, interval, [&] { return m_stopping; })) return;
        }
    });
}

void JobDiagnosis::stop()
{
    std::unique_lock lock(m_threadMutex);
    if (!m_started || m_stopping) return;
    m_stopping = true;
    lock.unlock();
    m_wake.notify_all();
    if (m_thread.joinable()) m_thread.join();
    // The figures up to the end: a job shorter than a tick is judged too.
    sample(std::chrono::duration<double>(std::chrono::steady_clock::now() - m_startedAt).count());
}

void JobDiagnosis::farEnd(diagnosis::EndReading end, std::vector<diagnosis::ConnectionReading> connections)
{
    std::lock_guard lock(m_mutex);
    m_farEnd = std::move(end);
    m_farConnections = std::move(connections);
}

diagnosis::Reading JobDiagnosis::read(double atSec)
{
    diagnosis::Reading r;
    r.atSec = atSec;
    const Sources::Moved moved = m_sources.moved();
    r.bytes = moved.bytes;
    r.files = moved.files;
    r.fileBytes = moved.fileBytes;
    diagnosis::EndReading here = diagnosis::readThisEnd(m_sources.stages(), m_netLimits, &m_interrupts);
    std::vector<diagnosis::ConnectionReading> ours;
    if (m_here == Here::Sender) ours = m_sources.connections();
    std::lock_guard lock(m_mutex);
    switch (m_here) {
    case Here::BothEnds:
        // One process, one machine: both ends' figures are its own.
        r.sender = here;
        r.sender.stages = stagesOf(here.stages, true);
        r.receiver = std::move(here);
        r.receiver.stages = stagesOf(r.receiver.stages, false);
        r.transport = diagnosis::Evidence::Transport::Local;
        break;
    case Here::Sender:
        r.sender = std::move(here);
        r.receiver = m_farEnd;
        r.connections = std::move(ours);
        r.transport = m_overSsh ? diagnosis::Evidence::Transport::Ssh : diagnosis::Evidence::Transport::DataConnections;
        break;
    case Here::Receiver:
        r.sender = m_farEnd;
        r.receiver = std::move(here);
        r.connections = m_farConnections;
        if (m_overSsh)
            r.transport = diagnosis::Evidence::Transport::Ssh;
        else
            r.transport = r.connections.empty() ? diagnosis::Evidence::Transport::FarEndSilent
                                                : diagnosis::Evidence::Transport::DataConnections;
        break;
    }
    return r;
}

void JobDiagnosis::sample(double atSec)
{
    diagnosis::Reading reading = read(atSec);
    const diagnosis::Settings settings = m_sources.settings();
    bool changed = false;
    Bottleneck shown;
    {
        std::lock_guard lock(m_mutex);
        m_settings = settings;
        // Connections gone (the job's last reading comes after they closed)
        // keep their last figures: their counters do not go back to nothing,
        // and a short job judged on its first and last readings needs them.
        if (reading.connections.empty() && m_last) reading.connections = m_last->connections;
        if (!m_first) m_first = reading;
        // The far end's first figures come with its first Stats, often after
        // the first reading: the earliest it sent stands in for the start,
        // for the whole job's verdict and its CPU.
        for (auto end : {&diagnosis::Reading::sender, &diagnosis::Reading::receiver})
            if (!((*m_first).*end).present && (reading.*end).present) (*m_first).*end = reading.*end;
        m_last = reading;
        m_window.add(std::move(reading));
        const diagnosis::Evidence evidence = m_window.evidence(settings, m_sources.linkRate);
        if (evidence.windowSec <= 0) return;
        changed = m_timeline.add(atSec, diagnosis::classify(evidence));
        m_judged = true;
        shown = toBottleneck(m_timeline.current());
        atSec += m_jobSecAtStart;
    }
    if (changed && m_sources.changed) m_sources.changed(atSec, shown);
}

std::vector<diagnosis::ConnectionReading> JobDiagnosis::farConnections() const
{
    std::lock_guard lock(m_mutex);
    return m_farConnections;
}

Bottleneck JobDiagnosis::current() const
{
    std::lock_guard lock(m_mutex);
    if (!m_judged) return {};
    return toBottleneck(m_timeline.current());
}

std::vector<BottleneckSpan> JobDiagnosis::timeline() const
{
    std::lock_guard lock(m_mutex);
    std::vector<BottleneckSpan> out;
    for (const auto& s : m_timeline.spans())
        out.push_back(BottleneckSpan{s.fromSec + m_jobSecAtStart, s.toSec + m_jobSecAtStart,
                                     diagnosis::layerName(s.layer), s.end});
    return out;
}

Bottleneck JobDiagnosis::jobVerdict() const
{
    std::lock_guard lock(m_mutex);
    if (!m_first || !m_last || m_last->atSec <= m_first->atSec) return {};
    // The layer the timeline showed longest is the job's, so the verdict and
    // the timeline never disagree; a job in which no layer stood out (or too
    // short for a verdict to be shown) is judged on all of its figures at once.
    const diagnosis::Verdict held = m_timeline.jobVerdict();
    if (m_judged && held.layer != diagnosis::Layer::Unknown) return toBottleneck(held);
    diagnosis::EvidenceWindow whole(std::numeric_limits<double>::max());
    whole.add(*m_first);
    whole.add(*m_last);
    diagnosis::Verdict v = diagnosis::classify(whole.evidence(m_settings, m_sources.linkRate));
    v.share = 1.0;
    return toBottleneck(v);
}

JobDiagnosis::CpuUsed JobDiagnosis::cpuUsed() const
{
    std::lock_guard lock(m_mutex);
    CpuUsed used;
    if (!m_first || !m_last) return used;
    auto spent = [](const diagnosis::EndReading& before, const diagnosis::EndReading& after) -> std::optional<double> {
        if (!before.cpuSeconds || !after.cpuSeconds) return std::nullopt;
        return std::max(0.0, *after.cpuSeconds - *before.cpuSeconds);
    };
    // A local copy's two ends are this one process: counted once.
    for (auto end : {&diagnosis::Reading::sender, &diagnosis::Reading::receiver}) {
        const diagnosis::EndReading& before = (*m_first).*end;
        const diagnosis::EndReading& after = (*m_last).*end;
        if (!before.present || !after.present) continue;
        std::optional<double>& slot = after.local ? used.local : used.far;
        if (!slot) slot = spent(before, after);
    }
    return used;
}

} // namespace fg
