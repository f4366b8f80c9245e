#include "daemon/job_watch.h"

namespace fg {

JobWatch::JobWatch(std::shared_ptr<JobBoard::Entry> entry, bool push, StageSet& stages, const TransferParams& params,
                   std::function<std::vector<diagnosis::ConnectionReading>()> connections)
    : m_entry(std::move(entry))
{
    JobDiagnosis::Sources s;
    s.stages = [&stages] { return stages.snapshot(false); };
    s.connections = std::move(connections);
    s.moved = [this] { return moved(); };
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
    report();
    return m_diagnosis->jobVerdict();
}

void JobWatch::onState(JobState state)
{
    m_entry->setState(jobStateName(state));
    if (state == JobState::Transferring) m_diagnosis->start();
}

void JobWatch::onPlanned(std::vector<PlanItem> items)
{
    {
        std::lock_guard lock(m_mutex);
        for (const auto& it : items)
            if (it.action == FileAction::Copy || it.action == FileAction::Update) {
                ++m_filesPlanned;
                m_bytesPlanned += it.size;
            }
    }
    report();
}

void JobWatch::onFileStarted(uint32_t id, const std::string&, uint64_t)
{
    std::lock_guard lock(m_mutex);
    m_inFlight[id] = 0;
}

void JobWatch::onFileProgress(uint32_t id, uint64_t bytes)
{
    {
        std::lock_guard lock(m_mutex);
        auto it = m_inFlight.find(id);
        if (it == m_inFlight.end()) return;
        it->second = bytes;
    }
    report();
}

void JobWatch::onFileDone(uint32_t id, const std::string&, uint64_t size, uint64_t moved)
{
    {
        std::lock_guard lock(m_mutex);
        m_inFlight.erase(id);
        ++m_filesDone;
        m_bytesDone += size;
        m_bytesMoved += moved;
    }
    report();
}

void JobWatch::onFileFailed(uint32_t id, const std::string&, const Error&)
{
    {
        std::lock_guard lock(m_mutex);
        m_inFlight.erase(id);
        ++m_filesFailed;
    }
    report();
}

void JobWatch::onRemoteStats(diagnosis::EndReading end, std::vector<diagnosis::ConnectionReading> connections)
{
    m_diagnosis->farEnd(std::move(end), std::move(connections));
}

JobDiagnosis::Sources::Moved JobWatch::moved() const
{
    JobDiagnosis::Sources::Moved m;
    std::lock_guard lock(m_mutex);
    m.bytes = m_bytesDone;
    for (const auto& [id, bytes] : m_inFlight) m.bytes += bytes;
    m.files = m_filesDone;
    m.fileBytes = m_bytesDone;
    return m;
}

void JobWatch::report()
{
    const JobDiagnosis::Sources::Moved m = moved();
    uint64_t planned = 0, plannedBytes = 0, failed = 0;
    {
        std::lock_guard lock(m_mutex);
        planned = m_filesPlanned;
        plannedBytes = m_bytesPlanned;
        failed = m_filesFailed;
    }
    m_entry->planned(planned, plannedBytes);
    m_entry->progress(m.files, m.bytes, failed);
}

} // namespace fg
