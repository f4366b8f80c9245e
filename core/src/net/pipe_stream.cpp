#include "net/pipe_stream.h"

#include "metrics/stage_track.h"
#include "platform/socket.h"

#include <cerrno>

namespace fg::net {
namespace {
// How often a blocked pipe read or write looks at the shutdown flag: a pipe,
// unlike a socket, cannot be woken from another thread.
constexpr int kShutdownPollMs = 100;
} // namespace

PipeStream::PipeStream(platform::Fd readEnd, platform::Fd writeEnd, std::string description)
    : m_read(std::move(readEnd)), m_write(std::move(writeEnd)), m_description(std::move(description))
{
    m_readFd = m_read.get();
    m_writeFd = m_write.get();
    (void)m_read.setNonBlocking(true);
    (void)m_write.setNonBlocking(true);
}

PipeStream::PipeStream(platform::ChildProcess child, std::string description)
    : m_child(std::move(child)), m_description(std::move(description))
{
    m_read = std::move(m_child->output());
    m_write = std::move(m_child->input());
    m_readFd = m_read.get();
    m_writeFd = m_write.get();
    (void)m_read.setNonBlocking(true);
    (void)m_write.setNonBlocking(true);
}

PipeStream::~PipeStream()
{
    shutdown();
    // Closing the child's stdin lets the far end finish in order; a child that
    // does not go is terminated by ChildProcess's destructor.
    m_write.close();
    m_read.close();
    m_child.reset();
}

// The ssh process encrypts and decrypts; what this end does is the system
// calls, and the waiting.
Result<size_t> PipeStream::read(void* buffer, size_t n)
{
    StageScope busy(StageId::Receive);
    for (;;) {
        if (m_shutdown.load()) return Error(Errc::Cancelled, "stream closed");
        auto r = m_read.read(buffer, n);
        if (r.ok() || r.error().sysErrno != EAGAIN) return r;
        StageScope wait(StageId::Receive, StageState::WaitInput);
        FG_TRY(platform::waitReady(m_readFd, platform::Readiness::Readable, kShutdownPollMs));
    }
}

Status PipeStream::writeAll(const void* data, size_t n)
{
    StageScope busy(StageId::Send);
    const auto* p = static_cast<const char*>(data);
    while (n > 0) {
        if (m_shutdown.load()) return Error(Errc::Cancelled, "stream closed");
        FG_TRY_ASSIGN(size_t w, m_write.writeSome(p, n));
        if (w == 0) {
            StageScope wait(StageId::Send, StageState::WaitOutput);
            FG_TRY(platform::waitReady(m_writeFd, platform::Readiness::Writable, kShutdownPollMs));
            continue;
        }
        p += w;
        n -= w;
    }
    return {};
}

void PipeStream::shutdown()
{
    m_shutdown.store(true);
}

} // namespace fg::net
