#include "daemon/job_watch.h"

namespace fg {
namespace {
// Events closer than this to the last report are not reported on their
// own: a job of small files ends one every few microseconds, from several
// writers at once. What they changed reaches the board with the next report,
// at the diagnosis's next tick (a quarter second) at the latest, and at the
// end (the board's rate samples are half a second apart).
constexpr auto kReportEvery = std::chrono::milliseconds(50);
} // namespace

JobWatch::JobWatch(std::shared_ptr<JobBoard::Entry> entry, bool push, StageSet& stages, const TransferParams& params,
                   std::function<std::vector<diagnosis::ConnectionReading>()> connections)
    : m_entry(std::move(entry))
{
    JobDiagnosis::Sources s;
    s.stages = [&stages] { return stages.snapshot(false); };
    s.connections = std::move(connections);
    s.moved = [this] {
        reportSkipped();
        return moved();
    };
    diagnosis::Settings settings;
    settings.compress = compressText(params.compress);
    settings.checksum = checksumChoiceName(params.checksumChoice);
    settings.fsync = fsyncModeName(params.fsync);
    settings.bwlimit = params.bwlimitBytesPerSec;
    s.settings = [settings] { return settings; };
    s.changed = [entry = m_entry](double, const Bottleneck& b) { entry->setBottleneck(b); };
    m_diagnosis = std::make_unique<JobDiagnosis>(push ? JobDiagnosis::Here::Receiver : JobDiagnosis::Here::Sender,
                                                 false, std::move(s));
}

JobWatch::~JobWatch() { m_diagnosis->stop(); }

Bottleneck JobWatch::finish()
{
    m_diagnosis->stop();
    {
        std::lock_guard lock(m_mutex);
        reportLocked(true);
    }
    return m_diagnosis->jobVerdict();
}

void JobWatch::onState(JobState state)
{
    m_entry->setState(jobStateName(state));
    if (state == JobState::Transferring) m_diagnosis->start();
}

void JobWatch::onPlanned(std::vector<PlanItem> items)
{
    std::lock_guard lock(m_mutex);
    for (const auto& it : items)
        if (it.action == FileAction::Copy || it.action == FileAction::Update) {
            ++m_filesPlanned;
            m_bytesPlanned += it.size;
        }
    reportLocked(true); // once a batch of the list: the status shows the whole plan while it is made
}

void JobWatch::onFileStarted(uint32_t id, const std::string&, uint64_t)
{
    std::lock_guard lock(m_mutex);
    // Started again (its connection broke and it is sent anew): what it
    // had moved before counts no more.
    auto [it, fresh] = m_inFlight.try_emplace(id, 0);
    if (!fresh) {
        m_inFlightBytes -= it->second;
        it->second = 0;
    }
}

void JobWatch::onFileProgress(uint32_t id, uint64_t bytes)
{
    std::lock_guard lock(m_mutex);
    auto it = m_inFlight.find(id);
    if (it == m_inFlight.end()) return;
    m_inFlightBytes = m_inFlightBytes - it->second + bytes;
    it->second = bytes;
    reportLocked();
}

void JobWatch::onFileDone(uint32_t id, const std::string&, uint64_t size, uint64_t moved)
{
    std::lock_guard lock(m_mutex);
    forgetInFlightLocked(id);
    ++m_filesDone;
    m_bytesDone += size;
    m_bytesMoved += moved;
    reportLocked();
}

void JobWatch::onFileFailed(uint32_t id, const std::string&, const Error&)
{
    std::lock_guard lock(m_mutex);
    forgetInFlightLocked(id);
    ++m_filesFailed;
    reportLocked();
}

void JobWatch::onRemoteStats(diagnosis::EndReading end, std::vector<diagnosis::ConnectionReading> connections)
{
    m_diagnosis->farEnd(std::move(end), std::move(connections));
}

JobDiagnosis::Sources::Moved JobWatch::moved() const
{
    JobDiagnosis::Sources::Moved m;
    std::lock_guard lock(m_mutex);
    m.bytes = m_bytesDone + m_inFlightBytes;
    m.files = m_filesDone;
    m.fileBytes = m_bytesDone;
    return m;
}

void JobWatch::forgetInFlightLocked(uint32_t id)
{
    auto it = m_inFlight.find(id);
    if (it == m_inFlight.end()) return;
    m_inFlightBytes -= it->second;
    m_inFlight.erase(it);
}

void JobWatch::reportSkipped()
{
    std::lock_guard lock(m_mutex);
    if (m_skipped) reportLocked(true);
}

void JobWatch::reportLocked(bool now)
{
    // Under the lock, so that two threads' reports reach the entry in the
    // order of their counts (the entry's lock is only ever taken after this).
    const auto at = std::chrono::steady_clock::now();
    if (!now && at - m_reported < kReportEvery) {
        m_skipped = true;
        return;
    }
    m_reported = at;
    m_skipped = false;
    m_entry->planned(m_filesPlanned, m_bytesPlanned);
    m_entry->progress(m_filesDone, m_bytesDone + m_inFlightBytes, m_filesFailed);
}

} // namespace fg
