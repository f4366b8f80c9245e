#include "daemon/admission.h"

#include <algorithm>

namespace fg {

Admission::Admission(AdmissionLimits limits) : m_limits(limits) {}

AdmissionLimits Admission::limits() const
{
    std::lock_guard lock(m_mutex);
    return m_limits;
}

void Admission::setLimits(AdmissionLimits limits)
{
    std::lock_guard lock(m_mutex);
    m_limits = limits;
}

Admission::Id Admission::arrive(const std::string& address, Clock::time_point now, std::vector<Id>* dropped)
{
    std::lock_guard lock(m_mutex);
    const size_t perAddress = std::max<size_t>(m_limits.maxPendingPerAddress, 1);
    const size_t total = std::max<size_t>(m_limits.maxPending, 1);
    // Its own address's share first: one source address cannot take more,
    // however many connections it opens.
    size_t fromThere = 0;
    auto oldestThere = m_pending.end();
    for (auto it = m_pending.begin(); it != m_pending.end(); ++it) {
        if (it->second.address != address) continue;
        if (oldestThere == m_pending.end()) oldestThere = it;
        ++fromThere;
    }
    if (fromThere >= perAddress) {
        dropped->push_back(oldestThere->first);
        m_pending.erase(oldestThere);
    } else if (m_pending.size() >= total) {
        dropped->push_back(m_pending.begin()->first);
        m_pending.erase(m_pending.begin());
    }
    const Id id = m_next++;
    m_pending.emplace(id, Pending{address, now + m_limits.proveWithin});
    return id;
}

void Admission::proven(Id id)
{
    std::lock_guard lock(m_mutex);
    m_pending.erase(id);
}

void Admission::left(Id id)
{
    std::lock_guard lock(m_mutex);
    m_pending.erase(id);
}

std::vector<Admission::Id> Admission::overdue(Clock::time_point now)
{
    std::lock_guard lock(m_mutex);
    std::vector<Id> out;
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        if (it->second.deadline <= now) {
            out.push_back(it->first);
            it = m_pending.erase(it);
        } else {
            ++it;
        }
    }
    return out;
}

size_t Admission::pending() const
{
    std::lock_guard lock(m_mutex);
    return m_pending.size();
}

bool Admission::tryStartJob()
{
    std::lock_guard lock(m_mutex);
    if (m_jobs >= m_limits.maxJobs) return false;
    ++m_jobs;
    return true;
}

void Admission::endJob()
{
    std::lock_guard lock(m_mutex);
    if (m_jobs > 0) --m_jobs;
}

size_t Admission::jobs() const
{
    std::lock_guard lock(m_mutex);
    return m_jobs;
}

} // namespace fg
