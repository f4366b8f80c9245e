#include "daemon/job_board.h"

#include "platform/fs.h"

#include <algorithm>
#include <ctime>
#include <sstream>

namespace fg {
namespace {

constexpr const char* kContactsFile = "client_contacts";
constexpr auto kRateWindow = std::chrono::seconds(5);
constexpr auto kSampleEvery = std::chrono::milliseconds(500);
// A client's last contact reaches the disk when it moved by this much: a
// thousand short jobs do not make a thousand synced writes.
constexpr int64_t kContactSaveEverySec = 60;

int64_t unixNow() { return int64_t(std::time(nullptr)); }

} // namespace

void JobBoard::Entry::setState(const std::string& state)
{
    std::lock_guard lock(m_mutex);
    m_record.state = state;
}

void JobBoard::Entry::planned(uint64_t files, uint64_t bytes)
{
    std::lock_guard lock(m_mutex);
    m_record.filesPlanned = files;
    m_record.bytesPlanned = bytes;
}

void JobBoard::Entry::progress(uint64_t filesDone, uint64_t bytesMoved, uint64_t filesFailed)
{
    const auto now = std::chrono::steady_clock::now();
    std::lock_guard lock(m_mutex);
    m_record.filesDone = filesDone;
    m_record.bytesMoved = bytesMoved;
    m_record.filesFailed = filesFailed;
    if (m_samples.empty() || now - m_samples.back().first >= kSampleEvery) m_samples.emplace_back(now, bytesMoved);
    while (m_samples.size() > 2 && now - m_samples[1].first >= kRateWindow) m_samples.pop_front();
}

void JobBoard::Entry::setBottleneck(const Bottleneck& b)
{
    std::lock_guard lock(m_mutex);
    m_record.bottleneck = b;
}

JobRecord JobBoard::Entry::record() const
{
    const auto now = std::chrono::steady_clock::now();
    std::lock_guard lock(m_mutex);
    JobRecord r = m_record;
    r.seconds = std::chrono::duration<double>(now - m_started).count();
    // The rate over the last few seconds; nothing moved in them is 0.
    if (!m_samples.empty() && now - m_samples.back().first < kRateWindow) {
        const auto& first = m_samples.front();
        const double span = std::chrono::duration<double>(now - first.first).count();
        if (span > 0.2) r.rate = double(r.bytesMoved - first.second) / span;
    }
    return r;
}

JobBoard::JobBoard(std::string stateDir) : m_stateDir(std::move(stateDir))
{
    if (m_stateDir.empty()) return;
    auto text = platform::readFile(m_stateDir + "/" + kContactsFile, 1 << 20);
    if (!text.ok()) return;
    std::istringstream in(*text);
    std::string fingerprint;
    int64_t when = 0;
    while (in >> fingerprint >> when) m_contacts[fingerprint] = when;
}

std::shared_ptr<JobBoard::Entry> JobBoard::begin(JobRecord record, const std::string& fingerprint)
{
    auto entry = std::make_shared<Entry>();
    std::lock_guard lock(m_mutex);
    record.id = m_nextId++;
    record.startedUnix = unixNow();
    if (record.state.empty()) record.state = "starting";
    entry->m_record = std::move(record);
    entry->m_started = std::chrono::steady_clock::now();
    m_running.push_back(entry);
    if (!fingerprint.empty()) noteContactLocked(fingerprint, entry->m_record.startedUnix);
    return entry;
}

void JobBoard::end(const std::shared_ptr<Entry>& entry, bool ok, const std::string& result)
{
    JobRecord r = entry->record();
    r.state = "ended";
    r.ok = ok;
    r.result = result;
    r.rate = r.seconds > 0 ? double(r.bytesMoved) / r.seconds : 0;
    std::lock_guard lock(m_mutex);
    auto it = std::find(m_running.begin(), m_running.end(), entry);
    if (it == m_running.end()) return; // ended already: the first word stands
    m_running.erase(it);
    ModuleTotals& t = m_totals[r.module];
    ++(ok ? t.jobsOk : t.jobsFailed);
    (r.push ? t.bytesReceived : t.bytesSent) += r.dryRun ? 0 : r.bytesMoved;
    m_ended.push_front(std::move(r));
    while (m_ended.size() > kKeptEnded) m_ended.pop_back();
}

std::vector<JobRecord> JobBoard::running() const
{
    std::vector<std::shared_ptr<Entry>> entries;
    {
        std::lock_guard lock(m_mutex);
        entries = m_running;
    }
    std::vector<JobRecord> out;
    for (const auto& e : entries) out.push_back(e->record());
    return out;
}

std::map<std::string, ModuleTotals> JobBoard::totals() const
{
    std::lock_guard lock(m_mutex);
    return m_totals;
}

std::vector<JobRecord> JobBoard::ended() const
{
    std::lock_guard lock(m_mutex);
    return {m_ended.begin(), m_ended.end()};
}

std::map<std::string, int64_t> JobBoard::lastContacts() const
{
    std::lock_guard lock(m_mutex);
    return m_contacts;
}

void JobBoard::contact(const std::string& fingerprint)
{
    std::lock_guard lock(m_mutex);
    noteContactLocked(fingerprint, unixNow());
}

void JobBoard::noteContactLocked(const std::string& fingerprint, int64_t when)
{
    int64_t& last = m_contacts[fingerprint];
    const bool save = when - last >= kContactSaveEverySec;
    last = when;
    if (save) saveContactsLocked();
}

void JobBoard::saveContactsLocked() const
{
    if (m_stateDir.empty()) return;
    std::string text;
    for (const auto& [fp, when] : m_contacts) text += fp + " " + std::to_string(when) + "\n";
    // Best effort: a status without last contacts is no reason to fail a job.
    (void)platform::writeFileAtomic(m_stateDir + "/" + kContactsFile, text, 0600);
}

} // namespace fg
