#pragma once
#include "internal.h"
// Closing a connection right after telling the peer why we stop can reset it
// while the peer is still sending, and a reset throws away the very message we
// sent. So a role that fails keeps reading (and discarding) until the peer hangs
// up, or until a grace period ends, and only then closes.

#include "exec/task_thread.h"
#include "proto/frame.h"
#include "proto/messages.h"

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace fg {

class LingeringClose {
public:
    explicit LingeringClose(proto::FrameLink& link) : m_link(link) {}
    ~LingeringClose() { finish(); }
    LingeringClose(const LingeringClose&) = delete;
    LingeringClose& operator=(const LingeringClose&) = delete;

    // Starts the countdown (once); the link is closed when it ends.
    void arm(std::chrono::milliseconds grace)
    {
        std::lock_guard lock(m_mutex);
        if (m_armed) return;
        m_armed = true;
        m_thread = exec::TaskThread([this, grace] {
            std::unique_lock wait(m_mutex);
            m_cv.wait_for(wait, grace, [&] { return m_peerGone || m_finishing; });
            wait.unlock();
            m_link.close();
        });
    }

    bool armed() const
    {
        std::lock_guard lock(m_mutex);
        return m_armed;
    }

    // The reading thread saw the peer hang up: close now.
    void peerClosed()
    {
        {
            std::lock_guard lock(m_mutex);
            m_peerGone = true;
        }
        m_cv.notify_all();
    }

    // Ends the countdown now (the caller is done with the link) and joins;
    // the link is closed after.
    void finish()
    {
        exec::TaskThread t;
        {
            std::lock_guard lock(m_mutex);
            m_finishing = true;
            t = std::move(m_thread);
        }
        m_cv.notify_all();
        if (t.joinable()) t.join();
    }

private:
    proto::FrameLink& m_link;
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    exec::TaskThread m_thread;
    bool m_armed = false;
    bool m_peerGone = false;
    bool m_finishing = false;
};

// Tells the peer why this end stops: Cancel for a cancel, Error otherwise.
// Best effort; true when the message is on its way.
inline bool tellPeerWhy(proto::FrameLink& link, const Error& error)
{
    Status sent;
    if (error.code == Errc::Cancelled) {
        proto::CancelMsg msg;
        msg.reason = error.message;
        sent = link.sendFinal(proto::toFrame(msg), 1000);
    } else {
        proto::ErrorMsg msg;
        msg.code = error.code;
        msg.message = error.message;
        sent = link.sendFinal(proto::toFrame(msg), 1000);
    }
    return sent.ok() && link.flush().ok();
}

// How long a failed role keeps reading for the peer to hang up before it closes.
inline constexpr std::chrono::milliseconds kFailLinger{3000};

} // namespace fg
