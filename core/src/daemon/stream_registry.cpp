#include "daemon/stream_registry.h"

#include <algorithm>

namespace fg {

Status StreamRegistry::open(const proto::SessionToken& token, const std::string& clientFingerprint, uint16_t maxStreams,
                            bool plain)
{
    // The client's random pick; what lets a connection in is the token and
    // the client identity together, so a token another client uses is no
    // way into that client's session.
    if (token == proto::SessionToken{})
        return Error(Errc::Protocol, "the job request has data connections but no session token");
    std::lock_guard lock(m_mutex);
    auto [it, fresh] = m_slots.try_emplace(token);
    if (!fresh) return Error(Errc::Protocol, "that session token is already in use; run the sync again");
    it->second.client = clientFingerprint;
    it->second.maxStreams = maxStreams;
    it->second.plain = plain;
    m_cv.notify_all();
    return {};
}

bool StreamRegistry::awaitSession(const proto::SessionToken& token, std::chrono::milliseconds timeout)
{
    std::unique_lock lock(m_mutex);
    auto ended = [&] { return std::find(m_ended.begin(), m_ended.end(), token) != m_ended.end(); };
    m_cv.wait_for(lock, timeout, [&] { return m_slots.count(token) > 0 || ended(); });
    return m_slots.count(token) > 0;
}

bool StreamRegistry::isPlain(const proto::SessionToken& token) const
{
    std::lock_guard lock(m_mutex);
    auto it = m_slots.find(token);
    return it != m_slots.end() && it->second.plain;
}

Status StreamRegistry::check(const proto::SessionToken& token, const std::string& clientFingerprint,
                             uint16_t stream) const
{
    std::lock_guard lock(m_mutex);
    return checkLocked(token, clientFingerprint, stream);
}

Status StreamRegistry::checkLocked(const proto::SessionToken& token, const std::string& clientFingerprint,
                                   uint16_t stream) const
{
    auto it = m_slots.find(token);
    if (it == m_slots.end()) return Error(Errc::Protocol, "no running session has that token");
    if (it->second.client != clientFingerprint)
        return Error(Errc::AuthFailed, "a data connection must come from the session's own client");
    if (stream >= it->second.maxStreams) return Error(Errc::Protocol, "stream number out of range");
    if (it->second.seen & (1u << stream)) return Error(Errc::Protocol, "stream number already taken");
    return {};
}

Status StreamRegistry::attach(const proto::SessionToken& token, const std::string& clientFingerprint, uint16_t stream,
                              proto::FrameLinkPtr link)
{
    std::function<void(proto::FrameLinkPtr)> late;
    {
        std::lock_guard lock(m_mutex);
        FG_TRY(checkLocked(token, clientFingerprint, stream));
        Slot& slot = m_slots.at(token);
        slot.seen |= 1u << stream;
        if (!slot.lateJoin) {
            slot.joined[stream] = std::move(link);
            m_cv.notify_all();
            return {};
        }
        late = slot.lateJoin;
    }
    late(std::move(link));
    return {};
}

std::vector<proto::FrameLinkPtr> StreamRegistry::collect(const proto::SessionToken& token, uint32_t wanted,
                                                        std::chrono::milliseconds timeout,
                                                        std::function<void(proto::FrameLinkPtr)> onLateJoin)
{
    std::unique_lock lock(m_mutex);
    auto ready = [&] {
        auto it = m_slots.find(token);
        if (it == m_slots.end()) return true;
        for (uint16_t n = 0; n < 32; ++n)
            if ((wanted & (1u << n)) && !it->second.joined.count(n)) return false;
        return true;
    };
    m_cv.wait_for(lock, timeout, ready);
    std::vector<proto::FrameLinkPtr> out;
    auto it = m_slots.find(token);
    if (it == m_slots.end()) return out;
    for (auto& [n, link] : it->second.joined)
        if (wanted & (1u << n)) out.push_back(std::move(link));
    // Joined but not wanted (the client gave up on them): dropped.
    it->second.joined.clear();
    it->second.lateJoin = std::move(onLateJoin);
    return out;
}

void StreamRegistry::close(const proto::SessionToken& token)
{
    std::map<uint16_t, proto::FrameLinkPtr> orphans;
    {
        std::lock_guard lock(m_mutex);
        auto it = m_slots.find(token);
        if (it == m_slots.end()) return;
        orphans = std::move(it->second.joined);
        m_slots.erase(it);
        m_ended.push_back(token);
        if (m_ended.size() > kEndedRemembered) m_ended.pop_front();
    }
    m_cv.notify_all();
}

void StreamRegistry::setStopper(const proto::SessionToken& token, std::function<void()> stop)
{
    bool stopNow = false;
    {
        std::lock_guard lock(m_mutex);
        auto it = m_slots.find(token);
        if (it == m_slots.end()) return;
        stopNow = it->second.superseded && stop;
        it->second.stop = stopNow ? nullptr : stop;
    }
    if (stopNow) stop();
}

bool StreamRegistry::supersede(const proto::SessionToken& token, const std::string& clientFingerprint,
                               std::chrono::milliseconds timeout)
{
    std::function<void()> stop;
    {
        std::lock_guard lock(m_mutex);
        auto it = m_slots.find(token);
        // Another client's token is not this client's to end.
        if (it == m_slots.end() || it->second.client != clientFingerprint) return true;
        it->second.superseded = true;
        stop = std::move(it->second.stop);
        it->second.stop = nullptr;
    }
    if (stop) stop(); // outside the lock: it closes the session's connections
    std::unique_lock lock(m_mutex);
    return m_cv.wait_for(lock, timeout, [&] { return m_slots.count(token) == 0; });
}

} // namespace fg
