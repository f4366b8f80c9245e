#include "role/role_base.h"

#include "diagnosis/readings.h"

namespace fg {

namespace {
// Often enough for a live view on the other end, rare enough to cost nothing.
constexpr auto kStatsInterval = std::chrono::milliseconds(250);
} // namespace

RoleBase::RoleBase(proto::FrameLink& link, RoleObserver& observer, StageSet& stages)
    : m_link(link), m_observer(observer), m_stages(stages), m_netLimits(platform::readNetLimits())
{
}

RoleBase::~RoleBase() { stopStatsReports(); }

void RoleBase::cancel() { fail(Error(Errc::Cancelled, "cancelled")); }

void RoleBase::fail(Error error, bool tellPeer)
{
    bool first = false;
    {
        std::lock_guard lock(m_errorMutex);
        if (!m_error) {
            m_error = error;
            first = true;
        }
    }
    if (!first) return;
    bool told = tellPeer && error.code != Errc::Network && !endExchanged() && tellPeerWhy(m_link, error);
    m_cancelled.store(true);
    abortQueues();
    if (told) m_linger.arm(kFailLinger);
    else m_link.close();
    {
        std::lock_guard lock(m_statsMutex);
        m_statsStop = true;
    }
    m_statsCv.notify_all();
}

Error RoleBase::failEarly(Error error)
{
    fail(error);
    if (m_linger.armed()) {
        while (m_link.receive().ok()) {
        }
        m_linger.peerClosed();
    }
    return error;
}

void RoleBase::sendFailed(const Error& error)
{
    if (cancelled()) return;
    if (error.code != Errc::Network) return fail(error);
    m_linger.arm(kFailLinger);
}

std::optional<Error> RoleBase::firstError() const
{
    std::lock_guard lock(m_errorMutex);
    return m_error;
}

void RoleBase::startStatsReports()
{
    m_statsThread = exec::TaskThread([this] {
        std::unique_lock lock(m_statsMutex);
        while (!m_statsCv.wait_for(lock, kStatsInterval, [&] { return m_statsStop; })) {
            lock.unlock();
            // Straight to the link: stats must not wait behind megabytes of data.
            (void)m_link.send(proto::toFrame(statsReport()));
            onTick();
            lock.lock();
        }
    });
}

proto::StatsMsg RoleBase::statsReport() const
{
    proto::StatsMsg st;
    {
        std::lock_guard lock(m_interruptsMutex);
        st.end = diagnosis::readThisEnd(m_stages.snapshot(false), m_netLimits, &m_interrupts);
    }
    st.connections = sendingConnections();
    return st;
}

void RoleBase::stopStatsReports()
{
    {
        std::lock_guard lock(m_statsMutex);
        m_statsStop = true;
    }
    m_statsCv.notify_all();
    if (m_statsThread.joinable()) m_statsThread.join();
}

void RoleBase::notice(bool isError, const std::string& path, const Error& error)
{
    if (isError && error.code != Errc::Vanished) m_pathErrors.fetch_add(1);
    m_observer.onNotice(isError, path, error);
    proto::NoticeMsg msg;
    msg.level = isError ? proto::NoticeMsg::Level::Error : proto::NoticeMsg::Level::Warning;
    msg.code = error.code;
    msg.path = path;
    msg.message = error.message;
    (void)m_link.send(proto::toFrame(msg));
}

void RoleBase::inform(const std::string& message)
{
    m_observer.onInfo(message);
    proto::NoticeMsg msg;
    msg.level = proto::NoticeMsg::Level::Info;
    msg.code = Errc::Ok;
    msg.message = message;
    (void)m_link.send(proto::toFrame(msg));
}

void RoleBase::relayPeerNotice(const proto::Frame& frame)
{
    auto msg = proto::fromFrame<proto::NoticeMsg>(frame);
    if (!msg.ok()) return fail(msg.error());
    if (msg->level == proto::NoticeMsg::Level::Info)
        return m_observer.onInfo(msg->path.empty() ? msg->message : msg->path + ": " + msg->message);
    const bool isError = msg->level == proto::NoticeMsg::Level::Error;
    if (isError && msg->code != Errc::Vanished) m_pathErrors.fetch_add(1);
    m_observer.onNotice(isError, msg->path, Error(msg->code, msg->message));
}

} // namespace fg
